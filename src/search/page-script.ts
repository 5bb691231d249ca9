// Search: the script of an exported site's search page, bundled for the browser at Folio's own
// build. It runs the server's search over the index cut into files, fetching only what a query
// reads, and writes the results as the server's results page shows them: the same posts, in the
// same order, with the same marks.
import {
  type DocumentEntry,
  entryPlace,
  type SearchPageSetup,
  ShardedIndex,
  SNIPPET_SOURCE_LENGTH,
} from './shards.js';
import { readQuery, resultsPage, searchQueryString, searchRequest } from './search-request.js';
import { type SnippetPiece, snippetOf, snippetText } from './snippet.js';

// The few parts of the browser this script uses: Folio's code is type-checked for Node alone.
interface DomNode {
  textContent: string | null;
  readonly nodeType: number;
  readonly childNodes: ArrayLike<DomNode>;
  matches?(selector: string): boolean;
  querySelector(selector: string): DomNode | null;
  append(...nodes: (DomNode | string)[]): void;
  replaceChildren(...nodes: (DomNode | string)[]): void;
  setAttribute(name: string, value: string): void;
  addEventListener(type: string, listener: (event: { preventDefault(): void }) => void): void;
}
interface Browser {
  readonly document: {
    title: string;
    getElementById(id: string): (DomNode & { value?: string }) | null;
    querySelector(selector: string): DomNode | null;
    createElement(tag: string): DomNode;
  };
  readonly location: { readonly search: string; readonly pathname: string };
  readonly history: { replaceState(data: null, unused: string, url: string): void };
  fetch(url: string): Promise<{
    ok: boolean;
    text(): Promise<string>;
    arrayBuffer(): Promise<ArrayBuffer>;
  }>;
  setTimeout(run: () => void, ms: number): number;
  clearTimeout(id: number): void;
  readonly DOMParser: new () => {
    parseFromString(text: string, type: 'text/html'): { querySelector(s: string): DomNode | null };
  };
}

const browser = globalThis as unknown as Browser;
const { document } = browser;
// While the reader types, a query waits this long for the next key.
const TYPING_PAUSE_MS = 150;
// Results shown this long without another query are the reader's: their posts' pages are fetched.
const SETTLED_RESULTS_MS = 400;
// The post pages whose text was read for snippets, at most this many: a reader pages through a
// few dozen results at most.
const MOST_PAGE_TEXTS = 100;
// What a post's page shows of its body that is not its running text as search reads it: the
// links beside headings, footnotes (read where they are referred to, and numbered there), alert
// titles, code blocks' buttons, icons.
const BESIDE_THE_TEXT =
  'a.heading-link, .footnotes, .footnote-ref, .alert-title, button, svg, script, style, template';
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/**
 * The running text of a post's body as its page shows it: what search read of the post, which
 * the entry holds the start of. Math reads as its TeX source, as search read it.
 */
function bodyText(body: DomNode): string {
  const parts: string[] = [];
  const read = (node: DomNode): void => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === TEXT_NODE) parts.push(child.textContent ?? '');
      else if (child.nodeType !== ELEMENT_NODE || child.matches?.(BESIDE_THE_TEXT)) continue;
      else if (child.matches?.('.katex')) {
        parts.push(' ', child.querySelector('annotation')?.textContent ?? '', ' ');
      } else read(child);
    }
  };
  read(body);
  return parts.join('');
}

