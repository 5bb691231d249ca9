// Index: series — the posts that name one `series`, each series with its slug and its posts in
// reading order, part 1 first.
import type { Post } from '../content/post.js';
import { slugify } from '../content/slugify.js';

/** A named series and its posts in reading order. */
export interface Series {
  readonly name: string;
  readonly slug: string;
  readonly posts: readonly Post[];
}

/**
 * The reading order of a series: posts with a `seriesOrder` first, by that number; then the
 * others by date, oldest first — a part written later without a number reads after the numbered
 * ones. Ties (one number given twice, one instant) fall to the older post, then to the slug.
 */
export function compareInSeries(a: Post, b: Post): number {
  const orderA = a.series?.order ?? Infinity;
  const orderB = b.series?.order ?? Infinity;
  if (orderA !== orderB) return orderA < orderB ? -1 : 1;
  if (a.date !== b.date) return a.date - b.date;
  return a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0;
}

/** Groups posts by the series they name, each in reading order; the series sorted by name. */
export function groupSeries(posts: readonly Post[]): Series[] {
  const groups = new Map<string, Post[]>();
  for (const post of posts) {
    if (post.series === undefined) continue;
    const group = groups.get(post.series.name);
    if (group) group.push(post);
    else groups.set(post.series.name, [post]);
  }
  return [...groups]
    .map(([name, seriesPosts]) => ({
      name,
      slug: slugify(name),
      posts: seriesPosts.sort(compareInSeries),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** The series `post` is a part of in `bySlug`, when it names one. */
export function seriesOf(bySlug: ReadonlyMap<string, Series>, post: Post): Series | undefined {
  return post.series === undefined ? undefined : bySlug.get(slugify(post.series.name));
}
