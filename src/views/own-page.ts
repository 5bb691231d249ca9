// Render: a page of the site's own (About, Now, Uses) — its title and its body, nothing of posts.
import type { Page } from '../content/page.js';
import { bodyHtmlOf, excerptOf, type ViewContext } from './context.js';
import { html, raw } from './html.js';
import { layout } from './layout.js';
import { postScripts, postStylesheets } from './post-page.js';
import { webPageData } from './structured-data.js';
import type { PageScript } from './theme/page-scripts.js';

/** A page's page, and the scripts written into it, which its Content-Security-Policy allows. */
export function ownPage(
  ctx: ViewContext,
  page: Page,
): { readonly body: string; readonly scripts: readonly PageScript[] } {
  const scripts = postScripts(ctx, page);
  const description = page.description ?? excerptOf(ctx.bodies, page);
  const body = layout(ctx, {
    title: page.title,
    description,
    path: page.path,
    isFeatured: false,
    stylesheets: postStylesheets(ctx, page),
    scripts,
    structuredData: webPageData(ctx.site, page.path, page.title, description),
    main: html`<article class="post own-page">
<h1 class="page-title">${page.title}</h1>
<div class="post-body">
${raw(bodyHtmlOf(ctx, page))}</div>
</article>`,
  });
  return { body, scripts };
}
