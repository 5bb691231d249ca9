import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { at, makePost } from '../../test/support/site-fixtures.js';
import { scheduledPosts } from './scheduled.js';

describe('scheduled posts', () => {
  const now = at('2024-06-01T00:00:00Z');

  it('are the posts dated after now, soonest first, drafts left out', () => {
    const posts = [
      makePost('later', { date: at('2024-08-01T00:00:00Z') }),
      makePost('past', { date: at('2024-05-01T00:00:00Z') }),
      makePost('draft', { date: at('2024-07-01T00:00:00Z'), draft: true }),
      makePost('sooner', { date: at('2024-07-01T00:00:00Z') }),
      makePost('at-now', { date: now }),
    ];
    assert.deepEqual(
      scheduledPosts(posts, now).map((post) => post.slug),
      ['sooner', 'later'],
    );
  });
});
