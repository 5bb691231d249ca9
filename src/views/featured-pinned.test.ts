import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as cheerio from 'cheerio';
import type { MarkdownDocument } from '../content/post.js';
import type { Locale } from '../config/schema.js';
import { buildSite, type Site } from '../site/build-site.js';
import { at, fixtureBodies, makeConfig, makePosts } from '../../test/support/site-fixtures.js';
import { bodiesShownBy, postsShownBy, renderRoute } from './render-route.js';

// Seven posts, three a page; post-02 and post-05 are pinned, and all are filed under Algorithm.
const posts = makePosts(7, { category: 'Algorithm' }).map((post) =>
  post.slug === 'post-02' || post.slug === 'post-05' ? { ...post, pinned: true } : post,
);
const now = at('2030-01-01T00:00:00Z');
const siteIn = (locale: Locale = 'en'): Site =>
  buildSite(makeConfig({ pageSize: 3, locale }), posts, { now });
const site = siteIn();
const bodies = fixtureBodies(posts);

const featured = (page: number, on: Site = site): cheerio.CheerioAPI =>
  cheerio.load(renderRoute(on, { kind: 'featured', page }, bodies).body);
const titles = ($: cheerio.CheerioAPI): string[] =>
  $('main article h2')
    .toArray()
    .map((h) => $(h).text().trim());
/** The titles of the entries labelled as pinned. */
const pinnedTitles = ($: cheerio.CheerioAPI): string[] =>
  $('main article')
    .toArray()
    .filter((article) => $(article).find('.entry-pinned').length > 0)
    .map((article) => $(article).find('h2').text().trim());

describe('pinned posts on the featured listing', () => {
  it('puts the pinned posts at the top of page 1, newest first, labelled Pinned in words', () => {
    const $ = featured(1);
    assert.deepEqual(titles($), ['Post post-05', 'Post post-02', 'Post post-07']);
    assert.deepEqual(pinnedTitles($), ['Post post-05', 'Post post-02']);
    assert.deepEqual(
      $('.entry-pinned')
        .toArray()
        .map((label) => $(label).text()),
      ['Pinned', 'Pinned'],
    );
  });

  it('shows each post once, pageSize a page, in as many pages as before', () => {
    assert.equal(site.pageCount, 3);
    assert.deepEqual(titles(featured(2)), ['Post post-06', 'Post post-04', 'Post post-03']);
    assert.deepEqual(titles(featured(3)), ['Post post-01']);
    assert.deepEqual(pinnedTitles(featured(2)), []);
  });

  it('labels them in the language of the site', () => {
    const labels = (['ko', 'ja', 'zh-Hans'] as const).map((locale) =>
      featured(1, siteIn(locale))('.entry-pinned').first().text(),
    );
    assert.deepEqual(labels, ['고정됨', '固定', '置顶']);
  });

  it('tells search engines the page as it shows it, and gathers the bodies it shows', () => {
    const data = JSON.parse(featured(1)('script[type="application/ld+json"]').text()) as {
      blogPost: { headline: string }[];
    };
    assert.deepEqual(
      data.blogPost.map((post) => post.headline),
      ['Post post-05', 'Post post-02', 'Post post-07'],
    );
    const titles = (shown: readonly MarkdownDocument[]) => shown.map((post) => post.title);
    const route = { kind: 'featured', page: 1 } as const;
    const expected = ['Post post-05', 'Post post-02', 'Post post-07'];
    assert.deepEqual(titles(bodiesShownBy(site, route).excerpts), expected);
    assert.deepEqual(titles(postsShownBy(site, route)), expected);
  });

  it('leaves category pages, and post pages, in the one order without a label', () => {
    const term = site.categoryBySlug.get('algorithm');
    assert.ok(term);
    const $ = cheerio.load(renderRoute(site, { kind: 'category', term }, bodies).body);
    assert.equal($('.entry-pinned').length, 0);
    assert.deepEqual(
      $('main article h3')
        .toArray()
        .map((h) => $(h).text().trim()),
      [
        'Post post-07',
        'Post post-06',
        'Post post-05',
        'Post post-04',
        'Post post-03',
        'Post post-02',
        'Post post-01',
      ],
    );
    const pinned = site.postByPath.get('/posts/post-05/');
    assert.ok(pinned);
    const page = cheerio.load(renderRoute(site, { kind: 'post', post: pinned }, bodies).body);
    assert.equal(page('.entry-pinned').length, 0);
    assert.equal(page('a[rel="prev"]').attr('href'), '/posts/post-04/');
    assert.equal(page('a[rel="next"]').attr('href'), '/posts/post-06/');
  });

  it('renders the listing as it was when no post is pinned', () => {
    const plain = makePosts(7, { category: 'Algorithm' });
    const unpinned = buildSite(makeConfig({ pageSize: 3 }), plain, { now });
    assert.equal(unpinned.featured, unpinned.posts);
    const body = renderRoute(unpinned, { kind: 'featured', page: 1 }, fixtureBodies(plain)).body;
    assert.equal(cheerio.load(body)('.entry-pinned').length, 0);
    assert.deepEqual(titles(cheerio.load(body)), ['Post post-07', 'Post post-06', 'Post post-05']);
  });
});
