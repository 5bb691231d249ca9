// Render: the page shell shared by every page — head, header with navigation, main, footer.
import { PROFILE_LINKS, type Locale, type ProfileLink, type SiteConfig } from '../config/schema.js';
import {
  ARCHIVES_PATH,
  ATOM_PATH,
  CATEGORIES_PATH,
  categoryPath,
  FEED_PATH,
  homePath,
  JSON_FEED_PATH,
  SEARCH_PATH,
  TAGS_PATH,
} from '../site/routes.js';
import type { Term } from '../site/taxonomy.js';
import { absoluteUrl } from './absolute-urls.js';
import { socialImageOf, type ShownImage } from './cover-image.js';
import { serializeJsonLd } from './structured-data.js';
import { LIVE_RELOAD_PATH, type ViewContext } from './context.js';
import { html, raw, type Html } from './html.js';
import { icon, type IconName } from './icons.js';
import { favicon } from './theme/favicon.js';
import type { PageScript } from './theme/page-scripts.js';
import { stylesheetOf } from './theme/stylesheet.js';

export interface PageShell {
  /** The document title, before the site name. Empty on the home page. */
  readonly title: string;
  readonly description: string;
  /** The path of this page: its canonical URL, and the current navigation link. */
  readonly path: string;
  /** Featured listing pages carry the site name as their top heading, and the tagline. */
  readonly isFeatured: boolean;
  readonly main: Html;
  /** schema.org data about the page; absent on pages search engines should not index. */
  readonly structuredData?: Record<string, unknown>;
  /** Open Graph details of a post page. */
  readonly article?: {
    readonly published: string;
    readonly section?: string | undefined;
    readonly tags: readonly string[];
  };
  /** The image of the page's social cards, a post's cover; by default the site's `socialImage`. */
  readonly image?: ShownImage | undefined;
  /** Neighbouring pages of a paginated listing. */
  readonly prev?: string | undefined;
  readonly next?: string | undefined;
  /** Stylesheets this page needs beyond the theme's (KaTeX's, where a post has math). */
  readonly stylesheets?: readonly string[];
  /** Scripts written into this page (a copy button, Mermaid's loader); most pages have none. */
  readonly scripts?: readonly PageScript[];
  /** Feeds of this page besides the site's own. */
  readonly feeds?: readonly { readonly title: string; readonly href: string }[];
}

const OG_LOCALES: Record<Locale, string> = {
  en: 'en_US',
  ko: 'ko_KR',
  ja: 'ja_JP',
  'zh-Hans': 'zh_CN',
  'zh-Hant': 'zh_TW',
};

const PROFILES: Record<ProfileLink, { label: string; icon: IconName }> = {
  github: { label: 'GitHub', icon: 'code' },
  gitlab: { label: 'GitLab', icon: 'code' },
  codeberg: { label: 'Codeberg', icon: 'code' },
  x: { label: 'X', icon: 'x' },
  linkedin: { label: 'LinkedIn', icon: 'linkedin' },
  mastodon: { label: 'Mastodon', icon: 'discuss' },
  bluesky: { label: 'Bluesky', icon: 'globe' },
  facebook: { label: 'Facebook', icon: 'facebook' },
  youtube: { label: 'YouTube', icon: 'play' },
};

export function layout(ctx: ViewContext, page: PageShell): string {
  const { config } = ctx.site;
  const documentTitle = page.title ? `${page.title} · ${config.title}` : config.title;
  const { additions } = ctx.site;
  const { customCss } = additions;
  return html`<!DOCTYPE html>
<html lang="${config.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${documentTitle}</title>
<meta name="description" content="${page.description}">
<link rel="stylesheet" href="${ctx.link(stylesheetOf(config.theme).path)}">
${[...(page.stylesheets ?? []), ...(customCss ? [customCss] : [])].map(
  (href) => html`<link rel="stylesheet" href="${ctx.link(href)}">
`,
)}<link rel="icon" href="${ctx.link(favicon(ctx.site).path)}" type="image/svg+xml">
${metadata(ctx, page, documentTitle)}
${ctx.embeds.head}${snippet(additions.head)}</head>
<body>
<a class="skip-link" href="#main">${ctx.t.skipToContent}</a>
${ctx.site.showDrafts ? html`<p class="preview-banner" role="status">${ctx.t.previewBanner}</p>\n` : ''}${problemsBanner(ctx)}${header(ctx, page)}
<main id="main" tabindex="-1">
${page.main}
</main>
${footer(ctx)}
${[...(page.scripts ?? []), ...ctx.embeds.scripts].map(
  (script) => html`<script>${raw(script.text)}</script>
`,
)}${ctx.overlay.liveReload ? liveReloadScript(ctx) : ''}</body>
</html>
`.value;
}

