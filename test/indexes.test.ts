// The indexes on the real server: every category and tag with its count, every post by year and
// month, linked from the top navigation where the config says so, listed in the sitemap.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import * as cheerio from 'cheerio';
import { servedForTests, serveSite } from './support/serve-fixture.js';
import { tempRoot } from './support/temp-root.js';

const root = tempRoot('folio-indexes-');

function writeSite(dir: string, config: string, posts: Record<string, string>): void {
  mkdirSync(join(dir, 'content', 'posts'), { recursive: true });
  writeFileSync(
    join(dir, 'folio.config.yaml'),
    `title: Notes\nurl: https://notes.example.com\ntimezone: UTC\nauthor:\n  name: Ann\n${config}`,
  );
  for (const [slug, front] of Object.entries(posts)) {
    writeFileSync(
      join(dir, 'content', 'posts', `${slug}.md`),
      `---\ntitle: ${slug}\n${front}\n---\n\nText of ${slug}.\n`,
    );
  }
}

const dir = join(root, 'site');
writeSite(dir, 'nav: [archives, tags]\n', {
  'heap-sort': 'date: 2025-02-03\ncategory: Algorithm\ntags: [sorting, heap]',
  'merge-sort': 'date: 2025-01-20\ncategory: Algorithm\ntags: [sorting]',
  'wal-mode': 'date: 2024-12-31 23:30\ncategory: Databases\ntags: [sqlite]',
  unfinished: 'date: 2024-06-01\ntags: [sorting]\ndraft: true',
});

const site = servedForTests(dir, { now: () => Date.parse('2026-01-01T00:00:00Z') });
const { page } = site;

const items = ($: cheerio.CheerioAPI, selector: string): string[] =>
  $(selector)
    .map((_, li) => $(li).text().replace(/\s+/g, ' ').trim())
    .get();

describe('the indexes', () => {
  it('/categories/ lists every category with its count, linking its page', async () => {
    const $ = await page('/categories/');
    assert.equal($('h1').text(), 'Categories');
    assert.deepEqual(items($, '.term-index li'), ['Algorithm 2 posts', 'Databases 1 post']);
    assert.equal($('.term-index a').first().attr('href'), '/categories/algorithm/');
  });

  it('/tags/ lists every tag with its count, weighted by it, and never counts drafts', async () => {
    const $ = await page('/tags/');
    assert.deepEqual(items($, '.tag-cloud li'), [
      '#heap 1 post',
      '#sorting 2 posts',
      '#sqlite 1 post',
    ]);
    assert.deepEqual(
      $('.tag-cloud li')
        .map((_, li) => $(li).attr('class'))
        .get(),
      ['weight-1', 'weight-5', 'weight-1'],
    );
  });

  it('/archives/ lists every post by year and month, newest first', async () => {
    const $ = await page('/archives/');
    assert.deepEqual(
      $('main h2, main h3')
        .map((_, h) => $(h).text().replace(/\s+/g, ' ').trim())
        .get(),
      ['2025 2 posts', 'February', 'January', '2024 1 post', 'December'],
    );
    assert.deepEqual(items($, '.archive-posts li'), [
      '2025-02-03 heap-sort',
      '2025-01-20 merge-sort',
      '2024-12-31 wal-mode',
    ]);
  });

  it('are linked from the top navigation as the config says, and listed in the sitemap', async () => {
    const $ = await page('/archives/');
    assert.deepEqual(
      $('.site-nav a')
        .map((_, a) => $(a).attr('href'))
        .get()
        .slice(-2),
      ['/archives/', '/tags/'],
    );
    assert.equal($('.site-nav a[aria-current="page"]').attr('href'), '/archives/');
    const sitemap = await (await site.get('/sitemap.xml')).text();
    for (const path of ['/categories/', '/tags/', '/archives/']) {
      assert.ok(sitemap.includes(`<loc>https://notes.example.com${path}</loc>`), path);
    }
  });

  it('stand for the categories in the top navigation once a site has more than it may name', async () => {
    const navOf = async (config: string, count: number): Promise<string[]> => {
      const many = join(root, `many-${count}-${config.length}`);
      const posts = Object.fromEntries(
        Array.from({ length: count }, (_, i) => [
          `post-${i}`,
          `date: 2025-01-${String(i + 1).padStart(2, '0')}\ncategory: Topic ${i}\ntags: [x]`,
        ]),
      );
      writeSite(many, config, posts);
      const served = await serveSite(many, { now: () => Date.parse('2026-01-01T00:00:00Z') });
      try {
        const $ = cheerio.load(await (await served.get('/')).text());
        return $('.site-nav a')
          .map((_, a) => $(a).attr('href'))
          .get();
      } finally {
        await served.server.close();
      }
    };
    const each = (count: number) =>
      Array.from({ length: count }, (_, i) => `/categories/topic-${i}/`);
    // Ten by default: each named while there are ten, the index in their place at eleven.
    assert.deepEqual((await navOf('', 10)).sort(), ['/', ...each(10)].sort());
    assert.deepEqual(await navOf('', 11), ['/', '/categories/']);
    assert.deepEqual(await navOf('nav: [archives, categories]\n', 11), [
      '/',
      '/archives/',
      '/categories/',
    ]);
    assert.deepEqual((await navOf('navCategories: 20\n', 11)).sort(), ['/', ...each(11)].sort());
    assert.deepEqual(await navOf('navCategories: 0\n', 1), ['/', '/categories/']);
  });

  it('answer without the navigation links where the config names none', async () => {
    const plain = join(root, 'plain');
    writeSite(plain, '', { hello: 'date: 2025-01-01\ntags: [x]' });
    const served = await serveSite(plain, { now: () => Date.parse('2026-01-01T00:00:00Z') });
    try {
      const $ = cheerio.load(await (await served.get('/archives/')).text());
      assert.deepEqual(
        $('.site-nav a')
          .map((_, a) => $(a).attr('href'))
          .get(),
        ['/'],
      );
      assert.equal((await served.get('/tags')).status, 301);
    } finally {
      await served.server.close();
    }
  });
});
