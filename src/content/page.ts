// Load: a page — About, Now, Uses — written in Markdown under content/pages: no date, no tags.
import type { MarkdownDocument } from './post.js';

/**
 * One page file's front matter, validated. A page is never listed among posts nor in a feed; it
 * has a page of its own at `/<slug>/`, and a link in the top navigation when it asks for one.
 */
export interface Page extends MarkdownDocument {
  /** `slug` from the front matter, or the file name without `.md` (the folder's, for `index.md`). */
  readonly slug: string;
  /** Whether the top navigation links it. */
  readonly nav: boolean;
  /** Its place among the pages the navigation links, smallest first; then by title. */
  readonly order: number;
}

/** The pages the top navigation links, in its order. */
export function navigationPages(pages: readonly Page[]): Page[] {
  return pages
    .filter((page) => page.nav)
    .sort(
      (a, b) => a.order - b.order || compareText(a.title, b.title) || compareText(a.slug, b.slug),
    );
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
