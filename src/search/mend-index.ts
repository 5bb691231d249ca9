// Search: the index of a site mended from the index of its last version, for a process that builds
// again and again (`folio build --watch`). A save changes the posts of a batch or two; joining
// the index anew from every batch's segment took a Chinese blog of 7,194 posts and half a million
// terms most of a second at each save, where the mend copies the postings of every term the
// changed batches do not hold as they stand, in long runs of bytes.
import {
  averageLengthsOf,
  FIELDS,
  type IndexData,
  lowerBound,
  writeNumber,
} from './search-index.js';

/** A batch of posts as a join took it in: its key, its posts, and its terms. */
export interface JoinedBatch {
  /** What its segment was kept under: the same key, the same posts indexed the same. */
  readonly key: string;
  /** The number of its first post, and how many it holds. */
  readonly first: number;
  readonly count: number;
  /**
   * Its terms, in its segment's order: its own, not a joiner's list of every term, which each
   * batch kept from another build would hold on to.
   */
  readonly terms: readonly string[];
  /**
   * Its segment's postings (see `IndexSegment`): those of the term `terms[i]` from `starts[i]` to
   * `starts[i + 1]`, its posts numbered from the batch's first.
   */
  readonly starts: Uint32Array;
  readonly bytes: Uint8Array;
}

/**
 * Past one post in this many joined anew, looking for the terms that changed costs more than
 * merging them all: a post deleted or redated numbers every post after it anew.
 */
const MOST_CHANGED_SHARE = 8;

/** A joined index, with the batches it was joined from by their first post. */
export interface LastJoin {
  readonly data: IndexData;
  readonly batches: ReadonlyMap<number, JoinedBatch>;
}

/** A mended index, and what changed from the last. */
export interface Mend {
  readonly data: IndexData;
  /**
   * The terms whose postings or counts may differ from those of the last index, or that only one
   * of the two holds; every other term stands in both, the same. None when every term was merged.
   */
  readonly changed: ReadonlySet<string> | undefined;
}

/**
 * The index of a site that holds the posts of `kept`, batches of the `last` join taken as they
 * were, and those of `joined`, the batches joined anew into `fresh`: the index of every other post
 * (numbered as the site numbers them, and empty for the posts of `kept`). Only the terms whose
 * postings differ between the batches of `last` not kept and those joined anew change: a post's
 * edit changes the few terms of the words it changed. The postings are written into `spare`, if it
 * is large enough and given: bytes no longer read, such as those of the index before `last`.
 */
export function mendIndex(
  last: LastJoin,
  kept: readonly JoinedBatch[],
  joined: readonly JoinedBatch[],
  fresh: IndexData,
  spare?: Uint8Array,
): Mend {
  const joinedPosts = joined.reduce((sum, { count }) => sum + count, 0);
  if (joinedPosts * MOST_CHANGED_SHARE > fresh.documentCount) {
    // Most posts changed, or were numbered anew: every term is merged, in one walk of both.
    const all = (terms: readonly string[]) => Array.from(terms, (_, at) => at);
    const data = mended(last.data, kept, all(last.data.terms), fresh, all(fresh.terms), spare);
    return { data, changed: undefined };
  }
  const taken = new Set(kept);
  const dropped = [...last.batches.values()].filter((batch) => !taken.has(batch));
  const changed = changedTerms(dropped, joined);
  const touched = placesOf(changed, last.data.terms);
  const freshPlaces = placesOf(changed, fresh.terms);
  return { data: mended(last.data, kept, touched, fresh, freshPlaces, spare), changed };
}

/**
 * The terms whose postings differ between the batches `dropped` and `joined`: all the terms of a
 * batch without one of the same posts on the other side, and those whose postings two batches of
 * the same posts hold otherwise.
 */
function changedTerms(
  dropped: readonly JoinedBatch[],
  joined: readonly JoinedBatch[],
): Set<string> {
  const changed = new Set<string>();
  const samePosts = new Map(joined.map((batch) => [`${batch.first}:${batch.count}`, batch]));
  const allOf = (batch: JoinedBatch): void => {
    for (const term of batch.terms) changed.add(term);
  };
  for (const before of dropped) {
    const posts = `${before.first}:${before.count}`;
    const after = samePosts.get(posts);
    samePosts.delete(posts);
    if (after === undefined) allOf(before);
    else differingTerms(before, after, changed);
  }
  for (const batch of samePosts.values()) allOf(batch);
  return changed;
}

