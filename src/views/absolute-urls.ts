// Render: site-relative URLs made absolute, for documents read away from the site (feeds).
import { escapeHtml } from './html.js';

/** `/x` → `https://blog.example.com/x`; absolute URLs, fragments and `//host` stay as they are. */
export function absoluteUrl(base: string, path: string): string {
  return path.startsWith('/') && !path.startsWith('//') ? `${base}${path}` : path;
}

// The renderer writes every attribute in double quotes, so this finds each site-relative one.
const RELATIVE_ATTRIBUTE = /\b(href|src)="\/(?!\/)/g;
// A `srcset` names several URLs, each followed by its width, separated by commas.
const SRCSET = /\bsrcset="([^"]*)"/g;

/**
 * Rewrites `href="/…"`, `src="/…"` and the URLs of `srcset` in rendered post HTML to absolute
 * URLs. `base` is text, the site's address: escaped here, it stays inside the attribute whatever
 * it holds.
 */
export function absolutizeHtml(html: string, base: string): string {
  const escaped = escapeHtml(base);
  return html
    .replace(RELATIVE_ATTRIBUTE, (_, attribute: string) => `${attribute}="${escaped}/`)
    .replace(
      SRCSET,
      (_, list: string) =>
        `srcset="${list
          .split(', ')
          .map((candidate) => (/^\/(?!\/)/.test(candidate) ? `${escaped}${candidate}` : candidate))
          .join(', ')}"`,
    );
}
