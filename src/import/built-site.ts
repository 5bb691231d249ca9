// Import: the site a blog's engine last built, read for the URLs it gave the posts. An Eleventy
// blog often works a post's permalink out in JavaScript (`eleventyComputed`), which the import does
// not run; the page the engine wrote for the post still says where it was.
import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { Parser } from 'htmlparser2';
import { pathKey } from '../urls/url-paths.js';

/** A page of the built site: where it was, and what it says it is. */
interface BuiltPage {
  readonly url: string;
  /** Its headings of the first level and its `og:title`, as `titleKey` reads them. */
  readonly headings: readonly string[];
  /** Its `<title>`, whole and in each part a theme joins the site's name to it with. */
  readonly titles: readonly string[];
  /** The days its `<time datetime>` elements give (`2022-04-12`). */
  readonly days: ReadonlySet<string>;
  /** Where it sends the reader at once, when it is a page that only redirects (`<meta refresh>`). */
  readonly refresh: string | undefined;
}

/** A post or page of the blog, as the built site is asked for it. */
export interface WantedPage {
  readonly title: string;
  /** The day it was written, `YYYY-MM-DD`, where it has a date. */
  readonly day: string | undefined;
  readonly slug: string;
}

/** The pages of a built site, asked for the URL of each post or page by its title. */
export class BuiltSite {
  readonly folder: string;
  readonly #byHeading = new Map<string, BuiltPage[]>();
  readonly #byTitle = new Map<string, BuiltPage[]>();
  // A URL given once is no other post's: two posts of one title are told apart by their days.
  readonly #given = new Set<string>();
  // Each page's file, by its URL's key.
  readonly #files = new Map<string, string>();
  readonly #redirects: { readonly from: string; readonly to: string }[] = [];

  private constructor(folder: string, pages: readonly (BuiltPage & { readonly file: string })[]) {
    this.folder = folder;
    for (const page of pages) {
      this.#files.set(pathKey(page.url) ?? page.url, page.file);
      if (page.refresh !== undefined) {
        // Resolved as a browser resolves it, from the page's own URL.
        const to = new URL(page.refresh, `https://built.invalid${page.url}`);
        this.#redirects.push({
          from: page.url,
          to: to.host === 'built.invalid' ? `${to.pathname}${to.search}${to.hash}` : to.href,
        });
      }
      for (const key of new Set(page.headings)) pushTo(this.#byHeading, key, page);
      for (const key of new Set(page.titles)) pushTo(this.#byTitle, key, page);
    }
  }

  /** The HTML pages of the site built into `folder`, named as given; undefined when it holds none. */
  static read(folder: string): BuiltSite | undefined {
    const pages: (BuiltPage & { readonly file: string })[] = [];
    for (const file of htmlFiles(folder)) {
      let html: string;
      try {
        html = readFileSync(file, 'utf8');
      } catch {
        continue;
      }
      const path = relative(folder, file).split(sep).join('/');
      const url = path === 'index.html' ? '/' : `/${path.replace(/\/index\.html$/, '/')}`;
      // The home page shows the newest posts' titles, and is none of them.
      if (url === '/') continue;
      pages.push({ url, file, ...pageMarks(html) });
    }
    return pages.length === 0 ? undefined : new BuiltSite(folder, pages);
  }

  /** The pages that only send the reader on to another, each from its URL to where it leads. */
  redirects(): readonly { readonly from: string; readonly to: string }[] {
    return this.#redirects;
  }

  /** Whether the site has a page at `url` (`/a/b/`, `/a.html`), written escaped or not. */
  has(url: string): boolean {
    const key = pathKey(url);
    return key !== undefined && this.#files.has(key);
  }

  /** The HTML of the site's page at `url`, if it has one that can be read. */
  html(url: string): string | undefined {
    const key = pathKey(url);
    const file = key === undefined ? undefined : this.#files.get(key);
    if (file === undefined) return undefined;
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
  }