/** Adds to `changed` the terms whose postings the batches `before` and `after` hold otherwise. */
function differingTerms(before: JoinedBatch, after: JoinedBatch, changed: Set<string>): void {
  const placeBefore = new Map<string, number>();
  before.terms.forEach((term, at) => placeBefore.set(term, at));
  after.terms.forEach((term, at) => {
    const was = placeBefore.get(term);
    placeBefore.delete(term);
    if (was === undefined || !sameRun(before, was, after, at)) changed.add(term);
  });
  for (const term of placeBefore.keys()) changed.add(term);
}

/** Whether the postings of the `atA`th term of batch `a` are those of the `atB`th of `b`. */
function sameRun(a: JoinedBatch, atA: number, b: JoinedBatch, atB: number): boolean {
  const fromA = a.starts[atA] ?? 0;
  const fromB = b.starts[atB] ?? 0;
  const length = (a.starts[atA + 1] ?? 0) - fromA;
  if ((b.starts[atB + 1] ?? 0) - fromB !== length) return false;
  for (let i = 0; i < length; i++) if (a.bytes[fromA + i] !== b.bytes[fromB + i]) return false;
  return true;
}

/** The places in `terms` (sorted) of those of `wanted` it holds, in order. */
function placesOf(wanted: ReadonlySet<string>, terms: readonly string[]): number[] {
  const termAt = (at: number): string => terms[at] ?? '';
  const places: number[] = [];
  for (const term of wanted) {
    const at = lowerBound(terms.length, term, termAt);
    if (terms[at] === term) places.push(at);
  }
  return places.sort((a, b) => a - b);
}

/**
 * `last` with the postings of its terms at the places `touched` merged with those of the terms of
 * `fresh` at `freshPlaces`: of the terms of `last`, only the entries of posts of `kept` stay.
 */
function mended(
  last: IndexData,
  kept: readonly JoinedBatch[],
  touched: readonly number[],
  fresh: IndexData,
  freshPlaces: readonly number[],
  spare: Uint8Array | undefined,
): IndexData {
  const lastTermAt = (at: number): string => last.terms[at] ?? '';
  const keptPost = new Uint8Array(Math.max(last.documentCount, fresh.documentCount));
  for (const { first, count } of kept) keptPost.fill(1, first, first + count);

  let lastUnkept = last.documentCount - 1;
  while (lastUnkept >= 0 && keptPost[lastUnkept] === 1) lastUnkept--;
  const out = new MendedIndex(last, fresh, lastUnkept, spare);
  // From change to change, in the order of the terms: a term of the last index that a dropped
  // batch held, or a term of the fresh index. The terms between go over as they stand, at once.
  let i = 0;
  let k = 0;
  for (let f = 0; f <= freshPlaces.length;) {
    const j = freshPlaces[f] ?? fresh.terms.length;
    const term = fresh.terms[j];
    const nextTouched = touched[k] ?? Infinity;
    if (nextTouched < last.terms.length && (term === undefined || lastTermAt(nextTouched) < term)) {
      out.copy(i, nextTouched);
      out.merge(nextTouched, keptPost, undefined);
      i = nextTouched + 1;
      k++;
      continue;
    }
    // Where the term stands among those of the last index: most often just where the walk is,
    // when every term changes.
    const place =
      term === undefined
        ? last.terms.length
        : i >= last.terms.length || lastTermAt(i) >= term
          ? i
          : lowerBound(last.terms.length, term, lastTermAt, i);
    out.copy(i, place);
    i = place;
    if (term === undefined) break;
    if (last.terms[place] === term) {
      out.merge(place, keptPost, j);
      i = place + 1;
      if (nextTouched === place) k++;
    } else {
      out.merge(undefined, keptPost, j);
    }
    f++;
  }

  const lengths = fresh.lengths.slice();
  for (const { first, count } of kept) {
    lengths.set(
      last.lengths.subarray(first * FIELDS.length, (first + count) * FIELDS.length),
      first * FIELDS.length,
    );
  }
  return {
    ...out.finish(),
    lengths,
    averageLengths: averageLengthsOf(lengths, fresh.documentCount),
  };
}

function postingsOf(data: IndexData, term: number): Uint8Array {
  return data.postingBytes.subarray(data.postingStarts[term] ?? 0, data.postingStarts[term + 1]);
}

/** A mended index, written term by term in order. */
class MendedIndex {
  readonly #last: IndexData;
  readonly #fresh: IndexData;
  readonly #lastUnkept: number;
  readonly #terms: string[];
  readonly #frequency: Uint32Array;
  readonly #starts: Uint32Array;
  #count = 0;
  #bytes: Uint8Array;
  #length = 0;

