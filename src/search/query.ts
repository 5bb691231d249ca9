// Search: a query against an index — which posts it finds and in what order. Each word of the
// query is looked up as written and by its stem, as a prefix when it is the word being typed, with
// one typo forgiven in a longer word found nowhere, and, in Chinese and Japanese, by its pairs of
// characters. A post scores by BM25 over its fields (a title weighs more than tags, tags more
// than the text), by how many of the query's words it has, and more when they stand together.
import {
  FIELDS,
  type IndexSource,
  PLACES_KEPT,
  PostingReader,
  prefixRange,
  type TermDictionary,
  termNumber,
} from './search-index.js';
import { queryWords, type QueryWord, stem } from './tokenize.js';

/** How much a match in each field counts, by `FIELDS`. */
const FIELD_WEIGHTS = [5, 3, 1] as const;
// BM25's saturation of repeated terms, and how much a long field's length discounts them.
const K1 = 1.2;
const LENGTH_DISCOUNT = [0.5, 0.3, 0.75] as const;
// How much a word found as a prefix, or with a typo, counts against one found as written.
const PREFIX_STRENGTH = 0.7;
const TYPO_STRENGTH = 0.5;
// The shortest word of a space-separated script looked for as a prefix (in the other scripts,
// one character is), and the shortest in which a typo is forgiven.
const SHORTEST_PREFIX = 2;
const SHORTEST_TYPO = 5;
// A word found as written in this many posts or fewer is a typo that a post made too (`udpate` in
// one of 2,000 posts of a real blog), when a word one typo away stands in this many times as many
// posts: those are found as well, after the posts that have it as written.
const RARE_WORD_POSTS = 2;
const COMMONER_WORD = 5;
// Bounds on the work of one query, whatever it is: characters and words read, terms a prefix
// may stand for, and posting bytes read.
export const MOST_QUERY_CHARACTERS = 1000;
const MOST_QUERY_WORDS = 12;
const MOST_PREFIX_TERMS = 8;
const MOST_POSTING_BYTES = 4_000_000;
const PROXIMITY_BONUS = 0.5;
// The share of the parts of a long word (pairs of characters, an identifier's words) that a post
// must hold to be found by it. A word of four characters, three pairs, is found by one of them:
// `状態管理` finds a post about `状態` alone, which readers labelled as wanted.
const LEAST_PARTS_HELD = 0.5;
const LONG_WORD_PARTS = 5;

/** A post found, by its number in the index, with its score. */
export interface SearchHit {
  readonly document: number;
  readonly score: number;
}

/** What a query found, best first, and the terms it looked for (to mark in snippets). */
export interface SearchResult {
  /** The best hits, as many as asked for. */
  readonly hits: readonly SearchHit[];
  /** How many posts the query found in all. */
  readonly total: number;
  readonly terms: ReadonlySet<string>;
}

/** A term of the index a word of the query matches, and how much a match counts. */
interface Expansion {
  readonly dictionary: TermDictionary;
  readonly term: number;
  readonly strength: number;
}

/** How a query is run. */
export interface SearchOptions {
  /** Whether the last word may be unfinished, and matches as a prefix (default true). */
  readonly typing?: boolean;
  /** How many of the best hits to give (default all). */
  readonly limit?: number;
}

/** Runs `query` against `index`. */
export function search(
  index: IndexSource,
  query: string,
  { typing = true, limit = Infinity }: SearchOptions = {},
): SearchResult {
  const words = queryWords(query.slice(0, MOST_QUERY_CHARACTERS)).slice(0, MOST_QUERY_WORDS);
  const lookedFor = new Set<string>();
  const count = index.documentCount;
  if (words.length === 0 || count === 0) return { hits: [], total: 0, terms: lookedFor };
  const budget = { bytes: MOST_POSTING_BYTES };
  const work = scratchFor(count);
  const fieldWeights = fieldWeightsOf(index, work);
  const reading: Reading = { index, budget, lookedFor, work, turn: 0, fieldWeights };
  const { totals, matched } = work;
  let allWeight = 0;
  let previous: WordMatches | undefined;
  for (const [i, word] of words.entries()) {
    const last = typing && i === words.length - 1 && !/\s$/.test(query);
    const current = wordMatches(reading, word, last);
    const { scores, weight } = current;
    const before = previous?.scores;
    allWeight += weight;
    for (let document = 0; document < count; document++) {
      const score = scores[document] ?? 0;
      if (score === 0) continue;
      let total = (totals[document] ?? 0) + score;
      matched[document] = (matched[document] ?? 0) + weight;
      // Words next to each other in the query and in a field of the post count more.
      const scoreBefore = before?.[document] ?? 0;
      if (previous && scoreBefore > 0 && near(previous, current, document)) {
        total += PROXIMITY_BONUS * (scoreBefore + score);
      }
      totals[document] = total;
    }
    previous = current;
  }
  let total = 0;
  for (let document = 0; document < count; document++) {
    if ((totals[document] ?? 0) === 0) continue;
    total++;
    const share = (matched[document] ?? 0) / (allWeight || 1);
    totals[document] = (totals[document] ?? 0) * share * share;
  }
  return { hits: best(totals, Math.min(limit, total)), total, terms: lookedFor };
}

