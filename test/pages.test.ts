// Post and tag pages, metadata for search engines, valid HTML on every page type, UI languages and drafts.
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as cheerio from 'cheerio';
import { HtmlValidate } from 'html-validate';
import { loadSite } from '../src/load/load-site.js';
import { FIXTURES, REPO_ROOT, serveSite, type ServedFixture } from './support/serve-fixture.js';

let site: ServedFixture;

before(async () => {
  site = await serveSite(`${FIXTURES}basic`);
});
after(async () => {
  await site.server.close();
});

async function page(from: ServedFixture, path: string): Promise<cheerio.CheerioAPI> {
  const response = await from.get(path);
  assert.equal(response.status, 200, path);
  return cheerio.load(await response.text());
}

describe('post page', () => {
  it('shows the title, date, author, category and tags, and the rendered body', async () => {
    const $ = await page(site, '/posts/graphs/');
    assert.equal($('main h1').text(), 'Graphs 入门');
    assert.equal($('main time').attr('datetime'), '2024-02-20T18:30:00+09:00');
    assert.equal($('main time').first().text(), '2024-02-20 18:30');
    assert.equal($('main .author').first().text(), 'Tess Author');
    assert.equal($('main a[href="/categories/algorithm/"]').text(), '알고리즘');
    assert.equal($('main a[rel="tag"]').attr('href'), '/tags/graphs/');
    assert.equal($('.post-body a[href="/posts/binary-search/"]').text(), 'binary search');
  });

  it('highlights code when rendering: the one script on the page is the copy button', async () => {
    const $ = await page(site, '/posts/graphs/');
    const code = $('.post-body pre code.language-ts');
    assert.equal(code.text(), 'const queue: number[] = [start];\n');
    assert.ok(code.find('span.hljs-keyword').length > 0);
    const scripts = $('script:not([type="application/ld+json"])');
    assert.equal(scripts.length, 1);
    assert.match(scripts.text(), /className = 'copy-code'/);
  });

  it('gives headings stable, distinct anchor ids', async () => {
    const $ = await page(site, '/posts/graphs/');
    const ids = $('.post-body h2')
      .map((_, h) => $(h).attr('id'))
      .get();
    assert.deepEqual(ids, ['breadth-first', 'breadth-first-1']);
  });

  it('gives images from static/ their width and height', async () => {
    const $ = await page(site, '/posts/graphs/');
    const img = $('.post-body img');
    assert.equal(img.attr('src'), '/images/avatar.svg');
    assert.equal(img.attr('alt'), 'The author');
    assert.equal(img.attr('width'), '96');
    assert.equal(img.attr('height'), '96');
  });

  it('links to the previous and next posts in the featured order', async () => {
    const $ = await page(site, '/posts/graphs/');
    assert.equal($('a[rel="prev"]').attr('href'), '/posts/wal-mode/');
    assert.equal($('a[rel="next"]').attr('href'), '/posts/heap-sort/');
    const oldest = await page(site, '/posts/oldest/');
    assert.equal(oldest('a[rel="prev"]').length, 0);
    assert.equal(oldest('a[rel="next"]').attr('href'), '/posts/older/');
  });
});

describe('tag page', () => {
  it('lists every post with the tag, newest first, with the tag name as heading', async () => {
    const $ = await page(site, '/tags/notes/');
    assert.equal($('main h1').text(), 'Posts tagged notes');
    const titles = $('main article h2')
      .map((_, h) => $(h).text())
      .get();
    assert.deepEqual(titles, ['Short one', 'With a more marker', 'Old one', 'Older', 'Oldest']);
    assert.equal($('nav[aria-label="Pagination"]').length, 0);
  });

  it('is where the tag links of entries lead', async () => {
    const $ = await page(site, '/');
    for (const href of $('main a[rel="tag"]')
      .map((_, a) => $(a).attr('href'))
      .get()) {
      assert.equal((await site.get(href)).status, 200, href);
    }
  });
});

