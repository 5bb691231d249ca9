// Part 3: cold start and resident memory. `folio serve` is started on a corpus and timed from the
// moment it is spawned until `GET /` has answered 200 — once with nothing kept of reading the post
// files, then again, each start finding what the one before kept; then a few hundred requests
// over the whole site, one at a time (listing pages, every category, posts, the feed, each in the
// compressed form a browser takes), warm it up, and its resident memory is read from /proc. The
// reference, measured in the same run: the bare Node server started the same way, answering three
// of Folio's pages.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { READ_CACHE_FILE, SETTLED_MS } from '../../src/load/read-cache.js';
import { corpusPost } from '../corpus.js';
import { type FolioServer, startFolio } from './folio.js';
import { decoded, get, requestAll, type Response, waitFor200 } from './http.js';
import { residentMemory, stop } from './processes.js';
import { prepareBare, startBare } from './serve.js';
import { formatBytes, formatMs, formatPosts } from './stats.js';

export interface StartRun {
  /** Spawn → first 200 of `/`. */
  readonly ms: number;
  /** Resident memory right after the first 200, in bytes. */
  readonly startRss: number;
  /** Resident memory after the warm-up requests, in bytes. */
  readonly rss: number;
}

export interface StartResult {
  readonly posts: number;
  /**
   * A first start, with nothing kept of reading the post files: the runs after it start from what
   * it kept in the corpus's `.folio/cache/`, as a server restarted, or started after a build, does.
   */
  first?: StartRun;
  readonly runs: StartRun[];
  failure?: string;
}

/** Pages Folio answered in a run, kept for the bare server to replay: path → answer. */
export type Answers = Map<string, Response>;

export const WARM_UP_REQUESTS = 300;
// The memory settles for a moment after the last answer (sockets close, buffers are freed).
const SETTLE_MS = 500;

