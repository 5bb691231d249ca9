// Soak: the built `folio serve --watch` on a generated site of 1,000 posts, under 128 kept-alive
// connections on 127.0.0.1, through four runs: steady load; load while 100 edits of one post land;
// load while the content folder is moved away, replaced by a file and put back; and a SIGTERM
// mid-load. Every response is checked; prints a report and exits 1 on any failure.
//
//   npm run soak [-- --duration 60 --connections 128 --posts 1000 --edits 100 --skip-build --keep]
import { once } from 'node:events';
import { existsSync, rmSync } from 'node:fs';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { corpusPost, writeCorpus } from '../bench/corpus.js';
import { type FolioServer, startFolio } from '../bench/lib/folio.js';
import { decoded, get } from '../bench/lib/http.js';
import { killAllNow, run, stopAll } from '../bench/lib/processes.js';
import { REPO_ROOT } from '../bench/lib/setup.js';
import { formatCount, formatMs, percentile } from '../bench/lib/stats.js';
import { EditedPost } from './soak/edits.js';
import { type LoadResult, runLoad, type Target } from './soak/load.js';
import { formatMemory, measureMemory } from './soak/memory.js';
import { discoverTargets, type SiteTargets } from './soak/site.js';

// Long enough for the cache to fill, the JIT to settle and a few major collections to run.
const WARM_UP_MS = 20_000;
// The end of a run over which the floor of its memory is taken: more than one major collection.
const MEMORY_WINDOW_MS = 15_000;
const RSS_TOLERANCE = 0.1;
const SIGTERM_AFTER_MS = 3_000;
const STOP_LIMIT_MS = 5_000;
const WAIT_MS = 15_000;
// However it goes, the soak ends: a hang is a failure too.
const WATCHDOG_MS = 15 * 60_000;

