// Deliver: the static export — writes every document the site generates as the server's core
// renders it, so the exported site is, by construction, the site the server serves. A large
// site is shared out between worker threads, each loading the site for itself and taking batches
// of post pages as it finishes the last, so that every core stays busy to the end. An output
// folder a build of this Folio wrote before gets only the files whose bytes change, and is
// brought up to date on this thread alone unless many documents are to be rendered.
import { existsSync, mkdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { namedUnder, realSiteFolder } from '../../load/site-folder.js';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  countPostFiles,
  listStaticFiles,
  type PostFilesResult,
} from '../../content/read-sources.js';
import type { ListedPostFiles } from '../../content/load-content.js';
import { STATIC_DIR } from '../../content/site-layout.js';
import { servedBesidePost } from '../../site/routes.js';
import type { KnownTerms } from '../../search/search-index.js';
import { entryFileNumber, type SearchFiles } from '../../search/shards.js';
import {
  type BatchNumbers,
  type FinishedFiles,
  type LastIndex,
  type SearchFile,
  SiteIndexer,
} from '../../search/site-indexer.js';
import type { Redirect } from '../../site/build-site.js';
import {
  formatDiagnostic,
  hasErrors,
  sortDiagnostics,
  type Diagnostic,
} from '../../diagnostics/diagnostic.js';
import { DocumentWriter, fileOf, stagedName, type WrittenFile } from './document-writer.js';
import { ImageStore, resizableImages } from '../../load/image-store.js';
import { variantPath } from '../../content/responsive-image.js';
import { postBatches, weighedBatches } from './batches.js';
import type {
  ExportShard,
  ListedPost,
  ShardOptions,
  ShardOutput,
  ShardPlan,
  WrittenBatch,
} from './export-shard.js';
import { POSTS_FOR_THREADS, ThreadShard, threadsFor, type Shard } from './thread-shard.js';
import {
  checkOutputPath,
  OutputRefused,
  planOutput,
  writeMarker,
  type OutputFolder,
  inTheWay,
  lookThrough,
  type OutputLook,
} from './output-folder.js';
import { type KeptLookers, OutputLooker } from './output-look.js';
import { lockOutput } from './output-lock.js';
import {
  agreedFrame,
  COMMIT_FILE,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  readManifest,
  rememberManifest,
  STAGING_PREFIX,
  writeManifest,
  type DocumentFrame,
  type DocumentRecord,
  type Manifest,
  type ManifestEntry,
} from './build-manifest.js';
import { loadConfig } from '../../config/load-config.js';
import {
  compactBodyCache,
  forgetOtherRenderers,
  rendererFingerprint,
} from '../../load/body-cache.js';
import { listSizes, SegmentCache } from '../../load/segment-cache.js';
import { removeAbandonedFolders } from '../../load/site-cache.js';
import { BodyFactsCache } from '../../load/body-facts.js';
import { folioVersion } from '../../load/folio-package.js';
import { readParts } from './read-share.js';

const REDIRECTS_FILE = '_redirects';

export interface ExportOptions {
  readonly siteDir: string;
  readonly outDir: string;
  /**
   * Replace an output folder even when it holds files no build wrote, deleting them with the old
   * output; without it such a folder is refused before anything is written (`OutputRefused`).
   */
  readonly clean?: boolean;
  /**
   * Build the whole output anew and swap it in, even when its manifest would let the build write
   * only the files that change, and render every body anew rather than take it from the cache.
   */
  readonly full?: boolean;
  /** The version of Folio the manifest records, and trusts; by default this package's. */
  readonly version?: string;
  /**
   * The lookers through output folders kept by a process that builds again and again, which
   * closes them; by default each build starts its own and closes it.
   */
  readonly lookers?: KeptLookers | undefined;
  /**
   * The post files as the last build of this process listed them (`ExportResult.listing`), and
   * the paths a watcher saw change since that build began: the build then lists the post files
   * from those paths rather than walk the folder (`folio build --watch`).
   */
  readonly listed?: ListedPostFiles | undefined;
  /**
   * The search index as the last build of this process left it, for a process that builds again
   * and again: what the changes leave as it was is taken up rather than joined and cut anew.
   */
  readonly lastIndex?: LastIndex | undefined;
  /** Called once the output folder is found fit to replace, before anything is loaded. */
  readonly onOutputPlanned?: (output: OutputFolder) => void;
  /** Worker threads to share the pages between; by default as many as the site's size pays for. */
  readonly threads?: number | undefined;
  /**
   * Into an output with a manifest, start with the site loaded on this thread alone, and start
   * `threads` less one worker threads only once `documents` documents at least are found to
   * render. By default so when `threads` is not set and the site's size pays for threads: as many
   * as it pays for, once as many documents as its posts would need threads for.
   */
  readonly startAlone?: { readonly threads: number; readonly documents: number } | undefined;
  /** Whether to write `.br` and `.gz` forms beside text files; by default as the config says. */
  readonly precompress?: boolean | undefined;
  /** The instant the export is taken at, epoch ms: posts scheduled later stay out. */
  readonly now?: number;
  /** Called as posts are loaded: how many of how many. */
  readonly onLoadProgress?: (done: number, total: number) => void;
  /** Called once the site is loaded, with its problems, before anything is written. */
  readonly onLoaded?: (diagnostics: readonly Diagnostic[]) => void;
  /** Called as documents are written: how many of how many are done. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Called as images are resized or found resized in the cache: how many of how many. */
  readonly onImageProgress?: (done: number, total: number) => void;
}

