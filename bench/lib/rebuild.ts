// Part: Folio's rebuilds, on the disk. A full build into a folder of the real disk, then three
// builds into the same folder over the output of the one before: with nothing changed, after one
// post's body changed, and after a config change that shows on every page (the site's title). Each
// is timed under `/usr/bin/time -v` as the full builds are. What a build did to the output is
// counted from a snapshot of the tree before and after it (path → size and mtime in ns): files
// written again, created and deleted. Every change is undone right after its build, so that each
// round starts from the same site, and every rebuild's output is checked for the change it had
// to show: a build that skipped it would be fast for nothing. Last, one `folio build --watch` is
// started on the same output, and each save of the post is timed from the write to the line the
// process prints once the output holds it, as an author waiting on it sees it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { corpusPost } from '../corpus.js';
import {
  asideIn,
  BuildFailure,
  type Builder,
  type BuildRun,
  type BuildTools,
  builderFor,
  type Medium,
  timeBuild,
} from './build.js';
import { engineEnv, setAside, settle } from './processes.js';
import { pageSet, verifyPages } from './sites.js';
import { formatBytes, formatCount, formatMs, formatPosts } from './stats.js';

export type RebuildKind = 'full' | 'unchanged' | 'post' | 'config' | 'watched';
export const REBUILD_KINDS: readonly RebuildKind[] = [
  'full',
  'unchanged',
  'post',
  'config',
  'watched',
];
export const REBUILD_NAMES: Readonly<Record<RebuildKind, string>> = {
  full: 'full build into an empty folder',
  unchanged: 'rebuild, nothing changed',
  post: "rebuild after one post's body changed",
  config: "rebuild after the site's title changed (every page)",
  watched: "folio build --watch, from saving one post's body to the line that says it is built",
};

/** Saves of the post timed in one `folio build --watch`, for each round of the other rebuilds. */
const WATCHED_SAVES_A_ROUND = 4;

/** What a build did to the output folder, from snapshots before and after it. */
export interface OutputChanges {
  /** Files there before and after, with another size or mtime. */
  readonly written: number;
  readonly created: number;
  readonly deleted: number;
  /**
   * Files of any of the three kinds whose name, or a folder's, begins with `.folio`: the build's
   * own records, which no reader is sent, counted apart from the others.
   */
  readonly records: number;
}

export interface RebuildRun extends BuildRun, OutputChanges {}

export interface RebuildResult {
  readonly posts: number;
  readonly medium: Medium;
  /** The post whose body the `post` rebuild changes, as a path in the site folder. */
  readonly changedPost: string;
  readonly runs: Record<RebuildKind, RebuildRun[]>;
  failure?: string;
  /** Rebuilds whose output did not show their change, and the like. */
  readonly notes: string[];
}

export interface RebuildOptions {
  readonly posts: number;
  readonly corpusDir: string;
  /** A folder on the disk; the part works in its rebuild/ and removes it at the end. */
  readonly work: string;
  readonly tools: BuildTools;
  readonly rounds: number;
  readonly timeoutMs: number;
}

/** Added to the end of the changed post: one more sentence of its last paragraph. */
const ADDED_SENTENCE = 'One sentence was added here to time a rebuild.';
const CHANGED_TITLE = 'Bench Notes Revised';

type Snapshot = ReadonlyMap<string, { readonly size: bigint; readonly mtimeNs: bigint }>;

/** Every file under `dir`, by its path relative to `dir`, with its size and mtime in ns. */
export function snapshot(dir: string): Snapshot {
  const files = new Map<string, { size: bigint; mtimeNs: bigint }>();
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const stats = statSync(join(dir, name), { bigint: true });
    if (stats.isFile()) files.set(name, { size: stats.size, mtimeNs: stats.mtimeNs });
  }
  return files;
}

function isRecord(path: string): boolean {
  return path.split(sep).some((part) => part.startsWith('.folio'));
}