/** Feeds, canonical link, pagination links, Open Graph and Twitter cards, JSON-LD. */
function metadata(ctx: ViewContext, page: PageShell, documentTitle: string): Html {
  const { config } = ctx.site;
  const url = (path: string): string => absoluteUrl(config.url, path);
  const feeds = [
    { type: 'application/rss+xml', title: config.title, href: FEED_PATH },
    { type: 'application/atom+xml', title: config.title, href: ATOM_PATH },
    { type: 'application/feed+json', title: config.title, href: JSON_FEED_PATH },
    ...(page.feeds ?? []).map((feed) => ({ type: 'application/rss+xml', ...feed })),
  ].map(
    (
      feed,
    ) => html`<link rel="alternate" type="${feed.type}" title="${feed.title}" href="${ctx.link(feed.href)}">
`,
  );
  if (!page.structuredData) return html`${feeds}<meta name="robots" content="noindex">`;

  const title = page.title || documentTitle;
  const meta = (property: string, content: string): Html =>
    html`<meta property="${property}" content="${content}">
`;
  const { article } = page;
  // A large card shows a picture of the page: the post's cover, or the site's own. Without, the
  // author's picture makes a small one.
  const image = page.image ?? socialImageOf(ctx);
  return html`${feeds}<link rel="canonical" href="${url(page.path)}">
${
  page.prev
    ? html`<link rel="prev" href="${ctx.link(page.prev)}">
`
    : ''
}${
    page.next
      ? html`<link rel="next" href="${ctx.link(page.next)}">
`
      : ''
  }${meta('og:type', article ? 'article' : 'website')}${meta('og:site_name', config.title)}${meta('og:title', title)}${meta('og:description', page.description)}${meta('og:url', url(page.path))}${meta('og:locale', OG_LOCALES[config.locale])}${image ? imageMeta(image, url, meta) : config.author.image ? meta('og:image', url(config.author.image)) : ''}${article ? [meta('article:published_time', article.published), article.section ? meta('article:section', article.section) : '', article.tags.map((tag) => meta('article:tag', tag))] : ''}<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">
<meta name="twitter:title" content="${title}">
<meta name="twitter:description" content="${page.description}">
${image ? twitterImage(image, url) : ''}<script type="application/ld+json">${raw(serializeJsonLd(page.structuredData))}</script>`;
}

/** Open Graph's image of a page, with its size and description where they are known. */
function imageMeta(
  image: ShownImage,
  url: (path: string) => string,
  meta: (property: string, content: string) => Html,
): Html {
  const { size, alt } = image;
  return html`${meta('og:image', url(image.src))}${size ? [meta('og:image:width', String(size.width)), meta('og:image:height', String(size.height))] : ''}${alt ? meta('og:image:alt', alt) : ''}`;
}

function twitterImage(image: ShownImage, url: (path: string) => string): Html {
  return html`<meta name="twitter:image" content="${url(image.src)}">
${
  image.alt
    ? html`<meta name="twitter:image:alt" content="${image.alt}">
`
    : ''
}`;
}

function header(ctx: ViewContext, page: PageShell): Html {
  const { config, categories } = ctx.site;
  const siteName = html`<a href="${ctx.link(homePath())}">${config.title}</a>`;
  const navLink = (href: string, label: string): Html =>
    html`<li><a href="${ctx.link(href)}"${href === page.path ? html` aria-current="page"` : ''}>${label}</a></li>
`;
  return html`<header class="site-header">
${page.isFeatured ? html`<h1 class="site-title">${siteName}</h1>` : html`<p class="site-title">${siteName}</p>`}
${
  page.isFeatured && config.tagline
    ? html`<p class="tagline">${config.tagline}</p>
`
    : ''
}<nav class="site-nav" aria-label="${ctx.t.mainNavigation}">
<ul>
${navLink(homePath(), ctx.t.home)}${categoryLinks(categories, config, navLink, ctx.t.categories)}${config.nav.map((index) => navLink(INDEX_PATHS[index], ctx.t[index]))}${ctx.site.navPages.map((own) => navLink(own.path, own.title))}</ul>
</nav>
${page.path === SEARCH_PATH || !ctx.site.config.search ? '' : searchForm(ctx)}</header>`;
}