describe('metadata for search engines', () => {
  it('names the canonical URL, the language and a description on every page', async () => {
    for (const path of [
      '/',
      '/page/3/',
      '/categories/algorithm/',
      '/tags/notes/',
      '/posts/short/',
    ]) {
      const $ = await page(site, path);
      assert.equal($('html').attr('lang'), 'en');
      assert.equal($('link[rel="canonical"]').attr('href'), `https://fixture.example.com${path}`);
      assert.ok(($('meta[name="description"]').attr('content') ?? '').length > 0, path);
      assert.equal(
        $('meta[property="og:url"]').attr('content'),
        `https://fixture.example.com${path}`,
      );
      assert.ok($('meta[property="og:title"]').attr('content'), path);
      assert.equal($('meta[name="twitter:card"]').attr('content'), 'summary');
    }
  });

  it('uses the post description, else its excerpt, as the meta description', async () => {
    const $ = await page(site, '/posts/more-marker/');
    assert.equal($('meta[name="description"]').attr('content'), 'First paragraph stands alone...');
  });

  it('describes listings as a Blog and posts as a BlogPosting in JSON-LD', async () => {
    const data = async (path: string): Promise<Record<string, unknown>> => {
      const $ = await page(site, path);
      return JSON.parse($('script[type="application/ld+json"]').text()) as Record<string, unknown>;
    };
    for (const path of ['/', '/categories/algorithm/', '/tags/notes/']) {
      assert.equal((await data(path))['@type'], 'Blog', path);
    }
    const post = await data('/posts/graphs/');
    assert.equal(post['@type'], 'BlogPosting');
    assert.equal(post.headline, 'Graphs 入门');
    assert.equal(post.datePublished, '2024-02-20T18:30:00+09:00');
    assert.equal(post.url, 'https://fixture.example.com/posts/graphs/');
  });

  it('links featured pages to their neighbours with rel prev and next', async () => {
    const first = await page(site, '/');
    assert.equal(first('link[rel="prev"]').length, 0);
    assert.equal(first('link[rel="next"]').attr('href'), '/page/2/');
    const middle = await page(site, '/page/3/');
    assert.equal(middle('link[rel="prev"]').attr('href'), '/page/2/');
    assert.equal(middle('link[rel="next"]').attr('href'), '/page/4/');
    const last = await page(site, '/page/6/');
    assert.equal(last('link[rel="next"]').length, 0);
  });

  it('asks search engines not to index the 404 page', async () => {
    const $ = cheerio.load(await (await site.get('/missing/')).text());
    assert.equal($('meta[name="robots"]').attr('content'), 'noindex');
    assert.equal($('link[rel="canonical"]').length, 0);
  });
});

describe('valid HTML', () => {
  const validator = new HtmlValidate({
    extends: ['html-validate:recommended'],
    rules: {
      // KaTeX places each glyph of a formula with inline geometry; these are the properties its
      // layout sets, and nothing else on a page may carry a style attribute.
      'no-inline-style': [
        'error',
        {
          allowedProperties: [
            'height',
            'vertical-align',
            'margin-left',
            'margin-right',
            'margin-top',
            'top',
            'bottom',
            'left',
            'position',
            'width',
            'min-width',
            'padding-left',
            'border-bottom-width',
            'border-top-width',
            'border-right-width',
            'border-right-style',
            'border-style',
            'border-width',
            'border-color',
            'color',
            'background-color',
            'margin',
          ],
        },
      ],
    },
  });

  async function assertValid(from: ServedFixture, path: string): Promise<void> {
    const html = await (await from.get(path)).text();
    const report = await validator.validateString(html);
    const problems = report.results.flatMap((result) => result.messages);
    assert.deepEqual(
      problems.map((m) => `${path}:${m.line}: ${m.ruleId}: ${m.message}`),
      [],
    );
  }

  it('gives zero html-validate errors on every page of a small site', async () => {
    const sitemap = cheerio.load(await (await site.get('/sitemap.xml')).text(), { xml: true });
    const paths = sitemap('loc')
      .map((_, loc) => new URL(sitemap(loc).text()).pathname)
      .get();
    for (const path of [...paths, '/no-such-page/']) await assertValid(site, path);
  });

  it('gives zero html-validate errors on each page type of the demo', async () => {
    const demo = await serveSite(`${REPO_ROOT}demo`);
    try {
      const $ = await page(demo, '/page/7/');
      const posts = $('main article h2 a')
        .map((_, a) => $(a).attr('href'))
        .get();
      for (const path of [
        '/',
        '/page/29/',
        '/categories/algorithm/',
        '/tags/python/',
        '/x/',
        // The indexes and a page of content/pages.
        '/categories/',
        '/tags/',
        '/archives/',
        '/about/',
        // Math, footnotes, task lists, alerts and definition lists.
        '/posts/writing-technical-posts/',
        // A part of a series, with its box and related posts, and the series' page.
        '/posts/lower-bound-upper-bound-and-the-half-open-interval/',
        '/series/binary-search/',
        ...posts,
      ]) {
        await assertValid(demo, path);
      }
    } finally {
      await demo.server.close();
    }
  });
});

