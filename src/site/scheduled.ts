// Index: the posts waiting for their date — hidden now, public by themselves later.
import type { Post } from '../content/post.js';

/** Posts dated after `now`, soonest first; drafts are left out, as no date publishes them. */
export function scheduledPosts(posts: readonly Post[], now: number): Post[] {
  return posts
    .filter((post) => !post.draft && post.date > now)
    .sort((a, b) => a.date - b.date || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}
