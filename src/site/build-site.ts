// Index: validated posts → the Site every page is rendered from, as it stands at one instant.
import type { SiteConfig } from '../config/schema.js';
import type { Post } from '../content/post.js';
import { orderPosts } from './order.js';
import { pageCount } from './paginate.js';
import { groupTerms, type Term } from './taxonomy.js';

/** The blog as readers see it at one instant: public posts in order, grouped. */
export interface Site {
  readonly config: SiteConfig;
  /** Public posts, newest first. */
  readonly posts: readonly Post[];
  readonly pageCount: number;
  readonly categories: readonly Term[];
  readonly tags: readonly Term[];
  readonly postBySlug: ReadonlyMap<string, Post>;
  readonly categoryBySlug: ReadonlyMap<string, Term>;
  readonly tagBySlug: ReadonlyMap<string, Term>;
  /** Each public post's index in `posts`, for its neighbours. */
  readonly positionOf: ReadonlyMap<Post, number>;
  /** The instant the next scheduled post goes public (epoch ms), or Infinity. */
  readonly validUntil: number;
  /** Whether drafts are shown, as on a local preview. */
  readonly showDrafts: boolean;
}

export interface BuildOptions {
  /** The instant to build for, epoch ms; posts dated later stay hidden. */
  readonly now: number;
  readonly showDrafts?: boolean;
}

export function buildSite(
  config: SiteConfig,
  allPosts: readonly Post[],
  options: BuildOptions,
): Site {
  const showDrafts = options.showDrafts ?? false;
  const candidates = allPosts.filter((post) => showDrafts || !post.draft);
  const posts = orderPosts(candidates.filter((post) => post.date <= options.now));
  const validUntil = candidates.reduce(
    (next, post) => (post.date > options.now && post.date < next ? post.date : next),
    Infinity,
  );
  const categories = groupTerms(posts, 'category', config);
  const tags = groupTerms(posts, 'tag', config);
  return {
    config,
    posts,
    pageCount: pageCount(posts.length, config.pageSize),
    categories,
    tags,
    postBySlug: new Map(posts.map((post) => [post.slug, post])),
    categoryBySlug: bySlug(categories),
    tagBySlug: bySlug(tags),
    validUntil,
    positionOf: new Map(posts.map((post, index) => [post, index])),
    showDrafts,
  };
}

function bySlug(terms: readonly Term[]): Map<string, Term> {
  return new Map(terms.map((term) => [term.slug, term]));
}
