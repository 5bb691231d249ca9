import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Post } from '../content/post.js';
import { at, makePost } from '../../test/support/site-fixtures.js';
import { pageCount, pageSlice } from './paginate.js';
import { comparePosts, featuredOrder, orderPosts } from './order.js';

const slugs = (posts: readonly { slug: string }[]): string[] => posts.map((p) => p.slug);

/** A deterministic shuffle, so that a failure can be reproduced. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const posts = [
  makePost('oldest', { date: at('2023-05-01T00:00:00Z') }),
  makePost('newest', { date: at('2024-06-01T12:00:00Z') }),
  makePost('b-same-day', { date: at('2024-03-15T00:00:00Z') }),
  makePost('a-same-day', { date: at('2024-03-15T00:00:00Z') }),
  makePost('c-same-day', { date: at('2024-03-15T00:00:00Z') }),
  makePost('middle', { date: at('2024-01-10T08:30:00Z') }),
  makePost('one-minute-later', { date: at('2024-03-15T00:01:00Z') }),
];
const expected = [
  'newest',
  'one-minute-later',
  'a-same-day',
  'b-same-day',
  'c-same-day',
  'middle',
  'oldest',
];

describe('post order', () => {
  it('lists the newest post first', () => {
    const ordered = orderPosts(posts);
    for (let i = 1; i < ordered.length; i++) {
      assert.ok((ordered[i - 1]?.date ?? 0) >= (ordered[i]?.date ?? 0));
    }
    assert.equal(ordered[0]?.slug, 'newest');
    assert.equal(ordered.at(-1)?.slug, 'oldest');
  });

  it('orders posts with the same date by slug, ascending', () => {
    assert.deepEqual(slugs(orderPosts(posts)), expected);
  });

  it('gives the same order for any order of the input', () => {
    for (let seed = 1; seed <= 25; seed++) {
      assert.deepEqual(slugs(orderPosts(shuffled(posts, seed))), expected, `seed ${seed}`);
    }
    assert.deepEqual(slugs(orderPosts([...posts].reverse())), expected);
  });

  it('does not reorder the array it is given', () => {
    const input = [...posts];
    orderPosts(input);
    assert.deepEqual(slugs(input), slugs(posts));
  });

  it('compares a post equal only to itself, and each pair consistently', () => {
    for (const a of posts) {
      for (const b of posts) {
        const ab = Math.sign(comparePosts(a, b));
        assert.equal(ab, 0 - Math.sign(comparePosts(b, a)), `${a.slug} / ${b.slug}`);
        assert.equal(ab === 0, a === b, `${a.slug} / ${b.slug}`);
      }
    }
  });
});

describe('featured order', () => {
  const ordered = orderPosts(posts);
  const pin = (...pinned: string[]) =>
    orderPosts(
      posts.map((post) => (pinned.includes(post.slug) ? { ...post, pinned: true } : post)),
    );
  /** The slugs of each page of the featured listing, `pageSize` entries a page. */
  const pages = (all: readonly Post[], pageSize: number) => {
    const featured = featuredOrder(all);
    return Array.from({ length: pageCount(featured.length, pageSize) }, (_, i) =>
      slugs(pageSlice(featured, i + 1, pageSize)),
    );
  };

  it('is the one order itself, the same array, when no post is pinned', () => {
    assert.equal(featuredOrder(ordered), ordered);
  });

  it('puts a pinned post first and leaves it out of its usual place', () => {
    assert.deepEqual(slugs(featuredOrder(pin('middle'))), [
      'middle',
      'newest',
      'one-minute-later',
      'a-same-day',
      'b-same-day',
      'c-same-day',
      'oldest',
    ]);
  });

  it('keeps several pinned posts in the one order among themselves, newest first, then by slug', () => {
    assert.deepEqual(slugs(featuredOrder(pin('oldest', 'c-same-day', 'a-same-day'))), [
      'a-same-day',
      'c-same-day',
      'oldest',
      'newest',
      'one-minute-later',
      'b-same-day',
      'middle',
    ]);
  });

  it('changes nothing when the pinned post is the newest anyway', () => {
    assert.deepEqual(slugs(featuredOrder(pin('newest'))), expected);
  });

  it('keeps pageSize entries a page and the number of pages, with one entry a page', () => {
    assert.deepEqual(pages(pin('middle', 'oldest'), 1), [
      ['middle'],
      ['oldest'],
      ['newest'],
      ['one-minute-later'],
      ['a-same-day'],
      ['b-same-day'],
      ['c-same-day'],
    ]);
  });

  it('fills page 1 with the pinned posts, then the newest others, with two entries a page', () => {
    assert.deepEqual(pages(pin('middle'), 2), [
      ['middle', 'newest'],
      ['one-minute-later', 'a-same-day'],
      ['b-same-day', 'c-same-day'],
      ['oldest'],
    ]);
    assert.deepEqual(pages(pin('b-same-day', 'oldest'), 2), [
      ['b-same-day', 'oldest'],
      ['newest', 'one-minute-later'],
      ['a-same-day', 'c-same-day'],
      ['middle'],
    ]);
  });

  it('lists every post exactly once, whichever are pinned', () => {
    for (let mask = 0; mask < 1 << posts.length; mask += 7) {
      const pinned = posts.filter((_, i) => (mask >> i) & 1).map((post) => post.slug);
      const featured = featuredOrder(pin(...pinned));
      assert.deepEqual([...slugs(featured)].sort(), [...expected].sort());
      const firstUnpinned = featured.findIndex((post) => !post.pinned);
      assert.equal(firstUnpinned === -1 ? featured.length : firstUnpinned, pinned.length);
    }
  });
});
