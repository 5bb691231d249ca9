// Render: (Site, route) → the document's bytes and type; the one entry point the server and the export share.
import type { Site } from '../site/build-site.js';
import { relatedPosts } from '../site/related.js';
import type { Route } from '../site/routes.js';
import type { BodyFeature, BodyParts, MarkdownDocument, Post } from '../content/post.js';
import { NO_BODIES, viewContext, type AuthoringOverlay, type ViewContext } from './context.js';
import type { ThirdPartySources } from './embeds.js';
import { atomFeed, carriesBodies, feedPosts, jsonFeed, rssFeed } from './feeds.js';
import { categoryPage, featuredPage, featuredPosts, tagPage } from './listing.js';
import { archivesPage, termIndexPage } from './indexes.js';
import { notFoundPage } from './not-found.js';
import { ownPage } from './own-page.js';
import { neighboursOf, postPage } from './post-page.js';
import { seriesPage, shownSeries } from './series.js';
import { type ExportedSearch, searchPage, type SearchResultsView } from './search-page.js';
import type { PageScript } from './theme/page-scripts.js';
import { robotsTxt, sitemap } from './sitemap.js';

/** A rendered document and its media type. */
export interface Rendered {
  readonly contentType: string;
  readonly body: string;
  /** The scripts written into the page, which its Content-Security-Policy allows by hash. */
  readonly scripts?: readonly PageScript[];
  /** What the page's body uses: an export writes the packaged files of these. */
  readonly features?: readonly BodyFeature[];
  /** Origins the page loads from beyond its own (analytics, comments), which its policy allows. */
  readonly sources?: ThirdPartySources | undefined;
}

const HTML = 'text/html; charset=utf-8';

/** The posts whose excerpts, HTML and minutes to read the document of `route` shows. */
export function bodiesShownBy(
  site: Site,
  route: Route,
): {
  readonly excerpts: readonly MarkdownDocument[];
  readonly html: readonly MarkdownDocument[];
  readonly minutes?: readonly MarkdownDocument[];
} {
  const { readingTime, entryExtras } = site.config;
  const entries = (posts: readonly Post[]) => ({
    excerpts: posts,
    html: [],
    minutes: readingTime && entryExtras.includes('readingTime') ? posts : [],
  });
  switch (route.kind) {
    case 'featured':
      return entries(featuredPosts(site, route.page));
    case 'category':
    case 'tag':
      return entries(route.term.posts);
    case 'post':
      return {
        excerpts: withoutDescription([route.post]),
        html: [route.post],
        minutes: readingTime ? [route.post] : [],
      };
    case 'page':
      return { excerpts: withoutDescription([route.page]), html: [route.page] };
    case 'rss':
    case 'atom':
    case 'json-feed': {
      const term = route.kind === 'rss' ? route.term : undefined;
      const posts = feedPosts(site, term);
      return { excerpts: withoutDescription(posts), html: carriesBodies(term) ? posts : [] };
    }
    case 'series':
    case 'search':
    case 'categories':
    case 'tags':
    case 'archives':
    case 'sitemap':
    case 'robots':
      return { excerpts: [], html: [] };
  }
}

/**
 * Every post the document of `route` shows anything of — a title, a date, an excerpt, a body: a
 * new version of any other post, at the same place in every index, leaves its bytes as they are.
 */
export function postsShownBy(site: Site, route: Route): readonly Post[] {
  switch (route.kind) {
    case 'post': {
      const { older, newer } = neighboursOf(site, route.post);
      return [
        route.post,
        ...(older ? [older] : []),
        ...(newer ? [newer] : []),
        ...(shownSeries({ site }, route.post)?.posts ?? []),
        ...relatedPosts(site, route.post),
      ];
    }
    case 'series':
      return route.series.posts;
    case 'featured':
      return featuredPosts(site, route.page);
    case 'category':
    case 'tag':
      return route.term.posts;
    case 'rss':
    case 'atom':
    case 'json-feed':
      return feedPosts(site, route.kind === 'rss' ? route.term : undefined);
    case 'sitemap':
    case 'archives':
      return site.posts;
    case 'categories':
      return site.categories.flatMap((term) => term.posts);
    case 'tags':
      return site.tags.flatMap((term) => term.posts);
    case 'page':
    case 'search':
    case 'robots':
      return [];
  }
}

