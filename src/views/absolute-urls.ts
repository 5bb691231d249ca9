// Render: site-relative URLs with the site's base path, or made absolute, for documents read away
// from the site (feeds).
import { carriesBase, linkTo, mapSrcset } from '../urls/base-path.js';
import { escapeHtml } from './html.js';

/** `/x` → `https://blog.example.com/x`; absolute URLs, fragments and `//host` stay as they are. */
export function absoluteUrl(base: string, path: string): string {
  return linkTo(base, path);
}

// The renderer writes every attribute in double quotes, so this finds each site-relative one.
const RELATIVE_ATTRIBUTE = /\b(href|src)="(\/(?!\/)[^"]*)"/g;
// A `srcset` names several URLs, each followed by its width, separated by commas.
const SRCSET = /\bsrcset="([^"]*)"/g;

/**
 * Rewrites `href="/…"`, `src="/…"` and the paths of `srcset` in rendered body HTML to `origin`
 * followed by the site's `base` path and the path: to the page's URL (an origin of `''`) or an
 * absolute one. A path the author wrote with the base already keeps it, once. Both are text,
 * escaped here: they stay inside the attribute whatever they hold.
 */
export function absolutizeHtml(html: string, origin: string, base = ''): string {
  if (origin === '' && base === '') return html;
  const escapedOrigin = escapeHtml(origin);
  const escapedBase = escapeHtml(base);
  const prefixed = (path: string): string =>
    (carriesBase(escapedBase, path) ? escapedOrigin : escapedOrigin + escapedBase) + path;
  return html
    .replace(
      RELATIVE_ATTRIBUTE,
      (_, attribute: string, path: string) => `${attribute}="${prefixed(path)}"`,
    )
    .replace(
      SRCSET,
      (_, list: string) =>
        `srcset="${mapSrcset(list, (url) => (/^\/(?!\/)/.test(url) ? prefixed(url) : url))}"`,
    );
}
