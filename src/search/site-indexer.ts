// Search: the index of a site made from posts that come in any order — an export's threads render
// batches of pages and finish them in no fixed order — added in the site's order by one builder,
// so that the index is the very one a server makes of the same posts, with no merge.
import { IndexBuilder, type IndexData, type SearchDocument } from './search-index.js';
import { type DocumentEntry, ENTRIES_PER_FILE, entryFile } from './shards.js';

/** A post as its page was rendered: its number in the site, what is searched, what is shown. */
export interface RenderedPost {
  readonly number: number;
  readonly document: SearchDocument;
  readonly entry: DocumentEntry;
}

/** A file of a static site's search, by its URL path. */
export interface SearchFile {
  readonly path: string;
  readonly content: string | Uint8Array;
}

export class SiteIndexer {
  readonly #count: number;
  readonly #builder = new IndexBuilder();
  // Posts that came before those ahead of them in the site, by number.
  readonly #waiting = new Map<number, RenderedPost>();
  #next = 0;
  // The entries of the file being filled, and the paths of the files filled.
  #entries: DocumentEntry[] = [];
  readonly #entryPaths: string[] = [];

  /** An indexer of the site's `count` posts, numbered from 0. */
  constructor(count: number) {
    this.#count = count;
  }

  /**
   * Takes rendered posts and indexes every post whose turn has come: answers the files of
   * entries that those posts filled, to be written now rather than at the end.
   */
  add(posts: readonly RenderedPost[]): SearchFile[] {
    for (const post of posts) {
      const { number } = post;
      const due = Number.isInteger(number) && number >= this.#next && number < this.#count;
      if (!due || this.#waiting.has(number)) {
        throw new Error(`post ${number} is not one of the site's posts yet to index`);
      }
      this.#waiting.set(number, post);
    }
    const filled: SearchFile[] = [];
    for (let post = this.#waiting.get(this.#next); post; post = this.#waiting.get(this.#next)) {
      this.#waiting.delete(this.#next++);
      this.#builder.add(post.document);
      this.#entries.push(post.entry);
      if (this.#entries.length === ENTRIES_PER_FILE) filled.push(this.#fileEntries());
    }
    return filled;
  }

  /**
   * The index of every post, and the last file of entries if one is not yet full. Every post
   * must have come.
   */
  finish(): { readonly data: IndexData; readonly files: SearchFile[]; readonly entries: string[] } {
    if (this.#next !== this.#count) {
      const missing = this.#count - this.#next - this.#waiting.size;
      throw new Error(`${missing} of the site's posts never came to be indexed`);
    }
    const files = this.#entries.length > 0 ? [this.#fileEntries()] : [];
    return { data: this.#builder.finish(), files, entries: [...this.#entryPaths] };
  }

  #fileEntries(): SearchFile {
    const file = entryFile(this.#entries, this.#entryPaths.length);
    this.#entryPaths.push(file.path);
    this.#entries = [];
    return file;
  }
}
