// Search: the index of a site's posts — for each term, the posts and fields it stands in, how
// often, and where first — packed into bytes, so that ten thousand posts fit in a few megabytes
// on the server and the very same bytes can be sent to a browser in shards.
import { forEachTerm, type KnownWords } from './tokenize.js';

/** What is searched of a post: its title, its tags and category, the text of its body. */
export interface SearchDocument {
  readonly title: string;
  readonly labels: readonly string[];
  readonly text: string;
}

/** The fields of a post, in the order their postings are written. */
export const FIELDS = ['title', 'labels', 'text'] as const;
export type FieldIndex = 0 | 1 | 2;

/** Where a term stands at most: proximity is judged on a term's first places in a field. */
export const PLACES_KEPT = 2;

/**
 * The terms of an index, or of the part of it a query reads: sorted, so that a prefix is a range
 * of them, with the posts each stands in and its postings, when they are at hand.
 */
export interface TermDictionary {
  readonly terms: readonly string[];
  /** How many posts each term stands in. */
  readonly documentFrequency: ArrayLike<number>;
  /** How many bytes each term's postings take, whether they are at hand or not. */
  postingSize(term: number): number;
  /** The postings of a term, or `undefined` when they are not at hand. */
  postings(term: number): Uint8Array | undefined;
}

/** What a query reads of an index: the whole of it on a server, what a browser fetched of it. */
export interface IndexSource {
  readonly documentCount: number;
  /** The length in terms of each post's fields: `lengths[post * 3 + field]`. */
  readonly lengths: ArrayLike<number>;
  /** The average length of each field over all posts (at least 1). */
  readonly averageLengths: readonly number[];
  /** The terms that begin with `character`, among others, or `undefined` if not at hand. */
  dictionary(character: string): TermDictionary | undefined;
}

/**
 * A built index. `terms` is sorted; the postings of `terms[i]` are the bytes of `postingBytes`
 * from `postingStarts[i]` to `postingStarts[i + 1]`: one entry per post and field the term stands
 * in, as unsigned LEB128 numbers — the post's number less the previous entry's, `field | count <<
 * 2`, the first place, and, for a term that stands there more than once, the distance to the
 * second.
 */
export interface SearchIndex extends IndexSource, TermDictionary {
  readonly documentFrequency: Uint32Array;
  readonly postingBytes: Uint8Array;
  readonly postingStarts: Uint32Array;
  readonly lengths: Uint32Array;
}

/** An index's numbers and bytes, as they cross to and from a worker thread. */
export type IndexData = Pick<
  SearchIndex,
  | 'documentCount'
  | 'terms'
  | 'documentFrequency'
  | 'postingBytes'
  | 'postingStarts'
  | 'lengths'
  | 'averageLengths'
>;

/** A byte buffer that grows as LEB128 numbers are appended. */
export class ByteWriter {
  bytes: Uint8Array;
  length = 0;

  constructor(size = 16) {
    this.bytes = new Uint8Array(size);
  }

