// Export: how the documents of a site are shared out between the threads that render them, a
// batch at a time — each thread asks for the next batch when it is done with one.
import { SEGMENT_POSTS } from '../../search/search-index.js';

// Documents are handed out this many at a time: enough to keep a thread's messages rare, few
// enough that the threads finish within moments of each other. A batch of post pages is the run
// of posts search indexes as one segment, which a server then finds kept as the build kept it.
export const BATCH = SEGMENT_POSTS;

/**
 * Post pages in batches of `BATCH`, counted from the oldest post: a new post changes the first
 * batch alone.
 */
export function postBatches(paths: readonly string[]): (readonly string[])[] {
  const head = paths.length % BATCH;
  const batches = head > 0 ? [paths.slice(0, head)] : [];
  for (let i = head; i < paths.length; i += BATCH) batches.push(paths.slice(i, i + BATCH));
  return batches;
}

/**
 * Documents in their order, in batches of `BATCH` documents at most, each costing about what
 * `BATCH` listing pages cost (`weights`, in listing pages): a batch of feeds is a few of them.
 * Given the heaviest first, no share is left with seconds of work at the end while the others
 * have none.
 */
export function weighedBatches(
  paths: readonly string[],
  weights: readonly number[],
): (readonly string[])[] {
  const batches: string[][] = [];
  let batch: string[] = [];
  let weight = 0;
  paths.forEach((path, i) => {
    batch.push(path);
    weight += weights[i] ?? 0;
    if (batch.length === BATCH || weight >= BATCH) {
      batches.push(batch);
      batch = [];
      weight = 0;
    }
  });
  if (batch.length > 0) batches.push(batch);
  return batches;
}
