// Import: the ids the blog's engine gave its headings, kept. Links into a section — from the post
// itself, from other posts, from anywhere on the web — end in the id its engine made of the
// heading's text (`#why-c--go` by Hugo, `#Why-C-Go` by Hexo), which Folio's own rule would make
// otherwise: where the two differ, the heading is given its old id in writing, `{#why-c--go}`.
import type { Token } from 'markdown-it';
import { type BodyReading, parseMarkdown } from '../content/markdown/markdown.js';
import { type BuiltHeading, normalText } from './built-tags.js';
import { hexoSlug } from './engines.js';

/**
 * How an engine made a heading's id of its text:
 * - `github`: Hugo's Goldmark (`autoHeadingIDType: github`, its default): letters, digits and `_`
 *   lower-cased, a space or `-` each a `-`, the rest left out; `heading` when nothing is left;
 *   a later heading of the same id `-1`, `-2`, … the first free.
 * - `github-ascii`: the same, accents taken off and other letters left out.
 * - `gfm`: Jekyll's kramdown reading GFM, its default: as `github`, but every character a word
 *   has kept (marks too), nothing when nothing is left, and the n-th repeat of an id `-n`.
 * - `kramdown`: kramdown reading its own Markdown: from the first ASCII letter on, ASCII letters,
 *   digits, spaces and `-` kept, spaces made `-`, lower-cased; `section` when nothing is left.
 * - `hexo`: Hexo's marked: Hexo's slug of the text (a run of signs and spaces one `-`), its case
 *   as written unless `modifyAnchors` says otherwise; the n-th repeat `-n`.
 */
export type HeadingIdRule =
  | { readonly kind: 'github' | 'github-ascii' | 'gfm' | 'kramdown'; readonly prefix?: string }
  | { readonly kind: 'hexo'; readonly transform?: unknown };

/** The ids the engine gave headings of these texts, in order, in one page. */
export function engineHeadingIds(texts: readonly string[], rule: HeadingIdRule): string[] {
  const given = new Set<string>();
  const repeats = new Map<string, number>();
  return texts.map((text) => {
    const base = baseId(text, rule);
    let id = base;
    if (rule.kind === 'github' || rule.kind === 'github-ascii') {
      for (let n = 1; given.has(id); n++) id = `${base}-${n}`;
    } else {
      const seen = repeats.get(base);
      repeats.set(base, (seen ?? 0) + 1);
      if (seen !== undefined) id = `${base}-${seen}`;
    }
    given.add(id);
    return 'prefix' in rule && rule.prefix && id !== '' ? `${rule.prefix}${id}` : id;
  });
}

function baseId(text: string, rule: HeadingIdRule): string {
  switch (rule.kind) {
    case 'github':
    case 'github-ascii': {
      const read = rule.kind === 'github' ? text : withoutAccents(text).replace(/[^\0-\x7f]/g, '');
      let id = '';
      for (const char of read.trim()) {
        if (char === ' ' || char === '-') id += '-';
        else if (char === '_' || /[\p{L}\p{Nd}]/u.test(char)) id += char.toLowerCase();
      }
      return id === '' ? 'heading' : id;
    }
    case 'gfm':
      return text
        .toLowerCase()
        .replace(/[^\p{L}\p{M}\p{Nd}\p{Pc}\- \t]/gu, '')
        .replace(/[ \t]/g, '-');
    case 'kramdown': {
      const id = text
        .replace(/^[^a-zA-Z]+/, '')
        .replace(/[^a-zA-Z0-9 -]/g, '')
        .replace(/ /g, '-')
        .toLowerCase();
      return id === '' ? 'section' : id;
    }
    case 'hexo':
      return hexoSlug(text.trim(), rule.transform);
  }
}

const withoutAccents = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .normalize('NFC');