function start(): void {
  const setupText = document.getElementById('search-setup')?.textContent;
  const input = document.getElementById('search-query');
  const results = document.getElementById('search-results');
  const form = document.querySelector('main form[role="search"]');
  const heading = document.getElementById('search-title');
  if (!setupText || !input || !results || !form || !heading) return;
  const setup = JSON.parse(setupText) as SearchPageSetup;
  const { strings } = setup;
  const siteTitle = document.title.includes(' · ')
    ? document.title.slice(document.title.indexOf(' · '))
    : '';
  const index = new ShardedIndex(setup.manifest);
  const files = new Map<string, Promise<string | Uint8Array>>();
  const load = (path: string): Promise<string | Uint8Array> => {
    let file = files.get(path);
    if (!file) {
      file = browser.fetch(path).then(async (response) => {
        if (!response.ok) throw new Error(`${path}: ${String(response.ok)}`);
        return path.endsWith('.json')
          ? response.text()
          : new Uint8Array(await response.arrayBuffer());
      });
      // A file that failed is asked for again by the next query.
      file.catch(() => files.delete(path));
      files.set(path, file);
    }
    return file;
  };
  // The text of a post's page, fetched once: the reader is likely to open the page next, and
  // finds it in the browser's cache then.
  const pageTexts = new Map<string, Promise<string | undefined>>();
  const pageText = (path: string): Promise<string | undefined> => {
    let text = pageTexts.get(path);
    if (!text) {
      text = browser
        .fetch(path)
        .then(async (response) => {
          if (!response.ok) return undefined;
          const page = new browser.DOMParser().parseFromString(await response.text(), 'text/html');
          const body = page.querySelector('.post-body');
          return body ? snippetText(bodyText(body)) : undefined;
        })
        .catch(() => undefined);
      if (pageTexts.size >= MOST_PAGE_TEXTS) pageTexts.clear();
      pageTexts.set(path, text);
    }
    return text;
  };
  const entries = async (numbers: readonly number[]): Promise<DocumentEntry[]> => {
    const wanted = [...new Set(numbers.map((n) => entryPlace(n).file))];
    const loaded = new Map<number, DocumentEntry[]>();
    await Promise.all(
      wanted.map(async (file) => {
        const text = await load(setup.entries[file] ?? '');
        loaded.set(file, JSON.parse(String(text)) as DocumentEntry[]);
      }),
    );
    return numbers.flatMap((n) => {
      const { file, index } = entryPlace(n);
      const entry = loaded.get(file)?.[index];
      return entry ? [entry] : [];
    });
  };

  const element = (
    tag: string,
    attributes: Record<string, string>,
    ...children: (DomNode | string)[]
  ): DomNode => {
    const made = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
    made.append(...children);
    return made;
  };
  const snippetNodes = (pieces: readonly SnippetPiece[]): (DomNode | string)[] =>
    pieces.map((piece) => (piece.marked ? element('mark', {}, piece.text) : piece.text));
  const status = (text: string): DomNode =>
    element('p', { class: 'search-status', role: 'status' }, text);
  const pageLink = (query: string, page: number): string =>
    `${browser.location.pathname}${searchQueryString(query, page)}`;

  let asked = 0;
  /**
   * Runs the query `raw` and shows its `page` of results; with `remember`, puts the query in the
   * page's address once they are shown. Not before: a new address has the browser fetch and
   * decode the site's icon again, work that would hold up the results.
   */
  const run = async (raw: string, page: number, remember = false): Promise<void> => {
    const turn = ++asked;
    const show = (...nodes: DomNode[]): void => {
      results.replaceChildren(...nodes);
      if (remember) browser.history.replaceState(null, '', pageLink(raw, 1));
    };
    // Read as the server reads a query: the same words give the same posts in the same order.
    const query = readQuery(raw);
    heading.textContent = query === '' ? strings.title : strings.resultsFor.replace('{q}', query);
    document.title = `${heading.textContent ?? ''}${siteTitle}`;
    if (query === '') {
      show(element('p', { class: 'search-status' }, strings.prompt));
      return;
    }
    const found = await index.search(query, load, { limit: page * setup.pageSize });
    const { page: shown, pageCount, hits } = resultsPage(found, page, setup.pageSize);
    const shownEntries = await entries(hits.map(({ document: n }) => n));
    // A later query has begun: its results are the ones to show.
    if (turn !== asked) return;
    if (found.total === 0) {
      show(
        status(strings.noResults.replace('{q}', query)),
        element(
          'ul',
          { class: 'search-tips' },
          ...strings.tips.map((tip) => element('li', {}, tip)),
        ),
      );
      return;
    }
    // The entries hold the start of each post's text: where a post goes on past it, the snippet
    // is cut again from the whole text on its page, where the server cuts it, once the reader has
    // stopped typing: the words may stand further on, or more of them together.
    const deeper: { path: string; snippet: DomNode }[] = [];
    const list = element(
      'ol',
      { class: 'search-hits' },
      ...shownEntries.map(([title, path, iso, date, category, categoryPath, text]) => {
        const byline = element('p', { class: 'byline' }, element('time', { datetime: iso }, date));
        if (category !== null && categoryPath !== null) {
          byline.append(' · ', element('a', { href: categoryPath }, category));
        }
        const pieces = snippetOf(text, found.terms);
        const snippet = element('p', { class: 'search-snippet' }, ...snippetNodes(pieces));
        if (text.length >= SNIPPET_SOURCE_LENGTH) deeper.push({ path, snippet });
        return element(
          'li',
          { class: 'search-hit' },
          element('h2', { class: 'entry-title' }, element('a', { href: path }, title)),
          byline,
          snippet,
        );
      }),
    );
    const count =
      found.total === 1
        ? strings.onePostFound
        : strings.postsFound.replace('{n}', String(found.total));
    const parts: DomNode[] = [status(count), list];
    if (pageCount > 1) {
      const step = (label: string, target: number, rel: string): DomNode =>
        target >= 1 && target <= pageCount
          ? element('li', {}, element('a', { href: pageLink(query, target), rel }, label))
          : element('li', {}, element('span', { class: 'pager-inactive' }, label));
      parts.push(
        element(
          'nav',
          { class: 'pager', 'aria-label': strings.pagination },
          element(
            'ul',
            {},
            step(strings.previousPage, shown - 1, 'prev'),
            element('li', {}, element('span', { 'aria-current': 'page' }, String(shown))),
            step(strings.nextPage, shown + 1, 'next'),
          ),
        ),
      );
    }
    show(...parts);
    if (deeper.length === 0) return;
    await new Promise((wait) => browser.setTimeout(() => wait(undefined), SETTLED_RESULTS_MS));
    if (turn !== asked) return;
    await Promise.all(
      deeper.map(async ({ path, snippet }) => {
        const text = await pageText(path);
        if (text === undefined || turn !== asked) return;
        const pieces = snippetOf(text, found.terms);
        snippet.replaceChildren(...snippetNodes(pieces));
      }),
    );
  };

  const { query: initial, page } = searchRequest(browser.location.search);
  input.value = initial;
  if (initial === '') {
    // What every query reads is fetched while the reader types: a failure is told by the query.
    index.prepare(load).catch(() => undefined);
  }
  void run(initial, page);
  let pause: number | undefined;
  const follow = (): void => {
    void run(input.value ?? '', 1, true);
  };
  input.addEventListener('input', () => {
    // The pages of the dictionary each word stands in are fetched as it grows, while the reader
    // types the rest.
    index.prefetch(input.value ?? '', load).catch(() => undefined);
    if (pause !== undefined) browser.clearTimeout(pause);
    pause = browser.setTimeout(follow, TYPING_PAUSE_MS);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (pause !== undefined) browser.clearTimeout(pause);
    follow();
  });
}

start();
