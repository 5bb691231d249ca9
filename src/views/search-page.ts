// Render: the search page — its form, and the results of a query: each post's title, date,
// category and the stretch of its text where the words were found, marked; or what to try when
// nothing was.
import type { Post } from '../content/post.js';
import { slugify } from '../content/slugify.js';
import {
  type DocumentEntry,
  type SearchPageSetup,
  type SearchPageStrings,
} from '../search/shards.js';
import { searchQueryString } from '../search/search-request.js';
import type { SnippetPiece } from '../search/snippet.js';
import type { Site } from '../site/build-site.js';
import { categoryPath, postPath, SEARCH_PATH } from '../site/routes.js';
import { basePathOf, linkTo } from '../urls/base-path.js';
import type { ViewContext } from './context.js';
import { formatPostDate } from './format-date.js';
import { html, raw, type Html } from './html.js';
import type { Messages } from './i18n/messages.js';
import { scriptJson } from './structured-data.js';
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

/** The search page of an exported site: its script, and what the script is handed. */
export interface ExportedSearch {
  readonly script: PageScript;
  readonly setup: SearchPageSetup;
}

/**
 * The search page: with `results`, a server's answer to a query; without, the form alone, which on
 * an exported site a script runs in the browser (with a word for readers whose scripts are off).
 */
export function searchPage(
  ctx: ViewContext,
  results: SearchResultsView | undefined,
  exported?: ExportedSearch,
): { body: string; scripts: readonly PageScript[] } {
  const script = exported?.script;
  const { t } = ctx;
  const query = results?.query ?? '';
  const heading = query === '' ? t.search : t.searchResultsFor(query);
  const main = html`<h1 class="page-title" id="search-title">${heading}</h1>
<form class="search-form" role="search" action="${ctx.link(SEARCH_PATH)}" method="get" aria-labelledby="search-title">
<label for="search-query">${t.searchLabel}</label>
<div class="search-field">
<input id="search-query" type="search" name="q" value="${query}" autocomplete="off" spellcheck="false" maxlength="1000">
<button type="submit">${t.search}</button>
</div>
</form>
<div id="search-results" class="search-results">
${results ? resultsOf(ctx, results) : html`<p class="search-status">${t.searchPrompt}</p>`}
</div>
${
  exported
    ? html`<noscript><p class="search-status">${t.searchNeedsScript}</p>${browse(ctx)}</noscript>
<script type="application/json" id="search-setup">${raw(scriptJson(linkedSetup(ctx, exported.setup)))}</script>
`
    : ''
}`;
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
    ? pager(
        ctx,
        results.page,
        results.pageCount,
        (page) => `${SEARCH_PATH}${searchQueryString(results.query, page)}`,
      )
    : ''
}`;
}

function hitOf(ctx: ViewContext, { post, snippet }: SearchHitView): Html {
  const date = formatPostDate(post.date, ctx.site.config.timezone);
  const term =
    post.category === undefined ? undefined : ctx.site.categoryBySlug.get(slugify(post.category));
  return html`<li class="search-hit">
<h2 class="entry-title"><a href="${ctx.link(postPath(post))}">${post.title}</a></h2>
<p class="byline"><time datetime="${date.iso}">${date.text}</time>${
    term ? html` · <a href="${ctx.link(categoryPath(term))}">${term.title}</a>` : ''
  }${post.draft ? html` <span class="draft-badge">${ctx.t.draft}</span>` : ''}</p>
<p class="search-snippet">${snippet.map((piece) =>
    piece.marked ? html`<mark>${piece.text}</mark>` : piece.text,
  )}</p>
</li>
`;
}

/**
 * What an exported search page shows of `post`, with `source`, the start of its text as
 * `snippetSource` cuts it, where snippets are found.
 */
export function searchEntry(site: Site, post: Post, source: string): DocumentEntry {
  const date = formatPostDate(post.date, site.config.timezone);
  const term =
    post.category === undefined ? undefined : site.categoryBySlug.get(slugify(post.category));
  const base = basePathOf(site.config.url);
  return [
    post.title,
    linkTo(base, postPath(post)),
    date.iso,
    date.text,
    term?.title ?? null,
    term ? linkTo(base, categoryPath(term)) : null,
    source,
  ];
}

/** The setup of the search page's script, with the paths of its files as the page links them. */
function linkedSetup(ctx: ViewContext, setup: SearchPageSetup): SearchPageSetup {
  if (ctx.base === '') return setup;
  const { manifest } = setup;
  return {
    ...setup,
    manifest: {
      ...manifest,
      lengths: ctx.link(manifest.lengths),
      dictionaries: manifest.dictionaries.map(ctx.link),
      postingsFolder: ctx.link(manifest.postingsFolder),
    },
    entries: setup.entries.map(ctx.link),
  };
}

/** The words of the search page in the site's language, for its script to write. */
export function searchPageStrings(t: Messages): SearchPageStrings {
  const MANY = 987654;
  return {
    title: t.search,
    resultsFor: t.searchResultsFor('{q}'),
    postsFound: t.postsFound(MANY).replace(String(MANY), '{n}'),
    onePostFound: t.postsFound(1),
    noResults: t.noResults('{q}'),
    tips: t.searchTips,
    prompt: t.searchPrompt,
    pagination: t.pagination,
    previousPage: t.previousPage,
    nextPage: t.nextPage,
  };
}

/** The categories, for a reader who found nothing (or cannot search). */
function browse(ctx: ViewContext): Html {
  if (ctx.site.categories.length === 0) return html``;
  return html`<ul class="search-browse">
${ctx.site.categories.map(
  (term) => html`<li><a href="${ctx.link(categoryPath(term))}">${term.title}</a></li>
`,
)}</ul>`;
}
