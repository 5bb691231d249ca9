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

/** The buffers of a batch's index, which cross to the exporting thread moved, not copied. */
function movedBuffers(result: unknown): ArrayBuffer[] {
  const segment = (result as Partial<WrittenBatch> | undefined)?.search?.segment;
  if (!segment) return [];
  const { documentFrequency, lastDocument, postingStarts, postingBytes, lengths } = segment;
  const terms = 'ids' in segment ? segment.ids : segment.terms;
  return [terms, documentFrequency, lastDocument, postingStarts, postingBytes, lengths].map(
    (array) => array.buffer as ArrayBuffer,
  );
}

port.on('message', (call: Call) => {
  answer(call).then(
    (result) => {
      // An answer that cannot cross fails the call, named, rather than the thread.
      try {
        port.postMessage({ id: call.id, result }, movedBuffers(result));
      } catch (cause) {
        port.postMessage({ id: call.id, failure: flatten(cause) });
      }
    },
    (cause: unknown) => port.postMessage({ id: call.id, failure: flatten(cause) }),
  );
});
