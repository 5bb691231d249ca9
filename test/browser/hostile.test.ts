// Content that tries to break the layout — a 300-character title, 120-character words and
// addresses, forty tags, CJK titles, a wide table, a long line of code — on a phone and a desktop.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as cheerio from 'cheerio';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ServedFixture } from '../support/serve-fixture.js';
import {
  assertNoAxeViolations,
  assertNoHorizontalScroll,
  assertTextFits,
  axeViolations,
  measureLayout,
  scrollBoxes,
  type LayoutReport,
} from './checks.js';
import {
  browserSkip,
  FIXTURES,
  launchBrowser,
  openPage,
  saveScreenshot,
  serveFolder,
} from './support.js';

const WIDTHS = [375, 1280] as const;
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', '.entry-title a'];
/** The tag made of one 120-character word. */
const LONG_TAG = 'supercalifragilisticexpialidocious'.repeat(4).slice(0, 120);

interface Target {
  readonly label: string;
  /** The screenshot's name. */
  readonly name: string;
  readonly path: string;
}

/** The pages under test: the featured listing, the long tag's page, and every post. */
const STATIC_PAGES: readonly Target[] = [
  { label: 'featured listing /', name: 'featured', path: '/' },
  {
    label: 'tag page of a 120-character word',
    name: 'tag',
    path: `/tags/${LONG_TAG}/`,
  },
];
const POST_SLUGS = [
  'long-title',
  'unbroken-words',
  'forty-tags',
  'korean',
  'japanese',
  'chinese',
  'wide-table',
];
const PAGES: readonly Target[] = [
  ...STATIC_PAGES,
  ...POST_SLUGS.map((slug) => ({
    label: `post ${slug}`,
    name: `post-${slug}`,
    path: `/posts/${slug}/`,
  })),
];

describe('hostile content in Chromium', { skip: browserSkip }, () => {
  let browser: Browser;
  let site: ServedFixture;

  before(async () => {
    browser = await launchBrowser();
    site = await serveFolder(`${FIXTURES}hostile`);
  });
  after(async () => {
    await browser?.close();
    await site?.server.close();
  });

  it('lists every post of the fixture on the featured page, each page listed here', async () => {
    const $ = cheerio.load(await (await site.get('/')).text());
    const linked = $('main .entry-title a')
      .map((_, a) => $(a).attr('href'))
      .get()
      .sort();
    assert.deepEqual(linked, POST_SLUGS.map((slug) => `/posts/${slug}/`).sort());
    assert.equal((await site.get(`/tags/${LONG_TAG}/`)).status, 200);
  });

  it('has a table and code wider than a desktop page, so that the scrolling check bites', async () => {
    const { context, page } = await openPage(browser, { width: 1280, scheme: 'light' });
    try {
      await page.goto(`${site.server.url}/posts/wide-table/`, { waitUntil: 'load' });
      const boxes = await scrollBoxes(page, '.post-body pre, .post-body table');
      assert.equal(boxes.length, 3, 'one table and two code blocks');
      for (const box of boxes) {
        assert.ok(box.scrollWidth > box.clientWidth, `${box.element} is wider than its box`);
      }
    } finally {
      await context.close();
    }
  });

  it('notices a layout that breaks: the checks are not vacuous', async () => {
    const { context, page } = await openPage(browser, { width: 375, scheme: 'light' });
    try {
      await page.goto(`${site.server.url}/`, { waitUntil: 'load' });
      await page.addStyleTag({
        content: `* { overflow-wrap: normal !important; word-break: normal !important; }
          .tags li + li { margin-left: -3rem !important; }`,
      });
      const broken = await measureLayout(page);
      assert.ok(broken.scrollWidth > broken.innerWidth, 'the page scrolls sideways');
      assert.ok(broken.outside.length > 0, 'text leaves the viewport');
      assert.ok(broken.clipped.length > 0, 'text is wider than its box');
      assert.ok(broken.overlaps.length > 0, 'tags overlap');
      assert.throws(() => assertNoHorizontalScroll(broken));
      assert.throws(() => assertTextFits(broken));
    } finally {
      await context.close();
    }
  });

  for (const target of PAGES) {
    for (const width of WIDTHS) {
      describe(`${target.label} at ${width}px`, () => {
        let context: BrowserContext;
        let page: Page;
        let layout: LayoutReport;

        before(async () => {
          ({ context, page } = await openPage(browser, { width, scheme: 'light' }));
          const response = await page.goto(`${site.server.url}${target.path}`, {
            waitUntil: 'load',
          });
          assert.equal(response?.status(), 200, `${target.path} answers 200`);
          layout = await measureLayout(page);
        });
        after(async () => {
          await context?.close();
        });

        it('does not scroll horizontally', () => {
          assertNoHorizontalScroll(layout);
        });

        it('shows every heading whole, inside the viewport', async () => {
          assertTextFits(await measureLayout(page, { text: HEADINGS, lists: [] }));
        });

        it('keeps all text inside the viewport, unclipped and apart', () => {
          assertTextFits(layout);
        });

        it('scrolls wide tables and code inside their own box', async () => {
          const boxes = await scrollBoxes(page, '.post-body pre, .post-body table');
          for (const box of boxes) {
            assert.ok(
              box.left >= -1 && box.right <= width + 1,
              `${box.element} spans x ${box.left}..${box.right}, beyond the viewport`,
            );
            if (box.scrollWidth > box.clientWidth + 1) {
              assert.ok(
                box.overflowX === 'auto' || box.overflowX === 'scroll',
                `${box.element} is wider than its box (${box.scrollWidth} > ${box.clientWidth}) and cannot scroll (overflow-x: ${box.overflowX})`,
              );
            }
          }
        });

        it('has no axe-core violations', async () => {
          assertNoAxeViolations(await axeViolations(page));
        });

        it('saves a screenshot', async () => {
          await saveScreenshot(page, `hostile-${target.name}-${width}`);
        });
      });
    }
  }
});
