// Benchmark: search quality. Folio's search core against Pagefind and MiniSearch on the labelled
// queries of bench/search/queries.json, over the demo blog and imported real blogs (Korean,
// Chinese). Prints one Markdown table of recall@10 and MRR by query group, Folio's failures, and
// Folio's query time; then every post of every site asked for by its title (each word alone, and
// with a typo, must find it; the whole title should bring it first); then, on 1,000 and 10,000
// posts of the benchmark corpus, what indexing costs, how large the index is and how long queries
// take, and a first query on the exported 10,000 posts in Chromium (served by a plain static
// server from test/support; Chromium's headless shell, installed through apt-get on first use, or
// the browser SEARCH_BROWSER names).
//
//   npm run build && npx tsx bench/search-quality.ts [quality] [titles] [speed] [browser] [build]
//     [serve]
//
// With no part named, all six run: the quality table, the titles, the speed and size table, the
// first query in Chromium, what search adds to `folio build` of 10,000 posts — the same corpus
// with `search: false` and without, built in alternated pairs (SEARCH_BUILD_PAIRS, default 6)
// into a folder on the disk bench/.work is on (SEARCH_BUILD_OUT to build elsewhere, e.g. a RAM
// disk) — and how soon `folio serve` of those posts answers a first search, with and without the
// batches of the index kept in the site's cache, and finds an edit's new word under `--watch`.
//
// The demo is demo/; the other sites are Folio sites made by `folio import` into the folder
// `SEARCH_SITES` names (default /work/scratch/search-sites/<site>); a site not found is skipped
// with its queries. Pagefind indexes the HTML `folio build` writes (into bench/.work/), each post
// page's <article>, and is queried in Node through its own pagefind.js and WebAssembly, its files
// fetched from disk.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { appendFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import MiniSearch, { type Options as MiniSearchOptions } from 'minisearch';
import * as pagefind from 'pagefind';
import type * as SearchDocuments from '../src/load/search-documents.js';
import { indexedPost, searchDocument } from '../src/load/search-documents.js';
import { bodySearchText, readBody } from '../src/load/body-store.js';
import { loadSite } from '../src/load/load-site.js';
import { buildSite, type Site } from '../src/site/build-site.js';
import type * as Query from '../src/search/query.js';
import { search } from '../src/search/query.js';
import type * as SearchIndexModule from '../src/search/search-index.js';
import type * as Tokenize from '../src/search/tokenize.js';
import { buildSearchIndex, type SearchDocument } from '../src/search/search-index.js';
import { corpusPost, writeCorpus } from './corpus.js';
import { checkBuilt, FOLIO_BIN, startFolio } from './lib/folio.js';
import { waitFor200 } from './lib/http.js';
import { type Measured, measure, setAside, settle, stop } from './lib/processes.js';
import { ensureDebian, REPO_ROOT, WORK_DIR } from './lib/setup.js';
import { formatBytes, formatMs, median, percentile } from './lib/stats.js';
import { chromium } from 'playwright-core';
import { serveStatic } from '../test/support/static-server.js';

const QUERIES_FILE = join(REPO_ROOT, 'bench', 'search', 'queries.json');
const SITES_DIR = process.env.SEARCH_SITES ?? '/work/scratch/search-sites';
const OUT_DIR = join(WORK_DIR, 'search-quality');
const GROUPS = [
  'english',
  'korean',
  'chinese',
  'japanese',
  'mixed',
  'identifier',
  'phrase',
  'typo',
  'prefix',
] as const;
type Group = (typeof GROUPS)[number];
/** How many results count: recall@K, and MRR over the first K. */
const K = 10;
/** How often every query runs for Folio's query time. */
const TIMING_ROUNDS = 20;

interface Labelled {
  readonly site: string;
  readonly group: Group;
  readonly query: string;
  /** The slugs of the posts a reader would want. */
  readonly relevant: readonly string[];
}

/** A published post as every engine is given it. */
interface BenchDocument extends SearchDocument {
  readonly slug: string;
  /** The path of its page, percent-encoded, as Folio serves it. */
  readonly path: string;
}

/** An engine over one site: a query → slugs, best first. */
interface Engine {
  readonly name: string;
  search(query: string): Promise<readonly string[]>;
}

// ---------------------------------------------------------------------------------------------
// The documents

/** The site's published posts (no drafts, none scheduled), in the site's order, as Folio indexes them. */
async function siteDocuments(siteDir: string): Promise<BenchDocument[]> {
  const { content, diagnostics } = await loadSite(siteDir, { checkBodies: false });
  if (!content) {
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    throw new Error(`${siteDir} does not load: ${errors.map((e) => e.message).join('; ')}`);
  }
  const site = buildSite(content.config, content.posts, { now: Date.now() });
  return site.posts.map((post) => ({
    ...searchDocument(indexedPost(post, site), content.bodies.searchText(post)),
    slug: post.slug,
    path: post.path,
  }));
}

// ---------------------------------------------------------------------------------------------
// The engines

function folioEngine(documents: readonly BenchDocument[]): Engine & {
  timeAll(q: string[]): number[];
  /** Whether the post of `slug` is among every post `query` finds, however far down. */
  finds(query: string, slug: string): boolean;
} {
  // Numbered as a server numbers them, oldest first, so that ties rank as they do there.
  const numbered = documents.toReversed();
  const index = buildSearchIndex(numbered);
  const slugsOf = (query: string): string[] =>
    search(index, query, { limit: K })
      .hits.slice(0, K)
      .map(({ document }) => numbered[document]?.slug ?? '');
  return {
    name: 'Folio',
    search: (query) => Promise.resolve(slugsOf(query)),
    finds: (query, slug) =>
      search(index, query).hits.some(({ document }) => numbered[document]?.slug === slug),
    timeAll(queries) {
      const times: number[] = [];
      for (let round = 0; round < TIMING_ROUNDS; round++) {
        for (const query of queries) {
          const started = performance.now();
          search(index, query, { limit: K });
          times.push(performance.now() - started);
        }
      }
      return times;
    },
  };
}

