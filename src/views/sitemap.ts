// Render: the sitemap of every public page, and robots.txt pointing to it.
import { percentEncodeUnsafe } from '../config/site-url.js';
import type { Site } from '../site/build-site.js';
import { isPage, listRoutes, pathOf, SITEMAP_PATH, type Route } from '../site/routes.js';
import { absoluteUrl } from './absolute-urls.js';
import { lastChange } from './feeds.js';
import { escapeHtml } from './html.js';

export function sitemap(site: Site): string {
  const entries = listRoutes(site)
    .filter(isPage)
    .filter((route) => route.kind !== 'post' || !route.post.draft)
    .map((route) => {
      const modified = lastModified(route);
      const lastmod =
        modified === undefined ? '' : `<lastmod>${new Date(modified).toISOString()}</lastmod>`;
      return `<url><loc>${escapeHtml(absoluteUrl(site.config.url, pathOf(route)))}</loc>${lastmod}</url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries.join('\n')}
</urlset>
`;
}

function lastModified(route: Route): number | undefined {
  if (route.kind === 'post') return lastChange(route.post);
  // A listing changes with any of its posts, of which the newest is not always the last changed.
  if (route.kind === 'category' || route.kind === 'tag') {
    return route.term.posts.length > 0 ? Math.max(...route.term.posts.map(lastChange)) : undefined;
  }
  if (route.kind === 'series') return Math.max(...route.series.posts.map(lastChange));
  return undefined;
}

// A line of robots.txt ends at a line break, and its value at a space: the sitemap's address is
// written with every character a URL cannot hold as it is percent-encoded.
export function robotsTxt(site: Site): string {
  return `User-agent: *
Allow: /

Sitemap: ${percentEncodeUnsafe(absoluteUrl(site.config.url, SITEMAP_PATH))}
`;
}
