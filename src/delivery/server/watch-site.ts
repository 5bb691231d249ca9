// Deliver: reloads a served site when its folder changes, keeping the last good version on errors.
import { existsSync, opendirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { postStamp, type PostFile } from '../../content/read-sources.js';
import { POSTS_DIR, STATIC_DIR } from '../../content/site-layout.js';
import type { LoadResult } from '../../load/load-site.js';
import type { Post } from '../../content/post.js';
import type { SiteSession } from '../site-session.js';
import { watchFolders, type FolderWatcher } from './watch-folders.js';
import { OUTPUT_MARKER } from '../static/output-folder.js';

export interface WatchOptions {
  /** The folder the session was opened on. */
  readonly siteDir: string;
  /** The site online: each change is handed to it, and it puts a good version online. */
  readonly session: SiteSession;
  /** Folders below the site that are output, not input (e.g. `dist`). */
  readonly ignore?: readonly string[];
  /**
   * Called once a version without errors is online, with the load that found it and the post
   * files of the version before that it no longer has.
   */
  onReload(load: LoadResult, gone: readonly string[]): void;
  /** Called when an edit broke the site; the last good version stays online. */
  onProblems(diagnostics: readonly Diagnostic[]): void;
}

// A save by renaming a whole new file over the post goes online once the folder has been quiet
// this long. Kept short, as it adds to every edit's way online.
export const SETTLE_MS = 10;
// A file written where it is may be written in several parts (an editor's chunks, an upload over
// the network): what was written goes online only once the file has been quiet this long. It is
// read meanwhile, so the wait costs an edit's way online little more than the wait itself.
export const WRITE_QUIET_MS = 60;
// A burst — a folder come or gone, more paths than a save touches — waits for a longer quiet:
// a checkout or a sync writes for a while, and a reload in between would publish part of it.
const BURST_QUIET_MS = 50;
// A save touches the post, and perhaps a temporary file and a backup beside it.
export const SAVE_PATHS = 3;
// Changes that never go quiet are still reloaded this long after the first of them...
export const MAX_WAIT_MS = 1000;
// ...except a version that lacks a post file of the one online: it goes online only once the
// folder has been quiet this long and a full listing then lacks the same files. A folder being
// deleted file by file or copied back, a checkout between two commands, or an editor that renames
// the post to a backup before writing the new one, all look like posts deleted until they end;
// an author deleting a post can wait.
export const LOSS_QUIET_MS = 250;
// The site's own folders are input even if a copied export left its marker in one.
const INPUT_FOLDERS = new Set([POSTS_DIR.split(sep)[0], STATIC_DIR]);
// How often the folders are looked at besides the watcher's events.
export const FOLDERS_CHECK_MS = 1000;

/**
 * Whether a path below `siteDir` is not the site's input: hidden (the site's own `.folio` cache,
 * `.git`), installed packages, or a build's output — `dist`, the folders of `ignore`, and any
 * other folder a build wrote into.
 */
export function notInput(siteDir: string, ignore?: readonly string[]): (path: string) => boolean {
  const ignored = ['dist', 'node_modules', ...(ignore ?? [])];
  return (path) => {
    const first = relative(siteDir, path).split(sep)[0] ?? '';
    // A build's output under another name than dist (`--out public`) is output all the same.
    return (
      first.startsWith('.') ||
      ignored.includes(first) ||
      (!INPUT_FOLDERS.has(first) && existsSync(join(siteDir, first, OUTPUT_MARKER)))
    );
  };
}

/** Starts watching and resolves once every folder is watched; the result stops it. */
export function watchSite(options: WatchOptions): Promise<() => Promise<void>> {
  const { session, siteDir } = options;
  let timer: NodeJS.Timeout | undefined;
  // Paths changed since the last reload began: a reload looks only at these.
  let changed = new Set<string>();
  // Files whose last change since the last reload began was a write in place, and when it came.
  let writes = new Map<string, number>();
  // Whether a change waits for a reload; when the first and the last of them came; how long the
  // folder must be quiet before it.
  let pending = false;
  let firstAt = 0;
  let lastAt = 0;
  let quiet = SETTLE_MS;
  let running = false;
  let stopped = false;
  // A site that had a posts folder has lost it when it is gone, rather than having no posts yet.
  let hadPosts = foldersProblem(siteDir) === undefined;
  // List every post file again at the next reload instead of updating the listing from the paths
  // that changed: after the folders were gone, and when a folder came or went, as a folder's
  // event does not name the files in it.
  let listAll = false;
  // Whether the last reload found the folders gone.
  let lost = false;
  // The post files online that the last listing lacked, when that held its version back: waiting
  // for the folder to be quiet, after which a full listing that lacks the same goes online.
  let held: readonly string[] | undefined;

  /** Sets the timer for the next reload, unless one is running: it sets it when it ends. */
  const schedule = (): void => {
    clearTimeout(timer);
    if (!pending || running || stopped) return;
    const settled = lastAt + quiet;
    const due = quiet < LOSS_QUIET_MS ? Math.min(settled, firstAt + MAX_WAIT_MS) : settled;
    timer = setTimeout(() => void reload(), Math.max(0, due - performance.now()));
  };

  /** Asks for a reload once the folder has been quiet for `quietMs`, or longer for a burst. */
  const soon = (quietMs: number): void => {
    const now = performance.now();
    if (!pending || quiet >= LOSS_QUIET_MS) {
      // A change after a version was held back is looked at as soon as any other: it may be the
      // post coming back.
      pending = true;
      firstAt = now;
      quiet = SETTLE_MS;
    }
    lastAt = now;
    quiet = Math.max(quiet, quietMs, changed.size > SAVE_PATHS ? BURST_QUIET_MS : SETTLE_MS);
    schedule();
  };

  /** Waits for the folder to be quiet long enough to tell whether posts are really gone. */
  const waitForLoss = (): void => {
    pending = true;
    quiet = LOSS_QUIET_MS;
    schedule();
  };

  const startWatcher = (): FolderWatcher =>
    watchFolders(siteDir, {
      ignored: notInput(siteDir, options.ignore),
      onChange(path, kind) {
        if (kind === 'folder') listAll = true;
        if (kind === 'written') writes.set(path, performance.now());
        else writes.delete(path);
        changed.add(path);
        soon(kind === 'folder' ? BURST_QUIET_MS : SETTLE_MS);
      },
    });
  let watcher = startWatcher();

  // A folder that came back is watched anew: the watcher may have lost track of it while it was
  // away (it does lose the site folder itself), and then no later edit would show.
  const rewatch = (): void => {
    watcher.close();
    if (stopped) return;
    watcher = startWatcher();
    listAll = true;
    soon(BURST_QUIET_MS);
  };

  /** Whether the folders are gone, which is then reported as the problem that keeps the site. */
  const foldersLost = (): boolean => {
    const problem = hadPosts ? foldersProblem(siteDir) : undefined;
    lost = problem !== undefined;
    if (problem) {
      listAll = true;
      options.onProblems([problem]);
    }
    return lost;
  };

  const reload = async (): Promise<void> => {
    running = true;
    pending = false;
    const paths = [...changed];
    changed = new Set();
    const written = writes;
    writes = new Map();
    const changedAt = lastAt;
    // A version that lacks posts is confirmed by a full listing after the folder was quiet.
    const confirming =
      held !== undefined && performance.now() - lastAt >= LOSS_QUIET_MS ? held : undefined;
    const listing = listAll || confirming !== undefined;
    listAll = false;
    held = undefined;
    const wasLost = lost;
    try {
      if (foldersLost()) return;
      // Why what was read is held back, if it is.
      let holding: 'lost' | 'partial' | 'writing' | undefined;
      const before = session.content.posts;
      let gone: string[] = [];
      const { load, published } = await session.update(
        listing ? undefined : paths,
        async (read) => {
          // A file written in place may be half written, and a broken version may be a save in
          // progress (a new file is made empty, then written): either is published, or its
          // problems shown, once the files have been quiet long enough, and only if they were not
          // changed again since they were read.
          const broken = read.content === undefined;
          const unsureSince = broken ? changedAt : Math.max(0, ...written.values());
          await delay(unsureSince + WRITE_QUIET_MS - performance.now());
          // A busy event loop runs the timer before it reads the events that came meanwhile.
          await new Promise((resolve) => setImmediate(resolve));
          const { files } = read.reusable.folder.listing;
          // A file written in place since the reload began may have been read half written.
          const rewritten =
            writes.size > 0 ||
            (broken
              ? changed.size > 0
              : [...written.keys()].some(
                  (path) => changed.has(path) || restamped(siteDir, path, files),
                ));
          gone = goneFiles(before, files);
          // The folders may have gone while the files were read; what was read is then partial.
          if (foldersLost()) holding = 'lost';
          else if (rewritten) holding = 'writing';
          // A folder may be half deleted or half copied, a post renamed away by an editor.
          else if (gone.length > 0 && !(listing && sameFiles(gone, confirming)))
            holding = 'partial';
          return holding === undefined;
        },
      );
      if (holding === 'lost' || holding === 'writing') return;
      if (holding === 'partial') {
        held = gone;
        waitForLoss();
      } else if (published) {
        hadPosts ||= foldersProblem(siteDir) === undefined;
        options.onReload(load, gone);
      } else {
        options.onProblems(load.diagnostics);
      }
      if (wasLost) rewatch();
    } catch (cause) {
      // Whatever the folder does, the server keeps its last good version rather than stopping.
      listAll = true;
      const hint = 'check the site folder; the last good version stays online until it reloads';
      options.onProblems([error('site-unreadable', siteDir, 1, String(cause), hint)]);
    } finally {
      running = false;
      schedule();
    }
  };

  // Besides the watcher's events, which can miss a folder replaced by a file or the site folder
  // going and coming back.
  const checkFolders = setInterval(() => {
    const replaced = watcher.verify();
    if (!replaced && (!hadPosts || (foldersProblem(siteDir) !== undefined) === lost)) return;
    listAll = true;
    soon(BURST_QUIET_MS);
  }, FOLDERS_CHECK_MS);
  const stop = (): Promise<void> => {
    stopped = true;
    clearTimeout(timer);
    clearInterval(checkFolders);
    watcher.close();
    return Promise.resolve();
  };
  return Promise.resolve(stop);
}

/** Whether the post file at `path` has changed since `listing` was made. */
function restamped(siteDir: string, path: string, listing: readonly PostFile[]): boolean {
  const file = join(siteDir, relative(siteDir, path));
  const listed = listing.find((entry) => entry.file === file);
  return listed !== undefined && postStamp(file) !== listed.stamp;
}

const delay = (ms: number): Promise<void> =>
  ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();

/** Whether two lists of files, each in the order of the posts online, are the same. */
function sameFiles(a: readonly string[], b: readonly string[] | undefined): boolean {
  return b !== undefined && a.length === b.length && a.every((file, i) => file === b[i]);
}

/** The files of the posts `before` that the listing `after` no longer has, in their order. */
function goneFiles(before: readonly Post[], after: readonly PostFile[]): string[] {
  const files = new Set(after.map((entry) => entry.file));
  return before.map((post) => post.file).filter((file) => !files.has(file));
}

/**
 * Why the site folder, its content folder or its posts folder cannot be listed, if one cannot:
 * moved away, deleted, replaced by a file or made unreadable. That is a checkout, a sync or a
 * mistake in progress rather than an author taking every post offline, so it is a problem that
 * keeps the last good version online, not a site without posts.
 */
export function foldersProblem(siteDir: string): Diagnostic | undefined {
  const hint = 'put it back; the last good version stays online until then';
  let folder = siteDir;
  for (const name of ['', ...POSTS_DIR.split(sep)]) {
    folder = join(folder, name);
    try {
      if (!statSync(folder).isDirectory()) {
        return error('posts-folder-lost', folder, 1, 'a file stands where this folder was', hint);
      }
      opendirSync(folder).closeSync();
    } catch (cause) {
      const code = (cause as NodeJS.ErrnoException).code ?? String(cause);
      const what = code === 'ENOENT' ? 'the folder is gone' : `the folder cannot be read (${code})`;
      return error('posts-folder-lost', folder, 1, what, hint);
    }
  }
  return undefined;
}