export interface ExportResult {
  /** Problems found on loading (those of `onLoaded`). */
  readonly diagnostics: readonly Diagnostic[];
  /** Warnings about links and images in bodies, found as pages were written. */
  readonly bodyWarnings: readonly Diagnostic[];
  /** Absent when the site has errors and nothing was written. */
  readonly summary: ExportSummary | undefined;
  /**
   * The post files as this build listed them on the exporting thread, for the next build of the
   * same process (`ExportOptions.listed`); none when only threads loaded the site.
   */
  readonly listing?: PostFilesResult | undefined;
}

export interface ExportSummary {
  /** Documents the site generates (pages, feeds, sitemap, theme files, the 404 page). */
  readonly documents: number;
  /** Files the output holds in all, static and precompressed ones included. */
  readonly files: number;
  /** The bytes of those files. */
  readonly bytes: number;
  /** Worker threads the pages were rendered on: none when on the exporting thread alone. */
  readonly threads: number;
  /** Whether the output was brought up to date file by file, rather than built whole. */
  readonly incremental: boolean;
  /** Files written now: all of them, in a whole build. */
  readonly written: number;
  /** Files of the build before that no longer are, deleted. */
  readonly deleted: number;
  /** The site's images that have smaller versions, and how many of them were processed now. */
  readonly images: { readonly resized: number; readonly processed: number };
}

/**
 * A build that failed while it put the new files in place: the output is part old, part new, and
 * the next build, seeing so, builds it whole.
 */
export class CommitFailed extends Error {
  override readonly name = 'CommitFailed';
}

/**
 * Writes the site into `outDir`, changing nothing there until every document is rendered: a
 * failure, or an error in the site, leaves the previous export exactly as it was. An output
 * folder that is not one a build wrote is refused before anything is written (see `planOutput`).
 * A folder whose manifest this build can trust gets only the files whose bytes change, staged
 * inside it and moved into place at the end; any other is written whole beside it and swapped in.
 */
export async function exportSite(given: ExportOptions): Promise<ExportResult> {
  // Every file of the site is known by a path under this one, however the folder was named: what
  // a build keeps for the next one is found again whether that one is run from inside the site
  // folder or from elsewhere, by a relative path, an absolute one or a link.
  const dir = await realSiteFolder(given.siteDir);
  // Problems name the site's files under the folder as the author named it all the same.
  const named = namedUnder(dir, given.siteDir);
  const { onLoaded } = given;
  const options: ExportOptions = {
    ...given,
    siteDir: dir,
    ...(onLoaded && { onLoaded: (diagnostics) => onLoaded(diagnostics.map(named)) }),
  };
  const url = loadConfig(options.siteDir).config?.url;
  const folio = options.version ?? folioVersion();
  const { node } = process.versions;
  // The shares load the site while another thread looks through the output folder: listing it
  // and looking at every file its manifest lists cost a large site's rebuild half a second.
  // Named as the author named it, in a refusal.
  const target = await checkOutputPath(given.siteDir, options.outDir);
  // Before the folder is looked at: what another build is changing cannot be judged.
  const lock = await lockOutput(target.path, options.outDir);
  let looker: OutputLooker | undefined;
  let loading: Loading | undefined;
  try {
    looker = target.exists
      ? (options.lookers?.lookerFor(target.path) ?? new OutputLooker(target.path))
      : undefined;
    const look = looker && awaitedLater(looker.look(!options.full));
    loading = await startLoading(options);
    const output = await planOutput(
      target,
      options.outDir,
      {
        folio,
        node,
        site: { dir, url },
        clean: options.clean === true,
        full: options.full === true,
      },
      look,
    );
    // Written only for a site without errors, whose config was read.
    const built: Built = { folio, node, site: { dir, url: url ?? '' } };
    options.onOutputPlanned?.(output);
    loading.report();
    await removeAbandonedFolders(dirname(output.path), `.${basename(output.path)}.building-`);
    await removeAbandonedFolders(output.path, STAGING_PREFIX);
    const result = await (output.previous
      ? exportChanges(options, output, output.previous, built, loading)
      : exportWhole(options, output.path, built, loading, looker));
    // A looker kept for the next build is handed the manifest this one wrote and remembered,
    // once this build has answered: copying it to the thread takes a few hundredths of a second.
    const kept = options.lookers && looker;
    if (kept && output.previous && result.summary) {
      const written = await readManifest(output.path);
      if ('manifest' in written) setImmediate(() => kept.remember(written.manifest, written.stamp));
    }
    return {
      ...result,
      listing: loading.listing(),
      diagnostics: result.diagnostics.map(named),
      bodyWarnings: result.bodyWarnings.map(named),
    };
  } finally {
    await loading?.close();
    if (loading?.renderer) compactBodyCache(options.siteDir, loading.renderer);
    if (!options.lookers) await looker?.close();
    await lock.release();
  }
}