/** Words as Intl.Segmenter finds them: dictionary words in Chinese and Japanese. */
const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
function segmenterWords(text: string): string[] {
  // Read one at a time: spread into an array, the segments of a Chinese blog's 4.9 million
  // characters filled MiniSearch's 4 GB heap; read so, it stays under 200 MB.
  const words: string[] = [];
  for (const { segment, isWordLike } of segmenter.segment(text))
    if (isWordLike) words.push(segment);
  return words;
}

function miniSearchEngine(
  name: string,
  documents: readonly BenchDocument[],
  tokenize?: (text: string) => string[],
): Engine {
  // As MiniSearch's docs suggest for a search box: prefix and fuzzy matching, fields boosted as
  // Folio weighs them (title 5, labels 3, text 1).
  const options: MiniSearchOptions<BenchDocument> = {
    idField: 'slug',
    fields: ['title', 'labels', 'text'],
    extractField: (document, field) =>
      field === 'labels'
        ? document.labels.join(' ')
        : String(document[field as keyof BenchDocument]),
    searchOptions: { boost: { title: 5, labels: 3, text: 1 }, prefix: true, fuzzy: 0.2 },
    ...(tokenize ? { tokenize } : {}),
  };
  const miniSearch = new MiniSearch<BenchDocument>(options);
  miniSearch.addAll(documents);
  return {
    name,
    search: (query) =>
      Promise.resolve(
        miniSearch
          .search(query)
          .slice(0, K)
          .map((result) => String(result.id)),
      ),
  };
}

/** What of pagefind.js the bench calls. */
interface PagefindModule {
  options(options: { basePath: string; baseUrl: string }): Promise<void>;
  init(): Promise<void>;
  search(query: string): Promise<{ results: { data(): Promise<{ url: string }> }[] } | null>;
}

/** Lets pagefind.js read its index and WebAssembly from disk, as it would over HTTP. */
function fetchFilesFromDisk(): void {
  const fetchOnline = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith('file:')) return fetchOnline(input, init);
    return new Response(await readFile(fileURLToPath(url)));
  };
}

const decodedPath = (path: string): string => {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
};

