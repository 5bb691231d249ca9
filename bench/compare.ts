// Benchmark: Folio against Hugo, Eleventy and Hexo (full builds), against nginx and a bare Node
// server (serving), and Folio's own cold start, memory and live reload, on generated corpora of
// 1,000, 10,000 and 100,000 posts.
//
//   npm run bench                                    # everything, about 40 minutes
//   npm run bench -- --only build,serve --sizes 1k,10k
//
// Options:
//   --only PARTS   comma-separated: build, serve, start (cold start and memory), reload
//   --sizes SIZES  comma-separated: 1k, 10k, 100k (builds and cold starts; serving and live reload
//                  run at 10k, or at the largest size given below it)
//   --runs N       timed runs per figure (default 3; one at 100k)
//   --seconds N    length of each load run (default 10, at most 10)
//   --keep         keep bench/.work/run/ (corpora, sites, outputs) for inspection
//
// Installs what it compares on first use (Debian packages through apt-get, Node engines into
// bench/.engines/), works in bench/.work/, and writes the chart to docs/performance-chart.svg
// after a complete run (to bench/.work/ otherwise). Prints one Markdown table with PASS or MISS
// beside every target; exits 0 whatever the verdicts, 1 only when something broke.
import { existsSync, rmSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { writeCorpus } from './corpus.js';
import { benchBuilds, type BuildTools } from './lib/build.js';
import { chart } from './lib/chart.js';
import { checkBuilt, FOLIO_BIN } from './lib/folio.js';
import { killAllNow, run, stopAll } from './lib/processes.js';
import { benchReload } from './lib/reload.js';
import { type Results, table, targetSummary } from './lib/report.js';
import { benchServing } from './lib/serve.js';
import {
  engineBin,
  ensureDebian,
  ensureNpmEngine,
  npmEngine,
  REPO_ROOT,
  versionOf,
  WORK_DIR,
} from './lib/setup.js';
import { corpusPageSet, type Engine, verifyPages } from './lib/sites.js';
import { type Answers, benchBareStart, benchStart } from './lib/startup.js';
import { formatMs, formatPosts, median } from './lib/stats.js';

const PARTS = ['build', 'serve', 'start', 'reload'] as const;
type Part = (typeof PARTS)[number];
const SIZES: Readonly<Record<string, number>> = { '1k': 1000, '10k': 10_000, '100k': 100_000 };
const HUNDRED_K = 100_000;
const MINUTE = 60_000;

const RUN_DIR = join(WORK_DIR, 'run');
const CHART = join(REPO_ROOT, 'docs', 'performance-chart.svg');

interface Options {
  readonly parts: ReadonlySet<Part>;
  readonly sizes: readonly number[];
  readonly runs: number;
  readonly seconds: number;
  readonly keep: boolean;
  readonly complete: boolean;
}

function options(argv: readonly string[]): Options {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      only: { type: 'string' },
      sizes: { type: 'string' },
      runs: { type: 'string' },
      seconds: { type: 'string' },
      keep: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(
      'Usage: npm run bench -- [--only build,serve,start,reload] [--sizes 1k,10k,100k] [--runs N] [--seconds N] [--keep]',
    );
    process.exit(0);
  }
  const parts = new Set<Part>();
  for (const name of (values.only ?? PARTS.join(',')).split(',').map((p) => p.trim())) {
    const part = name === 'cold' ? 'start' : name;
    if (!PARTS.includes(part as Part))
      throw new Error(`unknown part "${name}" (${PARTS.join(', ')})`);
    parts.add(part as Part);
  }
  const sizes = (values.sizes ?? '1k,10k,100k').split(',').map((name) => {
    const posts = SIZES[name.trim()];
    if (posts === undefined) throw new Error(`unknown size "${name}" (1k, 10k, 100k)`);
    return posts;
  });
  const runs = Number(values.runs ?? 3);
  const seconds = Number(values.seconds ?? 10);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number ≥ 1');
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 10) {
    throw new Error('--seconds takes a whole number from 1 to 10');
  }
  const sorted = [...new Set(sizes)].sort((a, b) => a - b);
  return {
    parts,
    sizes: sorted,
    runs,
    seconds,
    keep: values.keep ?? false,
    complete: parts.size === PARTS.length && sorted.length === Object.keys(SIZES).length,
  };
}