  /** `lastUnkept`: the last post of `last` not kept, -1 for none. */
  constructor(last: IndexData, fresh: IndexData, lastUnkept: number, spare?: Uint8Array) {
    this.#last = last;
    this.#fresh = fresh;
    this.#lastUnkept = lastUnkept;
    const most = last.terms.length + fresh.terms.length;
    this.#terms = new Array<string>(most);
    this.#frequency = new Uint32Array(most);
    this.#starts = new Uint32Array(most + 1);
    const size = Math.max(64, last.postingBytes.length + fresh.postingBytes.length);
    this.#bytes = spare && spare.length >= size ? spare : new Uint8Array(size);
  }

  /** Copies the terms of the last index from `from` to `to`, and their postings, as they stand. */
  copy(from: number, to: number): void {
    if (to <= from) return;
    const last = this.#last;
    const first = last.postingStarts[from] ?? 0;
    const end = last.postingStarts[to] ?? first;
    this.#room(end - first);
    this.#bytes.set(last.postingBytes.subarray(first, end), this.#length);
    this.#frequency.set(last.documentFrequency.subarray(from, to), this.#count);
    const shift = this.#length - first;
    const terms = this.#terms;
    const starts = this.#starts;
    let at = this.#count;
    for (let term = from; term < to; term++, at++) {
      terms[at] = last.terms[term] ?? '';
      starts[at] = (last.postingStarts[term] ?? 0) + shift;
    }
    this.#count = at;
    this.#length += end - first;
  }

