// Load: heading ids unique within a body, as markdown-it-anchor gives them, in time linear in the headings.
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
    const taken = (state.env as AnchorEnv).markdownItAnchor?.slugs;
    if (!taken || !isTaken(taken, slug)) return slug;
    const nextSuffix = nextSuffixes.get(taken) ?? new Map<string, number>();
    nextSuffixes.set(taken, nextSuffix);
    let suffix = nextSuffix.get(slug) ?? FIRST_SUFFIX;
    while (isTaken(taken, `${slug}-${suffix}`)) suffix += 1;
    nextSuffix.set(slug, suffix + 1);
    return `${slug}-${suffix}`;
  };
}

// The very check markdown-it-anchor makes, so that both agree on every key.
const isTaken = (taken: object, id: string): boolean =>
  Object.prototype.hasOwnProperty.call(taken, id);