// A heading's closing sequence of `#`, which attributes written after it would make its text.
const CLOSING_HASHES = /[ \t]+#+[ \t]*$/;
// Attributes the heading's line ends with already: the engine read its id from them.
const WRITTEN_ATTRIBUTES = /\{[^{}\n]*\}[ \t]*$/;
// Repeats of the check: an id written can move another heading's made id on.
const MOST_ROUNDS = 3;

/** Where the ids the blog's engine gave its headings are found. */
export interface EngineIds {
  /** The engine's rule, for the headings its built page does not show. */
  readonly rule?: HeadingIdRule | undefined;
  /** The headings of the page the engine built of the post, when the import was given it. */
  readonly built?: readonly BuiltHeading[] | undefined;
}

/**
 * The body with each heading whose id Folio would make otherwise given its engine's id in writing,
 * and how many were given one. Folio reads the body as `reading` says; ids are compared as Folio
 * gives them, after every heading's text as it reads it. A heading the built page shows, matched
 * by its text in order, takes the id it has there.
 */
export function keepHeadingIds(
  body: string,
  engine: EngineIds,
  reading: BodyReading,
): { readonly body: string; readonly kept: number } {
  let lines: string[] | undefined;
  let kept = 0;
  for (let round = 0; round < MOST_ROUNDS; round++) {
    const text = lines ? lines.join('\n') : body;
    const headings = headingsOf(parseMarkdown(text, reading));
    const wanted = engineIds(headings, engine);
    let changed = false;
    headings.forEach((heading, i) => {
      const id = wanted[i] ?? '';
      if (id === '' || id === heading.id || !/^[^\s#{}]+$/.test(id)) return;
      lines ??= body.split('\n');
      const line = lines[heading.line];
      if (line === undefined || WRITTEN_ATTRIBUTES.test(line)) return;
      lines[heading.line] = `${line.replace(CLOSING_HASHES, '').trimEnd()} {#${id}}`;
      kept++;
      changed = true;
    });
    if (!changed) break;
  }
  return { body: lines ? lines.join('\n') : body, kept };
}

/** The id the engine gave each heading, `''` where none is known. */
function engineIds(headings: readonly Heading[], engine: EngineIds): string[] {
  const { rule, built } = engine;
  const made = rule
    ? engineHeadingIds(
        headings.map((heading) => (readsSource(rule) ? heading.source : heading.text)),
        rule,
      )
    : [];
  let next = 0;
  return headings.map((heading, i) => {
    const key = normalText(heading.text);
    const at = key === '' ? -1 : (built ?? []).findIndex((b, j) => j >= next && b.key === key);
    if (at === -1) return made[i] ?? '';
    next = at + 1;
    return built?.[at]?.id ?? '';
  });
}

/**
 * A heading of a body: the line its text ends on, its text as written (`[A link](/a) &amp; B`)
 * and as shown (`A link & B`), its id.
 */
interface Heading {
  readonly line: number;
  readonly source: string;
  readonly text: string;
  readonly id: string | null;
}

/**
 * Whether the engine made ids of a heading's text as written, markup and all, as Goldmark and
 * kramdown's own reader do; kramdown reading GFM and marked make them of the text shown.
 */
const readsSource = (rule: HeadingIdRule): boolean => rule.kind !== 'gfm' && rule.kind !== 'hexo';

function headingsOf(tokens: readonly Token[]): Heading[] {
  const headings: Heading[] = [];
  tokens.forEach((token, index) => {
    if (token.type !== 'heading_open' || !token.map) return;
    // An ATX heading is one line; a setext heading's text ends on the line above its underline.
    const line = token.markup.startsWith('#') ? token.map[0] : token.map[1] - 2;
    const inline = tokens[index + 1];
    const text = (inline?.children ?? [])
      .filter((child) => child.type === 'text' || child.type === 'code_inline')
      .map((child) => child.content)
      .join('');
    headings.push({ line, source: inline?.content ?? '', text, id: token.attrGet('id') });
  });
  return headings;
}
