// Search: a query against an index — which posts it finds and in what order. Each word of the
// query is looked up as written and by its stem, as a prefix when it is the word being typed, with
// one typo forgiven in a longer word found nowhere, and, in Chinese and Japanese, by its pairs of
// characters. A post scores by BM25 over its fields (a title weighs more than tags, tags more
// than the text), by how many of the query's words it has, and more when they stand together.
import {
  FIELDS,
  forEachPosting,
  type IndexSource,
  PLACES_KEPT,
  prefixRange,
  type TermDictionary,
  termNumber,
} from './search-index.js';
import { queryWords, type QueryWord } from './tokenize.js';

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
// Bounds on the work of one query, whatever it is: characters and words read, terms a prefix
// may stand for, and posting bytes read.
const MOST_QUERY_CHARACTERS = 1000;
const MOST_QUERY_WORDS = 12;
const MOST_PREFIX_TERMS = 8;
const MOST_POSTING_BYTES = 4_000_000;
const PROXIMITY_BONUS = 0.5;

/** A post found, by its number in the index, with its score. */
export interface SearchHit {
  readonly document: number;
  readonly score: number;
}

/** What a query found, best first, and the terms it looked for (to mark in snippets). */
export interface SearchResult {
  readonly hits: readonly SearchHit[];
  readonly terms: ReadonlySet<string>;
}

/** A term of the index a word of the query matches, and how much a match counts. */
interface Expansion {
  readonly dictionary: TermDictionary;
  readonly term: number;
  readonly strength: number;
}

/** Runs `query` against `index`. `typing` says the last word may be unfinished. */
export function search(index: IndexSource, query: string, typing = true): SearchResult {
  const words = queryWords(query.slice(0, MOST_QUERY_CHARACTERS)).slice(0, MOST_QUERY_WORDS);
  const lookedFor = new Set<string>();
  const count = index.documentCount;
  if (words.length === 0 || count === 0) return { hits: [], terms: lookedFor };
  const budget = { bytes: MOST_POSTING_BYTES };
  const reading: Reading = { index, budget, lookedFor };
  const totals = new Float64Array(count);
  // The weight of the query's words each post holds: a post missing a rare word loses more than
  // one missing `the`.
  const matched = new Float64Array(count);
  let allWeight = 0;
  let previous: WordMatches | undefined;
  for (const [i, word] of words.entries()) {
    const last = typing && i === words.length - 1 && !/\s$/.test(query);
    const current = wordMatches(reading, word, last);
    allWeight += current.weight;
    for (let document = 0; document < count; document++) {
      const score = current.scores[document] ?? 0;
      if (score === 0) continue;
      totals[document] = (totals[document] ?? 0) + score;
      matched[document] = (matched[document] ?? 0) + current.weight;
      // Words next to each other in the query and in a field of the post count more.
      if (previous && (previous.scores[document] ?? 0) > 0 && near(previous, current, document)) {
        totals[document] =
          (totals[document] ?? 0) + PROXIMITY_BONUS * ((previous.scores[document] ?? 0) + score);
      }
    }
    previous = current;
  }
  const hits: SearchHit[] = [];
  for (let document = 0; document < count; document++) {
    if ((totals[document] ?? 0) === 0) continue;
    const share = (matched[document] ?? 0) / (allWeight || 1);
    hits.push({ document, score: (totals[document] ?? 0) * share * share });
  }
  // Equal scores keep the site's order: newer posts first.
  hits.sort((a, b) => b.score - a.score || a.document - b.document);
  return { hits, terms: lookedFor };
}