// ---------------------------------------------------------------------------------------------
// Corpora, written once per run and shared by the parts

const corpora = new Map<number, Promise<string>>();

function corpus(posts: number): Promise<string> {
  let dir = corpora.get(posts);
  if (!dir) {
    dir = (async () => {
      const path = join(RUN_DIR, `corpus-${posts}`);
      const started = performance.now();
      await writeCorpus(path, posts);
      console.log(
        `Wrote the ${formatPosts(posts)} corpus in ${formatMs(performance.now() - started)}.`,
      );
      return path;
    })();
    corpora.set(posts, dir);
  }
  return dir;
}

async function dropCorpus(posts: number): Promise<void> {
  corpora.delete(posts);
  await rm(join(RUN_DIR, `corpus-${posts}`), { recursive: true, force: true });
  await rm(join(RUN_DIR, 'out', `folio-${posts}`), { recursive: true, force: true });
}

/** Folio's static export of a corpus: the build part's last output, or a build made now. */
async function folioExport(posts: number): Promise<string> {
  const outDir = join(RUN_DIR, 'out', `folio-${posts}`);
  const corpusDir = await corpus(posts);
  if (!existsSync(join(outDir, 'index.html'))) {
    console.log(`Building Folio's export of the ${formatPosts(posts)} corpus for nginx …`);
    const result = await run(process.execPath, [FOLIO_BIN, 'build', corpusDir, '--out', outDir], {
      cwd: REPO_ROOT,
      timeoutMs: 60 * MINUTE,
    });
    if (result.code !== 0) throw new Error(`folio build failed:\n${result.stderr}`);
  }
  await verifyPages(outDir, await corpusPageSet(corpusDir));
  return outDir;
}

// ---------------------------------------------------------------------------------------------

async function environment(
  parts: ReadonlySet<Part>,
  tools: Partial<Record<string, string>>,
): Promise<string[]> {
  const cpu = cpus();
  const commit = await run('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: REPO_ROOT,
    timeoutMs: 10_000,
  });
  const dirty = await run('git', ['status', '--porcelain', '--', 'src'], {
    cwd: REPO_ROOT,
    timeoutMs: 10_000,
  });
  const lines = [
    `${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, ${process.platform}`,
    `Node ${process.version}; Folio at ${commit.stdout.trim()}${dirty.stdout.trim() ? ' with uncommitted changes in src/' : ''}`,
  ];
  if (parts.has('build')) {
    if (tools.hugo) lines.push(await versionOf(tools.hugo, ['version']));
    lines.push(
      `Eleventy: ${Object.entries(npmEngine('eleventy').packages)
        .map(([p, v]) => `${p}@${v}`)
        .join(' ')}`,
    );
    lines.push(
      `Hexo: ${Object.entries(npmEngine('hexo').packages)
        .map(([p, v]) => `${p}@${v}`)
        .join(' ')}`,
    );
  }
  if (parts.has('serve')) {
    if (tools.nginx) lines.push(await versionOf(tools.nginx, ['-v']));
    if (tools.wrk) lines.push((await versionOf(tools.wrk, ['-v'])).replace(/ \[.*$/, ''));
  }
  return lines;
}

