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

  /** Appends `source[from, to)`: numbers written already. */
  copy(source: Uint8Array, from: number, to: number): void {
    const size = to - from;
    if (this.length + size > this.bytes.length) {
      const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + size));
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    this.bytes.set(source.subarray(from, to), this.length);
    this.length += size;
  }

  view(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
}

/**
 * The index of a run of a site's posts, numbered from 0 within it, its terms in no set order:
 * what an export thread makes of each batch of posts it renders, for `IndexJoiner` to join.
 */
export interface IndexSegment {
  readonly documentCount: number;
  readonly terms: readonly string[];
  readonly documentFrequency: Uint32Array;
  /** The number of the last post each term stands in. */
  readonly lastDocument: Uint32Array;
  readonly postingStarts: Uint32Array;
  readonly postingBytes: Uint8Array;
  readonly lengths: Uint32Array;
}

// How many postings entries a builder holds before it writes them out.
const LOG_ENTRIES = 1 << 15;

// Distinct ASCII words a builder remembers the terms of: only a text of hundreds of thousands of
// distinct words holds more, and then they are met again from nothing.
const MOST_KNOWN_WORDS = 200_000;

/**
 * Adds posts one at a time. Terms are numbered as they are first met, so that a post's counts
 * are kept in arrays rather than in a map of objects: building is most of what indexing costs.
 * An ASCII word met before — most words of most posts — is counted as a word, found by the hash
 * the tokenizer makes as it scans; its terms take its counts once for each field it stands in.
 */
export class IndexBuilder {
  readonly #termIds = new Map<string, number>();
  readonly #terms: string[] = [];
  readonly #writers: ByteWriter[] = [];
  // The terms written to since the last segment, in the order first written; whether a segment
  // was taken, after which the index is the joined segments', never this builder's own.
  #segmentTerms: number[] = [];
  #segmented = false;
  // Per term: the last post written, and how many posts hold it.
  #lastPost = new Int32Array(1024).fill(-1);
  #posts = new Uint32Array(1024);
  // Per term: the last post whose entry is written to its postings.
  #writtenPost = new Int32Array(1024).fill(-1);
  // Per term, for the field being read: how often, first and second place; `#seen` says which
  // field last touched the term, so that nothing is cleared between fields.
  #count = new Uint32Array(1024);
  #first = new Int32Array(1024);
  #second = new Int32Array(1024);
  #seen = new Int32Array(1024).fill(-1);
  #field = 0;
  #lengths: number[] = [];
  #documents = 0;
  // The field being read: its stamp in `#seen`, the terms and words it touched, its length.
  #stamp = -1;
  #touched: number[] = [];
  #touchedWords: number[] = [];
  #length = 0;
  // Known ASCII words, by number: as written, their hash, their terms and where each stands.
  #words: string[] = [];
  #wordHashes = new Int32Array(1024);
  #wordTerms: Int32Array[] = [];
  #wordOffsets: Int32Array[] = [];
  #wordWidths = new Int32Array(1024);
  // Per word, for the field being read, as per term above.
  #wordSeen = new Int32Array(1024).fill(-1);
  #wordCount = new Uint32Array(1024);
  #wordFirst = new Int32Array(1024);
  #wordSecond = new Int32Array(1024);
  // Open addressing by hash: slot → 1 + the word's number, 0 for none.
  #wordSlots = new Int32Array(1 << 12);

  readonly #visit = (term: string, position: number): void => {
    this.#touch(this.#idOf(term), 1, position, -1);
    if (position >= this.#length) this.#length = position + 1;
  };

