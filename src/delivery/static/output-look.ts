// Deliver: looks through an output folder on a thread of its own. Listing a large export and
// looking at each file its manifest lists cost a rebuild at 10,000 posts half a second of the
// exporting thread, which meanwhile loads the site, and later finishes the index and manifest.
import { Worker } from 'node:worker_threads';
import { lookThrough, type OutputLook } from './output-folder.js';
import { revive, type Failure } from './thread-shard.js';

/** A look the thread is asked for (see `lookThrough`), numbered as asked. */
export interface LookCall {
  readonly id: number;
  readonly manifest: boolean;
}

export type LookAnswer =
  | { readonly id: number; readonly look: OutputLook }
  | { readonly id: number; readonly failure: Failure };

/**
 * `lookThrough(folder, …)`, as often as asked, on one thread: a later look finds the manifest that
 * an earlier one read and checked. A failed look is answered as it would be on this thread; the
 * thread runs until `close`.
 */
export class OutputLooker {
  readonly #folder: string;
  readonly #worker: Worker | undefined;
  readonly #pending = new Map<
    number,
    { resolve: (look: OutputLook) => void; reject: (cause: Error) => void }
  >();
  #next = 0;
  #stopped: Error | undefined;

  constructor(folder: string) {
    this.#folder = folder;
    // Under a TypeScript loader (the tests) a thread could not load its entry, a .ts file: the
    // looks are done on this thread.
    if (import.meta.url.endsWith('.ts')) return;
    this.#worker = new Worker(new URL('./output-look-worker.js', import.meta.url), {
      workerData: folder,
    });
    this.#worker.on('message', (answer: LookAnswer) => {
      const pending = this.#pending.get(answer.id);
      this.#pending.delete(answer.id);
      if ('look' in answer) pending?.resolve(answer.look);
      else pending?.reject(revive(answer.failure));
    });
    this.#worker.on('error', (cause) => this.#stop(cause));
    this.#worker.on('exit', (code) => {
      this.#stop(new Error(`the thread looking through ${folder} stopped (exit code ${code})`));
    });
  }

  /** What the folder holds that no build wrote and, with `manifest`, what of its files changed. */
  look(manifest: boolean): Promise<OutputLook> {
    if (!this.#worker) return lookThrough(this.#folder, manifest);
    if (this.#stopped) return Promise.reject(this.#stopped);
    const worker = this.#worker;
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ id, manifest } satisfies LookCall);
    });
  }

  async close(): Promise<void> {
    this.#stopped ??= new Error(`the look through ${this.#folder} was closed`);
    await this.#worker?.terminate();
  }

  #stop(cause: Error): void {
    this.#stopped ??= cause;
    for (const pending of this.#pending.values()) pending.reject(cause);
    this.#pending.clear();
  }
}
