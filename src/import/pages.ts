// Import: a blog's standalone pages — an About, a Now — which of its files each engine published as
// a page of their own, at what URL, and whether the blog's menu linked them.
import { pathKey } from '../urls/url-paths.js';
import {
  hexoPageUrl,
  hugoUrl,
  jekyllPageUrl,
  namesOf,
  type HugoPathRules,
  type UrlInputs,
} from './engines.js';
import type { HugoPathReading } from './hugo-version.js';
import type { BuiltSite } from './built-site.js';
import { defaultUrl, eleventyProjectOf, eleventyUrl } from './eleventy.js';
import type { EngineName } from './engine-names.js';
import { isRecord, lowerKeys, stringOf, type FrontMatterFormat } from './foreign-document.js';
import type { BlogFile } from './read-blog.js';

/**
 * What Folio makes of Hugo's taxonomies, by their names: categories, tags, and a post's series,
 * each term with a page of its own.
 */
export const FOLIO_TERM_KINDS: Readonly<Record<string, string>> = {
  categories: 'category',
  tags: 'tag',
  series: 'series',
};

/** A file of the blog that may be a page: where it is, and what goes with it. */
export interface SourcePage extends BlogFile {
  /** Its name without extension (and language): the folder's, for an `index` file. */
  readonly name: string;
  /** Its path inside the folder the engine's page URLs start from (`source/`, `content/`). */
  readonly inRoot: string;
  /** The Jekyll collection it is a document of, published as pages (`tabs` for `_tabs/`). */
  readonly collection: string | undefined;
  /** The folder of files that go with it (a Hugo leaf bundle), or nothing. */
  readonly assets: string | undefined;
  /** Whether it is written in HTML rather than Markdown (Jekyll's `.html`, Eleventy's `.njk`). */
  readonly html: boolean;
  /**
   * What it is in a Hugo section other than the posts': the section's list page (`_index.md`,
   * shown at the section's URL) or one of its pages. Nothing for any other page.
   */
  readonly inSection?: 'list' | 'page';
  /** An Eleventy page's path from the input folder, and whether code works out its permalink. */
  readonly eleventy?: {
    readonly inInput: string;
    readonly permalinkCode: string | undefined;
    /** What its folders' data files and layouts give it, below its front matter. */
    readonly fields?: Readonly<Record<string, unknown>>;
    /** The template language it is written in, when not Markdown (`Nunjucks`). */
    readonly language?: string;
    /** Whether it is one of the posts, written in that language. */
    readonly post?: boolean;
  };
}

/** What the blog made of a page file: a page at `oldUrl`, or something Folio makes itself. */
export type PageVerdict =
  | {
      readonly kind: 'page';
      readonly oldUrl: string;
      /**
       * The path an older Hugo made of the page, where no file names the Hugo the blog is built
       * with and that path differs: it leads to the page too.
       */
      readonly olderUrl?: string | undefined;
      readonly draft: boolean;
      /** Its place in the blog's main menu, when the menu linked it. */
      readonly navOrder: number | undefined;
    }
  /** Not a page of the blog at all (Jekyll copies a file without front matter as it is). */
  | { readonly kind: 'file' }
  /** A page of the blog that Folio cannot make: why, and what the author can do. */
  | { readonly kind: 'left out'; readonly why: string }
  /**
   * A page the theme fills (tags, archives, search, a list of posts): why it is not imported,
   * and, for a list Folio has an index of its own for, which one and the page's old URL.
   */
  | {
      readonly kind: 'theme';
      readonly why: string;
      readonly index?: { readonly name: FolioIndex; readonly oldUrl: string } | undefined;
      /** For the list of one tag's or category's posts, which Folio makes too: which, and where. */
      readonly term?: TermPage | undefined;
    };

/**
 * Why a page written in HTML cannot come over, if it cannot: template code makes its text as it
 * is published, which Folio does not run; or it is a whole document, with a head and styles of its
 * own, which Folio's page would hold inside its own.
 */
