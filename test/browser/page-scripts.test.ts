// The scripts a page may carry, in Chromium with the Content-Security-Policy in force: the copy
// button copies a code block's text, Mermaid draws a diagram, and a script an author wrote into
// the same post does not run. With scripts off, the code and the diagram's source stay readable.
import assert from 'node:assert/strict';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import type { ServedFixture } from '../support/serve-fixture.js';
import { assertNoAxeViolations, axeViolations } from './checks.js';
import { browserSkip, FIXTURES, launchBrowser, openPage, serveFolder } from './support.js';

const POST = `---
title: Scripts
date: 2024-03-05
tags: [scripts]
---
\`\`\`sh {2} showLineNumbers
npm ci
npm test
\`\`\`

\`\`\`mermaid
flowchart LR
  Write --> Publish
\`\`\`

<script>window.__authorScriptRan = true;</script>
`;

describe('page scripts under the Content-Security-Policy', { skip: browserSkip }, () => {
  let browser: Browser;
  let site: ServedFixture;
  let dir: string;

  before(async () => {
    browser = await launchBrowser();
    dir = await mkdtemp(join(tmpdir(), 'folio-page-scripts-'));
    await cp(join(FIXTURES, 'basic'), dir, { recursive: true });
    await writeFile(join(dir, 'content/posts/scripts.md'), POST);
    site = await serveFolder(dir);
  });
  after(async () => {
    await browser?.close();
    await site?.server.close();
    await rm(dir, { recursive: true, force: true });
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`copies code, draws the diagram and runs no other script (${scheme})`, async () => {
      const { context, page } = await openPage(browser, {
        width: 1280,
        scheme,
        bypassCSP: false,
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      try {
        const blocked: string[] = [];
        await page.exposeFunction('__blocked', (what: string) => blocked.push(what));
        await context.addInitScript({
          content: `document.addEventListener('securitypolicyviolation', (e) => __blocked(e.blockedURI + ' ' + e.violatedDirective));`,
        });
        await page.goto(`${site.server.url}/posts/scripts/`, { waitUntil: 'load' });
        await page.waitForSelector('pre.mermaid svg', { timeout: 20_000 });
        assert.match((await page.locator('pre.mermaid svg').textContent()) ?? '', /Write.*Publish/);

        await page.locator('.copy-code').first().click();
        // The code alone, without its line numbers.
        assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'npm ci\nnpm test');
        assert.equal(await page.locator('.copy-code').first().textContent(), 'Copied');

        assert.equal(
          await page.evaluate(() => 'authorScriptRan' in window || '__authorScriptRan' in window),
          false,
        );
        assert.deepEqual(
          blocked,
          ['inline script-src-elem'],
          "only the author's script was refused",
        );
      } finally {
        await context.close();
      }
    });
  }

  for (const scheme of ['light', 'dark'] as const) {
    it(`keeps the page accessible once the button is added and the diagram drawn (${scheme})`, async () => {
      // axe is a script of its own: it runs with the policy bypassed.
      const { context, page } = await openPage(browser, { width: 375, scheme });
      try {
        await page.goto(`${site.server.url}/posts/scripts/`, { waitUntil: 'load' });
        await page.waitForSelector('pre.mermaid svg', { timeout: 20_000 });
        assert.equal(await page.locator('.copy-code').count(), 1);
        assertNoAxeViolations(await axeViolations(page));
      } finally {
        await context.close();
      }
    });
  }

  it('shows the code and the diagram source as text with scripts off', async () => {
    const { context, page } = await openPage(browser, {
      width: 375,
      scheme: 'light',
      bypassCSP: false,
      javaScriptEnabled: false,
    });
    try {
      await page.goto(`${site.server.url}/posts/scripts/`, { waitUntil: 'load' });
      assert.equal(await page.locator('.copy-code').count(), 0);
      assert.equal(
        await page.locator('pre.mermaid').textContent(),
        'flowchart LR\n  Write --> Publish\n',
      );
      assert.equal(await page.locator('pre.lines code').innerText(), 'npm ci\nnpm test');
    } finally {
      await context.close();
    }
  });
});
