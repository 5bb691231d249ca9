import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { describe, it } from 'node:test';
import { makePost } from '../../test/support/site-fixtures.js';
import { tempRoot } from '../../test/support/temp-root.js';
import {
  countBodyEntries,
  forgeBodyEntries,
  tearBodyEntries,
} from '../../test/support/body-packs.js';
import {
  BODY_CACHE_DIR,
  BodyCache,
  compactBodyCache,
  forgetOtherRenderers,
  rendererFolder,
  rendererFingerprint,
} from './body-cache.js';
import { BodyStore } from './body-store.js';

const BODY = '\nFirst words of the body.\n\n![Dog](/images/dog.png)\n\n[Home](/about/)\n';
const root = tempRoot('folio-body-cache-');

// The caches of the stores made so far, each closed as a build closes its own when done: what
// they gathered is then on disk.
const openCaches: BodyCache[] = [];
const closeCaches = (): void => openCaches.splice(0).forEach((cache) => cache.close());

/** Puts `html` (and `minutes`) in place of what every entry of `site` holds: what a hit shows. */
function forgeEntries(site: string, html: string, minutes?: number): void {
  closeCaches();
  forgeBodyEntries(site, (entry) => ({ ...entry, html, ...(minutes && { minutes }) }));
}

/** How many entries the builds so far left in the body cache of `site`. */
function entriesLeft(site: string): number {
  closeCaches();
  return countBodyEntries(site);
}

function store(site: string, options: { width?: number; fingerprint?: string } = {}) {
  const settings = {
    excerptLength: 12,
    imageSize: () => ({ width: options.width ?? 640, height: 480 }),
  };
  const cache = new BodyCache(site, options.fingerprint ?? 'renderer');
  openCaches.push(cache);
  return new BodyStore(settings, { reread: false, cache });
}

