// Deliver: the state requests are answered from — one version of the site as it is shown, and
// everything made from it for requests, which is emptied at once whenever either changes.
import { Memo } from '../../memo/memo.js';
import type { BodyParts, MarkdownDocument, Post } from '../../content/post.js';
import type { Site } from '../../site/build-site.js';
import type { AuthoringOverlay } from '../../views/context.js';
import { CompressedForms } from './compression.js';
import { RememberedAnswers } from './remembered-answers.js';
import type { Document } from './resource.js';
import type { SiteSearchIndex } from './site-search.js';

/** Where the parts of bodies a document shows come from: a body store, on the loading side. */
export interface BodySource {
  parts(shown: {
    readonly excerpts: readonly MarkdownDocument[];
    readonly html: readonly MarkdownDocument[];
    readonly minutes?: readonly MarkdownDocument[];
  }): BodyParts;
  /** The whole text of a body, as search reads it: where snippets come from. */
  searchText(post: Post): string;
}

/** What a document is rendered from. */
export interface SiteView {
  readonly site: Site;
  readonly bodies: BodySource;
  /** What a watching server shows the author over every page. */
  readonly overlay: AuthoringOverlay;
}

/** What the core answers requests from. */
export interface SiteState extends SiteView {
  /** Made from `site` and `overlay`: whoever changes either empties them. */
  readonly caches: PageCaches;
  /** The search index of `site`, made once per version of it. */
  readonly searchIndex: SiteSearchIndex;
}

// Documents are kept by canonical path, so the site bounds how many there are; these bounds are
// only a guard, far above any site's size.
const DOCUMENTS = 1 << 20;
const COMPRESSED_FORMS = 2 * DOCUMENTS;
// Queries are the reader's to choose: what is kept of their answers is bounded by bytes.
const SEARCH_PAGES_BYTES = 4_000_000;
const SEARCH_TEXTS_CHARACTERS = 1_000_000;

/** Everything made from one version of the site for requests, emptied by one `clear()`. */
export class PageCaches {
  /**
   * Rendered documents by canonical path — other spellings of one URL share one copy — and the
   * 404 page; its misses count the documents rendered.
   */
  readonly documents = new Memo<string, Document>('documents', DOCUMENTS);
  /** The theme's stylesheet and icon for the site, by their content-hashed paths. */
  readonly assets = new Memo<Site, ReadonlyMap<string, Document>>('theme assets', 1);
  /** The brotli and gzip forms of documents, made on first demand. */
  readonly compressed = new CompressedForms(COMPRESSED_FORMS);
  /** Whole answers to plain GET and HEAD requests of canonical URLs. */
  readonly answers = new RememberedAnswers();
  /** The posts each document shows anything of, by the key the document is kept under. */
  readonly shows = new Map<string, readonly Post[]>();
  /** Pages of search results, by query and page. */
  readonly searches = new Memo<string, Document>('search pages', SEARCH_PAGES_BYTES, {
    weigh: (_, page) => page.body.length,
  });
  /** The texts of the posts search results show, for their snippets. */
  readonly searchTexts = new Memo<Post, string>('search texts', SEARCH_TEXTS_CHARACTERS, {
    weigh: (_, text) => Math.max(1, text.length),
  });

  /**
   * The caches of the next version of the site when it differs from this one only in new
   * versions of the posts `replaced`, each at the same place in every index: what was made for a
   * document that shows none of them is its bytes still, and is kept with its compressed forms
   * and remembered answers; the rest is made again when asked for.
   */
  carriedOver(replaced: ReadonlySet<Post>): PageCaches {
    const next = new PageCaches();
    for (const [key, document] of this.documents.entries()) {
      const shows = this.shows.get(key);
      if (shows === undefined || shows.some((post) => replaced.has(post))) continue;
      next.documents.set(key, document);
      next.shows.set(key, shows);
      next.compressed.carryOver(this.compressed, document);
      next.answers.carryOver(this.answers, document.path);
    }
    return next;
  }

  clear(): void {
    this.shows.clear();
    this.searches.clear();
    this.searchTexts.clear();
    this.documents.clear();
    this.assets.clear();
    this.compressed.clear();
    this.answers.clear();
  }
}