/** A few hundred URLs across the site: listing pages, every category, posts, the feed. */
function warmUpUrls(base: string, home: string, posts: number): string[] {
  const categories = [...new Set(home.match(/\/categories\/[^"/]+\//g) ?? [])];
  const listing = Math.ceil(posts / 10);
  const urls = [`${base}/`, `${base}/feed.xml`, ...categories.map((path) => `${base}${path}`)];
  for (let page = 2; page <= Math.min(listing, 40); page += 1) urls.push(`${base}/page/${page}/`);
  const remaining = WARM_UP_REQUESTS - urls.length;
  for (let i = 0; i < remaining; i += 1) {
    const index = Math.floor((i * posts) / remaining);
    urls.push(`${base}/posts/${encodeURIComponent(corpusPost(index).slug)}/`);
  }
  return urls;
}

/** A run that went wrong after it had measured something: what it had, and why it stopped. */
class StartFailure extends Error {
  constructor(
    message: string,
    readonly partial: StartRun,
  ) {
    super(message);
  }
}

/** Why a run failed, in one line, with the server's own last word when it stopped. */
function describe(cause: unknown, server: FolioServer): string {
  const message = cause instanceof Error ? cause.message : String(cause);
  const output = server.output();
  const { exitCode, signalCode } = server.child;
  if (exitCode === null && signalCode === null) return message;
  if (/heap out of memory|Reached heap limit/.test(output)) {
    return 'the server ran out of JavaScript heap and stopped';
  }
  const last = output.split('\n').filter((line) => line.trim() && !/^\S+: \s*\d+: 0x/.test(line));
  return `the server stopped (${signalCode ?? `exit code ${exitCode}`}): ${last.at(-1) ?? message}`;
}

async function startOnce(
  corpusDir: string,
  posts: number,
  timeoutMs: number,
  answers: Answers,
): Promise<StartRun> {
  const started = performance.now();
  const server = await startFolio(corpusDir, { timeoutMs });
  let ms = Number.NaN;
  let startRss = Number.NaN;
  try {
    const ready = await waitFor200(`${server.url}/`, server.child, timeoutMs);
    ms = ready - started;
    startRss = await residentMemory(server.child.pid as number);
    const home = await get(`${server.url}/`);
    const urls = warmUpUrls(server.url, decoded(home), posts);
    // One at a time, as a crawler would: a page that takes long to render first delays only itself.
    await requestAll(urls, 1, timeoutMs);
    if (answers.size === 0) {
      // Three kinds of page, for the reference server to answer.
      for (const url of [urls[0], urls.find((u) => u.includes('/page/')), urls.at(-1)]) {
        if (url) answers.set(new URL(url).pathname, await get(url));
      }
    }
    await sleep(SETTLE_MS);
    const rss = await residentMemory(server.child.pid as number);
    return { ms, startRss, rss };
  } catch (cause) {
    // Give a crashing server a moment to print why.
    await sleep(200);
    throw new StartFailure(describe(cause, server), { ms, startRss, rss: Number.NaN });
  } finally {
    await stop(server.child);
  }
}

export interface StartOptions {
  readonly posts: number;
  readonly corpusDir: string;
  readonly runs: number;
  /** No further run starts once this much time has gone into this size. */
  readonly budgetMs: number;
  readonly timeoutMs: number;
}

/**
 * Times a first start, then `runs` starts from what it kept; fills `answers` from the first if it
 * is empty.
 */
export async function benchStart(options: StartOptions, answers: Answers): Promise<StartResult> {
  const result: StartResult = { posts: options.posts, runs: [] };
  const started = performance.now();
  await rm(join(options.corpusDir, READ_CACHE_FILE), { force: true });
  // A file's time moves in clock ticks, so a start keeps only what was written a second or more
  // before it began: the corpus, maybe just written, is let settle first.
  await sleep(SETTLED_MS + 100);
  try {
    result.first = await startOnce(options.corpusDir, options.posts, options.timeoutMs, answers);
    console.log(
      `  ${formatPosts(options.posts)} first start, nothing kept: first 200 after ${formatMs(result.first.ms)}`,
    );
  } catch (cause) {
    result.failure = cause instanceof Error ? cause.message : String(cause);
    console.log(`  ${formatPosts(options.posts)} first start: ${result.failure}`);
    return result;
  }
  for (let round = 1; round <= options.runs; round += 1) {
    try {
      const run = await startOnce(options.corpusDir, options.posts, options.timeoutMs, answers);
      result.runs.push(run);
      console.log(
        `  ${formatPosts(options.posts)} run ${round}: first 200 after ${formatMs(run.ms)}, ${formatBytes(run.startRss)} resident then, ${formatBytes(run.rss)} after ${WARM_UP_REQUESTS} requests`,
      );
    } catch (cause) {
      result.failure = cause instanceof Error ? cause.message : String(cause);
      if (cause instanceof StartFailure && Number.isFinite(cause.partial.ms)) {
        result.runs.push(cause.partial);
        result.failure = `after the first 200: ${result.failure}`;
      }
      console.log(`  ${formatPosts(options.posts)} run ${round}: ${result.failure}`);
      break;
    }
    if (performance.now() - started > options.budgetMs && round < options.runs) {
      console.log(
        `  ${formatPosts(options.posts)}: ${round} run(s); the next would pass the budget.`,
      );
      break;
    }
  }
  return result;
}

/**
 * The reference: the bare Node server, spawned and timed to its first 200, then given as many
 * requests as Folio was (over its three pages), with its resident memory read the same way.
 */
export async function benchBareStart(
  work: string,
  answers: ReadonlyMap<string, Response>,
  runs: number,
): Promise<StartResult> {
  const result: StartResult = { posts: 0, runs: [] };
  const paths = [...answers.keys()];
  const files = await prepareBare(work, answers);
  for (let round = 1; round <= runs; round += 1) {
    const started = performance.now();
    const server = await startBare(files);
    try {
      const ready = await waitFor200(`${server.url}${paths[0] ?? '/'}`, server.child, 30_000);
      const startRss = await residentMemory(server.child.pid as number);
      const urls = Array.from(
        { length: WARM_UP_REQUESTS },
        (_, i) => `${server.url}${paths[i % paths.length] ?? '/'}`,
      );
      await requestAll(urls);
      await sleep(SETTLE_MS);
      const rss = await residentMemory(server.child.pid as number);
      result.runs.push({ ms: ready - started, startRss, rss });
      console.log(
        `  bare Node run ${round}: first 200 after ${formatMs(ready - started)}, ${formatBytes(rss)} resident`,
      );
    } finally {
      await stop(server.child);
    }
  }
  return result;
}