/** The shares of an export, loading the site from the moment they are started. */
interface Loading {
  /** The shares loading the site, those that `alone.join` started included. */
  readonly shards: readonly Shard[];
  /**
   * The share on this thread, when the export started with it alone although the site is large
   * enough for threads: a build into an output a build wrote before mostly keeps the files it
   * holds, and threads pay for their start only when many documents are to be rendered.
   */
  readonly alone:
    | {
        readonly shard: ExportShard;
        /** How many documents to render make it worth starting the threads. */
        readonly joinAt: number;
        /** Starts the threads it was started without; answers them, not yet loading. */
        join(): Promise<Shard[]>;
      }
    | undefined;
  /** The code that renders (`rendererFingerprint`); none for a build that uses no cache. */
  readonly renderer: string | undefined;
  /** What each share found on loading. */
  readonly plans: Promise<ShardPlan[]>;
  /** Reports the loading's progress from now on: once what the build does was told. */
  report(): void;
  /** The post files as the share on this thread listed them, if there is one and it loaded. */
  listing(): PostFilesResult | undefined;
  close(): Promise<void>;
}

/** Starts the shares of an export, each loading the site. */
async function startLoading(options: ExportOptions): Promise<Loading> {
  // A build asked to write everything anew renders every body anew too.
  const renderer = options.full
    ? undefined
    : rendererFingerprint(options.version ?? folioVersion());
  const shardOptions: ShardOptions = {
    siteDir: options.siteDir,
    now: options.now ?? Date.now(),
    precompress: options.precompress,
    renderer,
  };
  const threadsForSite = async (): Promise<number> =>
    options.threads ?? threadsFor(await countPostFiles(options.siteDir, POSTS_FOR_THREADS));
  // An output with a manifest is likely one this build brings up to date, keeping most of it: it
  // starts alone, and counts the post files (a walk of the folder) only if threads are to join.
  const keeping = options.full !== true && existsSync(join(options.outDir, MANIFEST_FILE));
  const { startAlone } = options;
  const aloneUntil = !keeping
    ? undefined
    : startAlone
      ? { threads: () => Promise.resolve(startAlone.threads), documents: startAlone.documents }
      : options.threads === undefined
        ? { threads: threadsForSite, documents: POSTS_FOR_THREADS }
        : undefined;
  const threads = aloneUntil ? 1 : await threadsForSite();
  // The first share keeps what every share read for the next build.
  // The rendering code is loaded on this thread only when it renders: threads load it for
  // themselves, and start sooner for this thread not loading it first.
  const shards: Shard[] = [];
  const startThreads = async (count: number, first: boolean): Promise<Shard[]> => {
    const started: Shard[] = [];
    // Threads that start together split reading the post files; those that join a share already
    // loaded read them all.
    const parts = first && count > 1 ? readParts(count) : [];
    try {
      for (let i = 0; i < count; i++) {
        started.push(
          new ThreadShard({ ...shardOptions, keepsReads: first && i === 0, readPart: parts[i] }),
        );
      }
    } catch (cause) {
      // Threads already started would keep the process alive after the error is told.
      await Promise.all(started.map((shard) => shard.close()));
      throw cause;
    }
    shards.push(...started);
    return started;
  };
  let alone: ExportShard | undefined;
  if (threads <= 1 || aloneUntil) {
    const { ExportShard } = await import('./export-shard.js');
    alone = new ExportShard({ ...shardOptions, keepsReads: true, listed: options.listed });
    shards.push(alone);
  } else await startThreads(threads, true);
  let reporting = false;
  let last: readonly [number, number] | undefined;
  const progress = (done: number, total: number): void => {
    last = [done, total];
    if (reporting) options.onLoadProgress?.(done, total);
  };
  const plans = awaitedLater(
    Promise.all(shards.map((shard, i) => shard.load(i === 0 ? progress : undefined))),
  );
  return {
    shards,
    renderer,
    plans,
    alone:
      aloneUntil && alone
        ? {
            shard: alone,
            joinAt: aloneUntil.documents,
            join: async () => startThreads((await aloneUntil.threads()) - 1, false),
          }
        : undefined,
    listing: () => alone?.listing,
    report: () => {
      reporting = true;
      if (last) options.onLoadProgress?.(...last);
    },
    close: async () => {
      // A share on this thread is let finish its load, so that nothing runs on once the export
      // has answered; threads are stopped where they are.
      if (alone) await plans.catch(() => undefined);
      await Promise.all(shards.map((shard) => shard.close()));
    },
  };
}

/** What names a build's staging folder: its process, which tells whether it still runs. */
const stamp = (): string => `${process.pid}-${Date.now().toString(36)}`;

