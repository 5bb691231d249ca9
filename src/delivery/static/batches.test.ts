import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BATCH, postBatches, weighedBatches } from './batches.js';

const paths = (count: number, prefix = '/page/'): string[] =>
  Array.from({ length: count }, (_, i) => `${prefix}${i + 1}/`);

test('post pages are cut from the oldest post, so that a new post changes the first batch alone', () => {
  const before = postBatches(paths(3 * BATCH + 5));
  const after = postBatches(['/posts/new/', ...paths(3 * BATCH + 5)]);
  assert.deepEqual(
    before.map((batch) => batch.length),
    [5, BATCH, BATCH, BATCH],
  );
  assert.deepEqual(after.slice(1), before.slice(1));
  assert.deepEqual(after[0], ['/posts/new/', ...(before[0] ?? [])]);
  assert.deepEqual(postBatches([]), []);
});

test('listing pages of one page each go BATCH to a batch, every one once and in order', () => {
  const pages = paths(2 * BATCH + 3);
  const batches = weighedBatches(
    pages,
    pages.map(() => 1),
  );
  assert.deepEqual(
    batches.map((batch) => batch.length),
    [BATCH, BATCH, 3],
  );
  assert.deepEqual(batches.flat(), pages);
});

test('heavy documents go a few to a batch, and one heavier than a batch goes alone', () => {
  const feeds = paths(10, '/tags/t');
  const archives = '/archives/';
  const all = [archives, ...feeds, ...paths(BATCH)];
  const weights = [10 * BATCH, ...feeds.map(() => 24), ...paths(BATCH).map(() => 1)];
  const batches = weighedBatches(all, weights);
  assert.deepEqual(batches[0], [archives]);
  // Three feeds weigh more than a batch of pages: three go to a batch, then the last with pages.
  assert.deepEqual(
    batches.slice(1, 4).map((batch) => batch.length),
    [3, 3, 3],
  );
  assert.deepEqual(batches[4]?.slice(0, 2), [feeds[9], '/page/1/']);
  assert.deepEqual(batches.flat(), all);
  for (const batch of batches) assert.ok(batch.length <= BATCH);
});
