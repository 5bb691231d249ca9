// Saves as editors make them, shared by the tests and the soak: in place in two parts, or as vim
// does. The writes are synchronous, so that the pause measured is the one between the system
// calls; each save gives the pause it really made, which a busy machine may draw out.
import { closeSync, openSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/** Writes `text` over `file` where it is: the part before `cut`, a pause, then the rest. */
export async function saveInPlace(
  file: string,
  text: string,
  cut: number,
  pauseMs: number,
): Promise<number> {
  const handle = openSync(file, 'w');
  try {
    writeSync(handle, text.slice(0, cut));
    const paused = performance.now();
    await sleep(pauseMs);
    const pause = performance.now() - paused;
    writeSync(handle, text.slice(cut));
    return pause;
  } finally {
    closeSync(handle);
  }
}

/** Renames `file` to a backup, writes `text` as a new file after a pause, removes the backup. */
export async function saveAsVim(file: string, text: string, pauseMs: number): Promise<number> {
  renameSync(file, `${file}~`);
  const paused = performance.now();
  await sleep(pauseMs);
  const pause = performance.now() - paused;
  writeFileSync(file, text);
  rmSync(`${file}~`);
  return pause;
}
