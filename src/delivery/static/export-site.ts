// Deliver: the static export — writes every document the site generates as the server's core
// renders it, so the exported site is, by construction, the site the server serves. A large
// site is shared out between worker threads, each loading the site for itself and taking batches
// of post pages as it finishes the last, so that every core stays busy to the end.
import { readdirSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import {
  forEachLimited,
  listStaticFiles,
  POSTS_DIR,
  STATIC_DIR,
} from '../../content/read-sources.js';
import { SEARCH_PATH, servedBesidePost } from '../../site/routes.js';
import { type SearchFiles, shardIndex } from '../../search/shards.js';
import { type SearchFile, SiteIndexer } from '../../search/site-indexer.js';
import type { Redirect } from '../../site/build-site.js';
import { hasErrors, sortDiagnostics, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { DocumentWriter, fileOf, type WriteTally } from './document-writer.js';
import { ImageStore, resizableImages } from '../../load/image-store.js';
import { VARIANT_FOLDER, variantPath } from '../../content/responsive-image.js';
import {
  ExportShard,
  type ShardOptions,
  type ShardPlan,
  type WrittenBatch,
} from './export-shard.js';
import { ThreadShard, threadsFor, type Shard } from './thread-shard.js';
import {
  foreignFiles,
  OutputRefused,
  planOutput,
  writeMarker,
  type OutputFolder,
} from './output-folder.js';

const REDIRECTS_FILE = '_redirects';

export interface ExportOptions {
  readonly siteDir: string;
  readonly outDir: string;
  /**
   * Replace an output folder even when it holds files no build wrote, deleting them with the old
   * output; without it such a folder is refused before any work (`OutputRefused`).
   */
  readonly clean?: boolean;
  /** Called once the output folder is found fit to replace, before anything is loaded. */
  readonly onOutputPlanned?: (output: OutputFolder) => void;
  /** Worker threads to share the pages between; by default as many as the site's size pays for. */
  readonly threads?: number | undefined;
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
}

export interface ExportResult {
  /** Problems found on loading (those of `onLoaded`). */
  readonly diagnostics: readonly Diagnostic[];
  /** Warnings about links and images in bodies, found as pages were written. */
  readonly bodyWarnings: readonly Diagnostic[];
  /** Absent when the site has errors and nothing was written. */
  readonly summary: ExportSummary | undefined;
}

export interface ExportSummary {
  /** Documents the site generates (pages, feeds, sitemap, theme files, the 404 page). */
  readonly documents: number;
  /** Files written in all, static and precompressed ones included. */
  readonly files: number;
  readonly bytes: number;
  /** The site's images that have smaller versions, and how many of them were processed now. */
  readonly images: { readonly resized: number; readonly processed: number };
}

// Post pages are handed out this many at a time: enough to keep a thread's messages rare, few
// enough that the threads finish within moments of each other.
const BATCH = 64;

/**
 * Writes the whole site into a new folder beside `outDir` and swaps it in only when every file is
 * written: a failure, or an error in the site, leaves the previous export exactly as it was. An
 * output folder that is not one a build wrote is refused before any work (see `planOutput`).
 */
export async function exportSite(options: ExportOptions): Promise<ExportResult> {
  const output = await planOutput(options.siteDir, options.outDir, options.clean === true);
  options.onOutputPlanned?.(output);
  const outDir = output.path;
  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  const staging = join(dirname(outDir), `.${basename(outDir)}.building-${stamp}`);
  await removeAbandonedStaging(outDir);
  try {
    const { written, ...result } = await writeSite(options, staging);
    if (result.summary) {
      await writeMarker(staging, written);
      await swapIn(staging, outDir, stamp, options.clean === true);
    } else await rm(staging, { recursive: true, force: true });
    return result;
  } catch (cause) {
    await rm(staging, { recursive: true, force: true });
    throw cause;
  }
}

/**
 * The search of an export: each share indexes the batches of posts it renders, and their indexes
 * are joined here in the site's order while the shares go on rendering; entries are written as
 * they fill a file, the index once every post is in.
 */
class ExportSearch {
  readonly #indexer: SiteIndexer;
  readonly #writer: DocumentWriter;
  /** The files written, relative to the export's folder. */
  readonly paths: string[] = [];

  constructor(posts: number, root: string) {
    this.#indexer = new SiteIndexer(posts);
    this.#writer = new DocumentWriter(root);
  }

  /** Takes a batch written by the share numbered `share`. */
  add(batch: WrittenBatch, share: number): void {
    if (batch.search) this.#write(this.#indexer.add(batch.search, share));
  }

  /** Writes the index, cut into files; answers what the search page reads. */
  finish(): SearchFiles {
    const { data, files, entries } = this.#indexer.finish();
    const { manifest, files: indexFiles } = shardIndex(data);
    this.#write(files);
    this.#write([...indexFiles].map(([path, content]) => ({ path, content })));
    return { manifest, entries };
  }

  get tally(): WriteTally {
    return this.#writer.tally;
  }

  #write(files: readonly SearchFile[]): void {
    // Without precompressed forms: a host compresses what a script fetches as it sends it, and
    // three files for each of a thousand more would cost a large site's build more than its pages.
    for (const { path, content } of files) {
      this.#writer.write(path, Buffer.from(content), false);
      this.paths.push(fileOf(path));
    }
  }
}

/** What `writeSite` did, and every file it wrote, relative to the export's folder. */
interface WrittenSite extends ExportResult {
  readonly written: readonly string[];
}

async function writeSite(options: ExportOptions, root: string): Promise<WrittenSite> {
  const shardOptions: ShardOptions = {
    siteDir: options.siteDir,
    root,
    now: options.now ?? Date.now(),
    precompress: options.precompress,
  };
  const threads = options.threads ?? threadsFor(countPostFiles(options.siteDir));
  const shards: Shard[] =
    threads <= 1
      ? [new ExportShard(shardOptions)]
      : Array.from({ length: threads }, () => new ThreadShard(shardOptions));
  try {
    // The output's parent may not exist yet; the staging folder itself is made without
    // `recursive`, which reports a read-only disk as ENOENT rather than EROFS.
    await mkdir(dirname(root), { recursive: true });
    await mkdir(root);
    const [plan] = await Promise.all(
      shards.map((shard, i) => shard.load(i === 0 ? options.onLoadProgress : undefined)),
    );
    if (!plan || hasErrors(plan.diagnostics)) {
      return {
        diagnostics: plan?.diagnostics ?? [],
        bodyWarnings: [],
        summary: undefined,
        written: [],
      };
    }
    options.onLoaded?.(plan.diagnostics);
    const staticDir = join(options.siteDir, STATIC_DIR);
    const staticFiles = await copyStatic(staticDir, root);
    const redirectsFile = await writeRedirectsFile(root, plan.redirects, staticFiles);
    const besidePosts = await copyPostFolders(plan.folders, root);
    // Before any page is rendered: a page offers the variants only of images that have them.
    const images = await writeImageVariants(
      options.siteDir,
      root,
      plan.folders.map(({ file }) => file),
    );

    const total = plan.posts.length + plan.others.length;
    let done = 0;
    const batches: (readonly string[])[] = [];
    for (let i = 0; i < plan.posts.length; i += BATCH) batches.push(plan.posts.slice(i, i + BATCH));
    const search = plan.search ? new ExportSearch(plan.posts.length, root) : undefined;
    const compressed: string[] = [];
    const write = async (shard: Shard, batch: readonly string[]): Promise<WriteTally> => {
      const written = await shard.write(batch);
      compressed.push(...written.compressed);
      done += batch.length;
      options.onProgress?.(done, total);
      search?.add(written, shards.indexOf(shard));
      return written.tally;
    };
    // Each share has its next batch in hand while this thread takes in the last one it finished,
    // so that no share waits for it.
    const run = async (shard: Shard, first: readonly string[]): Promise<WriteTally> => {
      let current = write(shard, first);
      for (;;) {
        const batch = batches.shift();
        const queued = batch ? awaitedLater(write(shard, batch)) : undefined;
        const tally = await current;
        if (!queued) return tally;
        current = queued;
      }
    };
    // The first share writes the listings first: they need every post's excerpt, which only it
    // then parses, while the others start on post pages at once.
    const written = await Promise.all(
      shards.map((shard, i) => run(shard, i === 0 ? plan.others : [])),
    );
    // KaTeX's and Mermaid's files, only where a page written links them.
    const packaged = [...new Set((await Promise.all(shards.map((s) => s.packagedPaths()))).flat())];
    const [first] = shards;
    let [firstTally] = written;
    if (!first || !firstTally) throw new Error('an export has at least one share');
    if (packaged.length > 0) {
      const written = await first.write(packaged);
      compressed.push(...written.compressed);
      firstTally = written.tally;
    }
    // Each share checks the bodies it rendered, the first also those of unpublished posts, while
    // this thread cuts the index into files.
    const checked = awaitedLater(Promise.all(shards.map((shard, i) => shard.checkBodies(i === 0))));
    if (search) {
      const written = await first.writeSearchPage(search.finish());
      compressed.push(...written.compressed);
      firstTally = written.tally;
    }
    const tallies = [firstTally, ...written.slice(1), ...(search ? [search.tally] : [])];
    return {
      diagnostics: plan.diagnostics,
      bodyWarnings: sortDiagnostics((await checked).flat()),
      summary: {
        documents: total,
        files:
          staticFiles.length +
          redirectsFile.length +
          besidePosts.length +
          images.written.length +
          tallies.reduce((sum, tally) => sum + tally.files, 0),
        bytes: tallies.reduce((sum, tally) => sum + tally.bytes, 0),
        images: { resized: images.resized, processed: images.processed },
      },
      written: [
        ...new Set([...staticFiles, ...redirectsFile, ...besidePosts]),
        ...images.written,
        ...(search?.paths ?? []),
        ...[...plan.others, ...plan.posts, ...packaged, ...(search ? [SEARCH_PATH] : [])].map(
          fileOf,
        ),
        ...compressed,
      ],
    };
  } finally {
    await Promise.all(shards.map((shard) => shard.close()));
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
async function copyStatic(staticDir: string, root: string): Promise<string[]> {
  const { files } = await listStaticFiles(staticDir);
  const copied = files.map((file) => relative(staticDir, file));
  await forEachLimited(copied, async (path) => {
    const to = join(root, path);
    await mkdir(dirname(to), { recursive: true });
    await copyFile(join(staticDir, path), to);
  });
  return copied;
}

/**
 * Copies the files beside each post written as `slug/index.md` to beside its page, as the server
 * serves them; answers what it copied, by path.
 */
async function copyPostFolders(folders: ShardPlan['folders'], root: string): Promise<string[]> {
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
  await forEachLimited(copies, async ({ from, to }) => {
    await mkdir(dirname(join(root, to)), { recursive: true });
    await copyFile(from, join(root, to));
  });
  return copies.map(({ to }) => to);
}

/**
 * Makes the variants of the site's images that its cache lacks — as many images at once as there
 * are cores — and copies them all into the export under their content-hashed paths. Answers what
 * it wrote, by path, and how many images have variants and were processed.
 */
async function writeImageVariants(
  siteDir: string,
  root: string,
  folderPosts: readonly string[],
): Promise<{ written: string[]; resized: number; processed: number }> {
  const store = new ImageStore(siteDir);
  const ready = await store.prepareAll(await resizableImages(siteDir, folderPosts));
  const copies = new Map<string, string>();
  ready.forEach((file) => {
    const source = store.source(file);
    if (!source) return;
    for (const { variant, file: cached } of store.cacheFiles(source)) {
      copies.set(fileOf(variantPath(variant)), cached);
    }
  });
  if (copies.size > 0) await mkdir(join(root, ...VARIANT_FOLDER.split('/')), { recursive: true });
  await forEachLimited([...copies], ([to, from]) => copyFile(from, join(root, to)));
  return {
    written: [...copies.keys()],
    resized: ready.length,
    processed: store.processed,
  };
}

/**
 * Writes `_redirects` at the export's root, the file Netlify and Cloudflare Pages read: one line
 * `old new 301` per redirect, after the author's own lines when static/ has the file. Answers
 * what it wrote, by path: nothing when the site has no redirect.
 */
async function writeRedirectsFile(
  root: string,
  redirects: readonly Redirect[],
  staticFiles: readonly string[],
): Promise<string[]> {
  if (redirects.length === 0) return [];
  const file = join(root, REDIRECTS_FILE);
  const own = staticFiles.includes(REDIRECTS_FILE) ? await readFile(file, 'utf8') : '';
  const lines = redirects.map(({ from, to }) => `${from} ${to} 301\n`).join('');
  const joined = own === '' || own.endsWith('\n') ? own : `${own}\n`;
  await writeFile(
    file,
    `${joined}# Written by folio build: the site's aliases and redirects.\n${lines}`,
  );
  return [REDIRECTS_FILE];
}

/**
 * Removes the staging folders that builds into `outDir` left when they were stopped (Ctrl+C, a
 * crash): Folio's own, known by their names, and only those of processes no longer running.
 */
async function removeAbandonedStaging(outDir: string): Promise<void> {
  const pattern = new RegExp(`^\\.${escapeRegExp(basename(outDir))}\\.building-(\\d+)-[0-9a-z]+$`);
  const names = await readdir(dirname(outDir)).catch(ifGone<string[]>([]));
  for (const name of names) {
    const pid = Number(pattern.exec(name)?.[1] ?? NaN);
    if (Number.isInteger(pid) && !isRunning(pid)) {
      await rm(join(dirname(outDir), name), { recursive: true, force: true });
    }
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (cause) {
    // EPERM: it runs, as another user.
    return (cause as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A rejection handler that answers `value` when the path is not there, and rethrows otherwise. */
function ifGone<T>(value: T): (cause: NodeJS.ErrnoException) => T {
  return (cause) => {
    if (cause.code === 'ENOENT') return value;
    throw cause;
  };
}

/** How many post files the site has, read from its folder names alone, to size the export. */
function countPostFiles(siteDir: string): number {
  try {
    const names = readdirSync(join(siteDir, POSTS_DIR), { recursive: true });
    return names.filter((name) => String(name).endsWith('.md')).length;
  } catch {
    return 0;
  }
}

/**
 * Replaces `outDir` with `staging` in two renames, back to back so that the folder is missing only
 * for an instant, then removes the old export — having looked once more, unless `clean`, that
 * nobody put a file of their own into it while the build ran.
 */
async function swapIn(
  staging: string,
  outDir: string,
  stamp: string,
  clean: boolean,
): Promise<void> {
  const added = clean ? [] : await foreignFiles(outDir).catch(ifGone([]));
  if (added.length > 0) {
    throw new OutputRefused(
      `files that folio build did not write came into ${outDir} while the build ran (${added.join(', ')}); it is left as it was (move them away, or pass --clean, then build again).`,
    );
  }
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
