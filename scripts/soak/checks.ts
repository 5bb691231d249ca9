// What the soak's runs share: failures collected rather than thrown, so that every run is
// reported, and the questions asked of the served site while a fault is staged.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { decoded, get } from '../../bench/lib/http.js';

const WAIT_MS = 15_000;

export const failures: string[] = [];

export function fail(why: string): void {
  failures.push(why);
  console.log(`  FAIL: ${why}`);
}

/** Polls `check` until it holds; returns how long that took, or fails after `limitMs`. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  limitMs = WAIT_MS,
): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (await check()) return performance.now() - started;
    await sleep(10);
  }
  fail(`${what} did not happen within ${limitMs / 1000} s`);
  return Number.NaN;
}

/** The version the post page shows, when its title and its text agree on one. */
export async function postVersion(origin: string, slug: string): Promise<number | undefined> {
  const response = await get(`${origin}/posts/${slug}/`);
  const text = decoded(response);
  const marker = /<h1[^>]*>Soak edit (\d+)<\/h1>/.exec(text)?.[1];
  const body = /Soak edit (\d+) opens this version/.exec(text)?.[1];
  return response.status === 200 && marker !== undefined && marker === body
    ? Number(marker)
    : undefined;
}

/**
 * The part of a page that shows content, without the banner of a watching server, and with the
 * edited post's version blotted out: a page beside it names it in its links.
 */
export async function article(origin: string, path: string): Promise<string> {
  const response = await get(`${origin}${path}`);
  if (response.status !== 200) return `status ${response.status}`;
  const text = decoded(response);
  return text
    .slice(text.indexOf('<main'), text.indexOf('</main>'))
    .replace(/Soak edit \d+/g, 'Soak edit N');
}

/** Whether any page shows the banner that lists problems. */
export async function bannerShown(origin: string): Promise<boolean> {
  return decoded(await get(`${origin}/`)).includes('problems-banner');
}

/** Every line the server wrote to one of its streams, from its start. */
export class ServerLog {
  #text = '';

  constructor(stream: NodeJS.ReadableStream | null | undefined) {
    stream?.on('data', (chunk: string | Buffer) => (this.#text += String(chunk)));
  }

  get text(): string {
    return this.#text;
  }

  /** A check for `waitFor`: whether a line written after `from` matches. */
  logged(pattern: RegExp, from = 0): () => Promise<boolean> {
    return () => Promise.resolve(pattern.test(this.#text.slice(from)));
  }
}
