// Index: telling an edit that leaves every post where it was from one that moves posts around.
import type { Post } from '../content/post.js';

/**
 * What places a post in every index — its file, slug, URL and aliases, date, draft and pinned
 * flags, category, tags, series and part. A post's other fields (its title, description, cover)
 * are shown only by the documents that show the post itself.
 */
function placeOf(post: Post): readonly unknown[] {
  return [
    post.file,
    post.slug,
    post.path,
    post.aliases,
    post.date,
    post.draft,
    post.pinned,
    post.category,
    post.tags,
    post.series?.name,
    post.series?.order,
  ];
}

/** Whether two versions of a post stand at the same place in every index: only their text differs. */
export function samePlace(a: Post, b: Post): boolean {
  const before = placeOf(a);
  const after = placeOf(b);
  return before.every((value, i) => sameValue(value, after[i]));
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => item === b[i]);
  }
  return a === b;
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
