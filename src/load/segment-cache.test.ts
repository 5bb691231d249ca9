import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { describe, it } from 'node:test';
import { tempRoot } from '../../test/support/temp-root.js';
import { type KnownTerms, type SearchDocument, SegmentBuilder } from '../search/search-index.js';
import {
  type BatchToKeep,
  type IndexedPostKey,
  type KeptBatch,
  SEGMENT_CACHE_DIR,
  SegmentCache,
  TERM_LIST_FILE,
} from './segment-cache.js';

const root = tempRoot('folio-segment-cache-');
let sites = 0;

const POSTS: SearchDocument[] = [
  { title: 'Binary search', labels: ['Algorithm', 'notes'], text: 'Halve the range each time.' },
  { title: '알고리즘 노트', labels: ['알고리즘'], text: '이진 탐색은 범위를 반으로 줄인다.' },
];

/** The batch of `posts` as an export keeps it: its segment, terms named, and its snippets. */
function batchOf(posts: readonly SearchDocument[]): BatchToKeep {
  const builder = new SegmentBuilder();
  for (const post of posts) builder.add(post);
  return {
    segment: builder.named(builder.segment()),
    snippets: posts.map(({ text }) => text.slice(0, 10)),
  };
}

/** What a key is made of for `posts`: their bodies known by a hash, here the text itself. */
const keyed = (posts: readonly SearchDocument[]): IndexedPostKey[] =>
  posts.map(({ title, labels, text }) => ({
    title,
    labels,
    math: undefined,
    typographer: false,
    body: text,
  }));

