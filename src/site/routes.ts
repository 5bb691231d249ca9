// Index: the URL space — every path a page answers at, and which page a request path names.
import type { Page } from '../content/page.js';
import type { Post } from '../content/post.js';
import type { Site } from './build-site.js';
import type { Series } from './series.js';
import type { Term } from './taxonomy.js';
import {
  ATOM_PATH,
  FEED_PATH,
  JSON_FEED_PATH,
  pathKey,
  ROBOTS_PATH,
  SITEMAP_PATH,
} from '../urls/url-paths.js';

export { ATOM_PATH, FEED_PATH, JSON_FEED_PATH, ROBOTS_PATH, SITEMAP_PATH };

/** A page or a document of the site. */
export type Route =
  | { readonly kind: 'featured'; readonly page: number }
  | { readonly kind: 'category'; readonly term: Term }
  | { readonly kind: 'tag'; readonly term: Term }
  | { readonly kind: 'post'; readonly post: Post }
  /** A page of content/pages: About, Now… */
  | { readonly kind: 'page'; readonly page: Page }
  /** The posts of one series, in reading order. */
  | { readonly kind: 'series'; readonly series: Series }
  /** The indexes: every category, every tag, every post by year and month. */
  | { readonly kind: 'categories' }
  | { readonly kind: 'tags' }
  | { readonly kind: 'archives' }
  /** The search page: its form, and on a server the results of the query it is asked with. */
  | { readonly kind: 'search' }
  /** The RSS feed of the whole site, or of one category or tag. */
  | { readonly kind: 'rss'; readonly term?: Term }
  | { readonly kind: 'atom' }
  | { readonly kind: 'json-feed' }
  | { readonly kind: 'sitemap' }
  | { readonly kind: 'robots' };

/** What a request path leads to. */
export type Resolution =
  | { readonly type: 'page'; readonly route: Route }
  | { readonly type: 'redirect'; readonly location: string }
  /** A file in the folder of a post written as `slug/index.md`, by its path there. */
  | { readonly type: 'post-file'; readonly post: Post; readonly path: string }
  | { readonly type: 'not-found' }
  | { readonly type: 'bad-request' };

export const homePath = (): string => '/';
export const featuredPath = (page: number): string => (page <= 1 ? '/' : `/page/${page}/`);
export const categoryPath = (term: Term): string => `/categories/${encodeURIComponent(term.slug)}/`;
export const tagPath = (term: Term): string => `/tags/${encodeURIComponent(term.slug)}/`;
export const postPath = (post: Post): string => post.path;
export const seriesPath = (series: Series): string => `/series/${encodeURIComponent(series.slug)}/`;
export const SEARCH_PATH = '/search/';
export const CATEGORIES_PATH = '/categories/';
export const TAGS_PATH = '/tags/';
export const ARCHIVES_PATH = '/archives/';
export const termPath = (term: Term): string =>
  term.kind === 'category' ? categoryPath(term) : tagPath(term);
export const termFeedPath = (term: Term): string => `${termPath(term)}feed.xml`;

export function pathOf(route: Route): string {
  switch (route.kind) {
    case 'featured':
      return featuredPath(route.page);
    case 'category':
      return categoryPath(route.term);
    case 'tag':
      return tagPath(route.term);
    case 'post':
      return postPath(route.post);
    case 'page':
      return route.page.path;
    case 'series':
      return seriesPath(route.series);
    case 'search':
      return SEARCH_PATH;
    case 'categories':
      return CATEGORIES_PATH;
    case 'tags':
      return TAGS_PATH;
    case 'archives':
      return ARCHIVES_PATH;
    case 'rss':
      return route.term ? termFeedPath(route.term) : FEED_PATH;
    case 'atom':
      return ATOM_PATH;
    case 'json-feed':
      return JSON_FEED_PATH;
    case 'sitemap':
      return SITEMAP_PATH;
    case 'robots':
      return ROBOTS_PATH;
  }
}

