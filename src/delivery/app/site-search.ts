// Deliver: the search index of the version of a site online — made once per version, in the
// background, and handed to every search of that version; an older version's is let go.
import type { Site } from '../../site/build-site.js';
import type { SearchIndex } from '../../search/search-index.js';
import type { SiteView } from './site-state.js';

/** Makes the index of a version's posts, numbered by their place in the site's order. */
export type IndexMaker = (view: Pick<SiteView, 'site' | 'bodies'>) => Promise<SearchIndex>;

export class SiteSearchIndex {
  readonly #make: IndexMaker;
  #site: Site | undefined;
  #index: Promise<SearchIndex> | undefined;

  constructor(make: IndexMaker) {
    this.#make = make;
  }

  /** The index of the version `view` shows, begun now unless it is under way or made. */
  of(view: Pick<SiteView, 'site' | 'bodies'>): Promise<SearchIndex> {
    if (view.site !== this.#site || !this.#index) {
      this.#site = view.site;
      const index = this.#make(view);
      // A failure reaches the search that waits for it; the next asks again.
      index.catch(() => {
        if (this.#index === index) this.#index = undefined;
      });
      this.#index = index;
    }
    return this.#index;
  }
}
