// Index: the one order of posts — newest first, ties broken by slug — used by every listing, and
// the featured listing's, which puts pinned posts first.
import type { Post } from '../content/post.js';

export function comparePosts(a: Post, b: Post): number {
  if (a.date !== b.date) return b.date - a.date;
  return a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0;
}

export function orderPosts(posts: readonly Post[]): Post[] {
  return [...posts].sort(comparePosts);
}

/**
 * The featured listing's order, from posts in the one order: the pinned posts first, in that
 * order among themselves, then every other post — each once. `posts` itself when none is pinned.
 */
export function featuredOrder(posts: readonly Post[]): readonly Post[] {
  if (!posts.some((post) => post.pinned)) return posts;
  return [...posts.filter((post) => post.pinned), ...posts.filter((post) => !post.pinned)];
}
