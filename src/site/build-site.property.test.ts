import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import type { Post } from '../content/post.js';
import { buildSite, swappablePosts, swapPosts } from './build-site.js';
import { at, makeConfig, makePost } from '../../test/support/site-fixtures.js';

// A site rebuilt from the one before, after an edit, is the site built from scratch.

const config = makeConfig();
const DAY = 86_400_000;
const start = at('2024-01-01T00:00:00Z');

const postFields = fc.record({
  day: fc.integer({ min: 0, max: 40 }),
  category: fc.constantFrom(undefined, 'Algorithm', 'Go', 'Rust'),
  tags: fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd'), { minLength: 1, maxLength: 3 }),
  draft: fc.boolean(),
  pinned: fc.boolean(),
});

type Fields = typeof postFields extends fc.Arbitrary<infer T> ? T : never;

const post = (index: number, fields: Fields, title = `Post ${index}`): Post =>
  makePost(`post-${index}`, {
    title,
    date: start + fields.day * DAY,
    category: fields.category,
    tags: fields.tags,
    draft: fields.draft,
    pinned: fields.pinned,
  });

// An edit of one post: its text only, or also where it is filed, or its date.
const edit = fc.record({
  index: fc.nat(),
  title: fc.string({ maxLength: 8 }),
  fields: fc.option(postFields, { freq: 2 }),
});

describe('rebuilding the site after an edit (properties)', () => {
  it('gives the site a build from scratch gives, whatever the edits and the clock', () => {
    fc.assert(
      fc.property(
        fc.array(postFields, { minLength: 1, maxLength: 30 }),
        fc.array(fc.tuple(edit, fc.integer({ min: 0, max: 45 }), fc.boolean()), { maxLength: 6 }),
        fc.integer({ min: 0, max: 45 }),
        fc.boolean(),
        (fields, edits, firstDay, showDrafts) => {
          let posts = fields.map((f, i) => post(i, f));
          let now = start + firstDay * DAY;
          let site = buildSite(config, posts, { now, showDrafts });
          for (const [{ index, title, fields: moved }, day, changeSettings] of edits) {
            const i = index % posts.length;
            const before = fields[i] as Fields;
            const next = posts.map((p, j) => (j === i ? post(j, moved ?? before, title) : p));
            // The clock may go either way between two edits.
            now = start + day * DAY;
            // The config is read again on each load: mostly the same settings, sometimes others.
            const settings = changeSettings ? makeConfig({ pageSize: 3 }) : structuredClone(config);
            // As a session decides: a swap only under the same settings.
            const swap = isDeepStrictEqual(site.config, settings)
              ? swappablePosts(site, posts, next, now)
              : undefined;
            const rebuilt = swap
              ? swapPosts(site, swap, now)
              : buildSite(settings, next, { now, showDrafts });
            assert.deepStrictEqual(rebuilt, buildSite(settings, next, { now, showDrafts }));
            posts = next;
            site = rebuilt;
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('rebuilding the site after an edit', () => {
  it('shows the edited post everywhere the old version was', () => {
    const posts = [0, 1, 2].map((i) =>
      post(i, { day: i, category: 'Go', tags: ['a', 'b'], draft: false, pinned: false }),
    );
    const now = start + 10 * DAY;
    const site = buildSite(config, posts, { now });
    const edited = post(
      1,
      { day: 1, category: 'Go', tags: ['a', 'b'], draft: false, pinned: false },
      'New',
    );
    const next = [posts[0] as Post, edited, posts[2] as Post];
    const swap = swappablePosts(site, posts, next, now);
    assert.ok(swap);
    const rebuilt = swapPosts(site, swap, now);
    assert.equal(rebuilt.posts[1], edited);
    assert.equal(rebuilt.featured[1], edited);
    assert.equal(rebuilt.postByPath.get('/posts/post-1/'), edited);
    assert.equal(rebuilt.positionOf.get(edited), 1);
    assert.equal(rebuilt.positionOf.has(posts[1] as Post), false);
    assert.ok(rebuilt.categoryBySlug.get('go')?.posts.includes(edited));
    assert.ok(rebuilt.tagBySlug.get('b')?.posts.includes(edited));
    // The site the edit came from is left as it was, for requests still being answered from it.
    assert.equal(site.posts[1], posts[1]);
  });
});
