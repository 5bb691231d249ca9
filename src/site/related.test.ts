import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Post } from '../content/post.js';
import { at, makeConfig, makePost } from '../../test/support/site-fixtures.js';
import { buildSite } from './build-site.js';
import {
  RELATED_REACH,
  relatedInputs,
  relatedPosts,
  relatedTable,
  rememberRelated,
  termWeight,
} from './related.js';

const now = at('2025-01-01T00:00:00Z');
const slugs = (posts: readonly Post[]): string[] => posts.map((post) => post.slug);

function post(slug: string, tags: string[], more: Partial<Post> = {}): Post {
  return makePost(slug, { tags, date: at('2024-01-01T00:00:00Z'), ...more });
}

function related(posts: readonly Post[], of: string, relatedCount = 3): string[] {
  const site = buildSite(makeConfig({ relatedPosts: relatedCount }), posts, { now });
  const subject = site.posts.find((p) => p.slug === of);
  assert.ok(subject);
  return slugs(relatedPosts(site, subject));
}

/** `count` posts over three categories and a pool of `tags` tags, chosen by a fixed sequence. */
function mixedPosts(
  count: number,
  { seed, tags, mostTags }: { seed: number; tags: number; mostTags: number },
): Post[] {
  let state = seed;
  const next = (n: number): number => (state = (state * 1103515245 + 12345) % 2 ** 31) % n;
  return Array.from({ length: count }, (_, i) =>
    post(
      `p${String(i).padStart(2, '0')}`,
      Array.from({ length: 1 + next(mostTags) }, () => `tag-${next(tags)}`),
      { category: `Category ${next(3)}`, date: at('2024-01-01T00:00:00Z') + i * 3_600_000 },
    ),
  );
}

describe('related posts', () => {
  it('weighs a shared term less the more posts it has', () => {
    assert.equal(termWeight(2), 1);
    assert.equal(termWeight(4), 0.5);
    assert.ok(termWeight(5000) > 0);
  });

  it('ranks by shared tags and category, rare ones counting most, never the post itself', () => {
    const posts = [
      post('subject', ['rust', 'memory'], { category: 'Languages' }),
      post('same-category', ['go', 'memory'], { category: 'Languages' }),
      post('two-tags', ['rust', 'memory']),
      post('one-tag', ['rust']),
      post('nothing-shared', ['cooking']),
      post('rust-again', ['rust', 'cooking']),
    ];
    // Same category (of 2 posts): 1, plus `memory` (of 3); `rust` is on 4 posts.
    assert.deepEqual(related(posts, 'subject', 20), [
      'same-category',
      'two-tags',
      'one-tag',
      'rust-again',
    ]);
  });

  it('breaks ties newest first, then by slug, and shows at most the configured number', () => {
    const posts = [
      post('subject', ['t']),
      post('old', ['t'], { date: at('2020-01-01T00:00:00Z') }),
      post('b-new', ['t'], { date: at('2024-06-01T00:00:00Z') }),
      post('a-new', ['t'], { date: at('2024-06-01T00:00:00Z') }),
    ];
    assert.deepEqual(related(posts, 'subject'), ['a-new', 'b-new', 'old']);
    assert.deepEqual(related(posts, 'subject', 2), ['a-new', 'b-new']);
    assert.deepEqual(related(posts, 'subject', 0), []);
  });

  it('never shows a draft or a scheduled post', () => {
    const posts = [
      post('subject', ['t']),
      post('draft', ['t'], { draft: true }),
      post('scheduled', ['t'], { date: at('2030-01-01T00:00:00Z') }),
      post('public', ['t']),
    ];
    assert.deepEqual(related(posts, 'subject'), ['public']);
  });

  it('looks through a crowded tag only near the post, and finds a far post by a rarer tag', () => {
    const day = (n: number): number => at('2000-01-01T00:00:00Z') + n * 86_400_000;
    // 400 posts share `common`, one a day: the subject is the 200th newest.
    const posts = Array.from({ length: 400 }, (_, i) =>
      post(`p${String(i).padStart(3, '0')}`, ['common'], { date: day(400 - i) }),
    );
    const subject = { ...posts[200], tags: ['common', 'rare'] } as Post;
    posts[200] = subject;
    posts[5] = { ...(posts[5] as Post), tags: ['common', 'rare'] };
    const found = related(posts, subject.slug);
    assert.equal(found[0], 'p005', 'found through `rare`, however far');
    // The newest posts in reach of the subject, not the newest of all 400.
    assert.deepEqual(found.slice(1), [`p${200 - RELATED_REACH}`, `p${201 - RELATED_REACH}`]);
  });

  it('finds the same posts whatever order the posts are asked in', () => {
    const posts = mixedPosts(60, { seed: 7, tags: 9, mostTags: 4 });
    const all = (order: (site: ReturnType<typeof buildSite>) => readonly Post[]) => {
      const site = buildSite(makeConfig({ relatedPosts: 5 }), posts, { now });
      const found = new Map(order(site).map((p) => [p.slug, slugs(relatedPosts(site, p))]));
      return [...found].sort(([a], [b]) => a.localeCompare(b));
    };
    const forwards = all((site) => site.posts);
    assert.deepEqual(
      all((site) => [...site.posts].reverse()),
      forwards,
    );
    assert.ok(forwards.some(([, found]) => found.length === 5));
  });

  it('ranks alike for a post of more tags than it can mark at once', () => {
    const many = Array.from({ length: 40 }, (_, i) => `t${i}`);
    const posts = [
      post('subject', many),
      post('two-shared', ['t38', 't39']),
      post('one-shared', ['t0']),
      post('none-shared', ['other']),
    ];
    assert.deepEqual(related(posts, 'subject'), ['two-shared', 'one-shared']);
  });

  it('is worked out once per version of the site', () => {
    const posts = [post('a', ['t']), post('b', ['t'])];
    const site = buildSite(makeConfig(), posts, { now });
    const [a] = site.posts;
    assert.ok(a);
    assert.equal(relatedPosts(site, a), relatedPosts(site, a));
    const next = buildSite(makeConfig(), posts, { now });
    assert.notEqual(relatedPosts(next, a), relatedPosts(site, a));
  });
});