  /**
   * Writes one term: the entries of the last index's term at `lastPlace` whose posts `kept`
   * marks, and every entry of the fresh index's term at `freshPlace`, in the order of their posts
   * (no post is in both). A term left in no post is left out.
   */
  merge(lastPlace: number | undefined, kept: Uint8Array, freshPlace: number | undefined): void {
    const none = new Uint8Array(0);
    const last = lastPlace === undefined ? none : postingsOf(this.#last, lastPlace);
    const fresh = freshPlace === undefined ? none : postingsOf(this.#fresh, freshPlace);
    const lastPosts = lastPlace === undefined ? 0 : (this.#last.documentFrequency[lastPlace] ?? 0);
    const start = this.#length;
    // Each entry may gain a byte or four where the number of its post is written anew.
    this.#room((last.length + fresh.length) * 2 + 16);
    const merged = mergePostings(
      this.#bytes,
      start,
      last,
      lastPosts,
      kept,
      this.#lastUnkept,
      fresh,
    );
    this.#length = merged.end;
    if (merged.posts === 0) return;
    const term =
      lastPlace === undefined ? this.#fresh.terms[freshPlace ?? 0] : this.#last.terms[lastPlace];
    this.#terms[this.#count] = term ?? '';
    this.#frequency[this.#count] = merged.posts;
    this.#starts[this.#count] = start;
    this.#count++;
  }

  finish(): Pick<
    IndexData,
    'documentCount' | 'terms' | 'documentFrequency' | 'postingStarts' | 'postingBytes'
  > {
    const count = this.#count;
    this.#terms.length = count;
    this.#starts[count] = this.#length;
    return {
      documentCount: this.#fresh.documentCount,
      terms: this.#terms,
      // Views, not copies: a copy of a large site's postings took tens of milliseconds.
      documentFrequency: this.#frequency.subarray(0, count),
      postingStarts: this.#starts.subarray(0, count + 1),
      postingBytes: this.#bytes.subarray(0, this.#length),
    };
  }

  #room(more: number): void {
    if (this.#length + more <= this.#bytes.length) return;
    const grown = new Uint8Array(Math.max(this.#bytes.length * 2, this.#length + more));
    grown.set(this.#bytes.subarray(0, this.#length));
    this.#bytes = grown;
  }
}

// A reader of LEB128 numbers of its own, beside the cursor of `search-index.ts`: the merge reads
// every entry of every changed term, and the end of each number in a variable of the module costs
// it no object to move along.
/** Where a LEB128 number read by `readNumber` ends. */
let numberEnd = 0;

/** The unsigned LEB128 number of `bytes` at `at`; `numberEnd` is then the byte after it. */
function readNumber(bytes: Uint8Array, at: number): number {
  let value = 0;
  let scale = 1;
  let next = at;
  for (;;) {
    const byte = bytes[next++] ?? 0;
    value += (byte & 0x7f) * scale;
    if (byte < 0x80 || next >= bytes.length) {
      numberEnd = next;
      return value;
    }
    scale *= 128;
  }
}

/** Where the entry read by `readEntryRest` ends. */
let entryEnd = 0;

/**
 * Reads past the rest of an entry of postings whose post's number ends at `at` (its field and
 * count, its first place, and the distance to its second if it stands there more than once).
 */
function readEntryRest(bytes: Uint8Array, at: number): void {
  const code = readNumber(bytes, at);
  readNumber(bytes, numberEnd);
  if (code >= 8) readNumber(bytes, numberEnd);
  entryEnd = numberEnd;
}

function copyBytes(
  to: Uint8Array,
  at: number,
  from: Uint8Array,
  start: number,
  end: number,
): number {
  if (end - start > 64) to.set(from.subarray(start, end), at);
  else for (let i = start; i < end; i++) to[at + i - start] = from[i] ?? 0;
  return at + end - start;
}

/**
 * Writes into `out` from `at` one term's postings: the entries of `last` (of `lastPosts` posts)
 * whose posts `kept` marks, and every entry of `fresh`, in the order of their posts (no post is in
 * both). Entries of `last` that follow each other there are copied as they stand, their numbers
 * of posts being the same distances; past `lastUnkept`, the last post not kept, and every fresh
 * entry, the rest of `last` is copied at once.
 */
function mergePostings(
  out: Uint8Array,
  at: number,
  last: Uint8Array,
  lastPosts: number,
  kept: Uint8Array,
  lastUnkept: number,
  fresh: Uint8Array,
): { end: number; posts: number } {
  const m: Merging = { written: at, previous: -1, posts: 0, freshPost: Infinity, freshRest: 0 };
  if (fresh.length > 0) {
    m.freshPost = readNumber(fresh, 0);
    m.freshRest = numberEnd;
  }
  // Where a run of entries of `last`, copied as they stand, began; -1 for none.
  let runFrom = -1;
  let lastPost = 0;
  let lastSeen = 0;
  let lastAt = 0;
  while (lastAt < last.length) {
    const entryFrom = lastAt;
    const distance = readNumber(last, lastAt);
    const restFrom = numberEnd;
    const newPost = distance > 0 || entryFrom === 0;
    lastPost += distance;
    if (newPost) lastSeen++;
    readEntryRest(last, restFrom);
    lastAt = entryEnd;
    if (kept[lastPost] !== 1 || m.freshPost < lastPost) {
      if (runFrom !== -1) m.written = copyBytes(out, m.written, last, runFrom, entryFrom);
      runFrom = -1;
      if (kept[lastPost] !== 1) continue;
      writeFreshBefore(m, out, fresh, lastPost);
    }
    if (newPost) m.posts++;
    if (runFrom === -1) {
      // The first of a run: its distance from the entry written before it is worked out anew.
      const { previous } = m;
      m.written = writeNumber(out, m.written, previous === -1 ? lastPost : lastPost - previous);
      m.written = copyBytes(out, m.written, last, restFrom, lastAt);
      runFrom = lastAt;
    }
    m.previous = lastPost;
    if (lastPost > lastUnkept && m.freshPost === Infinity && newPost) {
      // Every entry left is kept, and stands as it is: the posts of the rest are the term's less
      // those read so far.
      m.written = copyBytes(out, m.written, last, runFrom, last.length);
      return { end: m.written, posts: m.posts + lastPosts - lastSeen };
    }
  }
  if (runFrom !== -1) m.written = copyBytes(out, m.written, last, runFrom, last.length);
  writeFreshBefore(m, out, fresh, Infinity);
  return { end: m.written, posts: m.posts };
}

/** Where `mergePostings` is: what it wrote, and the fresh entry at hand (none past the last). */
interface Merging {
  written: number;
  /** The post of the entry written last, -1 before the first. */
  previous: number;
  posts: number;
  /** The post of the fresh entry at hand, and where the rest of it starts. */
  freshPost: number;
  freshRest: number;
}

/** Writes the fresh entries of posts before `limit`. */
function writeFreshBefore(m: Merging, out: Uint8Array, fresh: Uint8Array, limit: number): void {
  while (m.freshPost < limit) {
    const post = m.freshPost;
    readEntryRest(fresh, m.freshRest);
    if (post !== m.previous) m.posts++;
    m.written = writeNumber(out, m.written, m.previous === -1 ? post : post - m.previous);
    m.written = copyBytes(out, m.written, fresh, m.freshRest, entryEnd);
    m.previous = post;
    if (entryEnd < fresh.length) {
      m.freshPost = post + readNumber(fresh, entryEnd);
      m.freshRest = numberEnd;
    } else m.freshPost = Infinity;
  }
}
