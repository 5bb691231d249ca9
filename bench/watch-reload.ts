// Benchmark: how soon an edited post is online under `folio serve --watch`, at 1,000 posts.
//
//   npm run build && npm run bench:watch
//
// Writes a generated corpus to a temporary folder, starts the built `folio serve --watch` on it as
// a child process, then edits one post's title per round and times how long after the write
// `GET /posts/<slug>/` answers with the new title. For scale, the same run also times a plain
// `GET /` and a full cold `loadSite` of the folder. Prints a Markdown table; exits 0 whether the
// target is met or not, and 1 only when something broke.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadSite } from '../src/delivery/load-site.js';
import { corpusPost, writeCorpus } from './corpus.js';

const POSTS = 1000;
const WARM_UP_ROUNDS = 2;
const ROUNDS = 15;
const TARGET_MS = 200;
const POLL_MS = 2;
// Time for the watcher to go quiet between rounds, so that one round's reload never overlaps the next.
const SETTLE_BETWEEN_ROUNDS_MS = 300;
const ROUND_TIMEOUT_MS = 10_000;
const START_TIMEOUT_MS = 120_000;
const HOME_REQUESTS = 50;
const COLD_LOADS = 5;

const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
const BIN = join(REPO_ROOT, 'bin', 'folio.js');
const BUILT_CLI = join(REPO_ROOT, 'dist', 'cli', 'main.js');

// ---------------------------------------------------------------------------------------------
// Statistics

interface Summary {
  readonly runs: number;
  readonly median: number;
  readonly min: number;
  readonly p90: number;
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1
      ? (sorted[middle] ?? Number.NaN)
      : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
  return { runs: sorted.length, median, min: sorted[0] ?? Number.NaN, p90: percentile(sorted, 90) };
}

function ms(value: number): string {
  return `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;
}

// ---------------------------------------------------------------------------------------------
// The server under test

interface Server {
  readonly child: ChildProcess;
  readonly url: string;
  /** When each "reloaded" line arrived on the server's output, in `performance.now()` time. */
  readonly reloads: number[];
  /** The server's recent output, to show when something goes wrong. */
  output(): string;
}

function startServer(siteDir: string, onChild: (child: ChildProcess) => void): Promise<Server> {
  const child = spawn(
    process.execPath,
    [BIN, 'serve', siteDir, '--port', '0', '--host', '127.0.0.1', '--watch'],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, PORT: '', HOST: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  onChild(child);
  const reloads: number[] = [];
  const lines: string[] = [];
  const remember = (line: string): void => {
    lines.push(line);
    if (lines.length > 40) lines.shift();
  };
  let stderrRest = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    const parts = (stderrRest + chunk).split('\n');
    stderrRest = parts.pop() ?? '';
    for (const line of parts) remember(`stderr: ${line}`);
  });
  return new Promise((resolve, reject) => {
    let rest = '';
    let url: string | undefined;
    const timer = setTimeout(() => {
      reject(new Error(`the server printed no address within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      const arrived = performance.now();
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        remember(line);
        if (/ reloaded: \d+ posts online/.test(line)) reloads.push(arrived);
        const match = /^Folio is serving .* at (http:\/\/127\.0\.0\.1:\d+)\/$/.exec(line);
        if (match?.[1] && url === undefined) {
          url = match[1];
          clearTimeout(timer);
          resolve({ child, url, reloads, output: () => lines.join('\n') });
        }
      }
    });
    child.once('error', (cause) => {
      clearTimeout(timer);
      reject(cause);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (url === undefined) {
        reject(
          new Error(`the server exited (${signal ?? code}) before serving:\n${lines.join('\n')}`),
        );
      }
    });
  });
}

