import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { makePost } from '../../test/support/site-fixtures.js';
import { tempRoot } from '../../test/support/temp-root.js';
import {
  BODY_CACHE_DIR,
  BodyCache,
  forgetOtherRenderers,
  rendererFingerprint,
} from './body-cache.js';
import { BodyStore } from './body-store.js';

const BODY = '\nFirst words of the body.\n\n![Dog](/images/dog.png)\n\n[Home](/about/)\n';
const root = tempRoot('folio-body-cache-');

/** Every entry the cache of `site` holds, by file. */
function entries(site: string): string[] {
  return readdirSync(join(site, BODY_CACHE_DIR), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Puts `html` (and `minutes`) in place of what every entry of `site` holds: what a hit shows. */
function forgeEntries(site: string, html: string, minutes?: number): void {
  for (const file of entries(site)) {
    const entry = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...entry, html, ...(minutes && { minutes }) }));
  }
}

function store(site: string, options: { width?: number; fingerprint?: string } = {}) {
  const settings = {
    excerptLength: 12,
    imageSize: () => ({ width: options.width ?? 640, height: 480 }),
  };
  const cache = new BodyCache(site, options.fingerprint ?? 'renderer');
  return new BodyStore(settings, { reread: false, cache });
}

describe('the cache of rendered bodies', () => {
  it('gives a body rendered before with the same settings, parts and all, without rendering it', () => {
    const site = join(root, 'same');
    const post = makePost('kept', { bodyLine: 5 });
    const first = store(site);
    first.keep(post, BODY);
    assert.match(first.html(post), /width="640"/);
    assert.equal(entries(site).length, 1);
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
    for (const file of entries(site)) writeFileSync(file, '{"html": "<p>half');
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
    assert.equal(entries(site).length, 2);
    forgetOtherRenderers(site, 'new-renderer-bbbbbbbb');
    assert.equal(entries(site).length, 1);
    forgeEntries(site, '<p>from the cache</p>');
    const bodies = store(site, { fingerprint: 'new-renderer-bbbbbbbb' });
    bodies.keep(post, BODY);
    assert.equal(bodies.html(post), '<p>from the cache</p>');
  });

  it("names the code that renders: the same for the same version, another for another's", () => {
    assert.equal(rendererFingerprint('1.0.0'), rendererFingerprint('1.0.0'));
    assert.notEqual(rendererFingerprint('1.0.0'), rendererFingerprint('1.1.0'));
  });
});
