// Test support: the `folio` command as a user runs it, from the built bin/folio.js.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import assert from 'node:assert/strict';
import { chown, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { REPO_ROOT } from './serve-fixture.js';

export const BIN = join(REPO_ROOT, 'bin', 'folio.js');

export interface Finished {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunOptions {
  /** The folder it runs in; by default the repository's. */
  readonly cwd?: string;
  /** An installed `folio` command to run instead of this checkout's bin/folio.js. */
  readonly command?: string;
  /** The user and group to run as (see `unprivileged`), instead of the test's own. */
  readonly user?: { readonly uid: number; readonly gid: number } | undefined;
}

/** Starts `folio ARGS`; `PORT` and `HOST` of the test's own environment are left out. */
export function folio(
  args: readonly string[],
  options: RunOptions = {},
): ChildProcessWithoutNullStreams {
  const [command, ...before] = options.command ? [options.command] : [process.execPath, BIN];
  return spawn(command, [...before, ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    env: { ...process.env, PORT: '', HOST: '' },
    ...options.user,
  });
}

// The user `nobody` of most systems.
const NOBODY = { uid: 65534, gid: 65534 };

/**
 * A user whom file permissions bind, for a test of a folder that cannot be read: root reads every
 * folder, so a test run as root hands `dir` to `nobody` and runs Folio as that user; any other
 * user is bound already, and runs Folio as itself (undefined).
 */
export async function unprivileged(
  dir: string,
): Promise<{ readonly uid: number; readonly gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const entries = await readdir(dir, { recursive: true });
  for (const path of [dir, ...entries.map((entry) => join(dir, entry))]) {
    await chown(path, NOBODY.uid, NOBODY.gid);
  }
  return NOBODY;
}

/** Runs `folio ARGS` to its end. */
export async function run(args: readonly string[], options: RunOptions = {}): Promise<Finished> {
  const child = folio(args, options);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}

/** Waits until the server prints its address, and returns it; keeps reading its output. */
export function serverUrl(child: ChildProcessWithoutNullStreams): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /at (http:\/\/\S+?)\/?\s/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('close', () => reject(new Error(`the server printed no address: ${output}`)));
  });
}

/**
 * Runs `folio serve ARGS` until it prints its address, fetches `/`, and stops it with SIGTERM:
 * what a visitor got, and how the server ended.
 */
export async function serveOnce(
  args: readonly string[],
  options: RunOptions = {},
): Promise<{ status: number; page: string } & Finished> {
  const child = folio(['serve', ...args], options);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const closed = once(child, 'close');
  try {
    const url = await serverUrl(child).catch((cause: Error) => {
      throw new Error(`${cause.message}\n${stderr}`);
    });
    const response = await fetch(`${url}/`);
    const page = await response.text();
    child.kill('SIGTERM');
    const [code] = (await closed) as [number | null];
    return { status: response.status, page, code, stdout, stderr };
  } finally {
    child.kill('SIGKILL');
  }
}

/**
 * Runs `folio ARGS` — a command that watches, `build --watch` — until it says it is watching, then
 * stops it as Ctrl+C does: what it printed, and how it ended.
 */
export async function watchOnce(
  args: readonly string[],
  options: RunOptions = {},
): Promise<Finished> {
  const child = folio(args, options);
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const closed = once(child, 'close');
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('Watching for changes')) resolve();
      });
      void closed.then(() => reject(new Error(`it stopped before watching: ${stdout}${stderr}`)));
    });
    child.kill('SIGINT');
    const [code] = (await closed) as [number | null];
    return { code, stdout, stderr };
  } finally {
    child.kill('SIGKILL');
  }
}

/**
 * Polls until `check` holds, as a watching server reloads on its own within moments; fails with
 * `explain()` (e.g. what the server printed) when it never does.
 */
export async function eventually(
  check: () => Promise<boolean>,
  explain: () => string,
  timeoutMs = 5000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(`the server did not get there in ${timeoutMs} ms; ${explain()}`);
}

/** Every file below `root` with its bytes, by relative path: to see that a folder is as it was. */
export async function snapshot(root: string): Promise<Map<string, string>> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = new Map<string, string>();
  for (const entry of entries.filter((e) => e.isFile())) {
    const path = join(entry.parentPath, entry.name);
    files.set(path.slice(root.length + 1), (await readFile(path)).toString('base64'));
  }
  return files;
}

/**
 * Asserts that the output `out` of the site `site` holds the very files a build from nothing
 * writes (into `whole` beside the site), the build's own `.folio…` records aside.
 */
export async function assertSameAsFullBuild(site: string, out: string): Promise<void> {
  const whole = join(site, '..', 'whole');
  await rm(whole, { recursive: true, force: true });
  const full = await run(['build', site, '--out', whole, '--full']);
  assert.equal(full.code, 0, full.stderr);
  const outputOnly = (files: Map<string, string>) =>
    new Map([...files].filter(([path]) => !path.startsWith('.folio')));
  assert.deepEqual(outputOnly(await snapshot(out)), outputOnly(await snapshot(whole)));
}
