// URL paths: the rules of the config's `permalink` pattern, and the one spelling every path an
// author writes (a post's `url`, an alias, a redirect) is linked and matched in (pure).

export const DEFAULT_PERMALINK = '/posts/:slug/';
export const PERMALINK_TOKENS = ['year', 'month', 'day', 'slug', 'category'] as const;

export const PERMALINK_TOKEN = /:([A-Za-z_]+)/g;
// Characters a pattern cannot carry as written: they would end the path, or be read as something else.
const UNSAFE_IN_PATTERN = /[\s?#\\"<>|^`{}[\]\p{Cc}\p{Cf}\p{Cs}]/u;
// In a path an author writes, a query or fragment would never match a request's path.
const UNSAFE_IN_WRITTEN_PATH = /[?#\\\p{Cc}\p{Cs}]/u;
// The files Folio writes at the site's root, whatever the site holds.
export const FEED_PATH = '/feed.xml';
export const ATOM_PATH = '/atom.xml';
export const JSON_FEED_PATH = '/feed.json';
export const SITEMAP_PATH = '/sitemap.xml';
export const ROBOTS_PATH = '/robots.txt';
export const NOT_FOUND_PATH = '/404.html';
export const REDIRECTS_PATH = '/_redirects';
export const ROOT_FILE_PATHS = [
  FEED_PATH,
  ATOM_PATH,
  JSON_FEED_PATH,
  SITEMAP_PATH,
  ROBOTS_PATH,
  NOT_FOUND_PATH,
  REDIRECTS_PATH,
] as const;

// Segments of URLs Folio's own pages live under: a post there would shadow them, or they it.
export const RESERVED_SECTIONS = [
  'page',
  'categories',
  'tags',
  'archives',
  'series',
  'search',
  'assets',
] as const;

/** What is wrong with a permalink pattern, or undefined when it can name every post. */
export function permalinkProblem(pattern: string): string | undefined {
  if (!pattern.startsWith('/') || !pattern.endsWith('/')) {
    return 'must start and end with /, e.g. /:year/:month/:slug/';
  }
  if (UNSAFE_IN_PATTERN.test(pattern) || pattern.includes('%')) {
    return 'must hold only letters, digits, -, _, ., / and the tokens';
  }
  const unknown = [...pattern.matchAll(PERMALINK_TOKEN)]
    .map((match) => match[1] ?? '')
    .filter((token) => !(PERMALINK_TOKENS as readonly string[]).includes(token));
  if (unknown.length > 0) {
    return `has the unknown token :${unknown[0]}; the tokens are ${PERMALINK_TOKENS.map((t) => `:${t}`).join(', ')}`;
  }
  if (!pattern.includes(':slug')) return 'must hold :slug, so that every post has a URL of its own';
  const first = pattern.split('/')[1] ?? '';
  if ((RESERVED_SECTIONS as readonly string[]).includes(first)) {
    return `must not start with /${first}/, where Folio's own pages are`;
  }
  if (pattern.split('/').some((segment) => segment === '.' || segment === '..')) {
    return 'must not hold . or .. as a segment';
  }
  return undefined;
}

/**
 * A path an author wrote (`url`, an alias, a redirect) as pages link it: each segment decoded
 * and encoded again, so that `/한글/` and `/%ED%95%9C%EA%B8%80/` are one path. Undefined when it
 * is no path of this site.
 */
export function normalizeSitePath(written: string): string | undefined {
  const path = written.trim();
  if (!path.startsWith('/') || path.startsWith('//') || UNSAFE_IN_WRITTEN_PATH.test(path))
    return undefined;
  const key = pathKey(path);
  if (key === undefined) return undefined;
  const segments = key.split('/');
  if (segments.some((segment) => segment === '.' || segment === '..')) return undefined;
  return segments.map(encodeURIComponent).join('/');
}

const PLAIN_PATH = /^[\x20-\x24\x26-\x7e]*$/;

/**
 * An old path as the folder it names, when its last segment names no file: `/old` → `/old/`,
 * while `/old.html` stays. Hugo wrote every alias as a folder's page, and hosts answer `/old` and
 * `/old/` alike with one; a page written at `old`, a file without an extension, answers neither
 * on most, and cannot stand beside a folder of the same name.
 */
export function folderForm(path: string): string {
  if (path.endsWith('/')) return path;
  return path.slice(path.lastIndexOf('/') + 1).includes('.') ? path : `${path}/`;
}

/**
 * The form paths are matched in: percent-encoding decoded, Unicode in NFC, as requests are
 * decoded. Undefined when the encoding is broken.
 */
export function pathKey(path: string): string | undefined {
  // Most paths are printable ASCII without a `%`, which decoding and NFC leave as they are.
  if (PLAIN_PATH.test(path)) return path;
  try {
    return path
      .split('/')
      .map((segment) => decodeURIComponent(segment).normalize('NFC'))
      .join('/');
  } catch {
    return undefined;
  }
}

/**
 * The file a static export writes the page at `path` to, from its root and `/`-separated, decoded
 * as `pathKey` decodes: `/a/b/` → `a/b/index.html`, `/old.html` → `old.html`.
 */
export function exportFileOf(path: string): string {
  const decoded = pathKey(path) ?? path;
  return `${decoded.slice(1)}${decoded.endsWith('/') ? 'index.html' : ''}`;
}