interface Reading {
  readonly index: IndexSource;
  readonly budget: { bytes: number };
  readonly lookedFor: Set<string>;
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

function wordMatches(reading: Reading, word: QueryWord, last: boolean): WordMatches {
  const { index } = reading;
  if (word.script === 'unspaced' && word.pairs.length > 1) return partsMatches(reading, word.pairs);
  const expansions = expand(index, word, last);
  if (expansions.length === 0) {
    const parts = word.script === 'hangul' ? compoundParts(index, word.prefix) : word.parts;
    if (parts.length > 1) return partsMatches(reading, parts);
  }
  const matches = emptyMatches(index.documentCount);
  for (const expansion of expansions) {
    reading.lookedFor.add(expansion.dictionary.terms[expansion.term] ?? '');
    const weight = scoreTerm(reading, expansion, matches, (document, score) => {
      if (score > (matches.scores[document] ?? 0)) matches.scores[document] = score;
    });
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
  const matches = emptyMatches(index.documentCount);
  const found = new Uint8Array(index.documentCount);
  let held = 0;
  for (const part of new Set(parts)) {
    const dictionary = dictionaryFor(index, part);
    const term = dictionary ? termNumber(dictionary.terms, part) : -1;
    if (!dictionary || term === -1) continue;
    held++;
    reading.lookedFor.add(part);
    const weight = scoreTerm(
      reading,
      { dictionary, term, strength: 1 },
      matches,
      (document, score) => {
        matches.scores[document] = (matches.scores[document] ?? 0) + score;
        found[document] = (found[document] ?? 0) + 1;
      },
    );
    matches.weight = Math.max(matches.weight, weight);
  }
  for (let document = 0; document < index.documentCount; document++) {
    const coverage = (found[document] ?? 0) / Math.max(1, held);
    matches.scores[document] =
      ((matches.scores[document] ?? 0) / Math.max(1, held)) * coverage * coverage;
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
      const dictionary = dictionaryFor(index, part);
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
 * saturated), handed to `take` once per post, and the term's places noted in `matches`.
 */
function scoreTerm(
  reading: Reading,
  { dictionary, term, strength }: Expansion,
  matches: WordMatches,
  take: (document: number, score: number) => void,
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
  let current = -1;
  let weighted = 0;
  const flush = (): void => {
    if (current !== -1) take(current, (strength * idf * weighted * (K1 + 1)) / (weighted + K1));
  };
  forEachPosting(bytes, (document, field, count, first, second) => {
    if (document !== current) {
      flush();
      current = document;
      weighted = 0;
    }
    const length = index.lengths[document * FIELDS.length + field] ?? 0;
    const discount =
      1 -
      LENGTH_DISCOUNT[field] +
      (LENGTH_DISCOUNT[field] * length) / (index.averageLengths[field] ?? 1);
    weighted += (FIELD_WEIGHTS[field] * count) / discount;
    notePlace(matches.places, (document * FIELDS.length + field) * PLACES_KEPT, first, second);
  });
  flush();
  return strength * idf;
}

/** Keeps the two smallest places of a word in a field, whichever of its terms stands there. */
function notePlace(places: Int32Array, at: number, first: number, second: number): void {
  for (const place of [first, second]) {
    if (place < 0) continue;
    const a = places[at] ?? -1;
    const b = places[at + 1] ?? -1;
    if (a === -1 || place < a) {
      places[at + 1] = a;
      places[at] = place;
    } else if (place !== a && (b === -1 || place < b)) places[at + 1] = place;
  }
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

/** The dictionary that holds the terms beginning as `text` does. */
function dictionaryFor(index: IndexSource, text: string): TermDictionary | undefined {
  return index.dictionary(String.fromCodePoint(text.codePointAt(0) ?? 0));
}

/** The terms of the index a word matches, each with how much a match counts. */
function expand(index: IndexSource, word: QueryWord, last: boolean): Expansion[] {
  const dictionary = dictionaryFor(index, word.prefix);
  if (!dictionary) return [];
  const { terms, documentFrequency } = dictionary;
  const found = new Map<number, number>();
  for (const form of word.exact) {
    // Every form of a word begins as the word does, so one dictionary holds them all.
    const term = termNumber(terms, form);
    if (term !== -1) found.set(term, 1);
  }
  const shortest = word.script === 'spaced' ? SHORTEST_PREFIX : 1;
  if (last && [...word.prefix].length >= shortest) {
    const [from, to] = prefixRange(terms, word.prefix);
    // Among many, the terms most posts hold.
    const candidates = Array.from({ length: to - from }, (_, i) => from + i)
      .filter((term) => !found.has(term))
      .sort((a, b) => (documentFrequency[b] ?? 0) - (documentFrequency[a] ?? 0) || a - b)
      .slice(0, MOST_PREFIX_TERMS);
    for (const term of candidates) found.set(term, PREFIX_STRENGTH);
  }
  if (found.size === 0 && word.script !== 'unspaced' && [...word.prefix].length >= SHORTEST_TYPO) {
    for (const term of oneTypoAway(terms, word.prefix)) found.set(term, TYPO_STRENGTH);
  }
  return [...found].map(([term, strength]) => ({ dictionary, term, strength }));
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
