// Deliver: reloads a served site when its folder changes, keeping the last good version on errors.
import { relative, sep } from 'node:path';
import { watch } from 'chokidar';
import type { Diagnostic } from '../../errors.js';
import type { ParseCache } from '../../content/parse-cache.js';
import { loadSite, type SiteContent } from '../load-site.js';

export interface WatchOptions {
  readonly siteDir: string;
  /** The cache the site was first loaded with, so that reloads re-read only what changed. */
  readonly cache: ParseCache;
  /** Folders below the site that are output, not input (e.g. `dist`). */
  readonly ignore?: readonly string[];
  /** Called with content that loaded without errors. */
  onReload(content: SiteContent, diagnostics: readonly Diagnostic[]): void;
  /** Called when an edit broke the site; the last good version stays online. */
  onProblems(diagnostics: readonly Diagnostic[]): void;
}

// Editors may write a file in several steps; one reload once they settle is enough. Kept short,
// as it adds to every edit's way online.
const SETTLE_MS = 10;

/** Starts watching and resolves once every folder is watched; the result stops it. */
export async function watchSite(options: WatchOptions): Promise<() => Promise<void>> {
  const ignored = ['dist', 'node_modules', ...(options.ignore ?? [])];
  let timer: NodeJS.Timeout | undefined;
  // Paths changed since the last reload began: a reload looks only at these.
  let changed = new Set<string>();
  let running = false;
  let again = false;

  const reload = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    const paths = [...changed];
    changed = new Set();
    try {
      const { content, diagnostics } = await loadSite(options.siteDir, {
        cache: options.cache,
        checkBodies: false,
        changed: paths,
      });
      if (content) options.onReload(content, diagnostics);
      else options.onProblems(diagnostics);
    } finally {
      running = false;
      if (again) {
        again = false;
        void reload();
      }
    }
  };

  const watcher = watch(options.siteDir, {
    ignoreInitial: true,
    ignored: (path) => {
      const first = relative(options.siteDir, path).split(sep)[0] ?? '';
      return first.startsWith('.') || ignored.includes(first);
    },
  });
  watcher.on('all', (_event, path) => {
    changed.add(path);
    clearTimeout(timer);
    timer = setTimeout(() => void reload(), SETTLE_MS);
  });
  await new Promise<void>((resolve) => watcher.once('ready', resolve));
  return async () => {
    clearTimeout(timer);
    await watcher.close();
  };
}
