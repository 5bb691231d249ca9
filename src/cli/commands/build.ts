// CLI: `folio build` — writes the static site, changing the previous export only once the new one
// is complete, and then only the files whose bytes change; with `--watch`, again after each edit.
import { lstatSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CommitFailed, exportSite } from '../../delivery/static/export-site.js';
import { listPaths, OutputRefused } from '../../delivery/static/output-folder.js';
import { KeptLookers } from '../../delivery/static/output-look.js';
import { LastIndex } from '../../search/site-indexer.js';
import { watchBuilds } from '../../delivery/static/watch-build.js';
import { formatDiagnostic } from '../../diagnostics/diagnostic.js';
import { clockTime } from '../clock.js';
import { stopSignal } from '../stop-signal.js';
import type { ListedPostFiles } from '../../content/load-content.js';
import type { PostFilesResult } from '../../content/read-sources.js';
import { ProblemLog, summarize } from '../print-diagnostics.js';
import { count } from '../../text/count.js';
import { progressLine } from '../progress.js';
import { IMAGE_CACHE_DIR } from '../../load/image-store.js';

export interface BuildOptions {
  readonly out?: string | undefined;
  /** Replace the output folder even when it holds files no build wrote, deleting them. */
  readonly clean?: boolean | undefined;
  /** Build the output whole, even when its manifest would let the build write only changes. */
  readonly full?: boolean | undefined;
  /** Worker threads; by default as many as the site's size pays for. */
  readonly threads?: number | undefined;
  /** Write `.br` and `.gz` forms beside text files, whatever the config says. */
  readonly precompress?: boolean | undefined;
  /** Build again after each change to the site folder, until stopped (Ctrl+C). */
  readonly watch?: boolean | undefined;
}

/**
 * How one build ended — written, not written for the site's problems, refused, or failed — and
 * the post files as it listed them, for the next build of a watch.
 */
interface BuildEnd {
  readonly end: 'built' | 'not built' | 'refused' | 'failed';
  /** For a refusal, whether it may not hold for the next build (see `OutputRefused.passing`). */
  readonly passing?: boolean;
  /** For a refusal, the files no build wrote that it named (see `OutputRefused.foreign`). */
  readonly foreign?: readonly string[];
  readonly listing?: PostFilesResult | undefined;
}

export async function buildCommand(siteDir: string, options: BuildOptions = {}): Promise<number> {
  if (options.watch !== true) return (await buildOnce(siteDir, options)).end === 'built' ? 0 : 1;
  const lookers = new KeptLookers();
  const lastIndex = new LastIndex();
  const problems = new ProblemLog();
  const out = options.out ?? join(siteDir, 'dist');
  const outInside = relative(siteDir, out).split(/[\\/]/)[0];
  // Ctrl+C from the start: the first build, the longest, is let end too.
  const stopped = stopSignal();
  let refused: () => void = () => undefined;
  const refusal = new Promise<'refused'>((resolve) => (refused = () => resolve('refused')));
  let listing: PostFilesResult | undefined;
  let first = true;
  const stopWatching = watchBuilds({
    siteDir,
    ignore: outInside && outInside !== '..' ? [outInside] : [],
    build: async (changed) => {
      const listed = listing && changed ? { listing, changed } : undefined;
      // `--full` and `--clean` hold for the first build alone: a file that comes into the output
      // later is never deleted unseen, and each later build writes what its change altered.
      const later = { ...options, full: first && options.full, clean: first && options.clean };
      const built = await buildOnce(
        siteDir,
        { ...later, listed },
        { lookers, lastIndex, problems, first },
      );
      ({ listing } = built);
      if (first) {
        first = false;
        // A folder that holds files no build wrote is refused again until the author moves them.
        if (built.end === 'refused' && !built.passing) refused();
        else console.log('Watching for changes. Press Ctrl+C to stop.');
      }
      // Another build held the output, or files came in as this one ran: tried again shortly.
      // Files no build wrote: tried again once the author has moved them. Anything else waits
      // for the author's next change.
      if (built.end !== 'refused') return 'done';
      if (built.passing === true) return 'again';
      // Only files seen where the refusal named them can be seen to go: a name that does not
      // come back as it was listed (bytes that are not UTF-8) would seem gone at once, and the
      // watch would build and refuse again every second.
      const seen = (built.foreign ?? []).filter((file) => !isGone(file));
      return seen.length > 0 ? { ready: () => seen.every(isGone) } : 'done';
    },
    onFailure: (cause) => console.error(`${clockTime()} The build failed: ${String(cause)}`),
    onFoldersLost: (problem) =>
      console.error(
        `${clockTime()} ${formatDiagnostic(problem)}\n${out} stays as it is until the folder is back.`,
      ),
  });
  try {
    const ended = await Promise.race([stopped, refusal]);
    if (ended !== 'refused') {
      console.log(`\n${ended}: stopping once the build under way, if any, has ended.`);
    }
    await stopWatching();
    return ended === 'refused' ? 1 : 0;
  } finally {
    await lookers.close();
  }
}

