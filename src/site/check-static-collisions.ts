// Index: files of static/ at a path Folio generates a document at — in the static export the
// generated one would silently replace the author's file, and `serve` would never show it — and
// files whose folder stands where Folio writes a file (`static/robots.txt/a.txt`), which no build
// could write at all.
import type { SiteConfig } from '../config/schema.js';
import { exportFileOf, normalizeSitePath } from '../urls/url-paths.js';
import type { MarkdownDocument, Post } from '../content/post.js';
import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import { listingPaths } from './listing-paths.js';

/** Generated documents with a fixed path, by the file the export writes them to. */
const FIXED_DOCUMENTS = new Map([
  ['index.html', 'the first page of the featured listing (/)'],
  ['feed.xml', 'the RSS feed (/feed.xml)'],
  ['atom.xml', 'the Atom feed (/atom.xml)'],
  ['sitemap.xml', 'the sitemap (/sitemap.xml)'],
  ['robots.txt', 'robots.txt (/robots.txt)'],
  ['404.html', 'the 404 page (/404.html)'],
]);

// The export writes a compressed copy beside each text document, which a file of static/ may
// also stand in the way of.
const PRECOMPRESSED = /\.(?:br|gz)$/;

/**
 * Every file of static/ (by URL path, as `readStaticAssets` keys them) whose path is one Folio
 * generates a document at, counting every post, drafts and scheduled ones too, so that publishing
 * one can never hide a file. `staticDir` is the folder the diagnostics name.
 */
export function checkStaticCollisions(
  config: SiteConfig,
  posts: readonly Post[],
  staticPaths: Iterable<string>,
  staticDir: string,
  pages: readonly MarkdownDocument[] = [],
): Diagnostic[] {
  let listings: Map<string, string> | undefined;
  let documents: Map<string, string> | undefined;
  const diagnostics: Diagnostic[] = [];
  const folders = new Set<string>();
  for (const path of staticPaths) {
    // Lower-cased, as on many disks two names that differ only in case are one file.
    const name = path.normalize('NFC').slice(1).toLowerCase();
    // A folder of static/ where Folio writes a file: named once, by the first file in it.
    const parts = name.split('/');
    let inBlockedFolder = false;
    for (let depth = 1; depth < parts.length && !inBlockedFolder; depth++) {
      const folder = parts.slice(0, depth).join('/');
      const owner =
        FIXED_DOCUMENTS.get(folder) ??
        (documents ??= claimedFiles(documentPaths(config, [...posts, ...pages]))).get(folder);
      if (owner === undefined) continue;
      if (!folders.has(folder))
        diagnostics.push(
          error(
            'static-collision',
            `${staticDir}${path}`,
            1,
            `this file of static/ is in the folder ${folder}/, at the path of ${owner}, which Folio writes there as a file: no build can write both`,
            `move the files of static/${folder}/ elsewhere`,
          ),
        );
      folders.add(folder);
      inBlockedFolder = true;
    }
    if (inBlockedFolder) continue;
    const file = name.replace(PRECOMPRESSED, '');
    // Posts may be anywhere the permalink puts them: their paths are worked out once. Listings
    // only ever write `index.html` and `feed.xml`, and finding them takes every post's terms,
    // which a site's images and scripts need not wait for on each reload of a large site.
    const owner =
      FIXED_DOCUMENTS.get(file) ??
      (LISTING_FILE.test(file)
        ? (listings ??= claimedFiles(listingPaths(config, posts))).get(file)
        : undefined) ??
      (documents ??= claimedFiles(documentPaths(config, [...posts, ...pages]))).get(file);
    if (owner === undefined) continue;
    diagnostics.push(
      error(
        'static-collision',
        `${staticDir}${path}`,
        1,
        `this file of static/ has the path of ${file === name ? '' : 'the compressed copy of '}${owner}, which Folio writes there`,
        'rename or move the file: in the built site the generated one would replace it',
      ),
    );
  }
  return diagnostics;
}

/** The names of the files listing pages and feeds are written to (see `listingPaths`). */
const LISTING_FILE = /(?:^|\/)(?:index\.html|feed\.xml)$/;

/** The files the export writes for the documents at `paths`, lower-cased, the first claim kept. */
function claimedFiles(paths: Iterable<readonly [path: string, what: string]>): Map<string, string> {
  const files = new Map<string, string>();
  for (const [path, what] of paths) {
    const file = exportFileOf(path).toLowerCase();
    if (!files.has(file)) files.set(file, what);
  }
  return files;
}

/** The paths of the pages of posts and pages, of their old paths and of the config's redirects. */
function* documentPaths(
  config: SiteConfig,
  documents: readonly MarkdownDocument[],
): Generator<[path: string, what: string]> {
  for (const document of documents) {
    yield [document.path, `the page of ${document.file}`];
    for (const alias of document.aliases) {
      yield [alias, `the redirect page of an alias of ${document.file}`];
    }
  }
  for (const from of Object.keys(config.redirects)) {
    const path = normalizeSitePath(from);
    if (path !== undefined)
      yield [path, `the redirect page of ${from} (of the config's redirects)`];
  }
}
