import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { tempRoot } from '../../test/support/temp-root.js';
import { BODY_CACHE_DIR } from './body-cache.js';
import { type BodyFacts, BodyFactsCache, factsKey } from './body-facts.js';
import { STALE_ENTRIES_KEPT } from './site-cache.js';

const root = tempRoot('folio-body-facts-');
let sites = 0;

function newSite(): string {
  const site = join(root, `site-${sites++}`);
  mkdirSync(site, { recursive: true });
  return site;
}

const SETTINGS = {
  path: '/posts/a/',
  math: true,
  typographer: false,
  equationNumbers: 'ams',
  toc: false,
  locale: 'en',
  excerptLength: 200,
};

const facts = (excerpt: string): BodyFacts => ({
  references: [{ kind: 'link', target: '/posts/b/', line: 4 }],
  mistakes: [],
  excerpt,
  minutes: 2,
});

/** The file the cache of `site` keeps, once written. */
function factsFile(site: string): string {
  const [name] = readdirSync(join(site, BODY_CACHE_DIR), { recursive: true, encoding: 'utf8' })
    .filter((entry) => entry.endsWith('facts.bin'))
    .map((entry) => join(site, BODY_CACHE_DIR, entry));
  assert.ok(name, 'a file of facts was written');
  return name;
}

describe('the facts kept of bodies', () => {
  it('gives back what a build found, under the key of the text and settings', () => {
    const site = newSite();
    const cache = new BodyFactsCache(site, 'renderer-1');
    const key = factsKey('hash-of-a', SETTINGS);
    cache.keepUsed([{ held: 0, kept: [], found: [[key, facts('<p>A</p>')]] }]);
    assert.deepEqual(new BodyFactsCache(site, 'renderer-1').read().get(key), facts('<p>A</p>'));
    // Another renderer's code knows nothing of them.
    assert.equal(new BodyFactsCache(site, 'renderer-2').read().size, 0);
  });

  it('keys every setting that reading a body depends on', () => {
    const base = factsKey('hash', SETTINGS);
    assert.notEqual(factsKey('other hash', SETTINGS), base);
    assert.notEqual(factsKey('hash', { ...SETTINGS, path: '/posts/b/' }), base);
    assert.notEqual(factsKey('hash', { ...SETTINGS, math: false }), base);
    assert.notEqual(factsKey('hash', { ...SETTINGS, typographer: true }), base);
    assert.notEqual(factsKey('hash', { ...SETTINGS, equationNumbers: 'all' }), base);
    assert.notEqual(factsKey('hash', { ...SETTINGS, toc: true }), base);
    assert.notEqual(factsKey('hash', { ...SETTINGS, locale: 'ko' }), base);
    assert.notEqual(factsKey('hash', { ...SETTINGS, excerptLength: 100 }), base);
  });

  it('keeps only the facts the last build used, and writes nothing when nothing changed', () => {
    const site = newSite();
    const cache = new BodyFactsCache(site, 'renderer');
    const [a, b] = [factsKey('a', SETTINGS), factsKey('b', SETTINGS)];
    cache.keepUsed([
      { held: 0, kept: [], found: [[a, facts('A')]] },
      { held: 0, kept: [], found: [[b, facts('B')]] },
    ]);
    const file = factsFile(site);
    const written = statSync(file).mtimeMs;
    cache.keepUsed([
      { held: 2, kept: [a], found: [] },
      { held: 2, kept: [b], found: [] },
    ]);
    assert.equal(statSync(file).mtimeMs, written, 'the same facts are not written again');

    // One fact behind: the next build finds it again, rather than have the file written again.
    cache.keepUsed([{ held: 2, kept: [b], found: [] }]);
    assert.equal(statSync(file).mtimeMs, written, 'a file behind on one fact is not written again');

    const many = Array.from({ length: STALE_ENTRIES_KEPT }, (_, i) =>
      factsKey(`new ${i}`, SETTINGS),
    );
    cache.keepUsed([{ held: 2, kept: [b], found: many.map((key) => [key, facts(key)] as const) }]);
    assert.deepEqual([...cache.read().keys()].sort(), [b, ...many].sort());
  });

  it('reads a damaged file as no facts', () => {
    const site = newSite();
    const cache = new BodyFactsCache(site, 'renderer');
    cache.keepUsed([{ held: 0, kept: [], found: [[factsKey('a', SETTINGS), facts('A')]] }]);
    writeFileSync(factsFile(site), 'not what the cache writes');
    assert.equal(cache.read().size, 0);
  });
});
