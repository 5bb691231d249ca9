// URL paths: the site's base path — the path of the config's `url`, under which a site such as
// https://jane.github.io/blog/ lives — and the one function that turns a site path into the URL a
// page, a feed or a redirect writes (pure). Inside, every path stays base-less: routes, keys,
// collisions and the links authors write are all read from the site's root.

/**
 * `https://jane.github.io/blog` → `/blog`; a site at the root of its host → `''`. A path written
 * in other scripts is percent-encoded (`/블로그` → `/%EB%B8%94%EB%A1%9C%EA%B7%B8`): the one
 * spelling links carry and browsers send back.
 */
export function basePathOf(siteUrl: string): string {
  return writtenBasePath(siteUrl).replace(/[^\p{ASCII}]+/gu, percentEncoded);
}

/** The path of a site's `url` as the config writes it, without its final slashes. */
export function writtenBasePath(siteUrl: string): string {
  const path = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*([^?#]*)/i.exec(siteUrl)?.[1] ?? '';
  return path.replace(/\/+$/, '');
}

/** Each UTF-8 byte of `text` as `%XX`. */
export function percentEncoded(text: string): string {
  return Array.from(
    new TextEncoder().encode(text),
    (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
  ).join('');
}

/** `https://jane.github.io/blog` → `https://jane.github.io`: the address without its base path. */
export function originOf(siteUrl: string): string {
  return /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i.exec(siteUrl)?.[0] ?? '';
}

/**
 * `/posts/x/` → `/blog/posts/x/` with the base `/blog`, or `https://x.dev/blog/posts/x/` with
 * the site's address: a site path as a document writes it. URLs of other sites, `//host`,
 * fragments, queries and relative paths stay as they are.
 */
export function linkTo(prefix: string, path: string): string {
  return path.startsWith('/') && !path.startsWith('//') ? `${prefix}${path}` : path;
}

/**
 * A request's path, and its query, read from the site's root: `/blog/posts/x/?a` → `/posts/x/?a`
 * under `/blog`. Undefined for a path outside the base; `/blog` alone is outside, since the
 * site's home is `/blog/`.
 */
export function withinBase(base: string, target: string): string | undefined {
  if (base === '') return target;
  if (!target.startsWith(base)) return undefined;
  const rest = target.slice(base.length);
  return rest.startsWith('/') ? rest : undefined;
}

/**
 * Whether a site-relative path an author wrote already carries the base: `/blog/posts/x/` on a
 * site under `/blog`. Such a path is linked as it is, never with the base twice.
 */
export function carriesBase(base: string, path: string): boolean {
  return base !== '' && path.startsWith(base) && /^(?:[/?#]|$)/.test(path.slice(base.length));
}

/** A path an author wrote, read from the site's root: `/blog/posts/x/` → `/posts/x/` under `/blog`. */
export function withoutBase(base: string, path: string): string {
  if (!carriesBase(base, path)) return path;
  const rest = path.slice(base.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/**
 * A `srcset` (`/a.480.avif 480w, /a.800.avif 800w`) with each of its URLs mapped by `link`, its
 * widths kept.
 */
export function mapSrcset(srcset: string, link: (url: string) => string): string {
  return srcset
    .split(', ')
    .map((candidate) => {
      const space = candidate.indexOf(' ');
      return space === -1
        ? link(candidate)
        : link(candidate.slice(0, space)) + candidate.slice(space);
    })
    .join(', ');
}