// An excerpt stands in for a description the author did not write.
function withoutDescription<Document extends MarkdownDocument>(
  posts: readonly Document[],
): Document[] {
  return posts.filter((post) => post.description === undefined);
}

/** The document of `route`, from the parts of the bodies `bodiesShownBy` names. */
export function renderRoute(
  site: Site,
  route: Route,
  bodies: BodyParts,
  overlay?: AuthoringOverlay,
): Rendered {
  const ctx = viewContext(site, bodies, overlay, { comments: route.kind === 'post' });
  const rendered = renderIn(ctx, route);
  return rendered.contentType === HTML ? withEmbeds(ctx, rendered) : rendered;
}

/**
 * A page with what the config's services add to it: the inline scripts the layout wrote for them,
 * and the origins they load from, which the page's Content-Security-Policy allows. Both come from
 * the `embeds` the layout wrote the page with.
 */
function withEmbeds(ctx: ViewContext, rendered: Rendered): Rendered {
  const { scripts, sources } = ctx.embeds;
  if (scripts.length === 0 && sources === undefined) return rendered;
  return { ...rendered, scripts: [...(rendered.scripts ?? []), ...scripts], sources };
}

function renderIn(ctx: ViewContext, route: Route): Rendered {
  const { site, bodies } = ctx;
  switch (route.kind) {
    case 'featured':
      return { contentType: HTML, body: featuredPage(ctx, route.page) };
    case 'category':
      return { contentType: HTML, body: categoryPage(ctx, route.term) };
    case 'tag':
      return { contentType: HTML, body: tagPage(ctx, route.term) };
    case 'post':
      return {
        contentType: HTML,
        ...postPage(ctx, route.post),
        features: bodies.features?.get(route.post) ?? [],
      };
    case 'page':
      return {
        contentType: HTML,
        ...ownPage(ctx, route.page),
        features: bodies.features?.get(route.page) ?? [],
      };
    case 'series':
      return { contentType: HTML, body: seriesPage(ctx, route.series) };
    case 'search':
      return { contentType: HTML, ...searchPage(ctx, undefined) };
    case 'categories':
      return { contentType: HTML, body: termIndexPage(ctx, 'categories') };
    case 'tags':
      return { contentType: HTML, body: termIndexPage(ctx, 'tags') };
    case 'archives':
      return { contentType: HTML, body: archivesPage(ctx) };
    case 'rss':
      return {
        contentType: 'application/rss+xml; charset=utf-8',
        body: rssFeed(site, bodies, route.term),
      };
    case 'atom':
      return { contentType: 'application/atom+xml; charset=utf-8', body: atomFeed(site, bodies) };
    case 'json-feed':
      return { contentType: 'application/feed+json; charset=utf-8', body: jsonFeed(site, bodies) };
    case 'sitemap':
      return { contentType: 'application/xml; charset=utf-8', body: sitemap(site) };
    case 'robots':
      return { contentType: 'text/plain; charset=utf-8', body: robotsTxt(site) };
  }
}

/** The search page with one page of the results of a query. */
export function renderSearchResults(
  site: Site,
  results: SearchResultsView,
  overlay?: AuthoringOverlay,
): Rendered {
  const ctx = viewContext(site, NO_BODIES, overlay);
  return withEmbeds(ctx, { contentType: HTML, ...searchPage(ctx, results) });
}

/** An exported site's search page, with the script that searches there and what it is handed. */
export function renderExportedSearch(site: Site, exported: ExportedSearch): Rendered {
  const ctx = viewContext(site);
  return withEmbeds(ctx, { contentType: HTML, ...searchPage(ctx, undefined, exported) });
}

export function renderNotFound(site: Site, overlay?: AuthoringOverlay): Rendered {
  const ctx = viewContext(site, NO_BODIES, overlay);
  return withEmbeds(ctx, { contentType: HTML, body: notFoundPage(ctx) });
}