describe('UI languages and drafts', () => {
  /** A copy of the fixture whose config has `locale` set, served. */
  async function serveInLocale(locale: string): Promise<{ served: ServedFixture; dir: string }> {
    const dir = await mkdtemp(join(tmpdir(), 'folio-locale-'));
    await cp(`${FIXTURES}basic`, dir, { recursive: true });
    const config = join(dir, 'folio.config.yaml');
    await writeFile(
      config,
      (await readFile(config, 'utf8')).replace('locale: en', `locale: ${locale}`),
    );
    return { served: await serveSite(dir), dir };
  }

  const expectations = [
    ['ko', '이전 페이지', '다음 페이지', 'Algorithm의 모든 글'],
    ['ja', '前のページ', '次のページ', 'Algorithm のすべての記事'],
    ['zh-Hans', '上一页', '下一页', 'Algorithm 的全部文章'],
    ['zh-Hant', '上一頁', '下一頁', 'Algorithm 的所有文章'],
  ] as const;
  for (const [locale, previous, next, heading] of expectations) {
    it(`speaks ${locale} when the config says so`, async () => {
      const { served, dir } = await serveInLocale(locale);
      try {
        const $ = await page(served, '/page/2/');
        assert.equal($('html').attr('lang'), locale);
        const pager = $('nav.pager li')
          .map((_, li) => $(li).text())
          .get();
        assert.equal(pager[0], previous);
        assert.equal(pager[pager.length - 1], next);
        const category = await page(served, '/categories/algorithm/');
        assert.equal(category('main h2').first().text(), heading);
        assert.equal(
          category('footer .copyright').text(),
          'Copyright © Test Owner All rights reserved.',
        );
      } finally {
        await served.server.close();
        await rm(dir, { recursive: true, force: true });
      }
    });
  }

  it('rejects an unknown locale, naming the supported ones', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'folio-locale-'));
    try {
      await cp(`${FIXTURES}basic`, dir, { recursive: true });
      const config = join(dir, 'folio.config.yaml');
      await writeFile(config, (await readFile(config, 'utf8')).replace('locale: en', 'locale: fr'));
      const { content, diagnostics } = await loadSite(dir);
      assert.equal(content, undefined);
      assert.equal(diagnostics.length, 1);
      assert.equal(diagnostics[0]?.line, 5);
      assert.match(diagnostics[0]?.message ?? '', /en, ko, ja, zh-Hans, zh-Hant/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('shows drafts, marked, only on a preview server', async () => {
    const preview = await serveSite(`${FIXTURES}basic`, { showDrafts: true });
    try {
      const $ = await page(preview, '/posts/draft-post/');
      assert.equal($('main .draft-badge').text(), 'Draft');
      assert.ok($('.preview-banner').text().includes('drafts'));
      const feed = await (await preview.get('/feed.xml')).text();
      assert.ok(!feed.includes('draft-post'), 'drafts stay out of feeds even on a preview');
    } finally {
      await preview.server.close();
    }
    assert.equal((await site.get('/posts/draft-post/')).status, 404);
  });
});

describe('links that lead nowhere', () => {
  it('are warnings with the line of the link, and the site still loads', async () => {
    const { content, diagnostics } = await loadSite(`${FIXTURES}references`);
    assert.ok(content);
    const found = diagnostics.map((d) => `${d.severity} ${d.code} ${d.line}`);
    assert.deepEqual(found, [
      'warning image-missing 8',
      'warning post-link-draft 10',
      'warning post-link-missing 10',
      // The config, shared with another fixture, names an author image and a category this
      // site lacks.
      'warning author-image-missing 9',
      'warning category-unused 19',
    ]);
  });
});
