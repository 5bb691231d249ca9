// Deliver: checks the links and images of every post body on a running server a slice at a time,
// so that pages are still answered while a large site is checked.
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { Post } from '../../content/post.js';
import type { BodyStore } from '../../load/body-store.js';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { LoadResult } from '../../load/load-site.js';

// Long enough that the turns between slices cost little, short enough not to hold up a request.
const SLICE_MS = 5;

/**
 * Parses the bodies of `posts` not parsed yet, a slice at a time with a turn of the event loop
 * before each slice, then runs `check` (the load's `checkBodies`), which then only reads what was
 * parsed. Starts after `startAfterMs`. Undefined when `signal` aborts first: a newer version of the
 * site is being checked.
 */
export async function checkBodiesInSlices(
  posts: readonly Post[],
  bodies: Pick<BodyStore, 'references'>,
  check: LoadResult['checkBodies'],
  signal: AbortSignal,
  startAfterMs = 0,
): Promise<Diagnostic[] | undefined> {
  if (startAfterMs > 0) await sleep(startAfterMs);
  let next = 0;
  // Each slice waits its turn, the first one too: the caller finishes what it is doing first.
  do {
    await nextTurn();
    if (signal.aborted) return undefined;
    const end = performance.now() + SLICE_MS;
    // Reading a post's references parses its body once; the store keeps what it found.
    while (next < posts.length && performance.now() < end) {
      const post = posts[next++];
      if (post) bodies.references(post);
    }
  } while (next < posts.length);
  return check();
}