/** What a manifest says of the build that wrote it, besides its files. */
type Built = Pick<Manifest, 'folio' | 'node' | 'site'>;

/** Writes the whole site into a new folder beside `outDir` and swaps it in. */
async function exportWhole(
  options: ExportOptions,
  outDir: string,
  built: Built,
  loading: Loading,
  looker: OutputLooker | undefined,
): Promise<ExportResult> {
  const building = stamp();
  const staging = join(dirname(outDir), `.${basename(outDir)}.building-${building}`);
  const arrivals = arrivalsIn(outDir, options.clean === true, looker);
  try {
    const { files, documents, precompress, frame, ...result } = await writeSite(
      options,
      loading,
      staging,
      { unchanged: new Map(), documents: undefined, frame: undefined, flat: false },
      arrivals.start,
    );
    if (result.summary) {
      await writeMarker(staging, files.keys());
      await writeManifest(staging, manifestOf(built, { precompress, files, documents, frame }));
      await arrivals.refuse();
      await swapIn(staging, outDir, building);
    } else await rm(staging, { recursive: true, force: true });
    return result;
  } catch (cause) {
    await rm(staging, { recursive: true, force: true });
    throw cause;
  }
}

/**
 * Renders the whole site, writing into a folder inside `outDir` only the files whose bytes the
 * output lacks, then moves them into place and deletes the files of the last build that are
 * gone. Until every document is rendered and the site found free of errors, nothing in the output
 * changes.
 */
async function exportChanges(
  options: ExportOptions,
  output: OutputFolder,
  previous: Manifest,
  built: Built,
  loading: Loading,
): Promise<ExportResult> {
  const outDir = output.path;
  const staging = join(outDir, `${STAGING_PREFIX}${stamp()}`);
  try {
    const { files, documents, precompress, frame, ...result } = await writeSite(
      options,
      loading,
      staging,
      {
        unchanged: output.unchanged,
        documents: previous.documents,
        frame: previous.frame,
        flat: true,
      },
    );
    if (!result.summary) {
      await rm(staging, { recursive: true, force: true });
      return result;
    }
    const next = manifestOf(built, { precompress, files, documents, frame });
    const staged = [...files.values()].filter(({ written }) => written).map(({ path }) => path);
    const gone = [...previous.files.keys()].filter((path) => !next.files.has(path));
    // What came in since the look that began the build is left alone unless it is in the way.
    if (options.clean !== true)
      refuseArrivals(outDir, inTheWay(outDir, previous.files, staged, gone));
    const deleted = await commit(outDir, staging, {
      next,
      staged,
      gone,
      remembered: options.lookers !== undefined,
    });
    return { ...result, summary: { ...result.summary, incremental: true, deleted } };
  } catch (cause) {
    await rm(staging, { recursive: true, force: true });
    throw cause;
  }
}

function manifestOf(
  built: Built,
  written: Pick<WrittenSite, 'precompress' | 'files' | 'documents' | 'frame'>,
): Manifest {
  const { precompress, files, documents, frame } = written;
  const made = new Map<string, DocumentRecord>();
  for (const [path, document] of documents) {
    // Only a document whose files all stay is kept whole next time.
    if (document.files.every((file) => files.has(file))) made.set(path, document);
  }
  return {
    format: MANIFEST_FORMAT,
    ...built,
    precompress,
    files,
    documents: made,
    ...(frame ? { frame } : {}),
  };
}

/**
 * Puts the files staged in `staging` into `outDir` and deletes those of the last build that are
 * gone; answers how many were deleted. The next manifest is written first, under a name of its
 * own, so that a stop half-way is seen by the next build, which then builds the folder whole; it
 * takes the manifest's name last.
 */
async function commit(
  outDir: string,
  staging: string,
  change: {
    readonly next: Manifest;
    /** The files written into `staging`. */
    readonly staged: readonly string[];
    /** The files of the last build that the next one does not have. */
    readonly gone: readonly string[];
    /**
     * Whether this process builds into the folder again (`folio build --watch`), and so keeps the
     * manifest it wrote rather than read it back: a copy of 13,000 entries a process that exits
     * right after would make for nothing.
     */
    readonly remembered: boolean;
  },
): Promise<number> {
  const { next, staged, gone, remembered } = change;
  await writeManifest(outDir, next, COMMIT_FILE);
  try {
    // One file after another, synchronously: nothing else is left to run meanwhile, and a call
    // handed to the thread pool and back for each file took a rebuild that rewrote every page
    // twice as long (a second at 11,000 pages) as calls made in turn.
    for (const path of gone) rmSync(join(outDir, path), { force: true });
    removeEmptyFolders(outDir, gone);
    const folders = new Set<string>();
    for (const path of staged) {
      const to = join(outDir, path);
      if (!folders.has(dirname(to))) {
        mkdirSync(dirname(to), { recursive: true });
        folders.add(dirname(to));
      }
      renameSync(join(staging, stagedName(path)), to);
    }
    await rm(staging, { recursive: true, force: true });
    await writeMarker(outDir, next.files.keys());
    // In one step, the commit is done and the manifest is the next one.
    await rename(join(outDir, COMMIT_FILE), join(outDir, MANIFEST_FILE));
    if (remembered) rememberManifest(outDir, next);
    return gone.length;
  } catch (cause) {
    const { message } = cause as Error;
    throw Object.assign(new CommitFailed(message), { cause });
  }
}