  readonly #knownWords: KnownWords = {
    known: (text, start, end, hash, position) => {
      const word = this.#find(text, start, end, hash);
      if (word === -1) return 0;
      if (this.#wordSeen[word] !== this.#stamp) {
        this.#wordSeen[word] = this.#stamp;
        this.#wordCount[word] = 1;
        this.#wordFirst[word] = position;
        this.#wordSecond[word] = -1;
        this.#touchedWords.push(word);
      } else {
        const count = this.#wordCount[word] ?? 1;
        if (count === 1) this.#wordSecond[word] = position;
        this.#wordCount[word] = count + 1;
      }
      const width = this.#wordWidths[word] ?? 1;
      this.#length = position + width;
      return width;
    },
    learn: (written, hash, forms) => {
      if (this.#words.length >= MOST_KNOWN_WORDS) this.#forgetWords();
      const word = this.#words.length;
      if (word >= this.#wordWidths.length) this.#growWords();
      this.#words.push(written);
      this.#wordHashes[word] = hash;
      this.#wordTerms.push(Int32Array.from(forms.terms, (term) => this.#idOf(term)));
      this.#wordOffsets.push(Int32Array.from(forms.offsets));
      this.#wordWidths[word] = forms.width;
      if (this.#words.length * 2 > this.#wordSlots.length) {
        this.#wordSlots = new Int32Array(this.#wordSlots.length * 2);
        for (let known = 0; known < this.#words.length; known++) this.#slotWord(known);
      } else this.#slotWord(word);
    },
  };

  /** The number of the known word `text[start, end)`, or -1. */
  #find(text: string, start: number, end: number, hash: number): number {
    const slots = this.#wordSlots;
    const mask = slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const place = slots[slot] ?? 0;
      if (place === 0) return -1;
      const word = place - 1;
      if (this.#wordHashes[word] === hash) {
        const written = this.#words[word] ?? '';
        if (written.length === end - start && text.startsWith(written, start)) return word;
      }
    }
  }

  #slotWord(word: number): void {
    const mask = this.#wordSlots.length - 1;
    let slot = (this.#wordHashes[word] ?? 0) & mask;
    while (this.#wordSlots[slot] !== 0) slot = (slot + 1) & mask;
    this.#wordSlots[slot] = word + 1;
  }

  #forgetWords(): void {
    this.#flushWords();
    this.#words = [];
    this.#wordTerms = [];
    this.#wordOffsets = [];
    this.#wordSlots.fill(0);
    this.#wordSeen.fill(-1);
  }

