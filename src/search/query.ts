// Search: a query against an index — which posts it finds and in what order. Each word of the
// query is looked up as written and by its stem, as a prefix when it is the word being typed, with
// one typo forgiven in a longer word found nowhere, and, in Chinese and Japanese, by its pairs of
// characters. A post scores by BM25 over its fields (a title weighs more than tags, tags more
// than the text), by how many of the query's words it has, and more when they stand together.
import {
  FIELDS,
  forEachPosting,
  PLACES_KEPT,
  prefixRange,
  type SearchIndex,
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

/** The index, or the part of it a query needs: how a browser reads an index in shards. */
export type IndexSource = Pick<
  SearchIndex,
  'documentCount' | 'terms' | 'documentFrequency' | 'postings' | 'lengths' | 'averageLengths'
>;

interface Expansion {
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
  const matched = new Uint8Array(count);
  let previous: WordMatches | undefined;
  for (const [i, word] of words.entries()) {
    const last = typing && i === words.length - 1 && !/\s$/.test(query);
    const current = wordMatches(reading, word, last);
    for (let document = 0; document < count; document++) {
      const score = current.scores[document] ?? 0;
      if (score === 0) continue;
      totals[document] = (totals[document] ?? 0) + score;
      matched[document] = (matched[document] ?? 0) + 1;
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
    const found = matched[document] ?? 0;
    if (found === 0) continue;
    const share = found / words.length;
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
  /** `places[(post * 3 + field) * 2 + k]`: the word's first two places there, or -1. */
  readonly places: Int32Array;
}

function emptyMatches(count: number): WordMatches {
  return {
    scores: new Float64Array(count),
    places: new Int32Array(count * FIELDS.length * PLACES_KEPT).fill(-1),
  };
}

function wordMatches(reading: Reading, word: QueryWord, last: boolean): WordMatches {
  const { index } = reading;
  const matches = emptyMatches(index.documentCount);
  if (word.script === 'unspaced' && word.pairs.length > 1) {
    // A word of Chinese or Japanese, found by its pairs of characters: a post holding all of
    // them scores as if it held the word; one holding some, in proportion, and less.
    const pairs = [...new Set(word.pairs)];
    const found = new Uint8Array(index.documentCount);
    for (const pair of pairs) {
      const term = termNumber(index.terms, pair);
      if (term === -1) continue;
      reading.lookedFor.add(pair);
      scoreTerm(reading, term, 1, matches, (document, score) => {
        matches.scores[document] = (matches.scores[document] ?? 0) + score;
        found[document] = (found[document] ?? 0) + 1;
      });
    }
    for (let document = 0; document < index.documentCount; document++) {
      const coverage = (found[document] ?? 0) / pairs.length;
      matches.scores[document] =
        ((matches.scores[document] ?? 0) / pairs.length) * coverage * coverage;
    }
    return matches;
  }
  for (const { term, strength } of expand(index, word, last)) {
    reading.lookedFor.add(index.terms[term] ?? '');
    scoreTerm(reading, term, strength, matches, (document, score) => {
      if (score > (matches.scores[document] ?? 0)) matches.scores[document] = score;
    });
  }
  return matches;
}

/**
 * Reads a term's postings: BM25F over each post's fields (weighted, length-discounted counts,
 * saturated), handed to `take` once per post, and the term's places noted in `matches`.
 */
function scoreTerm(
  reading: Reading,
  term: number,
  strength: number,
  matches: WordMatches,
  take: (document: number, score: number) => void,
): void {
  const { index, budget } = reading;
  const bytes = index.postings[term];
  if (!bytes || budget.bytes < bytes.length) return;
  budget.bytes -= bytes.length;
  const frequency = index.documentFrequency[term] ?? 0;
  const idf = Math.log(1 + (index.documentCount - frequency + 0.5) / (frequency + 0.5));
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

/** The terms of the index a word matches, each with how much a match counts. */
function expand(index: IndexSource, word: QueryWord, last: boolean): Expansion[] {
  const found = new Map<number, number>();
  for (const form of word.exact) {
    const term = termNumber(index.terms, form);
    if (term !== -1) found.set(term, 1);
  }
  const shortest = word.script === 'spaced' ? SHORTEST_PREFIX : 1;
  if (last && [...word.prefix].length >= shortest) {
    const [from, to] = prefixRange(index.terms, word.prefix);
    // Among many, the terms most posts hold.
    const candidates = Array.from({ length: to - from }, (_, i) => from + i)
      .filter((term) => !found.has(term))
      .sort(
        (a, b) => (index.documentFrequency[b] ?? 0) - (index.documentFrequency[a] ?? 0) || a - b,
      )
      .slice(0, MOST_PREFIX_TERMS);
    for (const term of candidates) found.set(term, PREFIX_STRENGTH);
  }
  if (found.size === 0 && word.script !== 'unspaced' && [...word.prefix].length >= SHORTEST_TYPO) {
    for (const term of oneTypoAway(index.terms, word.prefix)) found.set(term, TYPO_STRENGTH);
  }
  return [...found].map(([term, strength]) => ({ term, strength }));
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