const INDEX_PATHS = { archives: ARCHIVES_PATH, categories: CATEGORIES_PATH, tags: TAGS_PATH };

/**
 * The categories' links of the top navigation: each category's while the site has no more than
 * `navCategories`, else one to the categories index, unless `nav` links that index already.
 */
function categoryLinks(
  categories: readonly Term[],
  config: Pick<SiteConfig, 'navCategories' | 'nav'>,
  navLink: (href: string, label: string) => Html,
  indexLabel: string,
): Html | readonly Html[] | '' {
  if (categories.length <= config.navCategories) {
    return categories.map((term) => navLink(categoryPath(term), term.title));
  }
  return config.nav.includes('categories') ? '' : navLink(CATEGORIES_PATH, indexLabel);
}

/** A plain GET form: it searches on a server with scripts off, and leads to the search page. */
function searchForm(ctx: ViewContext): Html {
  return html`<form class="site-search" role="search" action="${ctx.link(SEARCH_PATH)}" method="get" aria-label="${ctx.t.searchLabel}">
<label class="visually-hidden" for="site-search-query">${ctx.t.searchLabel}</label>
<input id="site-search-query" type="search" name="q" autocomplete="off" spellcheck="false" maxlength="1000">
<button type="submit">${ctx.t.search}</button>
</form>
`;
}

function footer(ctx: ViewContext): Html {
  const { config } = ctx.site;
  const profiles = PROFILE_LINKS.flatMap((name) => {
    const url = config.links[name];
    const { label, icon: glyph } = PROFILES[name];
    return url ? [html`<li><a href="${url}" rel="me">${icon(glyph)}${label}</a></li>\n`] : [];
  });
  return html`<footer class="site-footer">
<ul class="profile-links">
${profiles}<li><a href="${ctx.link(FEED_PATH)}" type="application/rss+xml">${icon('feed')}${ctx.t.feed}</a></li>
</ul>
<p class="copyright">${ctx.t.copyright(config.owner)}</p>
${snippet(ctx.site.additions.footer)}</footer>`;
}

/**
 * A snippet of the author's, as written: it is trusted content, as raw HTML in a post is, and the
 * page's Content-Security-Policy still decides what of it runs. It ends a line of its own.
 */
function snippet(text: string): Html {
  if (text === '') return html``;
  return raw(text.endsWith('\n') ? text : `${text}\n`);
}

/**
 * On a watching server, the problems of the latest edit, and the warnings about the version
 * online, until they are fixed.
 */
function problemsBanner(ctx: ViewContext): Html {
  const { problems, warnings } = ctx.overlay;
  return html`${banner('problems-banner', 'alert', ctx.t.problemsBanner, problems)}${banner('warnings-banner', 'status', ctx.t.warningsBanner, warnings)}`;
}

function banner(className: string, role: string, heading: string, lines: readonly string[]): Html {
  if (lines.length === 0) return html``;
  return html`<div class="${className}" role="${role}">
<p>${heading}</p>
<pre>${lines.join('\n')}</pre>
</div>
`;
}

/**
 * The one script a page may carry: on a watching server, it reloads the page on changes. It reads
 * where the events are from its element, so that one text, allowed by one hash, serves every base.
 */
export const LIVE_RELOAD_SCRIPT =
  'new EventSource(document.currentScript.dataset.events).onmessage = () => location.reload();';

// Only a watching server adds this script; published pages carry none.
function liveReloadScript(ctx: ViewContext): Html {
  return html`<script data-events="${ctx.link(LIVE_RELOAD_PATH)}">${raw(LIVE_RELOAD_SCRIPT)}</script>
`;
}
