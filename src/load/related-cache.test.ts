import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Post } from '../content/post.js';
import { buildSite, type Site } from '../site/build-site.js';
import { relatedPosts, relatedTable } from '../site/related.js';
import { at, makeConfig, makePost } from '../../test/support/site-fixtures.js';
import { tempRoot } from '../../test/support/temp-root.js';
import { RELATED_CACHE_FILE, RelatedCache } from './related-cache.js';

const root = tempRoot('folio-related-cache-');
const now = at('2025-01-01T00:00:00Z');
const config = makeConfig({ relatedPosts: 2 });

const posts: Post[] = ['a', 'b', 'c', 'd'].map((slug, i) =>
  makePost(slug, { tags: i % 2 === 0 ? ['even'] : ['odd'], date: at('2024-01-01') + i }),
);

function siteDir(name: string): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Works out every post's related posts, as a build that renders every post page does. */
function workedOut(site: Site): string[][] {
  return site.posts.map((post) => relatedPosts(site, post).map((other) => other.slug));
}

describe('the cache of related posts', () => {
  it('gives the next build of the same posts what this one worked out', () => {
    const dir = siteDir('same');
    const first = buildSite(config, posts, { now });
    const cache = new RelatedCache(dir, 'code', first);
    assert.equal(cache.take(first), false, 'nothing kept yet');
    cache.keep(first);
    assert.equal(existsSync(join(dir, RELATED_CACHE_FILE)), false, 'none worked out: none kept');
    const expected = workedOut(first);
    cache.keep(first);
    const next = buildSite(config, posts, { now });
    assert.equal(new RelatedCache(dir, 'code', next).take(next), true);
    assert.deepEqual(relatedTable(next), relatedTable(first));
    assert.deepEqual(workedOut(next), expected);
  });

  it('is not taken by other code, or after a post moved to another tag', () => {
    const dir = siteDir('changed');
    const first = buildSite(config, posts, { now });
    workedOut(first);
    new RelatedCache(dir, 'code', first).keep(first);
    const again = buildSite(config, posts, { now });
    assert.equal(new RelatedCache(dir, 'other code', again).take(again), false);
    const retagged = posts.map((post, i) => (i === 0 ? { ...post, tags: ['odd'] } : post));
    const moved = buildSite(config, retagged, { now });
    assert.equal(new RelatedCache(dir, 'code', moved).take(moved), false);
    const a = moved.posts.find((post) => post.slug === 'a') as Post;
    assert.deepEqual(
      relatedPosts(moved, a).map((post) => post.slug),
      ['d', 'b'],
      'found among the posts of its new tag',
    );
  });

  it('takes nothing from a damaged file', () => {
    const dir = siteDir('damaged');
    mkdirSync(join(dir, '.folio', 'cache'), { recursive: true });
    writeFileSync(join(dir, RELATED_CACHE_FILE), 'not what a build writes');
    const site = buildSite(config, posts, { now });
    assert.equal(new RelatedCache(dir, 'code', site).take(site), false);
    assert.equal(relatedTable(site), undefined);
  });
});
