// Render: the page shell shared by every page — head, header with navigation, main, footer.
import { PROFILE_LINKS, type ProfileLink } from '../config/schema.js';
import { categoryPath, FEED_PATH, homePath } from '../site/routes.js';
import type { ViewContext } from './context.js';
import { html, type Html } from './html.js';
import { stylesheet } from './theme/stylesheet.js';

export interface PageShell {
  /** The document title, before the site name. Empty on the home page. */
  readonly title: string;
  readonly description: string;
  /** The path of this page, to mark the current navigation link. */
  readonly path: string;
  /** Featured listing pages carry the site name as their top heading, and the tagline. */
  readonly isFeatured: boolean;
  readonly main: Html;
}

const PROFILE_LABELS: Record<ProfileLink, string> = {
  github: 'GitHub',
  gitlab: 'GitLab',
  codeberg: 'Codeberg',
  x: 'X',
  linkedin: 'LinkedIn',
  mastodon: 'Mastodon',
  bluesky: 'Bluesky',
  facebook: 'Facebook',
  youtube: 'YouTube',
};

export function layout(ctx: ViewContext, page: PageShell): string {
  const { config } = ctx.site;
  const documentTitle = page.title ? `${page.title} · ${config.title}` : config.title;
  return html`<!doctype html>
    <html lang="${config.locale}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${documentTitle}</title>
        <meta name="description" content="${page.description}" />
        <link rel="stylesheet" href="${stylesheet.path}" />
      </head>
      <body>
        <a class="skip-link" href="#main">${ctx.t.skipToContent}</a>
        ${header(ctx, page)}
        <main id="main">${page.main}</main>
        ${footer(ctx)}
      </body>
    </html> `.value;
}

function header(ctx: ViewContext, page: PageShell): Html {
  const { config, categories } = ctx.site;
  const siteName = html`<a href="${homePath()}">${config.title}</a>`;
  const navLink = (href: string, label: string): Html =>
    html`<li>
      <a href="${href}" ${href === page.path ? html` aria-current="page"` : ''}>${label}</a>
    </li>`;
  return html`<header class="site-header">
    ${page.isFeatured ? html`<h1 class="site-title">${siteName}</h1>` : html`<p class="site-title">${siteName}</p>`}
    ${page.isFeatured && config.tagline ? html`<p class="tagline">${config.tagline}</p>` : ''}
    <nav class="site-nav" aria-label="${ctx.t.mainNavigation}">
      <ul>
        ${navLink(homePath(), ctx.t.home)}
        ${categories.map((term) => navLink(categoryPath(term), term.title))}
      </ul>
    </nav>
  </header>`;
}

function footer(ctx: ViewContext): Html {
  const { config } = ctx.site;
  const profiles = PROFILE_LINKS.flatMap((name) => {
    const url = config.links[name];
    return url ? [html`<li><a href="${url}" rel="me">${PROFILE_LABELS[name]}</a></li>`] : [];
  });
  return html`<footer class="site-footer">
    <ul class="profile-links" aria-label="${ctx.t.profiles}">
      ${profiles}
      <li><a href="${FEED_PATH}" type="application/rss+xml">${ctx.t.feed}</a></li>
    </ul>
    <p class="copyright">${ctx.t.copyright(config.owner)}</p>
  </footer>`;
}
