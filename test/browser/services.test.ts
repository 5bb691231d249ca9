// Comments and analytics in Chromium with the Content-Security-Policy in force: a post page loads
// exactly the comments and analytics scripts and they run; other pages load analytics alone; no
// other origin is contacted, and a script from an origin the config does not name is refused.
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
  let browser: Browser;
  let site: ServedFixture;
  let dir: string;

  before(async () => {
    browser = await launchBrowser();
    dir = await mkdtemp(join(tmpdir(), 'folio-services-'));
    await cp(join(FIXTURES, 'basic'), dir, { recursive: true });
    await appendFile(join(dir, 'folio.config.yaml'), SERVICES);
    await mkdir(join(dir, 'snippets'));
    await writeFile(
      join(dir, 'snippets', 'head.html'),
      '<script async src="https://cdn.example.net/widget.js"></script>\n',
    );
    site = await serveFolder(dir, { now: () => Date.parse('2030-01-01T00:00:00Z') });
  });
  after(async () => {
    await browser?.close();
    await site?.server.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Opens `path` with the policy in force; answers the other origins it asked for, and flags. */
  async function visit(path: string): Promise<{ asked: string[]; ran: Record<string, unknown> }> {
    const { context, page } = await openPage(browser, {
      width: 1024,
      scheme: 'light',
      bypassCSP: false,
    });
    // What was fetched: a request the policy refuses fails before it leaves the browser.
    const asked: string[] = [];
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).hostname !== '127.0.0.1') asked.push(request.url());
    });
    await stubProviders(page);
    try {
      await page.goto(`${site.server.url}${path}`, { waitUntil: 'load' });
      await page.waitForTimeout(200);
      const ran = await page.evaluate(() => {
        const flags = globalThis as unknown as Record<string, unknown>;
        return {
          analytics: flags['__analyticsRan'],
          comments: flags['__commentsRan'],
          unnamed: flags['__unnamedRan'],
        };
      });
      return { asked: asked.sort(), ran };
    } finally {
      await context.close();
    }
  }

  it('runs the comments and analytics scripts on a post page, and nothing else', async () => {
    const post = site.session.site.posts[0];
    assert.ok(post);
    const { asked, ran } = await visit(post.path);
    assert.deepEqual(asked, ['https://giscus.app/client.js', 'https://plausible.io/js/script.js']);
    assert.deepEqual(ran, { analytics: true, comments: true, unnamed: undefined });
  });

  it('keeps a post page with its comments section and the accent free of axe violations', async () => {
    const post = site.session.site.posts[0];
    assert.ok(post);
    for (const scheme of ['light', 'dark'] as const) {
      const { context, page } = await openPage(browser, { width: 1024, scheme });
      try {
        await page.goto(`${site.server.url}${post.path}`);
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

async function stubProviders(page: Page): Promise<void> {
  for (const [url, body] of Object.entries(STUBS)) {
    await page.route(url, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body }),
    );
  }
}