/** Removes the folders that held `deleted` files and hold nothing now, deepest first. */
function removeEmptyFolders(outDir: string, deleted: readonly string[]): void {
  const folders = new Set<string>();
  for (const path of deleted) {
    for (let folder = dirname(path); folder !== '.'; folder = dirname(folder)) folders.add(folder);
  }
  const deepestFirst = [...folders].sort((a, b) => b.split('/').length - a.split('/').length);
  for (const folder of deepestFirst) {
    try {
      rmdirSync(join(outDir, folder));
    } catch (cause) {
      const { code } = cause as NodeJS.ErrnoException;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST' && code !== 'ENOENT') throw cause;
    }
  }
}

/**
 * The search of an export: each share indexes the batches of posts it renders, and their indexes
 * are joined here, oldest first, while the shares go on rendering; entries are written as
 * they fill a file, the index once every post is in.
 */
class ExportSearch {
  readonly #indexer: SiteIndexer;
  readonly #writer: DocumentWriter;
  /** The keys the batches' segments are kept under for the next build. */
  readonly keys = new Set<string>();

  /**
   * `known`: the terms the joiner knows by their numbers (see `IndexJoiner`); `keptEntryFiles`:
   * the URL paths of the files of entries the output holds as the last build wrote them, by number;
   * `last`: the index as the last build of this process left it (`ExportOptions.lastIndex`).
   */
  constructor(
    posts: number,
    writer: DocumentWriter,
    known: KnownTerms | undefined,
    keptEntryFiles: ReadonlyMap<number, string>,
    last: LastIndex | undefined,
  ) {
    this.#indexer = new SiteIndexer(posts, known, keptEntryFiles, last);
    this.#writer = writer;
  }

  /** Every term the joiner numbered, by its number, once finished. */
  get known(): KnownTerms {
    return this.#indexer.known;
  }

  /** The joiner's numbers of the terms of each kept batch that came without them. */
  get numbered(): ReadonlyMap<string, BatchNumbers> {
    return this.#indexer.numbered;
  }

  /** Takes a batch written by the share numbered `share`. */
  add(batch: WrittenBatch, share: number): void {
    if (!batch.search) return;
    if (batch.search.key !== undefined) this.keys.add(batch.search.key);
    this.#write(this.#indexer.add(batch.search, share));
  }

  /**
   * Writes the index, cut into files; answers what the search page reads, and its count of terms.
   * The work is done a step at a time, this thread seeing to the shares between two.
   */
  async finish(): Promise<{ readonly files: SearchFiles; readonly terms: number }> {
    const steps = this.#indexer.finishingFiles();
    let step: IteratorResult<void, FinishedFiles>;
    do await nextTurn();
    while (!(step = steps.next()).done);
    const { files, search, terms } = step.value;
    for (let at = 0; at < files.length; at += FILES_A_STEP) {
      await nextTurn();
      this.#write(files.slice(at, at + FILES_A_STEP));
    }
    return { files: search, terms };
  }

  #write(files: readonly SearchFile[]): void {
    // Without precompressed forms: a host compresses what a script fetches as it sends it, and
    // three files for each of a thousand more would cost a large site's build more than its pages.
    for (const { path, content } of files) {
      if (content === null) {
        if (!this.#writer.keepAll([fileOf(path)])) {
          throw new Error(`the output no longer holds the file of search entries ${path}`);
        }
        continue;
      }
      // The index's bytes are not changed once cut: a view of them, not a copy.
      const bytes =
        typeof content === 'string'
          ? Buffer.from(content)
          : Buffer.from(content.buffer, content.byteOffset, content.byteLength);
      this.#writer.write(path, bytes, false);
    }
  }
}

/** The URL paths of the files of search entries among `files` (by file path), by number. */
function entryFilesIn(files: ReadonlyMap<string, ManifestEntry>): Map<number, string> {
  const found = new Map<number, string>();
  for (const path of files.keys()) {
    const urlPath = `/${path}`;
    const number = entryFileNumber(urlPath);
    if (number !== undefined) found.set(number, urlPath);
  }
  return found;
}

// Files of the index that this thread writes between two looks at the shares: some tens of
// milliseconds' work on a slow disk.
const FILES_A_STEP = 32;

/** What `writeSite` did, and every file the output is to hold, by path. */
interface WrittenSite extends ExportResult {
  readonly files: ReadonlyMap<string, WrittenFile>;
  /** What each document written was made from, by URL path. */
  readonly documents: ReadonlyMap<string, DocumentRecord>;
  /** Whether compressed forms were written beside text files. */
  readonly precompress: boolean;
  /** What the documents were made from but their bodies; none for a build without keys. */
  readonly frame: DocumentFrame | undefined;
}

