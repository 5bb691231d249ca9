// A site whose url has a path — a GitHub Pages project site, https://jane.github.io/blog/ — as its
// readers meet it: `folio serve` answers it under /blog/ and leads everything else there, and the
// export, served under /blog/ by a plain static server, links only what it holds.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as cheerio from 'cheerio';
import { exportSite } from '../src/delivery/static/export-site.js';
import { loadSite } from '../src/load/load-site.js';
import { LiveReload } from '../src/delivery/server/live-reload.js';
import { serveSite, type ServedFixture } from './support/serve-fixture.js';
import { serveStatic, type StaticServer } from './support/static-server.js';
import { tempRoot } from './support/temp-root.js';

const root = tempRoot('folio-base-path-');
const SITE = join(root, 'site');
const OUT = join(root, 'out');
const URL_ = 'https://jane.github.io/blog';

function write(path: string, text: string): void {
  mkdirSync(join(SITE, path, '..'), { recursive: true });
  writeFileSync(join(SITE, path), text);
}

function post(slug: string, date: string, extra: string, body: string): void {
  const front = `---\ntitle: Post ${slug}\ndate: ${date}\ntags: [notes]\n${extra}---\n`;
  write(`content/posts/${slug}.md`, `${front}${body}\n`);
}

before(() => {
  write(
    'folio.config.yaml',
    [
      'title: Jane Notes',
      `url: ${URL_}/`,
      'author:',
      '  name: Jane Doe',
      '  image: /images/avatar.svg',
      'pageSize: 1',
      '',
    ].join('\n'),
  );
  write('static/images/avatar.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  post('first', '2024-01-01', 'aliases: [/old/first/]\n', 'The first.');
  post(
    'second',
    '2024-02-01',
    '',
    'See [the first](/posts/first/), [again](/blog/posts/first/), ![me](/images/avatar.svg) and ![me again](/blog/images/avatar.svg).',
  );
  write('content/pages/about.md', '---\ntitle: About\n---\nAbout [the first](/posts/first/).\n');
});

/** Every site-relative URL of a page, in its links, images, stylesheets and forms. */
function rootedUrls(body: string): string[] {
  const $ = cheerio.load(body);
  return $('[href], [src], [action]')
    .toArray()
    .flatMap((element) => ['href', 'src', 'action'].flatMap((name) => $(element).attr(name) ?? []))
    .filter((url) => url.startsWith('/'));
}

describe('folio check, for a site whose url has a path', () => {
  it('finds the images and posts that links written with the path lead to', async () => {
    const { diagnostics } = await loadSite(SITE);
    assert.deepEqual(diagnostics, []);
  });
});

describe('folio serve, for a site whose url has a path', () => {
  let site: ServedFixture;
  before(async () => {
    site = await serveSite(SITE);
  });
  after(() => site.server.close());

  it('answers its pages under the path, linking every page and file there', async () => {
    const home = await site.get('/blog/');
    assert.equal(home.status, 200);
    const urls = rootedUrls(await home.text());
    assert.ok(urls.includes('/blog/posts/second/'));
    assert.ok(urls.includes('/blog/page/2/'));
    assert.ok(urls.includes('/blog/search/'));
    assert.deepEqual(
      urls.filter((url) => !url.startsWith('/blog/')),
      [],
    );
    for (const url of new Set(urls)) {
      const answer = await site.get(url);
      assert.ok([200, 301].includes(answer.status), `${url}: ${answer.status}`);
    }
  });

  it('answers its theme files, static files and feeds under the path', async () => {
    const $ = cheerio.load(await (await site.get('/blog/')).text());
    const stylesheet = await site.get($('link[rel="stylesheet"]').attr('href') ?? '');
    assert.equal(stylesheet.status, 200);
    assert.match(stylesheet.headers.get('content-type') ?? '', /text\/css/);
    assert.equal((await site.get('/blog/images/avatar.svg')).status, 200);
    const feed = await site.get('/blog/feed.xml');
    assert.equal(feed.status, 200);
    const xml = cheerio.load(await feed.text(), { xml: true });
    const links = xml('item > link')
      .toArray()
      .map((link) => xml(link).text());
    assert.deepEqual(links, [`${URL_}/posts/second/`, `${URL_}/posts/first/`]);
  });

  it("links the author's site-relative links under the path, once", async () => {
    const $ = cheerio.load(await (await site.get('/blog/posts/second/')).text());
    const body = $('.post-body');
    assert.deepEqual(
      body
        .find('a')
        .toArray()
        .map((a) => $(a).attr('href')),
      ['/blog/posts/first/', '/blog/posts/first/'],
    );
    assert.deepEqual(
      body
        .find('img')
        .toArray()
        .map((img) => $(img).attr('src')),
      ['/blog/images/avatar.svg', '/blog/images/avatar.svg'],
    );
  });

  it('leads the root, the path without its slash and old paths to the page under the path', async () => {
    const moved: [string, string][] = [
      ['/', '/blog/'],
      ['/blog', '/blog/'],
      ['/blog?x=1', '/blog/?x=1'],
      ['/posts/first/', '/blog/posts/first/'],
      ['/feed.xml', '/blog/feed.xml'],
      ['/images/avatar.svg', '/blog/images/avatar.svg'],
      ['/blog/posts/first', '/blog/posts/first/'],
      ['/blog/old/first/', '/blog/posts/first/'],
      ['/blog/page/1/', '/blog/'],
      ['/search/?q=first', '/blog/search/?q=first'],
    ];
    for (const [from, to] of moved) {
      const answer = await site.get(from);
      assert.equal(answer.status, 301, from);
      assert.equal(answer.headers.get('location'), to, from);
    }
  });

  it("answers anything else with the site's 404 page, whose links lead under the path", async () => {
    for (const path of ['/nothing/', '/blog/nothing/', '/blogroll/', '/blog/blog/']) {
      const answer = await site.get(path);
      assert.equal(answer.status, 404, path);
      const $ = cheerio.load(await answer.text());
      assert.equal($('main a').attr('href'), '/blog/', path);
      assert.equal($('.site-title a').attr('href'), '/blog/', path);
    }
  });

  it('searches under the path, with results that lead there', async () => {
    const answer = await site.get('/blog/search/?q=first');
    assert.equal(answer.status, 200);
    const $ = cheerio.load(await answer.text());
    assert.equal($('main form').attr('action'), '/blog/search/');
    const hits = $('.search-hits a')
      .toArray()
      .map((a) => $(a).attr('href'));
    assert.ok(hits.length > 0);
    assert.ok(hits.every((href) => href?.startsWith('/blog/posts/')));
  });
});

describe('folio serve --watch, for a site whose url has a path', () => {
  let site: ServedFixture;
  const liveReload = new LiveReload();
  before(async () => {
    site = await serveSite(SITE, { liveReload });
  });
  after(async () => {
    liveReload.close();
    await site.server.close();
  });

  it('streams the events that reload its pages under the path, and only there', async () => {
    const typeOf = (path: string): Promise<string | undefined> =>
      new Promise((resolve, reject) => {
        const req = request(`${site.server.url}${path}`, (res) => {
          resolve(res.headers['content-type']);
          req.destroy();
        });
        req.on('error', reject);
        req.end();
      });
    assert.match((await typeOf('/blog/__folio/live')) ?? '', /^text\/event-stream/);
    assert.doesNotMatch((await typeOf('/__folio/live')) ?? '', /^text\/event-stream/);
  });
});

describe('folio serve, for a site whose path is in another script', () => {
  const ENCODED = '/%EB%B8%94%EB%A1%9C%EA%B7%B8';
  let site: ServedFixture;
  before(async () => {
    const dir = join(root, 'korean');
    cpSync(SITE, dir, { recursive: true });
    const config = join(dir, 'folio.config.yaml');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace(`url: ${URL_}/`, 'url: https://x.dev/블로그/'),
    );
    site = await serveSite(dir);
  });
  after(() => site.server.close());

  it('links and answers it percent-encoded, as browsers send it', async () => {
    const home = await site.get(`${ENCODED}/`);
    assert.equal(home.status, 200);
    const urls = rootedUrls(await home.text());
    assert.ok(urls.includes(`${ENCODED}/posts/second/`));
    assert.deepEqual(
      urls.filter((url) => !url.startsWith(`${ENCODED}/`)),
      [],
    );
    assert.equal((await site.get(`${ENCODED}/posts/second/`)).status, 200);
    const moved = await site.get('/');
    assert.equal(moved.status, 301);
    assert.equal(moved.headers.get('location'), `${ENCODED}/`);
  });
});

