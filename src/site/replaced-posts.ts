// Index: telling an edit that leaves every post where it was from one that moves posts around.
import type { Post } from '../content/post.js';

/**
 * Whether two versions of a post stand at the same place in every index — the same file, slug,
 * URL and aliases, date, draft and pinned flags, category, tags, series and part — so that only their text
 * differs.
 */
export function samePlace(a: Post, b: Post): boolean {
  return (
    a.file === b.file &&
    a.slug === b.slug &&
    a.path === b.path &&
    a.aliases.length === b.aliases.length &&
    a.aliases.every((alias, i) => alias === b.aliases[i]) &&
    a.date === b.date &&
    a.draft === b.draft &&
    a.pinned === b.pinned &&
    a.category === b.category &&
    a.tags.length === b.tags.length &&
    a.tags.every((tag, i) => tag === b.tags[i]) &&
    a.series?.name === b.series?.name &&
    a.series?.order === b.series?.order
  );
}

/**
 * The posts of `next` that replace posts of `previous` at the same place, by the post they
 * replace — empty when nothing changed — or undefined when a post came, went or moved. Both lists
 * are a load's posts, in the order of their files.
 */
export function replacedPosts(
  previous: readonly Post[],
  next: readonly Post[],
): Map<Post, Post> | undefined {
  if (previous.length !== next.length) return undefined;
  const replaced = new Map<Post, Post>();
  for (let i = 0; i < next.length; i++) {
    const before = previous[i];
    const after = next[i];
    if (before === after) continue;
    if (before === undefined || after === undefined || !samePlace(before, after)) return undefined;
    replaced.set(before, after);
  }
  return replaced;
}