/**
 * Renders the site into `root`, writing only the files whose bytes differ from those of
 * `unchanged`, which the output holds already.
 */
async function writeSite(
  options: ExportOptions,
  loading: Loading,
  root: string,
  last: {
    /** The files the output holds as the last build wrote them. */
    readonly unchanged: ReadonlyMap<string, ManifestEntry>;
    readonly documents: Manifest['documents'] | undefined;
    readonly frame: Manifest['frame'];
    /** Whether files are staged flat, to be moved into that output by `commit`. */
    readonly flat: boolean;
  },
  /** Called once every page is rendered, before the bodies are checked. */
  rendered?: () => void,
): Promise<WrittenSite> {
  const { unchanged } = last;
  const { shards, renderer } = loading;
  const [first] = shards;
  if (!first) throw new Error('an export has at least one share');
  try {
    // Only once the output is found fit to write: a refused build changes nothing.
    if (renderer) forgetOtherRenderers(options.siteDir, renderer);
    // The output's parent may not exist yet; the staging folder itself is made without
    // `recursive`, which reports a read-only disk as ENOENT rather than EROFS.
    await mkdir(dirname(root), { recursive: true });
    await mkdir(root);
    const plans = await loading.plans;
    const [plan] = plans;
    if (!plan || hasErrors(plan.diagnostics)) {
      // What was read is kept for the build after the fix.
      await first.keepReads();
      return {
        diagnostics: plan?.diagnostics ?? [],
        bodyWarnings: [],
        summary: undefined,
        files: new Map(),
        documents: new Map(),
        precompress: false,
        frame: undefined,
      };
    }
    options.onLoaded?.(plan.diagnostics);
    const segments =
      plan.search && renderer !== undefined
        ? new SegmentCache(options.siteDir, renderer)
        : undefined;
    const termList = segments?.termList();
    // Only a build of the last one's frame can find a file of entries unchanged.
    const keptEntryFiles = last.frame ? entryFilesIn(unchanged) : new Map<number, string>();
    const output: ShardOutput = {
      root,
      flat: last.flat,
      previous: unchanged,
      documents: last.documents,
      frame: last.frame,
      termLists: listSizes(termList),
      keptEntryFiles: [...keptEntryFiles.keys()],
      joinedBatches: options.lastIndex?.joinedBatches(),
    };
    await Promise.all(shards.map((shard) => shard.target(output)));
    // Threads join a share that started alone when they render enough documents to pay for
    // their start and their load of the site.
    const { alone } = loading;
    const joining =
      alone && alone.shard.rendersAtLeast([...plan.posts, ...plan.others], alone.joinAt)
        ? await alone.join()
        : [];
    // Each share that joins takes batches once it has loaded the site; the others meanwhile.
    const joinedPlans: Promise<ShardPlan>[] = [];
    const ready = new Map(
      joining.map((shard) => {
        const joined = shard.load();
        joinedPlans.push(joined);
        const joinedReady = joined.then((loaded) => {
          // The site as this thread loaded it, after the first share: a file changed between.
          const problem = loaded.diagnostics.find(({ severity }) => severity === 'error');
          if (problem) {
            throw new Error(
              `a file changed while the build ran, and now has an error: ${formatDiagnostic(problem)}`,
            );
          }
          return shard.target(output);
        });
        return [shard, awaitedLater(joinedReady)];
      }),
    );
    const files = new Map<string, WrittenFile>();
    // Later files at a path take its place: `_redirects` after the author's own.
    const add = (written: readonly WrittenFile[]) => {
      for (const file of written) files.set(file.path, file);
    };
    const documents = new Map<string, DocumentRecord>();
    const record = (written: WrittenBatch): void => {
      for (const { path, ...made } of written.documents) documents.set(path, made);
    };
    const writer = new DocumentWriter(root, { previous: unchanged, flat: last.flat });
    const staticDir = join(options.siteDir, STATIC_DIR);
    const staticFiles = await copyStatic(staticDir, writer);
    await writeRedirectsFile(writer, plan.redirects, staticDir, staticFiles);
    await copyPostFolders(plan.folders, writer);
    // Before any page is rendered: a page offers the variants only of images that have them.
    const images = await writeImageVariants(
      options.siteDir,
      writer,
      plan.folders.map(({ file }) => file),
      options.onImageProgress,
    );
    add(writer.takeWritten());

    const total = plan.posts.length + plan.others.length;
    let done = 0;
    const search = plan.search
      ? new ExportSearch(plan.posts.length, writer, termList, keptEntryFiles, options.lastIndex)
      : undefined;
    const listed: ListedPost[] = [];
    const write = async (shard: Shard, batch: readonly string[]): Promise<void> => {
      const written = await shard.write(batch);
      add(written.files);
      record(written);
      listed.push(...written.listed);
      done += batch.length;
      options.onProgress?.(done, total);
      search?.add(written, shards.indexOf(shard));
    };
    // Each share has its next batch in hand while this thread takes in the last one it finished,
    // so that no share waits for it.
    const run = async (shard: Shard, batches: (readonly string[])[]): Promise<void> => {
      await ready.get(shard);
      if (!(shard instanceof ThreadShard)) {
        // A share on this thread renders as it is asked: it lets the threads' answers in, and
        // hands them their next batch, between two of its own.
        for (let batch = batches.shift(); batch; batch = batches.shift()) {
          await write(shard, batch);
          await nextTurn();
        }
        return;
      }
      let current = write(shard, batches.shift() ?? []);
      for (;;) {
        const batch = batches.shift();
        const queued = batch ? awaitedLater(write(shard, batch)) : undefined;
        await current;
        if (!queued) return;
        current = queued;
      }
    };
    const writeAll = async (batches: (readonly string[])[]): Promise<void> => {
      await Promise.all(shards.map((shard) => run(shard, batches)));
    };
    // Post pages first: each page's parse gives its post's excerpt and minutes, which every share
    // then learns, so that the listings, shared out after, read and parse no body a second time.
    // Their batches, which search indexes and keeps by their posts, are counted from the oldest
    // post: a new post, at the top of the site's order, changes the first batch alone, and every
    // other is taken from what the last build kept rather than indexed again. They are handed out
    // oldest first, the order search numbers posts in, so that the index is joined as they come.
    await writeAll(postBatches(plan.posts).reverse());
    await Promise.all(ready.values());
    if (shards.length > 1) await Promise.all(shards.map((shard) => shard.learn(listed)));
    const listings = writeAll(weighedBatches(plan.others, plan.otherWeights));
    // Every post is indexed now: this thread, otherwise idle, cuts the index into files and writes
    // them while the shares render the listings, rather than after, when they would wait for it.
    // It starts once the shares have their first batches of listings, so as not to hold them up.
    const indexed =
      search &&
      awaitedLater(
        search.finish().then((finished) => {
          add(writer.takeWritten());
          return finished;
        }),
      );
    try {
      await listings;
      // KaTeX's and Mermaid's files, only where a page written links them: each written by a
      // share that wrote such a page, as only that share has read the file.
      const packaged = await Promise.all(shards.map((shard) => shard.packagedPaths()));
      const claimed = new Set<string>();
      for (const [i, paths] of packaged.entries()) {
        const own = paths.filter((path) => !claimed.has(path));
        if (own.length === 0) continue;
        for (const path of own) claimed.add(path);
        const written = await (shards[i] ?? first).write(own);
        add(written.files);
        record(written);
      }
    } catch (cause) {
      // A failed build's staging folder is removed: nothing may be writing into it by then.
      await indexed?.catch(() => undefined);
      throw cause;
    }
    rendered?.();
    // Each share checks the bodies it rendered, the first also those of unpublished posts and
    // keeps what it read, while this thread writes the search page.
    const checked = awaitedLater(Promise.all(shards.map((shard, i) => shard.checkBodies(i === 0))));
    const readsKept = awaitedLater(first.keepReads());
    if (search && indexed) {
      const finished = await indexed;
      add((await first.writeSearchPage(finished.files)).files);
      segments?.keepNumbers(termList, search.known, finished.terms, search.numbered);
    }
    const bodies = await checked;
    await readsKept;
    if (renderer) {
      (segments ?? new SegmentCache(options.siteDir, renderer)).keepOnly(search?.keys ?? new Set());
      new BodyFactsCache(options.siteDir, renderer).keepUsed(bodies.map(({ facts }) => facts));
    }
    const all = [...files.values()];
    return {
      diagnostics: plan.diagnostics,
      bodyWarnings: sortDiagnostics(bodies.flatMap(({ warnings }) => warnings)),
      summary: {
        documents: total,
        files: files.size,
        bytes: all.reduce((sum, file) => sum + file.size, 0),
        threads: shards.filter((shard) => shard instanceof ThreadShard).length,
        incremental: false,
        written: all.filter(({ written }) => written).length,
        deleted: 0,
        images: { resized: images.resized, processed: images.processed },
      },
      files,
      documents,
      precompress: plan.precompress,
      // A share that loaded the site after a file changed rendered from another frame than the
      // first: the next build then works out every key.
      frame: agreedFrame([...plans, ...(await Promise.all(joinedPlans))].map((p) => p.frame)),
    };
  } finally {
    await loading.close();
  }
}

