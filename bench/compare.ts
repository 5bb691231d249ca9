// Benchmark: Folio against Hugo, Eleventy and Hexo (full builds, on the RAM disk and on the real
// disk), against nginx and a bare Node server (serving), and Folio's own rebuilds, cold start,
// memory and live reload, on generated corpora of 1,000, 10,000 and 100,000 posts.
//
//   npm run build && npm run bench                   # everything, about 45 minutes on 2 cores
//   npm run bench -- --only build,serve --sizes 1k,10k
//
// Options:
//   --only PARTS   comma-separated: build, rebuild, serve, start (cold start and memory), reload
//   --sizes SIZES  comma-separated: 1k, 10k, 100k (builds and cold starts; rebuilds, serving and
//                  live reload run at 10k, or at the largest size given below it)
//   --media MEDIA  comma-separated: where the full builds write their sites, outputs and caches:
//                  ram (the RAM disk, when it has room) and disk (bench/.work/disk on the real
//                  disk, as on a laptop or CI runner); default both, alternating. Rebuilds always
//                  run on the disk
//   --runs N       timed runs per figure (default 3; one at 100k)
//   --seconds N    length of each load run (default 10, at most 10)
//   --keep         keep the run's folders (corpora, sites, outputs) for inspection
//   --report FILE  measure nothing: print the report of a saved results file (and write it into
//                  the docs if that run was complete)
//
// Installs what it compares on first use (Debian packages through apt-get, Node engines into
// bench/.engines/), and works on the RAM disk /dev/shm when it has room, in bench/.work/ otherwise;
// the disk variant of the builds and the rebuilds work in bench/.work/disk. Prints one Markdown
// table with PASS or MISS beside every target and saves the raw figures in bench/.work/; a complete
// run (every part, size and medium, at least 3 runs, 10 s loads) also writes the chart to
// docs/performance-chart.svg and its table into docs/performance.md. Exits 0 whatever the
// verdicts, 1 only when something broke.
import { existsSync, rmSync } from 'node:fs';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { writeCorpus } from './corpus.js';
import {
  benchBuilds,
  type BuildOptions,
  type BuildTools,
  folioOutDir,
  MEDIA,
  type Medium,
  MEDIUM_NAMES,
  type Place,
} from './lib/build.js';
import { chart } from './lib/chart.js';
import { writeRunInto } from './lib/docs.js';
import { buildOf, buildRss, buildTime, mediaOf, TEN_K } from './lib/figures.js';
import { checkBuilt, FOLIO_BIN } from './lib/folio.js';
import { killAllNow, LEFT_OUT_OF_ENV, run, settle, stopAll } from './lib/processes.js';
import { benchRebuilds } from './lib/rebuild.js';
import { benchReload } from './lib/reload.js';
import { report, type Results } from './lib/report.js';
import { benchServing } from './lib/serve.js';
import {
  chooseDisk,
  chooseScratch,
  engineBin,
  ensureDebian,
  ensureNpmEngine,
  npmEngine,
  REPO_ROOT,
  type Scratch,
  versionOf,
  WORK_DIR,
} from './lib/setup.js';
import { pageSet, verifyPages } from './lib/sites.js';
import { type Answers, benchBareStart, benchStart } from './lib/startup.js';
import { formatMs, formatPosts, formatRatio } from './lib/stats.js';

const PARTS = ['build', 'rebuild', 'serve', 'start', 'reload'] as const;
type Part = (typeof PARTS)[number];
const SIZES: Readonly<Record<string, number>> = { '1k': 1000, '10k': 10_000, '100k': 100_000 };
const HUNDRED_K = 100_000;
const MINUTE = 60_000;
/** What a run must have been for its figures to go into the docs. */
const COMPLETE = { runs: 3, seconds: 10 } as const;

const CHART = join(REPO_ROOT, 'docs', 'performance-chart.svg');
const DOCS = join(REPO_ROOT, 'docs', 'performance.md');
const RESULTS = join(WORK_DIR, 'results.json');

interface Options {
  readonly parts: ReadonlySet<Part>;
  readonly sizes: readonly number[];
  /** Where the full builds run. */
  readonly media: readonly Medium[];
  readonly runs: number;
  readonly seconds: number;
  readonly keep: boolean;
  /** A saved results file to report on instead of measuring. */
  readonly report: string | undefined;
  readonly complete: boolean;
}

