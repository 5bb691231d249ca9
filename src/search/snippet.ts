// Search: the few lines of a post's text shown under a result — where most of the query's words
// stand together — with those words marked.
import { textTerms } from './tokenize.js';

/** A piece of a snippet, marked when it is a word the query looked for. */
export interface SnippetPiece {
  readonly text: string;
  readonly marked: boolean;
}

/**
 * The text snippets are cut from: the words of `text` separated by single spaces; with `length`,
 * only the first `length` characters of it, read no further than they need. White space is what
 * `\s` matches; this reads it code by code, since an export cuts the start of every post.
 */
export function snippetText(text: string, length = Infinity): string {
  let tidy = '';
  let at = skipSpaces(text, 0);
  // Where the stretch starts that is copied as it is: words and the single spaces between them.
  let from = at;
  while (at < text.length && tidy.length + (at - from) < length) {
    const code = text.charCodeAt(at);
    if (!isSpace(code)) {
      at++;
      continue;
    }
    const end = skipSpaces(text, at);
    if (end === text.length) break;
    if (code !== 0x20 || end !== at + 1) {
      tidy += `${text.slice(from, at)} `;
      from = end;
    }
    at = end;
  }
  tidy += text.slice(from, at);
  return tidy.length > length ? tidy.slice(0, length) : tidy;
}

function skipSpaces(text: string, from: number): number {
  let at = from;
  while (at < text.length && isSpace(text.charCodeAt(at))) at++;
  return at;
}

/** Whether a UTF-16 code is white space to `\s`. */
function isSpace(code: number): boolean {
  if (code < 0x80) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** About how long a snippet is, in characters. */
export const SNIPPET_LENGTH = 180;

/**
 * The snippet of `text` for a query that looked for `terms`: the stretch of about
 * `SNIPPET_LENGTH` characters that holds the most of them (the start of the text when it holds
 * none), cut between words, with `…` where the text goes on. Every word it was chosen for is in
 * it, a little of what leads to the first of them before.
 */
export function snippetOf(
  text: string,
  terms: ReadonlySet<string>,
  length = SNIPPET_LENGTH,
): SnippetPiece[] {
  const matches = textTerms(text).filter(({ term }) => terms.has(term));
  const lead = Math.floor(length / 4);
  let bestStart = 0;
  let bestEnd = 0;
  let bestCount = 0;
  for (let i = 0; i < matches.length; i++) {
    const start = matches[i]?.start ?? 0;
    // A stretch starts with a word of the text, all its forms.
    if (i > 0 && matches[i - 1]?.start === start) continue;
    const seen = new Set<string>();
    let count = 0;
    let end = start;
    for (let j = i; j < matches.length;) {
      // The forms of one word of the text (a word, its stem, a word it begins) stand at one
      // place; the word counts when none of its forms did, so that `merge` and `merging`, or
      // `알고리즘` and `알고리즘을`, count as the one word of the query they both answer.
      const at = matches[j]?.start ?? 0;
      let next = j;
      while (next < matches.length && matches[next]?.start === at) next++;
      const forms = matches.slice(j, next);
      const wordEnd = Math.max(...forms.map((form) => form.end));
      if (wordEnd - start > length - lead) break;
      if (forms.every(({ term }) => !seen.has(term))) count++;
      for (const { term } of forms) seen.add(term);
      end = Math.max(end, wordEnd);
      j = next;
    }
    if (count > bestCount) {
      bestCount = count;
      bestStart = start;
      bestEnd = end;
    }
  }
  // A little of what comes before the first word found, from the start of a word.
  let from = bestCount === 0 ? 0 : Math.max(0, bestStart - lead);
  if (from > 0) {
    const space = text.lastIndexOf(' ', from);
    from = space === -1 || bestStart - space > length / 2 ? from : space + 1;
  }
  let to = Math.min(text.length, from + length);
  if (to < text.length) {
    const space = text.lastIndexOf(' ', to);
    if (space > from + length / 2) to = space;
  }
  to = Math.max(to, bestEnd);
  const ranges = mergedRanges(matches.filter(({ start, end }) => start >= from && end <= to));
  const pieces: SnippetPiece[] = [];
  if (from > 0) pieces.push({ text: '…', marked: false });
  let at = from;
  for (const [start, end] of ranges) {
    if (start > at) pieces.push({ text: text.slice(at, start), marked: false });
    pieces.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < to) pieces.push({ text: text.slice(at, to), marked: false });
  if (to < text.length) pieces.push({ text: '…', marked: false });
  return pieces;
}

/** Overlapping or touching ranges (pairs of characters overlap) as one. */
function mergedRanges(matches: readonly { start: number; end: number }[]): [number, number][] {
  const sorted = [...matches].sort((a, b) => a.start - b.start);
  const ranges: [number, number][] = [];
  for (const { start, end } of sorted) {
    const last = ranges[ranges.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else ranges.push([start, end]);
  }
  return ranges;
}
