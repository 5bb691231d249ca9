// Render: a paginated page's pager — Previous Page, five page numbers, Next Page: the featured
// listing's, and the search results'.
import { pagerWindow } from '../site/paginate.js';
import { featuredPath } from '../site/routes.js';
import type { ViewContext } from './context.js';
import { html, type Html } from './html.js';

export function pager(
  ctx: ViewContext,
  current: number,
  last: number,
  pathOf: (page: number) => string = featuredPath,
): Html {
  const { t } = ctx;
  const step = (label: string, page: number, rel: 'prev' | 'next'): Html =>
    page >= 1 && page <= last
      ? html`<li><a href="${ctx.link(pathOf(page))}" rel="${rel}">${label}</a></li>`
      : html`<li><span class="pager-inactive">${label}</span></li>`;
  const numbers = pagerWindow(current, last).map((page) =>
    page === current
      ? html`<li><span aria-current="page">${page}</span></li>\n`
      : html`<li><a href="${ctx.link(pathOf(page))}">${page}</a></li>\n`,
  );
  return html`<nav class="pager" aria-label="${t.pagination}">
<ul>
${step(t.previousPage, current - 1, 'prev')}
${numbers}${step(t.nextPage, current + 1, 'next')}
</ul>
</nav>`;
}
