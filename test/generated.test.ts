// Files generated from the config schema and from highlight.js are committed: they must match
// what those give now.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  referenceText,
  REFERENCE_FILE,
  SCHEMA_FILE,
  schemaText,
} from '../scripts/generate-schema.js';
import { LANGUAGES_FILE, languagesText } from '../scripts/generate-code-languages.js';
import { REPO_ROOT } from './support/serve-fixture.js';

describe('files generated from the config schema', () => {
  it('ships a JSON Schema that matches the schema the loader validates with', async () => {
    const committed = await readFile(join(REPO_ROOT, SCHEMA_FILE), 'utf8');
    assert.equal(committed, schemaText(), 'run npm run schema');
    const schema = JSON.parse(committed) as { properties: Record<string, unknown> };
    assert.ok('pageSize' in schema.properties && 'excerptLength' in schema.properties);
  });

  it('documents every key in docs/configuration.md', async () => {
    const committed = await readFile(join(REPO_ROOT, REFERENCE_FILE), 'utf8');
    assert.equal(committed, await referenceText(), 'run npm run schema');
  });
});

describe('the table of code languages', () => {
  it('names every grammar and alias of the highlight.js installed', async () => {
    const committed = await readFile(join(REPO_ROOT, LANGUAGES_FILE), 'utf8');
    assert.equal(committed, await languagesText(), 'run npm run languages');
  });
});
