import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Post } from '../content/post.js';
import { at, makeConfig, makePost } from '../../test/support/site-fixtures.js';
import { buildSite, swapPosts } from './build-site.js';
import { listRoutes, pathOf, resolvePath } from './routes.js';
import { groupSeries } from './series.js';

const config = makeConfig();
const now = at('2025-01-01T00:00:00Z');
const slugs = (posts: readonly Post[]): string[] => posts.map((post) => post.slug);

function part(slug: string, date: string, name = 'Learning Rust', order?: number): Post {
  return makePost(slug, { date: at(date), series: { name, order, line: 5, orderLine: 6 } });
}

describe('the order of a series', () => {
  it('reads numbered parts first by number, then the others oldest first, ties by slug', () => {
    const [series] = groupSeries([
      part('late', '2024-05-01T00:00:00Z'),
      part('second', '2024-01-01T00:00:00Z', 'Learning Rust', 2),
      part('early', '2023-01-01T00:00:00Z'),
      part('first', '2024-03-01T00:00:00Z', 'Learning Rust', 1),
      part('b-same-day', '2023-01-01T00:00:00Z'),
    ]);
    assert.deepEqual(slugs(series?.posts ?? []), [
      'first',
      'second',
      'b-same-day',
      'early',
      'late',
    ]);
  });

  it('puts the older of two posts with one part number first', () => {
    const [series] = groupSeries([
      part('newer', '2024-02-01T00:00:00Z', 'S', 1),
      part('older', '2024-01-01T00:00:00Z', 'S', 1),
    ]);
    assert.deepEqual(slugs(series?.posts ?? []), ['older', 'newer']);
  });
});

describe('grouping series', () => {
  it('groups posts by series name, with the slug categories and tags get, sorted by name', () => {
    const series = groupSeries([
      part('a', '2024-01-01T00:00:00Z', 'Zig Notes'),
      makePost('alone'),
      part('b', '2024-01-01T00:00:00Z', 'C++ Templates'),
      part('c', '2024-02-01T00:00:00Z', 'Zig Notes'),
    ]);
    assert.deepEqual(
      series.map((group) => [group.name, group.slug, slugs(group.posts)]),
      [
        ['C++ Templates', 'c-templates', ['b']],
        ['Zig Notes', 'zig-notes', ['a', 'c']],
      ],
    );
  });

  it('leaves drafts and scheduled posts out of the series of a site', () => {
    const site = buildSite(
      config,
      [
        part('public', '2024-01-01T00:00:00Z'),
        { ...part('draft', '2024-02-01T00:00:00Z'), draft: true },
        part('scheduled', '2026-01-01T00:00:00Z'),
      ],
      { now },
    );
    assert.deepEqual(slugs(site.seriesBySlug.get('learning-rust')?.posts ?? []), ['public']);
  });

  it('keeps each series in order when an edit of a post swaps in its new version', () => {
    const first = part('first', '2024-01-01T00:00:00Z', 'S', 1);
    const second = part('second', '2023-01-01T00:00:00Z', 'S', 2);
    const site = buildSite(config, [first, second], { now });
    const edited = { ...second, title: 'Second, edited' };
    const swapped = swapPosts(site, new Map([[second, edited]]), now);
    assert.deepEqual(
      swapped.seriesBySlug.get('s')?.posts.map((post) => post.title),
      ['Post first', 'Second, edited'],
    );
    assert.equal(swapped.series[0], swapped.seriesBySlug.get('s'));
  });
});

describe('the page of a series', () => {
  const site = buildSite(config, [part('a', '2024-01-01T00:00:00Z')], { now });

  it('answers at /series/<slug>/, is listed among the pages, and /series/ alone is not found', () => {
    const route = resolvePath(site, '/series/learning-rust/');
    assert.equal(route.type, 'page');
    assert.equal(route.type === 'page' && pathOf(route.route), '/series/learning-rust/');
    assert.ok(listRoutes(site).some((r) => r.kind === 'series'));
    assert.deepEqual(resolvePath(site, '/series/'), { type: 'not-found' });
    assert.deepEqual(resolvePath(site, '/series/other/'), { type: 'not-found' });
    assert.deepEqual(resolvePath(site, '/series/learning-rust'), {
      type: 'redirect',
      location: '/series/learning-rust/',
    });
  });
});
