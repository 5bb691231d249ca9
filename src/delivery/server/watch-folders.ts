// Deliver: watches a folder tree with one `fs.watch` per folder, so that an edit costs one stat
// of the path the system names — not a fresh listing of the edited file's folder, which on a
// site of thousands of posts in one folder would cost more than the reload itself.
import { readdirSync, watch, type FSWatcher } from 'node:fs';
import { join, sep } from 'node:path';
import { statOrUndefined } from '../../content/read-sources.js';

/**
 * `file`: a file changed, came or went. `folder`: a folder came or went, a symbolic link changed
 * (it may lead to a folder), or an event named nothing.
 */
export type ChangeKind = 'file' | 'folder';

export interface FolderWatchOptions {
  /** Paths not to watch or report (their folders are not entered). */
  readonly ignored: (path: string) => boolean;
  readonly onChange: (path: string, kind: ChangeKind) => void;
}

export interface FolderWatcher {
  close(): void;
}

/**
 * Starts watching `root` and every folder below it. Each folder is watched before it is listed,
 * so that a folder made meanwhile is still seen: by its parent's watcher, or by the listing.
 */
export function watchFolders(root: string, options: FolderWatchOptions): FolderWatcher {
  const watchers = new Map<string, FSWatcher>();

  const forget = (folder: string): void => {
    for (const [path, watcher] of watchers) {
      if (path === folder || path.startsWith(folder + sep)) {
        watcher.close();
        watchers.delete(path);
      }
    }
  };

  const enter = (folder: string): void => {
    if (watchers.has(folder) || (folder !== root && options.ignored(folder))) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(folder, (_event, name) => changed(folder, name));
    } catch {
      return; // Gone already, or unreadable: its parent's watcher reports it.
    }
    watcher.on('error', () => {
      forget(folder);
      options.onChange(folder, 'folder');
    });
    watchers.set(folder, watcher);
    let names: string[];
    try {
      names = readdirSync(folder, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name);
    } catch {
      return;
    }
    for (const name of names) enter(join(folder, name));
  };

  const changed = (folder: string, name: string | Buffer | null): void => {
    if (name === null) {
      options.onChange(folder, 'folder');
      return;
    }
    const path = join(folder, name.toString());
    if (options.ignored(path)) return;
    // A link is not entered: it may lead anywhere, even round to where it is. What it leads to
    // inside the site is watched where it really is; the listing decides whether to follow it.
    const stats = statOrUndefined(path, { followLinks: false });
    if (stats?.isDirectory()) {
      if (watchers.has(path)) return;
      enter(path);
      options.onChange(path, 'folder');
    } else if (watchers.has(path)) {
      // Gone, or a file or a link stands where the folder was.
      forget(path);
      options.onChange(path, 'folder');
    } else {
      options.onChange(path, stats?.isSymbolicLink() ? 'folder' : 'file');
    }
  };

  enter(root);
  return {
    close() {
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