/**
 * `promise`, marked as handled until it is awaited: a share's queued batch may fail while the
 * batch before it is awaited, and the rejection is met when its turn comes.
 */
function awaitedLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/**
 * Copies the files of the site's static/ folder that the server serves, a followed link as the
 * file it leads to, and answers the files it copied, by path.
 */
async function copyStatic(staticDir: string, writer: DocumentWriter): Promise<string[]> {
  const { files } = await listStaticFiles(staticDir);
  const copied = files.map((file) => relative(staticDir, file));
  for (const path of copied) writer.copy(path, join(staticDir, path));
  return copied;
}

/** Copies the files beside each post written as `slug/index.md` to beside its page, as served. */
async function copyPostFolders(
  folders: ShardPlan['folders'],
  writer: DocumentWriter,
): Promise<void> {
  const copies: { from: string; to: string }[] = [];
  for (const { path, file } of folders) {
    const folder = dirname(file);
    const { files } = await listStaticFiles(folder);
    for (const from of files) {
      const inside = relative(folder, from);
      if (!servedBesidePost(inside)) continue;
      copies.push({ from, to: join(fileOf(path), '..', inside) });
    }
  }
  for (const { from, to } of copies) writer.copy(to, from);
}

/**
 * Makes the variants of the site's images that its cache lacks — as many images at once as there
 * are cores — and copies them all into the export under their content-hashed paths. Answers how
 * many images have variants and were processed.
 */
