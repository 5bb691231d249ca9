// Comments and analytics in Chromium with the Content-Security-Policy in force: a post page loads
// exactly the comments and analytics scripts and they run; other pages load analytics alone; no
// other origin is contacted, and a script from an origin the config does not name is refused. A
// service of the author's own, allowed by the config's `csp`, runs and sends where it is allowed,
// and nothing else.
import assert from 'node:assert/strict';
import { appendFile, cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { ServedFixture } from '../support/serve-fixture.js';
import { axeViolations } from './checks.js';
import { browserSkip, FIXTURES, launchBrowser, openPage, serveFolder } from './support.js';

const SERVICES = `theme:
  accent: '#6929c4'
comments:
  provider: giscus
  repo: tess/notes
  repoId: R_kgDOAbc
  category: Comments
  categoryId: DIC_kwDOAbc
analytics:
  provider: plausible
  domain: fixture.example.com
`;

// Each provider's script, stubbed on loopback: it says that it ran.
const STUBS: Record<string, string> = {
  'https://plausible.io/js/script.js': 'window.__analyticsRan = true;',
  'https://giscus.app/client.js': 'window.__commentsRan = true;',
  // Named by the head snippet, but by no setting: the policy must refuse it.
  'https://cdn.example.net/widget.js': 'window.__unnamedRan = true;',
};

describe('comments and analytics under the Content-Security-Policy', { skip: browserSkip }, () => {
  const served = servedWith(
    SERVICES,
    '<script async src="https://cdn.example.net/widget.js"></script>\n',
  );

  /** Opens `path` with the policy in force; answers the other origins it asked for, and flags. */
  async function visit(path: string): Promise<{ asked: string[]; ran: Record<string, unknown> }> {
    const { context, page } = await openPage(served.browser, {
      width: 1024,
      scheme: 'light',
      bypassCSP: false,
    });
    // What was fetched: a request the policy refuses fails before it leaves the browser.
    const asked: string[] = [];
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).hostname !== '127.0.0.1') asked.push(request.url());
    });
    await stub(page, STUBS);
    try {
      await page.goto(`${served.site.server.url}${path}`, { waitUntil: 'load' });
      await page.waitForTimeout(200);
      const ran = await globalsOf(page, {
        analytics: '__analyticsRan',
        comments: '__commentsRan',
        unnamed: '__unnamedRan',
      });
      return { asked: asked.sort(), ran };
    } finally {
      await context.close();
    }
  }

  it('runs the comments and analytics scripts on a post page, and nothing else', async () => {
    const post = served.site.session.site.posts[0];
    assert.ok(post);
    const { asked, ran } = await visit(post.path);
    assert.deepEqual(asked, ['https://giscus.app/client.js', 'https://plausible.io/js/script.js']);
    assert.deepEqual(ran, { analytics: true, comments: true, unnamed: undefined });
  });

  it('keeps a post page with its comments section and the accent free of axe violations', async () => {
    const post = served.site.session.site.posts[0];
    assert.ok(post);
    for (const scheme of ['light', 'dark'] as const) {
      const { context, page } = await openPage(served.browser, { width: 1024, scheme });
      try {
        await page.goto(`${served.site.server.url}${post.path}`);
        assert.equal(await page.locator('#comments-title').count(), 1);
        assert.deepEqual(await axeViolations(page), [], scheme);
      } finally {
        await context.close();
      }
    }
  });

  it('runs analytics alone on a listing, and never asks for the comments script', async () => {
    const { asked, ran } = await visit('/');
    assert.deepEqual(asked, ['https://plausible.io/js/script.js']);
    assert.deepEqual(ran, { analytics: true, comments: undefined, unnamed: undefined });
  });
});

// The author's own service: the snippet loads its script, which sends a hit where the config allows
// and another where it does not, and says what each gave. A second script, from an origin the
// config does not name, stands for a snippet that loads more than the author allowed.
const OWN_SERVICE = `csp:
  script: [https://cdn.example.com]
  connect: [https://stats.example.com]
`;
const OWN_SNIPPET = `<script async src="https://cdn.example.com/widget.js"></script>
<script async src="https://cdn.example.net/tracker.js"></script>
`;
const ALLOWED_HIT = 'https://stats.example.com/hit';
const REFUSED_HIT = 'https://collect.example.org/hit';
const OWN_STUBS: Record<string, string> = {
  'https://cdn.example.com/widget.js': `Promise.all(${JSON.stringify([ALLOWED_HIT, REFUSED_HIT])}.map((url) =>
    fetch(url, { method: 'POST', body: 'hit' }).then((answer) => answer.status, () => 'refused'),
  )).then((sent) => { globalThis.__sent = sent; });`,
  'https://cdn.example.net/tracker.js': 'globalThis.__trackerRan = true;',
  [ALLOWED_HIT]: '',
  [REFUSED_HIT]: '',
};

