import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { search } from './query.js';
import {
  buildSearchIndex,
  FIELDS,
  IndexBuilder,
  type IndexData,
  numberedSegment,
  PostingReader,
  type NamedSegment,
  SegmentBuilder,
  type SearchDocument,
  segmentWith,
} from './search-index.js';
import { joinedSegment, LastIndex, SiteIndexer } from './site-indexer.js';
import { textTerms } from './tokenize.js';
import {
  type DocumentEntry,
  ENTRIES_PER_FILE,
  entryFile,
  entryFilePosts,
  entryPlace,
  type CutPage,
  LastCut,
  ShardedIndex,
  shardIndex,
} from './shards.js';

// Words of every kind the tokenizer reads alike or apart: English with inflections, identifiers,
// Korean with particles, Chinese and Japanese runs, accented Latin.
const WORDS = [
  'sort',
  'sorting',
  'sorted',
  'merge',
  'merging',
  'heap',
  'heaps',
  'queue',
  'parseHTTPRequest',
  'read_header_block',
  'JsonSerializer',
  'DataContractJsonSerializer',
  '알고리즘',
  '알고리즘을',
  '알고리즘은',
  '동적',
  '계획법',
  '동적계획법',
  '分布式系统',
  '负载均衡',
  'テストを書く',
  'パスワード',
  // Runs that are not their own normal form, or hold surrogates: half-width kana, compatibility
  // ideographs, a kana and its voicing mark apart, a ligature of kana, Han beyond the BMP.
  'ﾊﾟｽﾜｰﾄﾞ',
  '\uF900更新',
  'か\u3099き',
  'ゟ々',
  '𠮷野家',
  '設定なし',
  'café',
  'naïve',
  'the',
  'a',
];

const word = fc.constantFrom(...WORDS);
const text = fc.array(word, { maxLength: 30 }).map((words) => words.join(' '));
const documents = fc.array(
  fc.record({ title: text, labels: fc.array(word, { maxLength: 3 }), text }),
  { minLength: 1, maxLength: 25 },
);
// How many bytes of postings a page may hold itself: none, some pages' and not others', or all.
const inlineBytes = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 200 }), fc.constant(1e9));
// Posts enough for an index joined from one segment a post to be cut in several steps.
const manyDocuments = fc.array(
  fc.record({ title: text, labels: fc.array(word, { maxLength: 3 }), text }),
  { minLength: 40, maxLength: 80 },
);
// A query: words of the texts, some cut short or with a letter changed, as a reader types.
const query = fc
  .array(
    fc.tuple(word, fc.constantFrom('whole', 'prefix', 'typo')).map(([w, kind]) => {
      if (kind === 'prefix') return w.slice(0, Math.max(1, w.length - 2));
      if (kind === 'typo' && w.length >= 5) return `${w.slice(0, 2)}x${w.slice(3)}`;
      return w;
    }),
    { minLength: 1, maxLength: 4 },
  )
  .map((words) => words.join(' '));

// Texts whose words are apart by anything a post holds between words, not only spaces.
// Nothing at all, too: runs of Chinese or Japanese then run into the next word, whatever it is.
const separator = fc.constantFrom(
  ' ',
  ', ',
  ' — ',
  '\n\n',
  '’s ',
  '. ',
  '(',
  ') ',
  '「',
  '」',
  '',
  '、',
  '。',
  '，',
);
const looseText = fc
  .array(fc.tuple(word, separator), { maxLength: 40 })
  .map((pairs) => pairs.map(([w, s]) => w + s).join(''));

/**
 * Asserts that the index of `docs`, built `segmentPosts` posts to a segment, holds each term of
 * each field at the places the tokenizer alone finds it, and each field's length.
 */
function assertIndexedAsTokenized(docs: readonly SearchDocument[], segmentPosts: number): void {
  const builder = new IndexBuilder(segmentPosts);
  for (const doc of docs) builder.add(doc);
  const index = builder.finish();
  // What each field should give: every place of every term, read by the tokenizer alone.
  const expected = new Map<string, string[]>();
  const lengths: number[] = [];
  docs.forEach((doc, number) => {
    [doc.title, doc.labels.join('\n'), doc.text].forEach((field, f) => {
      const places = new Map<string, number[]>();
      let length = 0;
      for (const { term, position } of textTerms(field)) {
        places.set(term, [...(places.get(term) ?? []), position]);
        length = Math.max(length, position + 1);
      }
      lengths.push(length);
      for (const [term, at] of places) {
        const sorted = [...at].sort((a, b) => a - b);
        const entry = `${number} ${f} ${sorted.length} ${sorted[0]} ${sorted[1] ?? -1}`;
        expected.set(term, [...(expected.get(term) ?? []), entry]);
      }
    });
  });
  const found = new Map<string, string[]>();
  index.terms.forEach((term, i) => {
    const entries: string[] = [];
    const reader = new PostingReader().reset(
      index.postingBytes.subarray(index.postingStarts[i], index.postingStarts[i + 1]),
    );
    while (reader.next()) {
      const { document, field, count, first, second } = reader;
      entries.push(`${document} ${field} ${count} ${first} ${second}`);
    }
    found.set(term, entries);
  });
  assert.deepEqual(found, expected);
  assert.deepEqual([...index.lengths], lengths);
  assert.equal(index.lengths.length, docs.length * FIELDS.length);
}

// An edit: new words for a post, its words in another order (the same terms, counts and sizes,
// other places), a post added at the end (as a new post comes), or one removed, which numbers
// every later post anew.
const edit = fc.oneof(
  fc.record({ kind: fc.constant('text' as const), at: fc.nat(), text }),
  fc.record({ kind: fc.constant('reorder' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('add' as const), text }),
  fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }),
);

