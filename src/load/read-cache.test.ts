import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CONFIG_YAML } from '../../test/support/site-fixtures.js';
import { tempRoot } from '../../test/support/temp-root.js';
import { loadSite } from './load-site.js';
import { READ_CACHE_FILE, ReadCache, SETTLED_MS } from './read-cache.js';
import { STALE_ENTRIES_KEPT } from './site-cache.js';

const root = tempRoot('folio-read-cache-');
// Long before any load of these tests: the stamps of files last changed then are trusted.
const LONG_AGO = new Date('2024-01-01T00:00:00Z');

function post(title: string, tags = '[a]'): string {
  return `---\ntitle: ${title}\ndate: 2024-03-01\ntags: ${tags}\n---\n\nThe body of ${title}.\n`;
}

/** Writes `text` to `file`, last changed `when`. */
function write(file: string, text: string, when: Date = LONG_AGO): void {
  writeFileSync(file, text);
  utimesSync(file, when, when);
}

/** A site of two posts, last changed long ago. */
function site(name: string): { dir: string; first: string; second: string } {
  const dir = join(root, name);
  mkdirSync(join(dir, 'content', 'posts'), { recursive: true });
  writeFileSync(join(dir, 'folio.config.yaml'), CONFIG_YAML);
  const first = join(dir, 'content', 'posts', 'first.md');
  const second = join(dir, 'content', 'posts', 'second.md');
  write(first, post('First'));
  write(second, post('Second'));
  return { dir, first, second };
}

/** The titles a build of `dir` would show, loaded as an export thread loads, with the cache. */
async function titles(dir: string, fingerprint = 'reader'): Promise<string[]> {
  const cache = new ReadCache(dir, fingerprint);
  const startedAt = Date.now();
  const { content, reusable } = await loadSite(dir, { checkBodies: false, readCache: cache });
  cache.write(reusable.folder, startedAt);
  return (content?.posts ?? []).map((loaded) => loaded.title).sort();
}

/**
 * Puts `text` in `file` at its size, stamp and all — the file's size, time and inode as they
 * were — which only a cache that trusts the stamp fails to see.
 */
function forgeKeepingStamp(file: string, text: string): void {
  const before = statSync(file);
  assert.equal(Buffer.byteLength(text), before.size, 'the forged text must keep the size');
  writeFileSync(file, text);
  utimesSync(file, before.atime, before.mtime);
  assert.equal(statSync(file).mtimeMs, before.mtimeMs);
}

describe('the cache of what reading each post file gave', () => {
  it('gives the next load every file whose stamp is unchanged, without reading it', async () => {
    const { dir, first } = site('reuse');
    assert.deepEqual(await titles(dir), ['First', 'Second']);
    assert.ok(statSync(join(dir, READ_CACHE_FILE)).size > 0);
    assert.match(readFileSync(join(dir, '.folio', 'cache', '.gitignore'), 'utf8'), /^\*$/m);
    forgeKeepingStamp(first, post('Forge'));
    // What the cache holds, not what the file now says: the file was not read.
    assert.deepEqual(await titles(dir), ['First', 'Second']);
  });

  it('reads again a file whose size or time changed', async () => {
    const { dir, first, second } = site('changed');
    await titles(dir);
    write(first, post('First, edited'));
    write(second, post('Second'), new Date('2024-02-01T00:00:00Z'));
    forgeKeepingStamp(second, post('Sekond'));
    assert.deepEqual(await titles(dir), ['First, edited', 'Sekond']);
  });

  it('never keeps a file changed just before the load, whose stamp may not tell a later change', async () => {
    const { dir, first } = site('settling');
    write(first, post('Fresh'), new Date(Date.now() - SETTLED_MS / 2));
    assert.deepEqual(await titles(dir), ['Fresh', 'Second']);
    // Written again within the same tick of the file's clock, at the same size: the same stamp.
    forgeKeepingStamp(first, post('Frash'));
    assert.deepEqual(await titles(dir), ['Frash', 'Second']);
  });

  it("is not read by other code, nor after the site's settings change", async () => {
    const { dir, first } = site('other-code');
    await titles(dir, 'reader');
    forgeKeepingStamp(first, post('Forge'));
    assert.deepEqual(await titles(dir, 'another reader'), ['Forge', 'Second']);

    const moved = site('settings');
    await titles(moved.dir);
    forgeKeepingStamp(moved.first, post('Forge'));
    const config = CONFIG_YAML.replace('excerptLength: 200', 'excerptLength: 100');
    writeFileSync(join(moved.dir, 'folio.config.yaml'), config);
    assert.deepEqual(await titles(moved.dir), ['Forge', 'Second']);
  });

  it('is no cache when its file is damaged, and is written anew', async () => {
    const { dir, first } = site('damaged');
    await titles(dir);
    writeFileSync(join(dir, READ_CACHE_FILE), 'not what a build wrote');
    forgeKeepingStamp(first, post('Forge'));
    assert.deepEqual(await titles(dir), ['Forge', 'Second']);
    assert.notEqual(readFileSync(join(dir, READ_CACHE_FILE), 'utf8'), 'not what a build wrote');
  });

  it('is not written again for a few edited files, which each build reads anew, but for many', async () => {
    const { dir, first } = site('few-edits');
    await titles(dir);
    const kept = readFileSync(join(dir, READ_CACHE_FILE));
    write(first, post('First, edited'));
    assert.deepEqual(await titles(dir), ['First, edited', 'Second']);
    write(first, post('First, edited twice'), new Date('2024-02-01T00:00:00Z'));
    assert.deepEqual(await titles(dir), ['First, edited twice', 'Second']);
    assert.deepEqual(readFileSync(join(dir, READ_CACHE_FILE)), kept);

    const many = Array.from({ length: STALE_ENTRIES_KEPT }, (_, i) => `added-${i}`);
    for (const name of many) write(join(dir, 'content', 'posts', `${name}.md`), post(name));
    assert.equal((await titles(dir)).length, many.length + 2);
    assert.notDeepEqual(readFileSync(join(dir, READ_CACHE_FILE)), kept);
    // What is kept now is what the last build read: a file forged at its stamp is not read.
    forgeKeepingStamp(first, post('First, edited twicE'));
    assert.ok((await titles(dir)).includes('First, edited twice'));
  });

  it('is taken from memory by a later build of the same process while its file is unchanged', async () => {
    const { dir } = site('in-memory');
    await titles(dir);
    const kept = new ReadCache(dir, 'reader').read();
    assert.ok(kept);
    assert.equal(new ReadCache(dir, 'reader').read()?.results, kept.results);
    // Another process writes the file anew, here with the same bytes: it is read again.
    const file = join(dir, READ_CACHE_FILE);
    writeFileSync(`${file}.other`, readFileSync(file));
    renameSync(`${file}.other`, file);
    const again = new ReadCache(dir, 'reader').read();
    assert.ok(again);
    assert.notEqual(again.results, kept.results);
    assert.deepEqual(again.results, kept.results);
  });
});