// Every refusal the page reports, with the policy that refused: the header's, which carries
// frame-ancestors, or the copy in the page's meta, which a static host relies on.
const RECORD_VIOLATIONS = `globalThis.__refused = [];
document.addEventListener('securitypolicyviolation', (event) => {
  globalThis.__refused.push([
    event.blockedURI,
    event.effectiveDirective,
    event.originalPolicy.includes('frame-ancestors') ? 'header' : 'meta',
  ]);
});`;

describe("an author's own service, allowed by the config's csp", { skip: browserSkip }, () => {
  const served = servedWith(OWN_SERVICE, OWN_SNIPPET);

  it('runs on every page and sends where allowed; the two requests elsewhere are refused', async () => {
    const post = served.site.session.site.posts[0];
    assert.ok(post);
    for (const path of ['/', post.path]) {
      const { context, page } = await openPage(served.browser, {
        width: 1024,
        scheme: 'light',
        bypassCSP: false,
      });
      await context.addInitScript({ content: RECORD_VIOLATIONS });
      const reached = await stub(page, OWN_STUBS);
      try {
        await page.goto(`${served.site.server.url}${path}`, { waitUntil: 'load' });
        // A refusal is reported by an event of its own, which may come after the fetch failed.
        await page.waitForFunction(
          () =>
            '__sent' in globalThis &&
            (globalThis as unknown as { __refused: unknown[] }).__refused.length >= 4,
        );
        const seen = await globalsOf(page, {
          sent: '__sent',
          tracker: '__trackerRan',
          refused: '__refused',
        });
        assert.deepEqual(seen.sent, [204, 'refused'], path);
        assert.equal(seen.tracker, undefined, path);
        // Two requests refused, each by both policies; neither left the browser.
        assert.deepEqual(
          (seen.refused as string[][]).map((row) => row.join(' ')).sort(),
          [
            'https://cdn.example.net/tracker.js script-src-elem header',
            'https://cdn.example.net/tracker.js script-src-elem meta',
            `${REFUSED_HIT} connect-src header`,
            `${REFUSED_HIT} connect-src meta`,
          ],
          path,
        );
        assert.deepEqual(reached.sort(), ['https://cdn.example.com/widget.js', ALLOWED_HIT], path);
      } finally {
        await context.close();
      }
    }
  });
});

/**
 * Chromium, and a copy of the basic fixture whose config ends with `config` and whose head snippet
 * is `head`, served: both for the tests of the calling suite.
 */
function servedWith(
  config: string,
  head: string,
): { readonly browser: Browser; readonly site: ServedFixture } {
  let browser: Browser | undefined;
  let site: ServedFixture | undefined;
  let dir: string | undefined;
  before(async () => {
    browser = await launchBrowser();
    dir = await mkdtemp(join(tmpdir(), 'folio-services-'));
    await cp(join(FIXTURES, 'basic'), dir, { recursive: true });
    await appendFile(join(dir, 'folio.config.yaml'), config);
    await mkdir(join(dir, 'snippets'));
    await writeFile(join(dir, 'snippets', 'head.html'), head);
    site = await serveFolder(dir, { now: () => Date.parse('2030-01-01T00:00:00Z') });
  });
  after(async () => {
    await browser?.close();
    await site?.server.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return {
    get browser() {
      assert.ok(browser, 'Chromium is running');
      return browser;
    },
    get site() {
      assert.ok(site, 'the site is served');
      return site;
    },
  };
}

/** What the page's scripts left in the globals named, by the names given them. */
function globalsOf(page: Page, names: Record<string, string>): Promise<Record<string, unknown>> {
  return page.evaluate(
    (named) =>
      Object.fromEntries(
        Object.entries(named).map(([key, name]) => [
          key,
          (globalThis as unknown as Record<string, unknown>)[name],
        ]),
      ),
    names,
  );
}

/**
 * Answers each URL of `stubs` on loopback with its script (an empty 204 for any other body), open
 * to every origin; gives the URLs that reached the network, in order.
 */
async function stub(page: Page, stubs: Record<string, string>): Promise<string[]> {
  const reached: string[] = [];
  for (const [url, body] of Object.entries(stubs)) {
    await page.route(url, (route) => {
      reached.push(url);
      return route.fulfill({
        status: body === '' ? 204 : 200,
        contentType: 'text/javascript',
        headers: { 'access-control-allow-origin': '*' },
        body,
      });
    });
  }
  return reached;
}