function options(argv: readonly string[]): Options {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      only: { type: 'string' },
      sizes: { type: 'string' },
      media: { type: 'string' },
      runs: { type: 'string' },
      seconds: { type: 'string' },
      keep: { type: 'boolean' },
      report: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(
      'Usage: npm run bench -- [--only build,rebuild,serve,start,reload] [--sizes 1k,10k,100k] [--media ram,disk] [--runs N] [--seconds N] [--keep]\n' +
        '       npm run bench -- --report bench/.work/results.json',
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
  const media = (values.media ?? MEDIA.join(',')).split(',').map((name) => {
    const medium = name.trim();
    if (!MEDIA.includes(medium as Medium)) {
      throw new Error(`unknown medium "${name}" (${MEDIA.join(', ')})`);
    }
    return medium as Medium;
  });
  const runs = Number(values.runs ?? COMPLETE.runs);
  const seconds = Number(values.seconds ?? COMPLETE.seconds);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number ≥ 1');
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 10) {
    throw new Error('--seconds takes a whole number from 1 to 10');
  }
  const sorted = [...new Set(sizes)].sort((a, b) => a - b);
  return {
    parts,
    sizes: sorted,
    media: MEDIA.filter((medium) => media.includes(medium)),
    runs,
    seconds,
    keep: values.keep ?? false,
    report: values.report,
    complete:
      parts.size === PARTS.length &&
      sorted.length === Object.keys(SIZES).length &&
      MEDIA.every((medium) => media.includes(medium)) &&
      runs >= COMPLETE.runs &&
      seconds === COMPLETE.seconds,
  };
}

// ---------------------------------------------------------------------------------------------
// The run's folder: on the RAM disk when it has room

// Bytes per post on the scratch disk at once, from the sizes of earlier runs' folders with room to
// spare: at 1k and 10k the corpus, three engines' copies of it and four outputs (Folio's with its
// .br and .gz files); at 100k the corpus and Folio's output only.
const BYTES_PER_POST_SMALL = 240_000;
const BYTES_PER_POST_100K = 80_000;

function scratchNeeded(opts: Options): number {
  const small = opts.sizes.filter((posts) => posts < HUNDRED_K);
  const smallBytes = small.reduce((sum, posts) => sum + posts, 0) * BYTES_PER_POST_SMALL;
  return Math.max(smallBytes, opts.sizes.includes(HUNDRED_K) ? HUNDRED_K * BYTES_PER_POST_100K : 0);
}

let scratch: Scratch | undefined;
/** The folder on the real disk, for the disk variant of the builds and the rebuilds. */
let disk: Scratch | undefined;

function runDir(): string {
  if (!scratch) throw new Error('the run has no folder yet');
  return scratch.dir;
}

function diskDir(): string {
  if (!disk) throw new Error('the run has no folder on the disk');
  return disk.dir;
}

/**
 * Where the full builds run, one place per medium asked for. When the scratch folder is not on the
 * RAM disk, it is on the disk already, and the RAM-disk variant is left out.
 */
function placesFor(media: readonly Medium[]): Place[] {
  const places: Place[] = [];
  if (media.includes('ram') && scratch?.onRamDisk) places.push({ medium: 'ram', work: runDir() });
  if (media.includes('disk') && disk) places.push({ medium: 'disk', work: disk.dir });
  return places;
}

// ---------------------------------------------------------------------------------------------
// Corpora, written once per run and shared by the parts

const corpora = new Map<number, Promise<string>>();

