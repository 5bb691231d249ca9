// Every page type of the demo blog in Chromium, on a phone and a desktop, light and dark:
// layout, images, accessibility, heading outline, and a screenshot for people to look at.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as cheerio from 'cheerio';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ServedFixture } from '../support/serve-fixture.js';
import {
  assertImagesLoadedWithAlt,
  assertNoAxeViolations,
  assertNoHorizontalScroll,
  assertOutline,
  assertTextFits,
  axeViolations,
  headings,
  imageStates,
  measureLayout,
  type LayoutReport,
} from './checks.js';
import {
  browserSkip,
  launchBrowser,
  openPage,
  saveScreenshot,
  serveDemo,
  type Scheme,
} from './support.js';

interface Target {
  readonly name: string;
  readonly label: string;
  /** The path, or how to find it on the featured listing. */
  readonly path: string | (($: cheerio.CheerioAPI) => string | undefined);
  readonly status: number;
}

const TARGETS: readonly Target[] = [
  { name: 'featured', label: 'featured listing /', path: '/', status: 200 },
  { name: 'page-26', label: 'middle page /page/26/', path: '/page/26/', status: 200 },
  { name: 'page-29', label: 'last page /page/29/', path: '/page/29/', status: 200 },
  {
    name: 'category',
    label: 'category /categories/algorithm/',
    path: '/categories/algorithm/',
    status: 200,
  },
  {
    name: 'tag',
    label: 'tag page',
    path: ($) => $('main article.entry .tags a').first().attr('href'),
    status: 200,
  },
  {
    name: 'post',
    label: 'post page',
    path: ($) => $('main article.entry .entry-title a').first().attr('href'),
    status: 200,
  },
  {
    name: 'categories',
    label: 'index of categories /categories/',
    path: '/categories/',
    status: 200,
  },
  { name: 'tags', label: 'index of tags /tags/', path: '/tags/', status: 200 },
  { name: 'archives', label: 'archive /archives/', path: '/archives/', status: 200 },
  { name: 'about', label: 'page of content/pages /about/', path: '/about/', status: 200 },
  {
    name: 'series',
    label: 'series /series/binary-search/',
    path: '/series/binary-search/',
    status: 200,
  },
  {
    name: 'series-post',
    label: 'post of a series, with related posts',
    path: '/posts/lower-bound-upper-bound-and-the-half-open-interval/',
    status: 200,
  },
  {
    name: 'technical-post',
    label:
      'post with math, an equation reference, footnotes, alerts, a figure and a folded section',
    path: '/posts/writing-technical-posts/',
    status: 200,
  },
  { name: 'not-found', label: '404 page', path: '/no-such-page/', status: 404 },
  { name: 'search', label: 'search results /search/?q=sort', path: '/search/?q=sort', status: 200 },
  {
    name: 'search-none',
    label: 'search that finds nothing',
    path: '/search/?q=xylophone',
    status: 200,
  },
];

const WIDTHS = [375, 1280] as const;
const SCHEMES: readonly Scheme[] = ['light', 'dark'];

describe('demo pages in Chromium', { skip: browserSkip }, () => {
  let browser: Browser;
  let site: ServedFixture;
  const paths = new Map<string, string>();

  before(async () => {
    browser = await launchBrowser();
    site = await serveDemo();
    const $ = cheerio.load(await (await site.get('/')).text());
    for (const target of TARGETS) {
      const path = typeof target.path === 'string' ? target.path : target.path($);
      assert.ok(path, `the featured listing links to a ${target.label}`);
      paths.set(target.name, path);
    }
  });

  after(async () => {
    await browser?.close();
    await site?.server.close();
  });

  for (const target of TARGETS) {
    for (const width of WIDTHS) {
      for (const scheme of SCHEMES) {
        describe(`${target.label} at ${width}px, ${scheme}`, () => {
          let context: BrowserContext;
          let page: Page;
          let layout: LayoutReport;

          before(async () => {
            ({ context, page } = await openPage(browser, { width, scheme }));
            const path = paths.get(target.name) ?? '';
            const response = await page.goto(`${site.server.url}${path}`, { waitUntil: 'load' });
            assert.equal(response?.status(), target.status, `${path} answers ${target.status}`);
            layout = await measureLayout(page);
          });

          after(async () => {
            await context?.close();
          });

          it('does not scroll horizontally', () => {
            assertNoHorizontalScroll(layout);
          });

          it('keeps text inside the viewport, unclipped and apart', () => {
            assertTextFits(layout);
          });

          it('loads every image, each with a text alternative', async () => {
            assertImagesLoadedWithAlt(await imageStates(page));
          });

          it('has no axe-core violations', async () => {
            assertNoAxeViolations(await axeViolations(page));
          });

          it('has one h1 and skips no heading level', async () => {
            assertOutline(await headings(page));
          });

          it('saves a screenshot', async () => {
            await saveScreenshot(page, `${target.name}-${width}-${scheme}`);
          });
        });
      }
    }
  }
});