interface Options {
  readonly durationMs: number;
  readonly connections: number;
  readonly posts: number;
  readonly edits: number;
  readonly build: boolean;
  readonly keep: boolean;
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '60' },
      connections: { type: 'string', default: '128' },
      posts: { type: 'string', default: '1000' },
      edits: { type: 'string', default: '100' },
      'skip-build': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
    },
  });
  const number = (name: string, text: string): number => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number`);
    return value;
  };
  return {
    durationMs: number('duration', values.duration) * 1000,
    connections: number('connections', values.connections),
    posts: number('posts', values.posts),
    edits: number('edits', values.edits),
    build: !values['skip-build'],
    keep: values.keep,
  };
}

/** What went wrong, collected rather than thrown, so that every run is reported. */
const failures: string[] = [];
const fail = (why: string): void => {
  failures.push(why);
  console.log(`  FAIL: ${why}`);
};

interface Row {
  readonly name: string;
  readonly result: LoadResult;
}
const rows: Row[] = [];

/** Records a run and fails on any socket error or wrong answer. */
function record(name: string, result: LoadResult): void {
  rows.push({ name, result });
  const errors = [...result.errors.values()].reduce((sum, n) => sum + n, 0);
  console.log(
    `  ${name}: ${formatCount(result.requests)} requests, ${formatCount(rps(result))}/s, ${errors} errors, ${result.wrong} wrong, p99 ${formatMs(p99(result))}`,
  );
  if (errors > 0) fail(`${name}: ${errors} socket errors (${describe(result.errors)})`);
  if (result.wrong > 0) fail(`${name}: ${result.wrong} wrong responses`);
  for (const problem of result.problems) console.log(`    ${problem}`);
}

const rps = (result: LoadResult): number => result.requests / (result.elapsedMs / 1000);
const p99 = (result: LoadResult): number => percentile(Array.from(result.latencies), 99);
const describe = <K>(counts: Map<K, number>): string =>
  [...counts]
    .sort(([a], [b]) => String(a).localeCompare(String(b)))
    .map(([key, n]) => `${String(key)}: ${formatCount(n)}`)
    .join(', ') || 'none';

/** Polls `check` until it holds; returns how long that took, or fails after WAIT_MS. */
async function waitFor(what: string, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < WAIT_MS) {
    if (await check()) return performance.now() - started;
    await sleep(10);
  }
  fail(`${what} did not happen within ${WAIT_MS / 1000} s`);
  return Number.NaN;
}

/** The version the post page shows, when its title and its text agree on one. */
async function postVersion(origin: string, slug: string): Promise<number | undefined> {
  const response = await get(`${origin}/posts/${slug}/`);
  const text = decoded(response);
  const marker = /<h1[^>]*>Soak edit (\d+)<\/h1>/.exec(text)?.[1];
  const body = /Soak edit (\d+) opens this version/.exec(text)?.[1];
  return response.status === 200 && marker !== undefined && marker === body
    ? Number(marker)
    : undefined;
}

/** The part of a page that shows content, without the banner of a watching server. */
async function article(origin: string, path: string): Promise<string> {
  const response = await get(`${origin}${path}`);
  if (response.status !== 200) return `status ${response.status}`;
  const text = decoded(response);
  return text.slice(text.indexOf('<main'), text.indexOf('</main>'));
}

function fileOfSlug(slug: string, posts: number): string {
  for (let index = 0; index < posts; index++) {
    const post = corpusPost(index);
    if (post.slug === slug) return post.file;
  }
  throw new Error(`no generated post has the slug ${slug}`);
}

async function main(options: Options, workDir: string): Promise<void> {
  const { durationMs, connections } = options;
  const header = `Folio soak: ${formatCount(options.posts)} posts, ${connections} connections, ${durationMs / 1000} s per run, ${cpus().length} CPUs, Node ${process.version}`;
  console.log(header);
  if (options.build) {
    console.log('Building Folio (npm run build)…');
    const built = await run('npm', ['run', 'build'], { cwd: REPO_ROOT, timeoutMs: 300_000 });
    if (built.code !== 0) throw new Error(`npm run build failed:\n${built.stdout}${built.stderr}`);
  }
  const siteDir = join(workDir, 'site');
  await writeCorpus(siteDir, options.posts);
  const server = await startFolio(siteDir, { watch: true, timeoutMs: 120_000 });
  const pid = server.child.pid as number;
  const origin = server.url;
  console.log(`Serving ${siteDir} at ${origin} (pid ${pid}).`);
  const site = await discoverTargets(origin);
  const edited = new EditedPost(siteDir, fileOfSlug(site.editedSlug, options.posts));
  await edited.write(0);
  await waitFor('the first edit going online', async () => {
    return (await postVersion(origin, site.editedSlug)) === 0;
  });
  const check = (sent: { target: Target; at: number }, body: Buffer): string | undefined =>
    sent.target.identity ? edited.check(sent, body) : undefined;
  const load = (ms: number, extra: { until?: Promise<unknown> } = {}): Promise<LoadResult> =>
    runLoad({ origin, connections, durationMs: ms, next: site.next, check, ...extra });

  console.log('\nWarm-up: every URL once, then load.');
  const queue = [...site.all];
  const everyUrl = await runLoad({
    origin,
    connections: 16,
    durationMs: 120_000,
    next: () => queue.pop(),
    check,
  });
  record('every URL once', everyUrl);
  const warm = await measureMemory(pid, load(WARM_UP_MS), MEMORY_WINDOW_MS);
  record('warm-up', warm.value);
  console.log(`  memory after warm-up: ${formatMemory(warm.memory)}`);

  console.log(`\nRun 1: steady load for ${durationMs / 1000} s.`);
  const steady = await measureMemory(pid, load(durationMs), MEMORY_WINDOW_MS);
  record('steady load', steady.value);
  const change = (steady.memory.floor - warm.memory.floor) / warm.memory.floor;
  const memory = `after warm-up ${formatMemory(warm.memory)}; after the run ${formatMemory(steady.memory)}: ${percent(change)}`;
  console.log(`  memory after the run: ${formatMemory(steady.memory)}, ${percent(change)}`);
  if (Math.abs(change) > RSS_TOLERANCE) fail(`memory changed by ${percent(change)} in run 1`);

  console.log(`\nRun 2: load while ${options.edits} edits land.`);
  const reloadsBefore = server.reloads.length;
  const editsDone = writeEdits(edited, options.edits, durationMs);
  const editing = await measureMemory(pid, load(durationMs), MEMORY_WINDOW_MS);
  record(`${options.edits} edits`, editing.value);
  await editsDone;
  const lastOnline = await waitFor(`edit ${options.edits} going online`, async () => {
    return (await postVersion(origin, site.editedSlug)) === options.edits;
  });
  const reloads = server.reloads.length - reloadsBefore;
  const grown = (editing.memory.floor - warm.memory.floor) / warm.memory.floor;
  // Every reload empties the page cache, so less may be held than after warm-up; only growth counts.
  if (grown > RSS_TOLERANCE) fail(`memory grew by ${percent(grown)} in run 2`);
  const editsLine = `${options.edits} written, ${reloads} reloads logged, ${edited.versions.size} versions seen by clients, the last online ${formatMs(lastOnline)} after the load ended; memory ${formatMemory(editing.memory)}, ${percent(grown)} from warm-up`;
  console.log(`  edits: ${editsLine}`);

  console.log('\nRun 3: load while the content folder is moved away, replaced and put back.');
  let endFaultLoad = (): void => undefined;
  const faultsStaged = new Promise<void>((resolve) => (endFaultLoad = resolve));
  const faultLoad = load(120_000, { until: faultsStaged });
  const faults = await stageFaults(server, site, edited, siteDir, options.edits + 1);
  endFaultLoad();
  record('content folder faults', await faultLoad);
  console.log(`  faults: ${faults}`);

  console.log('\nRun 4: SIGTERM under load.');
  const stop = await sigterm(server, site, connections);
  console.log(`  SIGTERM: ${stop}`);

  report(header, memory, editsLine, faults, stop);
}

async function writeEdits(edited: EditedPost, edits: number, durationMs: number): Promise<void> {
  // Spread over the run, the last one early enough to be online before it ends.
  const spacing = (durationMs - 2000) / edits;
  const started = performance.now();
  for (let n = 1; n <= edits; n++) {
    await sleep(Math.max(0, started + n * spacing - performance.now()));
    await edited.write(n);
  }
}

async function stageFaults(
  server: FolioServer,
  site: SiteTargets,
  edited: EditedPost,
  siteDir: string,
  restoredVersion: number,
): Promise<string> {
  const origin = server.url;
  const content = join(siteDir, 'content');
  const posts = join(content, 'posts');
  // Hidden folders of the site: the watcher does not look into them.
  const contentAway = join(siteDir, '.soak-content-away');
  const postsAway = join(siteDir, '.soak-posts-away');
  const samples = [`/posts/${site.editedSlug}/`, '/', ...pickSome(site.byKind.get('post'), 20)];
  const before = await Promise.all(samples.map((path) => article(origin, path)));
  const unchanged = async (when: string): Promise<void> => {
    for (const [index, path] of samples.entries()) {
      if ((await article(origin, path)) !== before[index]) fail(`${path} changed ${when}`);
    }
  };
  let stderr = '';
  server.child.stderr?.on('data', (chunk: string) => (stderr += chunk));
  const logged = (pattern: RegExp) => () => Promise.resolve(pattern.test(stderr));
  edited.problemsExpected = true;

  await rename(content, contentAway);
  const gone = await waitFor('a message on content/ gone', logged(/content:1: the folder is gone/));
  await unchanged('while content/ was gone');
  await rename(contentAway, content);
  const back = await waitFor('the banner going once content/ is back', async () => {
    return !decoded(await get(`${origin}/`)).includes('problems-banner');
  });
  await reloadsSettled(server);

  await rename(posts, postsAway);
  await writeFile(posts, 'not a folder\n');
  const file = await waitFor(
    'a message on content/posts being a file',
    logged(/posts:1: a file stands where this folder was/),
  );
  await unchanged('while content/posts was a file');
  await edited.write(restoredVersion, join(postsAway, edited.file.slice(posts.length + 1)));
  await rm(posts);
  await rename(postsAway, posts);
  const restored = await waitFor(
    'the edit made while the folder was away going online',
    async () => {
      return (await postVersion(origin, site.editedSlug)) === restoredVersion;
    },
  );
  edited.problemsExpected = false;
  return `content/ moved away: logged after ${formatMs(gone)}, ${samples.length} sampled pages unchanged, back online ${formatMs(back)} after its return; content/posts replaced by a file: logged after ${formatMs(file)}, pages unchanged; restored with an edit: online after ${formatMs(restored)}`;
}

/** Waits until the server has not reloaded for a second. */
async function reloadsSettled(server: FolioServer): Promise<void> {
  for (let seen = -1; seen !== server.reloads.length;) {
    seen = server.reloads.length;
    await sleep(1000);
  }
}

function pickSome<T>(items: readonly T[] | undefined, count: number): string[] {
  const all = (items ?? []) as readonly Target[];
  return Array.from(
    { length: count },
    (_, i) => all[Math.floor((i * all.length) / count)]?.path,
  ).filter((path): path is string => path !== undefined);
}

async function sigterm(
  server: FolioServer,
  site: SiteTargets,
  connections: number,
): Promise<string> {
  const signal: { at?: number } = {};
  const running = runLoad({
    origin: server.url,
    connections,
    durationMs: 60_000,
    next: site.next,
    signalledAt: () => signal.at,
  });
  await sleep(SIGTERM_AFTER_MS);
  const exited = once(server.child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  const signalledAt = performance.now();
  signal.at = signalledAt;
  process.kill(server.child.pid as number, 'SIGTERM');
  const outcome = await Promise.race([exited, sleep(STOP_LIMIT_MS * 3).then(() => undefined)]);
  const stoppedMs = performance.now() - signalledAt;
  const result = await running;
  record('SIGTERM under load', result);
  const [code, exitSignal] = outcome ?? [null, null];
  const stopping = /finishing (\d+) requests? in flight on (\d+) open/.exec(server.output());
  if (!outcome) fail(`the server had not stopped ${formatMs(stoppedMs)} after SIGTERM`);
  else if (code !== 0) fail(`the server exited with ${exitSignal ?? code} on SIGTERM, not 0`);
  if (stoppedMs > STOP_LIMIT_MS) fail(`the server took ${formatMs(stoppedMs)} to stop`);
  if (result.completedAfterSignal === 0) fail('no request was answered after SIGTERM');
  const at = stopping
    ? `${stopping[1] ?? '?'} requests in flight on ${stopping[2] ?? '?'} open connections`
    : 'requests in flight unknown';
  return `exit code ${code ?? exitSignal ?? 'none'} after ${formatMs(stoppedMs)}; at the signal: ${at}; ${formatCount(result.completedAfterSignal)} responses completed after it; ${result.turnedAway} connections opened after it turned away (refused, or reset unaccepted)`;
}

function percent(ratio: number): string {
  return `${ratio >= 0 ? '+' : ''}${(ratio * 100).toFixed(1)}%`;
}

function report(header: string, memory: string, edits: string, faults: string, stop: string): void {
  const table = [
    '| run | requests | req/s | socket errors | wrong | p50 | p99 | statuses |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map(({ name, result }) => {
      const errors = [...result.errors.values()].reduce((sum, n) => sum + n, 0);
      const p50 = percentile(Array.from(result.latencies), 50);
      return `| ${name} | ${formatCount(result.requests)} | ${formatCount(rps(result))} | ${errors} | ${result.wrong} | ${formatMs(p50)} | ${formatMs(p99(result))} | ${describe(result.statuses)} |`;
    }),
  ];
  const mix = rows.find((row) => row.name === 'steady load')?.result.kinds;
  console.log(`\n## Report\n\n${header}\n\n${table.join('\n')}\n`);
  if (mix) console.log(`- request mix (steady load): ${describe(mix)}`);
  console.log(`- memory (VmRSS): ${memory}`);
  console.log(`- edits: ${edits}`);
  console.log(`- content folder: ${faults}`);
  console.log(`- SIGTERM: ${stop}`);
  console.log(
    failures.length === 0 ? '\nPASS' : `\nFAIL\n${failures.map((f) => `- ${f}`).join('\n')}`,
  );
}

let workDir: string | undefined;
let keep = false;
process.once('exit', () => {
  killAllNow();
  if (workDir && !keep) rmSync(workDir, { recursive: true, force: true, maxRetries: 5 });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the server and removing the soak's files.`);
    process.exit(130);
  });
}

try {
  if (!existsSync('/proc/self/status'))
    throw new Error('the soak reads memory from /proc: Linux only');
  const options = parseOptions();
  keep = options.keep;
  workDir = await mkdtemp(join(tmpdir(), 'folio-soak-'));
  const watchdog = setTimeout(() => {
    console.error(`FAIL: the soak did not end within ${WATCHDOG_MS / 60_000} minutes.`);
    process.exit(1);
  }, WATCHDOG_MS);
  watchdog.unref();
  await main(options, workDir);
  if (keep) console.log(`\nKept ${workDir}.`);
} catch (cause) {
  failures.push(cause instanceof Error ? cause.message : String(cause));
  console.error(`\nFAIL: ${failures.at(-1) ?? ''}`);
}
await stopAll();
process.exitCode = failures.length === 0 ? 0 : 1;