  /** Gives the terms of each word the field touched the word's counts and places. */
  #flushWords(): void {
    for (const word of this.#touchedWords) {
      const terms = this.#wordTerms[word] as Int32Array;
      const offsets = this.#wordOffsets[word] as Int32Array;
      const count = this.#wordCount[word] ?? 1;
      const first = this.#wordFirst[word] ?? 0;
      const second = this.#wordSecond[word] ?? -1;
      for (let i = 0; i < terms.length; i++) {
        const offset = offsets[i] ?? 0;
        this.#touch(terms[i] ?? 0, count, first + offset, second === -1 ? -1 : second + offset);
      }
    }
    this.#touchedWords = [];
  }

  /**
   * Counts `id` `count` times in the field being read, first at `first` and then at `second`
   * (-1 for none): a term keeps the two lowest places it stands at, whatever order they come in.
   */
  #touch(id: number, count: number, first: number, second: number): void {
    if (this.#seen[id] !== this.#stamp) {
      this.#seen[id] = this.#stamp;
      this.#count[id] = count;
      this.#first[id] = first;
      this.#second[id] = second;
      this.#touched.push(id);
      return;
    }
    this.#count[id] = (this.#count[id] ?? 0) + count;
    const kept = this.#first[id] ?? 0;
    const next = this.#second[id] ?? -1;
    if (first < kept) {
      this.#first[id] = first;
      // The second lowest: the first kept, unless the new second is lower still.
      this.#second[id] = second !== -1 && second < kept ? second : kept;
    } else if (next === -1 || first < next) this.#second[id] = first;
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
      this.#flushWords();
      this.#lengths.push(this.#length);
      for (const id of this.#touched) {
        if (this.#lastPost[id] !== number) {
          this.#posts[id] = (this.#posts[id] ?? 0) + 1;
          this.#lastPost[id] = number;
        }
        const count = this.#count[id] ?? 1;
        this.#logEntry(
          id,
          number,
          field | (count << 2),
          this.#first[id] ?? 0,
          this.#second[id] ?? -1,
        );
      }
    }
  }

  // Entries wait in a log, in the order posts give them, and go to their terms' postings a few
  // thousand at a time, grouped by term: written one term after another, each term's bytes are
  // met once in a while rather than for every post, which a large index's memory rewards.
  // Five numbers an entry: term, post, field and count, first place, second place.
  #log = new Int32Array(LOG_ENTRIES * 5);
  #logged = 0;
  // Per term, while the log is written: its earliest entry not yet written, -1 for none.
  #firstLogged = new Int32Array(1024).fill(-1);

  #logEntry(id: number, post: number, code: number, first: number, second: number): void {
    const at = this.#logged * 5;
    this.#log[at] = id;
    this.#log[at + 1] = post;
    this.#log[at + 2] = code;
    this.#log[at + 3] = first;
    this.#log[at + 4] = second;
    if (++this.#logged === LOG_ENTRIES) this.#writeLog();
  }

  /** Writes the entries logged to their terms' postings, each term's in the order logged. */
  #writeLog(): void {
    const log = this.#log;
    const entries = this.#logged;
    // Each entry points to the next of its term: one pass makes every term's chain.
    const next = new Int32Array(entries).fill(-1);
    const logged: number[] = [];
    const earliest = this.#firstLogged;
    for (let entry = entries - 1; entry >= 0; entry--) {
      const id = log[entry * 5] ?? 0;
      const later = earliest[id] ?? -1;
      if (later === -1) logged.push(id);
      else next[entry] = later;
      earliest[id] = entry;
    }
    for (const id of logged) {
      const writer = this.#writers[id] as ByteWriter;
      let last = this.#writtenPost[id] ?? -1;
      if (last === -1) this.#segmentTerms.push(id);
      for (let entry = earliest[id] ?? -1; entry !== -1; entry = next[entry] ?? -1) {
        const at = entry * 5;
        const post = log[at + 1] ?? 0;
        const code = log[at + 2] ?? 0;
        const first = log[at + 3] ?? 0;
        writer.push(last === -1 ? post : post - last);
        last = post;
        writer.push(code);
        writer.push(first);
        if (code >= 8) writer.push((log[at + 4] ?? first) - first);
      }
      this.#writtenPost[id] = last;
      earliest[id] = -1;
    }
    this.#logged = 0;
  }

  /** The numbers and bytes of the index of the posts added. */
  finish(): IndexData {
    if (this.#segmented)
      throw new Error('a builder that gave segments is finished by joining them');
    this.#writeLog();
    return joinedIndex(this.#termIds, {
      documentCount: this.#documents,
      frequency: (id) => this.#posts[id] ?? 0,
      postings: (id) => this.#writers[id]?.view(),
      lengths: Uint32Array.from(this.#lengths),
    });
  }

  /**
   * The index of the posts added since the last segment, numbered from 0; the next post added is
   * the first of the next segment. What the builder knows of words is kept for it.
   */
  segment(): IndexSegment {
    this.#segmented = true;
    this.#writeLog();
    const ids = this.#segmentTerms;
    const terms: string[] = [];
    const documentFrequency = new Uint32Array(ids.length);
    const lastDocument = new Uint32Array(ids.length);
    const postingStarts = new Uint32Array(ids.length + 1);
    let size = 0;
    ids.forEach((id, i) => {
      terms.push(this.#terms[id] ?? '');
      documentFrequency[i] = this.#posts[id] ?? 0;
      lastDocument[i] = this.#writtenPost[id] ?? 0;
      postingStarts[i] = size;
      size += this.#writers[id]?.length ?? 0;
    });
    postingStarts[ids.length] = size;
    const postingBytes = new Uint8Array(size);
    ids.forEach((id, i) => {
      const writer = this.#writers[id] as ByteWriter;
      postingBytes.set(writer.view(), postingStarts[i]);
      writer.length = 0;
      this.#posts[id] = 0;
      this.#lastPost[id] = -1;
      this.#writtenPost[id] = -1;
    });
    const segment: IndexSegment = {
      documentCount: this.#documents,
      terms,
      documentFrequency,
      lastDocument,
      postingStarts,
      postingBytes,
      lengths: Uint32Array.from(this.#lengths),
    };
    this.#segmentTerms = [];
    this.#lengths = [];
    this.#documents = 0;
    return segment;
  }

  #idOf(term: string): number {
    let id = this.#termIds.get(term);
    if (id === undefined) {
      id = this.#writers.length;
      this.#termIds.set(term, id);
      this.#terms.push(term);
      this.#writers.push(new ByteWriter());
      if (id >= this.#seen.length) this.#grow();
    }
    return id;
  }

  #growWords(): void {
    const size = this.#wordWidths.length * 2;
    this.#wordHashes = grownTo(this.#wordHashes, size);
    this.#wordWidths = grownTo(this.#wordWidths, size);
    this.#wordSeen = grownTo(this.#wordSeen, size, -1);
    this.#wordCount = grownTo(this.#wordCount, size);
    this.#wordFirst = grownTo(this.#wordFirst, size);
    this.#wordSecond = grownTo(this.#wordSecond, size);
  }

  #grow(): void {
    const size = this.#seen.length * 2;
    this.#lastPost = grownTo(this.#lastPost, size, -1);
    this.#writtenPost = grownTo(this.#writtenPost, size, -1);
    this.#firstLogged = grownTo(this.#firstLogged, size, -1);
    this.#posts = grownTo(this.#posts, size);
    this.#count = grownTo(this.#count, size);
    this.#first = grownTo(this.#first, size);
    this.#second = grownTo(this.#second, size);
    this.#seen = grownTo(this.#seen, size, -1);
  }
}

