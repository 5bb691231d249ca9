// Deliver: the core — a request's method and target, against the site as it stands, lead to one
// resource: a page or feed rendered from the site, a theme file, a file of static/, a redirect,
// the 404 page, or an error the request alone decides. How it is sent is decided around it.
import type { Site } from '../../site/build-site.js';
import type { Post } from '../../content/post.js';
import { StaleBody } from '../../load/body-store.js';
import { search } from '../../search/query.js';
import { resultsPage, searchRequest } from '../../search/search-request.js';
import { type SearchIndex, sitePlace } from '../../search/search-index.js';
import { snippetOf, snippetText } from '../../search/snippet.js';
import { listRoutes, pathOf, resolvePath, SEARCH_PATH, type Route } from '../../site/routes.js';
import {
  bodiesShownBy,
  postsShownBy,
  renderNotFound,
  renderRoute,
  renderSearchResults,
  type Rendered,
} from '../../views/render-route.js';
import type { SearchResultsView } from '../../views/search-page.js';
import { themeAssets } from '../../views/theme/assets.js';
import { packagedFiles } from '../../load/packaged-assets.js';
import { IMMUTABLE, REVALIDATE } from './cache-lifetimes.js';
import { basePathOf, linkTo, withinBase } from '../../urls/base-path.js';
import type { AppRequest, StaticFile, StaticFiles } from './http.js';
import { VARIANT_FOLDER } from '../../content/responsive-image.js';
import {
  allowanceOf,
  document,
  type Document,
  type FixedResource,
  type Resource,
} from './resource.js';
import { withPolicyMeta } from './security-headers.js';
import type { SiteState, SiteView } from './site-state.js';

export const ALLOWED_METHODS = 'GET, HEAD';
// Longer request targets are answered 414; no page of a blog has one. A search may be longer: its
// query is cut to the length read, and Node bounds the whole request line.
export const MAX_URL_LENGTH = 8192;
// The key the 404 page is kept under: no request target is this.
const NOT_FOUND_KEY = '\u0000404';

/**
 * What `request` leads to. The state is read before anything is awaited, so that the resource
 * belongs to one version of the site even when the state changes while a file is looked up.
 */
export function resourceFor(
  state: SiteState,
  request: Pick<AppRequest, 'method' | 'url'>,
  staticFiles?: StaticFiles,
): Resource | Promise<Resource> {
  const { method, url } = request;
  if (url.length > MAX_URL_LENGTH && !url.startsWith(`${SEARCH_PATH}?`)) {
    return plain(414, 'URI Too Long');
  }
  if (method !== 'GET' && method !== 'HEAD') {
    return plain(405, 'Method Not Allowed', { allow: ALLOWED_METHODS });
  }
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const asset = themeDocuments(state).get(path);
  if (asset) return asset;
  const variant = path.startsWith(VARIANT_FOLDER) ? staticFiles?.variant?.(path) : undefined;
  if (variant) return variant.then((found) => imageVariant(state, path, found, staticFiles));
  const resolution = resolvePath(state.site, path);
  switch (resolution.type) {
    case 'bad-request':
      return plain(400, 'Bad Request: the path is not valid percent-encoded UTF-8');
    case 'redirect': {
      const query = queryStart === -1 ? '' : url.slice(queryStart);
      return movedTo(linkTo(basePathOf(state.site.config.url), resolution.location) + query);
    }
    case 'page':
      if (resolution.route.kind === 'search' && queryStart !== -1) {
        return searchResultsDocument(state, url.slice(queryStart + 1));
      }
      return pageDocument(state, resolution.route);
    case 'post-file': {
      const beside = staticFiles?.lookupBeside?.(resolution.post.file, resolution.path);
      return beside
        ? beside.then((file) =>
            file ? { kind: 'file', file } : fromStatic(state, path, staticFiles),
          )
        : fromStatic(state, path, staticFiles);
    }
    case 'not-found':
      return fromStatic(state, path, staticFiles);
  }
}

/**
 * A request read from the site's root, its target without the site's base path (`/blog/x/` →
 * `/x/`); undefined when the target lies outside the base.
 */
