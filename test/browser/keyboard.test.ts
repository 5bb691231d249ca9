// The featured listing with the keyboard alone: the skip link, the pager's order, visible focus.
import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ServedFixture } from '../support/serve-fixture.js';
import { focusState, hasVisibleFocus, type FocusState } from './checks.js';
import { browserSkip, launchBrowser, openPage, serveDemo } from './support.js';

const PAGER_LINKS = ['Previous Page', '24', '25', '27', '28', 'Next Page'];
/** More Tab presses than the page has stops: a bound, so that a focus trap fails fast. */
const MAX_TABS = 400;

describe('keyboard on /page/26/', { skip: browserSkip }, () => {
  let browser: Browser;
  let site: ServedFixture;
  let context: BrowserContext;
  let page: Page;

  before(async () => {
    browser = await launchBrowser();
    site = await serveDemo();
  });
  after(async () => {
    await browser?.close();
    await site?.server.close();
  });
  beforeEach(async () => {
    ({ context, page } = await openPage(browser, { width: 1280, scheme: 'light' }));
    const response = await page.goto(`${site.server.url}/page/26/`, { waitUntil: 'load' });
    assert.equal(response?.status(), 200);
  });
  afterEach(async () => {
    await context?.close();
  });

  /** Presses Tab until `done` holds for the focused element, returning every stop on the way. */
  async function tabUntil(done: (stop: FocusState) => boolean): Promise<FocusState[]> {
    const stops: FocusState[] = [];
    for (let i = 0; i < MAX_TABS; i++) {
      await page.keyboard.press('Tab');
      const stop = await focusState(page);
      assert.ok(stop, `Tab press ${i + 1} left nothing focused`);
      stops.push(stop);
      if (done(stop)) return stops;
    }
    assert.fail(`no stop matched after ${MAX_TABS} Tab presses`);
  }

  it('makes the skip link the first Tab stop', async () => {
    const [first] = await tabUntil(() => true);
    assert.equal(first?.text, 'Skip to content');
    assert.equal(first?.href, '#main');
    assert.ok(first && hasVisibleFocus(first), 'the focused skip link shows a focus indicator');
    const box = await page.locator('.skip-link').boundingBox();
    assert.ok(
      box && box.x >= 0 && box.y >= 0 && box.x + box.width <= 1280,
      `the focused skip link is on screen: ${JSON.stringify(box)}`,
    );
  });

  /**
   * Follows the skip link and waits until the browser has moved to its target: the
   * fragment navigation completes after the key press resolves, so reading the URL or
   * the focus at once races it.
   */
  async function followSkipLink(): Promise<void> {
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.hash === '#main');
  }

  it('moves the next Tab stop into main when the skip link is followed', async () => {
    await followSkipLink();
    assert.equal(new URL(page.url()).hash, '#main');
    await page.keyboard.press('Tab');
    const next = await focusState(page);
    assert.ok(next?.inMain, `the Tab after the skip link lands in main, not ${next?.text}`);
    const firstInMain = await page.locator('main a').first().textContent();
    assert.equal(next.text, firstInMain?.trim());
  });

  it('moves focus itself to main when the skip link is followed', async () => {
    await followSkipLink();
    const focused = await focusState(page);
    assert.equal(focused?.tag, 'main', `focus is on <${focused?.tag}>`);
  });

  it('reaches the pager links in order, each with a visible focus indicator', async () => {
    const stops = await tabUntil((stop) => stop.inPager && stop.text === 'Next Page');
    const pagerStops = stops.filter((stop) => stop.inPager);
    assert.deepEqual(
      pagerStops.map((stop) => stop.text),
      PAGER_LINKS,
    );
    // One after another: nothing else takes focus between them.
    assert.deepEqual(
      stops.slice(-PAGER_LINKS.length).map((stop) => stop.text),
      PAGER_LINKS,
    );
    for (const stop of pagerStops) {
      assert.ok(
        hasVisibleFocus(stop),
        `"${stop.text}" shows no focus indicator: outline ${stop.outlineStyle} ${stop.outlineWidth}, box-shadow ${stop.boxShadow}`,
      );
    }
    // Every stop on the way shows where focus is, not only the pager's.
    const invisible = stops.filter((stop) => !hasVisibleFocus(stop)).map((stop) => stop.text);
    assert.deepEqual(invisible, [], `stops without a focus indicator: ${invisible.join(', ')}`);
  });

  it('follows "27" with Enter to /page/27/', async () => {
    await tabUntil((stop) => stop.inPager && stop.text === '27');
    await Promise.all([page.waitForURL('**/page/27/'), page.keyboard.press('Enter')]);
    assert.equal(new URL(page.url()).pathname, '/page/27/');
    assert.equal(await page.locator('.pager [aria-current="page"]').textContent(), '27');
  });
});

describe('searching with the keyboard alone', { skip: browserSkip }, () => {
  let browser: Browser;
  let site: ServedFixture;

  before(async () => {
    browser = await launchBrowser();
    site = await serveDemo();
  });
  after(async () => {
    await browser?.close();
    await site?.server.close();
  });

  it('reaches the header search field by Tab, searches with Enter, and tabs into the results', async () => {
    const { context, page } = await openPage(browser, { width: 375, scheme: 'dark' });
    try {
      await page.goto(`${site.server.url}/`, { waitUntil: 'load' });
      let stop: FocusState | null = null;
      for (let i = 0; i < MAX_TABS && stop?.tag !== 'input'; i++) {
        await page.keyboard.press('Tab');
        stop = await focusState(page);
      }
      assert.equal(stop?.tag, 'input', 'the search field is a Tab stop');
      assert.ok(stop && hasVisibleFocus(stop), 'the focused search field shows a focus indicator');
      await page.keyboard.type('binary heap');
      await Promise.all([
        page.waitForURL(/\/search\/\?q=binary\+heap$/),
        page.keyboard.press('Enter'),
      ]);
      assert.equal(await page.locator('h1').textContent(), 'Results for “binary heap”');
      const first = page.locator('.search-hit h2 a').first();
      assert.ok(((await first.textContent()) ?? '').length > 0, 'a result is shown');
      assert.ok((await page.locator('.search-hit mark').count()) > 0, 'found words are marked');
      // The first result follows the page's own search field in the Tab order.
      await page.locator('#search-query').focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      assert.equal(
        await page.evaluate(() => document.activeElement?.textContent ?? ''),
        await first.textContent(),
      );
    } finally {
      await context.close();
    }
  });
});