/** What changed between two snapshots of the same folder. */
export function outputChanges(before: Snapshot, after: Snapshot): OutputChanges {
  let written = 0;
  let created = 0;
  let deleted = 0;
  let records = 0;
  const count = (path: string, add: () => void): void => {
    if (isRecord(path)) records += 1;
    else add();
  };
  for (const [path, now] of after) {
    const then = before.get(path);
    if (!then) count(path, () => (created += 1));
    else if (then.size !== now.size || then.mtimeNs !== now.mtimeNs)
      count(path, () => (written += 1));
  }
  for (const path of before.keys()) {
    if (!after.has(path)) count(path, () => (deleted += 1));
  }
  return { written, created, deleted, records };
}

interface Change {
  readonly kind: Exclude<RebuildKind, 'full'>;
  readonly apply: () => Promise<void>;
  readonly undo: () => Promise<void>;
  /** Whether the output shows the change. */
  readonly shown: () => Promise<boolean>;
}

/** Times Folio's full build and its three rebuilds on the disk, `rounds` times. */
export async function benchRebuilds(options: RebuildOptions): Promise<RebuildResult> {
  const { posts, tools, timeoutMs } = options;
  const work = join(options.work, 'rebuild');
  const label = `${formatPosts(posts)} Folio`;
  const middle = corpusPost(Math.floor(posts / 2));
  const result: RebuildResult = {
    posts,
    medium: 'disk',
    changedPost: middle.file,
    runs: { full: [], unchanged: [], post: [], config: [], watched: [] },
    notes: [],
  };
  try {
    const builder = await builderFor('folio', options.corpusDir, work, posts, tools, true);
    const site = builder.siteDir as string;
    const postFile = join(site, middle.file);
    const configFile = join(site, 'folio.config.yaml');
    const post = await readFile(postFile, 'utf8');
    const config = await readFile(configFile, 'utf8');
    if (!/^title: .*$/m.test(config)) throw new Error("the corpus' config has no title line");
    const page = (path: string): Promise<string> =>
      readFile(join(builder.outDir, path), 'utf8').catch(() => '');
    const changes: readonly Change[] = [
      {
        kind: 'unchanged',
        apply: () => Promise.resolve(),
        undo: () => Promise.resolve(),
        shown: () => Promise.resolve(true),
      },
      {
        kind: 'post',
        apply: () => writeFile(postFile, `${post.trimEnd()} ${ADDED_SENTENCE}\n`),
        undo: () => writeFile(postFile, post),
        shown: async () =>
          (await page(join('posts', middle.slug, 'index.html'))).includes(ADDED_SENTENCE),
      },
      {
        kind: 'config',
        apply: () =>
          writeFile(configFile, config.replace(/^title: .*$/m, `title: ${CHANGED_TITLE}`)),
        undo: () => writeFile(configFile, config),
        shown: async () => (await page('index.html')).includes(CHANGED_TITLE),
      },
    ];
    const log = (kind: RebuildKind, round: number, run: RebuildRun): void => {
      const records = run.records > 0 ? ` (+${formatCount(run.records)} .folio…)` : '';
      console.log(
        `  ${label} ${REBUILD_NAMES[kind]}, run ${round}: ${formatMs(run.ms)}, peak ${formatBytes(run.peakRss)}; ${formatCount(run.written)} written, ${formatCount(run.created)} created, ${formatCount(run.deleted)} deleted${records}`,
      );
    };
    for (let round = 1; round <= options.rounds; round += 1) {
      // Set aside, not deleted: see `setAside`. They go with `work` at the end.
      for (const path of builder.clean) await setAside(path, asideIn(work));
      const empty: Snapshot = new Map();
      const full = await timeBuild(builder, tools, work, timeoutMs);
      await verifyPages(builder.outDir, pageSet(posts));
      let before = snapshot(builder.outDir);
      const fullRun = { ...full, ...outputChanges(empty, before) };
      result.runs.full.push(fullRun);
      log('full', round, fullRun);
      for (const change of changes) {
        await change.apply();
        try {
          const run = await timeBuild(builder, tools, work, timeoutMs);
          const after = snapshot(builder.outDir);
          const rebuilt = { ...run, ...outputChanges(before, after) };
          result.runs[change.kind].push(rebuilt);
          log(change.kind, round, rebuilt);
          if (!(await change.shown())) {
            result.notes.push(
              `${REBUILD_NAMES[change.kind]}, run ${round}: the output did not show the change`,
            );
          }
          before = after;
        } finally {
          await change.undo();
        }
      }
    }
    const saves = Array.from({ length: options.rounds * WATCHED_SAVES_A_ROUND }, (_, i) =>
      i % 2 === 0 ? `${post.trimEnd()} ${ADDED_SENTENCE}\n` : post,
    );
    const postPage = join('posts', middle.slug, 'index.html');
    await watchedRebuilds(builder, postFile, saves, timeoutMs, async (i, run) => {
      result.runs.watched.push(run);
      log('watched', i + 1, run);
      // Every other save adds the sentence, and the one after takes it away.
      if ((await page(postPage)).includes(ADDED_SENTENCE) !== (i % 2 === 0)) {
        result.notes.push(`${REBUILD_NAMES.watched}, save ${i + 1}: the output did not show it`);
      }
    });
  } catch (cause) {
    result.failure = cause instanceof Error ? cause.message : String(cause);
    if (cause instanceof BuildFailure) result.failure = `a build ${result.failure}`;
    console.log(`  ${label} rebuilds: ${result.failure}`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return result;
}

/**
 * Starts `folio build --watch` on the builder's site and output, and writes each of `saves` into
 * `postFile` in turn, once the last is built: each run is the time from the write to the line
 * that says it is built, and what that build did to the output, handed to `onBuilt`. The peak RSS is the process's
 * own, from its start.
 */
async function watchedRebuilds(
  builder: Builder,
  postFile: string,
  saves: readonly string[],
  timeoutMs: number,
  /** Called once each save is built, before the next is written. */
  onBuilt: (save: number, run: RebuildRun) => Promise<void>,
): Promise<void> {
  const child = spawn(builder.command, [...builder.args, '--watch'], {
    cwd: builder.cwd,
    env: engineEnv({ TMPDIR: builder.tmpDir }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let waiting: { readonly test: () => boolean; readonly resolve: () => void } | undefined;
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (waiting?.test()) waiting.resolve();
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const closed = once(child, 'close');
  const until = (test: () => boolean, what: string): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`folio build --watch: no ${what}`)),
        timeoutMs,
      );
      const done = (): void => {
        clearTimeout(timer);
        waiting = undefined;
        resolve();
      };
      waiting = { test, resolve: done };
      if (test()) done();
      void closed.then(() => reject(new Error(`folio build --watch stopped: ${stderr.trim()}`)));
    });
  const built = (): number => stdout.match(/^\d\d:\d\d:\d\d Built /gm)?.length ?? 0;
  try {
    await until(() => stdout.includes('Watching for changes'), 'first build');
    for (const [i, text] of saves.entries()) {
      await settle();
      const before = snapshot(builder.outDir);
      const count = built();
      const started = performance.now();
      const seen = until(() => built() > count, 'build after a save');
      await writeFile(postFile, text);
      await seen;
      const ms = performance.now() - started;
      const after = snapshot(builder.outDir);
      await onBuilt(i, { ms, peakRss: peakRssOf(child.pid), ...outputChanges(before, after) });
    }
  } finally {
    child.kill('SIGINT');
    await closed;
  }
}

/** The peak resident set size of a running process, in bytes, as Linux reports it. */
function peakRssOf(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1]) * 1024;
  } catch {
    return Number.NaN;
  }
}
