// Render: the 404 page, inside the site's header and footer.
import { homePath } from '../site/routes.js';
import type { ViewContext } from './context.js';
import { html } from './html.js';
import { layout } from './layout.js';

export function notFoundPage(ctx: ViewContext): string {
  const { t } = ctx;
  return layout(ctx, {
    title: t.notFoundTitle,
    description: t.notFoundText,
    path: '',
    isFeatured: false,
    main: html`<h1 class="page-title">${t.notFoundTitle}</h1>
<p>${t.notFoundText}</p>
<p><a href="${ctx.link(homePath())}">${t.backHome}</a></p>`,
  });
}
