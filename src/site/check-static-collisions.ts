// Index: files of static/ at a path Folio generates a document at — in the static export the
// generated one would silently replace the author's file, and `serve` would never show it.
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
  let claims: Map<string, string> | undefined;
  const diagnostics: Diagnostic[] = [];
  for (const path of staticPaths) {
    // Lower-cased, as on many disks two names that differ only in case are one file.
    const name = path.normalize('NFC').slice(1).toLowerCase();
    const file = name.replace(PRECOMPRESSED, '');
    const fixed = FIXED_DOCUMENTS.get(file);
    // Posts may be anywhere the permalink puts them: their paths are worked out once.
    const owner = fixed ?? (claims ??= generatedFiles(config, posts, pages)).get(file);
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

/** The files the export writes for posts, pages, old paths, listing pages, categories and tags, lower-cased. */
function generatedFiles(
  config: SiteConfig,
  posts: readonly Post[],
  pages: readonly MarkdownDocument[],
): Map<string, string> {
  const files = new Map<string, string>();
  const claim = (path: string, what: string): void => {
    const file = exportFileOf(path).toLowerCase();
    if (!files.has(file)) files.set(file, what);
  };
  for (const [path, what] of listingPaths(config, posts)) claim(path, what);
  for (const post of [...posts, ...pages]) {
    claim(post.path, `the page of ${post.file}`);
    for (const alias of post.aliases) claim(alias, `the redirect page of an alias of ${post.file}`);
  }
  for (const from of Object.keys(config.redirects)) {
    const path = normalizeSitePath(from);
    if (path !== undefined) claim(path, `the redirect page of ${from} (of the config's redirects)`);
  }
  return files;
}
