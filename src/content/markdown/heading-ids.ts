// Load: heading ids unique within a body, as markdown-it-anchor gives them, in time linear in the headings,
// and the ids an author gives a heading by hand, `## Setup {#install}`, as Hugo, kramdown and Pandoc read them.
import type MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import type anchor from 'markdown-it-anchor';

/** The suffix markdown-it-anchor tries first when a slug is taken (`uniqueSlugStartIndex`). */
export const FIRST_SUFFIX = 1;

/** Where markdown-it-anchor keeps the ids a body has given so far. */
interface AnchorEnv {
  readonly markdownItAnchor?: { readonly slugs?: object };
}

/** Per table of ids given (one per body): for each slug taken, the first suffix still worth trying. */
const nextSuffixes = new WeakMap<object, Map<string, number>>();

/**
 * markdown-it-anchor makes a slug unique by trying `slug`, `slug-1`, `slug-2`, … from the first
 * suffix for every heading, which is quadratic in the headings that share a slug. Handed to it as
 * `slugifyWithState`, this returns the id that search would end on, so the plugin's own check
 * finds it free at once. Ids are only ever added to the table, so a suffix found taken stays
 * taken, and each slug's search resumes where its last one ended.
 */
export function withUniqueSuffix(slugify: (text: string) => string) {
  return (text: string, state: anchor.State): string => {
    const slug = slugify(text);
    const given = givenIds.get(state.env as object);
    const taken = (state.env as AnchorEnv).markdownItAnchor?.slugs ?? {};
    const isFree = (id: string): boolean => !isTaken(taken, id) && given?.has(id) !== true;
    if (isFree(slug)) return slug;
    const nextSuffix = nextSuffixes.get(taken) ?? new Map<string, number>();
    nextSuffixes.set(taken, nextSuffix);
    let suffix = nextSuffix.get(slug) ?? FIRST_SUFFIX;
    while (!isFree(`${slug}-${suffix}`)) suffix += 1;
    nextSuffix.set(slug, suffix + 1);
    return `${slug}-${suffix}`;
  };
}

// The very check markdown-it-anchor makes, so that both agree on every key.
const isTaken = (taken: object, id: string): boolean =>
  Object.prototype.hasOwnProperty.call(taken, id);

/**
 * The ids a body's headings were given by hand, by the environment of its parse, where
 * markdown-it-anchor keeps the ids it gave.
 */
const givenIds = new WeakMap<object, ReadonlySet<string>>();

// Attributes at the end of a heading: `{#id}`, `{#id .class}`, `{.unnumbered}`, `{-}`,
// `{#id lang=en}`, after white space or none.
const HEADING_ATTRIBUTES = /[ \t]*\{[ \t]*([^{}\n]*?)[ \t]*\}[ \t]*$/;
const ATTRIBUTE =
  /^(?:#[^\s#{}]+|\.[^\s.#{}=]+|-|[A-Za-z_:][\w:.-]*=(?:"[^"]*"|'[^']*'|[^\s"'=]+))$/;
// What one item of them may be, spaces inside quotes kept together.
const ATTRIBUTE_ITEMS = /(?:[^\s"']+|"[^"]*"|'[^']*')+/g;

/**
 * Reads the attributes written at the end of a heading: its `#id` becomes the heading's id, kept
 * as written (markdown-it-anchor keeps an id a heading has), and ids made from other headings'
 * text give way to it. Classes and other attributes are read and left out: Folio's theme styles
 * headings alike. Braces holding anything else are the heading's text.
 */
export function useHeadingAttributes(markdown: MarkdownIt): void {
  // Before the heading's text is read as Markdown: an id may hold `__` or `--`, which it would
  // read as emphasis or, with typography, a dash.
  markdown.core.ruler.before('inline', 'heading_attributes', (state) => {
    const given = new Set<string>();
    const { tokens } = state;
    for (let index = 0; index < tokens.length; index++) {
      const open = tokens[index];
      const inline = tokens[index + 1];
      if (open?.type !== 'heading_open' || inline?.type !== 'inline') continue;
      const id = takeAttributes(inline);
      if (id === undefined) continue;
      open.attrSet('id', id);
      given.add(id);
    }
    if (given.size > 0) givenIds.set(state.env as object, given);
  });
}

/**
 * Takes the attributes off the end of a heading's text as written, if it ends with some; answers
 * the id they name, if they name one.
 */
function takeAttributes(inline: Token): string | undefined {
  const found = HEADING_ATTRIBUTES.exec(inline.content);
  // A brace escaped, `\{#x}`, is text.
  if (!found || inline.content[found.index + found[0].indexOf('{') - 1] === '\\') {
    return undefined;
  }
  const items = (found[1] ?? '').match(ATTRIBUTE_ITEMS) ?? [];
  if (items.length === 0 || !items.every((item) => ATTRIBUTE.test(item))) return undefined;
  inline.content = inline.content.slice(0, found.index).trimEnd();
  return items.findLast((item) => item.startsWith('#'))?.slice(1);
}
