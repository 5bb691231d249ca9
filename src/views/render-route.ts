// Render: (Site, route) → the document's bytes and type; the one entry point the server and the export share.
import type { Site } from '../site/build-site.js';
import type { Route } from '../site/routes.js';
import { viewContext, type AuthoringOverlay } from './context.js';
import { atomFeed, rssFeed } from './feeds.js';
import { categoryPage, featuredPage, tagPage } from './listing.js';
import { notFoundPage } from './not-found.js';
import { postPage } from './post-page.js';
import { robotsTxt, sitemap } from './sitemap.js';

/** A rendered document and its media type. */
export interface Rendered {
  readonly contentType: string;
  readonly body: string;
}

const HTML = 'text/html; charset=utf-8';

export function renderRoute(site: Site, route: Route, overlay?: AuthoringOverlay): Rendered {
  const ctx = viewContext(site, overlay);
  switch (route.kind) {
    case 'featured':
      return { contentType: HTML, body: featuredPage(ctx, route.page) };
    case 'category':
      return { contentType: HTML, body: categoryPage(ctx, route.term) };
    case 'tag':
      return { contentType: HTML, body: tagPage(ctx, route.term) };
    case 'post':
      return { contentType: HTML, body: postPage(ctx, route.post) };
    case 'rss':
      return { contentType: 'application/rss+xml; charset=utf-8', body: rssFeed(site, route.term) };
    case 'atom':
      return { contentType: 'application/atom+xml; charset=utf-8', body: atomFeed(site) };
    case 'sitemap':
      return { contentType: 'application/xml; charset=utf-8', body: sitemap(site) };
    case 'robots':
      return { contentType: 'text/plain; charset=utf-8', body: robotsTxt(site) };
  }
}

export function renderNotFound(site: Site, overlay?: AuthoringOverlay): Rendered {
  return { contentType: HTML, body: notFoundPage(viewContext(site, overlay)) };
}
