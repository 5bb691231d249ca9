// Render: (Site, route) → the page's HTML; the one entry point the server and the export share.
import type { Site } from '../site/build-site.js';
import type { Route } from '../site/routes.js';
import { viewContext } from './context.js';
import { categoryPage, featuredPage, tagPage } from './listing.js';
import { notFoundPage } from './not-found.js';
import { postPage } from './post-page.js';

export function renderRoute(site: Site, route: Route): string {
  const ctx = viewContext(site);
  switch (route.kind) {
    case 'featured':
      return featuredPage(ctx, route.page);
    case 'category':
      return categoryPage(ctx, route.term);
    case 'tag':
      return tagPage(ctx, route.term);
    case 'post':
      return postPage(ctx, route.post);
  }
}

export function renderNotFound(site: Site): string {
  return notFoundPage(viewContext(site));
}
