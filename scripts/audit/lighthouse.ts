// Lighthouse in Chromium: its default (mobile) settings and simulated throttling.
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** A headless Chromium that talks to nothing but the pages it is sent to. */
export async function launchChromium(): Promise<chromeLauncher.LaunchedChrome> {
  const chromePath = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
  // Checked first: the launcher reports a missing program as an uncaught error.
  await access(chromePath, constants.X_OK).catch(() => {
    throw new Error(`no Chromium at ${chromePath}; install it or set CHROME_PATH`);
  });
  return chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
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

/** One Lighthouse run: its result and the JSON report. Each run starts with an empty cache. */
export async function runLighthouse(
  url: string,
  port: number,
): Promise<{ lhr: Result; json: string }> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result || typeof result.report !== 'string') {
    throw new Error(`Lighthouse returned no report for ${url}`);
  }
  return { lhr: result.lhr, json: result.report };
}

/** Every request of a run as transferred (headers included), from its `network-requests` audit. */
export function requestsOf(lhr: Result): { url: string; status: number; bytes: number }[] {
  const details: unknown = lhr.audits['network-requests']?.details;
  const items =
    typeof details === 'object' && details !== null && 'items' in details ? details.items : [];
  if (!Array.isArray(items) || items.length === 0) {
    throw new Error(`the report of ${lhr.requestedUrl ?? '?'} lists no network requests`);
  }
  return items.map((item: Record<string, unknown>) => ({
    url: String(item['url']),
    status: Number(item['statusCode']),
    bytes: Number(item['transferSize'] ?? 0),
  }));
}