type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;

/** `site` with `change` made. */
function edited(site: SearchDocument[], change: Edit): SearchDocument[] {
  const at = 'at' in change ? change.at % site.length : 0;
  const post = site[at] ?? { title: '', labels: [], text: '' };
  if (change.kind === 'add') return [...site, { title: 'new', labels: [], text: change.text }];
  if (change.kind === 'remove') return site.length > 1 ? site.toSpliced(at, 1) : site;
  const words = change.kind === 'text' ? change.text : post.text.split(' ').reverse().join(' ');
  return site.with(at, { ...post, text: words });
}

/** 300 posts of 40 words each, of 600 words that count up, as years and versions do. */
function countingUpPosts(): SearchDocument[] {
  const vocabulary = Array.from({ length: 600 }, (_, i) => `word${i.toString(36)}`);
  return Array.from({ length: 300 }, (_, i) => ({
    title: `post ${vocabulary[i] ?? ''}`,
    labels: [],
    text: Array.from({ length: 40 }, (_, k) => vocabulary[(i * 7 + k * 13) % 600]).join(' '),
  }));
}

// A post of words from a vocabulary of hundreds, of one to nine letters: its edits add terms to
// the index and take them away, which moves where the pages of its dictionary begin and end.
const letterWord = fc.integer({ min: 0, max: 400 }).map((n) => {
  let word = '';
  for (let i = 0, rest = n; i <= n % 9; i++, rest = Math.floor(rest / 17) + i + 3) {
    word += String.fromCharCode(0x6a + (rest % 17));
  }
  return word;
});
const changingPost = fc.record({
  title: fc.array(letterWord, { maxLength: 4 }).map((words) => words.join(' ')),
  labels: fc.constant([]),
  text: fc.array(letterWord, { maxLength: 12 }).map((words) => words.join(' ')),
});

/** The terms whose postings or counts differ between `a` and `b`, or that one of them alone holds. */
function changedBetween(a: IndexData, b: IndexData): Set<string> {
  const postingsOf = (data: IndexData, at: number): string =>
    `${data.documentFrequency[at]}:${data.postingBytes.subarray(data.postingStarts[at], data.postingStarts[at + 1]).join()}`;
  const before = new Map(a.terms.map((term, at) => [term, postingsOf(a, at)]));
  const changed = new Set<string>();
  b.terms.forEach((term, at) => {
    if (before.get(term) !== postingsOf(b, at)) changed.add(term);
    before.delete(term);
  });
  for (const term of before.keys()) changed.add(term);
  return changed;
}

describe('an index built post by post', () => {
  it('holds each term where the tokenizer finds it, for words met before as for new ones, in any segments', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            title: looseText,
            labels: fc.array(word, { maxLength: 3 }),
            text: looseText,
          }),
          {
            minLength: 1,
            maxLength: 12,
          },
        ),
        fc.integer({ min: 1, max: 5 }),
        assertIndexedAsTokenized,
      ),
      { numRuns: 300 },
    );
  });

  it('holds each term where the tokenizer finds it when the words it knows outgrow their table amid a post', () => {
    // Hundreds of ASCII words, short and long, each met several times: the builder's table of
    // known words grows while it reads a field, some words counted before it grew and after.
    const asciiWord = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,24}$/);
    const vocabulary = fc.uniqueArray(asciiWord, { minLength: 300, maxLength: 900 });
    fc.assert(
      fc.property(
        vocabulary,
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (words, segmentPosts, seed) => {
          let next = seed;
          const pick = (): string => {
            next = (Math.imul(next, 1103515245) + 12345) >>> 0;
            return words[next % words.length] ?? '';
          };
          const field = (count: number): string =>
            Array.from({ length: count }, pick).join(next % 3 === 0 ? ', ' : ' ');
          const docs = Array.from({ length: 4 }, () => ({
            title: field(3),
            labels: [pick()],
            text: field(words.length),
          }));
          assertIndexedAsTokenized(docs, segmentPosts);
        },
      ),
      // A failing case of hundreds of words would take minutes to shrink: it is told as found.
      { numRuns: 20, endOnFailure: true },
    );
  });
});

