// Deliver: the handle through which the exporting thread drives a share of the export running on
// a worker thread (`shard-worker.ts`). The thread answers one call at a time, in order.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SearchFiles } from '../../search/shards.js';
import type {
  CheckedBodies,
  ListedPost,
  ShardOptions,
  ShardOutput,
  ShardPlan,
  WrittenBatch,
} from './export-shard.js';

/** What the exporting thread needs of a share, wherever it runs. */
export interface Shard {
  load(onProgress?: (done: number, total: number) => void): Promise<ShardPlan>;
  target(output: ShardOutput): Promise<void>;
  write(paths: readonly string[]): Promise<WrittenBatch>;
  learn(listed: readonly ListedPost[]): Promise<void>;
  checkBodies(unpublished: boolean): Promise<CheckedBodies>;
  keepReads(): Promise<void>;
  packagedPaths(): Promise<string[]>;
  writeSearchPage(files: SearchFiles): Promise<WrittenBatch>;
  close(): Promise<void>;
}

/** A call as the exporting thread sends it; the thread answers with the same `id`. */
export type Call = ShardCall & { readonly id: number };

type ShardCall =
  | { readonly method: 'load' }
  | { readonly method: 'target'; readonly output: ShardOutput }
  | { readonly method: 'write'; readonly paths: readonly string[] }
  | { readonly method: 'learn'; readonly listed: readonly ListedPost[] }
  | { readonly method: 'checkBodies'; readonly unpublished: boolean }
  | { readonly method: 'keepReads' }
  | { readonly method: 'packagedPaths' }
  | { readonly method: 'writeSearchPage'; readonly files: SearchFiles };

export type Message =
  | { readonly id: number; readonly result: unknown }
  | { readonly id: number; readonly failure: Failure }
  | { readonly progress: readonly [done: number, total: number] };

/** An error as it crosses threads: structured cloning would drop `code` and `path`. */
export interface Failure {
  readonly message: string;
  readonly stack?: string | undefined;
  readonly code?: string | undefined;
  readonly path?: string | undefined;
}

/** The fewest posts whose export threads pay off: a thread's start-up pays off only in bulk. */
export const POSTS_FOR_THREADS = 2000;

/** How many threads an export of `posts` posts is worth. */
export function threadsFor(posts: number): number {
  return posts < POSTS_FOR_THREADS ? 1 : Math.min(availableParallelism(), 4);
}

export class ThreadShard implements Shard {
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve: (value: never) => void; reject: (e: Error) => void }
  >();
  #nextId = 0;
  #onProgress: ((done: number, total: number) => void) | undefined;
  #exited: Error | undefined;

  constructor(options: ShardOptions) {
    // Under a TypeScript loader (the tests) this module is a .ts file, and so is the thread's.
    const entry = new URL(
      `./shard-worker.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`,
      import.meta.url,
    );
    // A share's ports to the other threads go with it, moved to its thread.
    this.#worker = new Worker(entry, {
      workerData: options,
      transferList: [...(options.readPart?.peers ?? [])],
    });
    this.#worker.on('message', (message: Message) => this.#receive(message));
    this.#worker.on('error', (cause) => this.#fail(cause));
    this.#worker.on('exit', (code) => {
      this.#fail(new Error(`an export thread stopped (exit code ${code})`));
    });
  }

  load(onProgress?: (done: number, total: number) => void): Promise<ShardPlan> {
    this.#onProgress = onProgress;
    return this.#call({ method: 'load' });
  }

  target(output: ShardOutput): Promise<void> {
    return this.#call({ method: 'target', output });
  }

  write(paths: readonly string[]): Promise<WrittenBatch> {
    return this.#call({ method: 'write', paths });
  }

  learn(listed: readonly ListedPost[]): Promise<void> {
    return this.#call({ method: 'learn', listed });
  }

  checkBodies(unpublished: boolean): Promise<CheckedBodies> {
    return this.#call({ method: 'checkBodies', unpublished });
  }

  keepReads(): Promise<void> {
    return this.#call({ method: 'keepReads' });
  }

  packagedPaths(): Promise<string[]> {
    return this.#call({ method: 'packagedPaths' });
  }

  writeSearchPage(files: SearchFiles): Promise<WrittenBatch> {
    return this.#call({ method: 'writeSearchPage', files });
  }

  async close(): Promise<void> {
    this.#exited ??= new Error('the export thread was closed');
    await this.#worker.terminate();
  }

  #call<T>(call: ShardCall): Promise<T> {
    if (this.#exited) return Promise.reject(this.#exited);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...call, id });
    });
  }

  #receive(message: Message): void {
    if ('progress' in message) {
      this.#onProgress?.(...message.progress);
      return;
    }
    const pending = this.#pending.get(message.id);
    this.#pending.delete(message.id);
    if ('failure' in message) pending?.reject(revive(message.failure));
    else pending?.resolve(message.result as never);
  }

  #fail(cause: Error): void {
    this.#exited ??= cause;
    for (const pending of this.#pending.values()) pending.reject(cause);
    this.#pending.clear();
  }
}

export function revive(failure: Failure): Error {
  const error = Object.assign(new Error(failure.message), {
    code: failure.code,
    path: failure.path,
  });
  if (failure.stack) error.stack = failure.stack;
  return error;
}

export function flatten(cause: unknown): Failure {
  if (!(cause instanceof Error)) return { message: String(cause) };
  const { code, path } = cause as NodeJS.ErrnoException;
  return { message: cause.message, stack: cause.stack, code, path };
}
