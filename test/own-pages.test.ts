// Pages of content/pages (About, Now) on the real server and in the export: at /<slug>/, linked
// from the navigation when they ask, in the sitemap, and never among posts or in feeds.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as cheerio from 'cheerio';
import { run } from './support/folio-cli.js';
import { serveSite, type ServedFixture } from './support/serve-fixture.js';
import { tempRoot } from './support/temp-root.js';

const root = tempRoot('folio-own-pages-');

function makeSite(name: string, pages: Record<string, string>): string {
  const dir = join(root, name);
  mkdirSync(join(dir, 'content', 'posts'), { recursive: true });
  mkdirSync(join(dir, 'content', 'pages'), { recursive: true });
  writeFileSync(
    join(dir, 'folio.config.yaml'),
    'title: Notes\nurl: https://notes.example.com\ntimezone: UTC\nauthor:\n  name: Ann\n',
  );
  writeFileSync(
    join(dir, 'content', 'posts', 'hello.md'),
    '---\ntitle: Hello\ndate: 2024-01-10\ntags: [notes]\n---\n\nSee [about me](/about/).\n',
  );
  for (const [file, text] of Object.entries(pages)) {
    mkdirSync(join(dir, 'content', 'pages', file, '..'), { recursive: true });
    writeFileSync(join(dir, 'content', 'pages', file), text);
  }
  return dir;
}

const dir = makeSite('site', {
  'about.md': '---\ntitle: About me\nnav: true\norder: 2\n---\n\nI write **notes**.\n',
  'now/index.md':
    '---\ntitle: Now\nnav: true\norder: 1\ndescription: What I do now.\n---\n\nReading.\n',
  'colophon.md': '---\ntitle: Colophon\n---\n\nMade with Folio.\n',
  'plans.md': '---\ntitle: Plans\nnav: true\ndraft: true\n---\n\nSecret.\n',
});

let site: ServedFixture;
before(async () => {
  site = await serveSite(dir, { now: () => Date.parse('2025-01-01T00:00:00Z') });
});
after(async () => {
  await site.server.close();
});

const text = async (path: string): Promise<string> => (await site.get(path)).text();
const page = async (path: string) => cheerio.load(await text(path));

describe('a page of content/pages on the server', () => {
  it('answers at /<slug>/ with its title and body, and redirects the path without a slash', async () => {
    const $ = await page('/about/');
    assert.equal($('main h1').text(), 'About me');
    assert.equal($('main .post-body strong').text(), 'notes');
    assert.equal($('title').text(), 'About me · Notes');
    assert.equal($('link[rel="canonical"]').attr('href'), 'https://notes.example.com/about/');
    const moved = await site.get('/about');
    assert.equal(moved.status, 301);
    assert.equal(moved.headers.get('location'), '/about/');
    assert.equal((await site.get('/now/')).status, 200);
    assert.equal((await site.get('/colophon/')).status, 200);
  });

  it('links the pages that ask for it in the navigation of every page, by their order', async () => {
    for (const path of ['/', '/posts/hello/', '/colophon/']) {
      const $ = await page(path);
      const links = $('nav.site-nav a')
        .map((_, a) => $(a).attr('href'))
        .get();
      assert.deepEqual(links.slice(-2), ['/now/', '/about/'], path);
    }
    const $ = await page('/about/');
    assert.equal($('nav.site-nav a[aria-current="page"]').attr('href'), '/about/');
  });

  it('uses its description, or the start of its text, as its meta description', async () => {
    assert.equal(
      (await page('/now/'))('meta[name="description"]').attr('content'),
      'What I do now.',
    );
    assert.equal(
      (await page('/about/'))('meta[name="description"]').attr('content'),
      'I write notes.',
    );
  });

  it('keeps drafts hidden, on the page and in the navigation', async () => {
    assert.equal((await site.get('/plans/')).status, 404);
    assert.doesNotMatch(await text('/'), /\/plans\//);
  });

  it('is in the sitemap, and never in a listing or a feed', async () => {
    const sitemap = await text('/sitemap.xml');
    assert.match(sitemap, /<loc>https:\/\/notes\.example\.com\/about\/<\/loc>/);
    assert.doesNotMatch(sitemap, /\/plans\//);
    const $ = await page('/');
    assert.deepEqual(
      $('main article h2')
        .map((_, h) => $(h).text().trim())
        .get(),
      ['Hello'],
    );
    for (const feed of ['/feed.xml', '/atom.xml', '/feed.json']) {
      assert.doesNotMatch(await text(feed), /About me|Colophon/, feed);
    }
    assert.doesNotMatch((await page('/archives/'))('main').text(), /About me/);
  });
});

describe('a page of content/pages in the export', () => {
  it('is written at its path and in the sitemap; its draft is not', async () => {
    const out = join(root, 'out');
    const built = await run(['build', dir, '--out', out]);
    assert.equal(built.code, 0, built.stderr);
    const $ = cheerio.load(readFileSync(join(out, 'about', 'index.html'), 'utf8'));
    assert.equal($('main h1').text(), 'About me');
    assert.ok(existsSync(join(out, 'now', 'index.html')));
    assert.ok(!existsSync(join(out, 'plans')));
    assert.match(readFileSync(join(out, 'sitemap.xml'), 'utf8'), /\/colophon\/<\/loc>/);
  });
});

describe('folio check on pages', () => {
  it("names the page and Folio's page when a page takes one of Folio's URLs", async () => {
    const bad = makeSite('taken', { 'tags.md': '---\ntitle: My tags\n---\n\nx\n' });
    const checked = await run(['check', bad]);
    assert.equal(checked.code, 1);
    assert.match(
      checked.stderr,
      /content\/pages\/tags\.md:1: the page's URL \/tags\/ is taken by Folio: the index of tags \(\/tags\/\)/,
    );
  });

  it('names both files when a page and a post claim one URL', async () => {
    const clash = makeSite('clash', { 'hello.md': '---\ntitle: Hello page\n---\n\nx\n' });
    writeFileSync(
      join(clash, 'folio.config.yaml'),
      'title: Notes\nurl: https://notes.example.com\npermalink: /:slug/\nauthor:\n  name: Ann\n',
    );
    const checked = await run(['check', clash]);
    assert.equal(checked.code, 1);
    assert.match(
      checked.stderr,
      /pages\/hello\.md:1: \/hello\/ is claimed twice: also by the page of .*posts\/hello\.md/,
    );
    assert.match(
      checked.stderr,
      /posts\/hello\.md:1: \/hello\/ is claimed twice: also by the page .*pages\/hello\.md/,
    );
  });

  it('reports a page without a title, or with an order that is no number, at its line', async () => {
    const broken = makeSite('broken', {
      'a.md': '---\nnav: true\n---\n\nx\n',
      'b.md': '---\ntitle: B\norder: first\n---\n\nx\n',
    });
    const checked = await run(['check', broken]);
    assert.equal(checked.code, 1);
    assert.match(checked.stderr, /pages\/a\.md:\d+: .*title/);
    assert.match(checked.stderr, /pages\/b\.md:3: .*order.* must be a whole number/);
  });
});
