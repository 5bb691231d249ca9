import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildSite } from './build-site.js';
import { slugsByName } from '../content/slugify.js';
import { at, makeConfig, makePost } from '../../test/support/site-fixtures.js';

const now = at('2024-06-01T00:00:00Z');
const config = makeConfig();
const slugs = (posts: readonly { slug: string }[]): string[] => posts.map((p) => p.slug);

const published = makePost('published', { date: at('2024-05-01T00:00:00Z') });
const draft = makePost('draft', { date: at('2024-05-02T00:00:00Z'), draft: true });
const tomorrow = makePost('tomorrow', { date: at('2024-06-02T00:00:00Z') });
const nextWeek = makePost('next-week', { date: at('2024-06-08T00:00:00Z') });

describe('building the site at one instant', () => {
  it('lists public posts newest first, ties by slug', () => {
    const day = at('2024-04-01T00:00:00Z');
    const site = buildSite(
      config,
      [makePost('b', { date: day }), published, makePost('a', { date: day })],
      { now },
    );
    assert.deepEqual(slugs(site.posts), ['published', 'a', 'b']);
  });

  it('leaves drafts out of every listing and lookup', () => {
    const site = buildSite(config, [published, draft], { now });
    assert.deepEqual(slugs(site.posts), ['published']);
    assert.equal(site.postByPath.get('/posts/draft/'), undefined);
  });

  it('shows drafts, in order, when drafts are asked for', () => {
    const site = buildSite(config, [published, draft], { now, showDrafts: true });
    assert.deepEqual(slugs(site.posts), ['draft', 'published']);
    assert.equal(site.showDrafts, true);
  });

  it('puts pinned posts first in the featured order only, and never a hidden pinned post', () => {
    const pinned = makePost('pinned', { date: at('2024-01-01T00:00:00Z'), pinned: true });
    const hiddenDraft = { ...draft, pinned: true };
    const hiddenLater = { ...tomorrow, pinned: true };
    const site = buildSite(config, [published, pinned, hiddenDraft, hiddenLater], { now });
    assert.deepEqual(slugs(site.featured), ['pinned', 'published']);
    assert.deepEqual(slugs(site.posts), ['published', 'pinned']);
    assert.deepEqual(slugs(site.tagBySlug.get('notes')?.posts ?? []), ['published', 'pinned']);
    assert.equal(site.pageCount, 1);
    const later = buildSite(config, [published, pinned, hiddenLater], { now: tomorrow.date });
    assert.deepEqual(slugs(later.featured), ['tomorrow', 'pinned', 'published']);
  });

  it('leaves future-dated posts out until their moment', () => {
    const before = buildSite(config, [published, tomorrow], { now });
    assert.deepEqual(slugs(before.posts), ['published']);
    const after = buildSite(config, [published, tomorrow], { now: tomorrow.date });
    assert.deepEqual(slugs(after.posts), ['tomorrow', 'published']);
  });

  it('keeps future-dated posts hidden even when drafts are shown', () => {
    const site = buildSite(config, [published, tomorrow], { now, showDrafts: true });
    assert.deepEqual(slugs(site.posts), ['published']);
  });

  it('is valid until the earliest scheduled post goes public', () => {
    const site = buildSite(config, [nextWeek, published, tomorrow], { now });
    assert.equal(site.validUntil, tomorrow.date);
  });

  it('is valid forever when nothing is scheduled', () => {
    assert.equal(buildSite(config, [published], { now }).validUntil, Infinity);
  });

  it('does not wait for a scheduled draft, which will not go public by itself', () => {
    const scheduledDraft = makePost('later-draft', { date: tomorrow.date, draft: true });
    const site = buildSite(config, [published, scheduledDraft, nextWeek], { now });
    assert.equal(site.validUntil, nextWeek.date);
  });

  it('gives no category or tag page to terms used only by hidden posts', () => {
    const site = buildSite(
      config,
      [
        published,
        makePost('secret', { draft: true, category: 'Secret', tags: ['hidden'] }),
        makePost('soon', { date: tomorrow.date, category: 'Soon', tags: ['later'] }),
      ],
      { now },
    );
    assert.deepEqual(
      site.categories.map((t) => t.name),
      [],
    );
    assert.deepEqual(
      site.tags.map((t) => t.name),
      ['notes'],
    );
  });

  it('counts featured pages from the public posts and the page size', () => {
    const posts = Array.from({ length: 21 }, (_, i) =>
      makePost(`p${i}`, { date: published.date - i }),
    );
    assert.equal(buildSite(config, posts, { now }).pageCount, 3);
    assert.equal(buildSite({ ...config, pageSize: 7 }, posts, { now }).pageCount, 3);
    assert.equal(buildSite(config, [], { now }).pageCount, 1);
  });
});

describe('category and tag slugs', () => {
  it('are worked out once for each name, however many posts carry it', () => {
    const names = ['Slugged Once', 'Только раз', 'Once, Category'];
    const posts = Array.from({ length: 300 }, (_, i) =>
      makePost(`slugged-${i}`, { tags: names.slice(0, 2), category: names[2] }),
    );
    const before = slugsByName.stats.misses;
    const site = buildSite(config, posts, { now });
    buildSite(config, posts.slice(1), { now });
    assert.equal(slugsByName.stats.misses - before, names.length);
    assert.deepEqual([...site.tagBySlug.keys()].sort(), ['slugged-once', 'только-раз']);
    assert.ok(site.categoryBySlug.has('once-category'));
  });
});