describe('the cache of rendered bodies', () => {
  it('gives a body rendered before with the same settings, parts and all, without rendering it', () => {
    const site = join(root, 'same');
    const post = makePost('kept', { bodyLine: 5 });
    const first = store(site);
    first.keep(post, BODY);
    assert.match(first.html(post), /width="640"/);
    assert.equal(entriesLeft(site), 1);
    // Kept out of Git, whatever the site's own .gitignore says.
    assert.match(readFileSync(join(site, BODY_CACHE_DIR, '.gitignore'), 'utf8'), /^\*$/m);
    forgeEntries(site, '<p>from the cache</p>');

    const again = store(site);
    again.keep(post, BODY);
    assert.equal(again.html(post), '<p>from the cache</p>');
    assert.deepEqual(again.references(post), first.references(post));
    assert.equal(again.excerpt(post), first.excerpt(post));
    assert.equal(again.searchText(post), first.searchText(post));
  });

  it("gives a post page's minutes to read from the entry, with its HTML, counting nothing", () => {
    const site = join(root, 'minutes');
    const post = makePost('kept');
    const first = store(site);
    first.keep(post, BODY);
    const page = { excerpts: [], html: [post], minutes: [post] };
    assert.equal(first.parts(page).readingMinutes?.get(post), 1);
    forgeEntries(site, '<p>from the cache</p>', 42);
    const again = store(site);
    again.keep(post, BODY);
    const parts = again.parts(page);
    assert.equal(parts.html.get(post), '<p>from the cache</p>');
    assert.equal(parts.readingMinutes?.get(post), 42);
  });

  it('renders anew a body whose text, page, settings or renderer changed, or an image of it', () => {
    const site = join(root, 'changed');
    const post = makePost('kept', { bodyLine: 5 });
    const warm = store(site);
    warm.keep(post, BODY);
    warm.html(post);
    forgeEntries(site, '<p>from the cache</p>');
    const cases = [
      { name: 'text', post, body: `${BODY}More.\n`, options: {} },
      { name: 'line', post: makePost('kept', { bodyLine: 6 }), body: BODY, options: {} },
      { name: 'page', post: makePost('moved'), body: BODY, options: {} },
      { name: 'table of contents', post: { ...post, toc: true }, body: BODY, options: {} },
      { name: 'image', post, body: BODY, options: { width: 320 } },
      { name: 'renderer', post, body: BODY, options: { fingerprint: 'other' } },
    ];
    for (const { name, post: shown, body, options } of cases) {
      const bodies = store(site, options);
      bodies.keep(shown, body);
      assert.doesNotMatch(bodies.html(shown), /from the cache/, name);
    }
  });

  it('takes an entry it cannot read for a miss', () => {
    const site = join(root, 'torn');
    const post = makePost('kept');
    const warm = store(site);
    warm.keep(post, BODY);
    const html = warm.html(post);
    closeCaches();
    tearBodyEntries(site);
    const again = store(site);
    again.keep(post, BODY);
    assert.equal(again.html(post), html);
  });

  it('keeps the entries of the code that renders now, and no other', () => {
    const site = join(root, 'renderers');
    const post = makePost('kept');
    for (const fingerprint of ['old-renderer-aaaaaaaa', 'new-renderer-bbbbbbbb']) {
      const bodies = store(site, { fingerprint });
      bodies.keep(post, BODY);
      bodies.html(post);
    }
    assert.equal(entriesLeft(site), 2);
    forgetOtherRenderers(site, 'new-renderer-bbbbbbbb');
    assert.equal(entriesLeft(site), 1);
    forgeEntries(site, '<p>from the cache</p>');
    const bodies = store(site, { fingerprint: 'new-renderer-bbbbbbbb' });
    bodies.keep(post, BODY);
    assert.equal(bodies.html(post), '<p>from the cache</p>');
  });

  it('keeps the entries of many bodies in one pack, and finds each, from another cache too', () => {
    const site = join(root, 'packed');
    const posts = Array.from({ length: 50 }, (_, i) => makePost(`post-${i}`));
    const writing = store(site);
    for (const [i, post] of posts.entries()) writing.keep(post, `${BODY}Post ${i}.\n`);
    for (const post of posts) writing.html(post);
    assert.equal(entriesLeft(site), 50);
    const folder = join(site, BODY_CACHE_DIR, rendererFolder('renderer'));
    assert.deepEqual(
      readdirSync(folder).map((name) => extname(name)),
      ['.index', '.pack'],
      'one pack and its index, not a file for each body',
    );
    forgeEntries(site, '<p>from the cache</p>');
    const reading = store(site);
    for (const [i, post] of posts.entries()) reading.keep(post, `${BODY}Post ${i}.\n`);
    for (const post of posts) assert.equal(reading.html(post), '<p>from the cache</p>');
  });

  it('reads the entries a stopped build noted whole, and no half-noted one', () => {
    const site = join(root, 'stopped');
    const [kept, torn] = [makePost('kept'), makePost('torn')];
    const writing = store(site);
    for (const post of [kept, torn]) writing.keep(post, BODY);
    writing.html(kept);
    writing.html(torn);
    forgeEntries(site, '<p>from the cache</p>');
    const folder = join(site, BODY_CACHE_DIR, rendererFolder('renderer'));
    const index = readdirSync(folder).find((name) => name.endsWith('.index')) ?? '';
    // Stopped as it noted the second entry: its line lacks its end.
    const text = readFileSync(join(folder, index), 'utf8');
    writeFileSync(join(folder, index), text.slice(0, -3));
    const reading = store(site);
    for (const post of [kept, torn]) reading.keep(post, BODY);
    assert.equal(reading.html(kept), '<p>from the cache</p>');
    assert.doesNotMatch(reading.html(torn), /from the cache/);
  });

  it("merges the small packs of many builds into one, once they are many, and leaves a running build's", () => {
    const site = join(root, 'merged');
    const folder = join(site, BODY_CACHE_DIR, rendererFolder('renderer'));
    const posts = Array.from({ length: 12 }, (_, i) => makePost(`edit-${i}`));
    for (const post of posts) {
      const build = new BodyCache(site, 'renderer');
      const bodies = new BodyStore(
        { excerptLength: 12, imageSize: () => ({ width: 640, height: 480 }) },
        { reread: false, cache: build },
      );
      bodies.keep(post, BODY);
      bodies.html(post);
      build.close();
    }
    // Each as a build would leave it whose process is gone, but for the last, still running.
    const names = readdirSync(folder).filter((name) => name.endsWith('.pack'));
    const stopped = spawnSync(process.execPath, ['-e', '']).pid;
    names.forEach((name, i) => {
      const writer = i === names.length - 1 ? `${process.pid}-9-running` : `${stopped}-0-${i}`;
      for (const ext of ['.pack', '.index']) {
        renameSync(join(folder, name.replace('.pack', ext)), join(folder, `${writer}${ext}`));
      }
    });
    compactBodyCache(site, 'renderer');
    assert.deepEqual(
      readdirSync(folder)
        .filter((name) => name.endsWith('.pack'))
        .map((name) => name.split('-')[0])
        .sort(),
      [String(process.pid), 'merged'].sort(),
    );
    assert.equal(entriesLeft(site), 12);
    forgeEntries(site, '<p>from the cache</p>');
    const reading = store(site);
    for (const post of posts) reading.keep(post, BODY);
    for (const post of posts) assert.equal(reading.html(post), '<p>from the cache</p>');
  });

  it('gives back an entry it has not written yet, and writes what it gathered as it closes', () => {
    const site = join(root, 'gathered');
    const body = {
      html: '<p>Say "hi" to <code>a\nb</code></p>\n',
      features: [],
      excerpt: 'Say "hi"',
      references: [],
      mistakes: [],
      searchText: 'Say "hi" to a b — 한국어',
      minutes: 1,
      images: [],
    };
    // And a body longer than all the cache gathers before it writes, written alone.
    const long = { ...body, html: `<p>${'Long é. '.repeat(200_000)}</p>` };
    const writing = new BodyCache(site, 'renderer');
    const [key, longKey] = [writing.key('text', []), writing.key('long text', [])];
    writing.set(key, body);
    writing.set(longKey, long);
    assert.deepEqual(writing.get(key), body);
    assert.deepEqual(writing.get(longKey), long);
    writing.close();
    const reading = new BodyCache(site, 'renderer');
    assert.deepEqual(reading.get(key), body);
    assert.deepEqual(reading.get(longKey), long);
  });

  it("names the code that renders: the same for the same version, another for another's", () => {
    assert.equal(rendererFingerprint('1.0.0'), rendererFingerprint('1.0.0'));
    assert.notEqual(rendererFingerprint('1.0.0'), rendererFingerprint('1.1.0'));
  });
});
