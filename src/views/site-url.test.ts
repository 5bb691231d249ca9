// The site's address reaches every page, feed, the sitemap and robots.txt. The config parser
// refuses addresses with markup in them; these settings bypass it, so each place that writes the
// address must escape it for its own context: nothing in it may become an attribute, an element
// or a line of its own.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as cheerio from 'cheerio';
import { buildSite, type Site } from '../site/build-site.js';
import { isPage, listRoutes, pathOf, postPath, type Route, termPath } from '../site/routes.js';
import { at, fixtureBodies, makeConfig, makePost } from '../../test/support/site-fixtures.js';
import { renderNotFound, renderRoute } from './render-route.js';

const HOSTILE_URLS = [
  'https://blog.example.com/x"onmouseover="alert(1)',
  "https://blog.example.com/a b'<img src=x onerror=alert(2)>",
  'https://blog.example.com/</script><script>alert(3)</script>]]><b>',
  'https://blog.example.com/a&b\nDisallow: /\r\nSitemap: https://evil.example/x',
];

const posts = [
  makePost('first', { category: 'Algorithm', tags: ['notes'], date: at('2024-01-01T00:00:00Z') }),
  makePost('other', { tags: ['notes'], date: at('2024-02-01T00:00:00Z') }),
];
const first = posts[0];
assert.ok(first);
const BODY = '<p><a href="/posts/other/">Other</a> <img src="/images/a.png" alt="A"></p>';
const bodies = fixtureBodies(posts, { html: { first: BODY, other: BODY } });

/** Text as an HTML or a strict XML parser reads it back: every line end is one line feed. */
const asParsed = (text: string): string => text.replace(/\r\n?/g, '\n');

/** Every element of a parsed document with an event handler attribute, as `tag on…`. */
function handlers($: cheerio.CheerioAPI): string[] {
  return $('*')
    .toArray()
    .flatMap((element) =>
      Object.keys($(element).attr() ?? {})
        .filter((name) => /^on/i.test(name))
        .map((name) => `${$(element).prop('tagName')} ${name}`),
    );
}

/** Asserts that rendered post HTML, as a feed carries it, links to the site's address. */
function assertFeedContent(content: string, url: string, where: string): void {
  const $ = cheerio.load(content);
  assert.deepEqual(handlers($), [], where);
  assert.equal($('script').length, 0, where);
  assert.equal($('a').attr('href'), asParsed(`${url}/posts/other/`), where);
  assert.equal($('img').length, 1, where);
  assert.equal($('img').attr('src'), asParsed(`${url}/images/a.png`), where);
}

/** Asserts that no attribute value of an XML document holds a raw `<`, which XML forbids. */
function assertWellFormedAttributes(xml: string, where: string): void {
  const inside = xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
  assert.doesNotMatch(inside, /\s[\w:-]+="[^"]*</, where);
}

function checkPage(site: Site, route: Route | undefined, body: string): void {
  const url = site.config.url;
  const where = `${JSON.stringify(url)} ${route ? pathOf(route) : '404'}`;
  const $ = cheerio.load(body);
  assert.deepEqual(handlers($), [], where);
  assert.equal($('img[src="x"], b').length, 0, where);
  const scripts = $('script').toArray();
  for (const script of scripts) {
    assert.equal($(script).attr('type'), 'application/ld+json', where);
  }
  if (!route) return;
  assert.equal(scripts.length, 1, where);
  const data = JSON.parse($(scripts[0]).text()) as Record<string, unknown>;
  const path = pathOf(route);
  assert.equal($('link[rel="canonical"]').attr('href'), asParsed(`${url}${path}`), where);
  assert.equal($('meta[property="og:url"]').attr('content'), asParsed(`${url}${path}`), where);
  const image = asParsed(`${url}/images/avatar.png`);
  assert.equal($('meta[property="og:image"]').attr('content'), image, where);
  assert.equal(data.url, route.kind === 'post' ? `${url}${path}` : `${url}/`, where);
}

/**
 * Asserts that a URL of a feed is `intended`: as written, or as the URL standard writes it (the
 * feed library passes its links through `new URL`, which percent-encodes what a URL cannot hold).
 */
function assertFeedUrl(actual: string | undefined, intended: string, where: string): void {
  assert.ok(
    asParsed(actual ?? '') === asParsed(intended) || actual === new URL(intended).href,
    `${where}: ${JSON.stringify(actual)} is not ${JSON.stringify(intended)}`,
  );
}

