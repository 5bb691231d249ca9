// Deliver: the entry of the thread that looks through an output folder (see `output-look.ts`):
// it answers each look asked, in order.
import { parentPort, workerData } from 'node:worker_threads';
import { forgetReadManifests } from './build-manifest.js';
import { lookThrough, type OutputLook, writtenFiles } from './output-folder.js';
import type { LookAnswer, LookCall } from './output-look.js';
import { flatten } from './thread-shard.js';

if (!parentPort) throw new Error('output-look-worker runs only as a worker thread');
const port = parentPort;
const folder = workerData as string;
// The files builds wrote there, as the first look found them listed: the folder's marker and
// manifest stay as they are until the build's commit, and the thread keeps no manifest between
// looks, which would hold tens of megabytes at 10,000 posts.
let written: Promise<Set<string>> | undefined;

async function look(manifest: boolean): Promise<OutputLook> {
  written ??= writtenFiles(folder);
  const found = await lookThrough(folder, manifest, await written);
  forgetReadManifests();
  return found;
}

port.on('message', ({ id, manifest }: LookCall) => {
  look(manifest).then(
    (look) => port.postMessage({ id, look } satisfies LookAnswer),
    (cause: unknown) => port.postMessage({ id, failure: flatten(cause) } satisfies LookAnswer),
  );
});