describe('an index joined from batches of posts', () => {
  const entryOf = (number: number): DocumentEntry => [
    `post ${number}`,
    `/posts/${number}/`,
    '2025-01-01',
    'Jan 1, 2025',
    null,
    null,
    `text of ${number}`,
  ];
  const batchOf = (builder: SegmentBuilder, docs: readonly SearchDocument[], first: number) => {
    for (const doc of docs) builder.add(doc);
    return {
      first,
      segment: builder.segment(),
      entries: docs.map((_, i) => entryOf(first + i)),
    };
  };

  // A builder of an earlier build, whose segments a later build's builders take up by name.
  const keptBatchOf = (
    earlier: SegmentBuilder,
    builder: SegmentBuilder,
    docs: readonly SearchDocument[],
    first: number,
  ) => {
    for (const doc of docs) earlier.add(doc);
    const kept = earlier.named(earlier.segment());
    return {
      first,
      segment: builder.takeUp(kept),
      entries: docs.map((_, i) => entryOf(first + i)),
    };
  };

  it("is the index of all the posts in the site's order, its entries filed as they fill", () => {
    fc.assert(
      fc.property(
        documents,
        fc.array(fc.tuple(fc.nat(), fc.nat(2), fc.boolean()), { maxLength: 30 }),
        fc.integer({ min: 1, max: 7 }),
        (docs, draws, batchSize) => {
          // Runs of posts, each indexed by one of three builders — or kept from an earlier build
          // and taken up by one — and finished in a shuffled order, as an export's threads index
          // the batches they render.
          const builders = [new SegmentBuilder(), new SegmentBuilder(), new SegmentBuilder()];
          const earlier = new SegmentBuilder();
          const batches = [];
          for (let from = 0, i = 0; from < docs.length; from += batchSize, i++) {
            const [key, owner, kept] = draws[i] ?? [i, 0, false];
            const builder = builders[owner] as SegmentBuilder;
            const posts = docs.slice(from, from + batchSize);
            batches.push({
              key,
              owner,
              batch: kept
                ? keptBatchOf(earlier, builder, posts, from)
                : batchOf(builder, posts, from),
            });
          }
          batches.sort((a, b) => a.key - b.key);
          const indexer = new SiteIndexer(docs.length);
          const written = new Map<string, string | Uint8Array | null>();
          for (const { batch, owner } of batches) {
            for (const file of indexer.add(batch, owner)) written.set(file.path, file.content);
          }
          const { data, entries } = indexer.finish();

          const whole = buildSearchIndex(docs);
          assert.deepEqual(data.terms, whole.terms);
          assert.deepEqual([...data.documentFrequency], [...whole.documentFrequency]);
          assert.deepEqual([...data.postingStarts], [...whole.postingStarts]);
          assert.deepEqual([...data.postingBytes], [...whole.postingBytes]);
          assert.deepEqual([...data.lengths], [...whole.lengths]);
          assert.deepEqual(data.averageLengths, whole.averageLengths);

          const all = docs.map((_, number) => entryOf(number));
          const expected = [];
          for (let file = 0; file * ENTRIES_PER_FILE < all.length; file++) {
            const { from, to } = entryFilePosts(file, all.length);
            expected.push(entryFile(all.slice(from, to), file));
          }
          assert.deepEqual(
            entries,
            expected.map(({ path }) => path),
          );
          assert.deepEqual(
            [...written].sort(),
            expected.map(({ path, content }) => [path, content]).sort(),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('cut a step at a time, with pauses between, gives the files of the index cut at once', () => {
    fc.assert(
      fc.property(manyDocuments, (docs) => {
        // One post a batch: some tens of segments, more than the joiner copies between pauses.
        const indexerOf = () => {
          const builder = new SegmentBuilder();
          const indexer = new SiteIndexer(docs.length);
          docs.forEach((doc, i) => indexer.add(batchOf(builder, [doc], i)));
          return indexer;
        };
        const steps = indexerOf().finishingFiles();
        let pauses = 0;
        let step = steps.next();
        for (; !step.done; step = steps.next()) pauses++;
        assert.deepEqual(step.value, indexerOf().finishFiles());
        assert.ok(pauses > 0, `${docs.length} segments cut in one step`);
      }),
      { numRuns: 50 },
    );
  });

  it('mended from the last join, at each of a run of edits, is the index joined anew', () => {
    fc.assert(
      fc.property(
        documents,
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.array(edit, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 40, max: 400 }),
        inlineBytes,
        (docs, batchSize, versions, dictionaryBytes, inline) => {
          // Files small enough for a site of a few posts to have pages and runs of postings.
          const sizes = { dictionaryBytes, postingBytes: 30, inlineBytes: inline };
          // Every batch under a key of its posts' words, made by one of two builders in turn.
          const indexerOf = (site: readonly SearchDocument[], last?: LastIndex) => {
            const indexer = new SiteIndexer(site.length, undefined, new Map(), last);
            const builders = [new SegmentBuilder(), new SegmentBuilder()];
            for (let from = 0, n = 0; from < site.length; from += batchSize, n++) {
              const posts = site.slice(from, from + batchSize);
              const batch = batchOf(builders[n % 2] as SegmentBuilder, posts, from);
              indexer.add({ ...batch, key: JSON.stringify(posts) }, n % 2);
            }
            return indexer;
          };
          const last = new LastIndex();
          let site: SearchDocument[] = docs;
          indexerOf(site, last).finishFiles(sizes);
          for (const changes of versions) {
            for (const change of changes) site = edited(site, change);
            const mended = indexerOf(site, last).finishFiles(sizes);
            assert.deepEqual(mended, indexerOf(site).finishFiles(sizes));
            const { data } = last.join ?? {};
            const whole = buildSearchIndex(site);
            assert.deepEqual(data?.terms, whole.terms);
            assert.deepEqual([...(data?.postingBytes ?? [])], [...whole.postingBytes]);
            assert.deepEqual([...(data?.lengths ?? [])], [...whole.lengths]);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('takes the batches its last index holds without their segments, and refuses one it does not', () => {
    const posts = (words: string) =>
      Array.from({ length: 3 }, (_, i) => ({ title: `${words} ${i}`, labels: [], text: words }));
    const site = [...posts('sort merge'), ...posts('알고리즘 heap'), ...posts('分布式系统')];
    const keyOf = (from: number) => JSON.stringify(site.slice(from, from + 3));
    const last = new LastIndex();
    const first = new SiteIndexer(site.length, undefined, new Map(), last);
    const builder = new SegmentBuilder();
    for (const from of [0, 3, 6]) {
      first.add({ ...batchOf(builder, site.slice(from, from + 3), from), key: keyOf(from) });
    }
    first.finishFiles();

    // The middle batch edited; the others come as the last index holds them.
    const edited = site.with(4, { title: 'queue', labels: [], text: 'queue 동적' });
    const later = new SiteIndexer(site.length, undefined, new Map(), last);
    const held = (from: number) => ({
      first: from,
      segment: joinedSegment(3),
      entries: [0, 1, 2].map((i) => entryOf(from + i)),
      key: keyOf(from),
      joined: true,
    });
    later.add(held(0));
    later.add({ ...batchOf(new SegmentBuilder(), edited.slice(3, 6), 3), key: 'edited' });
    later.add(held(6));
    const { data } = later.finish();
    const whole = buildSearchIndex(edited);
    assert.deepEqual(data.terms, whole.terms);
    assert.deepEqual([...data.postingBytes], [...whole.postingBytes]);
    assert.deepEqual([...data.lengths], [...whole.lengths]);

    const stale = new SiteIndexer(site.length, undefined, new Map(), last);
    assert.throws(() => stale.add({ ...held(0), key: 'another' }), /no index holds/);
  });

  it('mends in a batch that comes without a key, and leaves no index to mend after it', () => {
    // A batch's key is missing when a post's body could not be read to hash it.
    const indexerOf = (site: readonly SearchDocument[], last: LastIndex, unkeyed = -1) => {
      const indexer = new SiteIndexer(site.length, undefined, new Map(), last);
      const builder = new SegmentBuilder();
      for (let from = 0; from < site.length; from += 2) {
        const posts = site.slice(from, from + 2);
        const key = from === unkeyed ? undefined : JSON.stringify(posts);
        indexer.add({ ...batchOf(builder, posts, from), key });
      }
      return indexer;
    };
    const site = Array.from({ length: 40 }, (_, i) => ({
      title: `post ${i}`,
      labels: [],
      text: 'heap sort',
    }));
    const last = new LastIndex();
    indexerOf(site, last).finishFiles();
    const edited = site.with(10, { title: 'post 10', labels: [], text: 'heap sort queue' });
    const { data } = indexerOf(edited, last, 10).finish();
    const whole = buildSearchIndex(edited);
    assert.deepEqual(data.terms, whole.terms);
    assert.deepEqual([...data.postingBytes], [...whole.postingBytes]);
    assert.equal(last.join, undefined);
  });

  it("joins kept segments by an earlier build's numbers into the index of the posts", () => {
    fc.assert(
      fc.property(
        documents,
        fc.integer({ min: 1, max: 7 }),
        fc.array(fc.option(documents, { nil: undefined }), { maxLength: 25 }),
        (docs, batchSize, edits) => {
          // An earlier build: every batch kept, named, and numbered by its joiner.
          const runs: SearchDocument[][] = [];
          for (let from = 0; from < docs.length; from += batchSize) {
            runs.push(docs.slice(from, from + batchSize));
          }
          const earlier = new SegmentBuilder();
          const kept = runs.map((posts) => {
            for (const doc of posts) earlier.add(doc);
            return earlier.named(earlier.segment());
          });
          const first = new SiteIndexer(docs.length);
          let from = 0;
          kept.forEach((segment, i) => {
            const builder = new SegmentBuilder();
            const { documentCount } = segment;
            const entries = Array.from({ length: documentCount }, (_, j) => entryOf(from + j));
            const taken = builder.takeUp(segment);
            first.add({ first: from, segment: taken, entries, key: `${i}`, stamp: `kept ${i}` }, i);
            from += documentCount;
          });
          first.finish();

          // A later one: some batches' posts changed (as many posts, other words), indexed anew;
          // the others taken up by the numbers the earlier joiner gave their terms.
          const later = new SiteIndexer(docs.length, first.known);
          const builder = new SegmentBuilder();
          const laterDocs: SearchDocument[] = [];
          from = 0;
          kept.forEach((segment, i) => {
            const { documentCount } = segment;
            const entries = Array.from({ length: documentCount }, (_, j) => entryOf(from + j));
            const edited = edits[i]?.slice(0, documentCount);
            if (edited?.length === documentCount) {
              laterDocs.push(...edited);
              later.add(batchOf(builder, edited, from), 0);
            } else {
              laterDocs.push(...(runs[i] ?? []));
              const ids = first.numbered.get(`${i}`)?.ids ?? new Uint32Array();
              later.add({ first: from, segment: numberedSegment(segment, ids), entries }, 1);
            }
            from += documentCount;
          });
          const { data } = later.finish();
          const whole = buildSearchIndex(laterDocs);
          assert.deepEqual(data.terms, whole.terms);
          assert.deepEqual([...data.documentFrequency], [...whole.documentFrequency]);
          assert.deepEqual([...data.postingStarts], [...whole.postingStarts]);
          assert.deepEqual([...data.postingBytes], [...whole.postingBytes]);
          assert.deepEqual([...data.lengths], [...whole.lengths]);
          // What the next build's joiner will know: every term, the known first, in order.
          const { terms, order } = later.known;
          assert.deepEqual(terms.slice(0, first.known.terms.length), first.known.terms);
          assert.deepEqual(
            [...order].map((id) => terms[id]),
            [...terms].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses a segment numbered by terms its joiner never knew', () => {
    const builder = new SegmentBuilder();
    builder.add({ title: 'heap', labels: [], text: 'sort' });
    const named = builder.named(builder.segment());
    const indexer = new SiteIndexer(1, { terms: ['heap'], order: Uint32Array.of(0) });
    const segment = numberedSegment(
      named,
      Uint32Array.from(named.terms, (_, i) => i),
    );
    assert.throws(
      () => indexer.add({ first: 0, segment, entries: [entryOf(0)] }),
      /which this joiner never knew/,
    );
  });

  it('refuses a batch twice, posts out of the site, and a finish with posts missing', () => {
    const doc = { title: 'heap', labels: [], text: 'sort' };
    const batch = (first: number, docs = [doc]) => batchOf(new SegmentBuilder(), docs, first);
    const indexer = new SiteIndexer(3);
    indexer.add(batch(0), 0);
    indexer.add(batch(2), 2);
    const refused = /are not a batch of the site's yet to index/;
    assert.throws(() => indexer.add(batch(0), 3), refused);
    assert.throws(() => indexer.add(batch(2), 4), refused);
    assert.throws(() => indexer.add(batch(2, [doc, doc]), 5), refused);
    assert.throws(() => indexer.finish(), /posts 1 to 2 never came/);
    indexer.add(batch(1), 1);
    assert.equal(indexer.finish().data.documentCount, 3);
  });

  it('stands a file of entries the last build wrote for posts given none, and no other', () => {
    const doc = { title: 'heap', labels: [], text: 'sort' };
    const posts = 2 * ENTRIES_PER_FILE + 1;
    const docs = Array.from({ length: posts }, () => doc);
    const all = docs.map((_, number) => entryOf(number));
    const kept = new Map([[1, '/assets/search/entries-1.0000abcd.json']]);
    // Files are counted from the oldest post, numbered 0: the newest post alone is the third file.
    // The second file's posts come without entries; the first's and the third's with theirs.
    const entries = all.map((entry, number) => (entryPlace(number).file === 1 ? null : entry));
    const indexer = new SiteIndexer(posts, undefined, kept);
    const filed = indexer.add({ ...batchOf(new SegmentBuilder(), docs, 0), entries });
    const newest = entryFile(all.slice(2 * ENTRIES_PER_FILE), 2);
    const oldest = entryFile(all.slice(0, ENTRIES_PER_FILE), 0);
    assert.deepEqual(filed, [oldest, { path: kept.get(1), content: null }, newest]);
    const finished = indexer.finish();
    assert.deepEqual(finished.entries, [oldest.path, kept.get(1), newest.path]);

    // A file whose posts come some with entries and some without, or none kept for it.
    const mixed = all.map((entry, number) => (number === 1 ? null : entry));
    const refusing = new SiteIndexer(posts, undefined, kept);
    assert.throws(
      () => refusing.add({ ...batchOf(new SegmentBuilder(), docs, 0), entries: mixed }),
      /given some of its posts' entries, not all/,
    );
    const unkept = all.map((entry, number) => (number < ENTRIES_PER_FILE ? null : entry));
    assert.throws(
      () =>
        new SiteIndexer(posts).add({ ...batchOf(new SegmentBuilder(), docs, 0), entries: unkept }),
      /no file of entries 0 was kept/,
    );
  });

  it('changes only the newest file of entries when a new post comes first', () => {
    // What each file holds, by its number, for a site of `count` posts, post `n` named `n` from
    // the oldest: the names a post keeps whatever comes after it.
    const filesOf = (count: number): string[][] => {
      const files: string[][] = [];
      for (let post = 0; post < count; post++) {
        const { file, index } = entryPlace(post);
        (files[file] ??= [])[index] = `post ${post}`;
      }
      return files;
    };
    for (let count = 1; count <= 3 * ENTRIES_PER_FILE + 1; count++) {
      const before = filesOf(count);
      const after = filesOf(count + 1);
      assert.equal(after.length, Math.ceil((count + 1) / ENTRIES_PER_FILE));
      // Full up to its length: no place left empty.
      const full = (file: string[]) => Object.keys(file).length === file.length;
      assert.ok(after.every((file) => file.length <= ENTRIES_PER_FILE && full(file)));
      // Every file but the newest of the site before is as it was.
      assert.deepEqual(after.slice(0, before.length - 1), before.slice(0, -1), `${count} posts`);
    }
  });

  it('makes the segment of a batch with some posts changed as a builder makes it of the whole', () => {
    // Each term's posts, their count and last, and its postings: what a segment says, whatever
    // the order of its terms.
    const byTerm = (segment: NamedSegment) =>
      new Map(
        segment.terms.map((term, i) => [
          term,
          [
            segment.documentFrequency[i],
            segment.lastDocument[i],
            [
              ...segment.postingBytes.subarray(
                segment.postingStarts[i] ?? 0,
                segment.postingStarts[i + 1] ?? 0,
              ),
            ],
          ],
        ]),
      );
    const segmentOf = (docs: readonly SearchDocument[]): NamedSegment => {
      const builder = new SegmentBuilder();
      for (const doc of docs) builder.add(doc);
      return builder.named(builder.segment());
    };
    fc.assert(
      fc.property(
        documents.filter((docs) => docs.length > 0),
        fc.array(fc.tuple(fc.nat(), fc.record({ title: text, labels: fc.array(word), text })), {
          minLength: 1,
          maxLength: 4,
        }),
        (docs, edits) => {
          const changed = new Map(edits.map(([at, doc]) => [at % docs.length, doc]));
          const now = docs.map((doc, i) => changed.get(i) ?? doc);
          const made = segmentWith(segmentOf(docs), changed);
          const whole = segmentOf(now);
          assert.equal(made.documentCount, whole.documentCount);
          assert.deepEqual([...made.lengths], [...whole.lengths]);
          assert.deepEqual(byTerm(made), byTerm(whole));
          assert.equal(made.postingStarts.at(-1), made.postingBytes.length);
        },
      ),
      { numRuns: 300 },
    );
    assert.throws(
      () =>
        segmentWith(
          segmentOf([{ title: 'heap', labels: [], text: '' }]),
          new Map([[1, { title: '', labels: [], text: '' }]]),
        ),
      /has no post 1/,
    );
  });

  it('takes up a kept segment only between segments of its own', () => {
    const earlier = new SegmentBuilder();
    earlier.add({ title: 'heap', labels: [], text: 'sort' });
    const kept = earlier.named(earlier.segment());
    const builder = new SegmentBuilder();
    builder.add({ title: 'trie', labels: [], text: 'search' });
    assert.throws(() => builder.takeUp(kept), /between segments/);
  });

  it("refuses the batches of a builder that made them out of the site's order", () => {
    // Joined in the site's order, the batch it made second comes first, naming its terms by
    // numbers that only the other brings.
    const builder = new SegmentBuilder();
    const second = batchOf(builder, [{ title: 'trie', labels: [], text: 'sort' }], 1);
    const first = batchOf(builder, [{ title: 'heap', labels: [], text: 'sort' }], 0);
    const indexer = new SiteIndexer(2);
    indexer.add(second, 0);
    assert.throws(() => indexer.add(first, 0), /joined out of the order it made them/);
  });
});

describe('a cut index', () => {
  it('ranks every query as the whole index does, reading only the files it fetched', async () => {
    await fc.assert(
      fc.asyncProperty(
        documents,
        fc.array(query, { minLength: 1, maxLength: 5 }),
        inlineBytes,
        async (docs, queries, inline) => {
          const whole = buildSearchIndex(docs);
          const { manifest, files } = shardIndex(whole, {
            dictionaryBytes: 80,
            postingBytes: 24,
            inlineBytes: inline,
          });
          const sharded = new ShardedIndex(manifest);
          const fetched: string[] = [];
          const load = (path: string) => {
            fetched.push(path);
            const file = files.get(path);
            return file === undefined ? Promise.reject(new Error(path)) : Promise.resolve(file);
          };
          for (const q of queries) {
            const expected = search(whole, q, { limit: 10 });
            const found = await sharded.search(q, load, { limit: 10 });
            assert.deepEqual(found.hits, expected.hits, q);
            assert.equal(found.total, expected.total, q);
            assert.deepEqual([...found.terms].sort(), [...expected.terms].sort(), q);
          }
          assert.ok(fetched.length <= files.size);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('fetches, for one word, its page of the dictionary, the postings of its forms and the lengths', async () => {
    const docs = Array.from({ length: 200 }, (_, i) => ({
      title: `post ${i} ${i % 7 === 0 ? 'merge' : 'heap'}`,
      labels: [],
      text: WORDS.join(' '),
    }));
    const { manifest, files } = shardIndex(buildSearchIndex(docs), {
      dictionaryBytes: 100,
      postingBytes: 200,
      inlineBytes: 0,
    });
    const postings = [...files.keys()].filter((path) => path.includes('/postings'));
    assert.ok(manifest.dictionaries.length > 10 && postings.length > 3);
    const fetched: string[] = [];
    const sharded = new ShardedIndex(manifest);
    await sharded.search('merge ', (path) => {
      fetched.push(path);
      return Promise.resolve(files.get(path) ?? '');
    });
    // `merge` is found by its stem `merg` and as written, next to each other in the dictionary.
    assert.ok(fetched.filter((path) => manifest.dictionaries.includes(path)).length <= 2);
    assert.ok(fetched.filter((path) => path.includes('/postings')).length <= 2);
    assert.equal(fetched.filter((path) => path.includes('/lengths.')).length, 1);
  });

  it('keeps the few postings of a page in the page, fetched with it in one round', async () => {
    // Each word in a post or two: the rare terms of which most of a Chinese blog's pages are.
    const docs = Array.from({ length: 200 }, (_, i) => ({
      title: `post${i} ${i % 100 === 0 ? 'merge' : 'heap'}`,
      labels: [],
      text: `word${i} item${i}`,
    }));
    const whole = buildSearchIndex(docs);
    const { manifest, files } = shardIndex(whole, {
      dictionaryBytes: 100,
      postingBytes: 200,
      inlineBytes: 60,
    });
    const postings = [...files.keys()].filter((path) => path.includes('/postings'));
    // Pages of rare terms hold their postings; those of common ones name files of them.
    assert.ok(postings.length > 0 && postings.length * 4 < manifest.dictionaries.length);
    const fetched: string[] = [];
    const sharded = new ShardedIndex(manifest);
    await sharded.prepare((path) => Promise.resolve(files.get(path) ?? ''));
    const found = await sharded.search('merge word7 ', (path) => {
      fetched.push(path);
      return Promise.resolve(files.get(path) ?? '');
    });
    assert.deepEqual(found.hits, search(whole, 'merge word7 ').hits);
    assert.equal(found.total, 3);
    assert.ok(fetched.length > 0);
    assert.deepEqual(
      fetched.filter((path) => !manifest.dictionaries.includes(path)),
      [],
      'a word of few posts fetched more than its page',
    );
  });

  it('writes runs of the same bytes, a word and its stem, as one file', async () => {
    // Each post holds its own word once, at its place: the word as written and its stem (`merge`,
    // `merg`) share posts and places, so their postings are the same bytes.
    const words = ['merging', 'sorting', 'hashing', 'parsing', 'caching', 'running'];
    const docs = words.map((word, i) => ({ title: `${word} ${i}`, labels: [], text: '' }));
    const whole = buildSearchIndex(docs);
    // Runs of one term each.
    const { manifest, files } = shardIndex(whole, {
      dictionaryBytes: 40,
      postingBytes: 1,
      inlineBytes: 0,
    });
    const postings = [...files].filter(([path]) => path.includes('/postings'));
    const distinct = new Set(postings.map(([, bytes]) => Buffer.from(bytes).toString('hex')));
    assert.equal(distinct.size, postings.length);
    assert.ok(postings.length < whole.terms.length, `${postings.length} of ${whole.terms.length}`);
    for (const word of words) {
      const found = await new ShardedIndex(manifest).search(word, (path) =>
        Promise.resolve(files.get(path) ?? ''),
      );
      assert.deepEqual(found.hits, search(whole, word).hits, word);
      assert.equal(found.total, 1, word);
    }
  });

  it('fetches the pages of a first letter only for a word with a typo', async () => {
    const docs = Array.from({ length: 200 }, (_, i) => ({
      title: `post ${i} ${i % 7 === 0 ? 'merge' : 'heap'} mapping${i} m${i}`,
      labels: [],
      text: WORDS.join(' '),
    }));
    const whole = buildSearchIndex(docs);
    const { manifest, files } = shardIndex(whole, { dictionaryBytes: 100, postingBytes: 200 });
    const pagesOfM = manifest.dictionaryStarts.filter((start) => start.startsWith('m')).length;
    assert.ok(pagesOfM > 3);
    const pagesFetched = async (query: string): Promise<number> => {
      const fetched: string[] = [];
      const found = await new ShardedIndex(manifest).search(
        query,
        (path) => {
          fetched.push(path);
          return Promise.resolve(files.get(path) ?? '');
        },
        { limit: 10 },
      );
      assert.deepEqual(found.hits, search(whole, query, { limit: 10 }).hits, query);
      assert.ok(found.total > 0, query);
      return fetched.filter((path) => manifest.dictionaries.includes(path)).length;
    };
    assert.ok((await pagesFetched('merge ')) <= 2);
    assert.ok((await pagesFetched('megre ')) >= pagesOfM);
  });

  it('rewrites only the pages of the dictionary whose terms an edit of one post changed', () => {
    // An edit that adds a word among words that count up: where a page may end must not fall at a
    // fixed step of such words, or every page after it moves.
    const docs = countingUpPosts();
    // Pages far shorter than runs of postings, as those of rare words are.
    const sizes = { dictionaryBytes: 400 };
    const before = shardIndex(buildSearchIndex(docs), sizes).manifest;
    const edited = docs.map((doc, i) =>
      i === 150 ? { ...doc, text: `${doc.text} zebra word10x sorting` } : doc,
    );
    const after = shardIndex(buildSearchIndex(edited), sizes).manifest;
    const kept = new Set(before.dictionaries);
    const rewritten = after.dictionaries.filter((path) => !kept.has(path));
    assert.ok(before.dictionaries.length > 20, `${before.dictionaries.length} pages`);
    assert.ok(rewritten.length <= 5, `${rewritten.length} of ${after.dictionaries.length} pages`);
  });

  it('cut again after edits, taking up the pages the last cut made, gives the files of a cut from nothing', () => {
    fc.assert(
      fc.property(
        manyDocuments,
        fc.array(edit, { minLength: 1, maxLength: 6 }),
        inlineBytes,
        (docs, edits, inline) => {
          const sizes = { dictionaryBytes: 120, postingBytes: 40, inlineBytes: inline };
          const last = new LastCut();
          let site: SearchDocument[] = docs;
          shardIndex(buildSearchIndex(site), sizes, last);
          for (const change of edits) {
            site = edited(site, change);
            const again = shardIndex(buildSearchIndex(site), sizes, last);
            assert.deepEqual(again, shardIndex(buildSearchIndex(site), sizes));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('takes up most pages of the last cut after an edit of one post', () => {
    const docs = countingUpPosts();
    const sizes = { dictionaryBytes: 400 };
    // A cut that counts the pages taken up as the last cut made them, bytes and all.
    let taken = 0;
    class CountedCut extends LastCut {
      readonly #offered = new Map<string, CutPage>();
      override page(term: string): CutPage | undefined {
        const page = super.page(term);
        if (page) this.#offered.set(term, page);
        return page;
      }
      override keep(page: CutPage): void {
        if (this.#offered.get(page.terms[0] ?? '')?.bytes === page.bytes) taken++;
        super.keep(page);
      }
    }
    const last = new CountedCut();
    shardIndex(buildSearchIndex(docs), sizes, last);
    taken = 0;
    // A word added to the title alone: its own page changes, and the file of lengths.
    const edited = docs.with(150, { ...docs[150]!, title: `${docs[150]!.title} zebra` });
    const again = shardIndex(buildSearchIndex(edited), sizes, last);
    assert.deepEqual(again, shardIndex(buildSearchIndex(edited), sizes));
    assert.ok(again.manifest.dictionaries.length > 20);
    const pages = again.manifest.dictionaries.length;
    assert.ok(taken >= pages - 2, `${taken} of ${pages} pages taken up`);
  });

  it('cut again from what changed since the last cut gives the files of a cut from nothing', () => {
    fc.assert(
      fc.property(
        fc.array(changingPost, { minLength: 20, maxLength: 60 }),
        fc.array(fc.tuple(fc.nat(), changingPost, fc.boolean()), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 60, max: 300 }),
        inlineBytes,
        (docs, edits, dictionaryBytes, inline) => {
          const sizes = { dictionaryBytes, postingBytes: 40, inlineBytes: inline };
          const last = new LastCut();
          let site = docs;
          let before = buildSearchIndex(site);
          shardIndex(before, sizes, last);
          for (const [at, post, added] of edits) {
            site = added ? [...site, post] : site.with(at % site.length, post);
            const now = buildSearchIndex(site);
            const change = { from: before, terms: changedBetween(before, now) };
            const again = shardIndex(now, sizes, last, change);
            assert.deepEqual(again, shardIndex(now, sizes));
            before = now;
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('looks only at the pages around the terms that changed', () => {
    const docs = countingUpPosts();
    const sizes = { dictionaryBytes: 400 };
    let looked = 0;
    class CountedCut extends LastCut {
      override page(term: string): CutPage | undefined {
        looked++;
        return super.page(term);
      }
    }
    const last = new CountedCut();
    const before = buildSearchIndex(docs);
    const cut = shardIndex(before, sizes, last);
    assert.ok(cut.manifest.dictionaries.length > 20, `${cut.manifest.dictionaries.length} pages`);
    // A word added to a title, one that comes before every other: the first page changes, and
    // the pages after it are those of the last cut again.
    const edited = docs.with(150, { ...docs[150]!, title: `${docs[150]!.title} aardvark` });
    const now = buildSearchIndex(edited);
    looked = 0;
    const again = shardIndex(now, sizes, last, {
      from: before,
      terms: changedBetween(before, now),
    });
    assert.deepEqual(again, shardIndex(now, sizes));
    assert.ok(looked <= 6, `${looked} pages looked at`);
  });

  it('does not go by a change from an index other than the one last cut, or cut to other sizes', () => {
    const docs = countingUpPosts();
    const sizes = { dictionaryBytes: 400 };
    const last = new LastCut();
    const first = buildSearchIndex(docs);
    shardIndex(first, sizes, last);
    const second = buildSearchIndex(docs.with(3, { title: 'zebra', labels: [], text: 'zebra' }));
    // The words of a post in another order: the same terms and counts, postings of the same sizes.
    const reordered = { ...docs[7]!, text: docs[7]!.text.split(' ').reverse().join(' ') };
    const third = buildSearchIndex(docs.with(7, reordered));
    // Told that nothing changed since `second`, which was never cut: the pages are looked at.
    const again = shardIndex(third, sizes, last, { from: second, terms: new Set() });
    assert.deepEqual(again, shardIndex(third, sizes));
    // Told that nothing changed since `third`, which was last cut, but to larger pages.
    const smaller = { dictionaryBytes: 200 };
    const cutSmaller = shardIndex(third, smaller, last, { from: third, terms: new Set() });
    assert.deepEqual(cutSmaller, shardIndex(third, smaller));
    // Cut again with the pages' postings in files of their own, then in the pages: the same
    // terms, whose pages the last cut holds in the other form.
    const apart = { dictionaryBytes: 200, inlineBytes: 0 };
    assert.deepEqual(shardIndex(third, apart, last), shardIndex(third, apart));
    assert.deepEqual(shardIndex(third, smaller, last), shardIndex(third, smaller));
  });

  it('fetches the pages of the words as they are typed, and the query only its postings', async () => {
    const docs = Array.from({ length: 200 }, (_, i) => ({
      title: `post ${i} ${i % 7 === 0 ? 'merge' : 'heap'}`,
      labels: [],
      text: WORDS.join(' '),
    }));
    const whole = buildSearchIndex(docs);
    const { manifest, files } = shardIndex(whole, {
      dictionaryBytes: 100,
      postingBytes: 200,
      inlineBytes: 0,
    });
    const fetched: string[] = [];
    const load = (path: string): Promise<string | Uint8Array> => {
      fetched.push(path);
      return Promise.resolve(files.get(path) ?? '');
    };
    const isPage = (path: string): boolean => manifest.dictionaries.includes(path);
    const sharded = new ShardedIndex(manifest);
    await Promise.all([sharded.prefetch('m', load), sharded.prefetch('me', load)]);
    await sharded.prefetch('merge h', load);
    const pages = fetched.filter(isPage);
    assert.equal(pages.length, new Set(pages).size, 'a page read twice');
    assert.ok(pages.length >= 1 && pages.length <= 4, `${pages.length} pages`);
    assert.deepEqual(
      fetched.filter((path) => !isPage(path)),
      [],
      'typing fetched more than pages of the dictionary',
    );
    fetched.length = 0;
    const found = await sharded.search('merge heap', load, { limit: 10 });
    assert.deepEqual(found.hits, search(whole, 'merge heap', { limit: 10 }).hits);
    assert.deepEqual(fetched.filter(isPage), [], 'the query fetched a page again');
  });

  it('fetches the lengths ahead of a first query once, and again after a failed fetch', async () => {
    const docs = Array.from({ length: 50 }, (_, i) => ({
      title: `post ${i} ${i % 3 === 0 ? 'merge' : 'heap'}`,
      labels: [],
      text: WORDS.join(' '),
    }));
    const whole = buildSearchIndex(docs);
    const { manifest, files } = shardIndex(whole, { dictionaryBytes: 100, postingBytes: 200 });
    const fetched: string[] = [];
    let failing = true;
    const load = (path: string): Promise<string | Uint8Array> => {
      fetched.push(path);
      if (failing && path === manifest.lengths) return Promise.reject(new Error('offline'));
      return Promise.resolve(files.get(path) ?? '');
    };
    const sharded = new ShardedIndex(manifest);
    await assert.rejects(sharded.prepare(load), /offline/);
    failing = false;
    const found = await sharded.search('merge', load, { limit: 10 });
    assert.deepEqual(found.hits, search(whole, 'merge', { limit: 10 }).hits);
    await sharded.prepare(load);
    await sharded.search('heap', load, { limit: 10 });
    // Once before the query, which failed; once by the query; never after.
    assert.equal(fetched.filter((path) => path === manifest.lengths).length, 2);
  });
});
