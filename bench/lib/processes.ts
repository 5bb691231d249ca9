// Every process the benchmark starts goes through here: each runs in its own process group, is
// tracked until it exits, and is stopped — with whatever it started — on a time-out, at the end of
// the run, on an error and on Ctrl+C.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readdir, readFile, rename, rm, statfs } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

const running = new Set<ChildProcess>();
/** Set once the benchmark is stopping: from then on, nothing new is started. */
let closing = false;
/** Output kept per stream: enough for any error message or report we parse. */
const KEEP_CHARS = 1 << 20;

export interface StartOptions {
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
}

/**
 * Variables of this shell that no blogger's machine sets and that would tax every engine's start:
 * `NODE_EXTRA_CA_CERTS` has Node parse a whole bundle of certificates before any code runs
 * (90 ms a process on the benchmark's machines), and no engine makes a TLS connection.
 */
export const LEFT_OUT_OF_ENV = ['NODE_EXTRA_CA_CERTS'] as const;

/** The environment every engine and server runs in: this one, less `LEFT_OUT_OF_ENV`, plus `extra`. */
export function engineEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  for (const name of LEFT_OUT_OF_ENV) delete env[name];
  return env;
}

/** Starts a process in its own group, with piped output, and tracks it until it exits. */
export function launch(
  command: string,
  args: readonly string[],
  options: StartOptions = {},
): ChildProcess {
  if (closing) throw new Error('the benchmark is stopping');
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? engineEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  child.once('error', () => running.delete(child));
  return child;
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is gone already.
  }
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Asks a process (and its group) to stop; kills the group if it has not within `graceMs`. */
export async function stop(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (!exited(child)) {
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    signalGroup(child, 'SIGTERM');
    const stopped = await Promise.race([gone.then(() => true), sleep(graceMs).then(() => false)]);
    if (!stopped) {
      signalGroup(child, 'SIGKILL');
      await Promise.race([gone, sleep(graceMs)]);
    }
  }
  // Whatever the process left behind in its group goes too.
  signalGroup(child, 'SIGKILL');
  running.delete(child);
}

/** Stops every running process and refuses to start any other. */
export async function stopAll(): Promise<void> {
  closing = true;
  await Promise.all([...running].map((child) => stop(child)));
}

/** Last resort when the benchmark's own process ends: no waiting possible, kill outright. */
export function killAllNow(): void {
  closing = true;
  for (const child of running) signalGroup(child, 'SIGKILL');
}

export interface RunOptions extends StartOptions {
  readonly timeoutMs: number;
  /** Called with the process as soon as it is started. */
  readonly onStart?: (child: ChildProcess) => void;
}

export interface RunResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Wall-clock time from start to exit. */
  readonly ms: number;
  readonly timedOut: boolean;
}

/** Runs a command to its end (or until `timeoutMs`, when its group is stopped). */
export async function run(
  command: string,
  args: readonly string[],
  options: RunOptions,
): Promise<RunResult> {
  const started = performance.now();
  const child = launch(command, args, options);
  options.onStart?.(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8');
  child.stderr?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    stdout = (stdout + chunk).slice(-KEEP_CHARS);
  });
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-KEEP_CHARS);
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void stop(child);
  }, options.timeoutMs);
  try {
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>(
      (resolve, reject) => {
        child.once('error', reject);
        child.once('close', (exitCode, exitSignal) => resolve([exitCode, exitSignal]));
      },
    );
    return { code, signal, stdout, stderr, ms: performance.now() - started, timedOut };
  } finally {
    clearTimeout(timer);
  }
}

export interface Measured extends RunResult {
  /**
   * Peak resident set size of the run, in bytes: the kernel's high-water mark of its largest
   * process (worker threads included, as they share their process' memory), or the sampled sum
   * over all its processes when that was higher (an engine that forks).
   */
  readonly peakRss: number;
  /** The most processes the command ran at once (1 for a single process, however many threads). */
  readonly processes: number;
  /**
   * Processor time of the run, user and system, in ms (NaN if it was stopped): less swayed than
   * the wall-clock time by other work of a shared machine, which takes turns on its processors.
   */
  readonly cpuMs: number;
}

// Often enough to see a forked helper's memory, rarely enough to cost nothing measurable.
const SAMPLE_MS = 250;

/**
 * Runs a command under GNU time (`/usr/bin/time -v`) for its peak memory. The wall-clock time is
 * taken here, around the whole run.
 */
