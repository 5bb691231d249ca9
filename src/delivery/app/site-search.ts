// Deliver: the search index of the version of a site online — made once per version, in the
// background, and handed to every search of that version; an older version's is let go.
import type { Site } from '../../site/build-site.js';
import type { SearchIndex } from '../../search/search-index.js';
import type { SiteView } from './site-state.js';

/**
 * Makes the index of a version's posts, numbered by their place in the site's order; stops, and
 * rejects, once `signal` aborts.
 */
export type IndexMaker = (
  view: Pick<SiteView, 'site' | 'bodies'>,
  signal: AbortSignal,
) => Promise<SearchIndex>;

export class SiteSearchIndex {
  readonly #make: IndexMaker;
  #site: Site | undefined;
  #index: Promise<SearchIndex> | undefined;
  #making = new AbortController();

  constructor(make: IndexMaker) {
    this.#make = make;
  }

  /**
   * The index of the version `view` shows, begun now unless it is under way or made. Beginning
   * another version's stops the one under way: an author saving every second would otherwise
   * start a whole site's indexing each time, each slowing the next, while only the last is wanted.
   * A search that waited for a stopped index gets the one begun in its place.
   */
  of(view: Pick<SiteView, 'site' | 'bodies'>): Promise<SearchIndex> {
    if (view.site !== this.#site || !this.#index) {
      this.#making.abort();
      const making = new AbortController();
      this.#making = making;
      this.#site = view.site;
      const made = this.#make(view, making.signal);
      const index: Promise<SearchIndex> = made.catch((cause: unknown) => {
        if (this.#index === index) this.#index = undefined;
        const instead = this.#index;
        if (making.signal.aborted && instead) return instead;
        throw cause;
      });
      // A failure reaches the search that waits for it; the next asks again.
      index.catch(() => undefined);
      this.#index = index;
    }
    return this.#index;
  }
}
