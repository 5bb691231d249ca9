// Render: a series — the box on each of its posts' pages that lists its parts, and its own page at
// /series/<slug>/, both in reading order.
import type { Post } from '../content/post.js';
import { postPath, seriesPath } from '../site/routes.js';
import { seriesOf, type Series } from '../site/series.js';
import type { ViewContext } from './context.js';
import { formatPostDate } from './format-date.js';
import { html, type Html } from './html.js';
import { layout } from './layout.js';
import { blogData } from './structured-data.js';

/**
 * The series `post` is a part of, when it has other public parts: a series of one post has
 * nothing to lead to, so its page shows no box (its series page still answers).
 */
export function shownSeries(ctx: Pick<ViewContext, 'site'>, post: Post): Series | undefined {
  const series = seriesOf(ctx.site.seriesBySlug, post);
  return series && series.posts.length > 1 ? series : undefined;
}

/** The box on a post's page: the series' title, "Part 2 of 5", every part with this one marked. */
export function seriesBox(ctx: ViewContext, post: Post): Html {
  const series = shownSeries(ctx, post);
  if (!series) return html``;
  const title = ctx.t.seriesTitle(series.name);
  const part = series.posts.indexOf(post) + 1;
  const parts = series.posts.map((other) =>
    other === post
      ? html`<li><span aria-current="page">${other.title}</span></li>\n`
      : html`<li><a href="${ctx.link(postPath(other))}">${other.title}</a></li>\n`,
  );
  return html`<nav class="post-series" aria-label="${title}">
<h2 class="post-series-title"><a href="${ctx.link(seriesPath(series))}">${title}</a></h2>
<p class="series-part">${ctx.t.partOf(part, series.posts.length)}</p>
<ol>
${parts}</ol>
</nav>
`;
}

/** `/series/<slug>/`: the series' title and every part with its date, part 1 first. */
export function seriesPage(ctx: ViewContext, series: Series): string {
  const { site, t } = ctx;
  const title = t.seriesTitle(series.name);
  const path = seriesPath(series);
  const parts = series.posts.map((post) => {
    const date = formatPostDate(post.date, site.config.timezone);
    return html`<li><a href="${ctx.link(postPath(post))}">${post.title}</a> <time datetime="${date.iso}">${date.text}</time></li>
`;
  });
  return layout(ctx, {
    title,
    description: `${title} · ${t.postCount(series.posts.length)}`,
    path,
    isFeatured: false,
    structuredData: blogData(site, path, series.posts),
    main: html`<h1 class="page-title">${title}</h1>
<p class="series-count">${t.postCount(series.posts.length)}</p>
<ol class="series-posts">
${parts}</ol>
`,
  });
}