/** The files the cache of `site` holds under its renderer folders. */
function keptFiles(site: string): string[] {
  return readdirSync(join(site, SEGMENT_CACHE_DIR), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.bin'))
    .map((entry) => entry.name);
}

/** A kept batch as it was given to keep, its terms' names read. */
function asKept(kept: KeptBatch | undefined): BatchToKeep | undefined {
  const terms = kept?.names();
  const snippets = kept?.snippets();
  return kept && terms && snippets && { segment: { ...kept.segment, terms }, snippets };
}

/** `terms` as a joiner knows them: by their places, and in their order. */
function known(terms: readonly string[]): KnownTerms {
  const order = terms
    .map((_, id) => id)
    .sort((a, b) => ((terms[a] ?? '') < (terms[b] ?? '') ? -1 : 1));
  return { terms, order: Uint32Array.from(order) };
}

function newSite(): string {
  return join(root, `site-${sites++}`);
}

describe('the cache of search segments', () => {
  it('gives back a kept segment whole, and kept out of Git', () => {
    const site = newSite();
    const cache = new SegmentCache(site, 'renderer');
    const batch = batchOf(POSTS);
    const key = cache.key(keyed(POSTS));
    cache.set(key, batch);
    assert.deepEqual(asKept(new SegmentCache(site, 'renderer').get(key, POSTS.length)), batch);
    assert.match(readFileSync(join(site, SEGMENT_CACHE_DIR, '.gitignore'), 'utf8'), /^\*$/m);
  });

  it('keys a batch by what search reads of its posts, and by the code', () => {
    const cache = new SegmentCache(newSite(), 'renderer');
    const [first, second] = POSTS as [SearchDocument, SearchDocument];
    const keys = [
      cache.key(keyed(POSTS)),
      cache.key(keyed([{ ...first, title: 'Binary Search' }, second])),
      cache.key(keyed([{ ...first, labels: ['Algorithm'] }, second])),
      cache.key(keyed([{ ...first, labels: ['Algorithmnotes'] }, second])),
      cache.key(keyed([{ ...first, labels: ['Algorithm', 'note', 's'] }, second])),
      cache.key(keyed([{ ...first, text: `${first.text} ` }, second])),
      cache.key([{ ...keyed([first])[0], math: true } as IndexedPostKey, ...keyed([second])]),
      cache.key([
        { ...keyed([first])[0], typographer: true } as IndexedPostKey,
        ...keyed([second]),
      ]),
      cache.key(keyed([second, first])),
      cache.key(keyed([first])),
      new SegmentCache(newSite(), 'other renderer').key(keyed(POSTS)),
    ];
    assert.equal(new Set(keys).size, keys.length);
    assert.equal(new SegmentCache(newSite(), 'renderer').key(keyed(POSTS)), keys[0]);
  });

  it('misses a segment of another number of posts, a damaged one, and one never kept', () => {
    const site = newSite();
    const cache = new SegmentCache(site, 'renderer');
    const key = cache.key(keyed(POSTS));
    assert.equal(cache.get(key, POSTS.length), undefined);
    cache.set(key, batchOf(POSTS));
    assert.equal(cache.get(key, POSTS.length + 1), undefined);

    const [file] = readdirSync(join(site, SEGMENT_CACHE_DIR), { recursive: true })
      .map(String)
      .filter((name) => name.endsWith('.bin'));
    const path = join(site, SEGMENT_CACHE_DIR, file ?? '');
    const bytes = readFileSync(path);
    // Names cut short: the batch is read, its names are not, and it is indexed anew.
    writeFileSync(path, bytes.subarray(0, bytes.length - 3));
    assert.ok(cache.get(key, POSTS.length));
    assert.equal(cache.get(key, POSTS.length)?.names(), undefined);
    // Snippets damaged: likewise, and the names are still read.
    const damaged = Buffer.from(bytes);
    damaged.fill(0xee, 8 + bytes.readUInt32LE(0), 8 + bytes.readUInt32LE(0) + 4);
    writeFileSync(path, damaged);
    assert.equal(cache.get(key, POSTS.length)?.snippets(), undefined);
    assert.ok(cache.get(key, POSTS.length)?.names());
    // Kept anew since it was read (by another build of the site): what it read is not mixed with
    // the new file's names and snippets.
    cache.set(key, batchOf(POSTS));
    const read = cache.get(key, POSTS.length);
    cache.set(key, batchOf(POSTS));
    assert.equal(read?.names(), undefined);
    assert.equal(read?.snippets(), undefined);
    assert.ok(cache.get(key, POSTS.length)?.names());
    writeFileSync(path, bytes.subarray(0, bytes.length >> 1));
    assert.equal(cache.get(key, POSTS.length), undefined);
    writeFileSync(path, 'not a segment');
    assert.equal(cache.get(key, POSTS.length), undefined);
  });

  it('keeps only the segments a build used, and none of other code', () => {
    const site = newSite();
    const cache = new SegmentCache(site, 'renderer');
    const [first, second] = POSTS as [SearchDocument, SearchDocument];
    const used = cache.key(keyed([first]));
    const stale = cache.key(keyed([second]));
    cache.set(used, batchOf([first]));
    cache.set(stale, batchOf([second]));
    const older = new SegmentCache(site, 'an older renderer');
    older.set(older.key(keyed([first])), batchOf([first]));
    assert.equal(keptFiles(site).length, 3);

    cache.keepOnly(new Set([used]));
    assert.deepEqual(keptFiles(site), [`${used}.bin`]);
    assert.ok(cache.get(used, 1));
    cache.keepOnly(new Set());
    assert.deepEqual(keptFiles(site), []);
  });

  it('keeps the terms a joiner numbered, grown from the list before, and each batch by them', () => {
    const site = newSite();
    const cache = new SegmentCache(site, 'renderer');
    const key = cache.key(keyed(POSTS));
    const stamp = cache.set(key, batchOf(POSTS)) ?? '';
    const terms = batchOf(POSTS).segment.terms;
    const ids = Uint32Array.from(terms, (_, i) => i);
    cache.keepNumbers(undefined, known(terms), terms.length, new Map([[key, { stamp, ids }]]));
    const list = new SegmentCache(site, 'renderer').termList();
    assert.deepEqual(list?.terms, terms);
    assert.deepEqual(list?.order, known(terms).order);
    assert.deepEqual(list?.lineage, [{ id: list?.id, size: terms.length }]);
    assert.deepEqual(cache.get(key, POSTS.length)?.numbered, { list: list?.id, ids });

    // A build that added terms keeps a longer list that names the one it grew from; one that
    // added none keeps the list as it was.
    cache.keepNumbers(list, known([...terms, 'new']), terms.length + 1, new Map());
    const grown = cache.termList();
    assert.deepEqual(
      grown?.lineage.map(({ id }) => id),
      [list?.id, grown?.id],
    );
    assert.deepEqual(grown?.terms, [...terms, 'new']);
    cache.keepNumbers(grown, known(grown?.terms ?? []), terms.length, new Map());
    assert.equal(cache.termList()?.id, grown?.id);

    // Kept with the batches the build used; started anew when most of its terms are gone.
    cache.keepOnly(new Set([key]));
    assert.ok(cache.termList() && cache.get(key, POSTS.length)?.numbered);
    cache.keepNumbers(grown, known(grown?.terms ?? []), 2, new Map());
    assert.equal(cache.termList(), undefined);
  });

  it('takes numbers only for the very file they number, and no list out of its order', () => {
    const site = newSite();
    const cache = new SegmentCache(site, 'renderer');
    const key = cache.key(keyed(POSTS));
    const stamp = cache.set(key, batchOf(POSTS)) ?? '';
    const { terms } = batchOf(POSTS).segment;
    const ids = Uint32Array.from(terms, (_, i) => i);
    cache.keepNumbers(undefined, known(terms), terms.length, new Map([[key, { stamp, ids }]]));
    assert.ok(cache.get(key, POSTS.length)?.numbered);
    // The same batch kept again, by another build or thread, may list its terms otherwise.
    cache.set(key, batchOf(POSTS));
    assert.equal(cache.get(key, POSTS.length)?.numbered, undefined);

    // A list whose order was damaged is no list: a term would be found twice.
    const [dir] = readdirSync(join(site, SEGMENT_CACHE_DIR)).filter(
      (name) => name !== '.gitignore',
    );
    const path = join(site, SEGMENT_CACHE_DIR, dir ?? '', TERM_LIST_FILE);
    const whole = readFileSync(path);
    const kept = deserialize(whole) as { order: Uint32Array };
    const order = Uint32Array.from(kept.order);
    [order[0], order[1]] = [order[1] ?? 0, order[0] ?? 0];
    writeFileSync(path, serialize({ ...kept, order }));
    assert.equal(cache.termList(), undefined);
    writeFileSync(path, whole);
    assert.ok(cache.termList());
  });

  it('saves no work, and fails nothing, where the site folder cannot be written', () => {
    const site = newSite();
    mkdirSync(site, { recursive: true });
    // A file where the cache's folder would be.
    writeFileSync(join(site, '.folio'), '');
    const cache = new SegmentCache(site, 'renderer');
    const key = cache.key(keyed(POSTS));
    cache.set(key, batchOf(POSTS));
    assert.equal(cache.get(key, POSTS.length), undefined);
    cache.keepOnly(new Set());
    assert.ok(existsSync(join(site, '.folio')));
  });
});
