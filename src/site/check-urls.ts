// Index: two things claiming one URL — two posts, a post and an old path, an old path and one of
// Folio's own pages — found before either could hide the other.
import type { SiteConfig } from '../config/schema.js';
import {
  folderForm,
  normalizeSitePath,
  pathKey,
  RESERVED_SECTIONS,
  ROOT_FILE_PATHS,
} from '../urls/url-paths.js';
import type { MarkdownDocument, Post } from '../content/post.js';
import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import { listingPaths } from './listing-paths.js';

/** Where a URL claim comes from: a post's key, or the config's `redirects`. */
interface Claimant {
  readonly file: string;
  readonly line: number;
  readonly what: string;
}

/** The config file and its key lines, to name a redirect that collides. */
export interface ConfigPlace {
  readonly file: string;
  lineOf(path: readonly (string | number)[]): number;
}

const FIXED_PATHS = ['/', ...ROOT_FILE_PATHS];

/**
 * Checks every post, drafts and scheduled ones too: post URLs against each other (ignoring case,
 * as many disks do) and against Folio's own pages; aliases and the config's redirects against
 * posts, each other and Folio's pages.
 */
export function checkUrls(
  config: SiteConfig,
  configPlace: ConfigPlace,
  posts: readonly Post[],
  ownPages: readonly MarkdownDocument[] = [],
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const pages = new Map<string, Claimant>();
  const postSection = permalinkSection(config.permalink);
  for (const page of ownPages) {
    const key = pathKey(page.path) ?? page.path;
    const section = key.split('/')[1] ?? '';
    const owner = section === postSection ? postsOwner(config.permalink) : sectionOwner(section);
    if (owner !== undefined) {
      diagnostics.push(
        error(
          'page-url-reserved',
          page.file,
          page.lines.path,
          `the page's URL ${page.path} is taken by Folio: ${owner}`,
          'give the page another file name or `slug:`',
        ),
      );
      continue;
    }
    pages.set(key.toLowerCase(), {
      file: page.file,
      line: page.lines.path,
      what: `the page ${page.file}`,
    });
  }
  for (const post of posts) {
    const key = pathKey(post.path) ?? post.path;
    const claimant = { file: post.file, line: post.lines.path, what: `the page of ${post.file}` };
    const section = key.split('/')[1] ?? '';
    if (
      key === '/' ||
      (RESERVED_SECTIONS as readonly string[]).includes(section) ||
      fileOwner(section) !== undefined
    ) {
      diagnostics.push(
        error(
          'post-url-reserved',
          post.file,
          post.lines.path,
          `the post's URL ${post.path} lies where Folio's own pages are`,
          "give the post another `slug:` or `url:`, or change the config's `permalink`",
        ),
      );
      continue;
    }
    const lower = key.toLowerCase();
    const other = pages.get(lower);
    if (other) diagnostics.push(...both('post-url-duplicate', post.path, claimant, other));
    else pages.set(lower, claimant);
  }

  const generated = generatedPaths(config, posts);
  const old = new Map<string, Claimant>();
  const claimOld = (path: string, claimant: Claimant): void => {
    const key = pathKey(path) ?? path;
    const taken = old.get(key) ?? pages.get(key.toLowerCase());
    if (taken) {
      diagnostics.push(...both('redirect-duplicate', path, claimant, taken));
      return;
    }
    // A file Folio writes is also claimed by its name with a slash, or in other case: its
    // redirect page would go in a folder of the file's name, where the disk may ignore case.
    const page = generated.get(key) ?? generated.get(key.toLowerCase().replace(/\/$/, ''));
    if (page !== undefined) {
      diagnostics.push(
        error(
          'redirect-shadowed',
          claimant.file,
          claimant.line,
          `the old path ${path} is the path of ${page}, which would never redirect`,
          'remove it, or correct the path',
        ),
      );
      return;
    }
    old.set(key, claimant);
  };
  for (const from of Object.keys(config.redirects)) {
    const path = normalizeSitePath(from);
    if (path === undefined) continue;
    claimOld(folderForm(path), {
      file: configPlace.file,
      line: configPlace.lineOf(['redirects', from]),
      what: `the redirect of ${from} in the config`,
    });
  }
  for (const post of [...posts, ...ownPages]) {
    const own = (pathKey(post.path) ?? post.path).toLowerCase();
    for (const alias of post.aliases) {
      // Its own URL in other case: a host that tells case apart redirects it, one that does not
      // answers it with the page.
      if ((pathKey(alias) ?? alias).toLowerCase() === own) continue;
      claimOld(alias, {
        file: post.file,
        line: post.lines.aliases,
        what: `an alias of ${post.file}`,
      });
    }
  }
  return diagnostics;
}