/** Whether a route is an HTML page, the kind listed in the sitemap. */
export function isPage(route: Route): boolean {
  return (
    route.kind === 'featured' ||
    route.kind === 'category' ||
    route.kind === 'tag' ||
    route.kind === 'post' ||
    route.kind === 'page' ||
    route.kind === 'series' ||
    route.kind === 'categories' ||
    route.kind === 'tags' ||
    route.kind === 'archives'
  );
}

/** Every page route of the site, in a stable order. */
export function listRoutes(site: Site): Route[] {
  return [
    ...Array.from({ length: site.pageCount }, (_, i): Route => ({ kind: 'featured', page: i + 1 })),
    ...site.categories.map((term): Route => ({ kind: 'category', term })),
    ...site.tags.map((term): Route => ({ kind: 'tag', term })),
    ...site.posts.map((post): Route => ({ kind: 'post', post })),
    ...site.pages.map((page): Route => ({ kind: 'page', page })),
    ...site.series.map((series): Route => ({ kind: 'series', series })),
    { kind: 'categories' },
    { kind: 'tags' },
    { kind: 'archives' },
    ...(site.config.search ? [{ kind: 'search' } as const] : []),
    { kind: 'rss' },
    { kind: 'atom' },
    { kind: 'json-feed' },
    ...site.categories.map((term): Route => ({ kind: 'rss', term })),
    ...site.tags.map((term): Route => ({ kind: 'rss', term })),
    { kind: 'sitemap' },
    { kind: 'robots' },
  ];
}

/**
 * Resolves a request path (still percent-encoded, without query). Page paths end with `/`;
 * without it they redirect to the path with it.
 */
export function resolvePath(site: Site, rawPath: string): Resolution {
  const segments = decodeSegments(rawPath);
  if (!segments) return { type: 'bad-request' };
  const trailingSlash = rawPath.endsWith('/');
  if (segments.length > 0 && segments[segments.length - 1] === '') segments.pop();
  const document = documentOf(site, segments);
  if (document) return trailingSlash ? { type: 'not-found' } : { type: 'page', route: document };
  const route = routeOf(site, segments) ?? postRoute(site, segments) ?? pageRoute(site, segments);
  if (route) {
    if (route.kind === 'featured' && route.page === 1 && segments.length > 0) {
      return { type: 'redirect', location: '/' };
    }
    if (!trailingSlash) return { type: 'redirect', location: pathOf(route) };
    return { type: 'page', route };
  }
  const joined = `/${segments.join('/')}`;
  const redirect =
    site.redirects.get(trailingSlash ? `${joined}/` : joined) ??
    (trailingSlash ? undefined : site.redirects.get(`${joined}/`));
  if (redirect !== undefined) return { type: 'redirect', location: redirect.to };
  return (!trailingSlash && postFile(site, segments)) || { type: 'not-found' };
}

/**
 * What a static export writes at `rawPath`: as `resolvePath`, but an old path that redirects to a
 * feed or the sitemap and names a file of the same kind (`/index.xml` to `/feed.xml`) holds a
 * copy of that document. A feed reader follows a server's 301 and nothing else: an HTML page
 * at a feed's old address, which a static host must send, would end every subscription to it.
 */
export function resolveExported(site: Site, rawPath: string): Resolution {
  const resolution = resolvePath(site, rawPath);
  if (resolution.type !== 'redirect' || !site.redirects.has(pathKey(rawPath) ?? rawPath)) {
    return resolution;
  }
  const target = resolvePath(site, resolution.location);
  if (target.type !== 'page' || !COPIED_DOCUMENTS.has(target.route.kind)) return resolution;
  return extensionOf(rawPath) === extensionOf(resolution.location) ? target : resolution;
}

const COPIED_DOCUMENTS = new Set<Route['kind']>(['rss', 'atom', 'json-feed', 'sitemap']);

/** The extension of a path's last segment, lower case, or '' when it has none. */
function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

