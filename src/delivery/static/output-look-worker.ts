// Deliver: the entry of the thread that looks through an output folder (see `output-look.ts`):
// it answers each look asked, in order.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { stampOf } from '../../content/site-layout.js';
import {
  COMMIT_FILE,
  forgetReadManifests,
  MANIFEST_FILE,
  rememberManifest,
} from './build-manifest.js';
import {
  FolderListings,
  lookThrough,
  OUTPUT_MARKER,
  type OutputLook,
  writtenFiles,
} from './output-folder.js';
import type { LookAnswer, LookCall } from './output-look.js';
import { flatten } from './thread-shard.js';

if (!parentPort) throw new Error('output-look-worker runs only as a worker thread');
const port = parentPort;
const folder = workerData as string;
// The files builds wrote there, as the look that read them found them listed, with how the files
// that list them stood then: they stay as they are until a build's commit, and the thread keeps no
// manifest between looks, which would hold tens of megabytes at 10,000 posts.
let written: { readonly lists: string; readonly files: Promise<Set<string>> } | undefined;

/** How the marker and manifests of the folder stand. */
function listsStamp(): string {
  return [OUTPUT_MARKER, MANIFEST_FILE, COMMIT_FILE]
    .map((name) => {
      const info = statSync(join(folder, name), { throwIfNoEntry: false });
      return info ? stampOf(info) : '-';
    })
    .join(' ');
}

/** The files builds wrote into the folder, read again only when the files that list them change. */
function writtenNow(): Promise<Set<string>> {
  const lists = listsStamp();
  if (written?.lists === lists) return written.files;
  const files = writtenFiles(folder);
  written = { lists, files };
  // A read that failed (a marker that could not be read) is tried again at the next look: the
  // author may fix what stopped it without changing the files' stamps (their permissions).
  files.catch(() => {
    if (written?.files === files) written = undefined;
  });
  return files;
}

// Whether a build handed over the manifest it wrote: a looker kept from build to build then keeps
// the manifests it read and was given, and the listings of the output's folders.
let keepsManifests = false;
const listings = new FolderListings();

async function look(manifest: boolean): Promise<OutputLook> {
  const found = await lookThrough(folder, manifest, await writtenNow(), listings);
  if (!keepsManifests) forgetReadManifests();
  return found;
}

port.on('message', (call: LookCall) => {
  if ('written' in call) {
    keepsManifests = true;
    forgetReadManifests();
    rememberManifest(folder, call.written, MANIFEST_FILE, call.stamp);
    // The files the next look starts from, known now, while no build runs.
    void writtenNow();
    return;
  }
  const { id, manifest } = call;
  look(manifest).then(
    (look) => port.postMessage({ id, look } satisfies LookAnswer),
    (cause: unknown) => port.postMessage({ id, failure: flatten(cause) } satisfies LookAnswer),
  );
});