describe('related posts kept from one build for the next', () => {
  const posts = mixedPosts(50, { seed: 11, tags: 7, mostTags: 3 });
  const config = makeConfig({ relatedPosts: 4 });
  const workedOut = (site: ReturnType<typeof buildSite>) =>
    site.posts.map((p) => slugs(relatedPosts(site, p)));

  it('gives a later site of the same posts the very related posts worked out', () => {
    const first = buildSite(config, posts, { now });
    assert.equal(relatedTable(first), undefined, 'nothing worked out yet');
    const expected = workedOut(first);
    const table = relatedTable(first);
    assert.ok(table);
    const later = buildSite(config, posts, { now });
    assert.equal(relatedInputs(later), relatedInputs(first));
    assert.ok(rememberRelated(later, table));
    assert.deepEqual(workedOut(later), expected);
    assert.ok(expected.some((found) => found.length === 4));
  });

  it('tells apart sites whose related posts may differ: a tag, a date, a category, the limit', () => {
    const inputs = relatedInputs(buildSite(config, posts, { now }));
    const changed = (change: Partial<Post>, index = 7) =>
      posts.map((p, i) => (i === index ? { ...p, ...change } : p));
    for (const other of [
      changed({ tags: ['tag-1', 'tag-2', 'tag-3'] }),
      changed({ date: at('2023-01-01T00:00:00Z') }),
      changed({ category: 'Category 9' }),
      changed({ slug: 'renamed' }),
      changed({ draft: true }),
    ]) {
      assert.notEqual(relatedInputs(buildSite(config, other, { now })), inputs);
    }
    const fewer = makeConfig({ relatedPosts: 3 });
    assert.notEqual(relatedInputs(buildSite(fewer, posts, { now })), inputs);
    // The body is not read: an edit of it keeps the table.
    assert.equal(relatedInputs(buildSite(config, changed({ bodyLine: 40 }), { now })), inputs);
  });

  it('refuses a table that does not fit the site', () => {
    const site = buildSite(config, posts, { now });
    assert.equal(rememberRelated(site, []), false);
    const tooFar = site.posts.map(() => [site.posts.length]);
    assert.equal(rememberRelated(site, tooFar), false);
    const tooMany = site.posts.map(() => [0, 1, 2, 3, 4]);
    assert.equal(rememberRelated(site, tooMany), false);
    assert.equal(relatedTable(site), undefined, 'nothing was taken');
  });
});
