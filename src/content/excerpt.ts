// Load: the excerpt of a post, exactly as the excerpt rule says (docs/rules.md, "Excerpt").
import { flattenTokens, runningText, tidySpaces } from './markdown/flatten.js';
import { type BodyReading, parseMarkdown } from './markdown/markdown.js';
import type { Token } from 'markdown-it';

export const ELLIPSIS = '...';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

// Scripts written without spaces between words, which may be cut at any grapheme.
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const SPACE = /^\s+$/u;

/**
 * The listing excerpt of a post body. With a `<!--more-->` line (spaces inside the comment
 * allowed), all the text before it followed
 * by `...` (the author chose where it ends); otherwise the whole flattened body, or its first `budget` graphemes cut at a word
 * boundary and followed by `...`.
 */
export function excerptOf(
  tokens: readonly Token[],
  budget: number,
  running: string = runningText(tokens),
): string {
  const more = tokens.findIndex(isMoreMarker);
  if (more !== -1) return withEllipsis(flattenTokens(tokens.slice(0, more)));
  // Spaces are tidied only as far as the excerpt reads: a whole body's would cost each page of
  // an export a pass over all of its text for two hundred characters.
  for (let size = (budget + 3) * PREFIX_UNITS_PER_CLUSTER; size < running.length; size *= 4) {
    const excerpt = truncateStart(tidySpaces(running.slice(0, size)).trimStart(), budget);
    if (excerpt !== undefined) return excerpt;
  }
  return truncate(tidySpaces(running).trim(), budget);
}

/**
 * The excerpt of a Markdown body, parsing only as much of it as the excerpt can show: a listing
 * of thousands of posts then costs a few lines of each. The start read ends at a `<!--more-->`
 * line, or else at a blank line, where no later line can change how the earlier ones parse —
 * except a link reference definition, so bodies that may hold one are parsed whole. Equal to
 * `excerptOf(parseMarkdown(body, reading), budget)` for every body.
 */
export function excerptOfBody(body: string, budget: number, reading: BodyReading = {}): string {
  if (!mayDefineReference(body)) {
    const more = MORE_MARKER.exec(body)?.index ?? -1;
    if (more !== -1) {
      const lineEnd = body.indexOf('\n', more);
      const tokens = parseMarkdown(lineEnd === -1 ? body : body.slice(0, lineEnd + 1), reading);
      // The first marker may sit in code, where it is no marker: then read on.
      if (tokens.some(isMoreMarker)) return excerptOf(tokens, budget);
    } else {
      for (let size = (budget + 3) * SOURCE_UNITS_PER_CLUSTER; size < body.length; size *= 4) {
        const cut = body.indexOf('\n\n', size);
        if (cut === -1) break;
        const tokens = parseMarkdown(body.slice(0, cut + 1), reading);
        const excerpt = truncateStart(flattenTokens(tokens), budget);
        if (excerpt !== undefined) return excerpt;
      }
    }
  }
  return excerptOf(parseMarkdown(body, reading), budget);
}

// `<!--more-->`, and `<!-- more -->` as Hexo and WordPress write it: spaces inside change nothing.
const MORE_MARKER = /<!--\s*more\s*-->/;
const MORE_LINE = /^<!--\s*more\s*-->$/;
// Source characters read per excerpt cluster at first: Markdown syntax, headings and code take
// room that the running text does not show.
const SOURCE_UNITS_PER_CLUSTER = 4;

/**
 * Whether a link reference definition (`[label]: destination`) may stand anywhere in `body`:
 * one ends its label with `]:` and starts it at the start of a line (after any block quote or
 * list markers) of the same run of non-blank lines, since a label may span lines. Code that
 * merely looks like one (`-> list[int]:`) rarely passes both tests, and costs only a whole parse.
 */
function mayDefineReference(body: string): boolean {
  for (let at = body.indexOf(']:'); at !== -1; at = body.indexOf(']:', at + 2)) {
    const run = body.slice(body.lastIndexOf('\n\n', at) + 1, at);
    if (LABEL_START.test(run)) return true;
  }
  return false;
}

const LABEL_START = /(?:^|\n)[ \t>*+\-\d.)]*\[/;

/**
 * The excerpt of a body whose flattened text starts with `text`, or undefined when `text` is too
 * short to decide it. Its last cluster may yet join what follows, so it is never relied on.
 */
function truncateStart(text: string, budget: number): string | undefined {
  const needed = budget + 3;
  const clusters = STANDALONE.test(text.slice(0, needed))
    ? [...text.slice(0, needed)]
    : firstClusters(text.slice(0, needed * PREFIX_UNITS_PER_CLUSTER), needed);
  if (clusters.length < needed) return undefined;
  return cut(clusters.slice(0, budget + 2), text, budget);
}

function isMoreMarker(token: Token): boolean {
  return token.type === 'html_block' && MORE_LINE.test(token.content.trim());
}

/**
 * Cuts plain text to at most `budget` grapheme clusters and appends `...` when anything was cut.
 * A cut never splits a grapheme, nor a word of a space-separated script, unless that one word is
 * longer than the whole budget.
 */
export function truncate(text: string, budget: number): string {
  const head = text.slice(0, budget + 2);
  // Text of characters that never join their neighbours needs no segmenter: one unit, one cluster.
  if (STANDALONE.test(head)) return cut([...head], text, budget);
  // Segmenting costs time in proportion to the text handed over, so a long body is first cut to
  // a prefix that holds the clusters needed in all but pathological text (which falls back).
  const prefix = text.slice(0, (budget + 2) * PREFIX_UNITS_PER_CLUSTER);
  const clusters = firstClusters(prefix, budget + 2);
  const enough = clusters.length === budget + 2 || prefix.length === text.length;
  return cut(enough ? clusters : firstClusters(text, budget + 2), text, budget);
}

// Printable Latin, Greek, Cyrillic, CJK ideographs, kana and Hangul syllables: no combining
// marks, joiners, variation selectors or surrogate pairs, so each code unit is a grapheme.
const STANDALONE =
  /^[\x20-\x7E\u00A0-\u02FF\u0370-\u0482\u048A-\u04FF\u3000-\u3098\u309B-\u30FF\u4E00-\u9FFF\uAC00-\uD7A3\uFF01-\uFF9D]*$/;

// Code units per grapheme cluster that cover every script and most emoji sequences.
const PREFIX_UNITS_PER_CLUSTER = 8;

function firstClusters(text: string, count: number): string[] {
  const clusters: string[] = [];
  for (const { segment } of graphemes.segment(text)) {
    clusters.push(segment);
    if (clusters.length === count) break;
  }
  return clusters;
}

function cut(clusters: readonly string[], text: string, budget: number): string {
  if (clusters.length <= budget) return text;

  let end = budget;
  while (end > 0 && !isBreakBetween(clusters[end - 1] ?? '', clusters[end] ?? '')) end--;
  if (end === 0) end = budget;
  return withEllipsis(clusters.slice(0, end).join('').trimEnd());
}

function isBreakBetween(before: string, after: string): boolean {
  return (
    SPACE.test(before) ||
    SPACE.test(after) ||
    UNSPACED_SCRIPT.test(before) ||
    UNSPACED_SCRIPT.test(after)
  );
}

/**
 * Text followed by `...`. A sentence's closing period becomes the first of the three dots, and
 * text that already ends with `...` gets no more, so that no excerpt ends with four dots.
 */
export function withEllipsis(text: string): string {
  if (text.endsWith(ELLIPSIS)) return text;
  return text.endsWith('.') ? `${text}..` : `${text}${ELLIPSIS}`;
}
