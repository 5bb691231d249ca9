// The demo blog exported as a GitHub Pages project site (url https://jane.github.io/blog/) and
// served under /blog/ by a plain static server, as the host serves it: a reader who follows every
// link, image, stylesheet and its fonts, form, feed entry, sitemap entry and search file from
// /blog/ finds each one there, and nothing leads outside /blog/.
import assert from 'node:assert/strict';
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as cheerio from 'cheerio';
import { exportSite } from '../src/delivery/static/export-site.js';
import { REPO_ROOT } from './support/serve-fixture.js';
import { serveStatic, type StaticServer } from './support/static-server.js';
import { tempRoot } from './support/temp-root.js';

const root = tempRoot('folio-base-crawl-');
const SITE = join(root, 'demo');
const OUT = join(root, 'out');
const ORIGIN = 'https://jane.github.io';
const BASE = '/blog';

let served: StaticServer;

before(async () => {
  await cp(join(REPO_ROOT, 'demo'), SITE, {
    recursive: true,
    filter: (source) => !source.startsWith(join(REPO_ROOT, 'demo', 'dist')),
  });
  const config = join(SITE, 'folio.config.yaml');
  const text = await readFile(config, 'utf8');
  await writeFile(config, text.replace(/^url: .*$/m, `url: ${ORIGIN}${BASE}/`));
  const result = await exportSite({ siteDir: SITE, outDir: OUT });
  assert.ok(result.summary, JSON.stringify(result.diagnostics));
  served = await serveStatic(OUT, { mount: BASE });
});

after(() => served.close());

/** What a document names that a reader or a browser follows, as written. */
function namedBy(path: string, contentType: string, body: string): string[] {
  if (contentType.startsWith('text/html')) return namedByPage(body);
  if (path.endsWith('.json') && path.startsWith(`${BASE}/feed`)) {
    const feed = JSON.parse(body) as { items: { url: string }[]; home_page_url: string };
    return [feed.home_page_url, ...feed.items.map((item) => item.url)];
  }
  if (path.startsWith(`${BASE}/assets/search/terms.`)) {
    // A page of the dictionary names the files of its terms' postings, in the folder the page's setup gives.
    const dictionary = JSON.parse(body) as { postings: string[] };
    return dictionary.postings.map((name) => `${postingsFolder}${name}`);
  }
  if (path.startsWith(`${BASE}/assets/search/entries-`)) {
    // The search script's entries: each result links its post and its category.
    const entries = JSON.parse(body) as (string | null)[][];
    return entries.flatMap((entry) =>
      [entry[1], entry[5]].filter((url): url is string => typeof url === 'string'),
    );
  }
  if (contentType.includes('xml')) {
    const $ = cheerio.load(body, { xml: true });
    const texts = $('item > link, urlset > url > loc, channel > link')
      .toArray()
      .map((element) => $(element).text());
    const hrefs = $('feed > entry > link, feed > link')
      .toArray()
      .flatMap((element) => $(element).attr('href') ?? []);
    return [...texts, ...hrefs];
  }
  if (path === `${BASE}/robots.txt`) return [/^Sitemap: (\S+)$/m.exec(body)?.[1] ?? ''];
  // A stylesheet's fonts and images, resolved from the stylesheet.
  if (contentType.startsWith('text/css')) {
    return [...body.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)].map((match) => match[1] ?? '');
  }
  return [];
}

// Where the search page's setup says the files of postings are, once the crawl has read it.
let postingsFolder = '';

function namedByPage(body: string): string[] {
  const $ = cheerio.load(body);
  const attributes = $('[href], [src], [action]')
    .toArray()
    .flatMap((element) => ['href', 'src', 'action'].flatMap((name) => $(element).attr(name) ?? []));
  const sources = $('[srcset]')
    .toArray()
    .flatMap((element) =>
      ($(element).attr('srcset') ?? '')
        .split(',')
        .map((source) => source.trim().split(/\s+/)[0] ?? ''),
    )
    .filter((url) => url !== '');
  const setupText = $('#search-setup').text();
  const setup = setupText
    ? (JSON.parse(setupText) as {
        manifest: { lengths: string; dictionaries: string[]; postingsFolder: string };
        entries: string[];
      })
    : undefined;
  if (setup) postingsFolder = setup.manifest.postingsFolder;
  const searchFiles = setup
    ? [setup.manifest.lengths, ...setup.manifest.dictionaries, ...setup.entries]
    : [];
  return [...attributes, ...sources, ...searchFiles];
}

/**
 * A URL a document names, as the local server's path (`/blog/x/`); undefined for one that leaves
 * the site on purpose (another host, a fragment, mail).
 */
function localPath(url: string, from: string): string | undefined {
  if (url.startsWith('#') || /^(?:mailto|data):/.test(url)) return undefined;
  const resolved = new URL(url, `${ORIGIN}${from}`);
  if (resolved.origin !== ORIGIN) return undefined;
  return resolved.pathname;
}

describe('the demo exported under /blog/', () => {
  it('leads from /blog/ to every page and file it links, all there, and nowhere outside /blog/', async () => {
    // Where readers and crawlers start: the home page, the 404 page, robots.txt (and its sitemap).
    const seen = new Set<string>([`${BASE}/`, `${BASE}/404.html`, `${BASE}/robots.txt`]);
    const queue = [...seen];
    const broken: string[] = [];
    const outside: string[] = [];
    let pages = 0;
    const visit = async (path: string): Promise<void> => {
      const answer = await fetch(`${served.url}${path}`);
      if (answer.status !== 200) {
        broken.push(`${path}: ${answer.status}`);
        return;
      }
      const contentType = answer.headers.get('content-type') ?? '';
      const binary =
        !/html|xml|json|text\/plain|text\/css/.test(contentType) && !path.endsWith('.txt');
      if (binary) {
        await answer.arrayBuffer();
        return;
      }
      const body = await answer.text();
      if (contentType.startsWith('text/html')) pages += 1;
      for (const url of namedBy(path, contentType, body)) {
        const local = localPath(url, path);
        if (local === undefined) continue;
        if (local !== BASE && !local.startsWith(`${BASE}/`)) {
          outside.push(`${path} names ${url}`);
          continue;
        }
        if (!seen.has(local)) {
          seen.add(local);
          queue.push(local);
        }
      }
    };
    while (queue.length > 0) {
      await Promise.all(queue.splice(0, 16).map(visit));
    }
    assert.deepEqual(outside, []);
    assert.deepEqual(broken, []);
    // Every page the export holds was reached: the demo's posts, listings, indexes and pages.
    const exported = (await readdir(OUT, { recursive: true })).filter((file) =>
      file.endsWith('.html'),
    );
    assert.ok(exported.length > 400);
    assert.equal(pages, exported.length);
    for (const path of ['/feed.xml', '/atom.xml', '/feed.json', '/sitemap.xml']) {
      assert.ok(seen.has(`${BASE}${path}`), `${path} is linked`);
    }
    assert.ok(
      [...seen].some((path) => path.startsWith(`${BASE}/assets/search/entries-`)),
      'the search files are reached',
    );
  });
});
