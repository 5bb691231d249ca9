// Render: the indexes of a site — every category and every tag with how many posts each has (the
// tags also as a list weighted by that count), and every post by year and month, newest first.
import type { Post } from '../content/post.js';
import { ARCHIVES_PATH, CATEGORIES_PATH, TAGS_PATH, termPath } from '../site/routes.js';
import type { Term } from '../site/taxonomy.js';
import type { ViewContext } from './context.js';
import { formatPostDate } from './format-date.js';
import { html, type Html } from './html.js';
import { layout } from './layout.js';
import { blogData } from './structured-data.js';

/** The posts of one month of one year, newest first, as the archive shows them. */
export interface ArchiveMonth {
  /** `YYYY-MM` in the site's time zone. */
  readonly month: string;
  readonly posts: readonly Post[];
}

export interface ArchiveYear {
  readonly year: string;
  readonly months: readonly ArchiveMonth[];
  readonly count: number;
}

/** `posts`, in the site's order (newest first), grouped by year and month in `timezone`. */
export function archiveYears(posts: readonly Post[], timezone: string): ArchiveYear[] {
  const years: { year: string; months: { month: string; posts: Post[] }[]; count: number }[] = [];
  for (const post of posts) {
    const month = formatPostDate(post.date, timezone).iso.slice(0, 7);
    const year = month.slice(0, 4);
    let last = years.at(-1);
    if (last?.year !== year) years.push((last = { year, months: [], count: 0 }));
    let current = last.months.at(-1);
    if (current?.month !== month) last.months.push((current = { month, posts: [] }));
    current.posts.push(post);
    last.count++;
  }
  return years;
}

// How many sizes the weighted list of tags has: the tag with the most posts takes the largest.
const TAG_WEIGHTS = 5;

/** The weight of a tag of `count` posts among tags of at most `most`: 1 to `TAG_WEIGHTS`. */
export function tagWeight(count: number, most: number): number {
  if (most <= 1) return 1;
  // By the logarithm, so that one tag on every post does not make all others look alike.
  return 1 + Math.round(((TAG_WEIGHTS - 1) * Math.log(count)) / Math.log(most));
}

function termIndex(ctx: ViewContext, terms: readonly Term[]): Html {
  const most = Math.max(1, ...terms.map((term) => term.posts.length));
  const weighted = terms[0]?.kind === 'tag';
  const items = terms.map((term) => {
    const weight = weighted
      ? html` class="weight-${String(tagWeight(term.posts.length, most))}"`
      : '';
    // A tag's link shows its # as tag lists do, so that a tag such as "go" reads as a tag.
    const mark = weighted ? html`<span class="tag-mark" aria-hidden="true">#</span>` : '';
    return html`<li${weight}><a href="${ctx.link(termPath(term))}">${mark}${term.title}</a> <span class="term-count">${ctx.t.postCount(term.posts.length)}</span></li>
`;
  });
  return html`<ul class="${weighted ? 'term-index tag-cloud' : 'term-index'}">
${items}</ul>`;
}

/** A page of the indexes: its title as its heading, and the blog as what it is about. */
function indexPage(ctx: ViewContext, title: string, path: string, main: Html): string {
  return layout(ctx, {
    title,
    description: `${title} · ${ctx.site.config.title}`,
    path,
    isFeatured: false,
    // The blog, whose index this is; its posts are too many to list here.
    structuredData: blogData(ctx.site, path, []),
    main: html`<h1 class="page-title">${title}</h1>
${main}`,
  });
}

/** `/categories/` or `/tags/`: every category or tag with how many posts it has. */
export function termIndexPage(ctx: ViewContext, kind: 'categories' | 'tags'): string {
  const categories = kind === 'categories';
  return indexPage(
    ctx,
    ctx.t[kind],
    categories ? CATEGORIES_PATH : TAGS_PATH,
    termIndex(ctx, categories ? ctx.site.categories : ctx.site.tags),
  );
}

/** `/archives/`: every post by year and month, newest first. */
export function archivesPage(ctx: ViewContext): string {
  const { config, posts } = ctx.site;
  const title = ctx.t.archives;
  const monthName = new Intl.DateTimeFormat(config.locale, { month: 'long', timeZone: 'UTC' });
  const years = archiveYears(posts, config.timezone).map(
    ({
      year,
      months,
      count,
    }) => html`<section class="archive-year" aria-labelledby="archive-${year}">
<h2 id="archive-${year}">${year} <span class="term-count">${ctx.t.postCount(count)}</span></h2>
${months.map(({ month, posts: monthPosts }) => {
  const name = monthName.format(Date.UTC(Number(year), Number(month.slice(5)) - 1, 1));
  return html`<h3>${name}</h3>
<ul class="archive-posts">
${monthPosts.map((post) => {
  const date = formatPostDate(post.date, config.timezone);
  return html`<li><time datetime="${date.iso}">${date.text.slice(0, 10)}</time> <a href="${ctx.link(post.path)}">${post.title}</a></li>
`;
})}</ul>
`;
})}</section>
`,
  );
  return indexPage(ctx, title, ARCHIVES_PATH, html`${years}`);
}
