// Soak: the built `folio serve --watch` on a generated site of 1,000 posts, under 128 kept-alive
// connections on 127.0.0.1: steady load; load while 100 edits of one post land; load while faults
// are staged one after another (the content folder moved away, replaced by a file, deleted and
// copied back; a post saved as editors save; a YAML alias bomb posted; 50 readers that never
// read); and a SIGTERM mid-load. Every response is checked, and so is the server's log; prints a
// report and exits 1 on any failure.
//
//   npm run soak [-- --duration 60 --connections 128 --posts 1000 --edits 100 --skip-build --keep]
import { once } from 'node:events';
import { existsSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { corpusPost, writeCorpus } from '../bench/corpus.js';
import { type FolioServer, startFolio } from '../bench/lib/folio.js';
import { killAllNow, run, stopAll } from '../bench/lib/processes.js';
import { REPO_ROOT } from '../bench/lib/setup.js';
import { formatCount, formatMs, percentile } from '../bench/lib/stats.js';
import { failures, fail, postVersion, ServerLog, waitFor } from './soak/checks.js';
import { EditedPost } from './soak/edits.js';
import {
  aliasBombPosted,
  contentFolderAway,
  contentFolderSwapped,
  editorSaves,
  slowReaderSwarm,
  type Staging,
  writeLargeFile,
} from './soak/faults.js';
import { type LoadResult, runLoad, type Target } from './soak/load.js';
import { formatMemory, measureMemory } from './soak/memory.js';
import { discoverTargets, type SiteTargets } from './soak/site.js';

// Long enough for the cache to fill, the JIT to settle and a few major collections to run.
const WARM_UP_MS = 20_000;
// The end of a run over which the floor of its memory is taken: more than one major collection.
const MEMORY_WINDOW_MS = 15_000;
const RSS_TOLERANCE = 0.1;
// Edits must cost the readers little: each re-renders only the pages that show the edited post.
const THROUGHPUT_KEPT = 0.8;
const SIGTERM_AFTER_MS = 3_000;
const STOP_LIMIT_MS = 5_000;
// Longer than any fault takes to stage: a hung stage ends its load all the same.
const STAGE_LIMIT_MS = 180_000;
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
  await writeLargeFile(siteDir);
  const server = await startFolio(siteDir, { watch: true, timeoutMs: 120_000 });
  const stdout = new ServerLog(server.child.stdout);
  const stderr = new ServerLog(server.child.stderr);
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
  // A reload replaces the pages that show the edited post, and the old ones may be collected
  // late or early: only growth counts.
  if (grown > RSS_TOLERANCE) fail(`memory grew by ${percent(grown)} in run 2`);
  const kept = rps(editing.value) / rps(steady.value);
  if (kept < THROUGHPUT_KEPT) {
    fail(
      `throughput while editing was ${kept.toFixed(2)}× the steady run's, under ${THROUGHPUT_KEPT}×`,
    );
  }
  const editsLine = `${options.edits} written, ${reloads} reloads logged, ${edited.versions.size} versions seen by clients, the last online ${formatMs(lastOnline)} after the load ended; throughput ${kept.toFixed(2)}× the steady run's; memory ${formatMemory(editing.memory)}, ${percent(grown)} from warm-up`;
  console.log(`  edits: ${editsLine}`);

  const staging: Staging = { server, site, edited, siteDir, stdout, stderr };
  const faults: string[] = [];
  const stage = async (name: string, staged: () => Promise<string>): Promise<void> => {
    console.log(`\nFault: ${name}, under load.`);
    let endLoad = (): void => undefined;
    const loading = load(STAGE_LIMIT_MS, { until: new Promise<void>((end) => (endLoad = end)) });
    try {
      const line = await staged();
      faults.push(`${name}: ${line}`);
      console.log(`  ${line}`);
    } finally {
      endLoad();
      record(name, await loading);
    }
  };
  let version = options.edits + 1;
  await stage('content folder moved away', () => contentFolderAway(staging, version++));
  await stage('content folder swapped', async () => {
    const { line, next } = await contentFolderSwapped(staging, version, 3);
    version = next;
    return line;
  });
  await stage('editor saves', async () => {
    const { line, next } = await editorSaves(staging, version, 10);
    version = next;
    return line;
  });
  await stage('alias bomb', () => aliasBombPosted(staging));
  await stage('slow-reader swarm', () => slowReaderSwarm(staging));
  const log = quietLog(stderr.text);

  console.log('\nSIGTERM under load.');
  const stop = await sigterm(server, site, connections);
  console.log(`  SIGTERM: ${stop}`);

  report(header, memory, editsLine, faults, log, stop);
}

// What a watching server writes to stderr when the soak's faults are staged: the problems each
// fault causes, with the lines that name them. Anything else is noise or a failure.
const EXPECTED_LOG = [
  // A problem, where it is…
  /^\S+:\d+: \S/,
  // …the lines of the file around it…
  /^ {2}[> ] +\d+ \| /,
  // …and what the server does about it.
  /^\d\d:\d\d:\d\d .*: the last good version stays online until they are fixed\.$/,
];

/** Fails on every line of the server's stderr that no staged fault explains. */
function quietLog(text: string): string {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const unexpected = lines.filter((line) => !EXPECTED_LOG.some((pattern) => pattern.test(line)));
  for (const line of unexpected.slice(0, 10)) fail(`the server logged: ${line}`);
  return `${lines.length} lines on stderr, all naming the staged faults' problems; ${unexpected.length} others`;
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

function report(
  header: string,
  memory: string,
  edits: string,
  faults: readonly string[],
  log: string,
  stop: string,
): void {
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
  for (const fault of faults) console.log(`- ${fault}`);
  console.log(`- log: ${log}`);
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
