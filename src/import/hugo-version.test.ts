import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { hugoPathReading, hugoVersionOf } from './hugo-version.js';

const root = mkdtempSync(join(tmpdir(), 'folio-hugo-version-'));
after(() => rmSync(root, { recursive: true, force: true }));

let blogs = 0;
function blog(files: Record<string, string>): string {
  const dir = join(root, String(blogs++));
  mkdirSync(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const found = (files: Record<string, string>, config = {}, configFile = 'config.toml') =>
  hugoVersionOf(blog(files), config, configFile, ['even']);

describe('the Hugo a blog is built with', () => {
  it("is the version its deploy pins: a workflow's hugo-version, Netlify's HUGO_VERSION", () => {
    assert.deepEqual(
      found({
        '.github/workflows/deploy.yml':
          "jobs:\n  d:\n    steps:\n      - uses: peaceiris/actions-hugo@v2\n        with:\n          hugo-version: '0.92.2'\n",
      }),
      { version: '0.92.2', file: '.github/workflows/deploy.yml', line: 6, exact: true },
    );
    assert.deepEqual(
      found({
        'netlify.toml':
          '[build]\ncommand = "hugo"\n\n[build.environment]\nHUGO_VERSION = "0.88.1"\n',
      }),
      { version: '0.88.1', file: 'netlify.toml', line: 5, exact: true },
    );
    assert.equal(
      found({ '.github/workflows/gh-pages.yml': 'env:\n  HUGO_VERSION: 0.128.0\n' })?.version,
      '0.128.0',
    );
    assert.equal(
      found({ '.gitlab-ci.yml': 'image: registry.gitlab.com/pages/hugo/hugo_extended:0.85.0\n' })
        ?.version,
      '0.85.0',
    );
    assert.equal(
      found({ '.tool-versions': 'nodejs 20.1.0\nhugo extended_0.121.1\n' })?.version,
      '0.121.1',
    );
    assert.equal(
      found({ 'package.json': '{"devDependencies": {"hugo-extended": "^0.101.0"}}' })?.version,
      '0.101.0',
    );
    assert.equal(
      found({ '.github/workflows/hugo.yml': "with:\n  hugo-version: 'latest'\n" })?.version,
      'latest',
    );
  });

  it('is at least the version its config or theme asks for, or 0.110 for a config named hugo.toml', () => {
    const least = found({}, { Module: { hugoVersion: { min: '0.112.0' } } });
    assert.deepEqual(least && { ...least, line: 1 }, {
      version: '0.112.0',
      file: 'config.toml',
      line: 1,
      exact: false,
    });
    assert.deepEqual(
      found({ 'themes/even/theme.toml': 'name = "Even"\nmin_version = "0.79.0"\n' }),
      {
        version: '0.79.0',
        file: 'themes/even/theme.toml',
        line: 2,
        exact: false,
      },
    );
    assert.equal(found({}, {}, 'hugo.toml')?.version, '0.110');
    const highest = found(
      { 'themes/even/theme.toml': 'min_version = "0.79.0"\n' },
      {},
      'hugo.toml',
    );
    assert.equal(highest?.version, '0.110');
    assert.equal(found({ 'netlify.toml': '[build]\ncommand = "npm run build"\n' }), undefined);
  });

  it('makes paths by the rules of its version, those since 0.93 where none is named', () => {
    const rules = (version: string | undefined) =>
      hugoPathReading(
        version === undefined ? undefined : { version, file: 'x', line: 1, exact: true },
      ).rules;
    assert.equal(rules('0.92.2'), 'before-0.93');
    assert.equal(rules('0.54'), 'before-0.93');
    assert.equal(rules('0.93.0'), 'since-0.93');
    assert.equal(rules('0.145.0'), 'since-0.93');
    assert.equal(rules('latest'), 'since-0.93');
    assert.equal(rules(undefined), 'since-0.93');
    const atLeast = hugoPathReading({ version: '0.79.0', file: 'x', line: 1, exact: false });
    assert.deepEqual(atLeast, { rules: 'since-0.93', found: undefined });
  });
});