  /**
   * The URL of the one page of the site that is `wanted`: titled so in a heading, its `og:title`
   * or else its `<title>`, and where several are, the one that shows its day in a `<time>`, then
   * in its URL, then the one of its month, then the one whose URL holds its slug. Undefined when
   * no page or more than one is it.
   */
  urlOf(wanted: WantedPage): string | undefined {
    const key = titleKey(wanted.title);
    if (key === '') return undefined;
    const found = this.#byHeading.get(key) ?? this.#byTitle.get(key) ?? [];
    let candidates = found.filter(({ url }) => !this.#given.has(url));
    const [year, month, date] = wanted.day?.split('-') ?? [];
    for (const narrower of [
      (page: BuiltPage) => wanted.day !== undefined && page.days.has(wanted.day),
      (page: BuiltPage) => page.url.includes(`/${year}/${month}/${date}/`),
      (page: BuiltPage) => page.url.includes(`/${year}/${month}/`),
      (page: BuiltPage) => page.url.toLowerCase().includes(wanted.slug.toLowerCase()),
    ]) {
      if (candidates.length <= 1) break;
      const kept = candidates.filter(narrower);
      if (kept.length > 0) candidates = kept;
    }
    const [only] = candidates;
    if (candidates.length !== 1 || only === undefined) return undefined;
    this.#given.add(only.url);
    return only.url;
  }
}

/** Adds `value` to the list `map` holds under `key`. */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Every `.html` file under `folder`, links not followed. */
function htmlFiles(folder: string): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && /\.html?$/i.test(entry.name)) files.push(path);
    }
  };
  walk(folder);
  return files;
}

// What themes put between a page's title and the site's name in `<title>`.
const TITLE_JOINS = /\s+[|·•»—–:-]{1,2}\s+/gu;

// The marks of a heading's link to itself (`# Title`, `Title ¶`).
const HEADING_ANCHORS = /^\s*[#¶§🔗]\s*|\s*[#¶§🔗]\s*$/gu;

/**
 * What a title is with the site's name a theme joined to it taken off, before or after: each part
 * before a join and each after one (`A - B | Site` gives `A`, `A - B`, `B | Site` and `Site`),
 * so that a title with a dash of its own is found whole.
 */
function joinedParts(title: string): string[] {
  const parts: string[] = [];
  for (const join of title.matchAll(TITLE_JOINS)) {
    parts.push(
      titleKey(title.slice(0, join.index)),
      titleKey(title.slice(join.index + join[0].length)),
    );
  }
  return parts;
}

/** What a page's HTML says it is: its headings, its `<title>`, the days it shows. */
function pageMarks(html: string): Omit<BuiltPage, 'url'> {
  const headings: string[] = [];
  const titles: string[] = [];
  const days = new Set<string>();
  let refresh: string | undefined;
  let open: 'h1' | 'title' | undefined;
  let titleRead = false;
  let text = '';
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        // The page's `<title>` is its first; one in an icon's SVG, or in a heading, is not.
        if (open === undefined && (name === 'h1' || (name === 'title' && !titleRead))) {
          open = name;
          titleRead ||= name === 'title';
          text = '';
        } else if (name === 'meta') {
          // `0; url=/post/`, at once: a page that waits first is a page of its own.
          const moved =
            attributes['http-equiv']?.toLowerCase() === 'refresh'
              ? /^\s*0+\s*[;,]\s*url\s*=\s*['"]?([^'"\s]+)/i.exec(attributes.content ?? '')
              : null;
          if (moved) refresh ??= moved[1];
          const property = attributes.property ?? attributes.name;
          if (property === 'og:title' && attributes.content) {
            headings.push(titleKey(attributes.content));
            titles.push(...joinedParts(attributes.content));
          }
        } else if (name === 'time' && attributes.datetime) {
          const day = /^\d{4}-\d{2}-\d{2}/.exec(attributes.datetime)?.[0];
          if (day) days.add(day);
        }
      },
      ontext(chunk) {
        if (open !== undefined) text += chunk;
      },
      onclosetag(name) {
        if (name !== open) return;
        // A heading may carry a link to itself, shown as a mark beside the title.
        if (open === 'h1') headings.push(titleKey(text.replace(HEADING_ANCHORS, '')));
        else titles.push(titleKey(text), ...joinedParts(text));
        open = undefined;
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return { headings: headings.filter(Boolean), titles: titles.filter(Boolean), days, refresh };
}

/**
 * A title as pages and front matter both give it: one form of its characters and case, curly
 * quotes and dashes as typed (`--` as `–`), without the marks of Markdown's emphasis and code,
 * which a page shows as type rather than as characters.
 */
function titleKey(title: string): string {
  return title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[‘’‚′]/g, "'")
    .replace(/[“”„″]/g, '"')
    .replace(/[-‐‑‒–—―]+/g, '-')
    .replace(/…/g, '...')
    .replace(/[*_`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
