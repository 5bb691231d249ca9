// The server's memory as the soak reads it: VmRSS from /proc, sampled through the end of a run.
//
// One reading says little on its own: V8 lets garbage pile up in the old generation between major
// collections (under this load, from about 70 MB of live heap to about 270 MB), so the RSS of an
// idle server that does not leak still lands anywhere in a 250–400 MB band, depending on when the
// last collection ran. The floor of the readings, what the process comes back to after each major
// collection, is what grows when memory leaks; the peak and a reading after a quiet pause are shown
// beside it.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { residentMemory } from '../../bench/lib/processes.js';
import { formatBytes } from '../../bench/lib/stats.js';

export interface Memory {
  /** The lowest reading over the window and the pause after it. */
  readonly floor: number;
  readonly peak: number;
  /** The reading after the pause. */
  readonly settled: number;
  readonly windowMs: number;
}

const EVERY_MS = 250;
// Quiet time before the last reading, so that it is not taken in the middle of a burst.
const PAUSE_MS = 3_000;

/** Samples the memory of `pid` while `work` runs, and through a pause after it. */
export async function measureMemory<T>(
  pid: number,
  work: Promise<T>,
  windowMs: number,
): Promise<{ value: T; memory: Memory }> {
  const samples: { at: number; rss: number }[] = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      samples.push({ at: performance.now(), rss: await residentMemory(pid) });
      await sleep(EVERY_MS);
    }
  })();
  const value = await work;
  const from = performance.now() - windowMs;
  await sleep(PAUSE_MS);
  sampling = false;
  await sampler;
  const settled = await residentMemory(pid);
  const recent = [...samples.filter((sample) => sample.at >= from).map((s) => s.rss), settled];
  return {
    value,
    memory: { floor: Math.min(...recent), peak: Math.max(...recent), settled, windowMs },
  };
}

export function formatMemory(memory: Memory): string {
  return `floor ${formatBytes(memory.floor)} (${formatBytes(memory.floor)}–${formatBytes(memory.peak)} over its last ${memory.windowMs / 1000} s, ${formatBytes(memory.settled)} after a ${PAUSE_MS / 1000} s pause)`;
}
