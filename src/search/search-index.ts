// Search: the index of a site's posts — for each term, the posts and fields it stands in, how
// often, and where first — packed into bytes, so that ten thousand posts fit in a few megabytes
// on the server and the very same bytes can be sent to a browser in shards.
import { detached, forEachTerm, type KnownWords, pairCode } from './tokenize.js';

/** What is searched of a post: its title, its tags and category, the text of its body. */
export interface SearchDocument {
  readonly title: string;
  readonly labels: readonly string[];
  readonly text: string;
}

/**
 * Search numbers a site's posts from the oldest, 0, to the newest: a new post, the newest, takes
 * the next number, and what the index holds of every other post stays as it was — where numbering
 * them as the site lists them, newest first, moved every post's number, and so every file of an
 * exported index. `searchNumber` gives the number of the post at `place` in the site's order of
 * `count` posts, and `sitePlace` the place of the post numbered `number`.
 */
export function searchNumber(place: number, count: number): number {
  return count - 1 - place;
}

/** The place in the site's order of the post search numbers `number` (see `searchNumber`). */
export function sitePlace(number: number, count: number): number {
  return count - 1 - number;
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
  /**
   * Every term that begins with `prefix`, among others, sorted, or `undefined` if they are not at
   * hand (a browser has not fetched them yet). A query reads the terms of each word, then, for a
   * word found nowhere, those of its first letter.
   */
  dictionary(prefix: string): TermDictionary | undefined;
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

const SHORT_COPY = 64;

// Segments whose postings `IndexJoiner.finishing` copies between two pauses: some tens of
// milliseconds' work.
const SEGMENTS_A_STEP = 16;
// Terms `IndexJoiner.finishing` sorts between two pauses, likewise.
const TERMS_SORTED_A_STEP = 20_000;

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

/**
 * The index of a run of a site's posts, numbered from 0 within it, its terms in no set order:
 * what an export thread makes of each batch of posts it renders, for `IndexJoiner` to join. Terms
 * are named by the builder's numbers, and each segment brings the terms the builder numbered since
 * its last: a term crosses between threads once, not once for every batch it stands in.
 */
export interface IndexSegment {
  readonly documentCount: number;
  /** The builder's numbers of the segment's terms. */
  readonly terms: Uint32Array;
  /** The terms the builder numbered since its last segment, from `firstName` on. */
  readonly names: readonly string[];
  readonly firstName: number;
  readonly documentFrequency: Uint32Array;
  /** The number of the last post each term stands in. */
  readonly lastDocument: Uint32Array;
  readonly postingStarts: Uint32Array;
  readonly postingBytes: Uint8Array;
  readonly lengths: Uint32Array;
}

/**
 * A segment whose terms are named by themselves rather than by a builder's numbers: what a build
 * keeps of a batch of posts, for a later build's builder to take up as its own.
 */
export interface NamedSegment extends Omit<IndexSegment, 'terms' | 'names' | 'firstName'> {
  readonly terms: readonly string[];
}

/**
 * A segment whose terms are named by a joiner's numbers (see `IndexJoiner`): what a build keeps
 * of a batch of posts, numbered as an earlier build's joiner numbered it, so that a later joiner
 * that knows the same terms by the same numbers takes it up without looking up a term.
 */
export interface NumberedSegment extends Omit<IndexSegment, 'terms' | 'names' | 'firstName'> {
  /** The joiner's numbers of the segment's terms. */
  readonly ids: Uint32Array;
}

/**
 * The terms a joiner knows, each by its number, its place in `terms`; `order` holds their numbers
 * in the order of the terms.
 */
export interface KnownTerms {
  readonly terms: readonly string[];
  readonly order: Uint32Array;
}

/** `kept` with its terms named by a joiner's numbers, `ids`, in their place. */
export function numberedSegment(
  kept: Omit<NamedSegment, 'terms'>,
  ids: Uint32Array,
): NumberedSegment {
  const { documentCount, documentFrequency, lastDocument, postingStarts, postingBytes, lengths } =
    kept;
  return {
    documentCount,
    ids,
    documentFrequency,
    lastDocument,
    postingStarts,
    postingBytes,
    lengths,
  };
}

/**
 * Posts to a segment: a site's posts are indexed in runs of this many, counted from the oldest,
 * the newest run holding what is left over, so that a new post changes the newest run alone.
 */
export const SEGMENT_POSTS = 64;

// Distinct ASCII words a builder remembers the terms of: only a text of hundreds of thousands of
// distinct words holds more, and then they are met again from nothing.
const MOST_KNOWN_WORDS = 200_000;

// The numbers a builder keeps per known word: the stamp of the field that last met it, how often
// it stands there, its first and second place, its width, where its characters start in
// `#wordCharacters` and how many they are, and how many terms it has, then its terms, each with its
// offset — or, for a word of more terms than that (an identifier's parts), where in `#wideTerms`
// they start.
const WORD_STATE = 12;
const WORD_TERMS_KEPT = 2;

// The numbers a builder keeps per term, for the field being read: the stamp of the field that
// last touched it, how often it stands there, its first and second place.
const TERM_STATE = 4;

/** The term of a pair's code (see `pairCode`). */
function pairTerm(pair: number): string {
  return String.fromCharCode(pair >>> 16, pair & 0xffff);
}

/**
 * Numbers by pairs' codes (see `pairCode`): open addressing, two numbers a slot. Builder and joiner
 * number every term of two code units here, whichever way it came, so that such a term has one
 * number, and never hash it as a string.
 */
class PairNumbers {
  // The pair's code, and 1 + its number (0: none).
  #slots = new Int32Array(2 << 10);
  #count = 0;

  /** The number of `pair`, or -1. */
  get(pair: number): number {
    const slots = this.#slots;
    const mask = (slots.length >> 1) - 1;
    for (let slot = pairSlot(pair, mask); ; slot = (slot + 1) & mask) {
      const place = slots[slot * 2 + 1] ?? 0;
      if (place === 0) return -1;
      if (slots[slot * 2] === pair) return place - 1;
    }
  }

  /** Numbers `pair`, which has no number yet. */
  set(pair: number, id: number): void {
    if (++this.#count * 4 > this.#slots.length) this.#slots = doubledSlots(this.#slots, pairSlot);
    fillSlot(this.#slots, pair, id, pairSlot);
  }
}

/** Where a pair's slot is looked for first: both characters' bits reach it. */
function pairSlot(pair: number, mask: number): number {
  const mixed = Math.imul(pair, 0x9e3779b1);
  return (mixed ^ (mixed >>> 16)) & mask;
}

/** Where a word's slot is looked for first: its hash is mixed already. */
function wordSlot(hash: number, mask: number): number {
  return hash & mask;
}

/**
 * Puts `id` under `key` in a table of open addressing, two numbers a slot (the key, and 1 + the
 * number; 0 for none): in the first free slot from the one `first` gives.
 */
function fillSlot(
  slots: Int32Array,
  key: number,
  id: number,
  first: (key: number, mask: number) => number,
): void {
  const mask = (slots.length >> 1) - 1;
  let slot = first(key, mask);
  while (slots[slot * 2 + 1] !== 0) slot = (slot + 1) & mask;
  slots[slot * 2] = key;
  slots[slot * 2 + 1] = id + 1;
}

/** A table of twice the slots of `slots` (see `fillSlot`), holding each of its entries. */
function doubledSlots(
  slots: Int32Array,
  first: (key: number, mask: number) => number,
): Int32Array<ArrayBuffer> {
  const doubled = new Int32Array(slots.length * 2);
  for (let at = 0; at < slots.length; at += 2) {
    const place = slots[at + 1] ?? 0;
    if (place !== 0) fillSlot(doubled, slots[at] ?? 0, place - 1, first);
  }
  return doubled;
}

/**
 * Adds posts one at a time, and gives the index of those added since the last segment. Terms
 * are numbered as they are first met, so that a post's counts are kept in arrays rather than in
 * a map of objects: building is most of what indexing costs. An ASCII word met before — most
 * words of most posts — is counted as a word, found by the hash the tokenizer makes as it scans;
 * its terms take its counts once for each field it stands in. What one word or term needs is
 * side by side in one array, so that counting it touches one line of memory, not one per number.
 */
export class SegmentBuilder {
  readonly #termIds = new Map<string, number>();
  readonly #terms: string[] = [];
  // How many terms the segments given so far named.
  #named = 0;
  // Per term, `TERM_STATE` numbers; its stamp says which field last touched it, so that nothing
  // is cleared between fields.
  #termState = new Int32Array(1024 * TERM_STATE).fill(-1);
  #field = 0;
  #lengths: number[] = [];
  #documents = 0;
  // The field being read: its stamp, the terms and words it touched, its length.
  #stamp = -1;
  #touched = new Int32Array(1024);
  #touchedCount = 0;
  #touchedWords = new Int32Array(1024);
  #touchedWordCount = 0;
  #length = 0;
  // Known ASCII words: how many, `WORD_STATE` numbers each, and the terms and offsets of those
  // that have more than `WORD_TERMS_KEPT`, one after another: a pair of arrays for each such word
  // would weigh several times its numbers, and a code-heavy blog has tens of thousands of them.
  #wordCount = 0;
  #wordState = new Int32Array(1024 * WORD_STATE).fill(-1);
  #wideTerms = new Int32Array(1 << 12);
  #wideTermsUsed = 0;
  // The characters of every known word, one after another: compared as numbers, and holding no
  // string cut from a post, which would keep all of the post's text.
  #wordCharacters = new Uint16Array(1 << 14);
  #wordCharactersUsed = 0;
  // Open addressing by hash, two numbers a slot: the hash, and 1 + the word's number (0: none).
  #wordSlots = new Int32Array(2 << 12);
  // The numbers of terms of two code units (see `pairCode`): those of `#termIds` are the others'.
  readonly #pairIds = new PairNumbers();

  readonly #visit = (term: string, position: number): void => {
    this.#touchOnce(this.#idOf(term), position);
  };

  readonly #knownWords: KnownWords = {
    known: (text, start, end, hash, position) => {
      const word = this.#find(text, start, end, hash);
      if (word === -1) return 0;
      const state = this.#wordState;
      const at = word * WORD_STATE;
      if (state[at] !== this.#stamp) {
        state[at] = this.#stamp;
        state[at + 1] = 1;
        state[at + 2] = position;
        state[at + 3] = -1;
        this.#touchWord(word);
      } else {
        const count = state[at + 1] ?? 1;
        if (count === 1) state[at + 3] = position;
        state[at + 1] = count + 1;
      }
      const width = state[at + 4] ?? 1;
      this.#length = position + width;
      return width;
    },
    learn: (written, hash, forms) => {
      if (this.#wordCount >= MOST_KNOWN_WORDS) this.#forgetWords();
      const word = this.#wordCount++;
      if (this.#wordCount * WORD_STATE > this.#wordState.length) {
        this.#wordState = grownTo(this.#wordState, this.#wordState.length * 2, -1);
      }
      const termCount = forms.terms.length;
      const wide = termCount > WORD_TERMS_KEPT;
      if (wide && this.#wideTermsUsed + termCount * 2 > this.#wideTerms.length) {
        this.#wideTerms = grownTo(this.#wideTerms, 2 * (this.#wideTermsUsed + termCount * 2));
      }
      const state = this.#wordState;
      const at = word * WORD_STATE;
      state[at] = -1;
      state[at + 4] = forms.width;
      state[at + 5] = this.#keepCharacters(written);
      state[at + 6] = written.length;
      state[at + 7] = termCount;
      if (wide) state[at + 8] = this.#wideTermsUsed;
      const numbers = wide ? this.#wideTerms : state;
      let to = wide ? this.#wideTermsUsed : at + 8;
      for (let i = 0; i < termCount; i++) {
        numbers[to++] = this.#idOf(forms.terms[i] ?? '');
        numbers[to++] = forms.offsets[i] ?? 0;
      }
      if (wide) this.#wideTermsUsed = to;
      if (this.#wordCount * 4 > this.#wordSlots.length) {
        this.#wordSlots = doubledSlots(this.#wordSlots, wordSlot);
      }
      fillSlot(this.#wordSlots, hash, word, wordSlot);
    },
    pair: (pair, position) => this.#touchOnce(this.#pairId(pair), position),
  };

  /** The number of the term of `pair` (see `KnownWords.pair`), numbered now if it is new. */
  #pairId(pair: number): number {
    let id = this.#pairIds.get(pair);
    if (id === -1) {
      id = this.#numbered(pairTerm(pair));
      this.#pairIds.set(pair, id);
    }
    return id;
  }

  /** The number of the known word `text[start, end)`, or -1. */
  #find(text: string, start: number, end: number, hash: number): number {
    const slots = this.#wordSlots;
    const mask = (slots.length >> 1) - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const place = slots[slot * 2 + 1] ?? 0;
      if (place === 0) return -1;
      if (slots[slot * 2] === hash && this.#isWord(place - 1, text, start, end)) return place - 1;
    }
  }

  /** Whether `text[start, end)` is the characters of `word`. */
  #isWord(word: number, text: string, start: number, end: number): boolean {
    const at = word * WORD_STATE;
    if (this.#wordState[at + 6] !== end - start) return false;
    const characters = this.#wordCharacters;
    const from = (this.#wordState[at + 5] ?? 0) - start;
    for (let i = start; i < end; i++) {
      if (text.charCodeAt(i) !== characters[from + i]) return false;
    }
    return true;
  }

  /** Keeps the characters of `word`: where they start. */
  #keepCharacters(word: string): number {
    const start = this.#wordCharactersUsed;
    if (start + word.length > this.#wordCharacters.length) {
      const grown = new Uint16Array(Math.max(this.#wordCharacters.length * 2, start + word.length));
      grown.set(this.#wordCharacters);
      this.#wordCharacters = grown;
    }
    for (let i = 0; i < word.length; i++) this.#wordCharacters[start + i] = word.charCodeAt(i);
    this.#wordCharactersUsed = start + word.length;
    return start;
  }

  #forgetWords(): void {
    this.#flushWords();
    this.#wordCount = 0;
    this.#wideTermsUsed = 0;
    this.#wordCharactersUsed = 0;
    this.#wordSlots.fill(0);
  }

  #touchWord(word: number): void {
    this.#touchedWords = withRoom(this.#touchedWords, this.#touchedWordCount);
    this.#touchedWords[this.#touchedWordCount++] = word;
  }

  /** Gives the terms of each word the field touched the word's counts and places. */
  #flushWords(): void {
    const state = this.#wordState;
    const words = this.#touchedWords;
    for (let w = 0; w < this.#touchedWordCount; w++) {
      const word = words[w] ?? 0;
      const at = word * WORD_STATE;
      const count = state[at + 1] ?? 1;
      const first = state[at + 2] ?? 0;
      const second = state[at + 3] ?? -1;
      const termCount = state[at + 7] ?? 0;
      const wide = termCount > WORD_TERMS_KEPT;
      const numbers = wide ? this.#wideTerms : state;
      const from = wide ? (state[at + 8] ?? 0) : at + 8;
      for (let i = 0; i < termCount; i++) {
        const id = numbers[from + i * 2] ?? 0;
        const offset = numbers[from + i * 2 + 1] ?? 0;
        this.#touch(id, count, first + offset, second === -1 ? -1 : second + offset);
      }
    }
    this.#touchedWordCount = 0;
  }

  /** Counts `id` once in the field being read, at `position`. */
  #touchOnce(id: number, position: number): void {
    this.#touch(id, 1, position, -1);
    if (position >= this.#length) this.#length = position + 1;
  }

  /**
   * Counts `id` `count` times in the field being read, first at `first` and then at `second`
   * (-1 for none): a term keeps the two lowest places it stands at, whatever order they come in.
   */
  #touch(id: number, count: number, first: number, second: number): void {
    const state = this.#termState;
    const at = id * TERM_STATE;
    if (state[at] !== this.#stamp) {
      state[at] = this.#stamp;
      state[at + 1] = count;
      state[at + 2] = first;
      state[at + 3] = second;
      this.#touched = withRoom(this.#touched, this.#touchedCount);
      this.#touched[this.#touchedCount++] = id;
      return;
    }
    state[at + 1] = (state[at + 1] ?? 0) + count;
    const kept = state[at + 2] ?? 0;
    const next = state[at + 3] ?? -1;
    if (first < kept) {
      state[at + 2] = first;
      // The second lowest: the first kept, unless the new second is lower still.
      state[at + 3] = second !== -1 && second < kept ? second : kept;
    } else if (next === -1 || first < next) state[at + 3] = first;
  }

  /** Adds the next post: its number is how many came before it. */
  add(document: SearchDocument): void {
    const number = this.#documents++;
    this.#addField(number, 0, document.title);
    this.#addField(number, 1, document.labels.join('\n'));
    this.#addField(number, 2, document.text);
  }

  #addField(number: number, field: number, text: string): void {
    this.#stamp = this.#field++;
    this.#touchedCount = 0;
    this.#length = 0;
    forEachTerm(text, this.#visit, this.#knownWords);
    this.#flushWords();
    this.#lengths.push(this.#length);
    const state = this.#termState;
    const touched = this.#touched;
    for (let t = 0; t < this.#touchedCount; t++) {
      const id = touched[t] ?? 0;
      const at = id * TERM_STATE;
      const count = state[at + 1] ?? 1;
      this.#logEntry(id, number, field | (count << 2), state[at + 2] ?? 0, state[at + 3] ?? -1);
    }
  }

  // Entries wait in a log, in the order posts give them, until the segment is taken: then they
  // are written out grouped by term, each term's in the order logged. Five numbers an entry:
  // term, post, field and count, first place, second place.
  #log = new Int32Array(1 << 15);
  #logged = 0;
  // Per term, while a segment is written: its earliest entry, -1 for none.
  #firstLogged = new Int32Array(1024).fill(-1);
  // While a segment is written: each entry's next of the same term, -1 for none, and the terms in
  // the order of their last entries. Kept from segment to segment, as the log is.
  #nextLogged = new Int32Array(1 << 12);
  #segmentTerms = new Uint32Array(1024);
  // The bytes of the segment being written, copied out once it is whole.
  readonly #bytes = new ByteWriter(1 << 16);

  #logEntry(id: number, post: number, code: number, first: number, second: number): void {
    let at = this.#logged * 5;
    if (at + 5 > this.#log.length) this.#log = grownTo(this.#log, this.#log.length * 2);
    const log = this.#log;
    log[at++] = id;
    log[at++] = post;
    log[at++] = code;
    log[at++] = first;
    log[at] = second;
    this.#logged++;
  }

  /**
   * The index of the posts added since the last segment, numbered from 0, its terms in the order
   * of their last entries; the next post added is the first of the next segment. What the
   * builder knows of words is kept for it.
   */
  segment(): IndexSegment {
    // Each step is a function of its own: one that holds both loops is compiled while it runs
    // the first, and that code is thrown away on reaching the second, on every call.
    const termCount = this.#chainEntries();
    const terms = this.#segmentTerms.slice(0, termCount);
    const documentFrequency = new Uint32Array(termCount);
    const lastDocument = new Uint32Array(termCount);
    const postingStarts = new Uint32Array(termCount + 1);
    this.#writePostings(terms, documentFrequency, lastDocument, postingStarts);
    const segment: IndexSegment = {
      documentCount: this.#documents,
      terms,
      names: this.#terms.slice(this.#named),
      firstName: this.#named,
      documentFrequency,
      lastDocument,
      postingStarts,
      // Exactly its bytes: a segment crosses to another thread, where all of a buffer is copied.
      postingBytes: this.#bytes.view().slice(),
      lengths: Uint32Array.from(this.#lengths),
    };
    this.#named = this.#terms.length;
    this.#logged = 0;
    this.#lengths = [];
    this.#documents = 0;
    return segment;
  }

  /**
   * Chains each logged entry to the next of its term, and answers how many terms the log holds:
   * their numbers are in `#segmentTerms`, in the order of their last entries.
   */
  #chainEntries(): number {
    const log = this.#log;
    const entries = this.#logged;
    if (this.#nextLogged.length < entries) this.#nextLogged = new Int32Array(entries * 2);
    const next = this.#nextLogged;
    if (this.#segmentTerms.length < this.#terms.length) {
      this.#segmentTerms = new Uint32Array(this.#termState.length / TERM_STATE);
    }
    const ids = this.#segmentTerms;
    let termCount = 0;
    const earliest = this.#firstLogged;
    for (let entry = entries - 1; entry >= 0; entry--) {
      const id = log[entry * 5] ?? 0;
      const later = earliest[id] ?? -1;
      if (later === -1) ids[termCount++] = id;
      next[entry] = later;
      earliest[id] = entry;
    }
    return termCount;
  }

  /** Writes the chained entries of each of `terms` into `#bytes`, and what the segment says of each. */
  #writePostings(
    terms: Uint32Array,
    documentFrequency: Uint32Array,
    lastDocument: Uint32Array,
    postingStarts: Uint32Array,
  ): void {
    const log = this.#log;
    const next = this.#nextLogged;
    const earliest = this.#firstLogged;
    const bytes = this.#bytes;
    bytes.length = 0;
    for (let i = 0; i < terms.length; i++) {
      const id = terms[i] ?? 0;
      postingStarts[i] = bytes.length;
      let last = -1;
      let posts = 0;
      for (let entry = earliest[id] ?? -1; entry !== -1; entry = next[entry] ?? -1) {
        const at = entry * 5;
        const post = log[at + 1] ?? 0;
        const code = log[at + 2] ?? 0;
        const first = log[at + 3] ?? 0;
        if (post !== last) posts++;
        pushEntry(bytes, last === -1 ? post : post - last, code, first, log[at + 4] ?? first);
        last = post;
      }
      documentFrequency[i] = posts;
      lastDocument[i] = last;
      earliest[id] = -1;
    }
    postingStarts[terms.length] = bytes.length;
  }

  /** `segment`, which this builder gave, with its terms named: what a build keeps of it. */
  named(segment: IndexSegment): NamedSegment {
    return {
      documentCount: segment.documentCount,
      terms: Array.from(segment.terms, (id) => this.#terms[id] ?? ''),
      documentFrequency: segment.documentFrequency,
      lastDocument: segment.lastDocument,
      postingStarts: segment.postingStarts,
      postingBytes: segment.postingBytes,
      lengths: segment.lengths,
    };
  }

  /**
   * Gives `kept`, a segment named by an earlier build, as the next segment of this builder: its
   * terms numbered as this builder's own, so that it joins among the builder's other segments as
   * if the builder had indexed its posts.
   */
  takeUp(kept: NamedSegment): IndexSegment {
    if (this.#documents !== 0) {
      throw new Error('a kept segment is taken up between segments, never amid the posts of one');
    }
    const { terms, ...numbers } = kept;
    const segment: IndexSegment = {
      ...numbers,
      terms: Uint32Array.from(terms, (term) => this.#idOf(term)),
      names: this.#terms.slice(this.#named),
      firstName: this.#named,
    };
    this.#named = this.#terms.length;
    return segment;
  }

  #idOf(term: string): number {
    if (term.length === 2) return this.#pairId(pairCode(term.charCodeAt(0), term.charCodeAt(1)));
    let id = this.#termIds.get(term);
    if (id === undefined) {
      const kept = detached(term);
      id = this.#numbered(kept);
      this.#termIds.set(kept, id);
    }
    return id;
  }

  /** Numbers a new term. */
  #numbered(term: string): number {
    const id = this.#terms.length;
    this.#terms.push(term);
    if ((id + 1) * TERM_STATE > this.#termState.length) this.#grow();
    return id;
  }

  #grow(): void {
    const size = (this.#termState.length / TERM_STATE) * 2;
    this.#firstLogged = grownTo(this.#firstLogged, size, -1);
    this.#termState = grownTo(this.#termState, size * TERM_STATE, -1);
  }
}

/**
 * Writes one entry of a term's postings (see `SearchIndex`): the post's number less the previous
 * entry's, `field | count << 2`, the first place and, for a count above 1, the distance to the
 * second.
 */
function pushEntry(
  bytes: ByteWriter,
  post: number,
  code: number,
  first: number,
  second: number,
): void {
  bytes.push(post);
  bytes.push(code);
  bytes.push(first);
  if (code >= 8) bytes.push(second - first);
}

/**
 * The segment of a batch of posts whose posts at the places `changed` names (numbers within the
 * batch) now read as the documents it maps them to, made from `kept`, the batch's segment before:
 * only those posts are indexed, and the others' postings are copied. It holds what a builder gives
 * for the batch as it now stands, its terms in another order — which no joined index shows.
 */
export function segmentWith(
  kept: NamedSegment,
  changed: ReadonlyMap<number, SearchDocument>,
): NamedSegment {
  const places = [...changed.keys()].sort((a, b) => a - b);
  const replaced = new Uint8Array(kept.documentCount);
  for (const place of places) {
    if (!Number.isInteger(place) || place < 0 || place >= kept.documentCount) {
      throw new Error(`a segment of ${kept.documentCount} posts has no post ${place}`);
    }
    replaced[place] = 1;
  }
  const builder = new SegmentBuilder();
  for (const place of places) builder.add(changed.get(place) as SearchDocument);
  const fresh = builder.named(builder.segment());
  const freshTerms = new Map(fresh.terms.map((term, i) => [term, i]));

  const bytes = new ByteWriter(kept.postingBytes.length + fresh.postingBytes.length + 16);
  const terms: string[] = [];
  const documentFrequency: number[] = [];
  const lastDocument: number[] = [];
  const postingStarts: number[] = [];
  const keptReader = new PostingReader();
  const freshReader = new PostingReader();
  const runOf = (segment: NamedSegment, term: number): Uint8Array =>
    segment.postingBytes.subarray(
      segment.postingStarts[term] ?? 0,
      segment.postingStarts[term + 1] ?? 0,
    );
  // Writes the entries of both readers merged in the order of their posts, under `term`; a term
  // left with no post is left out.
  const writeTerm = (term: string, keptRun: Uint8Array, freshRun: Uint8Array): void => {
    const start = bytes.length;
    let last = -1;
    let posts = 0;
    const write = (reader: PostingReader, document: number): void => {
      if (document !== last) posts++;
      const code = reader.field | (reader.count << 2);
      pushEntry(bytes, last === -1 ? document : document - last, code, reader.first, reader.second);
      last = document;
    };
    const nextKept = (): boolean => {
      while (keptReader.next()) if (replaced[keptReader.document] === 0) return true;
      return false;
    };
    keptReader.reset(keptRun);
    let hasKept = nextKept();
    let hasFresh = freshReader.reset(freshRun).next();
    while (hasKept || hasFresh) {
      const freshDocument = hasFresh ? (places[freshReader.document] ?? 0) : Infinity;
      if (hasKept && keptReader.document < freshDocument) {
        write(keptReader, keptReader.document);
        hasKept = nextKept();
      } else {
        write(freshReader, freshDocument);
        hasFresh = freshReader.next();
      }
    }
    if (posts === 0) {
      bytes.length = start;
      return;
    }
    terms.push(term);
    documentFrequency.push(posts);
    lastDocument.push(last);
    postingStarts.push(start);
  };
  const none = new Uint8Array(0);
  kept.terms.forEach((term, i) => {
    const inFresh = freshTerms.get(term);
    freshTerms.delete(term);
    writeTerm(term, runOf(kept, i), inFresh === undefined ? none : runOf(fresh, inFresh));
  });
  for (const [term, i] of freshTerms) writeTerm(term, none, runOf(fresh, i));
  postingStarts.push(bytes.length);

  const lengths = Uint32Array.from(kept.lengths);
  places.forEach((place, i) => {
    for (let field = 0; field < FIELDS.length; field++) {
      lengths[place * FIELDS.length + field] = fresh.lengths[i * FIELDS.length + field] ?? 0;
    }
  });
  return {
    documentCount: kept.documentCount,
    terms,
    documentFrequency: Uint32Array.from(documentFrequency),
    lastDocument: Uint32Array.from(lastDocument),
    postingStarts: Uint32Array.from(postingStarts),
    postingBytes: bytes.view().slice(),
    lengths,
  };
}

/**
 * Builds the index of a site's posts at once, as an export's threads build it in parts: the
 * posts are indexed in segments, joined as they are taken.
 */
export class IndexBuilder {
  readonly #segments = new SegmentBuilder();
  readonly #joiner = new IndexJoiner();
  readonly #segmentPosts: number;
  #pending = 0;

  constructor(segmentPosts = SEGMENT_POSTS) {
    this.#segmentPosts = segmentPosts;
  }

  /** Adds the next post: its number is how many came before it. */
  add(document: SearchDocument): void {
    this.#segments.add(document);
    if (++this.#pending === this.#segmentPosts) this.#join();
  }

  /** The numbers and bytes of the index of the posts added. */
  finish(): IndexData {
    if (this.#pending > 0) this.#join();
    return this.#joiner.finish();
  }

  #join(): void {
    this.#joiner.append(this.#segments.segment());
    this.#pending = 0;
  }
}

/**
 * Joins the segments of a site's posts, in the order search numbers them, into the index one
 * builder makes of all of them: each term's postings in a segment are its entries, their first
 * post renumbered.
 *
 * A term's postings are copied once, at the end, into one buffer sized for every term: each
 * segment's bytes are kept until then, with this joiner's number of each of its terms. A buffer
 * grown for each term as segments came cost a large vocabulary (half a million terms in a Chinese
 * blog of 7,000 posts) seconds of allocating and collecting garbage.
 */
export class IndexJoiner {
  // Each term by this joiner's number; the known ones' numbers in the order of the terms, looked
  // up by halving (a map of half a million terms took longer to make than the whole join); and
  // the numbers of the terms added since: of two code units by their code (see `pairCode`), the
  // others by term.
  readonly #names: string[];
  readonly #knownCount: number;
  readonly #knownOrder: Uint32Array;
  readonly #added = new Map<string, number>();
  readonly #addedPairs = new PairNumbers();
  #order: Uint32Array | undefined;
  // Per term: how many posts hold it, the last of them (-1 for none yet), and how many bytes its
  // joined postings take.
  #posts: Uint32Array;
  #lastPost: Int32Array;
  #sizes: Uint32Array;
  readonly #segments: AppendedSegment[] = [];
  readonly #lengths: Uint32Array[] = [];
  #documents = 0;
  // Per builder: the terms it named, by its numbers, and this joiner's number of each.
  readonly #builders = new Map<number, { names: string[]; ids: number[] }>();

  /**
   * A joiner that knows the `known` terms by their places in the list, as the joiner of an
   * earlier build numbered them (`known`, once it finished): a segment it numbered is taken up
   * by `appendNumbered`. Terms known but held by no post appended are not in the index.
   */
  constructor(known: KnownTerms = { terms: [], order: new Uint32Array() }) {
    this.#names = [...known.terms];
    this.#knownCount = known.terms.length;
    this.#knownOrder = known.order;
    if (known.order.length !== known.terms.length) {
      throw new Error('the order of the known terms is not of every one of them');
    }
    const size = Math.max(1024, 2 ** Math.ceil(Math.log2(known.terms.length + 1)));
    this.#posts = new Uint32Array(size);
    this.#lastPost = new Int32Array(size).fill(-1);
    this.#sizes = new Uint32Array(size);
  }

  /** Every term this joiner numbered so far, by its number: numbers it gives are never taken back. */
  get names(): readonly string[] {
    return this.#names;
  }

  /** Every term this joiner numbered, by its number, and their order: once finished. */
  get known(): KnownTerms {
    if (!this.#order) throw new Error('a joiner knows the order of its terms once finished');
    return { terms: this.#names, order: this.#order };
  }

  /**
   * Adds the posts of `segment`, numbered on from those added before. `builder` tells which
   * builder made it, whose segments must come in the order it made them. Answers this joiner's
   * number of each of the segment's terms.
   */
  append(segment: IndexSegment, builder = 0): Uint32Array {
    const { terms } = segment;
    const named = this.#namesOf(segment, builder);
    const ids = new Uint32Array(terms.length);
    for (let i = 0; i < terms.length; i++) {
      const own = terms[i] ?? 0;
      let id = named.ids[own] ?? -1;
      if (id === -1) {
        id = this.#idOf(named.names[own] ?? '');
        named.ids[own] = id;
      }
      ids[i] = id;
    }
    this.#join(segment, ids);
    return ids;
  }

  /**
   * Numbers `count` posts on without joining them: posts whose index the caller takes from
   * elsewhere (see `mendIndex`). Their postings are none and their lengths 0; a segment a builder
   * made, `named`, passes on the names of terms it brings to that builder's later segments.
   */
  skip(count: number, named?: { readonly segment: IndexSegment; readonly builder: number }): void {
    if (named) this.#namesOf(named.segment, named.builder);
    this.#lengths.push(new Uint32Array(count * FIELDS.length));
    this.#documents += count;
  }

  /** The terms `builder` named so far, with those `segment` brings, which must come next. */
  #namesOf(segment: IndexSegment, builder: number): { names: string[]; ids: number[] } {
    let named = this.#builders.get(builder);
    if (!named) this.#builders.set(builder, (named = { names: [], ids: [] }));
    if (segment.firstName !== named.names.length) {
      throw new Error(`segments of builder ${builder} are joined out of the order it made them`);
    }
    for (const name of segment.names) {
      named.names.push(name);
      named.ids.push(-1);
    }
    return named;
  }

  /** Adds the posts of `segment`, whose terms are named by this joiner's numbers. */
  appendNumbered(segment: NumberedSegment): void {
    const { ids } = segment;
    for (let i = 0; i < ids.length; i++) {
      if ((ids[i] ?? Infinity) >= this.#knownCount) {
        throw new Error(`a segment names term ${String(ids[i])}, which this joiner never knew`);
      }
    }
    this.#join(segment, ids);
  }

  #join(segment: Omit<NumberedSegment, 'ids'>, ids: Uint32Array): void {
    const base = this.#documents;
    const { postingStarts, postingBytes } = segment;
    const leads = new Uint32Array(ids.length);
    const cursor = { bytes: postingBytes, at: 0 };
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i] ?? 0;
      cursor.at = postingStarts[i] ?? 0;
      const first = base + readNumber(cursor);
      const last = this.#lastPost[id] ?? -1;
      const lead = last === -1 ? first : first - last;
      leads[i] = lead;
      this.#sizes[id] =
        (this.#sizes[id] ?? 0) + numberLength(lead) + (postingStarts[i + 1] ?? 0) - cursor.at;
      this.#lastPost[id] = base + (segment.lastDocument[i] ?? 0);
      this.#posts[id] = (this.#posts[id] ?? 0) + (segment.documentFrequency[i] ?? 0);
    }
    this.#segments.push({ bytes: postingBytes, starts: postingStarts, ids, leads });
    this.#lengths.push(segment.lengths);
    this.#documents += segment.documentCount;
  }

  #idOf(term: string): number {
    const pair = term.length === 2 ? pairCode(term.charCodeAt(0), term.charCodeAt(1)) : undefined;
    const added = pair === undefined ? (this.#added.get(term) ?? -1) : this.#addedPairs.get(pair);
    let id = added === -1 ? this.#knownId(term) : added;
    if (id === undefined) {
      id = this.#names.length;
      this.#names.push(term);
      if (pair === undefined) this.#added.set(term, id);
      else this.#addedPairs.set(pair, id);
      if (id >= this.#posts.length) {
        const size = this.#posts.length * 2;
        this.#posts = grownTo(this.#posts, size);
        this.#lastPost = grownTo(this.#lastPost, size, -1);
        this.#sizes = grownTo(this.#sizes, size);
      }
    }
    return id;
  }

  #knownId(term: string): number | undefined {
    const order = this.#knownOrder;
    const names = this.#names;
    const id = order[lowerBound(order.length, term, (at) => names[order[at] ?? 0] ?? '')];
    return id !== undefined && names[id] === term ? id : undefined;
  }

  /**
   * The numbers of every term, in the order of the terms: the known ones' and the added. The added
   * are sorted by their first code unit, then each group on its own, a step at a time: half a
   * million terms (a Chinese blog's) took half a second to sort at once, while the export threads
   * waited for this thread to hand them their next pages.
   */
  *#sortingIds(): Generator<void, Uint32Array> {
    const names = this.#names;
    const byName = (a: number, b: number) => compareTerms(names[a] ?? '', names[b] ?? '');
    const groups: number[][] = [];
    for (let id = this.#knownCount; id < names.length; id++) {
      // The empty term, if any, sorts with those that begin with U+0000, before them.
      const lead = (names[id] ?? '').charCodeAt(0) || 0;
      (groups[lead] ??= []).push(id);
    }
    const added: number[] = [];
    let sortedSinceStep = 0;
    for (const group of groups) {
      if (group === undefined) continue;
      group.sort(byName);
      for (const id of group) added.push(id);
      sortedSinceStep += group.length;
      if (sortedSinceStep >= TERMS_SORTED_A_STEP) {
        sortedSinceStep = 0;
        yield;
      }
    }
    const known = this.#knownOrder;
    const sorted = new Uint32Array(names.length);
    let k = 0;
    let a = 0;
    for (let i = 0; i < sorted.length; i++) {
      const next =
        a >= added.length || (k < known.length && byName(known[k] ?? 0, added[a] ?? 0) < 0)
          ? known[k++]
          : added[a++];
      sorted[i] = next ?? 0;
    }
    return sorted;
  }

  /** The numbers and bytes of the index of every post appended. */
  finish(): IndexData {
    return completed(this.finishing());
  }

  /**
   * `finish`, a step at a time: it pauses after every few segments copied, so that a thread that
   * has other work to answer (handing out batches) can see to it between steps.
   */
  *finishing(): Generator<void, IndexData> {
    const lengths = new Uint32Array(this.#documents * FIELDS.length);
    let at = 0;
    for (const part of this.#lengths) {
      lengths.set(part, at);
      at += part.length;
    }
    const names = this.#names;
    this.#order = yield* this.#sortingIds();
    const { order, documentFrequency, postingStarts, next, size } = heldTerms(
      this.#order,
      names,
      this.#posts,
      this.#sizes,
    );
    // Segment by segment, in the order of their posts' numbers: each term's runs follow each
    // other in its place.
    const postingBytes = new Uint8Array(size);
    for (const [segment, joined] of this.#segments.entries()) {
      if (segment % SEGMENTS_A_STEP === SEGMENTS_A_STEP - 1) yield;
      copyRuns(joined, postingBytes, next);
    }
    return {
      documentCount: this.#documents,
      terms: order,
      documentFrequency,
      postingStarts,
      postingBytes,
      lengths,
      averageLengths: averageLengthsOf(lengths, this.#documents),
    };
  }
}

/**
 * The terms held by at least one post, in the order `order` gives their numbers, with how many
 * posts hold each (`posts`) and where its postings start, given the bytes each takes (`sizes`);
 * `next` says where the first run of each term, by its number, is written. A function of its own,
 * as `copyRuns` is: these loops over half a million terms ran several times slower inside the
 * generator that calls it.
 */
function heldTerms(
  order: Uint32Array,
  names: readonly string[],
  posts: Uint32Array,
  sizes: Uint32Array,
): {
  order: string[];
  documentFrequency: Uint32Array;
  postingStarts: Uint32Array;
  next: Uint32Array;
  size: number;
} {
  let count = 0;
  for (let i = 0; i < order.length; i++) if ((posts[order[i] ?? 0] ?? 0) > 0) count++;
  const terms = new Array<string>(count);
  const documentFrequency = new Uint32Array(count);
  const postingStarts = new Uint32Array(count + 1);
  const next = new Uint32Array(names.length);
  let size = 0;
  let at = 0;
  for (let i = 0; i < order.length; i++) {
    const id = order[i] ?? 0;
    const held = posts[id] ?? 0;
    if (held === 0) continue;
    terms[at] = names[id] ?? '';
    documentFrequency[at] = held;
    postingStarts[at] = size;
    next[id] = size;
    size += sizes[id] ?? 0;
    at++;
  }
  postingStarts[count] = size;
  return { order: terms, documentFrequency, postingStarts, next, size };
}

/**
 * A segment as a joiner keeps it: its postings, and for each of its terms the joiner's number and
 * the first post's number as the joined postings write it.
 */
interface AppendedSegment {
  readonly bytes: Uint8Array;
  readonly starts: Uint32Array;
  readonly ids: Uint32Array;
  readonly leads: Uint32Array;
}

/**
 * Copies each run of `segment` into `postingBytes`, where `next` says the run of its term goes,
 * its first post's number in place of the segment's own. A function of its own, not a loop of
 * the generator that calls it, which V8 compiles less well.
 */
function copyRuns(segment: AppendedSegment, postingBytes: Uint8Array, next: Uint32Array): void {
  const { bytes, starts, ids, leads } = segment;
  const cursor = { bytes, at: 0 };
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] ?? 0;
    cursor.at = starts[i] ?? 0;
    readNumber(cursor);
    const from = cursor.at;
    const to = starts[i + 1] ?? from;
    let written = writeNumber(postingBytes, next[id] ?? 0, leads[i] ?? 0);
    // Most runs are a few bytes: a view of each would cost more than the copy.
    if (to - from <= SHORT_COPY) {
      for (let j = from; j < to; j++) postingBytes[written++] = bytes[j] ?? 0;
    } else {
      postingBytes.set(bytes.subarray(from, to), written);
      written += to - from;
    }
    next[id] = written;
  }
}