/**
 * Makes ahead of a first query what every query of `index` works in: its arrays of one number per
 * post, and what a term counts for in each field of each post.
 */
export function prepareSearch(index: IndexSource): void {
  if (index.documentCount > 0) fieldWeightsOf(index, scratchFor(index.documentCount));
}

/**
 * The `k` posts of highest score, best first; equal scores keep the site's order, newer posts
 * (of higher numbers, see `searchNumber`) first. A heap of the best so far spares sorting every
 * post found to show ten.
 */
function best(scores: Float64Array, k: number): SearchHit[] {
  const better = (a: number, b: number): number => (scores[b] ?? 0) - (scores[a] ?? 0) || b - a;
  if (k <= 0) return [];
  // A heap whose root is the weakest of the best `k` so far. Posts come in the site's order,
  // newest first, so a later one must score strictly more than the root to take its place.
  const heap = new Int32Array(k);
  let size = 0;
  const weaker = (i: number, j: number): boolean => better(heap[i] ?? 0, heap[j] ?? 0) > 0;
  const swap = (i: number, j: number): void => {
    const kept = heap[i] ?? 0;
    heap[i] = heap[j] ?? 0;
    heap[j] = kept;
  };
  for (let document = scores.length - 1; document >= 0; document--) {
    const score = scores[document] ?? 0;
    if (score <= 0) continue;
    if (size < k) {
      heap[size] = document;
      for (let at = size++; at > 0 && weaker(at, (at - 1) >> 1); at = (at - 1) >> 1) {
        swap(at, (at - 1) >> 1);
      }
    } else if (score > (scores[heap[0] ?? 0] ?? 0)) {
      heap[0] = document;
      for (let at = 0; ;) {
        const left = 2 * at + 1;
        let weakest = at;
        if (left < size && weaker(left, weakest)) weakest = left;
        if (left + 1 < size && weaker(left + 1, weakest)) weakest = left + 1;
        if (weakest === at) break;
        swap(at, weakest);
        at = weakest;
      }
    }
  }
  return Array.from(heap.subarray(0, size))
    .sort(better)
    .map((document) => ({ document, score: scores[document] ?? 0 }));
}

interface Reading {
  readonly index: IndexSource;
  readonly budget: { bytes: number };
  readonly lookedFor: Set<string>;
  readonly work: Scratch;
  /** Which of the two `work.words` the next word fills. */
  turn: number;
  /** What a term counts for once in each field of each post: see `fieldWeightsOf`. */
  readonly fieldWeights: Float64Array;
}

/**
 * The arrays a query fills, one number per post: a query runs to its end once begun, so one set
 * serves every query of an index's size, and a flood of queries leaves no garbage behind.
 */
interface Scratch {
  readonly count: number;
  readonly totals: Float64Array;
  /** The weight of the query's words each post holds: missing a rare word costs more. */
  readonly matched: Float64Array;
  /** How many parts of a word each post holds. */
  readonly parts: Uint8Array;
  /** The word being read and the one before it. */
  readonly words: readonly [WordMatches, WordMatches];
  readonly reader: PostingReader;
  /** The field weights of the lengths last read, and those lengths. */
  fieldWeights: Float64Array;
  weightedLengths: IndexSource['lengths'] | undefined;
}

