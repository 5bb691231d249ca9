// Takes the README's screenshots of the demo blog — the featured listing, the Algorithm category
// and a post, on a phone and a desktop, light and dark — and writes them to docs/screenshots/.
// Each shows the first screen only, so that the files stay small.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import type { ServedFixture } from '../test/support/serve-fixture.js';
import {
  launchBrowser,
  openPage,
  REPO_ROOT,
  serveDemo,
  type Scheme,
} from '../test/browser/support.js';

const OUT_DIR = join(REPO_ROOT, 'docs', 'screenshots');

const DEVICES = [
  { name: 'phone', width: 375, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
const SCHEMES: readonly Scheme[] = ['light', 'dark'];

/** The pages to show; the post is the newest one, as the featured listing links to it. */
async function pages(site: ServedFixture): Promise<{ name: string; path: string }[]> {
  const $ = cheerio.load(await (await site.get('/')).text());
  const post = $('main article.entry .entry-title a').first().attr('href');
  if (!post) throw new Error('the featured listing links to no post');
  return [
    { name: 'featured', path: '/' },
    { name: 'category', path: '/categories/algorithm/' },
    { name: 'post', path: post },
  ];
}

async function main(): Promise<void> {
  const browser = await launchBrowser();
  const site = await serveDemo();
  try {
    await mkdir(OUT_DIR, { recursive: true });
    for (const { name, path } of await pages(site)) {
      for (const device of DEVICES) {
        for (const scheme of SCHEMES) {
          const { context, page } = await openPage(browser, {
            width: device.width,
            height: device.height,
            scheme,
          });
          try {
            const response = await page.goto(`${site.server.url}${path}`, { waitUntil: 'load' });
            if (response?.status() !== 200) {
              throw new Error(`${path} answered ${response?.status()}`);
            }
            const file = join(OUT_DIR, `${name}-${device.name}-${scheme}.png`);
            await page.screenshot({ path: file, animations: 'disabled' });
            console.log(`wrote ${file.slice(REPO_ROOT.length)}`);
          } finally {
            await context.close();
          }
        }
      }
    }
  } finally {
    await browser.close();
    await site.server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