function corpus(posts: number): Promise<string> {
  let dir = corpora.get(posts);
  if (!dir) {
    dir = (async () => {
      const path = join(runDir(), `corpus-${posts}`);
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

/** Removes a corpus and Folio's export of it, then lets the disk settle. */
async function dropCorpus(posts: number): Promise<void> {
  corpora.delete(posts);
  await rm(join(runDir(), `corpus-${posts}`), { recursive: true, force: true });
  await rm(dirname(folioOutDir(runDir(), posts)), { recursive: true, force: true });
  await settle();
}

/** Folio's static export of a corpus: the build part's last output, or a build made now. */
async function folioExport(posts: number): Promise<string> {
  const outDir = folioOutDir(runDir(), posts);
  const corpusDir = await corpus(posts);
  if (!existsSync(join(outDir, 'index.html'))) {
    console.log(`Building Folio's export of the ${formatPosts(posts)} corpus for nginx …`);
    const result = await run(process.execPath, [FOLIO_BIN, 'build', corpusDir, '--out', outDir], {
      cwd: REPO_ROOT,
      timeoutMs: 60 * MINUTE,
    });
    if (result.code !== 0) throw new Error(`folio build failed:\n${result.stderr}`);
    await settle();
  }
  await verifyPages(outDir, pageSet(posts));
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
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
  const lines = [
    `${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, ${process.platform}; load average ${load} at the start`,
    `Node ${process.version}; Folio at ${commit.stdout.trim()}${dirty.stdout.trim() ? ' with uncommitted changes in src/' : ''}`,
  ];
  const leftOut = LEFT_OUT_OF_ENV.filter((name) => process.env[name] !== undefined);
  if (leftOut.length > 0) {
    lines.push(
      `${leftOut.join(', ')} left out of every engine's environment, as on a blogger's machine`,
    );
  }
  if (scratch) lines.push(scratch.description);
  if (disk) lines.push(disk.description);
  if (parts.has('build')) {
    lines.push(
      `folio build without --threads (its default for the site's size), on ${availableParallelism()} CPUs`,
    );
    if (tools.hugo) lines.push(await versionOf(tools.hugo, ['version']));
    for (const name of ['eleventy', 'hexo'] as const) {
      const packages = Object.entries(npmEngine(name).packages).map(([p, v]) => `${p}@${v}`);
      lines.push(`${name === 'hexo' ? 'Hexo' : 'Eleventy'}: ${packages.join(' ')}`);
    }
  }
  if (parts.has('serve')) {
    if (tools.nginx) lines.push(await versionOf(tools.nginx, ['-v']));
    if (tools.wrk) lines.push((await versionOf(tools.wrk, ['-v'])).replace(/ \[.*$/, ''));
  }
  return lines;
}

/** Prints how the 100k build compares with the 10k one on each medium, against ≤ 11×. */
function printScale(results: Results): void {
  for (const medium of mediaOf(results.builds)) {
    const tenK = buildOf(results.builds, 'folio', TEN_K, medium);
    const hundredK = buildOf(results.builds, 'folio', HUNDRED_K, medium);
    if (!tenK || !hundredK) continue;
    const time = buildTime(hundredK) / buildTime(tenK);
    const rss = buildRss(hundredK) / buildRss(tenK);
    const verdict = (ratio: number): string =>
      Number.isFinite(ratio) ? (ratio <= 11 ? 'PASS' : 'MISS') : 'not measured';
    console.log(
      `  100k ÷ 10k, ${MEDIUM_NAMES[medium]}: time ${formatRatio(time)} (≤ 11×: ${verdict(time)}), peak RSS ${formatRatio(rss)} (≤ 11×: ${verdict(rss)})`,
    );
  }
}

async function main(opts: Options, results: Results): Promise<void> {
  const note = await checkBuilt();
  if (note) {
    console.log(note);
    results.notes.push(note);
  }
  const { parts, sizes } = opts;
  const smallSizes = sizes.filter((posts) => posts < HUNDRED_K);
  const mainSize = smallSizes.includes(TEN_K) ? TEN_K : smallSizes.at(-1);

  // Tools first, so that a missing one stops the run before anything is measured.
  const tools: Partial<Record<string, string>> = {};
  if (parts.has('build') || parts.has('rebuild')) {
    tools.time = await ensureDebian('time');
  }
  if (parts.has('build')) {
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
  scratch = await chooseScratch(scratchNeeded(opts));
  if ((parts.has('build') && opts.media.includes('disk')) || parts.has('rebuild')) {
    disk = await chooseDisk();
  }
  const places = placesFor(opts.media);
  if (parts.has('build') && opts.media.includes('ram') && !scratch.onRamDisk) {
    const note = 'the RAM disk had no room for this run: the full builds ran on the disk only';
    console.log(note);
    results.notes.push(note);
  }
  results.environment.push(...(await environment(parts, tools)));
  console.log(results.environment.map((line) => `  ${line}`).join('\n'));

  // What an interrupted run left goes first, outside any timing.
  for (const dir of [runDir(), disk?.dir]) {
    if (!dir) continue;
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
  }
  const buildTools: BuildTools = { time: tools.time ?? '/usr/bin/time', hugo: tools.hugo };
  /** Prints a section's title, does its work, then prints how long it took. */
  const section = async (title: string, work: () => Promise<void>): Promise<void> => {
    console.log(`\n${title}`);
    const started = performance.now();
    await work();
    console.log(`  (${formatMs(performance.now() - started)})`);
  };
  type Rounds = Pick<BuildOptions, 'engines' | 'rounds' | 'budgetMs' | 'checkFirst' | 'timeoutMs'>;
  const build = async (posts: number, rounds: Rounds): Promise<void> => {
    const corpusDir = await corpus(posts);
    results.builds.push(
      ...(await benchBuilds({ posts, corpusDir, places, tools: buildTools, ...rounds })),
    );
  };
  /** Removes Folio's outputs of a size from every place but the one nginx may serve. */
  const dropOutputs = async (posts: number, keepServed: boolean): Promise<void> => {
    for (const { medium, work } of places) {
      if (keepServed && medium === 'ram' && work === runDir()) continue;
      await rm(dirname(folioOutDir(work, posts)), { recursive: true, force: true });
    }
  };
  const rebuilds = (posts: number): Promise<void> =>
    section(`Rebuilds, ${formatPosts(posts)} posts (Folio only, on the disk)`, async () => {
      results.rebuild = await benchRebuilds({
        posts,
        corpusDir: await corpus(posts),
        work: diskDir(),
        tools: buildTools,
        rounds: opts.runs,
        timeoutMs: 30 * MINUTE,
      });
      results.notes.push(...results.rebuild.notes);
    });
  // At 10k, or the largest size given.
  const rebuildSize = mainSize ?? sizes.at(-1);
  const answers: Answers = new Map();
  const coldStart = (posts: number, budgetMs: number): Promise<void> =>
    section(`Cold start and memory, ${formatPosts(posts)} posts`, async () => {
      const corpusDir = await corpus(posts);
      const options = { posts, corpusDir, runs: opts.runs, budgetMs, timeoutMs: 10 * MINUTE };
      results.starts.push(await benchStart(options, answers));
    });

  if (parts.has('build')) {
    for (const posts of smallSizes) {
      const where = places.map((place) => MEDIUM_NAMES[place.medium]).join(' and ');
      await section(`Full builds, ${formatPosts(posts)} posts, on the ${where}`, async () => {
        await build(posts, {
          engines: ['folio', 'hugo', 'eleventy', 'hexo'],
          rounds: opts.runs,
          budgetMs: (posts >= TEN_K ? 20 * MINUTE : 8 * MINUTE) * places.length,
          checkFirst: posts === smallSizes[0],
          timeoutMs: 30 * MINUTE,
        });
        // Only the 10k export on the RAM disk is served later.
        await dropOutputs(posts, posts === mainSize);
        await settle();
      });
    }
  }

  if (parts.has('rebuild') && rebuildSize !== undefined && rebuildSize < HUNDRED_K) {
    await rebuilds(rebuildSize);
  }

  if (parts.has('serve') && mainSize !== undefined) {
    const title = `Serving, ${formatPosts(mainSize)} posts: wrk, 64 connections, ${opts.seconds} s per run`;
    await section(title, async () => {
      results.serve = await benchServing({
        posts: mainSize,
        corpusDir: await corpus(mainSize),
        exportDir: await folioExport(mainSize),
        work: runDir(),
        wrk: tools.wrk as string,
        nginx: tools.nginx as string,
        brotliModule: tools.brotli,
        rounds: opts.runs,
        seconds: opts.seconds,
        warmUpSeconds: 2,
      });
      results.notes.push(...results.serve.notes);
    });
  }

  if (parts.has('start')) {
    for (const posts of smallSizes) await coldStart(posts, 5 * MINUTE);
  }

  if (parts.has('reload') && mainSize !== undefined) {
    for (const posts of new Set([1000, mainSize])) {
      await section(`Live reload under serve --watch, ${formatPosts(posts)} posts`, async () => {
        const corpusDir = await corpus(posts);
        const options = { posts, corpusDir, warmUpRounds: 2, rounds: 15, timeoutMs: 10 * MINUTE };
        results.reloads.push(await benchReload(options));
      });
    }
  }

  const rebuildAt100k = parts.has('rebuild') && rebuildSize === HUNDRED_K;
  if (sizes.includes(HUNDRED_K) && (parts.has('build') || parts.has('start') || rebuildAt100k)) {
    // Done with the smaller corpora and exports: their room goes to the 100k ones.
    await dropCorpus(TEN_K);
    await dropCorpus(1000);
    if (parts.has('build')) {
      const where = places.map((place) => MEDIUM_NAMES[place.medium]).join(' and ');
      await section(`Full build, 100k posts (Folio only), on the ${where}`, async () => {
        const tenKMs = Math.max(
          ...mediaOf(results.builds).map((m) =>
            buildTime(buildOf(results.builds, 'folio', TEN_K, m)),
          ),
        );
        // Room to measure a miss as well as a pass (11× the 10k time is the target), with a bound
        // for a build that would never end.
        const timeoutMs = Number.isFinite(tenKMs)
          ? Math.min(Math.max(25 * tenKMs, 15 * MINUTE), 45 * MINUTE)
          : 45 * MINUTE;
        console.log(`  (stopped if it takes more than ${Math.round(timeoutMs / MINUTE)} minutes)`);
        const rounds = { rounds: 1, budgetMs: 0, checkFirst: false, timeoutMs };
        await build(HUNDRED_K, { engines: ['folio'], ...rounds });
        printScale(results);
        await dropOutputs(HUNDRED_K, false);
        await settle();
      });
    }
    if (rebuildAt100k) await rebuilds(HUNDRED_K);
    if (parts.has('start')) await coldStart(HUNDRED_K, 3 * MINUTE);
    await dropCorpus(HUNDRED_K);
  }

  if (parts.has('start') && answers.size > 0) {
    await section('Reference: the bare Node server, started the same way', async () => {
      results.bareStart = await benchBareStart(runDir(), answers, opts.runs);
    });
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
    for (const folder of [scratch, disk]) {
      if (folder && !keep) await rm(folder.dir, { recursive: true, force: true, maxRetries: 5 });
      if (folder && keep) console.log(`Kept the run's folder: ${folder.dir}`);
    }
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
  // Again, synchronously: files the run was still writing during the cleanup go too (on the RAM
  // disk, they would hold memory until the next boot).
  for (const folder of [scratch, disk]) {
    if (folder && !keep) rmSync(folder.dir, { recursive: true, force: true, maxRetries: 5 });
  }
});

// ---------------------------------------------------------------------------------------------
// The report

async function publish(results: Results): Promise<void> {
  const { run: header, table, targets, notes } = report(results);
  console.log(`\n## Results\n\n${header}\n\n${table}\n\n${targets}`);
  if (notes) console.log(`\nNotes:\n${notes}`);
  await mkdir(WORK_DIR, { recursive: true });
  const stamp = results.startedAt.replace(/[:]/g, '-');
  const saved = join(WORK_DIR, `results-${stamp}.json`);
  await writeFile(saved, `${JSON.stringify(results, null, 2)}\n`);
  await copyFile(saved, RESULTS);
  const svg = chart(results);
  if (results.complete) {
    await writeFile(CHART, svg);
    await writeRunInto(DOCS, results);
    console.log(
      `\nWrote the chart to docs/performance-chart.svg and the run into docs/performance.md; raw figures: ${saved.replace(REPO_ROOT, '')}`,
    );
  } else {
    const chartFile = join(WORK_DIR, 'performance-chart.svg');
    await writeFile(chartFile, svg);
    console.log(
      `\nNot a complete run (every part, size and medium, ${COMPLETE.runs}+ runs, ${COMPLETE.seconds} s loads, nothing broken): the docs are left as they are.\nChart: ${chartFile.replace(REPO_ROOT, '')}; raw figures: ${saved.replace(REPO_ROOT, '')}`,
    );
  }
}

const started = performance.now();
const argv = process.argv.slice(2);
const results: Results = {
  startedAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  command:
    process.env.npm_lifecycle_event === 'bench'
      ? `npm run bench${argv.length > 0 ? ` -- ${argv.join(' ')}` : ''}`
      : `npx tsx bench/compare.ts${argv.length > 0 ? ` ${argv.join(' ')}` : ''}`,
  complete: false,
  totalMs: Number.NaN,
  environment: [],
  builds: [],
  serve: undefined,
  starts: [],
  bareStart: undefined,
  reloads: [],
  rebuild: undefined,
  notes: [],
};
try {
  const opts = options(argv);
  keep = opts.keep;
  if (opts.report) {
    const saved = JSON.parse(await readFile(resolve(opts.report), 'utf8')) as Results;
    await publish(saved);
  } else {
    let broke = false;
    try {
      await main(opts, results);
    } catch (cause) {
      if (interrupted) throw cause;
      broke = true;
      // What was measured before the failure is still reported.
      console.error(`\n${cause instanceof Error ? cause.message : String(cause)}`);
      process.exitCode = 1;
    }
    results.complete = opts.complete && !broke;
    results.totalMs = performance.now() - started;
    await publish(results);
  }
} catch (cause) {
  if (!interrupted) {
    console.error(cause instanceof Error ? cause.message : cause);
    process.exitCode = 1;
  }
} finally {
  await cleanup();
}
