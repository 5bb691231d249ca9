import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { warning } from '../../diagnostics/diagnostic.js';
import type { Post } from '../../content/post.js';
import { makePost } from '../../../test/support/site-fixtures.js';
import { checkBodiesInSlices } from './check-bodies-in-slices.js';

/** `n` posts whose references, when read, call `onRead` as a parse would take its time. */
function postsReading(n: number, onRead: () => void): Post[] {
  return Array.from({ length: n }, (_, i) =>
    Object.defineProperty<Post>({ ...makePost(`p${i}`) }, 'references', {
      get() {
        onRead();
        return [];
      },
    }),
  );
}

describe('checkBodiesInSlices', () => {
  it('reads every body, then answers what the check finds', async () => {
    let reads = 0;
    const posts = postsReading(50, () => (reads += 1));
    const found = [warning('image-missing', 'a.md', 3, 'missing', 'add it')];
    const result = await checkBodiesInSlices(posts, () => found, new AbortController().signal);
    assert.equal(result, found);
    assert.equal(reads, 50);
  });

  it('lets other work run between slices, and gives up once aborted', async () => {
    const controller = new AbortController();
    const posts = postsReading(40, () => {
      const until = performance.now() + 2;
      while (performance.now() < until);
    });
    let checked = false;
    const result = checkBodiesInSlices(posts, () => ((checked = true), []), controller.signal);
    setImmediate(() => controller.abort());
    assert.equal(await result, undefined);
    assert.equal(checked, false);
  });
});