  push(value: number): void {
    let rest = value;
    if (this.length + 5 > this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    while (rest >= 0x80) {
      this.bytes[this.length++] = (rest & 0x7f) | 0x80;
      rest >>>= 7;
    }
    this.bytes[this.length++] = rest;
  }

  view(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
}

interface KnownWord {
  readonly ids: Int32Array;
  readonly offsets: readonly number[];
  readonly width: number;
}

// Distinct ASCII words a builder remembers the terms of: only a text of hundreds of thousands of
// distinct words holds more, and then they are met again from nothing.
const MOST_KNOWN_WORDS = 200_000;

/**
 * Adds posts one at a time. Terms are numbered as they are first met, so that a post's counts
 * are kept in arrays rather than in a map of objects: building is most of what indexing costs.
 */
export class IndexBuilder {
  readonly #termIds = new Map<string, number>();
  readonly #writers: ByteWriter[] = [];
  // Per term: the last post written, and how many posts hold it.
  #lastPost = new Int32Array(1024).fill(-1);
  #posts = new Uint32Array(1024);
  // Per term, for the field being read: how often, first and second place; `#seen` says which
  // field last touched the term, so that nothing is cleared between fields.
  #count = new Uint32Array(1024);
  #first = new Int32Array(1024);
  #second = new Int32Array(1024);
  #seen = new Int32Array(1024).fill(-1);
  #field = 0;
  readonly #lengths: number[] = [];
  #documents = 0;
  // The field being read: its stamp in `#seen`, the terms it touched, its length so far.
  #stamp = -1;
  #touched: number[] = [];
  #length = 0;
  // The terms of ASCII words as written, by number: one lookup for all the terms of a word.
  readonly #words = new Map<string, KnownWord>();

  readonly #visit = (term: string, position: number): void => {
    this.#touch(this.#idOf(term), position);
  };

  readonly #knownWords: KnownWords = {
    known: (written, position) => {
      const word = this.#words.get(written);
      if (!word) return 0;
      for (let i = 0; i < word.ids.length; i++) {
        this.#touch(word.ids[i] ?? 0, position + (word.offsets[i] ?? 0));
      }
      return word.width;
    },
    learn: (written, forms) => {
      if (this.#words.size >= MOST_KNOWN_WORDS) this.#words.clear();
      const ids = Int32Array.from(forms.terms, (term) => this.#idOf(term));
      this.#words.set(written, { ids, offsets: forms.offsets, width: forms.width });
    },
  };

  /** Counts `id` at `position` in the field being read. */
  #touch(id: number, position: number): void {
    this.#length = position + 1;
    if (this.#seen[id] !== this.#stamp) {
      this.#seen[id] = this.#stamp;
      this.#count[id] = 1;
      this.#first[id] = position;
      this.#second[id] = -1;
      this.#touched.push(id);
    } else {
      const count = this.#count[id] ?? 1;
      if (count === 1) this.#second[id] = position;
      this.#count[id] = count + 1;
    }
  }

  /** Adds the next post: its number is how many came before it. */
  add(document: SearchDocument): void {
    const number = this.#documents++;
    const fields = [document.title, document.labels.join('\n'), document.text];
    for (let field = 0; field < fields.length; field++) {
      this.#stamp = this.#field++;
      this.#touched = [];
      this.#length = 0;
      forEachTerm(fields[field] ?? '', this.#visit, this.#knownWords);
      this.#lengths.push(this.#length);
      for (const id of this.#touched) {
        const writer = this.#writers[id] as ByteWriter;
        const last = this.#lastPost[id] ?? -1;
        if (last !== number) this.#posts[id] = (this.#posts[id] ?? 0) + 1;
        writer.push(last === -1 ? number : number - last);
        this.#lastPost[id] = number;
        const count = this.#count[id] ?? 1;
        const first = this.#first[id] ?? 0;
        writer.push(field | (count << 2));
        writer.push(first);
        if (count > 1) writer.push((this.#second[id] ?? first) - first);
      }
    }
  }

  /** The numbers and bytes of the index of the posts added. */
  finish(): IndexData {
    const order = [...this.#termIds.keys()].sort(compareTerms);
    const documentFrequency = new Uint32Array(order.length);
    const postingStarts = new Uint32Array(order.length + 1);
    let size = 0;
    order.forEach((term, i) => {
      const id = this.#termIds.get(term) ?? 0;
      documentFrequency[i] = this.#posts[id] ?? 0;
      postingStarts[i] = size;
      size += this.#writers[id]?.length ?? 0;
    });
    postingStarts[order.length] = size;
    const postingBytes = new Uint8Array(size);
    order.forEach((term, i) => {
      const writer = this.#writers[this.#termIds.get(term) ?? 0];
      if (writer) postingBytes.set(writer.view(), postingStarts[i]);
    });
    const lengths = Uint32Array.from(this.#lengths);
    return {
      documentCount: this.#documents,
      terms: order,
      documentFrequency,
      postingBytes,
      postingStarts,
      lengths,
      averageLengths: averageLengthsOf(lengths, this.#documents),
    };
  }

  #idOf(term: string): number {
    let id = this.#termIds.get(term);
    if (id === undefined) {
      id = this.#writers.length;
      this.#termIds.set(term, id);
      this.#writers.push(new ByteWriter());
      if (id >= this.#seen.length) this.#grow();
    }
    return id;
  }

  #grow(): void {
    const size = this.#seen.length * 2;
    const grown = <T extends Int32Array | Uint32Array>(from: T, make: (n: number) => T): T => {
      const to = make(size);
      to.set(from);
      return to;
    };
    this.#lastPost = grown(this.#lastPost, (n) => new Int32Array(n).fill(-1));
    this.#posts = grown(this.#posts, (n) => new Uint32Array(n));
    this.#count = grown(this.#count, (n) => new Uint32Array(n));
    this.#first = grown(this.#first, (n) => new Int32Array(n));
    this.#second = grown(this.#second, (n) => new Int32Array(n));
    this.#seen = grown(this.#seen, (n) => new Int32Array(n).fill(-1));
  }
}

/** Builds the index of `documents`; a post's number is its place in the list. */
export function buildSearchIndex(documents: readonly SearchDocument[]): SearchIndex {
  const builder = new IndexBuilder();
  for (const document of documents) builder.add(document);
  return openIndex(builder.finish());
}

/** An index from its numbers and bytes, all at hand: one dictionary for every character. */
export function openIndex(data: IndexData): SearchIndex {
  const { postingBytes, postingStarts } = data;
  const index: SearchIndex = {
    ...data,
    postingSize: (term) => (postingStarts[term + 1] ?? 0) - (postingStarts[term] ?? 0),
    postings: (term) =>
      term >= 0 && term < data.terms.length
        ? postingBytes.subarray(postingStarts[term], postingStarts[term + 1])
        : undefined,
    dictionary: () => index,
  };
  return index;
}

/** The order of terms in an index: by UTF-16 code units, the same in every JavaScript engine. */
function compareTerms(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Calls `visit` for each entry of a term's postings, in order of post and field, without making
 * an object of each: a query reads thousands of them.
 */
export function forEachPosting(
  bytes: Uint8Array,
  visit: (
    document: number,
    field: FieldIndex,
    count: number,
    first: number,
    second: number,
  ) => void,
): void {
  const cursor = { bytes, at: 0 };
  let document = 0;
  while (cursor.at < bytes.length) {
    document += readNumber(cursor);
    const code = readNumber(cursor);
    const first = readNumber(cursor);
    const count = Math.floor(code / 4);
    const second = count > 1 ? first + readNumber(cursor) : -1;
    visit(document, (code & 3) as FieldIndex, count, first, second);
  }
}

/** The first `count` unsigned LEB128 numbers of `bytes` (0 past their end). */
export function readNumbers(bytes: Uint8Array, count: number): Uint32Array {
  const numbers = new Uint32Array(count);
  const cursor = { bytes, at: 0 };
  for (let i = 0; i < count && cursor.at < bytes.length; i++) numbers[i] = readNumber(cursor);
  return numbers;
}

/** The unsigned LEB128 number at the cursor, which moves past it. */
function readNumber(cursor: { readonly bytes: Uint8Array; at: number }): number {
  let value = 0;
  let scale = 1;
  for (;;) {
    const byte = cursor.bytes[cursor.at++] ?? 0;
    value += (byte & 0x7f) * scale;
    if (byte < 0x80 || cursor.at >= cursor.bytes.length) return value;
    scale *= 128;
  }
}

/** The range of `terms` (sorted) that begin with `prefix`: [from, to). */
export function prefixRange(terms: readonly string[], prefix: string): [number, number] {
  const from = lowerBound(terms, prefix);
  // The first string after every string that begins with the prefix.
  const to = lowerBound(terms, `${prefix}\uffff`);
  return [from, to];
}

/** The place of `term` in `terms` (sorted), or -1. */
export function termNumber(terms: readonly string[], term: string): number {
  const at = lowerBound(terms, term);
  return terms[at] === term ? at : -1;
}

function lowerBound(terms: readonly string[], value: string): number {
  let low = 0;
  let high = terms.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((terms[middle] ?? '') < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The index of some of a site's posts, numbered from 0, and each one's number in the site. */
export interface IndexPart {
  readonly data: IndexData;
  /** The site's number of each post of the part, by its number there. */
  readonly numbers: ArrayLike<number>;
}

/**
 * One index of the posts of several parts — made apart, as the threads of an export each index
 * the posts they render — numbered as the site numbers them: the same bytes as one index made of
 * all the posts in the site's order.
 */
export function mergeIndexes(parts: readonly IndexPart[], documentCount: number): IndexData {
  const lengths = new Uint32Array(documentCount * FIELDS.length);
  const byTerm = new Map<string, { part: IndexPart; term: number }[]>();
  for (const part of parts) {
    part.data.terms.forEach((term, number) => {
      let found = byTerm.get(term);
      if (!found) byTerm.set(term, (found = []));
      found.push({ part, term: number });
    });
    for (let local = 0; local < part.numbers.length; local++) {
      const global = part.numbers[local] ?? 0;
      for (let field = 0; field < FIELDS.length; field++) {
        lengths[global * FIELDS.length + field] =
          part.data.lengths[local * FIELDS.length + field] ?? 0;
      }
    }
  }
  const terms = [...byTerm.keys()].sort(compareTerms);
  const documentFrequency = new Uint32Array(terms.length);
  const postingStarts = new Uint32Array(terms.length + 1);
  const writer = new ByteWriter(1 << 16);
  terms.forEach((term, i) => {
    postingStarts[i] = writer.length;
    // Each part's entries are in the order of its posts, which is the site's: a merge of sorted
    // runs, unless a part's numbers go back, which only a part made out of order does.
    const runs: number[][] = [];
    for (const { part, term: number } of byTerm.get(term) ?? []) {
      const { postingBytes, postingStarts: starts } = part.data;
      documentFrequency[i] =
        (documentFrequency[i] ?? 0) + (part.data.documentFrequency[number] ?? 0);
      const run: number[] = [];
      forEachPosting(
        postingBytes.subarray(starts[number], starts[number + 1]),
        (document, field, count, first, second) => {
          run.push(part.numbers[document] ?? 0, field, count, first, second);
        },
      );
      runs.push(run);
    }
    let last = 0;
    mergeRuns(runs, (entries, k) => {
      const document = entries[k] ?? 0;
      const count = entries[k + 2] ?? 1;
      const first = entries[k + 3] ?? 0;
      writer.push(document - last);
      last = document;
      writer.push((entries[k + 1] ?? 0) | (count << 2));
      writer.push(first);
      if (count > 1) writer.push((entries[k + 4] ?? first) - first);
    });
  });
  postingStarts[terms.length] = writer.length;
  return {
    documentCount,
    terms,
    documentFrequency,
    postingBytes: writer.view().slice(),
    postingStarts,
    lengths,
    averageLengths: averageLengthsOf(lengths, documentCount),
  };
}

/**
 * Hands over the entries of `runs` — five numbers each, post and field first — in the order of
 * post and field. Runs are each in that order when their parts were made in the site's order: a
 * merge; otherwise all are sorted.
 */
function mergeRuns(
  runs: readonly (readonly number[])[],
  emit: (run: readonly number[], at: number) => void,
): void {
  // A post and a field as one number: fields are fewer than four.
  const key = (run: readonly number[], at: number): number =>
    (run[at] ?? 0) * 4 + (run[at + 1] ?? 0);
  const inOrder = runs.every((run) => {
    for (let at = 5; at < run.length; at += 5) if (key(run, at) < key(run, at - 5)) return false;
    return true;
  });
  if (!inOrder) {
    const all = runs.flatMap((run) =>
      Array.from({ length: run.length / 5 }, (_, n) => ({ run, at: n * 5 })),
    );
    all.sort((a, b) => key(a.run, a.at) - key(b.run, b.at));
    for (const { run, at } of all) emit(run, at);
    return;
  }
  const next = runs.map(() => 0);
  for (;;) {
    let best = -1;
    let bestKey = Infinity;
    for (let r = 0; r < runs.length; r++) {
      const run = runs[r] ?? [];
      const at = next[r] ?? 0;
      if (at >= run.length) continue;
      const candidate = key(run, at);
      if (candidate < bestKey) {
        best = r;
        bestKey = candidate;
      }
    }
    if (best === -1) return;
    emit(runs[best] ?? [], next[best] ?? 0);
    next[best] = (next[best] ?? 0) + 5;
  }
}

function averageLengthsOf(lengths: Uint32Array, documentCount: number): number[] {
  return FIELDS.map((_, field) => {
    let sum = 0;
    for (let at = field; at < lengths.length; at += FIELDS.length) sum += lengths[at] ?? 0;
    return Math.max(1, sum / Math.max(1, documentCount));
  });
}
