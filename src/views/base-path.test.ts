// A site whose address has a path (https://jane.github.io/blog) lives under it: every link, image,
// stylesheet, form and redirect of its pages leads under `/blog/`, and feeds link there too.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as cheerio from 'cheerio';
import { buildSite } from '../site/build-site.js';
import { isPage, listRoutes, pathOf } from '../site/routes.js';
import { at, fixtureBodies, makeConfig, makePost } from '../../test/support/site-fixtures.js';
import { renderNotFound, renderRoute, renderSearchResults } from './render-route.js';
import { redirectPage } from './redirect-page.js';

const URL = 'https://jane.github.io/blog';
const posts = [
  makePost('first', {
    category: 'Algorithm',
    tags: ['notes'],
    series: { name: 'Basics', order: undefined, line: 5, orderLine: 5 },
    aliases: ['/old/first/'],
    image: { written: '/images/cover.png', src: '/images/cover.png', alt: 'A cover', line: 6 },
    date: at('2024-01-01T00:00:00Z'),
  }),
  makePost('second', {
    tags: ['notes'],
    series: { name: 'Basics', order: undefined, line: 5, orderLine: 5 },
    date: at('2024-02-01T00:00:00Z'),
  }),
  makePost('third', { tags: ['notes'], date: at('2024-03-01T00:00:00Z') }),
];
// As authors write them: from the site's root, with the base already, beside the page, elsewhere.
const BODY = [
  '<p><a href="/posts/second/">Second</a> <a href="/blog/posts/third/">Third</a>',
  '<a href="/blogroll/">Blogroll</a> <a href="#top">Top</a> <a href="https://example.com/">Out</a>',
  '<img src="/images/a.png" alt="A"> <img src="/blog/images/b.png" alt="B"></p>',
].join('\n');
const html = Object.fromEntries(posts.map((post) => [post.slug, BODY]));
const bodies = fixtureBodies(posts, { html });
const config = makeConfig({ url: URL, pageSize: 1, nav: ['archives', 'categories', 'tags'] });
const site = buildSite(config, posts, { now: at('2030-01-01T00:00:00Z') });

/** Every URL a page names in an attribute a browser follows or fetches. */
function urlsOf(body: string): string[] {
  const $ = cheerio.load(body);
  const urls = $('[href], [src], [action], [data-events]')
    .toArray()
    .flatMap((element) =>
      ['href', 'src', 'action', 'data-events'].flatMap((name) => $(element).attr(name) ?? []),
    );
  const refresh = $('meta[http-equiv="refresh"]').attr('content');
  return refresh ? [...urls, refresh.replace(/^0; url=/, '')] : urls;
}

/** Whether a page's URL stays on the site under its base, or leaves the site on purpose. */
function underBase(url: string): boolean {
  return (
    url.startsWith('/blog/') ||
    url.startsWith(`${URL}/`) ||
    url.startsWith('#') ||
    !/^(?:\/|https:\/\/jane\.github\.io)/.test(url)
  );
}

describe('the pages of a site under a base path', () => {
  it('link, load and submit only under the base', () => {
    const pages = listRoutes(site).filter(isPage);
    assert.ok(pages.length > 10);
    for (const route of pages) {
      const { body } = renderRoute(site, route, bodies, {
        liveReload: true,
        problems: [],
        warnings: [],
      });
      const outside = urlsOf(body).filter((url) => !underBase(url));
      assert.deepEqual(outside, [], pathOf(route));
    }
  });

  it('link the pages of the site with the base', () => {
    const home = cheerio.load(renderRoute(site, { kind: 'featured', page: 1 }, bodies).body);
    assert.equal(home('.site-title a').attr('href'), '/blog/');
    assert.equal(home('a[rel="next"]').attr('href'), '/blog/page/2/');
    assert.equal(home('link[rel="next"]').attr('href'), '/blog/page/2/');
    assert.equal(home('form.site-search').attr('action'), '/blog/search/');
    assert.match(home('link[rel="stylesheet"]').attr('href') ?? '', /^\/blog\/assets\//);
    assert.equal(home('footer a[type="application/rss+xml"]').attr('href'), '/blog/feed.xml');
    assert.equal(home('img.avatar').attr('src'), '/blog/images/avatar.png');
  });

  it("write the author's site-relative links under the base, once", () => {
    const first = posts[0];
    assert.ok(first);
    const $ = cheerio.load(renderRoute(site, { kind: 'post', post: first }, bodies).body);
    const body = $('.post-body');
    const hrefs = body
      .find('a')
      .toArray()
      .map((a) => $(a).attr('href'));
    assert.deepEqual(hrefs, [
      '/blog/posts/second/',
      '/blog/posts/third/',
      '/blog/blogroll/',
      '#top',
      'https://example.com/',
    ]);
    const srcs = body
      .find('img')
      .toArray()
      .map((img) => $(img).attr('src'));
    assert.deepEqual(srcs, ['/blog/images/a.png', '/blog/images/b.png']);
    assert.equal($('img.post-cover').attr('src'), '/blog/images/cover.png');
  });

  it('give feeds absolute links under the base, once', () => {
    const rss = renderRoute(site, { kind: 'rss' }, bodies).body;
    assert.ok(rss.includes(`<link>${URL}/posts/third/</link>`));
    assert.ok(rss.includes(`href="${URL}/posts/second/"`));
    assert.ok(rss.includes(`href="${URL}/posts/third/"`));
    assert.ok(rss.includes(`src="${URL}/images/b.png"`));
    assert.ok(!rss.includes('/blog/blog/'));
  });

  it('keep the 404 page, the search results and the redirect pages under the base', () => {
    const results = renderSearchResults(site, {
      query: 'notes',
      page: 1,
      pageCount: 2,
      total: 2,
      hits: [{ post: posts[1] ?? makePost('x'), snippet: [] }],
    });
    const pages = [renderNotFound(site).body, results.body, redirectPage(site, '/posts/first/')];
    for (const body of pages)
      assert.deepEqual(
        urlsOf(body).filter((url) => !underBase(url)),
        [],
      );
    assert.ok(results.body.includes('href="/blog/search/?q=notes&amp;page=2"'));
    assert.deepEqual(urlsOf(pages[2] ?? ''), [
      `${URL}/posts/first/`,
      '/blog/posts/first/',
      '/blog/posts/first/',
    ]);
  });
});

describe('the pages of a site at the root of its host', () => {
  it('link site paths as they are', () => {
    const root = buildSite(makeConfig({ pageSize: 1 }), posts, { now: at('2030-01-01T00:00:00Z') });
    const $ = cheerio.load(renderRoute(root, { kind: 'featured', page: 1 }, bodies).body);
    assert.equal($('.site-title a').attr('href'), '/');
    assert.equal($('a[rel="next"]').attr('href'), '/page/2/');
    assert.ok(
      $('.post-body, main')
        .find('a[href^="/posts/"]')
        .toArray()
        .every((a) => !($(a).attr('href') ?? '').startsWith('/blog/')),
    );
  });
});