export async function measure(
  time: string,
  command: string,
  args: readonly string[],
  options: RunOptions & { readonly reportFile: string },
): Promise<Measured> {
  await rm(options.reportFile, { force: true });
  let sampledPeak = 0;
  let processes = 0;
  let timePid: number | undefined;
  const running = run(time, ['-v', '-o', options.reportFile, command, ...args], {
    ...options,
    onStart: (child) => (timePid = child.pid),
  });
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      await sleep(SAMPLE_MS);
      if (!sampling || timePid === undefined) continue;
      // GNU time itself is left out: it is the measuring tool, not the measured command.
      const tree = (await processTree(timePid)).filter((p) => p.pid !== timePid);
      sampledPeak = Math.max(
        sampledPeak,
        tree.reduce((sum, p) => sum + p.rss, 0),
      );
      processes = Math.max(processes, tree.length);
    }
  })();
  const result = await running;
  sampling = false;
  await sampler;
  let peakRss = Number.NaN;
  let cpuMs = Number.NaN;
  try {
    const report = await readFile(options.reportFile, 'utf8');
    const kilobytes = /Maximum resident set size \(kbytes\): (\d+)/.exec(report)?.[1];
    if (kilobytes) peakRss = Number(kilobytes) * 1024;
    const seconds = (name: string) =>
      Number(new RegExp(`${name} time \\(seconds\\): ([\\d.]+)`).exec(report)?.[1]);
    cpuMs = (seconds('User') + seconds('System')) * 1000;
  } catch {
    // No report: the run was stopped before it ended; the samples are all there is.
  }
  if (!(peakRss >= sampledPeak)) peakRss = sampledPeak > 0 ? sampledPeak : peakRss;
  return { ...result, peakRss, processes: Math.max(processes, 1), cpuMs };
}

interface TreeProcess {
  readonly pid: number;
  /** Resident memory, in bytes. */
  readonly rss: number;
}

/** A process and its descendants with their resident memory now (Linux /proc). */
async function processTree(pid: number): Promise<TreeProcess[]> {
  const found: TreeProcess[] = [];
  const pending = [pid];
  while (pending.length > 0) {
    const current = pending.pop() as number;
    let tasks: string[];
    try {
      const status = await readFile(`/proc/${current}/status`, 'utf8');
      const kilobytes = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
      found.push({ pid: current, rss: kilobytes * 1024 });
      tasks = await readdir(`/proc/${current}/task`);
    } catch {
      continue; // The process has gone.
    }
    // Any thread may have started a child (Go programs fork from whichever thread runs).
    for (const task of tasks) {
      try {
        const children = await readFile(`/proc/${current}/task/${task}/children`, 'utf8');
        pending.push(...children.split(/\s+/).filter(Boolean).map(Number));
      } catch {
        // The thread has ended.
      }
    }
  }
  return found;
}

/** Resident memory of a process and its descendants now, in bytes (Linux /proc). */
export async function residentMemory(pid: number): Promise<number> {
  return (await processTree(pid)).reduce((sum, p) => sum + p.rss, 0);
}

// A few seconds: on a virtual disk with discard, the flush and the discards that follow a large
// deletion go on for a while after the call returns.
export const SETTLE_MS = 2500;

/**
 * Writes what is pending to disk and waits a moment, so that the work a deletion or a big write
 * leaves behind (flushing, discards, reclaiming pages) is not billed to the run that follows.
 */
export async function settle(ms = SETTLE_MS): Promise<void> {
  await run('sync', [], { timeoutMs: 300_000 });
  await sleep(ms);
}

let setAsideCount = 0;

// What `statfs` names a tmpfs (a RAM disk) by.
const TMPFS_MAGIC = 0x01021994;

/**
 * Removes `path`, if it exists, before a timed build. On a RAM disk it is deleted. On a disk it is
 * moved into the folder `aside` (which must be on the same disk) instead: on this project's
 * virtual disks, mounted with `discard`, creating files for about a minute after a large deletion
 * costs several times the system time it costs on a settled disk (10,000 folders with a page each:
 * 0.5 to 0.7 s, against 4.8 to 5.8 s two seconds after deleting such a tree), which the build would
 * be billed. Delete `aside` once the timing is over.
 */
export async function setAside(path: string, aside: string): Promise<void> {
  const disk = await statfs(dirname(path)).catch(() => undefined);
  if (disk === undefined || disk.type === TMPFS_MAGIC) {
    await rm(path, { recursive: true, force: true });
    return;
  }
  await mkdir(aside, { recursive: true });
  await rename(path, join(aside, `${process.pid}-${++setAsideCount}`)).catch(
    (cause: NodeJS.ErrnoException) => {
      if (cause.code !== 'ENOENT') throw cause;
    },
  );
}
