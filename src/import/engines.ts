// Import: what Jekyll, Hexo and Hugo each do with a blog's files — where posts are, which files
// are published as they are, what a post's URL was — as each engine's documentation gives it.
import type { Locale } from '../config/schema.js';
import slugize from 'hexo-util/dist/slugize.js';
import { escapeRegExp } from '../text/escape-reg-exp.js';
import { isRecord, stringOf } from './foreign-document.js';

/** What a post's old URL is computed from. */
export interface UrlInputs {
  /** Path of the post file relative to the engine's posts folder, `/`-separated. */
  readonly relative: string;
  /** The file name without its date prefix (Jekyll) and extension: the engine's default slug. */
  readonly fileTitle: string;
  readonly fields: Readonly<Record<string, unknown>>;
  /** The post's date on the site's wall clock. */
  readonly wall: {
    year: number;
    month: number;
    day: number;
    hour: number;
    minute: number;
    second: number;
  };
  /** Categories in the engine's order (Jekyll: folders first). */
  readonly categories: readonly string[];
  /** Whether the post is a folder's `index.md` (a Hugo leaf bundle). */
  readonly bundle: boolean;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** The day of a post's wall-clock date, `YYYY-MM-DD`. */
export function wallDay(wall: UrlInputs['wall']): string {
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** The date tokens Jekyll and Hexo share, of a post's wall-clock date. */
function dateTokens(wall: UrlInputs['wall']): Record<string, string> {
  return {
    year: String(wall.year),
    month: pad(wall.month),
    i_month: String(wall.month),
    day: pad(wall.day),
    i_day: String(wall.day),
    hour: pad(wall.hour),
    minute: pad(wall.minute),
    second: pad(wall.second),
  };
}

/** Jekyll's `slugify` in its `pretty` mode, keeping case when `cased`. */
export function jekyllSlug(text: string, cased: boolean): string {
  const slug = text.replace(/[^\p{L}\p{N}._~!$&'()+,;=@]+/gu, '-').replace(/^-+|-+$/g, '');
  return cased ? slug : slug.toLowerCase();
}

/**
 * Hexo's `slugize`, Hexo's own: accents taken off Latin letters, a separator for each run of
 * spaces and ASCII signs, other scripts and their signs (`，`, `：`) kept; case kept or, as the
 * slug of a tag or category is made, changed by the blog's `filename_case` (1 lower, 2 upper).
 */
export function hexoSlug(text: string, filenameCase?: unknown): string {
  const transform = Number(filenameCase);
  return slugize(text, transform === 1 || transform === 2 ? { transform } : {});
}

/**
 * How Hugo made a path of a name. Before 0.93 a run of hyphens and white space became one hyphen
 * (`a -- b` was `a-b`); since, a hyphen written is kept (`a--b`), and white space becomes one
 * only where no hyphen comes before it.
 */
export type HugoPathRules = 'before-0.93' | 'since-0.93';

/** Hugo's `urlize` of a title: its path sanitized (see `hugoPath`), lower-case. */
export function hugoSlug(text: string, rules: HugoPathRules): string {
  return hugoPath(text.trim(), rules).toLowerCase();
}

// What Hugo keeps of a path: letters, digits, marks, a few ASCII signs and percent-escapes.
const HUGO_PATH_KEPT = /[\p{L}\p{N}\p{M}./\\_#+~@]|%[0-9a-f]{2}/iuy;

/**
 * A path as Hugo writes it (its `UnicodeSanitize`): every character but those `HUGO_PATH_KEPT`
 * names and hyphens is dropped — `2019，以及毕业之前` is `2019以及毕业之前` — and white space
 * between the characters kept becomes a hyphen. Before 0.93 a run of hyphens and white space
 * became one `-`, none at the start or the end: `踟蹰-——-CSP` was `踟蹰-CSP`. Since, each hyphen
 * is kept where it stands and white space after one adds none: `踟蹰--CSP`, `a---b` for
 * `a --- b`.
 */
export function hugoPath(text: string, rules: HugoPathRules): string {
  const hyphensKept = rules === 'since-0.93';
  let path = '';
  let hyphen = false;
  let lastKeptHyphen = false;
  for (let at = 0; at < text.length;) {
    HUGO_PATH_KEPT.lastIndex = at;
    const kept =
      HUGO_PATH_KEPT.exec(text)?.[0] ?? (hyphensKept && text[at] === '-' ? '-' : undefined);
    if (kept !== undefined) {
      lastKeptHyphen = kept === '-';
      if (hyphen && !lastKeptHyphen) path += '-';
      hyphen = false;
      path += kept;
      at += kept.length;
      continue;
    }
    const char = String.fromCodePoint(text.codePointAt(at) ?? 0);
    const space = /\s/u.test(char);
    if (path !== '' && (hyphensKept ? space && !lastKeptHyphen : space || char === '-'))
      hyphen = true;
    at += char.length;
  }
  return path;
}

const JEKYLL_STYLES: Record<string, string> = {
  date: '/:categories/:year/:month/:day/:title:output_ext',
  pretty: '/:categories/:year/:month/:day/:title/',
  ordinal: '/:categories/:year/:y_day/:title:output_ext',
  weekdate: '/:categories/:year/W:week/:short_day/:title:output_ext',
  none: '/:categories/:title:output_ext',
};

/**
 * The permalink pattern Jekyll gives a post of these front matter `fields` (with the config's
 * `defaults`, see `withJekyllDefaults`): its own, else the config's.
 */
export function jekyllPattern(
  config: Readonly<Record<string, unknown>>,
  fields: Readonly<Record<string, unknown>>,
): string {
  const pattern =
    stringOf(fields.permalink) ??
    (typeof config.permalink === 'string' ? config.permalink : 'date');
  return JEKYLL_STYLES[pattern] ?? pattern;
}

/**
 * The folder a Jekyll post's relative images are under, from its front matter `fields` (with the
 * config's `defaults`): Chirpy's `media_subpath` (`img_path` before its version 7).
 */
export function jekyllMediaPath(fields: Readonly<Record<string, unknown>>): string | undefined {
  for (const key of ['media_subpath', 'img_path']) {
    const value = fields[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

/**
 * The front matter Jekyll reads for a file of `type` (`posts`, `pages`, or a collection's name) at
 * `path` from the site's folder: its own `fields` over what the config's `defaults` give it. Of
 * the scopes that fit the file, one of a longer path goes over one of a shorter, one that names
 * the type over one of the same path that does not, and a later over an earlier, as in Jekyll's
 * `FrontmatterDefaults`. A scope's path fits the paths it begins, and its `*` stands for any part
 * of one folder's name.
 */
export function withJekyllDefaults(
  config: Readonly<Record<string, unknown>>,
  type: string,
  path: string,
  fields: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const entries: unknown[] = Array.isArray(config.defaults) ? config.defaults : [];
  const fitting = entries.flatMap((entry, order) => {
    if (!isRecord(entry) || !isRecord(entry.scope) || !isRecord(entry.values)) return [];
    const { scope, values } = entry;
    const scopePath = typeof scope.path === 'string' ? scope.path.replace(/^\.?\/+/, '') : '';
    const typed = scope.type !== undefined;
    if (typed && scope.type !== type) return [];
    if (!scopePathFits(scopePath, path)) return [];
    return [{ values, length: scopePath.length, typed, order }];
  });
  fitting.sort(
    (a, b) => a.length - b.length || Number(a.typed) - Number(b.typed) || a.order - b.order,
  );
  return Object.assign({}, ...fitting.map(({ values }) => values), fields) as Record<
    string,
    unknown
  >;
}

function scopePathFits(scopePath: string, path: string): boolean {
  if (!scopePath.includes('*')) return path.startsWith(scopePath);
  const pattern = scopePath.split('*').map(escapeRegExp).join('[^/]*');
  return new RegExp(`^${pattern}`).test(path);
}

/** A page of a Jekyll site, or a document of one of its collections published as a page. */
export interface JekyllPage {
  /** Its path from the site's folder, `/`-separated: `about.md`, `_tabs/about.md`. */
  readonly relative: string;
  /** The collection it is in (`tabs` for `_tabs/`), or nothing for a page. */
  readonly collection: string | undefined;
  readonly fields: Readonly<Record<string, unknown>>;
}

/**
 * The URL Jekyll gives a page: its own `permalink`, else the config's `defaults`, else the
 * collection's `permalink`, else Jekyll's own: `/about/` for `about/index.md`, and for `about.md`
 * `/about/` when the site's permalink style ends with a slash, `/about.html` when it ends with the
 * extension (the default), `/about` (written as `about.html`) otherwise.
 */
export function jekyllPageUrl(config: Readonly<Record<string, unknown>>, page: JekyllPage): string {
  const { collection, fields } = page;
  const name = page.relative.split('/').pop() ?? '';
  const basename = name.replace(/\.[^.]*$/, '');
  const folder = page.relative.split('/').slice(0, -1);
  const inCollection = collection ? folder.slice(1) : folder;
  const collections = isRecord(config.collections) ? config.collections : {};
  const settings = collection ? collections[collection] : undefined;
  const style = typeof config.permalink === 'string' ? config.permalink : 'date';
  const { permalink } = withJekyllDefaults(config, collection ?? 'pages', page.relative, fields);
  const own =
    typeof permalink === 'string'
      ? permalink
      : isRecord(settings) && typeof settings.permalink === 'string'
        ? settings.permalink
        : undefined;
  let template: string;
  if (own !== undefined) template = own;
  else if (collection) template = '/:collection/:path:output_ext';
  else if (basename === 'index') template = '/:path/';
  else if (style === 'pretty' || (!JEKYLL_STYLES[style] && style.endsWith('/')))
    template = '/:path/:basename/';
  else if (JEKYLL_STYLES[style] || style.endsWith(':output_ext'))
    template = '/:path/:basename:output_ext';
  else template = '/:path/:basename';
  const slug = stringOf(fields.slug) ?? basename;
  const values: Record<string, string> = {
    path: collection ? [...inCollection, basename].join('/') : folder.join('/'),
    basename,
    name: basename,
    output_ext: '.html',
    collection: collection ?? '',
    title: jekyllSlug(slug, true),
    slug: jekyllSlug(slug, false),
  };
  const filled = template.replace(/:(\w+)/g, (token, key: string) => values[key] ?? token);
  return `/${filled}`.replace(/\/{2,}/g, '/');
}

/**
 * The URL Hexo gives a page of `source/` (`relative` inside it), read from the site's root as
 * Folio keeps paths — Hexo's `root` is the path of its `url`, which the imported `url` keeps:
 * `about/index.md` is `/about/`,
 * `about.md` `/about.html`; a `permalink` of its own replaces the path.
 */
export function hexoPageUrl(
  config: Readonly<Record<string, unknown>>,
  fields: Readonly<Record<string, unknown>>,
  relative: string,
): string {
  let path =
    stringOf(fields.permalink)?.replace(/^\//, '') ?? relative.replace(/\.[^./]*$/, '.html');
  if (path === '' || path.endsWith('/')) path += 'index.html';
  else if (!/\.[^./]+$/.test(path)) path += '.html';
  return `/${path}`.replace(/\/{2,}/g, '/').replace(/(^|\/)index\.html$/, '$1');
}

export function jekyllUrl(pattern: string, input: UrlInputs): string {
  const { wall } = input;
  const slug = stringOf(input.fields.slug) ?? input.fileTitle;
  const values: Record<string, string> = {
    ...dateTokens(wall),
    short_year: String(wall.year).slice(2),
    title: jekyllSlug(slug, true),
    slug: jekyllSlug(slug, false),
    categories: [...new Set(input.categories.map((c) => c.toLowerCase()))].join('/'),
    output_ext: '.html',
    y_day: String(dayOfYear(wall)).padStart(3, '0'),
  };
  const filled = pattern.replace(/:(\w+)/g, (token, name: string) => values[name] ?? token);
  // As Jekyll cleans every URL: `..` a slash (`Traceback..` ends its folder), `./` gone.
  return `/${filled}`
    .replaceAll('..', '/')
    .replaceAll('./', '')
    .replace(/\/{2,}/g, '/');
}

function dayOfYear({ year, month, day }: { year: number; month: number; day: number }): number {
  return Math.round((Date.UTC(year, month - 1, day) - Date.UTC(year, 0, 1)) / 86_400_000) + 1;
}

/**
 * How Hexo reads a post file's name by the config's `new_post_name` (`:year-:month-:day-:title.md`):
 * the title, and the date when the name has one; undefined for a name that does not fit. None at
 * all when the pattern holds no more than the title.
 */
export function hexoFileNames(
  config: Readonly<Record<string, unknown>>,
):
  | ((name: string) => { readonly title: string; readonly date: string | undefined } | undefined)
  | undefined {
  const pattern = typeof config.new_post_name === 'string' ? config.new_post_name : ':title.md';
  const body = pattern.replace(/\.(?:md|markdown)$/i, '');
  if (!/:title\b/.test(body) || body === ':title') return undefined;
  const source = escapeRegExp(body).replace(/:(\w+)/g, (_, token: string) => {
    const part = HEXO_NAME_TOKENS[token];
    return part ? `(?<${token}>${part})` : '[^/]+?';
  });
  const names = new RegExp(`^${source}$`);
  return (name) => {
    const groups = names.exec(name.replace(/\.(?:md|markdown)$/i, ''))?.groups;
    if (!groups?.title) return undefined;
    const { year } = groups;
    const month = groups.month ?? groups.i_month;
    const day = groups.day ?? groups.i_day;
    return {
      title: groups.title,
      date: year && month && day ? `${year}-${month}-${day}` : undefined,
    };
  };
}

// The tokens of `new_post_name` that a file's name is read by.
const HEXO_NAME_TOKENS: Readonly<Record<string, string>> = {
  year: '\\d{4}',
  month: '\\d{2}',
  i_month: '\\d{1,2}',
  day: '\\d{2}',
  i_day: '\\d{1,2}',
  title: '.+',
};

/**
 * The URL Hexo gave a post by the blog's `permalink`, read from the site's root (below `root`),
 * as Folio keeps paths; or, where the post has no value for one of its names (`:abbrlink`, which
 * a plugin writes into the front matter), that name.
 */
export function hexoUrl(
  config: Readonly<Record<string, unknown>>,
  input: UrlInputs,
): string | { readonly missing: string } {
  const pattern =
    stringOf(input.fields.permalink) ??
    (typeof config.permalink === 'string' ? config.permalink : ':year/:month/:day/:title/');
  const { wall } = input;
  // The file's name, its folder too, less what `new_post_name` put before the title (a date).
  const title = stringOf(input.fields.slug) ?? input.fileTitle;
  const categoryMap = isRecord(config.category_map) ? config.category_map : {};
  const categorySlug = (name: string): string =>
    hexoSlug(
      typeof categoryMap[name] === 'string' ? categoryMap[name] : name,
      config.filename_case,
    );
  const defaultCategory =
    typeof config.default_category === 'string' ? config.default_category : 'uncategorized';
  const values: Record<string, string> = {
    ...dateTokens(wall),
    title,
    name: title.split('/').pop() ?? title,
    post_title: hexoSlug(stringOf(input.fields.title) ?? title),
    category:
      input.categories.length > 0 ? input.categories.map(categorySlug).join('/') : defaultCategory,
  };
  let missing: string | undefined;
  const filled = pattern.replace(/:(\w+)/g, (token, name: string) => {
    const fromFields = input.fields[name];
    const value =
      values[name] ??
      (typeof fromFields === 'string' || typeof fromFields === 'number'
        ? String(fromFields)
        : undefined);
    missing ??= value === undefined ? token : undefined;
    return value ?? token;
  });
  return missing !== undefined ? { missing } : `/${filled}`.replace(/\/{2,}/g, '/');
}

export function hugoUrl(
  config: Readonly<Record<string, unknown>>,
  section: string,
  input: UrlInputs,
  rules: HugoPathRules,
): string {
  const own = stringOf(input.fields.url);
  if (own !== undefined && own.trim() !== '') {
    const path = own.startsWith('/') ? own : `/${own}`;
    return path.endsWith('/') || /\.[a-z0-9]+$/i.test(path) ? path : `${path}/`;
  }
  const lower = config.disablePathToLower !== true;
  const slug = stringOf(input.fields.slug);
  const title = stringOf(input.fields.title) ?? input.fileTitle;
  const permalinks = isRecord(config.permalinks) ? config.permalinks : {};
  const pattern =
    permalinks[section] ?? (isRecord(permalinks.page) ? permalinks.page[section] : undefined);
  const { wall } = input;
  if (typeof pattern === 'string') {
    const values: Record<string, string> = {
      year: String(wall.year),
      month: pad(wall.month),
      day: pad(wall.day),
      section,
      // Every section down to the page's own, the first included: `cn/kids`.
      sections: [section, ...input.relative.split('/').slice(0, input.bundle ? -2 : -1)].join('/'),
      title: hugoSlug(title, rules),
      slug: hugoSlug(slug || title, rules),
      filename: input.fileTitle,
      slugorfilename: slug ? hugoSlug(slug, rules) : input.fileTitle,
      // Hugo 0.144's names for the last two: a bundle's folder, or the file's name.
      contentbasename: input.fileTitle,
      slugorcontentbasename: slug ? hugoSlug(slug, rules) : input.fileTitle,
    };
    const filled = pattern.replace(/:(\w+)/g, (token, name: string) => values[name] ?? token);
    // Hugo lower-cases the path a pattern gives, as it does the others, and makes a page of it
    // a folder (`:filename` is `/my-note/`) unless it names a file. Since 0.93 it also reads each
    // `+` of the path as a space, as a query is read, and sanitizes it again: `C++ tips` is
    // `c-tips`, `a + b` is `a--b`.
    const once = hugoPath(`/${filled}`.replace(/\/{2,}/g, '/'), rules);
    const path = rules === 'since-0.93' ? hugoPath(once.replaceAll('+', ' '), rules) : once;
    const folder = path.endsWith('/') || /\.[a-z0-9]+$/i.test(path) ? path : `${path}/`;
    return hugoServed(config, section, lower ? folder.toLowerCase() : folder);
  }
  const folders = input.relative.split('/').slice(0, input.bundle ? -2 : -1);
  const path = hugoPath(
    `/${[section, ...folders, slug ?? input.fileTitle].join('/')}/`.replace(/\/{2,}/g, '/'),
    rules,
  );
  return hugoServed(config, section, lower ? path.toLowerCase() : path);
}

/**
 * The path of the list of the section at `folders` under the content folder (`posts/Life Notes`)
 * as Hugo made it, before `hugoServed`: `/posts/life-notes/`, in lower case unless
 * `disablePathToLower`.
 */
export function hugoSectionPath(
  config: Readonly<Record<string, unknown>>,
  folders: string,
  rules: HugoPathRules,
): string {
  const path = hugoPath(`/${folders}/`, rules);
  return config.disablePathToLower === true ? path : path.toLowerCase();
}

/**
 * The path Hugo served a page of `section` (a section of posts, a taxonomy) at: with `uglyURLs`,
 * for every section or by its name, a file, `/posts/a.html` for `/posts/a/`.
 */
export function hugoServed(
  config: Readonly<Record<string, unknown>>,
  section: string,
  path: string,
): string {
  const { uglyURLs } = config;
  const ugly = uglyURLs === true || (isRecord(uglyURLs) && uglyURLs[section] === true);
  return ugly && path.length > 1 && path.endsWith('/') ? `${path.slice(0, -1)}.html` : path;
}

/**
 * The Folio permalink patterns that may give the engine's URLs, as the engine's pattern reads
 * first; for a pattern with categories, also without them (Jekyll's `pretty` and `date` styles
 * put a post with none at `/2015/05/21/title/`), and with Folio's one category in their place.
 */
export function folioPatterns(enginePattern: string | undefined): string[] {
  if (enginePattern === undefined) return [];
  const categories = /:categor(?:y|ies)\b/g;
  const readings = [enginePattern];
  if (enginePattern.search(categories) !== -1) {
    readings.push(enginePattern.replace(categories, ''));
    readings.push(enginePattern.replace(categories, ':category'));
  }
  const patterns = readings.map(folioPattern).filter((pattern) => pattern !== undefined);
  return [...new Set(patterns)];
}

/** A Folio permalink pattern that gives the engine's URLs, when the engine's pattern has one. */
export function folioPattern(enginePattern: string | undefined): string | undefined {
  if (enginePattern === undefined) return undefined;
  let pattern = `/${enginePattern}`.replace(/\/{2,}/g, '/').replace(/(?::output_ext|\.html)$/, '');
  if (!pattern.endsWith('/')) pattern += '/';
  const tokens: Record<string, string> = {
    year: ':year',
    month: ':month',
    day: ':day',
    title: ':slug',
    slug: ':slug',
    filename: ':slug',
    slugorfilename: ':slug',
    contentbasename: ':slug',
    slugorcontentbasename: ':slug',
    name: ':slug',
    category: ':category',
  };
  let fits = true;
  const folio = pattern.replace(/:(\w+)/g, (_, name: string) => {
    const token = tokens[name];
    if (!token) fits = false;
    return token ?? '';
  });
  return fits && folio.includes(':slug') ? folio : undefined;
}

/** The language of a blog's config as one of Folio's UI languages. */
export function localeOf(language: unknown): Locale | undefined {
  const text: unknown = Array.isArray(language) ? (language as unknown[])[0] : language;
  if (typeof text !== 'string') return undefined;
  const code = text.toLowerCase();
  if (code.startsWith('ko')) return 'ko';
  if (code.startsWith('ja')) return 'ja';
  // Taiwan, Hong Kong and Macau write Traditional characters, as `zh-Hant` says outright.
  if (/^zh[-_](?:tw|hk|mo|hant)/.test(code)) return 'zh-Hant';
  if (code.startsWith('zh')) return 'zh-Hans';
  if (code.startsWith('en')) return 'en';
  return undefined;
}

/** Categories and tags as each engine lets them be written: lists, nested lists, strings. */
export function namesOf(value: unknown, splitSpaces: boolean): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.flatMap((item) => namesOf(item, false));
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (typeof value !== 'string') return [];
  const text = value.trim();
  if (text === '') return [];
  if (text.includes(','))
    return text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return splitSpaces ? text.split(/\s+/) : [text];
}
