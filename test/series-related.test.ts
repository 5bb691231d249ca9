// Series and related posts on the real server and in the real export: a series' page in reading
// order, the box on each part's page with the current part marked, related posts by shared tags
// and category — never a draft or a scheduled post.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as cheerio from 'cheerio';
import { HtmlValidate } from 'html-validate';
import { run } from './support/folio-cli.js';
import { serveSite, type ServedFixture } from './support/serve-fixture.js';
import { tempRoot } from './support/temp-root.js';

const root = tempRoot('folio-series-');
const dir = join(root, 'site');
mkdirSync(join(dir, 'content', 'posts'), { recursive: true });
writeFileSync(
  join(dir, 'folio.config.yaml'),
  'title: Notes\nurl: https://notes.example.com\ntimezone: UTC\nauthor:\n  name: Ann\n',
);
const posts: Record<string, string> = {
  ownership:
    'title: Ownership\ndate: 2024-01-01\ncategory: Languages\ntags: [rust, memory]\nseries: Learning Rust\nseriesOrder: 1',
  borrowing:
    'title: Borrowing\ndate: 2024-02-01\ntags: [rust]\nseries: Learning Rust\nseriesOrder: 2',
  // Older than both, but without a part number: it reads after the numbered parts.
  lifetimes: 'title: Lifetimes\ndate: 2023-12-01\ntags: [rust, memory]\nseries: Learning Rust',
  unsafe: 'title: Unsafe\ndate: 2024-03-01\ntags: [rust]\nseries: Learning Rust\ndraft: true',
  macros: 'title: Macros\ndate: 2099-01-01\ntags: [rust]\nseries: Learning Rust\nseriesOrder: 3',
  'go-gc': 'title: Go GC\ndate: 2023-06-01\ncategory: Languages\ntags: [go, memory]',
  bread: 'title: Bread\ndate: 2024-04-01\ntags: [cooking]',
};
for (const [slug, front] of Object.entries(posts)) {
  writeFileSync(
    join(dir, 'content', 'posts', `${slug}.md`),
    `---\n${front}\n---\n\nText of ${slug}.\n`,
  );
}

let site: ServedFixture;
before(async () => {
  site = await serveSite(dir, { now: () => Date.parse('2026-01-01T00:00:00Z') });
});
after(async () => {
  await site.server.close();
});

const text = (value: string): string => value.replace(/\s+/g, ' ').trim();

async function page(path: string): Promise<cheerio.CheerioAPI> {
  const response = await site.get(path);
  assert.equal(response.status, 200, path);
  return cheerio.load(await response.text());
}

const validator = new HtmlValidate({ extends: ['html-validate:recommended'] });

async function assertValid(html: string, path: string): Promise<void> {
  const report = await validator.validateString(html);
  const problems = report.results.flatMap((result) => result.messages);
  assert.deepEqual(
    problems.map((m) => `${path}:${m.line}: ${m.ruleId}: ${m.message}`),
    [],
  );
}

describe('a series', () => {
  it('has a page listing its public parts in reading order, with their dates', async () => {
    const $ = await page('/series/learning-rust/');
    assert.equal($('h1').length, 1);
    assert.equal($('h1').text(), 'Series: Learning Rust');
    assert.deepEqual(
      $('main ol.series-posts li')
        .map((_, li) => text($(li).text()))
        .get(),
      ['Ownership 2024-01-01 00:00', 'Borrowing 2024-02-01 00:00', 'Lifetimes 2023-12-01 00:00'],
    );
    assert.equal($('main ol.series-posts a').first().attr('href'), '/posts/ownership/');
    assert.equal($('main ol.series-posts time').first().attr('datetime'), '2024-01-01T00:00:00Z');
  });

  it('is in the sitemap; /series/ alone is not a page, and the path without / redirects', async () => {
    const sitemap = await (await site.get('/sitemap.xml')).text();
    assert.ok(sitemap.includes('<loc>https://notes.example.com/series/learning-rust/</loc>'));
    assert.equal((await site.get('/series/')).status, 404);
    assert.equal((await site.get('/series/no-such-series/')).status, 404);
    const moved = await site.get('/series/learning-rust');
    assert.equal(moved.status, 301);
    assert.equal(moved.headers.get('location'), '/series/learning-rust/');
  });

  it("shows on each part's page a box of every part, the current one marked and not a link", async () => {
    const $ = await page('/posts/borrowing/');
    const box = $('nav[aria-label="Series: Learning Rust"]');
    assert.equal(box.length, 1);
    assert.equal(box.find('h2 a').attr('href'), '/series/learning-rust/');
    assert.equal(text(box.find('.series-part').text()), 'Part 2 of 3');
    assert.deepEqual(
      box
        .find('ol li')
        .map((_, li) => text($(li).text()))
        .get(),
      ['Ownership', 'Borrowing', 'Lifetimes'],
    );
    const current = box.find('[aria-current="page"]');
    assert.equal(text(current.text()), 'Borrowing');
    assert.equal(current.closest('a').length, 0);
    assert.deepEqual(
      box
        .find('ol a')
        .map((_, a) => $(a).attr('href'))
        .get(),
      ['/posts/ownership/', '/posts/lifetimes/'],
    );
  });

  it('leaves drafts and scheduled parts out, and shows no box on a post of no series', async () => {
    assert.equal((await site.get('/posts/unsafe/')).status, 404);
    const $ = await page('/posts/bread/');
    assert.equal($('.post-series').length, 0);
  });
});

describe('related posts', () => {
  it('links the posts sharing the most, a same category and rarer tags first, with dates', async () => {
    const $ = await page('/posts/ownership/');
    const box = $('nav[aria-label="Related posts"]');
    assert.equal(box.find('h2').text(), 'Related posts');
    // Go GC shares the category (of two posts) and `memory` (of three); Lifetimes `rust` and
    // `memory` (of three each); Borrowing only `rust`.
    assert.deepEqual(
      box
        .find('li a')
        .map((_, a) => $(a).attr('href'))
        .get(),
      ['/posts/go-gc/', '/posts/lifetimes/', '/posts/borrowing/'],
    );
    assert.equal(box.find('li time').first().attr('datetime'), '2023-06-01T00:00:00Z');
  });

  it('breaks ties newest first, and shows none where no post shares anything', async () => {
    const $ = await page('/posts/borrowing/');
    assert.deepEqual(
      $('.related-posts li a')
        .map((_, a) => $(a).text())
        .get(),
      ['Ownership', 'Lifetimes'],
    );
    assert.equal((await page('/posts/bread/'))('.related-posts').length, 0);
  });

  it('keep the pages valid HTML', async () => {
    for (const path of ['/posts/ownership/', '/posts/borrowing/', '/series/learning-rust/']) {
      await assertValid(await (await site.get(path)).text(), path);
    }
  });
});

describe('the export', () => {
  it('writes the series page, lists it in the sitemap, and the same boxes on post pages', async () => {
    const out = join(root, 'out');
    const built = await run(['build', dir, '--out', out]);
    assert.equal(built.code, 0, built.stderr);
    const seriesPage = cheerio.load(
      await readFile(join(out, 'series/learning-rust/index.html'), 'utf8'),
    );
    assert.equal(seriesPage('h1').text(), 'Series: Learning Rust');
    const sitemap = await readFile(join(out, 'sitemap.xml'), 'utf8');
    assert.ok(sitemap.includes('<loc>https://notes.example.com/series/learning-rust/</loc>'));
    const post = await readFile(join(out, 'posts/borrowing/index.html'), 'utf8');
    assert.equal(post, await (await site.get('/posts/borrowing/')).text());
  });
});
