// Index: validated posts → the Site every page is rendered from, as it stands at one instant.
import { NO_ADDITIONS, type PageAdditions } from '../content/page-additions.js';
import type { SiteConfig } from '../config/schema.js';
import { folderForm, normalizeSitePath, pathKey } from '../urls/url-paths.js';
import type { MarkdownDocument, Post } from '../content/post.js';
import { navigationPages, type Page } from '../content/page.js';
import { featuredOrder, orderPosts } from './order.js';
import { pageCount } from './paginate.js';
import { replacedPosts } from './replaced-posts.js';
import { groupSeries, type Series } from './series.js';
import { groupTerms, type Term } from './taxonomy.js';

/** An old path that answers a permanent redirect. */
export interface Redirect {
  /** The old path, percent-encoded. */
  readonly from: string;
  /** A path of the site, percent-encoded, or an http(s) URL. */
  readonly to: string;
}

/** The blog as readers see it at one instant: public posts in order, grouped. */
export interface Site {
  readonly config: SiteConfig;
  /** Public posts, newest first. */
  readonly posts: readonly Post[];
  /** The same posts in the featured listing's order: pinned ones first; `posts` when none is. */
  readonly featured: readonly Post[];
  readonly pageCount: number;
  readonly categories: readonly Term[];
  readonly tags: readonly Term[];
  /** Every series of public posts, by name; each in reading order. */
  readonly series: readonly Series[];
  /** Public posts by their path as requests are matched (`pathKey`). */
  readonly postByPath: ReadonlyMap<string, Post>;
  /** Public pages (About, Now…), in the order of their files. */
  readonly pages: readonly Page[];
  /** The public pages the top navigation links, in its order. */
  readonly navPages: readonly Page[];
  /** Public pages by their path as requests are matched (`pathKey`). */
  readonly pageByPath: ReadonlyMap<string, Page>;
  /** Old paths, by `pathKey`, and where each leads: posts' aliases, and the config's redirects. */
  readonly redirects: ReadonlyMap<string, Redirect>;
  readonly categoryBySlug: ReadonlyMap<string, Term>;
  readonly tagBySlug: ReadonlyMap<string, Term>;
  readonly seriesBySlug: ReadonlyMap<string, Series>;
  /** Each public post's index in `posts`, for its neighbours. */
  readonly positionOf: ReadonlyMap<Post, number>;
  /** The instant the next scheduled post goes public (epoch ms), or Infinity. */
  readonly validUntil: number;
  /** Whether drafts are shown, as on a local preview. */
  readonly showDrafts: boolean;
  /** The instant it was built for, epoch ms. */
  readonly builtAt: number;
  /** The snippets and stylesheet the author adds to every page. */
  readonly additions: PageAdditions;
}

export interface BuildOptions {
  /** The instant to build for, epoch ms; posts dated later stay hidden. */
  readonly now: number;
  readonly showDrafts?: boolean;
  /** The pages under content/pages, drafts included. */
  readonly pages?: readonly Page[];
  /** The snippets and stylesheet of the site folder; none by default. */
  readonly additions?: PageAdditions;
}

export function buildSite(
  config: SiteConfig,
  allPosts: readonly Post[],
  options: BuildOptions,
): Site {
  const showDrafts = options.showDrafts ?? false;
  const { now } = options;
  const candidates = allPosts.filter((post) => showDrafts || !post.draft);
  const posts = orderPosts(candidates.filter((post) => post.date <= now));
  const validUntil = candidates.reduce(
    (next, post) => (post.date > now && post.date < next ? post.date : next),
    Infinity,
  );
  const categories = groupTerms(posts, 'category', config);
  const tags = groupTerms(posts, 'tag', config);
  const pages = (options.pages ?? []).filter((page) => showDrafts || !page.draft);
  const series = groupSeries(posts);
  return {
    config,
    posts,
    featured: featuredOrder(posts),
    pageCount: pageCount(posts.length, config.pageSize),
    categories,
    tags,
    series,
    postByPath: new Map(posts.map((post) => [keyOf(post.path), post])),
    pages,
    navPages: navigationPages(pages),
    pageByPath: new Map(pages.map((page) => [keyOf(page.path), page])),
    redirects: redirectsOf(config, [...posts, ...pages]),
    categoryBySlug: bySlug(categories),
    tagBySlug: bySlug(tags),
    seriesBySlug: bySlug(series),
    validUntil,
    positionOf: new Map(posts.map((post, index) => [post, index])),
    showDrafts,
    builtAt: now,
    additions: options.additions ?? NO_ADDITIONS,
  };
}

