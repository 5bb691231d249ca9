// Deliver: builds a site again whenever its folder changes (`folio build --watch`). The builds run
// one after another in this process, which keeps between them what each would otherwise read
// from the disk again (see `KeptLookers`, `rememberManifest` and the read cache), and waits for an
// edit to end before building it, as the server's watch does before it reloads.
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import {
  FOLDERS_CHECK_MS,
  foldersProblem,
  LOSS_QUIET_MS,
  MAX_WAIT_MS,
  notInput,
  SAVE_PATHS,
  SETTLE_MS,
  WRITE_QUIET_MS,
} from '../server/watch-site.js';
import { watchFolders, type ChangeKind, type FolderWatcher } from '../server/watch-folders.js';

/**
 * A build refused for something outside the site folder, which only the author can change (files
 * no build wrote in the output): built again once `ready` answers true, without waiting for an
 * edit of the site.
 */
export interface BuildWhenReady {
  readonly ready: () => boolean;
}

export interface BuildWatchOptions {
  readonly siteDir: string;
  /** Folders below the site folder that are output, not input (`--out` there). */
  readonly ignore?: readonly string[];
  /**
   * Runs one build of the site as it stands; the next starts only once this one has ended. The
   * first runs as soon as the folder is watched. `changed` names the paths a watcher saw change
   * since the last build began, or is none when only a listing of the folder can tell (the first
   * build, a folder come or gone, events that may have been missed). Answers `again` when the
   * build should be tried again without waiting for a change (another build held the output),
   * a `BuildWhenReady` to try it again once the author has put right what refused it, `done`
   * otherwise; a build that throws waits for the next change.
   */
  build(changed: readonly string[] | undefined): Promise<'done' | 'again' | BuildWhenReady>;
  /** Called with a build that threw, which the next change builds again. */
  onFailure(cause: unknown): void;
  /**
   * Called when the site's posts folder, or a folder above it, is gone or cannot be read: the
   * output stays as it is until it is back, rather than lose every post page to a checkout or a
   * sync in progress.
   */
  onFoldersLost(problem: Diagnostic): void;
}

/**
 * Starts watching `siteDir`, then builds it, and again after each change; the result stops it,
 * once the build under way, if any, has ended.
 */
export function watchBuilds(options: BuildWatchOptions): () => Promise<void> {
  const { siteDir } = options;
  const ignored = notInput(siteDir, options.ignore);
  let timer: NodeJS.Timeout | undefined;
  // Paths changed since the last build began; when the first and the last of them came; how long
  // the folder must be quiet before the next build.
  let changed: string[] = [];
  // Whether the next build must list the folder: a folder's event names none of its files.
  let listAll = false;
  let firstAt = 0;
  let lastAt = 0;
  let quiet = SETTLE_MS;
  let running: Promise<void> | undefined;
  let stopped = false;
  // Whether the posts folder was there at the last build, and whether it has been gone since.
  let hadPosts = foldersProblem(siteDir) === undefined;
  let lost = false;
  // Whether the last build is to be tried again without waiting for a change; or once what
  // refused it is put right.
  let owed = false;
  let whenReady: BuildWhenReady | undefined;

  const schedule = (): void => {
    clearTimeout(timer);
    if (changed.length === 0 || running || stopped) return;
    // A burst is built only once it ends: a posts folder copied back file by file, or deleted so,
    // would otherwise be built half-way, and every page of its missing posts deleted.
    const settled = lastAt + quiet;
    const due = quiet >= LOSS_QUIET_MS ? settled : Math.min(settled, firstAt + MAX_WAIT_MS);
    timer = setTimeout(build, Math.max(0, due - performance.now()));
  };

  const changeSeen = (path: string, kind: ChangeKind): void => {
    const now = performance.now();
    if (changed.length === 0) {
      firstAt = now;
      quiet = SETTLE_MS;
    }
    changed.push(path);
    if (kind === 'folder') listAll = true;
    lastAt = now;
    // A folder come or gone, or more paths than a save touches, is a checkout or a sync: it is
    // built once it has been quiet a while, not half-way.
    const burst = kind === 'folder' || new Set(changed).size > SAVE_PATHS;
    quiet = Math.max(
      quiet,
      burst ? LOSS_QUIET_MS : kind === 'written' ? WRITE_QUIET_MS : SETTLE_MS,
    );
    schedule();
  };

  const startWatcher = (): FolderWatcher =>
    watchFolders(siteDir, { ignored, onChange: changeSeen });
  let watcher = startWatcher();

  const build = (): void => {
    const paths = listAll ? undefined : changed;
    changed = [];
    listAll = false;
    // What the last build owed is owed no more: this one builds the folder as it now stands.
    owed = false;
    whenReady = undefined;
    const problem = foldersProblem(siteDir);
    if (problem && hadPosts) {
      if (!lost) options.onFoldersLost(problem);
      lost = true;
      listAll = true;
      return;
    }
    hadPosts = problem === undefined;
    if (lost) {
      // The watcher may have lost track of a folder while it was away.
      lost = false;
      watcher.close();
      watcher = startWatcher();
    }
    running = options
      .build(paths)
      .catch((cause: unknown) => {
        options.onFailure(cause);
        return 'done' as const;
      })
      .then((outcome) => {
        // Tried again at the next look at the folders, with a listing of the whole folder.
        owed ||= outcome === 'again';
        if (typeof outcome === 'object') whenReady = outcome;
        if (outcome !== 'done') listAll = true;
      })
      .finally(() => {
        running = undefined;
        schedule();
      });
  };

  // Events can miss a folder replaced or made again (see `FolderWatcher.verify`), and a lost
  // posts folder coming back.
  const checkFolders = setInterval(() => {
    const replaced = watcher.verify();
    if (replaced || (lost && foldersProblem(siteDir) === undefined)) changeSeen(siteDir, 'folder');
    else if (owed && !running && changed.length === 0) {
      owed = false;
      changeSeen(siteDir, 'file');
    } else if (whenReady && !running && changed.length === 0 && whenReady.ready()) {
      whenReady = undefined;
      changeSeen(siteDir, 'file');
    }
  }, FOLDERS_CHECK_MS);
  // The first build, of the folder as it stands now that it is watched.
  listAll = true;
  changeSeen(siteDir, 'file');

  return async () => {
    stopped = true;
    clearTimeout(timer);
    clearInterval(checkFolders);
    watcher.close();
    // A build under way is let end: stopped while it puts its files in place, it would leave the
    // output for the next build to write whole.
    await running;
  };
}