/** What Folio serves under a section of its own, to name beside a page that claims it. */
const SECTION_OWNERS: Readonly<Record<(typeof RESERVED_SECTIONS)[number], string>> = {
  page: "the featured listing's pages (/page/2/, /page/3/, …)",
  categories: 'the index of categories (/categories/) and the category pages under it',
  tags: 'the index of tags (/tags/) and the tag pages under it',
  archives: 'the archive of every post (/archives/)',
  series: 'the pages of series (/series/<slug>/)',
  search: 'the search page (/search/)',
  assets: "the theme's stylesheet and icons (/assets/)",
};

/**
 * The files Folio writes at the site's root: a page or post there, `/feed.xml/`, would stand
 * where the file's name does, which the site answers with the file.
 */
const FILE_OWNERS: Readonly<Record<string, string>> = {
  'feed.xml': 'the RSS feed (/feed.xml)',
  'atom.xml': 'the Atom feed (/atom.xml)',
  'feed.json': 'the JSON feed (/feed.json)',
  'sitemap.xml': 'the sitemap (/sitemap.xml)',
  'robots.txt': 'the robots.txt file (/robots.txt)',
  '404.html': 'the page for addresses not found (/404.html)',
  _redirects: 'the redirects file of hosts that read one (/_redirects)',
};

/** What Folio writes at the root under `section`'s name, compared ignoring case as disks may. */
function fileOwner(section: string): string | undefined {
  const name = section.toLowerCase();
  return Object.hasOwn(FILE_OWNERS, name) ? FILE_OWNERS[name] : undefined;
}

function sectionOwner(section: string): string | undefined {
  const file = fileOwner(section);
  if (file !== undefined) return file;
  return Object.hasOwn(SECTION_OWNERS, section)
    ? SECTION_OWNERS[section as keyof typeof SECTION_OWNERS]
    : undefined;
}

/** The fixed first segment of the permalink pattern, under which the posts are: `posts`. */
function permalinkSection(permalink: string): string | undefined {
  const first = permalink.split('/')[1];
  return first === undefined || first === '' || first.includes(':') ? undefined : first;
}

function postsOwner(permalink: string): string {
  return `the posts, whose pages the config's permalink ${permalink} puts under it`;
}

/** One error for each of two claimants of one URL, each naming the other. */
function both(code: string, path: string, a: Claimant, b: Claimant): Diagnostic[] {
  const hint = 'give one of them another URL, or remove one';
  return [
    error(
      code,
      a.file,
      a.line,
      `${path} is claimed twice: also by ${b.what} (${b.file}:${b.line})`,
      hint,
    ),
    error(
      code,
      b.file,
      b.line,
      `${path} is claimed twice: also by ${a.what} (${a.file}:${a.line})`,
      hint,
    ),
  ];
}

/** The paths of Folio's listing pages and documents, as matched, with what each is. */
function generatedPaths(config: SiteConfig, posts: readonly Post[]): Map<string, string> {
  return new Map([
    ...FIXED_PATHS.map((path): [string, string] => [path, `Folio's ${path}`]),
    // Page 1 is `/`, and `/page/1/` redirects there.
    ['/page/1/', 'page 1 of the featured listing (/page/1/)'],
    ...listingPaths(config, posts),
  ]);
}
