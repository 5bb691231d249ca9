// Deliver: the entry of a worker thread running one share of a static export: it answers the
// calls of the exporting thread (see `thread-shard.ts`), one at a time.
import { parentPort, workerData } from 'node:worker_threads';
import { ExportShard, type ShardOptions, type WrittenBatch } from './export-shard.js';
import { flatten, type Call } from './thread-shard.js';

if (!parentPort) throw new Error('shard-worker runs only as a worker thread');
const port = parentPort;
const shard = new ExportShard(workerData as ShardOptions);

// Progress is shown at most every 100 ms: a message for each file read cost each thread of a
// 10,000-post load a third of a second, and the exporting thread as much again to take them.
const PROGRESS_EVERY_MS = 50;
let progressTold = -Infinity;
const progress = (done: number, total: number): void => {
  const now = performance.now();
  if (done < total && now - progressTold < PROGRESS_EVERY_MS) return;
  progressTold = now;
  port.postMessage({ progress: [done, total] });
};

async function answer(call: Call): Promise<unknown> {
  switch (call.method) {
    case 'load':
      return shard.load(progress);
    case 'target':
      return shard.target(call.output);
    case 'write':
      return shard.write(call.paths);
    case 'learn':
      return shard.learn(call.listed);
    case 'checkBodies':
      return shard.checkBodies(call.unpublished);
    case 'keepReads':
      return shard.keepReads();
    case 'packagedPaths':
      return shard.packagedPaths();
    case 'writeSearchPage':
      return shard.writeSearchPage(call.files);
  }
}

/**
 * A batch's result, and the buffers of its index, which cross to the exporting thread moved, not
 * copied. All of a buffer crosses: an array that is a view into a larger one (a kept segment's
 * file) is copied out first.
 */
function moving(result: unknown): { message: unknown; buffers: ArrayBuffer[] } {
  const batch = result as Partial<WrittenBatch> | undefined;
  const search = batch?.search;
  // Only a batch's answer carries an index; the answer to loading tells whether there is search.
  const segment = search?.segment;
  if (!batch || !search || !segment) return { message: result, buffers: [] };
  const arrays = {
    documentFrequency: ownBuffer(segment.documentFrequency),
    lastDocument: ownBuffer(segment.lastDocument),
    postingStarts: ownBuffer(segment.postingStarts),
    postingBytes: ownBuffer(segment.postingBytes),
    lengths: ownBuffer(segment.lengths),
  };
  const moved =
    'ids' in segment
      ? { ...segment, ...arrays, ids: ownBuffer(segment.ids) }
      : { ...segment, ...arrays, terms: ownBuffer(segment.terms) };
  const terms = 'ids' in moved ? moved.ids : moved.terms;
  const buffers = [terms, ...Object.values(arrays)].map((array) => array.buffer as ArrayBuffer);
  return { message: { ...batch, search: { ...search, segment: moved } }, buffers };
}

/** `array` on a buffer of its own: itself, or a copy. */
function ownBuffer<T extends Uint8Array | Uint32Array>(array: T): T {
  const whole = array.byteOffset === 0 && array.byteLength === array.buffer.byteLength;
  return whole ? array : (array.slice() as T);
}

port.on('message', (call: Call) => {
  answer(call).then(
    (result) => {
      // An answer that cannot cross fails the call, named, rather than the thread.
      try {
        const { message, buffers } = moving(result);
        port.postMessage({ id: call.id, result: message }, buffers);
      } catch (cause) {
        port.postMessage({ id: call.id, failure: flatten(cause) });
      }
    },
    (cause: unknown) => port.postMessage({ id: call.id, failure: flatten(cause) }),
  );
});
