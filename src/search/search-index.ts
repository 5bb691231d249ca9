// Search: the index of a site's posts — for each term, the posts and fields it stands in, how
// often, and where first — packed into bytes, so that ten thousand posts fit in a few megabytes
// on the server and the very same bytes can be sent to a browser in shards.
import { forEachTerm } from './tokenize.js';

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
 * A built index. `terms` is sorted (prefixes are ranges of it); `postings[i]` holds, for the
 * term `terms[i]`, one entry per post and field it stands in, as unsigned LEB128 numbers: the
 * post's number less the previous entry's, `field | count << 2`, the first place, and, for a
 * term that stands there more than once, the distance to the second.
 */
export interface SearchIndex {
  readonly documentCount: number;
  readonly terms: readonly string[];
  /** How many posts each term stands in. */
  readonly documentFrequency: Uint32Array;
  readonly postings: readonly Uint8Array[];
  /** The length in terms of each post's fields: `lengths[post * 3 + field]`. */
  readonly lengths: Uint32Array;
  /** The average length of each field over all posts (at least 1). */
  readonly averageLengths: readonly number[];
}

/** A byte buffer that grows as LEB128 numbers are appended. */
class ByteWriter {
  bytes = new Uint8Array(16);
  length = 0;

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

  done(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

interface TermStats {
  count: number;
  first: number;
  second: number;
}

/** Builds the index of `documents`; a post's number is its place in the list. */
export function buildSearchIndex(documents: readonly SearchDocument[]): SearchIndex {
  const writers = new Map<string, { writer: ByteWriter; last: number; documents: number }>();
  const lengths = new Uint32Array(documents.length * FIELDS.length);
  documents.forEach((document, number) => {
    const fields = [document.title, document.labels.join('\n'), document.text];
    fields.forEach((text, field) => {
      const stats = new Map<string, TermStats>();
      let length = 0;
      forEachTerm(text, (term, position) => {
        length = position + 1;
        const known = stats.get(term);
        if (!known) stats.set(term, { count: 1, first: position, second: -1 });
        else {
          if (known.count === 1) known.second = position;
          known.count++;
        }
      });
      lengths[number * FIELDS.length + field] = length;
      for (const [term, { count, first, second }] of stats) {
        let entry = writers.get(term);
        if (!entry) {
          entry = { writer: new ByteWriter(), last: 0, documents: 0 };
          writers.set(term, entry);
        }
        if (entry.documents === 0 || entry.last !== number) entry.documents++;
        entry.writer.push(number - entry.last);
        entry.last = number;
        entry.writer.push(field | (count << 2));
        entry.writer.push(first);
        if (count > 1) entry.writer.push(second - first);
      }
    });
  });
  const terms = [...writers.keys()].sort(compareTerms);
  return {
    documentCount: documents.length,
    terms,
    documentFrequency: Uint32Array.from(terms, (term) => writers.get(term)?.documents ?? 0),
    postings: terms.map((term) => writers.get(term)?.writer.done() ?? new Uint8Array()),
    lengths,
    averageLengths: FIELDS.map((_, field) => {
      let sum = 0;
      for (let at = field; at < lengths.length; at += FIELDS.length) sum += lengths[at] ?? 0;
      return Math.max(1, sum / Math.max(1, documents.length));
    }),
  };
}

/** The order of terms in an index: by UTF-16 code units, the same in every JavaScript engine. */
export function compareTerms(a: string, b: string): number {
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