let scratch: Scratch | undefined;

function scratchFor(count: number): Scratch {
  if (scratch?.count !== count) {
    scratch = {
      count,
      totals: new Float64Array(count),
      matched: new Float64Array(count),
      parts: new Uint8Array(count),
      words: [emptyMatches(count), emptyMatches(count)],
      reader: new PostingReader(),
      fieldWeights: new Float64Array(count * FIELDS.length),
      weightedLengths: undefined,
    };
  } else {
    scratch.totals.fill(0);
    scratch.matched.fill(0);
  }
  return scratch;
}

/**
 * What one occurrence of a term counts for in each field of each post, `fieldWeights[post * 3 +
 * field]`: the field's weight over BM25's discount for its length. Made once for the lengths of an
 * index, not for each of the hundreds of thousands of postings a query reads.
 */
function fieldWeightsOf(index: IndexSource, work: Scratch): Float64Array {
  const { lengths } = index;
  if (work.weightedLengths === lengths) return work.fieldWeights;
  const weights = work.fieldWeights;
  for (let field = 0; field < FIELDS.length; field++) {
    const share = LENGTH_DISCOUNT[field] ?? 0;
    const fixed = 1 - share;
    const perTerm = share / (index.averageLengths[field] ?? 1);
    const weight = FIELD_WEIGHTS[field] ?? 1;
    for (let at = field; at < weights.length; at += FIELDS.length) {
      weights[at] = weight / (fixed + perTerm * (lengths[at] ?? 0));
    }
  }
  work.weightedLengths = lengths;
  return weights;
}

/** A word's score in each post, and where it first stands in each field of each post. */
interface WordMatches {
  readonly scores: Float64Array;
  /** How much the word tells posts apart: the rarest of its terms' IDF, 0 if none is held. */
  weight: number;
  /** `places[(post * 3 + field) * 2 + k]`: the word's first two places there, or -1. */
  readonly places: Int32Array;
}

function emptyMatches(count: number): WordMatches {
  return {
    weight: 0,
    scores: new Float64Array(count),
    places: new Int32Array(count * FIELDS.length * PLACES_KEPT).fill(-1),
  };
}

/** The matches of the next word, emptied: the one before it is kept for proximity. */
function nextMatches(reading: Reading): WordMatches {
  const matches = reading.work.words[reading.turn] as WordMatches;
  reading.turn = 1 - reading.turn;
  matches.weight = 0;
  matches.scores.fill(0);
  matches.places.fill(-1);
  return matches;
}

function wordMatches(reading: Reading, word: QueryWord, last: boolean): WordMatches {
  const { index } = reading;
  if (word.script === 'unspaced' && word.pairs.length > 1) return partsMatches(reading, word.pairs);
  const expansions = expand(index, word, last);
  // A browser fetches what the word reads, and asks again.
  if (expansions === undefined) return nextMatches(reading);
  if (expansions.length === 0) {
    // An identifier no post holds whole is found by its words (`__filename` by `filename`); a
    // Korean compound by the terms it is made of, of which one alone is the word itself.
    const parts = word.script === 'hangul' ? compoundParts(index, word.prefix) : word.parts;
    if (parts.length > (word.script === 'hangul' ? 1 : 0)) return partsMatches(reading, parts);
  }
  const matches = nextMatches(reading);
  for (const expansion of expansions) {
    reading.lookedFor.add(expansion.dictionary.terms[expansion.term] ?? '');
    const weight = scoreTerm(reading, expansion, matches);
    matches.weight = Math.max(matches.weight, weight);
  }
  return matches;
}

/**
 * A word the index holds only in parts — the pairs of characters of Chinese or Japanese, a Korean
 * compound written without spaces, the words of an identifier — found by those parts, all wanted:
 * a post holding every part the index has scores as if it held the word; one holding some, in
 * proportion, and less. A part no post holds counts against none.
 */
