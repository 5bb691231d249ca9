import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadContent } from '../content/load-content.js';
import { warning } from '../diagnostics/diagnostic.js';
import { CONFIG_YAML } from '../../test/support/site-fixtures.js';
import { tempRoot } from '../../test/support/temp-root.js';
import { frontChecksKey } from './front-checks.js';
import { loadSite } from './load-site.js';
import { FRONT_CHECKS_FILE, ReadCache } from './read-cache.js';

const root = tempRoot('folio-front-checks-');

function post(title: string, front = ''): string {
  return `---\ntitle: ${title}\ndate: 2024-03-01\ntags: [a]\n${front}---\n\nThe body of ${title}.\n`;
}

/** A site of two posts and a file of static/. */
function site(name: string): string {
  const dir = join(root, name);
  mkdirSync(join(dir, 'content', 'posts'), { recursive: true });
  mkdirSync(join(dir, 'static'), { recursive: true });
  writeFileSync(join(dir, 'folio.config.yaml'), CONFIG_YAML);
  writeFileSync(join(dir, 'content', 'posts', 'first.md'), post('First'));
  writeFileSync(join(dir, 'content', 'posts', 'second.md'), post('Second'));
  writeFileSync(join(dir, 'static', 'robots-extra.txt'), 'hello\n');
  return dir;
}

async function keyOf(dir: string): Promise<string | undefined> {
  return frontChecksKey(await loadContent(dir, { keepBodies: false }));
}

/** Loads `dir` as a build does, keeping what it read; answers the codes of its problems. */
async function build(dir: string): Promise<string[]> {
  const cache = new ReadCache(dir, 'reader');
  const startedAt = Date.now();
  const { diagnostics, reusable } = await loadSite(dir, { checkBodies: false, readCache: cache });
  cache.write(reusable.folder, startedAt);
  return diagnostics.map(({ code }) => code);
}

describe('the key of what the checks across the site read', () => {
  it('is the same for the same site, and changes with each thing those checks read', async () => {
    const dir = site('key');
    const first = join(dir, 'content', 'posts', 'first.md');
    const keys = new Set<string | undefined>([await keyOf(dir)]);
    assert.equal(await keyOf(dir), [...keys][0], 'the same site, the same key');
    const changes: [string, () => void][] = [
      ['a draft', () => writeFileSync(first, post('First', 'draft: true\n'))],
      ['an alias', () => writeFileSync(first, post('First', 'aliases: [/old/first/]\n'))],
      ['a slug', () => writeFileSync(first, post('First', 'slug: premier\n'))],
      [
        'a file that does not parse, by the slug it claims',
        () => writeFileSync(join(dir, 'content', 'posts', 'broken.md'), '---\ntitle: [\n---\n'),
      ],
      [
        'a page',
        () => {
          mkdirSync(join(dir, 'content', 'pages'), { recursive: true });
          writeFileSync(join(dir, 'content', 'pages', 'about.md'), '---\ntitle: About\n---\nMe.\n');
        },
      ],
      ['a file of static/', () => writeFileSync(join(dir, 'static', 'first'), 'in the way\n')],
      [
        'a line of the config moved, which its findings name',
        () =>
          writeFileSync(join(dir, 'folio.config.yaml'), `# The blog's settings.\n${CONFIG_YAML}`),
      ],
      [
        'the config',
        () =>
          writeFileSync(
            join(dir, 'folio.config.yaml'),
            `${CONFIG_YAML}\nredirects:\n  /old/: /posts/first/\n`,
          ),
      ],
    ];
    for (const [what, change] of changes) {
      change();
      const key = await keyOf(dir);
      assert.ok(key !== undefined && !keys.has(key), `${what} left the key as it was`);
      keys.add(key);
    }
  });
});

describe('checks across the site kept by that key', () => {
  it('finds again what they found, and runs again once anything they read changed', async () => {
    const dir = site('again');
    // The test config names an author image and a category no post has: two warnings.
    const standing = ['author-image-missing', 'category-unused'];
    assert.deepEqual(await build(dir), standing);
    assert.deepEqual(await build(dir), standing, 'what they found, shown again');
    writeFileSync(join(dir, 'content', 'posts', 'second.md'), post('Second', 'slug: first\n'));
    const twice = (code: string) => [code, code];
    const clash = [
      ...standing,
      ...twice('post-slug-duplicate'),
      ...twice('post-url-duplicate'),
    ].sort();
    assert.deepEqual((await build(dir)).sort(), clash);
    assert.deepEqual((await build(dir)).sort(), clash);
    rmSync(join(dir, 'content', 'posts', 'second.md'));
    assert.deepEqual(await build(dir), standing);
  });

  it('shows what was kept for the key of what is read, without running them', async () => {
    const dir = site('skipped');
    writeFileSync(join(dir, 'content', 'posts', 'second.md'), post('Second', 'slug: first\n'));
    assert.equal((await build(dir)).length, 6);
    // Findings forged for the key of these very fronts are shown in place of the checks' own:
    // the checks did not run, and only the key keeps the findings true.
    rmSync(join(dir, FRONT_CHECKS_FILE));
    const forged = new ReadCache(dir, 'reader');
    const loaded = await loadContent(dir, { keepBodies: false });
    const key = frontChecksKey(loaded) ?? '';
    forged.keepChecks({ key, diagnostics: [warning('forged', 'a.md', 1, 'forged', 'none')] });
    forged.write(loaded.folder, Date.now());
    assert.deepEqual(await build(dir), ['forged']);
    // What another code kept is not read.
    const other = new ReadCache(dir, 'other reader');
    const { diagnostics } = await loadSite(dir, { checkBodies: false, readCache: other });
    assert.equal(diagnostics.length, 6);
  });
});
