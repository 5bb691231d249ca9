// Deliver: watches a folder tree with one `fs.watch` per folder, so that an edit costs one stat
// of the path the system names — not a fresh listing of the edited file's folder, which on a
// site of thousands of posts in one folder would cost more than the reload itself.
import { readdirSync, watch, type FSWatcher, type Stats } from 'node:fs';
import { join, sep } from 'node:path';
import { statOrUndefined } from '../../content/read-sources.js';

/**
 * `file`: a file came, went or was renamed. `written`: a file was written where it is, and may
 * still be being written. `folder`: a folder came, went or was replaced, a symbolic link changed
 * (it may lead to a folder), or an event named nothing.
 */
export type ChangeKind = 'file' | 'written' | 'folder';

export interface FolderWatchOptions {
  /** Paths not to watch or report (their folders are not entered). */
  readonly ignored: (path: string) => boolean;
  readonly onChange: (path: string, kind: ChangeKind) => void;
}

export interface FolderWatcher {
  /**
   * Looks at every folder watched, as events can miss some changes: a folder deleted and made
   * again under the same name (a checkout, a sync, `rm -r` then `cp -r`) is another folder, which
   * a watcher on the old one never hears of; a folder made while events were dropped is not
   * watched at all. Each such folder is watched anew and reported; says whether there was one.
   */
  verify(): boolean;
  close(): void;
}

/** A folder watched: its watcher, which folder it is, and when its entries last changed. */
interface Watched {
  readonly watcher: FSWatcher;
  readonly identity: string;
  modified: number;
}

// A folder is the same folder as long as its device, inode and birth time are: a path can be
// reused, and so can an inode — a folder deleted and made again at once often gets the same one.
const identity = (stats: Stats): string => `${stats.dev}:${stats.ino}:${stats.birthtimeMs}`;

/**
 * Starts watching `root` and every folder below it. Each folder is watched before it is listed,
 * so that a folder made meanwhile is still seen: by its parent's watcher, or by the listing.
 */
export function watchFolders(root: string, options: FolderWatchOptions): FolderWatcher {
  const watched = new Map<string, Watched>();

  const forget = (folder: string): void => {
    for (const [path, { watcher }] of watched) {
      if (path === folder || path.startsWith(folder + sep)) {
        watcher.close();
        watched.delete(path);
      }
    }
  };

  /** Watches `folder` and the folders below it that are not watched yet. */
  const enter = (folder: string): void => {
    if (folder !== root && options.ignored(folder)) return;
    if (watched.has(folder)) {
      enterFolders(folder);
      return;
    }
    // The root may be a link to the site; any other link is not entered (see `changed`).
    const stats = statOrUndefined(folder, { followLinks: folder === root });
    if (!stats?.isDirectory()) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(folder, (event, name) => changed(folder, name, event));
    } catch {
      return; // Gone already, or unreadable: its parent's watcher reports it.
    }
    watcher.on('error', () => {
      forget(folder);
      options.onChange(folder, 'folder');
    });
    watched.set(folder, { watcher, identity: identity(stats), modified: stats.mtimeMs });
    enterFolders(folder);
  };

  const enterFolders = (folder: string): void => {
    let names: string[];
    try {
      names = readdirSync(folder, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(folder, name);
      if (!watched.has(path)) enter(path);
    }
  };

  /**
   * Whether `path` is still the folder watched under its name; if not, the watchers below it are
   * dropped and what stands there now is watched. Reports a change when there was one.
   */
  const recheck = (path: string, stats: Stats | undefined): boolean => {
    const known = watched.get(path);
    if (known && stats?.isDirectory() && known.identity === identity(stats)) {
      if (stats.mtimeMs === known.modified) return false;
      // Its entries changed: a folder made in it while events were lost is watched now.
      known.modified = stats.mtimeMs;
      const before = watched.size;
      enterFolders(path);
      if (watched.size === before) return false;
    } else {
      forget(path);
      if (stats?.isDirectory()) enter(path);
    }
    options.onChange(path, 'folder');
    return true;
  };

  const changed = (folder: string, name: string | Buffer | null, event: string): void => {
    if (name === null) {
      options.onChange(folder, 'folder');
      return;
    }
    const path = join(folder, name.toString());
    if (options.ignored(path)) return;
    // A link is not entered: it may lead anywhere, even round to where it is. What it leads to
    // inside the site is watched where it really is; the listing decides whether to follow it.
    const stats = statOrUndefined(path, { followLinks: false });
    const known = watched.get(path);
    if (stats?.isDirectory()) {
      // A folder of the same name may be another folder: the one watched was deleted. Where the
      // file system keeps no birth time, a folder that came or went under a name already watched
      // is watched anew all the same.
      if (known?.identity === identity(stats) && (event === 'change' || stats.birthtimeMs > 0)) {
        // Its permissions changed: what it holds may have become readable, or unreadable.
        if (event === 'change') options.onChange(path, 'folder');
        return;
      }
      forget(path);
      enter(path);
      options.onChange(path, 'folder');
    } else if (known) {
      // Gone, or a file or a link stands where the folder was.
      forget(path);
      options.onChange(path, 'folder');
    } else if (stats?.isSymbolicLink()) {
      options.onChange(path, 'folder');
    } else {
      options.onChange(path, event === 'change' && stats?.isFile() ? 'written' : 'file');
    }
  };

  enter(root);
  return {
    verify() {
      let found = false;
      if (!watched.has(root)) enter(root);
      for (const path of [...watched.keys()]) {
        // Dropped meanwhile with a folder above it that was replaced.
        if (!watched.has(path)) continue;
        const stats = statOrUndefined(path, { followLinks: path === root });
        if (recheck(path, stats)) found = true;
      }
      return found;
    },
    close() {
      for (const { watcher } of watched.values()) watcher.close();
      watched.clear();
    },
  };
}