function postRoute(site: Site, segments: readonly string[]): Route | undefined {
  const post = site.postByPath.get(`/${segments.join('/')}/`);
  return post && { kind: 'post', post };
}

function pageRoute(site: Site, segments: readonly string[]): Route | undefined {
  const page = segments.length === 1 ? site.pageByPath.get(`/${segments.join('/')}/`) : undefined;
  return page && { kind: 'page', page };
}

// Markdown files beside a post are posts, or its sources: only the files it shows are served.
const NOT_SERVED_BESIDE = /^\.|\.(?:md|markdown)$|[/\\\0]/i;

/** Whether a file in a post's folder, by its `/`-separated path there, is served beside it. */
export function servedBesidePost(path: string): boolean {
  return path.split(/[\\/]/).every((segment) => !NOT_SERVED_BESIDE.test(segment));
}

/** The file at `segments` when it lies in the folder of a post written as `slug/index.md`. */
function postFile(site: Site, segments: readonly string[]): Resolution | undefined {
  for (let split = segments.length - 1; split >= 1; split--) {
    const post = site.postByPath.get(`/${segments.slice(0, split).join('/')}/`);
    if (!post) continue;
    const inFolder = segments.slice(split);
    if (!post.ownFolder || !servedBesidePost(inFolder.join('/'))) {
      return undefined;
    }
    return { type: 'post-file', post, path: inFolder.join('/') };
  }
  return undefined;
}

/** Feeds, the sitemap and robots.txt: file names, answered only without a trailing slash. */
function documentOf(site: Site, segments: readonly string[]): Route | undefined {
  const path = segments.join('/');
  switch (path) {
    case 'feed.xml':
      return { kind: 'rss' };
    case 'atom.xml':
      return { kind: 'atom' };
    case 'feed.json':
      return { kind: 'json-feed' };
    case 'sitemap.xml':
      return { kind: 'sitemap' };
    case 'robots.txt':
      return { kind: 'robots' };
  }
  const [section, name, file, ...rest] = segments;
  if (name !== undefined && file === 'feed.xml' && rest.length === 0) {
    const term =
      section === 'categories'
        ? site.categoryBySlug.get(name)
        : section === 'tags'
          ? site.tagBySlug.get(name)
          : undefined;
    return term && { kind: 'rss', term };
  }
  return undefined;
}

function routeOf(site: Site, segments: readonly string[]): Route | undefined {
  const [section, name, ...rest] = segments;
  if (section === undefined) return { kind: 'featured', page: 1 };
  if (name === undefined) {
    if (section === 'categories') return { kind: 'categories' };
    if (section === 'tags') return { kind: 'tags' };
    if (section === 'archives') return { kind: 'archives' };
  }
  if (section === 'search' && name === undefined) {
    return site.config.search ? { kind: 'search' } : undefined;
  }
  if (name === undefined || rest.length > 0) return undefined;
  switch (section) {
    case 'page': {
      const page = /^[1-9]\d{0,8}$/.test(name) ? Number(name) : NaN;
      return page <= site.pageCount ? { kind: 'featured', page } : undefined;
    }
    case 'categories':
      return termRoute('category', site.categoryBySlug.get(name));
    case 'tags':
      return termRoute('tag', site.tagBySlug.get(name));
    case 'series': {
      const series = site.seriesBySlug.get(name);
      return series && { kind: 'series', series };
    }
    default:
      return undefined;
  }
}

function termRoute(kind: 'category' | 'tag', term: Term | undefined): Route | undefined {
  return term && { kind, term };
}

/** Splits `/a/b%20c/` into decoded, NFC-normalized segments; `undefined` on bad encoding. */
function decodeSegments(rawPath: string): string[] | undefined {
  if (!rawPath.startsWith('/')) return undefined;
  try {
    return rawPath
      .slice(1)
      .split('/')
      .map((segment) => decodeURIComponent(segment).normalize('NFC'));
  } catch {
    return undefined;
  }
}
