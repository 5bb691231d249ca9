// Render: the search page — its form, and the results of a query: each post's title, date,
// category and the stretch of its text where the words were found, marked; or what to try when
// nothing was.
import type { Post } from '../content/post.js';
import { slugify } from '../content/slugify.js';
import type { SnippetPiece } from '../search/snippet.js';
import { categoryPath, postPath, SEARCH_PATH } from '../site/routes.js';
import type { ViewContext } from './context.js';
import { formatPostDate } from './format-date.js';
import { html, type Html } from './html.js';
import { layout } from './layout.js';
import { pager } from './pager.js';
import type { PageScript } from './theme/page-scripts.js';

/** A post found, with the snippet of its text shown under it. */
export interface SearchHitView {
  readonly post: Post;
  readonly snippet: readonly SnippetPiece[];
}

/** One page of the results of a query. */
export interface SearchResultsView {
  /** The query as it was read: trimmed, and without control characters. */
  readonly query: string;
  readonly page: number;
  readonly pageCount: number;
  /** How many posts were found in all. */
  readonly total: number;
  readonly hits: readonly SearchHitView[];
}

/** The address of a page of the results of `query`. */
export function searchResultsPath(query: string, page = 1): string {
  const q = `?q=${encodeURIComponent(query).replaceAll('%20', '+')}`;
  return `${SEARCH_PATH}${q}${page > 1 ? `&page=${page}` : ''}`;
}

/**
 * The search page: with `results`, a server's answer to a query; without, the form alone, which on
 * an exported site a `script` runs in the browser (with a word for readers whose scripts are off).
 */
export function searchPage(
  ctx: ViewContext,
  results: SearchResultsView | undefined,
  script?: PageScript,
): { body: string; scripts: readonly PageScript[] } {
  const { t } = ctx;
  const query = results?.query ?? '';
  const heading = query === '' ? t.search : t.searchResultsFor(query);
  const main = html`<h1 class="page-title" id="search-title">${heading}</h1>
<form class="search-form" role="search" action="${SEARCH_PATH}" method="get" aria-labelledby="search-title">
<label for="search-query">${t.searchLabel}</label>
<div class="search-field">
<input id="search-query" type="search" name="q" value="${query}" autocomplete="off" spellcheck="false" maxlength="1000">
<button type="submit">${t.search}</button>
</div>
</form>
<div id="search-results" class="search-results">
${results ? resultsOf(ctx, results) : html`<p class="search-status">${t.searchPrompt}</p>`}
</div>
${script ? html`<noscript><p class="search-status">${t.searchNeedsScript}</p>${browse(ctx)}</noscript>\n` : ''}`;
  return {
    body: layout(ctx, {
      title: heading,
      description: t.searchLabel,
      path: SEARCH_PATH,
      isFeatured: false,
      main,
      scripts: script ? [script] : [],
    }),
    scripts: script ? [script] : [],
  };
}

function resultsOf(ctx: ViewContext, results: SearchResultsView): Html {
  const { t } = ctx;
  if (results.query === '') return html`<p class="search-status">${t.searchPrompt}</p>`;
  if (results.total === 0) {
    return html`<p class="search-status" role="status">${t.noResults(results.query)}</p>
<ul class="search-tips">
${t.searchTips.map((tip) => html`<li>${tip}</li>\n`)}</ul>
${browse(ctx)}`;
  }
  return html`<p class="search-status" role="status">${t.postsFound(results.total)}</p>
<ol class="search-hits">
${results.hits.map((hit) => hitOf(ctx, hit))}</ol>
${
  results.pageCount > 1
    ? pager(ctx, results.page, results.pageCount, (page) => searchResultsPath(results.query, page))
    : ''
}`;
}

function hitOf(ctx: ViewContext, { post, snippet }: SearchHitView): Html {
  const date = formatPostDate(post.date, ctx.site.config.timezone);
  const term =
    post.category === undefined ? undefined : ctx.site.categoryBySlug.get(slugify(post.category));
  return html`<li class="search-hit">
<h2 class="entry-title"><a href="${postPath(post)}">${post.title}</a></h2>
<p class="byline"><time datetime="${date.iso}">${date.text}</time>${
    term ? html` · <a href="${categoryPath(term)}">${term.title}</a>` : ''
  }${post.draft ? html` <span class="draft-badge">${ctx.t.draft}</span>` : ''}</p>
<p class="search-snippet">${snippet.map((piece) =>
    piece.marked ? html`<mark>${piece.text}</mark>` : piece.text,
  )}</p>
</li>
`;
}

/** The categories, for a reader who found nothing (or cannot search). */
function browse(ctx: ViewContext): Html {
  if (ctx.site.categories.length === 0) return html``;
  return html`<ul class="search-browse">
${ctx.site.categories.map(
  (term) => html`<li><a href="${categoryPath(term)}">${term.title}</a></li>
`,
)}</ul>`;
}
