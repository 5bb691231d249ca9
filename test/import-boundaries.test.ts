// The lint rules that keep the pipeline in order and the pure core off the disk
// (eslint.config.js, docs/architecture.md): each fires where it should, and the tree keeps them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { REPO_ROOT } from './support/serve-fixture.js';

// Only the import rules are asked about, so type information is not needed: `npm run lint`
// runs the type-checked rules on the real files.
const eslint = new ESLint({
  cwd: REPO_ROOT,
  overrideConfig: [{ files: ['**/*.ts'], ...tseslint.configs.disableTypeChecked }],
});
const BOUNDARY_RULES = new Set([
  '@typescript-eslint/no-restricted-imports',
  'no-restricted-globals',
  'no-restricted-syntax',
]);

/** The boundary rules' messages for `code` as if it were the file at `filePath`. */
async function boundaryMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${REPO_ROOT}${filePath}` });
  assert.ok(result);
  return result.messages
    .filter((message) => message.ruleId !== null && BOUNDARY_RULES.has(message.ruleId))
    .map((message) => message.message);
}

async function assertRefused(filePath: string, code: string, reason: RegExp): Promise<void> {
  const messages = await boundaryMessages(filePath, code);
  assert.ok(
    messages.some((message) => reason.test(message)),
    `${filePath} should be refused ${String(reason)}:\n${code}\ngot: ${messages.join('\n')}`,
  );
}

async function assertAllowed(filePath: string, code: string): Promise<void> {
  assert.deepEqual(await boundaryMessages(filePath, code), [], `${filePath}:\n${code}`);
}

const readsDisk = /Only the reader files read the disk/;
const throughReader = /not even through a reader file/;

describe('the import boundaries', () => {
  it('refuse node modules to views, by either name, and to every file that is not a reader', async () => {
    await assertRefused(
      'src/views/snippet.ts',
      "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
      readsDisk,
    );
    await assertRefused(
      'src/views/snippet.ts',
      "import { readFile } from 'fs/promises';\nexport const read = readFile;\n",
      readsDisk,
    );
    for (const file of [
      'src/site/snippet.ts',
      'src/content/snippet.ts',
      'src/config/snippet.ts',
      'src/memo/snippet.ts',
      'src/time/snippet.ts',
      'src/content/load-content.ts',
      'src/a-folder-no-stage-names/snippet.ts',
    ]) {
      await assertRefused(
        file,
        "import { request } from 'node:http';\nexport const ask = request;\n",
        readsDisk,
      );
    }
  });

  it('let the reader files, delivery and the CLI import node modules', async () => {
    const code = "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n";
    for (const file of [
      'src/config/load-config.ts',
      'src/content/read-sources.ts',
      'src/text/read-text-file.ts',
      'src/load/load-site.ts',
      'src/delivery/snippet.ts',
      'src/cli/snippet.ts',
    ]) {
      await assertAllowed(file, code);
    }
  });

  it('refuse a reader file to views and to every pure file, but not its types', async () => {
    await assertRefused(
      'src/views/snippet.ts',
      "import { listPostFiles } from '../content/read-sources.js';\nexport const list = listPostFiles;\n",
      throughReader,
    );
    await assertRefused(
      'src/content/markdown/snippet.ts',
      "import { readTextFile } from '../../text/read-text-file.js';\nexport const read = readTextFile;\n",
      throughReader,
    );
    await assertRefused(
      'src/content/snippet.ts',
      "import { loadContent } from './load-content.js';\nexport const load = loadContent;\n",
      throughReader,
    );
    await assertAllowed(
      'src/content/snippet.ts',
      "import type { PostFile } from './read-sources.js';\nexport type File = PostFile;\n",
    );
    await assertAllowed(
      'src/content/load-content.ts',
      "import { listPostFiles } from './read-sources.js';\nexport const list = listPostFiles;\n",
    );
  });

  it('refuse process, fetch and imports at run time to pure files', async () => {
    await assertRefused('src/views/snippet.ts', 'export const here = process.cwd();\n', readsDisk);
    await assertRefused('src/site/snippet.ts', "export const page = fetch('/');\n", readsDisk);
    await assertRefused(
      'src/views/snippet.ts',
      "export const fs = (): Promise<unknown> => import('node:fs');\n",
      /imports its modules statically/,
    );
  });

  it('keep the stage order: nothing imports a later stage', async () => {
    const imports: [file: string, imported: string, allowed: boolean][] = [
      ['src/site/snippet.ts', '../load/load-site.js', false],
      ['src/content/snippet.ts', '../views/html.js', false],
      ['src/content/snippet.ts', '../site/routes.js', false],
      ['src/config/snippet.ts', '../content/slugify.js', false],
      ['src/site/snippet.ts', '../views/html.js', false],
      ['src/views/snippet.ts', '../delivery/app.js', false],
      ['src/views/snippet.ts', '../cli/main.js', false],
      ['src/load/snippet.ts', '../views/html.js', false],
      ['src/delivery/snippet.ts', '../cli/main.js', false],
      ['src/memo/snippet.ts', '../content/slugify.js', false],
      ['src/time/snippet.ts', '../config/schema.js', false],
      ['src/diagnostics/snippet.ts', '../site/routes.js', false],
      ['src/views/snippet.ts', '../site/routes.js', true],
      ['src/views/snippet.ts', '../content/slugify.js', true],
      ['src/site/snippet.ts', '../content/slugify.js', true],
      ['src/content/snippet.ts', '../config/schema.js', true],
      ['src/content/snippet.ts', '../time/zone-offset.js', true],
      ['src/load/snippet.ts', '../site/check-collisions.js', true],
      ['src/cli/snippet.ts', '../delivery/app.js', true],
    ];
    for (const [file, imported, allowed] of imports) {
      const code = `import * as other from '${imported}';\nexport const used = other;\n`;
      if (allowed) await assertAllowed(file, code);
      else await assertRefused(file, code, /import is restricted/);
    }
  });

  it('hold in the tree as it is', async () => {
    const results = await eslint.lintFiles(['src']);
    const broken = results.flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId !== null && BOUNDARY_RULES.has(message.ruleId))
        .map((message) => `${result.filePath}:${message.line}: ${message.message}`),
    );
    assert.deepEqual(broken, []);
    assert.ok(results.length > 100, `only ${results.length} files linted`);
  });
});
