// Search: what a search page is asked — the words and the page in its address — and which hits
// that page shows: one reading for the server's results page and the exported page's script, so
// that the same address shows the same posts on both.
import { MOST_QUERY_CHARACTERS, type SearchHit, type SearchResult } from './query.js';

/** The reader's words as a search reads them: cut to what is read, control characters as spaces. */
export function readQuery(text: string): string {
  return text
    .slice(0, MOST_QUERY_CHARACTERS)
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** The words and the page a search address asks for (its query string): the first of each. */
export function searchRequest(search: string): { query: string; page: number } {
  // Decoding makes U+FFFD of bytes that are not UTF-8: a query holds no unpaired surrogate.
  const params = new URLSearchParams(search);
  const page = params.get('page') ?? '';
  return {
    query: readQuery(params.get('q') ?? ''),
    page: /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1,
  };
}

/** The query string that asks for `page` of the results of `query`. */
export function searchQueryString(query: string, page = 1): string {
  return `?q=${encodeURIComponent(query).replaceAll('%20', '+')}${page > 1 ? `&page=${page}` : ''}`;
}

/**
 * The hits of `page` of `found`, `pageSize` to a page, from a search asked for `page × pageSize`
 * hits: a page past the last shows the last, all of whose hits such a search gives.
 */
export function resultsPage(
  found: SearchResult,
  page: number,
  pageSize: number,
): { page: number; pageCount: number; hits: readonly SearchHit[] } {
  const pageCount = Math.max(1, Math.ceil(found.total / pageSize));
  const shown = Math.min(page, pageCount);
  return {
    page: shown,
    pageCount,
    hits: found.hits.slice((shown - 1) * pageSize, shown * pageSize),
  };
}