function htmlPageLeftOut(
  page: SourcePage,
  body: string,
  language: string,
): PageVerdict | undefined {
  if (/\{[{%]/.test(body))
    return {
      kind: 'left out',
      why: `left out: a page made with ${language} code, which Folio does not run (write it again in Markdown as content/pages/${page.name}.md; HTML without the code can stay as it is)`,
    };
  if (/<!doctype\s+html|<html[\s>]|<head[\s>]/i.test(body))
    return {
      kind: 'left out',
      why: `left out: a whole HTML document, with a head of its own (to publish it as it was, copy the page the blog built into static/, at the path it had)`,
    };
  return undefined;
}

/** A theme's page of one tag's or category's posts, at its old URL. */
export interface TermPage {
  readonly kind: 'tag' | 'category';
  readonly name: string;
  readonly oldUrl: string;
}

/** The indexes Folio makes of every post, which a blog's own list pages become. */
export type FolioIndex = 'archives' | 'tags' | 'categories';

// The layouts of a theme's lists that are one of Folio's indexes: Minimal Mistakes' `posts`
// (posts by year), `tags` and `categories`, and the archives of other themes.
const INDEX_LAYOUTS: Readonly<Record<string, FolioIndex>> = {
  archive: 'archives',
  archives: 'archives',
  posts: 'archives',
  tags: 'tags',
  categories: 'categories',
};

/** The front matter and body of a page file, as read. */
export interface PageDocument {
  readonly fields: Readonly<Record<string, unknown>>;
  readonly format: FrontMatterFormat;
  readonly body: string;
}

// Layouts and types whose page a theme fills from the posts: Folio makes each of them itself.
const THEME_PAGES: Readonly<Record<string, string>> = {
  home: "the blog's home page: Folio's is the list of posts",
  archive: 'an archive of posts: Folio makes /archives/',
  archives: 'an archive of posts: Folio makes /archives/',
  posts: 'a list of every post by year: Folio makes /archives/',
  tags: 'the list of tags: Folio makes /tags/',
  tag: 'a tag page: Folio makes one for each tag under /tags/',
  categories: 'the list of categories: Folio makes /categories/',
  category: 'a category page: Folio makes one for each category under /categories/',
  search: 'a search page: Folio makes /search/',
  redirect: 'a redirect, not a page',
  notFound: 'the page for a missing address: Folio makes its own 404 page',
  none: 'written without a layout: the file as it is, not a page',
};

// Liquid that loops over the site's posts, tags or data, or takes them to loop over later
// (`{% assign sorted = site.tags | sort %}`): a page built of it is a theme's list.
const LIQUID_LIST = /\{%-?\s*(?:for\s+\w+\s+in|assign\s+\w+\s*=)\s*(?:site\.|paginator\b)/;
// Nunjucks or Liquid that loops over Eleventy's collections (`{% for post in collections.posts %}`).
const COLLECTION_LIST = /\{%-?\s*for\s+\w+\s+in\s+collections\b/;

// Where blogs keep the page a host shows for a missing address (GitHub Pages and Netlify read
// /404.html).
const NOT_FOUND_PAGE = /\/404(?:\.html?|\/)?$/i;

/** The day a front matter's date names, `YYYY-MM-DD`, as YAML read it or as written. */
function dayOf(date: unknown): string | undefined {
  if (date instanceof Date)
    return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
  return typeof date === 'string' ? /^\d{4}-\d{2}-\d{2}/.exec(date.trim())?.[0] : undefined;
}

/** What a page file of the blog is, and where the blog served it. */
export function judgePage(
  engine: EngineName,
  config: Readonly<Record<string, unknown>>,
  page: SourcePage,
  document: PageDocument,
  site: PageSite,
): PageVerdict {
  const verdict = judgeByEngine(engine, config, page, document, site);
  if (verdict.kind === 'page' && NOT_FOUND_PAGE.test(verdict.oldUrl))
    return { kind: 'theme', why: THEME_PAGES.notFound ?? '' };
  return verdict;
}

/** What judging a page reads of the blog besides the page. */
export interface PageSite {
  readonly urlPrefix: string;
  readonly menu: readonly string[];
  /** The text of the blog's own layout of that name, if it has one. */
  readonly layoutText?: ((layout: string) => string | undefined) | undefined;
  /** The site the blog's engine built, read for the old URLs its code gave pages. */
  readonly built?: BuiltSite | undefined;
  /** How a Hugo blog's Hugo made its paths. */
  readonly hugoPaths: HugoPathReading;
  /** Whether the paths an older Hugo made lead on too, where none can tell which Hugo made them. */
  readonly olderHugoPathsToo: boolean;
}

function judgeByEngine(
  engine: EngineName,
  config: Readonly<Record<string, unknown>>,
  page: SourcePage,
  document: PageDocument,
  { urlPrefix, menu, layoutText, built, hugoPaths, olderHugoPathsToo }: PageSite,
): PageVerdict {
  const fields = lowerKeys(document.fields);
  const layout = stringOf(fields.layout)?.toLowerCase();
  const type = stringOf(fields.type)?.toLowerCase();
  if (engine === 'jekyll') {
    // Jekyll renders only files with front matter; the others it copies.
    if (document.format === 'none') return { kind: 'file' };
    const oldUrl = jekyllPageUrl(config, {
      relative: page.relative,
      collection: page.collection,
      fields,
    });
    const theme = themePage(layout) ?? (fields.redirect_to ? THEME_PAGES.redirect : undefined);
    if (theme) {
      const name = layout !== undefined ? INDEX_LAYOUTS[layout] : undefined;
      return {
        kind: 'theme',
        why: `its layout is ${layout ?? 'redirect'}: ${theme}`,
        index: name ? { name, oldUrl } : undefined,
      };
    }
    if (LIQUID_LIST.test(document.body))
      return {
        kind: 'theme',
        why: 'Liquid builds it from the site (`{% for … in site… %}`): Folio makes its own lists of posts (write the rest as a page under content/pages/)',
      };
    // A page of front matter alone whose layout lists the site: a theme's page of one tag's
    // posts (`layout: tagpage` with `tag: gan`), or another list its layout makes.
    if (
      layout !== undefined &&
      document.body.trim() === '' &&
      LIQUID_LIST.test(layoutText?.(layout) ?? '')
    ) {
      const tag = stringOf(fields.tag);
      const category = stringOf(fields.category);
      const term: TermPage | undefined =
        tag !== undefined
          ? { kind: 'tag', name: tag, oldUrl }
          : category !== undefined
            ? { kind: 'category', name: category, oldUrl }
            : undefined;
      return {
        kind: 'theme',
        why: term
          ? `its layout ${layout} lists the posts of the ${term.kind} ${term.name}: Folio makes that list, and the old URL leads to it`
          : `its layout ${layout} builds it from the site (\`{% for … in site… %}\`): Folio makes its own lists of posts`,
        term,
      };
    }
    if (page.html) {
      const leftOut = htmlPageLeftOut(page, document.body, 'Liquid');
      if (leftOut) return leftOut;
    }
    return {
      kind: 'page',
      oldUrl,
      draft: fields.published === false || fields.published === 'false',
      navOrder: jekyllNavOrder(config, page, fields) ?? menuOrder(menu, oldUrl),
    };
  }
  if (engine === 'eleventy' && page.eleventy) {
    if (fields.permalink === false || fields.permalink === 'false')
      return { kind: 'theme', why: 'permalink: false: Eleventy published no page of it' };
    if (page.html) {
      const language = page.eleventy.language ?? 'a template language';
      if (page.eleventy.post)
        return {
          kind: 'left out',
          why: `left out: a post written in ${language}, where Folio reads posts written in Markdown (write it again as content/posts/${page.name}.md; its HTML can stay as it is)`,
        };
      const leftOut = htmlPageLeftOut(page, document.body, language);
      if (leftOut) return leftOut;
      // A page its layout makes whole from its data (a redirect to `target`, a gallery).
      if (document.body.trim() === '')
        return {
          kind: 'left out',
          why: `left out: it has no text of its own, only what its layout ${stringOf(fields.layout) ?? ''} made of its data`,
        };
    }
    if (COLLECTION_LIST.test(document.body))
      return {
        kind: 'theme',
        why: "its template lists the site's collections (`{% for … in collections… %}`): Folio makes its own lists of posts (write the rest as a page under content/pages/)",
      };
    const reading = eleventyUrl(eleventyProjectOf(config), page.eleventy, fields, 0);
    const title = stringOf(fields.title);
    // A permalink worked out by code: the page the engine built says where it was.
    const oldUrl =
      'url' in reading
        ? reading.url
        : ((title === undefined
            ? undefined
            : built?.urlOf({ title, day: dayOf(fields.date), slug: page.name })) ??
          defaultUrl(page.eleventy.inInput));
    const navigation = isRecord(fields.eleventynavigation) ? fields.eleventynavigation : undefined;
    const order = navigation === undefined ? undefined : Number(navigation.order ?? 0);
    return {
      kind: 'page',
      oldUrl,
      draft: fields.draft === true,
      navOrder: order !== undefined && Number.isFinite(order) ? order : menuOrder(menu, oldUrl),
    };
  }
  if (engine === 'hexo') {
    const theme = type === 'tags' || type === 'categories' ? themePage(type) : undefined;
    if (theme) return { kind: 'theme', why: `a page of type: ${type}, ${theme}` };
    // Butterfly's `shuoshuo` or `link`: a page its theme fills from the site's data, empty here.
    if (type !== undefined && document.body.trim() === '') {
      return {
        kind: 'theme',
        why: `a page of type: ${type}, which the theme filled from its data: it has no text to import (write one under content/pages/ if you want the page)`,
      };
    }
    const oldUrl = hexoPageUrl(config, fields, page.inRoot);
    return { kind: 'page', oldUrl, draft: false, navOrder: hexoNavOrder(config, oldUrl) };
  }
  const kind = [layout, type].find((name) => name === 'search' || name?.startsWith('archive'));
  if (kind) return { kind: 'theme', why: `its layout is ${kind}: ${THEME_PAGES[kind]}` };
  if (fields.headless === true)
    return { kind: 'theme', why: 'headless: Hugo published no page of it' };
  const build = isRecord(fields.build)
    ? fields.build
    : isRecord(fields._build)
      ? fields._build
      : {};
  const render = lowerKeys(build).render;
  if (render === 'never' || render === false || render === 'false')
    return {
      kind: 'theme',
      why: `build.render is ${String(render)}: Hugo published no page of it`,
    };
  if (page.inSection === 'list' && document.body.trim() === '') {
    const folder = page.inRoot.replace(/\/[^/]*$/, '');
    // A term's own page (`tags/hugo/`), of a taxonomy Folio makes a page of each term of.
    const [taxonomy = '', term, ...deeper] = folder.split('/');
    const kind = Object.hasOwn(FOLIO_TERM_KINDS, taxonomy) ? FOLIO_TERM_KINDS[taxonomy] : undefined;
    return {
      kind: 'theme',
      why:
        kind !== undefined && term !== undefined && deeper.length === 0
          ? `the page of the ${kind} "${term}", which has no text of its own: Folio makes each ${kind}'s page itself`
          : `the list page of the section ${folder}/, which has no text of its own: Folio makes no list of a section's pages, which are imported as pages`,
    };
  }
  const input: UrlInputs = {
    // A section's list page is at the section's URL, as a page with its files is at its folder's.
    relative: page.inSection === 'list' ? page.inRoot.replace(/[^/]*$/, 'index.md') : page.inRoot,
    fileTitle: page.name,
    fields,
    wall: { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 },
    categories: [],
    bundle: page.assets !== undefined || page.inSection === 'list',
  };
  // A page of a section that `permalinks` names is where the pattern put it (`notes = ":filename"`
  // served `notes/My Note.md` at `/my-note/`); the others are at their folders' paths.
  const [section = '', ...inSection] = page.inRoot.split('/');
  const permalinks = isRecord(config.permalinks) ? config.permalinks : {};
  const urlBy = (rules: HugoPathRules): string => {
    const url =
      page.inSection === 'page' && inSection.length > 0 && typeof permalinks[section] === 'string'
        ? hugoUrl(config, section, { ...input, relative: inSection.join('/') }, rules)
        : hugoUrl(config, '', input, rules);
    // A page's own `url` is from the site's root; the others are under the language's.
    return stringOf(fields.url) !== undefined ? url : `${urlPrefix}${url}`;
  };
  const oldUrl = urlBy(hugoPaths.rules);
  const olderUrl = olderHugoPathsToo ? urlBy('before-0.93') : undefined;
  return {
    kind: 'page',
    oldUrl,
    olderUrl: olderUrl === oldUrl ? undefined : olderUrl,
    draft: fields.draft === true || fields.draft === 'true',
    navOrder: hugoNavOrder(config, fields, oldUrl, urlPrefix),
  };
}

function themePage(name: string | undefined): string | undefined {
  return name !== undefined && Object.hasOwn(THEME_PAGES, name) ? THEME_PAGES[name] : undefined;
}

/**
 * The place of a page in a Jekyll site's menu: minima's `header_pages` lists page files; the
 * theme Chirpy links every document of its `tabs` collection, in their `order`.
 */
function jekyllNavOrder(
  config: Readonly<Record<string, unknown>>,
  page: SourcePage,
  fields: Readonly<Record<string, unknown>>,
): number | undefined {
  const listed = namesOf(config.header_pages, false).indexOf(page.relative);
  if (listed !== -1) return listed + 1;
  if (page.collection !== 'tabs') return undefined;
  const order = Number(fields.order);
  return Number.isInteger(order) ? order : 0;
}

/** The place of the page at `oldUrl` in the links of a theme's main menu, from 1. */
function menuOrder(menu: readonly string[], oldUrl: string): number | undefined {
  const index = menu.findIndex((link) => samePage(link, oldUrl));
  return index === -1 ? undefined : index + 1;
}

/**
 * The links of a Jekyll theme's main menu kept as data, as Minimal Mistakes keeps it in
 * `_data/navigation.yml` (`main: [{ title, url }]`), in their order.
 */
export function jekyllMenu(navigation: unknown): string[] {
  const main = isRecord(navigation) ? navigation.main : undefined;
  if (!Array.isArray(main)) return [];
  return main.flatMap((entry) => {
    const url = isRecord(entry) ? stringOf(entry.url) : undefined;
    return url !== undefined && url.startsWith('/') ? [url] : [];
  });
}

/** The indexes of Folio that a theme's main menu linked, in the menu's order. */
export function menuIndexes(
  menu: readonly string[],
  lists: ReadonlyMap<string, FolioIndex>,
): FolioIndex[] {
  const indexes: FolioIndex[] = [];
  for (const link of menu) {
    const named = [...lists].find(([oldUrl]) => samePage(link, oldUrl))?.[1];
    const own = (['archives', 'tags', 'categories'] as const).find((name) =>
      samePage(link, `/${name}/`),
    );
    const index = named ?? own;
    if (index !== undefined && !indexes.includes(index)) indexes.push(index);
  }
  return indexes;
}

/**
 * The place of a page in a Hexo theme's `menu` (`About: /about/ || fa fa-user`), in the blog's
 * config or its `theme_config`.
 */
function hexoNavOrder(
  config: Readonly<Record<string, unknown>>,
  oldUrl: string,
): number | undefined {
  const themeConfig = isRecord(config.theme_config) ? config.theme_config : {};
  const menu = isRecord(themeConfig.menu) ? themeConfig.menu : config.menu;
  if (!isRecord(menu)) return undefined;
  // A menu's links are written below the blog's `root`, as the pages' old URLs are.
  const links = Object.values(menu).map(
    (value) => (stringOf(value) ?? '').split('||')[0]?.trim() ?? '',
  );
  const index = links.findIndex((link) => samePage(link, oldUrl));
  return index === -1 ? undefined : index + 1;
}

/**
 * The place of a page in Hugo's main menu: `menu: main` (or `menus`) in its front matter, or an
 * entry of `menu.main` in the config whose `url` or `pageRef` is the page; by the entry's weight.
 */
function hugoNavOrder(
  config: Readonly<Record<string, unknown>>,
  fields: Readonly<Record<string, unknown>>,
  oldUrl: string,
  urlPrefix: string,
): number | undefined {
  const own = fields.menu ?? fields.menus;
  if (own === 'main' || (Array.isArray(own) && own.includes('main'))) return 0;
  if (isRecord(own) && own.main !== undefined) {
    const weight = isRecord(own.main) ? Number(lowerKeys(own.main).weight) : 0;
    return Number.isInteger(weight) ? weight : 0;
  }
  const menus = lowerKeys(
    isRecord(config.menu) ? config.menu : isRecord(config.menus) ? config.menus : {},
  );
  const entries = Array.isArray(menus.main) ? (menus.main as unknown[]) : [];
  for (const entry of entries) {
    if (!isRecord(entry)) continue;
    const keys = lowerKeys(entry);
    const link = stringOf(keys.url) ?? stringOf(keys.pageref);
    if (link === undefined) continue;
    const path = link.startsWith('/') ? link : `/${link}`;
    if (samePage(path, oldUrl) || samePage(`${urlPrefix}${path}`, oldUrl)) {
      const weight = Number(keys.weight ?? 0);
      return Number.isInteger(weight) ? weight : 0;
    }
  }
  return undefined;
}

/** Whether a menu's link leads to the page at `url`: `/about`, `/about/` and `/about.md` alike. */
function samePage(link: string, url: string): boolean {
  const key = (path: string): string =>
    (pathKey(path.replace(/(?:index)?\.(?:html?|md)$/i, '')) ?? path)
      .replace(/\/?$/, '/')
      .toLowerCase();
  return link.startsWith('/') && key(link) === key(url);
}
