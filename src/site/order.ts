// Index: the one order of posts — newest first, ties broken by slug — used by every listing.
import type { Post } from '../content/post.js';

export function comparePosts(a: Post, b: Post): number {
  if (a.date !== b.date) return b.date - a.date;
  return a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0;
}

export function orderPosts(posts: readonly Post[]): Post[] {
  return [...posts].sort(comparePosts);
}