/**
 * Whether `site`, built from `posts`, can take `next` by `swapPosts` at `now`: the same settings
 * (`config` as the caller compared it), no scheduled post come out since or gone back in, and
 * every post of `next` in the place of one of `posts`. Returns the posts to swap, by the post
 * each replaces, or undefined when the site must be built from scratch.
 */
export function swappablePosts(
  site: Site,
  posts: readonly Post[],
  next: readonly Post[],
  now: number,
): ReadonlyMap<Post, Post> | undefined {
  if (now < site.builtAt || now >= site.validUntil) return undefined;
  return replacedPosts(posts, next);
}

/** `site` with each post of `replaced` swapped for its new version, everything else kept. */
export function swapPosts(site: Site, replaced: ReadonlyMap<Post, Post>, now: number): Site {
  const published = [...replaced].filter(([before]) => site.positionOf.has(before));
  if (published.length === 0) return { ...site, builtAt: now };
  const swap = (post: Post): Post => replaced.get(post) ?? post;
  const swapTerms = (terms: readonly Term[], touched: ReadonlySet<string>): Term[] =>
    terms.map((term) => (touched.has(term.name) ? { ...term, posts: term.posts.map(swap) } : term));
  const categories = swapTerms(
    site.categories,
    new Set(published.flatMap(([before]) => before.category ?? [])),
  );
  const tags = swapTerms(site.tags, new Set(published.flatMap(([before]) => before.tags)));
  // A swapped post keeps its series and its part in it, so each series keeps its order.
  const touchedSeries = new Set(published.flatMap(([before]) => before.series?.name ?? []));
  const series = site.series.map((group) =>
    touchedSeries.has(group.name) ? { ...group, posts: group.posts.map(swap) } : group,
  );
  const postByPath = new Map(site.postByPath);
  const positionOf = new Map(site.positionOf);
  for (const [before, after] of published) {
    postByPath.set(keyOf(after.path), after);
    positionOf.set(after, positionOf.get(before) ?? 0);
    positionOf.delete(before);
  }
  const posts = site.posts.map(swap);
  return {
    ...site,
    posts,
    // `samePlace` keeps pinned posts pinned, so each post keeps its place in this order too.
    featured: site.featured === site.posts ? posts : site.featured.map(swap),
    categories,
    tags,
    series,
    postByPath,
    categoryBySlug: bySlug(categories),
    tagBySlug: bySlug(tags),
    seriesBySlug: bySlug(series),
    positionOf,
    builtAt: now,
  };
}

/** Paths as requests are matched: `normalizeSitePath` made every one decodable. */
function keyOf(path: string): string {
  return pathKey(path) ?? path;
}

/**
 * Where each old path leads: the config's redirects, then every shown post's and page's aliases.
 * A path claimed twice is a check error, so no order between them is ever seen.
 */
function redirectsOf(
  config: SiteConfig,
  posts: readonly MarkdownDocument[],
): Map<string, Redirect> {
  const redirects = new Map<string, Redirect>();
  for (const [written, to] of Object.entries(config.redirects)) {
    const path = normalizeSitePath(written);
    const from = path === undefined ? undefined : folderForm(path);
    if (from !== undefined) redirects.set(keyOf(from), { from, to: normalizeSitePath(to) ?? to });
  }
  for (const post of posts) {
    for (const from of post.aliases) redirects.set(keyOf(from), { from, to: post.path });
  }
  return redirects;
}

function bySlug<Group extends { readonly slug: string }>(
  groups: readonly Group[],
): Map<string, Group> {
  return new Map(groups.map((group) => [group.slug, group]));
}