/** What the work `steps` comes to, done at once. */
export function completed<T>(steps: Generator<void, T>): T {
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/** How many bytes `value` takes as an unsigned LEB128 number. */
function numberLength(value: number): number {
  let length = 1;
  for (let rest = value; rest >= 0x80; rest = Math.floor(rest / 128)) length++;
  return length;
}

/** Writes `value` as an unsigned LEB128 number into `bytes` at `at`; answers where it ended. */
export function writeNumber(bytes: Uint8Array, at: number, value: number): number {
  let rest = value;
  let end = at;
  while (rest >= 0x80) {
    bytes[end++] = (rest & 0x7f) | 0x80;
    rest = Math.floor(rest / 128);
  }
  bytes[end++] = rest;
  return end;
}

/** `array` in a longer array of its kind, the new places holding `fill`. */
/** `array`, or a copy twice its size when its `used` numbers fill it. */
function withRoom<T extends Int32Array>(array: T, used: number): T {
  return used < array.length ? array : grownTo(array, array.length * 2);
}

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

/** An index from its numbers and bytes, all at hand: one dictionary for every prefix. */
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
  const termAt = (at: number): string => terms[at] ?? '';
  const from = lowerBound(terms.length, prefix, termAt);
  // The first string after every string that begins with the prefix.
  const to = lowerBound(terms.length, `${prefix}\uffff`, termAt);
  return [from, to];
}

/** The place of `term` in `terms` (sorted), or -1. */
export function termNumber(terms: readonly string[], term: string): number {
  const at = lowerBound(terms.length, term, (i) => terms[i] ?? '');
  return terms[at] === term ? at : -1;
}

/**
 * The first of `count` sorted strings, the `at`th of them `stringAt(at)`, not before `value`: none
 * before `from`, where the caller knows it is not.
 */
export function lowerBound(
  count: number,
  value: string,
  stringAt: (at: number) => string,
  from = 0,
): number {
  let low = from;
  let high = count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (stringAt(middle) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function averageLengthsOf(lengths: Uint32Array, documentCount: number): number[] {
  return FIELDS.map((_, field) => {
    let sum = 0;
    for (let at = field; at < lengths.length; at += FIELDS.length) sum += lengths[at] ?? 0;
    return Math.max(1, sum / Math.max(1, documentCount));
  });
}