/**
 * Joins the segments of a site's posts, in the site's order, into the index one builder makes of
 * all of them: each term's postings in a segment are its entries, their first post renumbered.
 */
export class IndexJoiner {
  readonly #termIds = new Map<string, number>();
  readonly #writers: ByteWriter[] = [];
  // Per term: how many posts hold it, and the last of them, -1 for none yet.
  readonly #posts: number[] = [];
  readonly #lastPost: number[] = [];
  readonly #lengths: Uint32Array[] = [];
  #documents = 0;

  /** Adds the posts of `segment`, numbered on from those added before. */
  append(segment: IndexSegment): void {
    const base = this.#documents;
    const { terms, postingStarts, postingBytes } = segment;
    const cursor = { bytes: postingBytes, at: 0 };
    for (let i = 0; i < terms.length; i++) {
      const term = terms[i] ?? '';
      let id = this.#termIds.get(term);
      if (id === undefined) {
        id = this.#writers.length;
        this.#termIds.set(term, id);
        this.#writers.push(new ByteWriter());
        this.#posts.push(0);
        this.#lastPost.push(-1);
      }
      cursor.at = postingStarts[i] ?? 0;
      const first = base + readNumber(cursor);
      const last = this.#lastPost[id] ?? -1;
      const writer = this.#writers[id] as ByteWriter;
      writer.push(last === -1 ? first : first - last);
      writer.copy(postingBytes, cursor.at, postingStarts[i + 1] ?? cursor.at);
      this.#lastPost[id] = base + (segment.lastDocument[i] ?? 0);
      this.#posts[id] = (this.#posts[id] ?? 0) + (segment.documentFrequency[i] ?? 0);
    }
    this.#lengths.push(segment.lengths);
    this.#documents += segment.documentCount;
  }