async function main(opts: Options, results: Results): Promise<void> {
  const note = await checkBuilt();
  if (note) {
    console.log(note);
    results.notes.push(note);
  }
  const { parts, sizes } = opts;
  const smallSizes = sizes.filter((posts) => posts < HUNDRED_K);
  const mainSize = smallSizes.includes(10_000) ? 10_000 : smallSizes.at(-1);

  // Tools first, so that a missing one stops the run before anything is measured.
  const tools: Partial<Record<string, string>> = {};
  if (parts.has('build')) {
    tools.time = await ensureDebian('time');
    if (smallSizes.length > 0) {
      tools.hugo = await ensureDebian('hugo');
      await ensureNpmEngine('eleventy');
      await ensureNpmEngine('hexo');
      if (!existsSync(engineBin('eleventy')) || !existsSync(engineBin('hexo'))) {
        throw new Error('the Node engines are not where they were installed');
      }
    }
  }
  if (parts.has('serve')) {
    tools.nginx = await ensureDebian('nginx');
    tools.wrk = await ensureDebian('wrk');
    tools.brotli = await ensureDebian('brotli', true);
  }
  results.environment.push(...(await environment(parts, tools)));
  console.log(results.environment.map((line) => `  ${line}`).join('\n'));

  await rm(RUN_DIR, { recursive: true, force: true });
  await mkdir(RUN_DIR, { recursive: true });
  const buildTools: BuildTools = { time: tools.time ?? '/usr/bin/time', hugo: tools.hugo };
  const section = (title: string): number => {
    console.log(`\n${title}`);
    return performance.now();
  };
  const done = (started: number): void => {
    console.log(`  (${formatMs(performance.now() - started)})`);
  };

  if (parts.has('build')) {
    for (const posts of smallSizes) {
      const started = section(`Full builds, ${formatPosts(posts)} posts`);
      const engines: Engine[] = ['folio', 'hugo', 'eleventy', 'hexo'];
      results.builds.push(
        ...(await benchBuilds({
          posts,
          corpusDir: await corpus(posts),
          work: RUN_DIR,
          engines,
          tools: buildTools,
          rounds: opts.runs,
          budgetMs: posts >= 10_000 ? 20 * MINUTE : 8 * MINUTE,
          checkFirst: posts === smallSizes[0],
          timeoutMs: 30 * MINUTE,
        })),
      );
      // Only the 10k export is served later.
      if (posts !== mainSize)
        await rm(join(RUN_DIR, 'out', `folio-${posts}`), { recursive: true, force: true });
      done(started);
    }
  }

  if (parts.has('serve') && mainSize !== undefined) {
    const started = section(
      `Serving, ${formatPosts(mainSize)} posts: wrk, 64 connections, ${opts.seconds} s per run`,
    );
    results.serve = await benchServing({
      posts: mainSize,
      corpusDir: await corpus(mainSize),
      exportDir: await folioExport(mainSize),
      work: RUN_DIR,
      wrk: tools.wrk as string,
      nginx: tools.nginx as string,
      brotliModule: tools.brotli,
      rounds: opts.runs,
      seconds: opts.seconds,
      warmUpSeconds: 2,
    });
    results.notes.push(...results.serve.notes);
    done(started);
  }

  const answers: Answers = new Map();
  if (parts.has('start')) {
    for (const posts of smallSizes) {
      const started = section(`Cold start and memory, ${formatPosts(posts)} posts`);
      results.starts.push(
        await benchStart(
          {
            posts,
            corpusDir: await corpus(posts),
            runs: opts.runs,
            budgetMs: 5 * MINUTE,
            timeoutMs: 10 * MINUTE,
          },
          answers,
        ),
      );
      done(started);
    }
  }

  if (parts.has('reload') && mainSize !== undefined) {
    const reloadSizes = [...new Set([1000, mainSize])];
    for (const posts of reloadSizes) {
      const started = section(`Live reload under serve --watch, ${formatPosts(posts)} posts`);
      results.reloads.push(
        await benchReload({
          posts,
          corpusDir: await corpus(posts),
          warmUpRounds: 2,
          rounds: 15,
          timeoutMs: 10 * MINUTE,
        }),
      );
      done(started);
    }
  }

  if (sizes.includes(HUNDRED_K) && (parts.has('build') || parts.has('start'))) {
    // The 10k corpus and its export are done with: 100k needs the disk.
    await dropCorpus(10_000);
    await dropCorpus(1000);
    if (parts.has('build')) {
      const started = section('Full build, 100k posts (Folio only)');
      const tenK = results.builds.find((b) => b.engine === 'folio' && b.posts === 10_000);
      const tenKMs = tenK ? median(tenK.runs.map((r) => r.ms)) : Number.NaN;
      // Long enough to tell whether it stays within 11× the 10k time, and no longer.
      const timeoutMs = Number.isFinite(tenKMs)
        ? Math.min(Math.max(12 * tenKMs, 5 * MINUTE), 25 * MINUTE)
        : 25 * MINUTE;
      results.builds.push(
        ...(await benchBuilds({
          posts: HUNDRED_K,
          corpusDir: await corpus(HUNDRED_K),
          work: RUN_DIR,
          engines: ['folio'],
          tools: buildTools,
          rounds: 1,
          budgetMs: 0,
          checkFirst: false,
          timeoutMs,
        })),
      );
      await rm(join(RUN_DIR, 'out', `folio-${HUNDRED_K}`), { recursive: true, force: true });
      done(started);
    }
    if (parts.has('start')) {
      const started = section('Cold start and memory, 100k posts');
      results.starts.push(
        await benchStart(
          {
            posts: HUNDRED_K,
            corpusDir: await corpus(HUNDRED_K),
            runs: opts.runs,
            budgetMs: 3 * MINUTE,
            timeoutMs: 10 * MINUTE,
          },
          answers,
        ),
      );
      done(started);
    }
    await dropCorpus(HUNDRED_K);
  }

  if (parts.has('start') && answers.size > 0) {
    const started = section('Reference: the bare Node server, started the same way');
    results.bareStart = await benchBareStart(RUN_DIR, answers, opts.runs);
    done(started);
  }
}

