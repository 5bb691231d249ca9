// Deliver: the entry of the thread that looks through an output folder (see `output-look.ts`):
// it answers each look asked, in order.
import { parentPort, workerData } from 'node:worker_threads';
import { lookThrough } from './output-folder.js';
import type { LookAnswer, LookCall } from './output-look.js';
import { flatten } from './thread-shard.js';

if (!parentPort) throw new Error('output-look-worker runs only as a worker thread');
const port = parentPort;
const folder = workerData as string;

port.on('message', ({ id, manifest }: LookCall) => {
  lookThrough(folder, manifest).then(
    (look) => port.postMessage({ id, look } satisfies LookAnswer),
    (cause: unknown) => port.postMessage({ id, failure: flatten(cause) } satisfies LookAnswer),
  );
});
