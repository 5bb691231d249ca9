// Deliver: looks through an output folder on a thread of its own. Listing a large export and
// looking at each file its manifest lists cost a rebuild at 10,000 posts half a second of the
// exporting thread, which meanwhile loads the site, and later finishes the index and manifest.
import { Worker } from 'node:worker_threads';
import type { Manifest } from './build-manifest.js';
import { lookThrough, type OutputLook } from './output-folder.js';
import { revive, type Failure } from './thread-shard.js';

/**
 * A look the thread is asked for (see `lookThrough`), numbered as asked; or the manifest a build
 * just wrote into the folder, for the thread to keep for its next look (see `remember`).
 */
export type LookCall =
  | { readonly id: number; readonly manifest: boolean }
  | { readonly written: Manifest; readonly stamp: string };

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

  /**
   * Hands the thread the manifest a build just wrote into the folder, with the stamp its file had
   * once written, which it then keeps for as long as the file stands so, rather than read it again at its next look (0.1 s at
   * 10,000 posts, which a rebuild in `folio build --watch` waited for). Only for a looker kept
   * from one build to the next: a thread that keeps it holds tens of megabytes.
   */
  remember(manifest: Manifest, stamp: string): void {
    if (!this.#stopped) this.#worker?.postMessage({ written: manifest, stamp } satisfies LookCall);
  }

  /** Whether the thread has stopped, or was closed: it looks no more. */
  get stopped(): boolean {
    return this.#stopped !== undefined;
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

/**
 * Lookers kept from one build to the next by a process that builds again and again
 * (`folio build --watch`), one for each output folder: the thread starts once, and its code is
 * compiled once. A looker started anew cost a rebuild at 10,000 posts about a quarter of a second
 * more, spent waiting for the look.
 */
export class KeptLookers {
  readonly #lookers = new Map<string, OutputLooker>();

  /** The looker through `folder`, started now unless one is kept and still runs. */
  lookerFor(folder: string): OutputLooker {
    const kept = this.#lookers.get(folder);
    if (kept && !kept.stopped) return kept;
    const looker = new OutputLooker(folder);
    this.#lookers.set(folder, looker);
    return looker;
  }

  async close(): Promise<void> {
    const lookers = [...this.#lookers.values()];
    this.#lookers.clear();
    await Promise.all(lookers.map((looker) => looker.close()));
  }
}