// ---------------------------------------------------------------------------------------------
// Cleanup in every case: normal end, error, Ctrl+C

let cleaning: Promise<void> | undefined;
let interrupted = false;
let keep = false;

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await stopAll();
    if (!keep) await rm(RUN_DIR, { recursive: true, force: true, maxRetries: 5 });
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(
      `\n${signal}: stopping every process the benchmark started and removing its files.`,
    );
    void cleanup().finally(() => process.exit(130));
  });
}
process.once('exit', () => {
  killAllNow();
  // Again, synchronously: files the run was still writing during the cleanup go too.
  if (!keep) rmSync(RUN_DIR, { recursive: true, force: true, maxRetries: 5 });
});

async function report(opts: Options, results: Results): Promise<void> {
  const { markdown, targets } = table(results);
  console.log(`\n## Results, ${results.startedAt}\n\n\`${results.command}\`\n`);
  console.log(results.environment.map((line) => `- ${line}`).join('\n'));
  console.log(`\n${markdown}\n`);
  console.log(targetSummary(targets));
  if (results.notes.length > 0)
    console.log(`\nNotes:\n${results.notes.map((n) => `- ${n}`).join('\n')}`);
  const svg = chart(results);
  const chartFile = opts.complete ? CHART : join(WORK_DIR, 'performance-chart.svg');
  await mkdir(WORK_DIR, { recursive: true });
  await writeFile(chartFile, svg);
  await writeFile(join(WORK_DIR, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(
    `\nChart: ${chartFile.replace(REPO_ROOT, '')}; raw figures: bench/.work/results.json`,
  );
}

const started = performance.now();
const argv = process.argv.slice(2);
const results: Results = {
  startedAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  command:
    process.env.npm_lifecycle_event === 'bench'
      ? `npm run bench${argv.length > 0 ? ` -- ${argv.join(' ')}` : ''}`
      : `tsx bench/compare.ts${argv.length > 0 ? ` ${argv.join(' ')}` : ''}`,
  environment: [],
  builds: [],
  serve: undefined,
  starts: [],
  bareStart: undefined,
  reloads: [],
  notes: [],
};
try {
  const opts = options(argv);
  keep = opts.keep;
  try {
    await main(opts, results);
  } catch (cause) {
    if (interrupted) throw cause;
    // What was measured before the failure is still reported.
    console.error(`\n${cause instanceof Error ? cause.message : String(cause)}`);
    process.exitCode = 1;
  }
  await report(opts, results);
  console.log(`Total time: ${formatMs(performance.now() - started)}.`);
} catch (cause) {
  if (!interrupted) {
    console.error(cause instanceof Error ? cause.message : cause);
    process.exitCode = 1;
  }
} finally {
  await cleanup();
}
