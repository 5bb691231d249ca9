// Part 1: full builds. Every engine builds the same corpus from a clean state (no output, no
// cache) under `/usr/bin/time -v`; runs go round-robin over the engines so that a noisy moment of
// the machine hits them alike, and every run's output is checked for the expected page set. The
// previous output is removed before the clock starts (on the disk, set aside until every run is
// timed), followed by a sync and a pause, so that no run pays for the deletion of the one before.
// Each engine builds in one or two places: the run's scratch folder (the RAM disk when it has
// room) and a folder of the real disk, where a blogger's laptop or CI runner builds; runs
// alternate between the places as between the engines.
import { cp, mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { FOLIO_BIN } from './folio.js';
import { engineEnv, measure, setAside, settle } from './processes.js';
import { ENGINE_NAMES, type Engine, pageSet, verifyPages, writeEngineSite } from './sites.js';
import { engineBin, REPO_ROOT } from './setup.js';
import { formatBytes, formatMs, formatPosts } from './stats.js';

export interface BuildRun {
  readonly ms: number;
  /** Peak resident set size, in bytes. */
  readonly peakRss: number;
  /** Processes at once (threads do not count): above 1, peakRss is their sampled sum. */
  readonly processes?: number;
}

/** Where a build reads its site and writes its output, caches and temporary files. */
export type Medium = 'ram' | 'disk';
export const MEDIA: readonly Medium[] = ['ram', 'disk'];
export const MEDIUM_NAMES: Readonly<Record<Medium, string>> = { ram: 'RAM disk', disk: 'disk' };

/** A folder to build in, on one medium. */
export interface Place {
  readonly medium: Medium;
  readonly work: string;
}

export interface BuildResult {
  readonly posts: number;
  readonly engine: Engine;
  /** Absent in results saved before the disk variant: those ran in the scratch folder only. */
  readonly medium?: Medium;
  readonly runs: BuildRun[];
  /** Pages of the common page set found in the output (listing, categories, posts, feed). */
  pages?: number;
  /** Why there are fewer runs than asked for, or none. */
  failure?: string;
  /** The run that failed or was stopped, as far as it went. */
  failedRun?: BuildRun & { readonly stopped: boolean };
}

export interface BuildTools {
  readonly time: string;
  readonly hugo: string | undefined;
}

export interface Builder {
  readonly engine: Engine;
  readonly outDir: string;
  /** Files and folders removed before each run, so that every run starts clean. */
  readonly clean: readonly string[];
  /** The engine's TMPDIR, on the same disk as everything else it writes. */
  readonly tmpDir: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  /** The engine's own copy of the corpus, removed once its runs are done. */
  readonly siteDir?: string;
}

/** Where Folio's export of a corpus goes; its parent also holds what an interrupted build left. */
export function folioOutDir(work: string, posts: number): string {
  return join(work, 'out', `folio-${posts}`, 'site');
}

/**
 * How `engine` builds the corpus in `work`. Each other engine gets its own copy of the corpus
 * there; Folio reads the corpus where it is, or, with `copyCorpus`, a copy of it in `work`, so that
 * on the disk it reads and writes on the same disk as the others.
 */
export async function builderFor(
  engine: Engine,
  corpusDir: string,
  work: string,
  posts: number,
  tools: BuildTools,
  copyCorpus = false,
): Promise<Builder> {
  const tmpDir = join(work, 'tmp', engine);
  if (engine === 'folio') {
    const outDir = folioOutDir(work, posts);
    const siteDir = copyCorpus ? join(work, 'sites', `folio-${posts}`) : undefined;
    if (siteDir) {
      await rm(siteDir, { recursive: true, force: true });
      await cp(corpusDir, siteDir, { recursive: true });
    }
    return {
      engine,
      outDir,
      // The build stages its output beside outDir: a stopped run leaves that folder behind. The
      // site's .folio/ holds its caches of rendered bodies and resized images, which a build
      // from a clean state starts without, as every engine's own caches are removed.
      clean: [dirname(outDir), tmpDir, join(siteDir ?? corpusDir, '.folio')],
      tmpDir,
      command: process.execPath,
      args: [FOLIO_BIN, 'build', siteDir ?? corpusDir, '--out', outDir],
      cwd: REPO_ROOT,
      ...(siteDir ? { siteDir } : {}),
    };
  }
  const siteDir = join(work, 'sites', `${engine}-${posts}`);
  await writeEngineSite(engine, posts, siteDir);
  const { out, caches, command, args } = {
    // Hugo keeps its file cache in $TMPDIR/hugo_cache unless told otherwise.
    hugo: {
      out: 'public',
      caches: ['resources', '.hugo_build.lock'],
      command: tools.hugo,
      args: ['--quiet', '--source', siteDir],
    },
    eleventy: {
      out: '_site',
      caches: ['.cache'],
      command: process.execPath,
      args: [engineBin('eleventy'), '--quiet'],
    },
    // db.json is Hexo's cache of the parsed site: without it, a build starts from nothing.
    hexo: {
      out: 'public',
      caches: ['db.json'],
      command: process.execPath,
      args: [engineBin('hexo'), 'generate', '--silent'],
    },
  }[engine];
  if (!command) throw new Error(`${engine} is not installed`);
  const at = (name: string): string => join(siteDir, name);
  return {
    engine,
    outDir: at(out),
    clean: [at(out), ...caches.map(at), tmpDir],
    tmpDir,
    command,
    args,
    cwd: siteDir,
    siteDir,
  };
}

/** Times one build from a clean state, what the last run left removed (see `setAside`). */
async function buildOnce(
  builder: Builder,
  tools: BuildTools,
  work: string,
  timeoutMs: number,
): Promise<BuildRun> {
  for (const path of builder.clean) await setAside(path, asideIn(work));
  return timeBuild(builder, tools, work, timeoutMs);
}

/** Where the runs on the disk in `work` set aside what they left, until the last is timed. */
export const asideIn = (work: string): string => join(work, 'set-aside');

/**
 * Times one build of `builder` as it finds its folders (a clean state or a previous output), after
 * a sync and a pause; throws a BuildFailure when it fails or is stopped.
 */
export async function timeBuild(
  builder: Builder,
  tools: BuildTools,
  work: string,
  timeoutMs: number,
): Promise<BuildRun> {
  await mkdir(builder.tmpDir, { recursive: true });
  await settle();
  const result = await measure(tools.time, builder.command, builder.args, {
    cwd: builder.cwd,
    env: engineEnv({ TMPDIR: builder.tmpDir }),
    timeoutMs,
    reportFile: join(work, `time-${builder.engine}.txt`),
  });
  if (result.timedOut) {
    throw new BuildFailure(`stopped after ${formatMs(result.ms)}`, result.ms, result.peakRss, true);
  }
  if (result.code !== 0) {
    const output = `${result.stdout}\n${result.stderr}`.trim();
    const outOfMemory = /heap out of memory|Reached heap limit/.test(output);
    const last = output.split('\n').filter((line) => line.trim() && !/^\s*\d+: 0x/.test(line));
    const reason = outOfMemory
      ? 'ran out of JavaScript heap'
      : `exit code ${result.code ?? result.signal}: ${last.at(-1)?.trim() ?? ''}`;
    throw new BuildFailure(
      `${reason} after ${formatMs(result.ms)}`,
      result.ms,
      result.peakRss,
      false,
    );
  }
  return { ms: result.ms, peakRss: result.peakRss, processes: result.processes };
}

/** A run that did not end well: what was seen until then, a lower bound at best. */
export class BuildFailure extends Error {
  constructor(
    message: string,
    readonly ms: number,
    readonly peakRss: number,
    /** Stopped at its time limit (rather than failed). */
    readonly stopped: boolean,
  ) {
    super(message);
  }
}

export interface BuildOptions {
  readonly posts: number;
  readonly corpusDir: string;
  /** Where every engine builds, each in turn: one place or more. */
  readonly places: readonly Place[];
  readonly engines: readonly Engine[];
  readonly tools: BuildTools;
  /** Timed runs per engine at most. */
  readonly rounds: number;
  /** No new round starts once this much time has gone into this size's rounds. */
  readonly budgetMs: number;
  /** One untimed build per engine first, to check its output before timing it. */
  readonly checkFirst: boolean;
  readonly timeoutMs: number;
}

/**
 * Builds the corpus with every engine in every place, `rounds` times round-robin (each engine in
 * each place in turn, then the next engine); returns one result per engine and place.
 */
export async function benchBuilds(options: BuildOptions): Promise<BuildResult[]> {
  const { posts, corpusDir, tools } = options;
  const label = formatPosts(posts);
  const expected = pageSet(posts);
  const several = options.places.length > 1;
  const prepared: {
    builder: Builder | undefined;
    result: BuildResult;
    work: string;
    name: string;
  }[] = [];
  for (const engine of options.engines) {
    for (const { medium, work } of options.places) {
      const result: BuildResult = { posts, engine, medium, runs: [] };
      const name = `${ENGINE_NAMES[engine]}${several ? ` (${MEDIUM_NAMES[medium]})` : ''}`;
      try {
        const copy = medium === 'disk';
        const builder = await builderFor(engine, corpusDir, work, posts, tools, copy);
        prepared.push({ builder, result, work, name });
      } catch (cause) {
        result.failure = cause instanceof Error ? cause.message : String(cause);
        prepared.push({ builder: undefined, result, work, name });
      }
    }
  }

  if (options.checkFirst) {
    for (const { builder, result, work, name } of prepared) {
      if (!builder || result.failure) continue;
      try {
        await buildOnce(builder, tools, work, options.timeoutMs);
        result.pages = await verifyPages(builder.outDir, expected);
        console.log(`  ${label} ${name}: output checked, ${result.pages} pages`);
      } catch (cause) {
        result.failure = `check run: ${cause instanceof Error ? cause.message : String(cause)}`;
        console.log(`  ${label} ${name}: ${result.failure}`);
      }
    }
  }

  const started = performance.now();
  for (let round = 1; round <= options.rounds; round += 1) {
    const roundStarted = performance.now();
    for (const { builder, result, work, name } of prepared) {
      if (!builder || result.failure) continue;
      try {
        const run = await buildOnce(builder, tools, work, options.timeoutMs);
        result.pages = await verifyPages(builder.outDir, expected);
        result.runs.push(run);
        const summed = (run.processes ?? 1) > 1 ? ` over ${run.processes} processes` : '';
        console.log(
          `  ${label} ${name} run ${round}: ${formatMs(run.ms)}, peak ${formatBytes(run.peakRss)}${summed} (${result.pages} pages checked)`,
        );
      } catch (cause) {
        result.failure = cause instanceof Error ? cause.message : String(cause);
        if (cause instanceof BuildFailure) {
          result.failedRun = { ms: cause.ms, peakRss: cause.peakRss, stopped: cause.stopped };
        }
        console.log(`  ${label} ${name} run ${round}: ${result.failure}`);
      }
    }
    const elapsed = performance.now() - started;
    const roundMs = performance.now() - roundStarted;
    if (round < options.rounds && elapsed + roundMs > options.budgetMs) {
      console.log(
        `  ${label}: ${round} round(s) of ${options.rounds}; another would pass this size's budget of ${formatMs(options.budgetMs)}.`,
      );
      break;
    }
  }

  // The engines' sites (and Folio's copies of the corpus) are not needed any more; Folio's output
  // is (it is served next).
  for (const { builder } of prepared) {
    if (builder?.siteDir) await rm(builder.siteDir, { recursive: true, force: true });
  }
  for (const work of new Set(prepared.map(({ work }) => work))) {
    await rm(asideIn(work), { recursive: true, force: true });
  }
  return prepared.map(({ result }) => result);
}