export function requestInSite<R extends Pick<AppRequest, 'url'>>(
  state: SiteState,
  request: R,
): R | undefined {
  const base = basePathOf(state.site.config.url);
  if (base === '') return request;
  const url = withinBase(base, request.url);
  return url === undefined ? undefined : { ...request, url };
}

/**
 * What a request outside the base path leads to: the base itself without its slash, and any
 * target that exists under the base, are moved there (`/posts/x/` → `/blog/posts/x/`); the rest is
 * the 404 page, whose links lead under the base.
 */
export function outsideBase(
  state: SiteState,
  request: Pick<AppRequest, 'method' | 'url'>,
  staticFiles?: StaticFiles,
): Resource | Promise<Resource> {
  const base = basePathOf(state.site.config.url);
  const queryStart = request.url.indexOf('?');
  const path = queryStart === -1 ? request.url : request.url.slice(0, queryStart);
  if (path === base) return movedTo(`${base}/${request.url.slice(path.length)}`);
  const found = resourceFor(state, request, staticFiles);
  const lead = (resource: Resource): Resource => {
    if (resource.kind === 'document' && resource.status === 404) return resource;
    if (resource.kind === 'fixed' && resource.response.status >= 400) return resource;
    return movedTo(`${base}${request.url}`);
  };
  return found instanceof Promise ? found.then(lead) : lead(found);
}

/** A permanent redirect: only GET and HEAD are answered, so 301 keeps the method. */
function movedTo(location: string): FixedResource {
  return { kind: 'fixed', response: { status: 301, headers: { location, 'content-length': '0' } } };
}

/**
 * A variant of an image: its file, kept by clients for good as its path changes with its bytes;
 * a redirect to the original when the image cannot be resized; else whatever static/ has there.
 */
function imageVariant(
  state: SiteState,
  path: string,
  found: StaticFile | string | undefined,
  staticFiles: StaticFiles | undefined,
): Resource | Promise<Resource> {
  if (typeof found === 'string') {
    return {
      kind: 'fixed',
      response: {
        status: 307,
        headers: {
          location: linkTo(basePathOf(state.site.config.url), found),
          'content-length': '0',
        },
      },
    };
  }
  return found ? { kind: 'file', file: found } : fromStatic(state, path, staticFiles);
}

/**
 * The file of static/ at `path` — a folder's `index.html` for a path ending in `/`, as static hosts
 * answer one — or, for `/about/index.html`, a redirect to the page at `/about/`; else the 404 page.
 */
function fromStatic(
  state: SiteState,
  path: string,
  staticFiles: StaticFiles | undefined,
): Resource | Promise<Resource> {
  const page = path.endsWith(`/${INDEX_FILE}`) ? path.slice(0, -INDEX_FILE.length) : undefined;
  const otherwise =
    page !== undefined && resolvePath(state.site, page).type === 'page'
      ? movedTo(linkTo(basePathOf(state.site.config.url), page))
      : notFoundDocument(state);
  const file = decodeURIComponent(path);
  const lookup = staticFiles?.lookup(file.endsWith('/') ? `${file}${INDEX_FILE}` : file);
  return lookup
    ? lookup.then((found): Resource => (found ? { kind: 'file', file: found } : otherwise))
    : otherwise;
}

// The file a folder is answered with by static hosts, and in the export.
const INDEX_FILE = 'index.html';

/**
 * Every path the site answers with a document it generates — pages, feeds, sitemap, robots.txt
 * and the theme's files — in a stable order.
 */
export function generatedPaths(site: Site): string[] {
  return [...listRoutes(site).map(pathOf), ...themeAssets(site).map(({ path }) => path)];
}

/**
 * The theme's own files, and the packaged files some bodies need (KaTeX's for math, Mermaid for
 * diagrams): a server answers them all, and pages link them only where they are used.
 */
function siteAssets(
  site: Site,
): readonly { path: string; contentType: string; body: string | Buffer }[] {
  return [...themeAssets(site), ...packagedFiles(['math', 'diagram'])];
}

