// Load: the site's `.folio/cache/` folder, where a build keeps what saves the next one work.
// Everything in it may be deleted at any time. And the folders a process of Folio works in, named
// after it, which another removes once that process no longer runs.
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { stampOf } from '../content/site-layout.js';

export const SITE_CACHE_DIR = join('.folio', 'cache');

/**
 * How many entries a file of the cache that holds one per post may be behind on — found anew,
 * added or gone since it was written — before it is written again. Rewriting such a file costs a
 * large site's build 0.1 to 0.2 s, whatever the number; finding one entry again, a fraction of a
 * millisecond: after a few edits a build finds those few again rather than rewrite the file.
 */
export const STALE_ENTRIES_KEPT = 64;

/**
 * Leaves a `.gitignore` in `folder`, which holds `what`, unless one is there: a site kept in Git
 * would otherwise list the cache as a change to commit.
 */
export function keepOutOfGit(folder: string, what: string): void {
  try {
    writeFileSync(
      join(folder, '.gitignore'),
      `# ${what} that folio build keeps for the next build: safe to delete, never to commit.\n*\n`,
      { flag: 'wx' },
    );
  } catch {
    // There already, or another thread's.
  }
}

/**
 * What this process last read from, or wrote to, files of the cache, with how each file stood
 * then (size, time and inode): a build run again in the same process (`folio build --watch`) takes
 * it from memory while the file stands as it was, where reading `reads.bin` again alone cost a
 * rebuild at 10,000 posts 0.3 s. A file changed since, by another build, is read again.
 */
const keptInMemory = new Map<string, { readonly stamp: string; readonly value: unknown }>();

function stampNow(file: string): string | undefined {
  const info = statSync(file, { throwIfNoEntry: false });
  return info && stampOf(info);
}

/**
 * What `decode` makes of the bytes of the cache's `file`, taken from memory while the file stands
 * as this process last read or wrote it. `decode` throws as reading the file does; what it gives
 * is shared by every later read, and must not be changed.
 */
export function readCacheFile<T>(file: string, decode: (bytes: Buffer) => T): T {
  const stamp = stampNow(file);
  const last = keptInMemory.get(file);
  if (stamp !== undefined && last?.stamp === stamp) return last.value as T;
  const value = decode(readFileSync(file));
  if (stamp !== undefined) keptInMemory.set(file, { stamp, value });
  return value;
}

/**
 * Writes `content` to the cache's `file`, aside first and then renamed over it: another thread, or
 * a stopped build, never leaves half a file. Answers whether it was written; a file the cache
 * cannot write (a read-only site folder) only costs the next build the work it would have saved.
 * With `value`, what `content` decodes to, a later `readCacheFile` of this process takes that.
 */
export function writeCacheFile(
  file: string,
  content: string | Uint8Array,
  value?: unknown,
): boolean {
  const aside = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(aside, content);
    renameSync(aside, file);
    const stamp = value === undefined ? undefined : stampNow(file);
    if (stamp === undefined) keptInMemory.delete(file);
    else keptInMemory.set(file, { stamp, value });
    return true;
  } catch {
    try {
      // A half-written file aside, if the disk filled up as it was written.
      rmSync(aside, { force: true });
    } catch {
      // No folder to write in, so nothing was written.
    }
    return false;
  }
}

/** Whether process `pid` runs: as another user, too. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (cause) {
    return (cause as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The process that named the folder `name` — `prefix`, then the process's id, `-` and a stamp —
 * if `name` is such a name: a folder that merely begins alike is not Folio's.
 */
export function folderProcess(name: string, prefix: string): number | undefined {
  if (!name.startsWith(prefix)) return undefined;
  const stamp = /^(\d+)-[0-9A-Za-z]+$/.exec(name.slice(prefix.length));
  return stamp ? Number(stamp[1]) : undefined;
}

/**
 * Removes the folders in `folder` that processes of Folio left when they were stopped (Ctrl+C, a
 * crash, a kill): known by their names (see `folderProcess`), and only those of processes no
 * longer running.
 */
export async function removeAbandonedFolders(folder: string, prefix: string): Promise<void> {
  const names = await readdir(folder).catch((cause: NodeJS.ErrnoException) => {
    if (cause.code === 'ENOENT') return [];
    throw cause;
  });
  for (const name of names) {
    const pid = folderProcess(name, prefix);
    if (pid !== undefined && !isRunning(pid)) {
      await rm(join(folder, name), { recursive: true, force: true });
    }
  }
}