/** Asks the server to stop, and kills it if it has not within a few seconds. */
async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const stopped = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)]);
  if (!stopped) {
    child.kill('SIGKILL');
    await exited;
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP, over one kept-alive connection

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

interface Fetched {
  readonly status: number;
  readonly body: string;
}

function get(base: string, path: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

// ---------------------------------------------------------------------------------------------
// One round: edit a title, wait until the page shows it

interface Round {
  /** From the end of the write until the page answers with the new title. */
  readonly online: number;
  /** From the end of the write until the server logged the reload. */
  readonly logged: number;
}

async function editRound(
  server: Server,
  siteDir: string,
  round: number,
  index: number,
): Promise<Round> {
  const post = corpusPost(index);
  const path = `/posts/${encodeURIComponent(post.slug)}/`;
  // The page is open before the edit, as it would be in the author's browser.
  const before = await get(server.url, path);
  if (before.status !== 200)
    throw new Error(`GET ${path} answered ${before.status} before the edit`);

  const file = join(siteDir, post.file);
  const text = await readFile(file, 'utf8');
  const marker = `Edited in round ${round} (post ${index + 1})`;
  const edited = text.replace(/^title: .*$/m, `title: ${JSON.stringify(`${marker} — 제목 수정`)}`);
  if (edited === text) throw new Error(`${file} has no title line`);

  const reloadsBefore = server.reloads.length;
  await writeFile(file, edited);
  const written = performance.now();
  let online: number | undefined;
  while (online === undefined) {
    const started = performance.now();
    if (started - written > ROUND_TIMEOUT_MS) {
      throw new Error(
        `GET ${path} did not show the new title within ${ROUND_TIMEOUT_MS / 1000} s; server output:\n${server.output()}`,
      );
    }
    const { status, body } = await get(server.url, path);
    if (status === 200 && body.includes(marker)) online = performance.now() - written;
    else await sleep(Math.max(0, started + POLL_MS - performance.now()));
  }
  const deadline = performance.now() + ROUND_TIMEOUT_MS;
  while (server.reloads.length <= reloadsBefore && performance.now() < deadline) await sleep(1);
  const loggedAt = server.reloads[reloadsBefore];
  return { online, logged: loggedAt === undefined ? Number.NaN : loggedAt - written };
}

// ---------------------------------------------------------------------------------------------
// The run

interface Resources {
  dir?: string;
  child?: ChildProcess;
}

async function staleBuildNote(): Promise<string | undefined> {
  const built = (await stat(BUILT_CLI)).mtimeMs;
  const sources = await readdir(join(REPO_ROOT, 'src'), { recursive: true });
  for (const name of sources) {
    if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
    if ((await stat(join(REPO_ROOT, 'src', name))).mtimeMs > built) {
      return `note: src/${name} is newer than dist/; run \`npm run build\` to measure the current code.`;
    }
  }
  return undefined;
}

async function run(resources: Resources): Promise<void> {
  if (!existsSync(BUILT_CLI)) {
    throw new Error('Folio is not built (dist/cli/main.js is missing): run `npm run build` first.');
  }
  const stale = await staleBuildNote();
  if (stale) console.log(stale);

  const dir = await mkdtemp(join(tmpdir(), 'folio-bench-'));
  resources.dir = dir;
  let started = performance.now();
  await writeCorpus(dir, POSTS);
  console.log(`Wrote ${POSTS} posts in ${ms(performance.now() - started)}.`);

  started = performance.now();
  const server = await startServer(dir, (child) => (resources.child = child));
  console.log(`The server started in ${ms(performance.now() - started)} at ${server.url}/.`);

  const online: number[] = [];
  const logged: number[] = [];
  for (let round = 0; round < WARM_UP_ROUNDS + ROUNDS; round += 1) {
    // A different post each round, spread over the corpus (137 and 1,000 share no factor).
    const index = (137 * round + 11) % POSTS;
    const result = await editRound(server, dir, round + 1, index);
    const warmUp = round < WARM_UP_ROUNDS;
    if (!warmUp) {
      online.push(result.online);
      logged.push(result.logged);
    }
    console.log(
      `${warmUp ? 'warm-up' : 'round'} ${round + 1}: post ${index + 1} online after ${ms(result.online)} (reload logged after ${ms(result.logged)})`,
    );
    await sleep(SETTLE_BETWEEN_ROUNDS_MS);
  }

  const home: number[] = [];
  for (let i = 0; i < HOME_REQUESTS + 5; i += 1) {
    const t = performance.now();
    const { status } = await get(server.url, '/');
    if (status !== 200) throw new Error(`GET / answered ${status}`);
    if (i >= 5) home.push(performance.now() - t);
  }

  const cold: number[] = [];
  for (let i = 0; i < COLD_LOADS; i += 1) {
    const t = performance.now();
    const { content, diagnostics } = await loadSite(dir);
    cold.push(performance.now() - t);
    if (!content) throw new Error(`loadSite found problems: ${JSON.stringify(diagnostics[0])}`);
  }

  report(summarize(online), summarize(logged), summarize(home), summarize(cold));
}

function report(online: Summary, logged: Summary, home: Summary, cold: Summary): void {
  const row = (name: string, s: Summary, ratio: string): string =>
    `| ${name} | ${s.runs} | ${ms(s.median)} | ${ms(s.min)} | ${ms(s.p90)} | ${ratio} |`;
  const times = (reference: Summary): string => {
    const ratio = online.median / reference.median;
    return `${ratio < 10 ? ratio.toFixed(2) : ratio.toFixed(0)}×`;
  };
  console.log(`
Live reload under \`serve --watch\`, ${POSTS} posts (${ROUNDS} rounds after ${WARM_UP_ROUNDS} warm-up rounds)

| measure | runs | median | min | p90 | edit online ÷ this (medians) |
| --- | ---: | ---: | ---: | ---: | ---: |
${row('edit online: write done → `GET /posts/<slug>/` shows the new title', online, '1×')}
${row('… of which: write done → server logs the reload', logged, times(logged))}
${row('reference: `GET /` round trip, same server', home, times(home))}
${row('reference: cold `loadSite` of the folder, in-process', cold, times(cold))}
`);
  const pass = online.p90 <= TARGET_MS;
  console.log(
    `Target: an edit online within ${TARGET_MS} ms (p90) at ${POSTS} posts — ${pass ? 'PASS' : 'FAIL'} (median ${ms(online.median)}, p90 ${ms(online.p90)}).`,
  );
}

// ---------------------------------------------------------------------------------------------
// Cleanup in every case: normal end, error, Ctrl+C

const resources: Resources = {};
let cleaning: Promise<void> | undefined;
let interrupted = false;

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    agent.destroy();
    if (resources.child) await stopServer(resources.child);
    if (resources.dir) await rm(resources.dir, { recursive: true, force: true });
  })();
  return cleaning;
}

// Handled on every delivery, not once: a Ctrl+C may arrive twice (from the terminal and relayed by
// a wrapper such as tsx), and the second must not end the process before the cleanup has run.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the server and removing the corpus.`);
    void cleanup().finally(() => process.exit(130));
  });
}
// Last resort if the process ends without the cleanup having run to its end.
process.once('exit', () => {
  const { child, dir } = resources;
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

try {
  await run(resources);
} catch (cause) {
  // A Ctrl+C reaches the server too, and its failing requests may be seen before the signal is.
  await sleep(100);
  if (!interrupted) {
    const { child } = resources;
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      console.error(
        `The server stopped during the run (${child.signalCode ?? `exit code ${child.exitCode}`}).`,
      );
    }
    console.error(cause instanceof Error ? cause.message : cause);
    process.exitCode = 1;
  }
} finally {
  await cleanup();
}