/**
 * The one place a route of the site is rendered. The parts of bodies it shows are gathered here,
 * on the delivery side, so that views are handed HTML and never a way to read a file.
 */
export function renderPage(view: SiteView, route: Route): Rendered {
  const bodies = view.bodies.parts(bodiesShownBy(view.site, route));
  return withPolicy(renderRoute(view.site, route, bodies, view.overlay), view.overlay.liveReload);
}

export function renderMissing(view: SiteView): Rendered {
  return withPolicy(renderNotFound(view.site, view.overlay), view.overlay.liveReload);
}

/** A page that loads from other origins, with its policy written into it for static hosts. */
export function withPolicy(rendered: Rendered, liveReload: boolean): Rendered {
  if (rendered.sources === undefined) return rendered;
  const body = withPolicyMeta(rendered.body, liveReload, allowanceOf(rendered));
  return { ...rendered, body };
}

function pageDocument(state: SiteState, route: Route): Document {
  return state.caches.documents.get(pathOf(route), (path) => {
    const rendered = renderPage(state, route);
    state.caches.shows.set(path, postsShownBy(state.site, route));
    return document(path, 200, rendered.contentType, REVALIDATE, rendered.body, rendered);
  });
}

function notFoundDocument(state: SiteState): Document {
  return state.caches.documents.get(NOT_FOUND_KEY, (key) => {
    const rendered = renderMissing(state);
    state.caches.shows.set(key, []);
    return document(key, 404, rendered.contentType, REVALIDATE, rendered.body, rendered);
  });
}

/**
 * The search page with the results of the query in `search` (the URL's query string): the
 * reader's words are read leniently — any text makes a page, none is reflected as markup — and
 * each query's work is bounded, so a flood of searches slows pages no more than a flood of pages.
 */
function searchResultsDocument(state: SiteState, search: string): Document | Promise<Document> {
  const { query, page } = searchRequest(search);
  if (query === '') return pageDocument(state, { kind: 'search' });
  const key = `${page}\u0000${query}`;
  const known = state.caches.searches.peek(key);
  if (known) return known;
  return state.searchIndex.of(state).then((index) =>
    state.caches.searches.get(key, () => {
      const rendered = withPolicy(
        renderSearchResults(state.site, searchResults(state, index, query, page), state.overlay),
        state.overlay.liveReload,
      );
      return document(SEARCH_PATH, 200, rendered.contentType, REVALIDATE, rendered.body, rendered);
    }),
  );
}

function searchResults(
  state: SiteState,
  index: SearchIndex,
  query: string,
  page: number,
): SearchResultsView {
  const { posts, config } = state.site;
  const found = search(index, query, { limit: page * config.pageSize });
  const shown = resultsPage(found, page, config.pageSize);
  const hits = shown.hits.flatMap(({ document: number }) => {
    const post = posts[sitePlace(number, posts.length)];
    return post ? [{ post, snippet: snippetOf(searchText(state, post), found.terms) }] : [];
  });
  return { query, page: shown.page, pageCount: shown.pageCount, total: found.total, hits };
}

/** A post's text for its snippet; none when its file changed since it was loaded. */
function searchText(state: SiteState, post: Post): string {
  return state.caches.searchTexts.get(post, () => {
    try {
      return snippetText(state.bodies.searchText(post));
    } catch (cause) {
      if (cause instanceof StaleBody) return '';
      throw cause;
    }
  });
}

/** The theme's stylesheet and icon, and KaTeX's files, by their content-hashed paths. */
function themeDocuments(state: SiteState): ReadonlyMap<string, Document> {
  return state.caches.assets.get(
    state.site,
    (site) =>
      new Map(
        siteAssets(site).map(({ path, contentType, body }) => [
          path,
          document(path, 200, contentType, IMMUTABLE, body),
        ]),
      ),
  );
}

/** An answer in plain text that the request alone decides. */
export function plain(
  status: number,
  text: string,
  extra: Record<string, string> = {},
): FixedResource {
  const body = Buffer.from(`${text}\n`, 'utf8');
  const headers = {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': String(body.length),
    ...extra,
  };
  return { kind: 'fixed', response: { status, headers, body } };
}