function partsMatches(reading: Reading, parts: readonly string[]): WordMatches {
  const { index } = reading;
  const matches = nextMatches(reading);
  const found = reading.work.parts.fill(0);
  let held = 0;
  for (const part of new Set(parts)) {
    const dictionary = index.dictionary(part);
    const term = dictionary ? termNumber(dictionary.terms, part) : -1;
    if (!dictionary || term === -1) continue;
    held++;
    reading.lookedFor.add(part);
    const weight = scoreTerm(reading, { dictionary, term, strength: 1 }, matches, found);
    matches.weight = Math.max(matches.weight, weight);
  }
  // A post holding a few pairs of a long word holds other words that share them (`スト` of
  // `ストレス`, `ファ` of `ファイル`): it is not found unless it holds half the word at least.
  const least = held >= LONG_WORD_PARTS ? LEAST_PARTS_HELD : 0;
  for (let document = 0; document < index.documentCount; document++) {
    const coverage = (found[document] ?? 0) / Math.max(1, held);
    matches.scores[document] =
      coverage < least
        ? 0
        : ((matches.scores[document] ?? 0) / Math.max(1, held)) * coverage * coverage;
  }
  return matches;
}

/**
 * A Korean word written without spaces (`동적계획법`) as the longest terms of the index it is
 * made of, read from the left (`동적`, `계획법`); syllables that begin no term are passed over.
 */
function compoundParts(index: IndexSource, word: string): string[] {
  const chars = [...word];
  const parts: string[] = [];
  let at = 0;
  while (at < chars.length) {
    let taken = 0;
    for (let end = chars.length; end - at >= 2 && taken === 0; end--) {
      const part = chars.slice(at, end).join('');
      const dictionary = index.dictionary(part);
      if (dictionary && termNumber(dictionary.terms, part) !== -1) {
        parts.push(part);
        taken = end - at;
      }
    }
    at += Math.max(1, taken);
  }
  return parts;
}

/**
 * Reads a term's postings: BM25F over each post's fields (weighted, length-discounted counts,
 * saturated) into `matches` — the best of the word's terms, or, for the `parts` of a word, their
 * sum, with how many parts each post holds — and the term's places. Gives the term's weight.
 */
function scoreTerm(
  reading: Reading,
  { dictionary, term, strength }: Expansion,
  matches: WordMatches,
  parts?: Uint8Array,
): number {
  const { index, budget } = reading;
  // The size, not the bytes, counts: a browser learns which postings to fetch by a query that
  // has none of them at hand, and it must ask for exactly those the query will read.
  const size = dictionary.postingSize(term);
  if (budget.bytes < size) return 0;
  budget.bytes -= size;
  const frequency = dictionary.documentFrequency[term] ?? 0;
  const idf = Math.log(1 + (index.documentCount - frequency + 0.5) / (frequency + 0.5));
  const bytes = dictionary.postings(term);
  if (!bytes) return strength * idf;
  const { scores, places } = matches;
  const scale = strength * idf * (K1 + 1);
  const { fieldWeights } = reading;
  const reader = reading.work.reader.reset(bytes);
  // Entries come by post: a post's fields are summed, then its score is kept.
  let current = -1;
  let weighted = 0;
  for (let more = reader.next(); ; more = reader.next()) {
    if (current !== -1 && (!more || reader.document !== current)) {
      const score = (scale * weighted) / (weighted + K1);
      const before = scores[current] ?? 0;
      if (parts) {
        scores[current] = before + score;
        parts[current] = (parts[current] ?? 0) + 1;
      } else if (score > before) scores[current] = score;
      weighted = 0;
    }
    if (!more) break;
    const { document, field } = reader;
    current = document;
    const at = document * FIELDS.length + field;
    weighted += (fieldWeights[at] ?? 0) * reader.count;
    notePlace(places, at * PLACES_KEPT, reader.first, reader.second);
  }
  return strength * idf;
}

/** Keeps the two smallest places of a word in a field, whichever of its terms stands there. */
function notePlace(places: Int32Array, at: number, first: number, second: number): void {
  keepPlace(places, at, first);
  if (second >= 0) keepPlace(places, at, second);
}

function keepPlace(places: Int32Array, at: number, place: number): void {
  const a = places[at] ?? -1;
  const b = places[at + 1] ?? -1;
  if (a === -1 || place < a) {
    places[at + 1] = a;
    places[at] = place;
  } else if (place !== a && (b === -1 || place < b)) places[at + 1] = place;
}

