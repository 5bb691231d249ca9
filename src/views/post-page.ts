// Render: a post's own page — title, byline, category, the full body, tags, its series, related
// posts and its neighbours.
import type { MarkdownDocument, Post } from '../content/post.js';
import type { Site } from '../site/build-site.js';
import { slugify } from '../content/slugify.js';
import { categoryPath, postPath } from '../site/routes.js';
import { bodyHtmlOf, excerptOf, type ViewContext } from './context.js';
import { coverOf, imageElement } from './cover-image.js';
import { byline, tagList } from './entry.js';
import { html, raw, type Html } from './html.js';
import { layout } from './layout.js';
import { relatedBox } from './related-posts.js';
import { seriesBox } from './series.js';
import { postData } from './structured-data.js';
import { formatPostDate } from './format-date.js';
import { copyCodeScript, diagramScript, type PageScript } from './theme/page-scripts.js';

/** A post's page, and the scripts written into it, which its Content-Security-Policy allows. */
export function postPage(
  ctx: ViewContext,
  post: Post,
): { readonly body: string; readonly scripts: readonly PageScript[] } {
  const scripts = postScripts(ctx, post);
  const category =
    post.category === undefined ? undefined : ctx.site.categoryBySlug.get(slugify(post.category));
  const description = post.description ?? excerptOf(ctx.bodies, post);
  const cover = coverOf(ctx, post);
  const body = layout(ctx, {
    title: post.title,
    description,
    path: postPath(post),
    isFeatured: false,
    stylesheets: postStylesheets(ctx, post),
    scripts,
    structuredData: postData(
      ctx.site,
      post,
      description,
      ctx.site.config.readingTime ? ctx.bodies.readingMinutes?.get(post) : undefined,
    ),
    image: cover,
    article: {
      published: formatPostDate(post.date, ctx.site.config.timezone).iso,
      section: post.category,
      tags: post.tags,
    },
    main: html`<article class="post">
<header>
<h1 class="page-title">${post.title}</h1>
${byline(ctx, post, true)}
${category ? html`<p class="post-category">${ctx.t.category}: <a href="${ctx.link(categoryPath(category))}">${category.title}</a></p>\n` : ''}${cover ? html`${imageElement(ctx, cover, 'post-cover', true)}\n` : ''}</header>
<div class="post-body">
${raw(bodyHtmlOf(ctx, post))}</div>
<footer>${tagList(ctx, post)}</footer>
</article>
${seriesBox(ctx, post)}${relatedBox(ctx, post)}${neighbours(ctx, post)}${ctx.embeds.comments ? html`\n${ctx.embeds.comments}` : ''}`,
  });
  return { body, scripts };
}

/** The stylesheets a post's or page's page links beyond the theme's: KaTeX's, where it has math. */
export function postStylesheets(ctx: ViewContext, post: MarkdownDocument): string[] {
  const { features, packaged } = ctx.bodies;
  return features?.get(post)?.includes('math') && packaged ? [packaged('math')] : [];
}

/** The scripts of a post's or page's page: the copy button where it has code, Mermaid's loader for diagrams. */
export function postScripts(ctx: ViewContext, post: MarkdownDocument): PageScript[] {
  const { features, packaged } = ctx.bodies;
  const uses = features?.get(post) ?? [];
  return [
    ...(uses.includes('code') && ctx.site.config.copyCode ? [copyCodeScript(ctx.t)] : []),
    ...(uses.includes('diagram') && packaged ? [diagramScript(ctx.link(packaged('diagram')))] : []),
  ];
}

/**
 * The posts beside `post` in the featured listing's order, whose titles its page links to:
 * previous is the older, next the newer.
 */
export function neighboursOf(
  site: Site,
  post: Post,
): { readonly older: Post | undefined; readonly newer: Post | undefined } {
  const index = site.positionOf.get(post) ?? -1;
  return { older: site.posts[index + 1], newer: index > 0 ? site.posts[index - 1] : undefined };
}

function neighbours(ctx: ViewContext, post: Post): Html {
  const { older, newer } = neighboursOf(ctx.site, post);
  if (!older && !newer) return html``;
  return html`<nav class="post-neighbours" aria-label="${ctx.t.previousPost} / ${ctx.t.nextPost}">
<ul>
${older ? html`<li><a href="${ctx.link(postPath(older))}" rel="prev">${ctx.t.previousPost}: ${older.title}</a></li>\n` : ''}${newer ? html`<li><a href="${ctx.link(postPath(newer))}" rel="next">${ctx.t.nextPost}: ${newer.title}</a></li>\n` : ''}</ul>
</nav>`;
}
