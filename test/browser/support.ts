// Browser test support: finds Debian's Chromium, launches it, and serves a site folder to it.
import assert from 'node:assert/strict';
import { accessSync, constants } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { REPO_ROOT, serveSite, type ServedFixture } from '../support/serve-fixture.js';

export { FIXTURES, REPO_ROOT } from '../support/serve-fixture.js';

export const DEMO_DIR = join(REPO_ROOT, 'demo');
/** The instant the demo is served at, so that its page count never depends on the clock. */
export const DEMO_NOW = Date.parse('2026-11-21T00:00:00Z');
export const SCREENSHOT_DIR = join(REPO_ROOT, 'test-results', 'screenshots');

const DEFAULT_CHROMIUM = '/usr/bin/chromium';
const INSTALL_HINT =
  'install it with `apt-get install chromium` (Debian, Ubuntu) or point CHROMIUM_PATH at a Chromium or Chrome binary';

/** The Chromium binary to drive: CHROMIUM_PATH, else Debian's package; undefined when absent. */
export function findChromium(): string | undefined {
  const candidate = process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
  try {
    accessSync(candidate, constants.X_OK);
    return candidate;
  } catch {
    return undefined;
  }
}

function missingMessage(): string {
  return `Chromium not found at ${process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM}: ${INSTALL_HINT}`;
}

/**
 * The `skip` option for browser suites: a message when Chromium is missing on a developer's
 * machine; false on CI, where a missing browser must fail the run (see `launchBrowser`).
 */
export const browserSkip: string | false =
  findChromium() === undefined && !process.env.CI
    ? `${missingMessage()}; browser tests skipped`
    : false;

/** Launches headless Chromium; fails the calling test or hook with a hint when it is missing. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (executablePath === undefined) {
    const ci = process.env.CI ? ' (CI is set: the browser tests must run, so this fails)' : '';
    assert.fail(`${missingMessage()}${ci}`);
  }
  return chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export type Scheme = 'light' | 'dark';

/**
 * A fresh context and page at the given width. tsx compiles with esbuild's `keepNames`, which
 * wraps named functions in a `__name(…)` call; functions handed to `page.evaluate` run in the
 * page, so the page gets an identity `__name` too.
 */
export async function openPage(
  browser: Browser,
  options: { width: number; height?: number; scheme: Scheme } & BrowserContextOptions,
): Promise<{ context: BrowserContext; page: Page }> {
  const { width, height = 800, scheme, ...rest } = options;
  const context = await browser.newContext({
    viewport: { width, height },
    colorScheme: scheme,
    reducedMotion: 'reduce',
    // The pages forbid every script; the tests' own instruments (axe, measurements) must still run.
    bypassCSP: true,
    ...rest,
  });
  await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
  // Only the local server may be contacted: anything else is aborted, never fetched.
  await context.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => route.abort(),
  );
  const page = await context.newPage();
  return { context, page };
}

/** Serves a site folder with the real server on an ephemeral port. */
export function serveFolder(
  siteDir: string,
  options: { now?: () => number } = {},
): Promise<ServedFixture> {
  return serveSite(siteDir, options);
}

/** Serves the bundled demo blog as it stands at `DEMO_NOW`. */
export function serveDemo(): Promise<ServedFixture> {
  return serveFolder(DEMO_DIR, { now: () => DEMO_NOW });
}

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  return path;
}

const require = createRequire(import.meta.url);
export const AXE_PATH = require.resolve('axe-core/axe.min.js');