/** Builds the site with `folio build`, indexes each post page with Pagefind, and loads its search. */
async function pagefindEngine(
  site: string,
  siteDir: string,
  documents: readonly BenchDocument[],
): Promise<Engine & { language: string }> {
  const built = join(OUT_DIR, site, 'site');
  const bundle = join(OUT_DIR, site, 'pagefind');
  await mkdir(join(OUT_DIR, site), { recursive: true });
  execFileSync(process.execPath, [FOLIO_BIN, 'build', siteDir, '--out', built, '--clean'], {
    stdio: 'ignore',
  });
  const { index, errors } = await pagefind.createIndex({ rootSelector: 'article' });
  if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
  for (const document of documents) {
    const file = join(built, decodedPath(document.path), 'index.html');
    const added = await index.addHTMLFile({
      url: document.path,
      content: await readFile(file, 'utf8'),
    });
    if (added.errors.length > 0) throw new Error(`Pagefind, ${file}: ${added.errors.join('; ')}`);
  }
  await rm(bundle, { recursive: true, force: true });
  const written = await index.writeFiles({ outputPath: bundle });
  if (written.errors.length > 0) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
  const entry = JSON.parse(readFileSync(join(bundle, 'pagefind-entry.json'), 'utf8')) as {
    languages: Record<string, unknown>;
  };
  const module = (await import(pathToFileURL(join(bundle, 'pagefind.js')).href)) as PagefindModule;
  // Result URLs are the paths given to addHTMLFile, under baseUrl (else under the bundle's URL).
  await module.options({ basePath: `${pathToFileURL(bundle).href}/`, baseUrl: '/' });
  await module.init();
  const slugByPath = new Map(documents.map(({ path, slug }) => [decodedPath(path), slug]));
  return {
    name: 'Pagefind',
    language: Object.keys(entry.languages).join(', '),
    async search(query) {
      const found = await module.search(query);
      const data = await Promise.all((found?.results ?? []).slice(0, K).map((r) => r.data()));
      return data.map(({ url }) => slugByPath.get(decodedPath(url)) ?? url);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Scores and the report

interface Scored {
  readonly recall: number;
  readonly reciprocalRank: number;
  /** 1-based rank of the first relevant post, or 0 when none is in the first K. */
  readonly firstRank: number;
}

function score(found: readonly string[], relevant: readonly string[]): Scored {
  const wanted = new Set(relevant);
  const hits = found.slice(0, K).filter((slug) => wanted.has(slug)).length;
  const firstRank = found.slice(0, K).findIndex((slug) => wanted.has(slug)) + 1;
  return {
    recall: hits / Math.min(K, wanted.size),
    reciprocalRank: firstRank === 0 ? 0 : 1 / firstRank,
    firstRank,
  };
}

const mean = (values: readonly number[]): number =>
  values.length === 0 ? Number.NaN : values.reduce((sum, value) => sum + value, 0) / values.length;
const figure = (value: number): string => (Number.isNaN(value) ? '—' : value.toFixed(2));

interface Outcome {
  readonly labelled: Labelled;
  readonly scores: ReadonlyMap<string, Scored>;
  readonly folioTop: readonly string[];
}

function readQueries(): Labelled[] {
  const queries = JSON.parse(readFileSync(QUERIES_FILE, 'utf8')) as Labelled[];
  for (const { site, group, query, relevant } of queries) {
    if (!GROUPS.includes(group)) throw new Error(`${QUERIES_FILE}: "${query}": no group ${group}`);
    if (relevant.length === 0)
      throw new Error(`${QUERIES_FILE}: "${query}" (${site}): nothing relevant`);
  }
  return queries;
}

function siteDir(site: string): string {
  return site === 'demo' ? join(REPO_ROOT, 'demo') : join(SITES_DIR, site);
}

// ---------------------------------------------------------------------------------------------
// Speed and size on the benchmark corpus

const SPEED_SIZES = [1000, 10_000] as const;
const SPEED_QUERIES = 500;
const SPEED_ROUNDS = 5;

// The speed of what `folio serve` runs: the search core as tsc compiled it into dist/. Run from
// src/ through this script's TypeScript loader, the same code is slower, and not what a reader
// waits for.
type CompiledSearch = typeof Query &
  typeof SearchIndexModule &
  typeof SearchDocuments &
  typeof Tokenize;

async function compiledSearch(): Promise<CompiledSearch> {
  const load = (path: string): Promise<object> =>
    import(pathToFileURL(join(REPO_ROOT, 'dist', path)).href) as Promise<object>;
  const modules = await Promise.all(
    [
      'search/query.js',
      'search/search-index.js',
      'load/search-documents.js',
      'search/tokenize.js',
    ].map(load),
  );
  return Object.assign({}, ...modules) as CompiledSearch;
}

/** The benchmark corpus of `posts` posts, written the first time it is asked for. */
async function corpusAt(posts: number, search = true): Promise<string> {
  const dir = join(WORK_DIR, 'search-speed', search ? String(posts) : `${posts}-without-search`);
  const config = join(dir, 'folio.config.yaml');
  const ready =
    existsSync(config) && readFileSync(config, 'utf8').includes('search: false') !== search;
  if (!ready) {
    await rm(dir, { recursive: true, force: true });
    await writeCorpus(dir, posts);
    if (!search) await appendFile(config, 'search: false\n');
  }
  return dir;
}

/** The benchmark corpus of `posts` posts, loaded and built as a site. */
async function corpusSite(posts: number): Promise<Site> {
  const dir = await corpusAt(posts);
  const { content } = await loadSite(dir, { checkBodies: false });
  if (!content) throw new Error(`${dir} does not load`);
  return buildSite(content.config, content.posts, { now: Date.now() });
}

/** What indexing and querying `posts` posts of the benchmark corpus cost, as a server does it. */
async function speedAt(posts: number): Promise<string> {
  const compiled = await compiledSearch();
  const site = await corpusSite(posts);
  const started = performance.now();
  // As the indexing process does it: every body read from its file and parsed again.
  const index = compiled.openIndex(
    compiled.indexPosts(site.posts.toReversed().map((post) => compiled.indexedPost(post, site))),
  );
  const indexing = performance.now() - started;
  const bytes =
    index.postingBytes.byteLength +
    index.postingStarts.byteLength +
    index.documentFrequency.byteLength +
    index.lengths.byteLength +
    index.terms.reduce((sum, term) => sum + 2 * term.length, 0);
  const times: number[] = [];
  const queries = speedQueries(index.terms, index.documentFrequency);
  // A server answers for long: its code is compiled by the time most queries come.
  for (const query of queries) compiled.search(index, query, { limit: K });
  const slowest = new Map<string, number>();
  for (let round = 0; round < SPEED_ROUNDS; round++) {
    for (const query of queries) {
      const at = performance.now();
      compiled.search(index, query, { limit: K });
      const time = performance.now() - at;
      times.push(time);
      slowest.set(query, Math.max(time, slowest.get(query) ?? 0));
    }
  }
  const worst = [...slowest].sort((a, b) => b[1] - a[1]).slice(0, 5);
  console.error(
    `${posts} posts, slowest queries: ${worst.map(([query, time]) => `"${query}" ${time.toFixed(2)} ms`).join(', ')}`,
  );
  return (
    `| ${posts.toLocaleString('en')} | ${(indexing / 1000).toFixed(2)} s | ` +
    `${index.terms.length.toLocaleString('en')} | ${(bytes / 1e6).toFixed(1)} MB | ` +
    `${median(times).toFixed(2)} ms | ${percentile(times, 99).toFixed(2)} ms |`
  );
}

/**
 * What building the index of `posts` posts costs once their texts are read, as each export thread
 * builds it: the builder over every post in the site's order, segments of 64 posts, in rounds, and
 * the tokenizer alone over the same texts in the same rounds as the reference.
 */
async function builderAt(posts: number): Promise<string> {
  const compiled = await compiledSearch();
  const site = await corpusSite(posts);
  const documents = site.posts.map((post) => {
    const indexed = compiled.indexedPost(post, site);
    return compiled.searchDocument(
      indexed,
      bodySearchText(readBody(post.file), compiled.readingOf(indexed)),
    );
  });
  const building: number[] = [];
  const tokenizing: number[] = [];
  let terms = 0;
  for (let round = 0; round < SPEED_ROUNDS; round++) {
    let at = performance.now();
    const builder = new compiled.IndexBuilder();
    for (const document of documents) builder.add(document);
    builder.finish();
    building.push(performance.now() - at);
    at = performance.now();
    for (const { title, labels, text } of documents) {
      for (const field of [title, labels.join('\n'), text]) {
        compiled.forEachTerm(field, () => terms++);
      }
    }
    tokenizing.push(performance.now() - at);
  }
  const built = median(building);
  const tokenized = median(tokenizing);
  return `| ${posts.toLocaleString('en')} | ${formatMs(built)} | ${formatMs(tokenized)} | ${(built / tokenized).toFixed(2)}× |`;
}

/**
 * Queries of one to four words of the corpus, common and rare alike (terms picked evenly along
 * their order by how many posts hold them), the last word cut short in one query of three.
 */
function speedQueries(terms: readonly string[], frequency: ArrayLike<number>): string[] {
  const words = terms
    .map((term, i) => ({ term, posts: frequency[i] ?? 0 }))
    .filter(({ term }) => /^[a-z]{3,}$/.test(term))
    .sort((a, b) => b.posts - a.posts || (a.term < b.term ? -1 : 1));
  const pick = (i: number): string => words[(i * 7919) % words.length]?.term ?? 'the';
  return Array.from({ length: SPEED_QUERIES }, (_, i) => {
    const chosen = Array.from({ length: 1 + (i % 4) }, (__, j) => pick(i * 4 + j));
    const last = chosen.length - 1;
    if (i % 3 === 0) chosen[last] = (chosen[last] ?? '').slice(0, 4);
    return chosen.join(' ');
  });
}

// Each first query is timed this many times, on a fresh page each time.
const FIRST_QUERY_ROUNDS = Number(process.env.SEARCH_FIRST_QUERY_ROUNDS ?? 5);
// Queries a reader might type first, for the first query on an exported site.
const FIRST_QUERIES = [
  'docker build',
  'cache invalidation strategy',
  'latency',
  'the error',
  'memory leak in go',
  'kubernetes deploy',
  'tes',
  'configuraton',
];

/**
 * When a first query is asked: a second after the page has loaded, less than any reader takes to
 * find the box and type a query, or the instant it has loaded, as if pasted there at once. In
 * that first second the page fetches what every query reads, and Chromium finishes the work of
 * showing the page, which a query asked at once waits behind.
 */
type Asked = 'settled' | 'at once' | 'typed';
const SETTLING_MS = 1000;
// A fast typist's pace, under the page's pause before it searches as the reader types: so the
// query asked is the first, and what the page fetched while the keys came counts for it.
const KEY_INTERVAL_MS = 120;
/**
 * The browser a first query is timed in: Chromium's headless shell (Debian's
 * `chromium-headless-shell`, installed on first use), the build Playwright itself runs headless
 * pages in. The full browser started headless also loads its own address bar's popup, a WebUI page
 * in a renderer of its own, in every new window as the page loads; on two cores that work lands on
 * a query asked at once, where a reader's browser had its address bar up before they opened the
 * page. `SEARCH_BROWSER` names another browser to time.
 */
async function searchBrowser(): Promise<string> {
  return process.env.SEARCH_BROWSER ?? (await ensureDebian('headlessChromium')) ?? '';
}

/**
 * A first query on the export of `posts` posts in the browser at `browserPath`, served by a plain
 * static server: the search files it fetched from the page's start, and the time from submitting
 * the form to the results, on fresh pages, asked each way (`Asked`).
 */
async function firstQueriesAt(posts: number, browserPath: string): Promise<string[]> {
  const dir = await corpusAt(posts);
  const out = join(WORK_DIR, 'search-speed', `${posts}-export`);
  await rm(out, { recursive: true, force: true });
  execFileSync(process.execPath, [FOLIO_BIN, 'build', dir, '--out', out], { stdio: 'ignore' });
  const server = await serveStatic(out);
  const browser = await chromium.launch({
    executablePath: browserPath,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const times = new Map<string, number[]>();
  // The most a first query of each fetched, whichever way it was asked.
  const transfers = new Map<string, { files: number; bytes: number }>();
  try {
    // Rounds over every query, so that a slow spell of the shared machine falls on all of them,
    // and each asked both ways in turn.
    for (let round = 0; round < FIRST_QUERY_ROUNDS; round++) {
      for (const query of FIRST_QUERIES) {
        const order: readonly Asked[] = ['settled', 'at once', 'typed'];
        const ways = order.map((_, i) => order[(i + round) % order.length] as Asked);
        for (const asked of ways) {
          const context = await browser.newContext();
          const page = await context.newPage();
          // The page fetches what every query reads as it starts: that counts for the first query.
          const before = server.requests.length;
          await page.goto(`${server.url}/search/`, { waitUntil: 'load' });
          if (asked !== 'at once') await page.waitForTimeout(SETTLING_MS);
          const key = `${asked}\0${query}`;
          let time: number;
          if (asked === 'typed') {
            const answered = page.evaluate(timeNextAnswer);
            await page.locator('#search-query').pressSequentially(query, {
              delay: KEY_INTERVAL_MS,
            });
            await page.keyboard.press('Enter');
            time = await answered;
          } else {
            time = await page.evaluate(submitAndTime, query);
          }
          times.set(key, [...(times.get(key) ?? []), time]);
          const fetched = server.requests
            .slice(before)
            .filter(({ path }) => path.startsWith('/assets/search/'));
          const bytes = fetched.reduce((sum, request) => sum + request.bytes, 0);
          const heaviest = transfers.get(query);
          if (!heaviest || bytes > heaviest.bytes) {
            transfers.set(query, { files: fetched.length, bytes });
          }
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return FIRST_QUERIES.map((query) => {
    const settled = times.get(`settled\0${query}`) ?? [];
    const atOnce = times.get(`at once\0${query}`) ?? [];
    const typed = times.get(`typed\0${query}`) ?? [];
    const transfer = transfers.get(query);
    return (
      `| ${query} | ${transfer?.files ?? 0} | ${((transfer?.bytes ?? 0) / 1000).toFixed(0)} KB | ` +
      `${median(typed).toFixed(0)} ms | ${Math.max(...typed).toFixed(0)} ms | ` +
      `${median(settled).toFixed(0)} ms | ${Math.max(...settled).toFixed(0)} ms | ` +
      `${median(atOnce).toFixed(0)} ms | ${Math.max(...atOnce).toFixed(0)} ms |`
    );
  });
}

const BUILD_POSTS = 10_000;
const BUILD_PAIRS = Number(process.env.SEARCH_BUILD_PAIRS ?? 6);
const BUILD_OUT = process.env.SEARCH_BUILD_OUT ?? join(WORK_DIR, 'search-speed', 'build-out');

/** The two builds a blogger runs: the first of a site, and every one after it. */
const BUILD_KINDS = [
  {
    name: 'by default, the caches of the build before kept',
    args: [] as string[],
  },
  {
    name: 'from nothing (`--full`: no cache read or written)',
    args: ['--full'],
  },
] as const;

/**
 * `folio build` of the corpus with search and with `search: false`, in alternated pairs, as each
 * kind of build runs: the medians of both, the ratio of the medians and the pairs' own ratios.
 * One build of each side first fills its caches for the code measured, and is not counted.
 */
async function buildCostAt(posts: number): Promise<string[]> {
  const dirs = [await corpusAt(posts, false), await corpusAt(posts)] as const;
  // On the disk, the builds' outputs are set aside until the last is timed, and deleted then.
  const aside = `${BUILD_OUT}.set-aside`;
  const buildOnce = async (dir: string, args: readonly string[]): Promise<Measured> => {
    await setAside(BUILD_OUT, aside);
    await settle();
    const run = await measure(
      '/usr/bin/time',
      process.execPath,
      [FOLIO_BIN, 'build', dir, '--out', BUILD_OUT, ...args],
      {
        cwd: REPO_ROOT,
        timeoutMs: 900_000,
        reportFile: join(WORK_DIR, 'search-speed', 'build-time.txt'),
      },
    );
    if (run.code !== 0) throw new Error(`folio build ${dir} failed: ${run.stderr}`);
    return run;
  };
  for (const dir of dirs) await buildOnce(dir, []);
  const lines: string[] = [];
  for (const kind of BUILD_KINDS) {
    const sides = [
      { name: 'without search', dir: dirs[0], runs: [] as Measured[] },
      { name: 'with search', dir: dirs[1], runs: [] as Measured[] },
    ];
    for (let pair = 0; pair < BUILD_PAIRS; pair++) {
      // Each side goes first in every other pair, so that a machine slowing down or speeding up
      // through the run weighs on both alike.
      for (const side of pair % 2 === 0 ? sides : [...sides].reverse()) {
        side.runs.push(await buildOnce(side.dir, kind.args));
      }
    }
    const [without, withSearch] = sides.map(({ runs }) => runs) as [Measured[], Measured[]];
    const of = (runs: readonly Measured[], key: 'ms' | 'cpuMs' | 'peakRss') =>
      median(runs.map((run) => run[key]));
    lines.push(`### Built ${kind.name}`, '');
    lines.push(
      '| build | wall-clock, median | processor (user + system), median | peak memory, median |',
    );
    lines.push('| --- | ---: | ---: | ---: |');
    for (const { name, runs } of sides) {
      lines.push(
        `| ${name} | ${formatMs(of(runs, 'ms'))} | ${formatMs(of(runs, 'cpuMs'))} | ${formatBytes(of(runs, 'peakRss'))} |`,
      );
    }
    lines.push('');
    for (const [label, key] of [
      ['wall-clock time', 'ms'],
      ['processor time', 'cpuMs'],
    ] as const) {
      const pairs = withSearch.map((run, i) => run[key] / (without[i]?.[key] ?? NaN));
      pairs.sort((a, b) => a - b);
      lines.push(
        `- ${label}: with search ${(of(withSearch, key) / of(without, key)).toFixed(3)} times as ` +
          `much (ratio of the medians); per pair, median ${median(pairs).toFixed(3)} ` +
          `(${pairs.map((ratio) => ratio.toFixed(2)).join(', ')})`,
      );
    }
    lines.push('');
  }
  await rm(BUILD_OUT, { recursive: true, force: true });
  await rm(aside, { recursive: true, force: true });
  return lines;
}

/**
 * In the page: waits for the reader to send the search form, and resolves with the milliseconds
 * from then until results are shown.
 */
function timeNextAnswer(): Promise<number> {
  interface Page {
    document: {
      getElementById(id: string): { querySelector(s: string): unknown } | null;
      querySelector(selector: string): {
        addEventListener(type: string, listener: () => void, capture: boolean): void;
      } | null;
    };
    performance: { now(): number };
    MutationObserver: new (callback: () => void) => {
      observe(target: unknown, options: Record<string, boolean>): void;
    };
  }
  const page = globalThis as unknown as Page;
  const results = page.document.getElementById('search-results');
  const form = page.document.querySelector('main form[role="search"]');
  return new Promise((resolve) => {
    // Captured before the page's own listener, which starts the query.
    form?.addEventListener(
      'submit',
      () => {
        const started = page.performance.now();
        new page.MutationObserver(() => {
          if (results?.querySelector('.search-status[role="status"]')) {
            resolve(page.performance.now() - started);
          }
        }).observe(results, { childList: true, subtree: true });
      },
      true,
    );
  });
}

/** In the page: submits `query` and resolves with the milliseconds until results are shown. */
function submitAndTime(query: string): Promise<number> {
  interface Page {
    document: {
      getElementById(id: string): { value: string; querySelector(s: string): unknown } | null;
      querySelector(selector: string): { requestSubmit(): void } | null;
    };
    performance: { now(): number };
    MutationObserver: new (callback: () => void) => {
      observe(target: unknown, options: Record<string, boolean>): void;
    };
  }
  const page = globalThis as unknown as Page;
  const input = page.document.getElementById('search-query');
  const results = page.document.getElementById('search-results');
  const form = page.document.querySelector('main form[role="search"]');
  return new Promise((resolve) => {
    const started = page.performance.now();
    new page.MutationObserver(() => {
      if (results?.querySelector('.search-status[role="status"]')) {
        resolve(page.performance.now() - started);
      }
    }).observe(results, { childList: true, subtree: true });
    if (input) input.value = query;
    form?.requestSubmit();
  });
}

const PARTS = ['quality', 'titles', 'speed', 'browser', 'build', 'serve'] as const;

async function main(): Promise<void> {
  const named = process.argv.slice(2);
  for (const part of named) {
    if (!(PARTS as readonly string[]).includes(part)) {
      throw new Error(`no part "${part}": name any of ${PARTS.join(', ')}, or none for all`);
    }
  }
  const runs = (part: (typeof PARTS)[number]): boolean =>
    named.length === 0 || named.includes(part);
  // The built Folio is what `folio build` runs, and dist/ what the speed of search is measured on.
  const stale = await checkBuilt();
  if (stale) console.error(stale);
  if (runs('quality')) await quality();
  if (runs('titles')) await titles();
  if (runs('speed')) {
    console.log('');
    console.log('## Speed and size on the benchmark corpus (one thread)');
    console.log('');
    console.log('| posts | indexing | terms | index in memory | query median | query p99 |');
    console.log('| ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const posts of SPEED_SIZES) console.log(await speedAt(posts));
    console.log('');
    console.log(
      `### Building the index once the texts are read, median of ${SPEED_ROUNDS} rounds, against the tokenizer alone`,
    );
    console.log('');
    console.log('| posts | index builder | tokenizer alone | ratio |');
    console.log('| ---: | ---: | ---: | ---: |');
    for (const posts of SPEED_SIZES) console.log(await builderAt(posts));
  }
  if (runs('browser')) {
    console.log('');
    console.log('## A first query on the exported 10,000 posts, in Chromium');
    console.log('');
    const browserPath = await searchBrowser();
    console.log(`Timed in ${browserPath}.`);
    console.log('');
    console.log(
      `| query | files | fetched | typed 1 s after load: results after Enter, median of ${FIRST_QUERY_ROUNDS} | slowest | pasted 1 s after load, median | slowest | pasted at once on load, median | slowest |`,
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const line of await firstQueriesAt(10_000, browserPath)) console.log(line);
  }
  if (runs('build')) {
    console.log('');
    console.log(
      `## \`folio build\` of ${BUILD_POSTS.toLocaleString('en')} posts, ${BUILD_PAIRS} pairs`,
    );
    console.log('');
    console.log(`Output in ${BUILD_OUT}.`);
    console.log('');
    for (const line of await buildCostAt(BUILD_POSTS)) console.log(line);
  }
  if (runs('serve')) {
    console.log('');
    console.log(`## \`folio serve\` of ${SERVE_POSTS.toLocaleString('en')} posts`);
    console.log('');
    for (const line of await serveAt(SERVE_POSTS)) console.log(line);
  }
}

const SERVE_POSTS = 10_000;
const SERVE_ROUNDS = Number(process.env.SEARCH_SERVE_ROUNDS ?? 4);
const WATCH_EDITS = 8;
const SERVE_TIMEOUT_MS = 300_000;

/**
 * `folio serve` of the corpus, timed from its spawn to its home page and to its first search
 * answered, in turns with the site's kept batches of the index removed and kept (as a server
 * started before, or a build, left them); then, under `--watch`, from each of a few edits, which
 * append a sentence with a made-up word to one post, until a search for that word finds the post.
 */
async function serveAt(posts: number): Promise<string[]> {
  const dir = await corpusAt(posts);
  const kept = join(dir, '.folio', 'cache', 'search');
  const query = (url: string, word: string): Promise<string> =>
    fetch(`${url}/search/?q=${encodeURIComponent(word)}`).then((answer) => answer.text());
  const starts = { none: [] as number[][], kept: [] as number[][] };
  for (let round = 0; round < SERVE_ROUNDS; round++) {
    for (const side of ['none', 'kept'] as const) {
      if (side === 'none') await rm(kept, { recursive: true, force: true });
      const spawned = performance.now();
      const server = await startFolio(dir, { timeoutMs: SERVE_TIMEOUT_MS });
      try {
        const home = (await waitFor200(`${server.url}/`, server.child, SERVE_TIMEOUT_MS)) - spawned;
        await query(server.url, 'latency');
        starts[side].push([home, performance.now() - spawned]);
      } finally {
        await stop(server.child);
      }
    }
  }
  const post = corpusPost(11);
  const file = join(dir, post.file);
  const text = await readFile(file, 'utf8');
  const found: number[] = [];
  const server = await startFolio(dir, { watch: true, timeoutMs: SERVE_TIMEOUT_MS });
  try {
    await query(server.url, 'latency');
    for (let edit = 0; edit < WATCH_EDITS; edit++) {
      // Consonants alone: a word no post holds, nor one a typo away from another edit's.
      const word = Array.from(
        { length: 12 },
        () => 'bcdfghjklmnpqrstvwxz'[Math.floor(Math.random() * 20)],
      ).join('');
      await appendFile(file, `\nOne sentence about ${word} was added here.\n`);
      const saved = performance.now();
      while (!(await query(server.url, word)).includes(`/posts/${post.slug}/`)) {
        if (performance.now() - saved > SERVE_TIMEOUT_MS)
          throw new Error(`search never found ${word}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      found.push(performance.now() - saved);
      // The watcher and the indexing of the version before are done before the next edit.
      await new Promise((resolve) => setTimeout(resolve, 2500));
    }
  } finally {
    await stop(server.child);
    await writeFile(file, text);
  }
  const range = (times: readonly number[]): string =>
    `${formatMs(median(times))} (${formatMs(Math.min(...times))} to ${formatMs(Math.max(...times))})`;
  return [
    `| measure | median (range) | runs |`,
    `| --- | ---: | ---: |`,
    `| home page answers, no batch kept | ${range(starts.none.map(([home]) => home ?? 0))} | ${starts.none.length} |`,
    `| first search answered, no batch kept | ${range(starts.none.map(([, search]) => search ?? 0))} | ${starts.none.length} |`,
    `| home page answers, batches kept | ${range(starts.kept.map(([home]) => home ?? 0))} | ${starts.kept.length} |`,
    `| first search answered, batches kept | ${range(starts.kept.map(([, search]) => search ?? 0))} | ${starts.kept.length} |`,
    `| under \`--watch\`, an edit's word found by search | ${range(found)} | ${found.length} |`,
  ];
}

/** The labelled queries over every site at hand, for each engine: the table and the misses. */
async function quality(): Promise<void> {
  fetchFilesFromDisk();
  const queries = readQueries();
  const sites = [...new Set(queries.map(({ site }) => site))];
  const outcomes: Outcome[] = [];
  const times: number[] = [];
  const notes: string[] = [];
  let engineNames: string[] = [];
  for (const site of sites) {
    const dir = siteDir(site);
    const mine = queries.filter((labelled) => labelled.site === site);
    if (!existsSync(join(dir, 'folio.config.yaml'))) {
      notes.push(`${site}: skipped (${dir} is not a Folio site), ${mine.length} queries left out`);
      continue;
    }
    const documents = await siteDocuments(dir);
    const slugs = new Set(documents.map(({ slug }) => slug));
    for (const { query, relevant } of mine) {
      for (const slug of relevant) {
        if (!slugs.has(slug)) throw new Error(`${site}: "${query}": no published post ${slug}`);
      }
    }
    const folio = folioEngine(documents);
    const pagefindSite = await pagefindEngine(site, dir, documents);
    const engines: Engine[] = [
      folio,
      pagefindSite,
      miniSearchEngine('MiniSearch', documents),
      miniSearchEngine('MiniSearch+Segmenter', documents, segmenterWords),
    ];
    engineNames = engines.map(({ name }) => name);
    notes.push(
      `${site}: ${documents.length} posts; Pagefind indexed them as language "${pagefindSite.language}"`,
    );
    for (const labelled of mine) {
      const scores = new Map<string, Scored>();
      let folioTop: readonly string[] = [];
      for (const engine of engines) {
        const found = await engine.search(labelled.query);
        if (engine === folio) folioTop = found;
        scores.set(engine.name, score(found, labelled.relevant));
      }
      outcomes.push({ labelled, scores, folioTop });
    }
    times.push(...folio.timeAll(mine.map(({ query }) => query)));
  }
  await pagefind.close();
  printTable(outcomes, engineNames);
  console.log('');
  console.log(
    `Folio query time over ${outcomes.length} queries × ${TIMING_ROUNDS}: median ` +
      `${median(times).toFixed(3)} ms, p99 ${percentile(times, 99).toFixed(3)} ms (server index).`,
  );
  console.log('');
  for (const note of [
    ...notes,
    'MiniSearch: default tokenizer (splits on spaces and punctuation, so a Chinese or Japanese ' +
      'run is one word); MiniSearch+Segmenter tokenizes index and query with Intl.Segmenter ' +
      '(words). Both: prefix, fuzzy 0.2, boosts title 5, labels 3, text 1.',
    `Recall@${K} counts at most ${K} relevant posts; MRR is over the first ${K} results.`,
  ]) {
    console.log(`- ${note}`);
  }
  printFailures(outcomes);
}

// ---------------------------------------------------------------------------------------------
// Every post found by its title

// Words as a reader picks them out of a title: Intl.Segmenter's, and Korean words as written,
// with their particles.
function titleWords(title: string): string[] {
  const words = segmenterWords(title);
  const korean = title.split(/\s+/).filter((word) => /\p{Script=Hangul}/u.test(word));
  return [...new Set([...words, ...korean])].filter((word) => [...word].length >= 2);
}

/** A generator of numbers in [0, 1), the same ones for the same seed. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state ^ (state >>> 15), 2246822507) + 12345) | 0;
    return (state >>> 0) / 2 ** 32;
  };
}

/** `word` with one letter changed, dropped or added, and with two swapped: never the first. */
function typos(word: string, random: () => number): string[] {
  const at = 1 + Math.floor(random() * (word.length - 2));
  const letter = 'abcdefghijklmnopqrstuvwxyz'[Math.floor(random() * 26)] ?? 'a';
  const variants = [
    word.slice(0, at) + letter + word.slice(at + 1),
    word.slice(0, at) + word.slice(at + 1),
    word.slice(0, at) + letter + word.slice(at),
    word.slice(0, at) + (word[at + 1] ?? '') + (word[at] ?? '') + word.slice(at + 2),
  ];
  return variants.filter((variant) => variant.toLowerCase() !== word.toLowerCase());
}

/**
 * Known-item search over whole blogs, with no labels to write: each word of each post's title,
 * asked alone, must find that post, however far down; the whole title, asked as a reader pastes
 * it, should bring the post first. A word that finds nothing is a fault of the tokenizer: the
 * query and the index read it apart. Runs over the demo and every Folio site in `SITES_DIR`.
 */
async function titles(): Promise<void> {
  const sites = [
    'demo',
    ...readdirSync(SITES_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map(({ name }) => name)
      .filter((name) => existsSync(join(siteDir(name), 'folio.config.yaml')))
      .sort(),
  ];
  console.log('');
  console.log('## Every post found by its title');
  console.log('');
  console.log(
    '| site | posts | words of titles | post not found | whole titles | MRR | first | words with a typo | post not found |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const misses: string[] = [];
  const typoMisses: string[] = [];
  for (const site of sites) {
    const documents = await siteDocuments(siteDir(site));
    const folio = folioEngine(documents);
    let asked = 0;
    let missed = 0;
    // A title several posts share ranks among them: only titles of one post are asked whole.
    const shared = new Map<string, number>();
    for (const { title } of documents) shared.set(title, (shared.get(title) ?? 0) + 1);
    const ranks: number[] = [];
    let typed = 0;
    let typoMissed = 0;
    const random = seededRandom(1);
    for (const { title, slug } of documents) {
      for (const word of new Set(title.match(/\b[A-Za-z]{6,}\b/g))) {
        for (const variant of typos(word, random)) {
          typed++;
          // Asked as finished words: a prefix would find many of them on its own.
          if (folio.finds(`${variant} `, slug)) continue;
          typoMissed++;
          typoMisses.push(`${site}: "${variant}" for "${word}"`);
        }
      }
      for (const word of titleWords(title)) {
        asked++;
        if (folio.finds(word, slug)) continue;
        missed++;
        misses.push(`${site}: "${word}" of "${title}"`);
      }
      if (shared.get(title) !== 1 || title.trim() === '') continue;
      ranks.push(score(await folio.search(title), [slug]).firstRank);
    }
    const first = ranks.filter((rank) => rank === 1).length;
    const mrr = mean(ranks.map((rank) => (rank === 0 ? 0 : 1 / rank)));
    console.log(
      `| ${site} | ${documents.length} | ${asked} | ${missed} | ${ranks.length} | ${figure(mrr)} | ${first} | ${typed} | ${typoMissed} |`,
    );
  }
  console.log('');
  console.log(
    `Words are Intl.Segmenter's, and Korean words as written; a word of one character is not asked. MRR over the first ${K} results. Typos: each ASCII word of six letters or more, with one letter changed, dropped or added, or two swapped, never the first.`,
  );
  for (const miss of misses.slice(0, 20)) console.log(`- not found: ${miss}`);
  for (const miss of typoMisses.slice(0, 40)) console.log(`- typo not forgiven: ${miss}`);
}

function printTable(outcomes: readonly Outcome[], engines: readonly string[]): void {
  const header = [
    'group',
    'queries',
    ...engines.flatMap((name) => [`${name} R@${K}`, `${name} MRR`]),
  ];
  console.log(`| ${header.join(' | ')} |`);
  console.log(`| ${header.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`);
  const rows: [string, readonly Outcome[]][] = [
    ...GROUPS.map((group): [string, Outcome[]] => [
      group,
      outcomes.filter(({ labelled }) => labelled.group === group),
    ]),
    ['**all**', outcomes],
  ];
  for (const [name, inGroup] of rows) {
    if (inGroup.length === 0) continue;
    const cells = engines.flatMap((engine) => {
      const scores = inGroup.map(({ scores: byEngine }) => byEngine.get(engine));
      return [
        figure(mean(scores.map((s) => s?.recall ?? 0))),
        figure(mean(scores.map((s) => s?.reciprocalRank ?? 0))),
      ];
    });
    console.log(`| ${[name, String(inGroup.length), ...cells].join(' | ')} |`);
  }
}

/** Slugs for the report, the first few of a long list. */
function listed(slugs: readonly string[], most = 6): string {
  if (slugs.length === 0) return '—';
  const more = slugs.length > most ? ` and ${slugs.length - most} more` : '';
  return `${slugs.slice(0, most).join(', ')}${more}`;
}

/** Every query where Folio missed a relevant post or did not rank one first. */
function printFailures(outcomes: readonly Outcome[]): void {
  const failures = outcomes.filter(({ scores }) => {
    const folio = scores.get('Folio');
    return folio !== undefined && (folio.recall < 1 || folio.firstRank !== 1);
  });
  console.log('');
  console.log(`## Folio's failures (${failures.length}): a relevant post missed, or not first`);
  console.log('');
  for (const { labelled, scores, folioTop } of failures) {
    const folio = scores.get('Folio');
    const rank = folio?.firstRank ? `first relevant at ${folio.firstRank}` : 'none relevant';
    console.log(
      `- [${labelled.site}/${labelled.group}] "${labelled.query}": recall ${figure(folio?.recall ?? 0)}, ${rank}`,
    );
    const top = new Set(folioTop);
    const missed = labelled.relevant.filter((slug) => !top.has(slug));
    console.log(`  expected: ${listed(labelled.relevant)}; not in the top ${K}: ${listed(missed)}`);
    console.log(`  Folio's top 5: ${folioTop.slice(0, 5).join(', ') || '(nothing)'}`);
  }
}

await main();
