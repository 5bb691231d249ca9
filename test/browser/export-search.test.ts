// Search on the exported demo, served by a plain static server, in Chromium: the script finds
// what the server's results page finds, in the same order; the reader can search by typing or
// with the keyboard alone; the page passes axe; with scripts off, it says search needs them.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { isDeepStrictEqual } from 'node:util';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as cheerio from 'cheerio';
import type { Browser } from 'playwright-core';
import { folio } from '../support/folio-cli.js';
import type { ServedFixture } from '../support/serve-fixture.js';
import { serveStatic, type StaticServer } from '../support/static-server.js';
import { tempRoot } from '../support/temp-root.js';
import { assertNoAxeViolations, axeViolations } from './checks.js';
import { browserSkip, DEMO_DIR, launchBrowser, openPage, serveDemo } from './support.js';

const root = tempRoot('folio-export-search-');
const MARKED = new Set(['heap', 'binary search', '负载均衡']);
const QUERIES = [
  'heap',
  'binary search',
  '알고리즘을',
  '负载均衡',
  'テスト',
  'parseHTTP',
  'algoritm',
  'kub',
];

describe('search on the exported demo', { skip: browserSkip }, () => {
  let browser: Browser;
  let exported: StaticServer;
  let server: ServedFixture;

  before(async () => {
    const out = join(root, 'out');
    const build = folio(['build', DEMO_DIR, '--out', out]);
    const [code] = (await once(build, 'exit')) as [number];
    assert.equal(code, 0, 'the demo builds');
    exported = await serveStatic(out);
    server = await serveDemo();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await exported?.close();
    await server?.server.close();
  });

  const serverTitles = async (query: string): Promise<string[]> => {
    const response = await server.get(`/search/?q=${encodeURIComponent(query)}`);
    const $ = cheerio.load(await response.text());
    return $('.search-hit h2 a')
      .map((_, a) => $(a).text())
      .get();
  };

  it('finds what the server finds, in the same order, with the words marked', async () => {
    const { context, page } = await openPage(browser, { width: 1280, scheme: 'light' });
    try {
      for (const query of QUERIES) {
        await page.goto(`${exported.url}/search/?q=${encodeURIComponent(query)}`);
        await page.waitForSelector('#search-results .search-status[role="status"]');
        const titles = await page.locator('.search-hit h2 a').allTextContents();
        assert.deepEqual(titles, await serverTitles(query), query);
        assert.ok(titles.length > 0, `${query} finds something`);
        // Words found in the text are marked (a post found by its category alone has none).
        if (MARKED.has(query)) {
          assert.ok((await page.locator('.search-hit mark').count()) > 0, `${query}: marks`);
        }
      }
    } finally {
      await context.close();
    }
  });

  it('cuts snippets from the whole text of long posts, as the server does', async () => {
    // Each of these words stands only near the end of some of the posts it finds, past the start
    // of the text that the files of entries hold.
    const { context, page } = await openPage(browser, { width: 1280, scheme: 'light' });
    try {
      for (const query of ['bookmarked', 'container queries', '이분 탐색']) {
        const response = await server.get(`/search/?q=${encodeURIComponent(query)}`);
        const $ = cheerio.load(await response.text());
        const served = $('.search-snippet')
          .map((_, snippet) => $(snippet).html())
          .get();
        assert.ok(served.length > 1, `${query} finds posts`);
        await page.goto(`${exported.url}/search/?q=${encodeURIComponent(query)}`);
        await page.waitForSelector('#search-results .search-status[role="status"]');
        const shown = async (): Promise<string[]> =>
          (
            await page
              .locator('.search-snippet')
              .evaluateAll((snippets) => snippets.map((snippet) => snippet.innerHTML))
          ).map((html) => cheerio.load(html, null, false).html());
        // The snippets of long posts change once their pages are read.
        const deadline = Date.now() + 10_000;
        while (Date.now() < deadline && !isDeepStrictEqual(await shown(), served)) {
          await page.waitForTimeout(100);
        }
        assert.deepEqual(await shown(), served, query);
      }
    } finally {
      await context.close();
    }
  });

  it('answers a first query within 300 KB, and shows results as the reader types', async () => {
    const { context, page } = await openPage(browser, { width: 375, scheme: 'dark' });
    try {
      await page.goto(`${exported.url}/search/`);
      const before = exported.requests.length;
      const started = Date.now();
      await page.locator('#search-query').fill('dijkstra');
      await page.waitForSelector('.search-hit');
      const elapsed = Date.now() - started;
      const fetched = exported.requests.slice(before).reduce((sum, r) => sum + r.bytes, 0);
      assert.ok(fetched <= 300_000, `a first query fetched ${fetched} bytes`);
      assert.ok(elapsed < 5_000, `results came in ${elapsed} ms`);
      assert.match(page.url(), /\/search\/\?q=dijkstra$/);
      assertNoAxeViolations(await axeViolations(page));
    } finally {
      await context.close();
    }
  });

  it('searches with the keyboard alone: type, Enter, Tab to the first result', async () => {
    const { context, page } = await openPage(browser, { width: 1280, scheme: 'light' });
    try {
      await page.goto(`${exported.url}/search/`);
      await page.locator('#search-query').focus();
      await page.keyboard.type('binary heap');
      await page.keyboard.press('Enter');
      await page.waitForSelector('.search-hit');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const active = (
          globalThis as unknown as { document: { activeElement: { textContent: string } | null } }
        ).document.activeElement;
        return active?.textContent ?? '';
      });
      assert.equal(focused, await page.locator('.search-hit h2 a').first().textContent());
    } finally {
      await context.close();
    }
  });

  it('says plainly, with scripts off, that search needs them there', async () => {
    const { context, page } = await openPage(browser, {
      width: 1280,
      scheme: 'light',
      javaScriptEnabled: false,
    });
    try {
      await page.goto(`${exported.url}/search/?q=heap`);
      assert.match(
        (await page.locator('noscript').first().textContent()) ?? '',
        /needs JavaScript/,
      );
      assert.equal(await page.locator('.search-hit').count(), 0);
    } finally {
      await context.close();
    }
  });
});
