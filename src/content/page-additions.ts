// Load: what the author adds to every page from files of the site folder — HTML snippets for the
// end of the head and of the footer, and a stylesheet of their own (the shape only; pure).

/** The folder of the site that holds the snippets. */
export const SNIPPETS_DIR = 'snippets';
/** Inserted as written at the end of every page's `<head>`. */
export const HEAD_SNIPPET = 'head.html';
/** Inserted as written at the end of every page's footer. */
export const FOOTER_SNIPPET = 'footer.html';
/** A stylesheet under static/ that every page links after the theme's. */
export const CUSTOM_CSS = 'custom.css';

export interface PageAdditions {
  /** HTML of `snippets/head.html`, trusted as the author's own; empty when there is none. */
  readonly head: string;
  /** HTML of `snippets/footer.html`; empty when there is none. */
  readonly footer: string;
  /**
   * Where pages link `static/custom.css`, with a version that changes with its content (so that
   * a browser that cached it fetches the edit); undefined when there is none.
   */
  readonly customCss: string | undefined;
}

export const NO_ADDITIONS: PageAdditions = { head: '', footer: '', customCss: undefined };