/** What the builds of one watch share. */
interface Watching {
  readonly lookers: KeptLookers;
  readonly lastIndex: LastIndex;
  /** Prints each problem once while it stands, not at every build. */
  readonly problems: ProblemLog;
  /** Whether this is the watch's first build, told like a build of its own. */
  readonly first: boolean;
}

/** Builds the site once, telling what it did. */
async function buildOnce(
  siteDir: string,
  options: BuildOptions & { readonly listed?: ListedPostFiles | undefined },
  watching?: Watching,
): Promise<BuildEnd> {
  const started = performance.now();
  // A later build of a watch is told in a line of its own, timed, and with only what is new.
  const later = watching !== undefined && !watching.first;
  const prefix = later ? `${clockTime()} ` : '';
  const problems = watching?.problems ?? new ProblemLog();
  const out = options.out ?? join(siteDir, 'dist');
  const loading = progressLine('Loading posts');
  const writing = progressLine('Writing pages');
  const resizing = progressLine('Resizing images', 1);
  let loaded = false;
  try {
    const { diagnostics, bodyWarnings, summary, listing } = await exportSite({
      siteDir,
      outDir: out,
      clean: options.clean === true,
      full: options.full === true,
      threads: options.threads,
      precompress: options.precompress,
      lookers: watching?.lookers,
      lastIndex: watching?.lastIndex,
      listed: options.listed,
      onOutputPlanned: ({ foreign, fullBuild }) => {
        if (fullBuild) console.log(`Full build: ${fullBuild}`);
        if (foreign.length === 0) return;
        console.error(
          `--clean: once the build is complete, these files that folio build did not write go with the old ${out}:\n${listPaths(foreign)}`,
        );
      },
      onLoadProgress: loading.update,
      onLoaded: (found) => {
        loading.end();
        loaded = true;
        problems.add(found);
      },
      onImageProgress: (done, total) => {
        resizing.update(done, total);
        if (done === total) resizing.end();
      },
      onProgress: writing.update,
    });
    resizing.end();
    writing.end();
    if (!summary) {
      loading.end();
      problems.add(diagnostics);
      console.error(
        `\n${prefix}${summarize(diagnostics)}: nothing was built, and ${out} is as it was.${standingNote(problems.end(false).standing)}`,
      );
      return { end: 'not built', listing };
    }
    problems.add(bodyWarnings, 'rendering');
    const { standing } = problems.end();
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    const megabytes = (summary.bytes / 1_048_576).toFixed(1);
    const { resized, processed } = summary.images;
    const into = relative(process.cwd(), out) || '.';
    console.log(
      prefix +
        (summary.incremental
          ? `Built ${count(summary.documents, 'page')} into ${into} in ${seconds} s: ${count(summary.written, 'file')} written, ${summary.deleted} deleted, ${summary.files - summary.written} unchanged.`
          : `Built ${count(summary.documents, 'page')} (${count(summary.files, 'file')}, ${megabytes} MB) into ${into} in ${seconds} s.`) +
        standingNote(standing),
    );
    if (later ? processed > 0 : resized > 0) {
      console.log(
        `Images: ${count(resized, 'image')} in smaller sizes, ${processed} processed now, ${resized - processed} from ${relative(process.cwd(), join(siteDir, IMAGE_CACHE_DIR))}.`,
      );
    }
    return { end: 'built', listing };
  } catch (cause) {
    // What the build found before it stopped is not what a whole build finds.
    problems.abandon();
    if (!loaded) loading.end();
    writing.end();
    if (cause instanceof OutputRefused) {
      // A later build of a watch is tried again once the files are gone.
      const retried = later && cause.foreign.length > 0 ? ' It builds once they are gone.' : '';
      console.error(`${prefix}Nothing was built: ${cause.message}${retried}`);
      return { end: 'refused', passing: cause.passing, foreign: cause.foreign };
    }
    const after =
      cause instanceof CommitFailed
        ? `${out} holds part of the new build; the next folio build writes it whole.`
        : `${out} is as it was before.`;
    console.error(`${prefix}The build failed: ${buildError(cause)}\n${after}`);
    return { end: 'failed' };
  }
}

/**
 * Whether nothing stands at `file` any more. A path that cannot be looked at (a file now where
 * a folder on the way was, a folder that cannot be read) may still hold it.
 */
function isGone(file: string): boolean {
  try {
    lstatSync(file);
    return false;
  } catch (cause) {
    return (cause as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/** Said of the problems a build found that the one before it found too, and printed. */
function standingNote(standing: number): string {
  if (standing === 0) return '';
  return ` ${count(standing, 'problem')} shown before still ${standing === 1 ? 'stands' : 'stand'}.`;
}

function buildError(cause: unknown): string {
  const error = (cause instanceof CommitFailed ? cause.cause : cause) as NodeJS.ErrnoException;
  switch (error.code) {
    case 'ENOSPC':
      return `the disk is full (${error.path ?? ''}); free some space and build again.`;
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return `cannot write ${error.path ?? 'the output folder'}: ${error.code === 'EROFS' ? 'the file system is read-only' : 'permission denied'} (choose another --out, or fix the folder's permissions).`;
    default:
      return error.message;
  }
}
