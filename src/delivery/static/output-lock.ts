// Deliver: one build at a time into an output folder. Two builds writing one folder would each
// put in place its own files and delete the other's, and leave a manifest that lists neither's
// output; so a build holds a lock beside the folder, `.NAME.lock`, from before it looks at the
// folder until it is done, and a second build is refused with who holds it. A lock whose process
// no longer runs (a build stopped by Ctrl+C, a crash) is taken over.
import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { isRunning } from '../../load/site-cache.js';
import { OutputRefused } from './output-folder.js';

/** What a lock file says of the build that holds it. */
interface LockHolder {
  readonly pid: number;
  /** Told apart from another build of the same process, as a server's or a test's may be. */
  readonly token: string;
  /** When the build started, as an ISO date: for the person reading the refusal. */
  readonly since: string;
}

/** A held lock on an output folder, released once the build is done. */
export interface OutputLock {
  release(): Promise<void>;
}

/**
 * Takes the lock on the output folder `outDir` (its real path); throws `OutputRefused`, naming the
 * build that holds it and the lock file, while another build that still runs holds it.
 */
export async function lockOutput(outDir: string, asNamed = outDir): Promise<OutputLock> {
  const path = join(dirname(outDir), `.${basename(outDir)}.lock`);
  const holder: LockHolder = {
    pid: process.pid,
    token: randomUUID(),
    since: new Date().toISOString(),
  };
  // Written whole under a name of its own, then linked to the lock's name: linking fails where a
  // lock is, and a lock is never seen half-written.
  const draft = `${path}.${holder.token}`;
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(draft, `${JSON.stringify(holder)}\n`, { flag: 'wx' });
  } catch (cause) {
    // A folder whose parent is read-only is built file by file inside it, with no lock beside.
    if (isUnwritable(cause)) return { release: () => Promise.resolve() };
    throw cause;
  }
  try {
    for (;;) {
      try {
        await placeLock(draft, path, holder);
        break;
      } catch (cause) {
        if ((cause as NodeJS.ErrnoException).code !== 'EEXIST') throw cause;
      }
      const held = await readHolder(path);
      if (held === 'gone') continue;
      if (!held) {
        throw new OutputRefused(
          `${path} is in the way of the lock a build takes beside ${asNamed}, and folio build did not write it. Move it, or build into another --out.`,
        );
      }
      if (isRunning(held.pid)) {
        throw new OutputRefused(
          `another folio build (process ${held.pid}, started ${held.since}) is writing ${asNamed}. Wait for it to end; if no build runs, delete ${path}.`,
          true,
        );
      }
      await removeStale(path, held, `${path}.stale-${holder.token}`);
    }
  } finally {
    await rm(draft, { force: true });
  }
  return {
    release: async () => {
      // Only its own: a lock taken over from this build, thought stopped, is the other's.
      const held = await readHolder(path);
      if (held !== 'gone' && held?.token === holder.token) await rm(path, { force: true });
    },
  };
}

/**
 * Puts the lock, written whole at `draft`, at `path`; fails with EEXIST where one is. A file system
 * without hard links (FAT on a memory stick, some network shares) gets it written in place,
 * created only if absent.
 */
async function placeLock(draft: string, path: string, holder: LockHolder): Promise<void> {
  try {
    await link(draft, path);
  } catch (cause) {
    const { code } = cause as NodeJS.ErrnoException;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS' && code !== 'EOPNOTSUPP') {
      throw cause;
    }
    await writeFile(path, `${JSON.stringify(holder)}\n`, { flag: 'wx' });
  }
}

/**
 * Removes the lock of `held`, whose build was stopped: moved aside first, so that of two builds
 * that found it stopped one alone removes it, and put back if it was another's by then.
 */
async function removeStale(path: string, held: LockHolder, aside: string): Promise<void> {
  try {
    await rename(path, aside);
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw cause;
  }
  const moved = await readHolder(aside);
  if (moved !== 'gone' && moved?.token !== held.token)
    await link(aside, path).catch(() => undefined);
  await rm(aside, { force: true });
}

/** The holder a lock file names; `undefined` for a file that is not a lock Folio wrote. */
async function readHolder(path: string): Promise<LockHolder | 'gone' | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw cause;
  }
  try {
    const held = JSON.parse(text) as Partial<LockHolder>;
    return Number.isInteger(held.pid) && typeof held.token === 'string'
      ? { pid: held.pid as number, token: held.token, since: String(held.since) }
      : undefined;
  } catch {
    return undefined;
  }
}

const isUnwritable = (cause: unknown): boolean =>
  ['EACCES', 'EPERM', 'EROFS'].includes((cause as NodeJS.ErrnoException).code ?? '');
