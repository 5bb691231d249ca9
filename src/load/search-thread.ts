// Load: the entry of a worker thread that indexes a site's posts for search, off the thread that
// answers requests: it reads each body, and sends the index back as numbers and bytes.
import { parentPort, workerData } from 'node:worker_threads';
import { indexPosts, type IndexedPost } from './search-documents.js';

if (!parentPort) throw new Error('search-thread runs only as a worker thread');
const data = indexPosts(workerData as readonly IndexedPost[]);
// Each array has a buffer of its own: they move to the other thread rather than being copied.
const buffers = [data.postingBytes, data.postingStarts, data.documentFrequency, data.lengths];
parentPort.postMessage(
  data,
  buffers.map(({ buffer }) => buffer as ArrayBuffer),
);
