// Feeds, sitemap and robots.txt as their real clients read them: a feed reader and a crawler.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { extractFromJson } from '@extractus/feed-extractor';
import { parseFeed } from '@rowanmanning/feed-parser';
import * as cheerio from 'cheerio';
import { FIXTURES, REPO_ROOT, serveSite, type ServedFixture } from './support/serve-fixture.js';

let demo: ServedFixture;
let basic: ServedFixture;

before(async () => {
  [demo, basic] = await Promise.all([serveSite(`${REPO_ROOT}demo`), serveSite(`${FIXTURES}basic`)]);
});
after(async () => {
  await Promise.all([demo.server.close(), basic.server.close()]);
});

/** The path of an absolute URL of the site, to ask the test server for it. */
const pathOf = (url: string | null): string => new URL(url ?? 'missing:').pathname;

async function text(site: ServedFixture, path: string, type: RegExp): Promise<string> {
  const response = await site.get(path);
  assert.equal(response.status, 200, path);
  assert.match(response.headers.get('content-type') ?? '', type);
  return response.text();
}

describe('feeds', () => {
  for (const [path, type, format] of [
    ['/feed.xml', /^application\/rss\+xml/, 'rss'],
    ['/atom.xml', /^application\/atom\+xml/, 'atom'],
  ] as const) {
    it(`${path} carries the 20 newest posts, each linking to a page that answers`, async () => {
      const feed = parseFeed(await text(demo, path, type));
      assert.equal(feed.meta.type, format);
      assert.equal(feed.title, 'Dev Notes');
      assert.equal(feed.items.length, 20);
      // The demo pins a post, which leads the home page but keeps its place by date in feeds.
      const $ = cheerio.load(await (await demo.get('/')).text());
      const newest = $('main article').not(':has(.entry-pinned)').find('h2 a').first();
      assert.equal(feed.items[0]?.title, newest.text());
      assert.equal(pathOf(feed.items[0]?.url ?? null), newest.attr('href'));
      for (const item of feed.items) {
        assert.match(item.url ?? '', /^https:\/\/blog\.example\.com\/posts\/[^/]+\/$/);
        assert.equal((await demo.get(pathOf(item.url))).status, 200, item.url ?? '');
        assert.ok((item.content ?? '').length > (item.description ?? '').length, 'full content');
      }
      const dates = feed.items.map((item) => item.published?.getTime() ?? 0);
      assert.deepEqual(
        dates,
        [...dates].sort((a, b) => b - a),
      );
    });
  }

  it('has one RSS feed per category with only that category, linked from its page', async () => {
    const $ = cheerio.load(await text(demo, '/categories/algorithm/', /html/));
    const href = $('link[rel="alternate"][type="application/rss+xml"]').last().attr('href');
    assert.equal(href, '/categories/algorithm/feed.xml');
    const feed = parseFeed(await text(demo, href, /^application\/rss\+xml/));
    assert.equal(feed.items.length, 20);
    const listed = $('main article h3 a')
      .map((_, a) => $(a).attr('href'))
      .get()
      .slice(0, 20);
    assert.deepEqual(
      feed.items.map((item) => pathOf(item.url)),
      listed,
    );
  });

  it('makes links inside the content absolute', async () => {
    const feed = parseFeed(await text(basic, '/feed.xml', /rss/));
    for (const item of feed.items)
      assert.doesNotMatch(item.content ?? '', /(?:href|src)="\/(?!\/)/);
  });

  it('gives hostile titles to readers as text', async () => {
    for (const path of ['/feed.xml', '/atom.xml']) {
      const feed = parseFeed(await text(basic, path, /xml/));
      const titles = feed.items.map((item) => item.title);
      assert.ok(
        titles.includes('<script>alert(1)</script> & friends'),
        `${path}: ${titles.join(' | ')}`,
      );
    }
  });

  it('leaves drafts and scheduled posts out', async () => {
    const feed = parseFeed(await text(basic, '/feed.xml', /rss/));
    const titles = feed.items.map((item) => item.title);
    assert.equal(titles.length, 11);
    assert.ok(!titles.includes('A draft') && !titles.includes('From the future'));
  });

  it('is announced on every page for autodiscovery', async () => {
    for (const path of ['/', '/page/2/', '/tags/notes/', '/posts/short/', '/no-such-page/']) {
      const $ = cheerio.load(await (await basic.get(path)).text());
      assert.equal(
        $('link[rel="alternate"][type="application/rss+xml"][href="/feed.xml"]').length,
        1,
        path,
      );
      assert.equal(
        $('link[rel="alternate"][type="application/atom+xml"][href="/atom.xml"]').length,
        1,
        path,
      );
      assert.equal(
        $('link[rel="alternate"][type="application/feed+json"][href="/feed.json"]').length,
        1,
        path,
      );
    }
  });

  it('/feed.json is a JSON Feed 1.1 of the posts /feed.xml carries, as a reader reads it', async () => {
    const body = await text(demo, '/feed.json', /^application\/feed\+json/);
    const json = JSON.parse(body) as { version: string; language: string; authors: unknown[] };
    assert.equal(json.version, 'https://jsonfeed.org/version/1.1');
    assert.equal(json.language, 'en');
    assert.equal(json.authors.length, 1);
    const read = extractFromJson(JSON.parse(body) as Parameters<typeof extractFromJson>[0], {
      normalization: true,
    });
    assert.equal(read.title, 'Dev Notes');
    const rss = parseFeed(await text(demo, '/feed.xml', /rss/));
    assert.deepEqual(
      read.entries?.map((entry) => entry.link),
      rss.items.map((item) => item.url),
    );
    for (const entry of read.entries ?? []) assert.ok(entry.published, entry.link);
    assert.ok(body.includes('"date_modified": "2026-11-12T09:00:00'), 'the updated post');
  });

  it('names the author in RSS as the spec allows, and gives RSS no image it cannot show', async () => {
    const rss = await text(demo, '/feed.xml', /rss/);
    // RSS's <author> is an email address; the demo's avatar is an SVG, which RSS does not allow.
    assert.doesNotMatch(rss, /<author>/);
    assert.equal(
      [...rss.matchAll(/<dc:creator><!\[CDATA\[Jane Doe\]\]><\/dc:creator>/g)].length,
      20,
    );
    assert.doesNotMatch(rss, /<image>/);
    assert.match(await text(demo, '/atom.xml', /atom/), /<author>\s*<name>Jane Doe<\/name>/);
  });

  it('has one RSS feed per tag, linked from its page', async () => {
    const $ = cheerio.load(await text(demo, '/tags/sorting/', /html/));
    const href = $('link[rel="alternate"][type="application/rss+xml"]').last().attr('href');
    assert.equal(href, '/tags/sorting/feed.xml');
    const feed = parseFeed(await text(demo, href, /^application\/rss\+xml/));
    const listed = $('main article h2 a')
      .map((_, a) => $(a).attr('href'))
      .get();
    assert.deepEqual(
      feed.items.map((item) => pathOf(item.url)),
      listed.slice(0, 20),
    );
  });
});

describe('sitemap and robots.txt', () => {
  it('lists every public page once, each answering 200', async () => {
    const $ = cheerio.load(await text(basic, '/sitemap.xml', /^application\/xml/), { xml: true });
    const urls = $('url > loc')
      .map((_, loc) => $(loc).text())
      .get();
    assert.equal(new Set(urls).size, urls.length);
    // 6 featured pages, 3 categories, 10 tags, 11 posts, and the three indexes.
    assert.equal(urls.length, 6 + 3 + 10 + 11 + 3);
    for (const url of urls) {
      assert.ok(url.startsWith('https://fixture.example.com/'), url);
      assert.equal((await basic.get(pathOf(url))).status, 200, url);
    }
    assert.ok(!urls.some((url) => url.includes('draft-post') || url.includes('future-post')));
  });

  it('lists every page of the demo, and each answers 200', async () => {
    const $ = cheerio.load(await text(demo, '/sitemap.xml', /xml/), { xml: true });
    const urls = $('url > loc')
      .map((_, loc) => $(loc).text())
      .get();
    assert.ok(urls.length > 287 + 29);
    for (const url of urls) assert.equal((await demo.get(pathOf(url))).status, 200, url);
  });

  it('points robots.txt at the sitemap', async () => {
    const robots = await text(basic, '/robots.txt', /^text\/plain/);
    assert.match(robots, /^User-agent: \*$/m);
    assert.match(robots, /^Sitemap: https:\/\/fixture\.example\.com\/sitemap\.xml$/m);
  });

  it('answers documents only at their exact paths', async () => {
    assert.equal((await basic.get('/feed.xml/')).status, 404);
    assert.equal((await basic.get('/categories/nope/feed.xml')).status, 404);
  });
});
