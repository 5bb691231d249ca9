// Script payloads of the script-payloads fixture in Chromium. With the Content-Security-Policy
// bypassed, so that the pages' own escaping is what is proven, no payload runs on any page, nor
// when a link of a post is followed. The static SVG with a script, which Folio serves as it is,
// is held back by the CSP alone: it is visited with the CSP in force.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ServedFixture } from '../support/serve-fixture.js';
import {
  documentsOf,
  NOT_FOUND_PATHS,
  payloadGlobals,
  SCRIPT_PAYLOADS,
} from '../support/script-payloads.js';
import { browserSkip, launchBrowser, openPage, serveFolder } from './support.js';

const SCRIPTED_SVG = '/images/scripted.svg';

/** A page that reports every payload that runs: a global it sets, an alert, a console line. */
interface WatchedPage {
  readonly context: BrowserContext;
  readonly page: Page;
  /** What ran, each prefixed with the path the page was at. */
  readonly ran: string[];
  /** Navigates and waits until the page has loaded and its image errors have fired. */
  visit(path: string, status?: number): Promise<void>;
  /** Waits for the load event, then for image errors and reports still on their way. */
  settle(): Promise<void>;
}

describe('script payloads in Chromium', { skip: browserSkip }, () => {
  let browser: Browser;
  let site: ServedFixture;
  const globals = payloadGlobals();

  before(async () => {
    browser = await launchBrowser();
    site = await serveFolder(SCRIPT_PAYLOADS);
  });
  after(async () => {
    await browser?.close();
    await site?.server.close();
  });

  async function watchedPage(options: { bypassCSP: boolean }): Promise<WatchedPage> {
    const { context, page } = await openPage(browser, { width: 1280, scheme: 'light', ...options });
    const ran: string[] = [];
    const where = (): string => new URL(page.url()).pathname;
    // Each payload global becomes a tripwire: setting it reports at once, through a binding that
    // survives navigation, so a payload that runs just before a link leaves the page is caught.
    await context.exposeBinding('__payloadRan', (_source, name: string) => {
      ran.push(`${where()}: ${name}`);
    });
    await context.addInitScript({
      content: `for (const name of ${JSON.stringify(globals)}) {
        Object.defineProperty(globalThis, name, {
          configurable: true,
          get: () => undefined,
          set: () => void globalThis.__payloadRan(name),
        });
      }`,
    });
    page.on('dialog', (dialog) => {
      ran.push(`${where()}: ${dialog.type()} "${dialog.message()}"`);
      void dialog.dismiss();
    });
    page.on('console', (message) => {
      if (message.text().includes('__pwned')) ran.push(`${where()}: console ${message.text()}`);
    });
    page.on('pageerror', (error) => ran.push(`${where()}: error ${error.message}`));

    const settle = async (): Promise<void> => {
      await page.waitForLoadState('load');
      // Two frames and a task: time for error events of images and for pending binding calls.
      await page.evaluate(
        () =>
          new Promise<void>((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50))),
          ),
      );
    };
    return {
      context,
      page,
      ran,
      settle,
      async visit(path, status = 200) {
        const response = await page.goto(`${site.server.url}${path}`, { waitUntil: 'load' });
        assert.equal(response?.status(), status, path);
        await settle();
      },
    };
  }

  it('notices a payload that runs: the tripwires and the CSP bypass work', async () => {
    const watched = await watchedPage({ bypassCSP: true });
    try {
      await watched.visit('/');
      // Until the image has failed and its handler has run: on a busy machine the request for
      // it can take longer than the frames `settle` waits.
      await watched.page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            document.body.insertAdjacentHTML(
              'beforeend',
              '<img src="x" onerror="window.__pwned_tag = 1; alert(\'__pwned_owner\')">',
            );
            // Loaded or failed, the image is done with: the wait never outlasts it.
            for (const done of ['error', 'load']) {
              document.body.lastElementChild?.addEventListener(done, () => resolve(), {
                once: true,
              });
            }
          }),
      );
      await watched.settle();
      assert.deepEqual(watched.ran.sort(), ['/: __pwned_tag', '/: alert "__pwned_owner"']);
    } finally {
      await watched.context.close();
    }
  });

  it('watches every payload of the fixture', () => {
    for (const name of ['__pwned_site_title', '__pwned_md_js', '__pwned_svg_script']) {
      assert.ok(globals.includes(name), name);
    }
    assert.ok(globals.length > 40, `${globals.length} globals`);
  });

  it('runs no payload on any page, the 404 page and the generated icon included', async () => {
    const { pages, favicon } = documentsOf(site.app);
    const watched = await watchedPage({ bypassCSP: true });
    try {
      for (const path of [...pages, favicon]) await watched.visit(path);
      for (const path of NOT_FOUND_PATHS) await watched.visit(path, 404);
      assert.deepEqual(watched.ran, []);
    } finally {
      await watched.context.close();
    }
  });

  it('runs no payload when a link in a post is followed, and has no javascript: link', async () => {
    const posts = documentsOf(site.app).pages.filter((path) => path.startsWith('/posts/'));
    const watched = await watchedPage({ bypassCSP: true });
    const otherSchemes: string[] = [];
    const stayed: string[] = [];
    let followed = 0;
    try {
      for (const path of posts) {
        await watched.visit(path);
        const schemes = await watched.page.evaluate(() =>
          Array.from(document.links, (link) => link.protocol),
        );
        for (const scheme of schemes) {
          if (!['http:', 'https:', 'mailto:'].includes(scheme))
            otherSchemes.push(`${path} ${scheme}`);
        }
        const count = await watched.page.locator('.post-body a').count();
        for (let index = 0; index < count; index++) {
          if (index > 0) await watched.visit(path);
          const link = watched.page.locator('.post-body a').nth(index);
          const href = await link.getAttribute('href');
          // The static SVG runs its script wherever the CSP is bypassed: it is followed below,
          // with the CSP in force.
          if (href === SCRIPTED_SVG) continue;
          const from = watched.page.url();
          await link.click();
          // Every link of these posts leaves the page (an external one for an error page, as
          // only the local server may be reached); one that stays would be a script's.
          const left = await watched.page
            .waitForURL((url) => url.href !== from, { timeout: 5000 })
            .then(
              () => true,
              () => false,
            );
          if (!left) stayed.push(`${path} ${href}`);
          await watched.settle();
          followed++;
        }
      }
      assert.deepEqual(watched.ran, []);
      assert.deepEqual(otherSchemes, []);
      assert.deepEqual(stayed, []);
      assert.ok(followed >= 3, `${followed} links followed`);
    } finally {
      await watched.context.close();
    }
  });

  it('parses every feed, the sitemap and the icon as well-formed XML', async () => {
    const { feeds, sitemap, favicon } = documentsOf(site.app);
    const watched = await watchedPage({ bypassCSP: true });
    try {
      await watched.visit('/');
      const errors = await watched.page.evaluate(
        async (paths) => {
          const problems: Record<string, string> = {};
          const parse = (text: string): string | undefined =>
            new DOMParser()
              .parseFromString(text, 'application/xml')
              .querySelector('parsererror')
              ?.textContent?.trim();
          // The parser must reject what XML forbids, or this check proves nothing.
          problems.control = parse('<a b="<c>"/>') ? 'rejected' : 'accepted';
          for (const path of paths) {
            const problem = parse(await (await fetch(path)).text());
            if (problem) problems[path] = problem;
          }
          return problems;
        },
        [...feeds, sitemap, favicon],
      );
      assert.deepEqual(errors, { control: 'rejected' });
    } finally {
      await watched.context.close();
    }
  });

  describe('the SVG with a script in static/', () => {
    it('runs its script where the CSP is bypassed, so the check below bites', async () => {
      const watched = await watchedPage({ bypassCSP: true });
      try {
        await watched.visit(SCRIPTED_SVG);
        assert.ok(watched.ran.includes(`${SCRIPTED_SVG}: __pwned_svg_script`), watched.ran.join());
      } finally {
        await watched.context.close();
      }
    });

    it('runs nothing when visited or followed with the CSP in force', async () => {
      const watched = await watchedPage({ bypassCSP: false });
      try {
        const response = await watched.page.goto(`${site.server.url}${SCRIPTED_SVG}`);
        assert.match(response?.headers()['content-security-policy'] ?? '', /script-src 'none'/);
        await watched.settle();
        await watched.visit('/posts/link-targets/');
        await watched.page.locator(`.post-body a[href="${SCRIPTED_SVG}"]`).click();
        await watched.settle();
        assert.equal(new URL(watched.page.url()).pathname, SCRIPTED_SVG);
        assert.deepEqual(watched.ran, []);
      } finally {
        await watched.context.close();
      }
    });
  });
});