  /** The numbers and bytes of the index of every post appended. */
  finish(): IndexData {
    const lengths = new Uint32Array(this.#documents * FIELDS.length);
    let at = 0;
    for (const part of this.#lengths) {
      lengths.set(part, at);
      at += part.length;
    }
    return joinedIndex(this.#termIds, {
      documentCount: this.#documents,
      frequency: (id) => this.#posts[id] ?? 0,
      postings: (id) => this.#writers[id]?.view(),
      lengths,
    });
  }
}

/** An index of terms numbered as met, their postings and counts by number: sorted and packed. */
function joinedIndex(
  termIds: ReadonlyMap<string, number>,
  by: {
    readonly documentCount: number;
    readonly frequency: (id: number) => number;
    readonly postings: (id: number) => Uint8Array | undefined;
    readonly lengths: Uint32Array;
  },
): IndexData {
  const order = [...termIds.keys()].sort(compareTerms);
  const ids = order.map((term) => termIds.get(term) ?? 0);
  const documentFrequency = new Uint32Array(order.length);
  const postingStarts = new Uint32Array(order.length + 1);
  let size = 0;
  ids.forEach((id, i) => {
    documentFrequency[i] = by.frequency(id);
    postingStarts[i] = size;
    size += by.postings(id)?.length ?? 0;
  });
  postingStarts[order.length] = size;
  const postingBytes = new Uint8Array(size);
  ids.forEach((id, i) => {
    const postings = by.postings(id);
    if (postings) postingBytes.set(postings, postingStarts[i]);
  });
  return {
    documentCount: by.documentCount,
    terms: order,
    documentFrequency,
    postingStarts,
    postingBytes,
    lengths: by.lengths,
    averageLengths: averageLengthsOf(by.lengths, by.documentCount),
  };
}

/** `array` in a longer array of its kind, the new places holding `fill`. */
function grownTo<T extends Int32Array | Uint32Array>(array: T, size: number, fill = 0): T {
  const grown = new (array.constructor as new (size: number) => T)(size);
  if (fill !== 0) grown.fill(fill);
  grown.set(array);
  return grown;
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
 * Reads a term's postings an entry at a time, in order of post and field, into its own fields:
 * a query reads hundreds of thousands of entries, and makes neither an object nor a call of a
 * function it is handed for each.
 */
export class PostingReader {
  document = 0;
  field: FieldIndex = 0;
  count = 0;
  first = 0;
  /** The second place, -1 for a term that stands there once. */
  second = -1;
  #bytes = new Uint8Array(0) as Uint8Array;
  #at = 0;

  /** Starts reading `bytes`, a term's postings. */
  reset(bytes: Uint8Array): this {
    this.#bytes = bytes;
    this.#at = 0;
    this.document = 0;
    return this;
  }

  /** Moves to the next entry: false past the last. */
  next(): boolean {
    if (this.#at >= this.#bytes.length) return false;
    this.document += this.#number();
    const code = this.#number();
    this.first = this.#number();
    this.count = Math.floor(code / 4);
    this.field = (code & 3) as FieldIndex;
    this.second = this.count > 1 ? this.first + this.#number() : -1;
    return true;
  }

  /** The LEB128 number at hand, read past: most are a byte or two. */
  #number(): number {
    const bytes = this.#bytes;
    let at = this.#at;
    let byte = bytes[at++] ?? 0;
    let value = byte & 0x7f;
    for (let scale = 128; byte >= 0x80 && at < bytes.length; scale *= 128) {
      byte = bytes[at++] ?? 0;
      value += (byte & 0x7f) * scale;
    }
    this.#at = at;
    return value;
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

function averageLengthsOf(lengths: Uint32Array, documentCount: number): number[] {
  return FIELDS.map((_, field) => {
    let sum = 0;
    for (let at = field; at < lengths.length; at += FIELDS.length) sum += lengths[at] ?? 0;
    return Math.max(1, sum / Math.max(1, documentCount));
  });
}
