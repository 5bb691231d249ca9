import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Post } from '../content/post.js';
import { at, makePost } from '../../test/support/site-fixtures.js';
import { comparePosts, orderPosts } from './order.js';

// Properties of the one order of posts in docs/rules.md ("Order"): newest first, ties broken by
// slug, ascending, so that the order is total.

const DAY = 86_400_000;
const START = at('2024-01-01T00:00:00Z');

// Few distinct instants, so that many posts share one; a minute apart or years apart.
const date = fc.oneof(
  fc.integer({ min: 0, max: 5 }).map((day) => START + day * DAY),
  fc.integer({ min: 0, max: 3 }).map((minute) => START + minute * 60_000),
  fc.integer({ min: -20_000, max: 20_000 }).map((day) => START + day * DAY),
);
const slugChar = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyz0123456789-_.~',
  ...'ABCZ',
  '알',
  '고',
  '리',
  '즘',
  '算',
  '法',
  'ア',
  'é',
  '😀',
);
const slug = fc
  .array(slugChar, { minLength: 1, maxLength: 8 })
  .map((chars) => chars.join(''))
  .filter((text) => text !== '.' && text !== '..');
const posts = fc
  .uniqueArray(slug, { maxLength: 40 })
  .chain((slugs) => fc.tuple(...slugs.map((s) => date.map((d) => makePost(s, { date: d })))));

/** `posts` in a generated order: the same posts, shuffled. */
const shuffledPosts = posts.chain((list) =>
  fc.tuple(
    fc.constant(list),
    fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }),
  ),
);

const label = (post: Post): string => `${post.slug}@${new Date(post.date).toISOString()}`;

describe('orderPosts (properties)', () => {
  it('gives one order for every permutation of the same posts', () => {
    fc.assert(
      fc.property(shuffledPosts, ([list, shuffled]) => {
        assert.deepEqual(orderPosts(shuffled).map(label), orderPosts(list).map(label));
      }),
      { numRuns: 2_000, includeErrorInReport: true },
    );
  });

  it('sorts newest first and by slug, ascending, on equal dates', () => {
    fc.assert(
      fc.property(shuffledPosts, ([, shuffled]) => {
        const before = [...shuffled];
        const ordered = orderPosts(shuffled);
        assert.deepEqual(shuffled, before, 'orderPosts changed its argument');
        assert.equal(ordered.length, shuffled.length);
        assert.deepEqual(new Set(ordered), new Set(shuffled));
        for (let i = 1; i < ordered.length; i++) {
          const newer = ordered[i - 1] as Post;
          const older = ordered[i] as Post;
          const where = `${label(newer)} before ${label(older)}`;
          assert.ok(newer.date >= older.date, `${where}: an older post comes first`);
          if (newer.date === older.date) assert.ok(newer.slug < older.slug, `${where}: slugs`);
        }
      }),
      { numRuns: 2_000, includeErrorInReport: true },
    );
  });
});

describe('comparePosts (properties)', () => {
  // Small pools of dates and slugs, so that equal dates and equal posts come up often.
  const post = fc
    .tuple(
      fc.constantFrom('a', 'b', 'c', 'B', 'a-b', 'ab', '알고', '算法'),
      fc.integer({ min: 0, max: 3 }),
    )
    .map(([s, day]) => makePost(s, { date: START + day * DAY }));
  const sign = (n: number): number => Math.sign(n);

  it('is reflexive and antisymmetric, and equal only for one date and one slug', () => {
    fc.assert(
      fc.property(post, post, (a, b) => {
        assert.ok(comparePosts(a, a) === 0, label(a));
        assert.equal(
          sign(comparePosts(a, b)) + sign(comparePosts(b, a)),
          0,
          `${label(a)} ${label(b)}: the order flips with the arguments`,
        );
        const same = a.date === b.date && a.slug === b.slug;
        assert.equal(comparePosts(a, b) === 0, same, `${label(a)} ${label(b)}`);
      }),
      { numRuns: 5_000, includeErrorInReport: true },
    );
  });

  it('is transitive', () => {
    fc.assert(
      fc.property(post, post, post, (a, b, c) => {
        if (comparePosts(a, b) <= 0 && comparePosts(b, c) <= 0) {
          assert.ok(comparePosts(a, c) <= 0, `${label(a)} ≤ ${label(b)} ≤ ${label(c)}`);
        }
        if (comparePosts(a, b) < 0 && comparePosts(b, c) < 0) {
          assert.ok(comparePosts(a, c) < 0, `${label(a)} < ${label(b)} < ${label(c)}`);
        }
      }),
      { numRuns: 5_000, includeErrorInReport: true },
    );
  });
});