describe('folio build, for a site whose url has a path', () => {
  let served: StaticServer;
  before(async () => {
    const result = await exportSite({ siteDir: SITE, outDir: OUT, threads: 1 });
    assert.ok(result.summary, JSON.stringify(result.diagnostics));
    served = await serveStatic(OUT, { mount: '/blog' });
  });
  after(() => served.close());

  it('writes its files at the root of the output folder', () => {
    assert.match(readFileSync(join(OUT, 'index.html'), 'utf8'), /href="\/blog\/posts\/second\/"/);
    assert.match(readFileSync(join(OUT, 'posts', 'first', 'index.html'), 'utf8'), /Post first/);
  });

  it('leaves at old paths redirect pages that lead under the path', () => {
    const $ = cheerio.load(readFileSync(join(OUT, 'old', 'first', 'index.html'), 'utf8'));
    assert.equal($('meta[http-equiv="refresh"]').attr('content'), '0; url=/blog/posts/first/');
    assert.equal($('body a').attr('href'), '/blog/posts/first/');
    assert.equal($('link[rel="canonical"]').attr('href'), `${URL_}/posts/first/`);
    const redirects = readFileSync(join(OUT, '_redirects'), 'utf8');
    assert.match(redirects, /^\/blog\/old\/first\/ \/blog\/posts\/first\/ 301$/m);
  });

  it('names the sitemap and its pages under the path', () => {
    const robots = readFileSync(join(OUT, 'robots.txt'), 'utf8');
    assert.match(robots, /^Sitemap: https:\/\/jane\.github\.io\/blog\/sitemap\.xml$/m);
    const $ = cheerio.load(readFileSync(join(OUT, 'sitemap.xml'), 'utf8'), { xml: true });
    const locs = $('loc')
      .toArray()
      .map((loc) => $(loc).text());
    assert.ok(locs.includes(`${URL_}/`));
    assert.ok(locs.every((loc) => loc.startsWith(`${URL_}/`)));
  });

  it('serves, under the path, every file its pages link', async () => {
    for (const page of ['/blog/', '/blog/posts/second/', '/blog/about/', '/blog/404.html']) {
      const answer = await fetch(`${served.url}${page}`);
      assert.equal(answer.status, 200, page);
      for (const url of new Set(rootedUrls(await answer.text()))) {
        assert.ok(url.startsWith('/blog/'), `${page} links ${url}`);
        const linked = await fetch(`${served.url}${url.split(/[?#]/)[0] ?? url}`);
        assert.equal(linked.status, 200, `${page} links ${url}`);
      }
    }
  });
});