function checkFeed(site: Site, route: Route, body: string): void {
  const url = site.config.url;
  const where = `${JSON.stringify(url)} ${pathOf(route)}`;
  assertWellFormedAttributes(body, where);
  const $ = cheerio.load(body, { xml: true });
  assert.deepEqual(handlers($), [], where);
  const atom = route.kind === 'atom';
  const term = route.kind === 'rss' ? route.term : undefined;
  const items = $(atom ? 'feed > entry' : 'channel > item').toArray();
  assert.equal(items.length, term ? term.posts.length : 2, where);
  for (const [i, item] of items.entries()) {
    const entry = $(item);
    const post = term ? term.posts[i] : posts[posts.length - 1 - i];
    assert.ok(post);
    const intended = `${url}${postPath(post)}`;
    assertFeedUrl(
      atom ? entry.children('link').attr('href') : entry.children('link').text(),
      intended,
      where,
    );
    assertFeedUrl(entry.children(atom ? 'id' : 'guid').text(), intended, where);
    const content = atom ? entry.children('content') : entry.children('content\\:encoded');
    // A tag's feed carries summaries only.
    assert.equal(content.length, term?.kind === 'tag' ? 0 : 1, where);
    if (content.length > 0) assertFeedContent(content.text(), url, where);
  }
  const image = `${url}/images/avatar.png`;
  if (atom) {
    assertFeedUrl($('feed > id').text(), `${url}/`, where);
    assertFeedUrl($('feed > link[rel="self"]').attr('href'), `${url}/atom.xml`, where);
    assertFeedUrl($('feed > link[rel="alternate"]').attr('href'), `${url}/`, where);
    assertFeedUrl($('feed > logo').text(), image, where);
  } else {
    const home = term ? `${url}${termPath(term)}` : `${url}/`;
    assertFeedUrl($('channel > link').text(), home, where);
    assertFeedUrl($('channel > atom\\:link').attr('href'), `${url}${pathOf(route)}`, where);
    assertFeedUrl($('channel > image > url').text(), image, where);
  }
}

function checkSitemap(site: Site, body: string): void {
  const url = site.config.url;
  assertWellFormedAttributes(body, JSON.stringify(url));
  const $ = cheerio.load(body, { xml: true });
  const pages = listRoutes(site).filter(isPage);
  const locs = $('url > loc')
    .toArray()
    .map((loc) => asParsed($(loc).text()));
  assert.deepEqual(
    locs,
    pages.map((route) => asParsed(`${url}${pathOf(route)}`)),
  );
  const elements = new Set(
    $('*')
      .toArray()
      .map((element) => $(element).prop('tagName')?.toLowerCase()),
  );
  assert.deepEqual([...elements].sort(), ['lastmod', 'loc', 'url', 'urlset']);
}

function checkRobots(site: Site, body: string): void {
  const where = JSON.stringify(site.config.url);
  const lines = body.split(/\r\n|\r|\n/);
  assert.deepEqual(lines.slice(0, 3), ['User-agent: *', 'Allow: /', ''], where);
  assert.equal(lines.length, 5, where);
  assert.equal(lines[4], '', where);
  const sitemap = lines[3] ?? '';
  assert.match(sitemap, /^Sitemap: \S+$/, where);
  assert.equal(
    decodeURI(sitemap.slice('Sitemap: '.length)),
    `${site.config.url}/sitemap.xml`,
    where,
  );
}

for (const hostile of HOSTILE_URLS) {
  describe(`a site whose address is ${JSON.stringify(hostile)}`, () => {
    const site = buildSite(makeConfig({ url: hostile }), posts, {
      now: at('2030-01-01T00:00:00Z'),
    });
    const render = (route: Route): string => renderRoute(site, route, bodies).body;

    it('links every page to it in canonical links, Open Graph and JSON-LD, as text', () => {
      const pages = listRoutes(site).filter(isPage);
      assert.ok(pages.some((route) => route.kind === 'post'));
      for (const route of pages) checkPage(site, route, render(route));
      checkPage(site, undefined, renderNotFound(site).body);
    });

    it('writes it into feeds as text, in links, ids and the absolute links of contents', () => {
      const feeds = listRoutes(site).filter(
        (route) => route.kind === 'rss' || route.kind === 'atom',
      );
      // The site's RSS and Atom, and an RSS feed for each category and each tag.
      assert.equal(feeds.length, 2 + site.categories.length + site.tags.length);
      for (const route of feeds) checkFeed(site, route, render(route));
    });

    it('lists every page in the sitemap at that address, and nothing else', () => {
      checkSitemap(site, render({ kind: 'sitemap' }));
    });

    it('names the sitemap in robots.txt on one line of its own', () => {
      checkRobots(site, render({ kind: 'robots' }));
    });
  });
}

describe('a site whose address is plain', () => {
  it('is written as it is, with no escape where none is needed', () => {
    const url = 'https://blog.example.com/notes';
    const site = buildSite(makeConfig({ url }), posts, { now: at('2030-01-01T00:00:00Z') });
    assert.ok(renderRoute(site, { kind: 'robots' }, bodies).body.includes(`${url}/sitemap.xml`));
    const rss = renderRoute(site, { kind: 'rss' }, bodies).body;
    assert.ok(rss.includes(`<link>${url}${postPath(first)}</link>`));
    assert.ok(rss.includes(`<a href="${url}/posts/other/">`));
  });
});
