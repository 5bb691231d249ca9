import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { warning } from '../../diagnostics/diagnostic.js';
import type { Post } from '../../content/post.js';
import { makePost } from '../../../test/support/site-fixtures.js';
import { checkBodiesInSlices } from './check-bodies-in-slices.js';

const posts = (n: number): Post[] => Array.from({ length: n }, (_, i) => makePost(`p${i}`));

/** Bodies whose references, when read, call `onRead` as a parse would take its time. */
function bodiesReading(onRead: () => void) {
  return {
    references() {
      onRead();
      return [];
    },
  };
}

describe('checkBodiesInSlices', () => {
  it('reads every body, then answers what the check finds', async () => {
    let reads = 0;
    const bodies = bodiesReading(() => (reads += 1));
    const found = [warning('image-missing', 'a.md', 3, 'missing', 'add it')];
    const result = await checkBodiesInSlices(
      posts(50),
      bodies,
      () => found,
      new AbortController().signal,
    );
    assert.equal(result, found);
    assert.equal(reads, 50);
  });

  it('lets other work run between slices, and gives up once aborted', async () => {
    const controller = new AbortController();
    const bodies = bodiesReading(() => {
      const until = performance.now() + 2;
      while (performance.now() < until);
    });
    let checked = false;
    const check = () => ((checked = true), []);
    const result = checkBodiesInSlices(posts(40), bodies, check, controller.signal);
    setImmediate(() => controller.abort());
    assert.equal(await result, undefined);
    assert.equal(checked, false);
  });
});