async function writeImageVariants(
  siteDir: string,
  writer: DocumentWriter,
  folderPosts: readonly string[],
  onProgress: ((done: number, total: number) => void) | undefined,
): Promise<{ resized: number; processed: number }> {
  const store = new ImageStore(siteDir);
  const ready = await store.prepareAll(await resizableImages(siteDir, folderPosts), onProgress);
  store.keepSources();
  const copies = new Map<string, string>();
  ready.forEach((file) => {
    const source = store.source(file);
    if (!source) return;
    for (const { variant, file: cached } of store.cacheFiles(source)) {
      copies.set(fileOf(variantPath(variant)), cached);
    }
  });
  for (const [to, from] of copies) writer.copy(to, from);
  return { resized: ready.length, processed: store.processed };
}

/**
 * Writes `_redirects` at the export's root, the file Netlify and Cloudflare Pages read: one line
 * `old new 301` per redirect, after the author's own lines when static/ has the file. Nothing
 * when the site has no redirect.
 */
async function writeRedirectsFile(
  writer: DocumentWriter,
  redirects: readonly Redirect[],
  staticDir: string,
  staticFiles: readonly string[],
): Promise<void> {
  if (redirects.length === 0) return;
  const own = staticFiles.includes(REDIRECTS_FILE)
    ? await readFile(join(staticDir, REDIRECTS_FILE), 'utf8')
    : '';
  const lines = redirects.map(({ from, to }) => `${from} ${to} 301\n`).join('');
  const joined = own === '' || own.endsWith('\n') ? own : `${own}\n`;
  const text = `${joined}# Written by folio build: the site's aliases and redirects.\n${lines}`;
  writer.put(REDIRECTS_FILE, Buffer.from(text, 'utf8'));
}

/** A rejection handler that answers `value` when the path is not there, and rethrows otherwise. */
function ifGone<T>(value: T): (cause: NodeJS.ErrnoException) => T {
  return (cause) => {
    if (cause.code === 'ENOENT') return value;
    throw cause;
  };
}

/** The look for files that came into an output folder while a build ran. */
interface Arrivals {
  /** Starts the look, if it has not started: once every page is rendered. */
  readonly start: () => void;
  /** Refuses the output, as the look (started now if it was not) found files in it. */
  readonly refuse: () => Promise<void>;
}

/**
 * The look for files somebody put into `outDir` while a build of the whole folder ran, unless
 * `clean`: they would go with the old output, which the new one replaces whole. Started once every
 * page is rendered, on the thread of `looker`, while this one finishes the index and the manifest.
 * A build that brings the folder up to date looks only where it moves and deletes (`inTheWay`).
 */
function arrivalsIn(outDir: string, clean: boolean, looker: OutputLooker | undefined): Arrivals {
  const none: OutputLook = { foreign: [], altered: undefined };
  let look: Promise<OutputLook> | undefined;
  const started = (): Promise<OutputLook> => {
    if (clean) return Promise.resolve(none);
    // A folder that was not there when the build began is looked through here, if it came since.
    look ??= awaitedLater(
      (looker ? looker.look(false) : lookThrough(outDir, false)).catch(ifGone(none)),
    );
    return look;
  };
  return {
    start: () => void started(),
    refuse: async () => refuseArrivals(outDir, (await started()).foreign),
  };
}

/** Refuses the output, when files that no build wrote, `added`, came into it as the build ran. */
function refuseArrivals(outDir: string, added: readonly string[]): void {
  if (added.length === 0) return;
  throw new OutputRefused(
    `files that folio build did not write came into ${outDir} while the build ran (${added.join(', ')}); it is left as it was (move them away, or pass --clean, then build again).`,
    true,
  );
}

/**
 * Replaces `outDir` with `staging` in two renames, back to back so that the folder is missing only
 * for an instant, then removes the old export.
 */
async function swapIn(staging: string, outDir: string, stamp: string): Promise<void> {
  const old = join(dirname(outDir), `.${basename(outDir)}.old-${stamp}`);
  const hadOld = await rename(outDir, old).then(() => true, ifGone(false));
  try {
    await rename(staging, outDir);
  } catch (cause) {
    if (hadOld) await rename(old, outDir);
    throw cause;
  }
  if (hadOld) await rm(old, { recursive: true, force: true });
}