/** Whether the second word stands within two places after the first in some field of the post. */
function near(before: WordMatches, after: WordMatches, document: number): boolean {
  for (let field = 0; field < FIELDS.length; field++) {
    const at = (document * FIELDS.length + field) * PLACES_KEPT;
    for (let i = 0; i < PLACES_KEPT; i++) {
      const place = before.places[at + i] ?? -1;
      if (place < 0) continue;
      for (let j = 0; j < PLACES_KEPT; j++) {
        const other = after.places[at + j] ?? -1;
        if (other > place && other - place <= 2) return true;
      }
    }
  }
  return false;
}

/**
 * The terms of the index a word matches, each with how much a match counts, or `undefined` while
 * the terms it reads are not at hand: a typo is looked for among all the terms of its first
 * letter, only for a word that is not found otherwise or that few posts hold as written.
 */
function expand(index: IndexSource, word: QueryWord, last: boolean): Expansion[] | undefined {
  // By the term matched, whichever page of the dictionary it was read from.
  const found = new Map<string, Expansion>();
  let atHand = true;
  for (const form of word.exact) {
    const dictionary = index.dictionary(form);
    const term = dictionary ? termNumber(dictionary.terms, form) : -1;
    if (!dictionary) atHand = false;
    else if (term !== -1) found.set(form, { dictionary, term, strength: 1 });
  }
  const shortest = word.script === 'spaced' ? SHORTEST_PREFIX : 1;
  if (last && [...word.prefix].length >= shortest) {
    const dictionary = index.dictionary(word.prefix);
    if (!dictionary) atHand = false;
    else {
      const { terms, documentFrequency } = dictionary;
      const [from, to] = prefixRange(terms, word.prefix);
      // Among many, the terms most posts hold. A form of the word itself (`tests` for `test`)
      // finds nothing its stem has not: every form is indexed by its stem too.
      const forms = new Set(word.exact);
      const candidates = Array.from({ length: to - from }, (_, i) => from + i)
        .filter((term) => !found.has(terms[term] ?? '') && !forms.has(stem(terms[term] ?? '')))
        .sort((a, b) => (documentFrequency[b] ?? 0) - (documentFrequency[a] ?? 0) || a - b)
        .slice(0, MOST_PREFIX_TERMS);
      for (const term of candidates) {
        found.set(terms[term] ?? '', { dictionary, term, strength: PREFIX_STRENGTH });
      }
    }
  }
  if (!atHand) return undefined;
  // How many posts hold the word as written, at most, if it is found so.
  let written = 0;
  for (const { dictionary, term, strength } of found.values()) {
    if (strength === 1) written = Math.max(written, dictionary.documentFrequency[term] ?? 0);
  }
  const rare = written > 0 && written <= RARE_WORD_POSTS;
  if (
    (found.size === 0 || rare) &&
    word.script !== 'unspaced' &&
    [...word.prefix].length >= SHORTEST_TYPO
  ) {
    const first = String.fromCodePoint(word.prefix.codePointAt(0) ?? 0);
    const dictionary = index.dictionary(first);
    if (!dictionary) return undefined;
    for (const term of oneTypoAway(dictionary.terms, word.prefix)) {
      const name = dictionary.terms[term] ?? '';
      if (found.has(name)) continue;
      if (rare && (dictionary.documentFrequency[term] ?? 0) < written * COMMONER_WORD) continue;
      found.set(name, { dictionary, term, strength: TYPO_STRENGTH });
    }
  }
  return [...found.values()];
}

/**
 * Terms one edit (a letter added, dropped, changed, or two swapped) from `word` that begin with
 * its first letter: a reader's typo rarely falls there, and the index is read one letter at a time.
 */
function oneTypoAway(terms: readonly string[], word: string): number[] {
  const first = String.fromCodePoint(word.codePointAt(0) ?? 0);
  const [from, to] = prefixRange(terms, first);
  const found: number[] = [];
  for (let term = from; term < to; term++) {
    const candidate = terms[term] ?? '';
    if (withinOneEdit(candidate, word)) found.push(term);
  }
  return found;
}

/** Whether `a` and `b` differ by at most one insertion, deletion, substitution or swap. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const restA = endA - start;
  const restB = endB - start;
  if (restA <= 1 && restB <= 1) return true;
  // Two neighbouring letters swapped.
  return restA === 2 && restB === 2 && a[start] === b[start + 1] && a[start + 1] === b[start];
}
