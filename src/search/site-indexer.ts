// Search: the index of a site joined from the indexes of its batches of posts — an export's
// threads each index the batches of pages they render, and finish them in no fixed order —
// joined in the order search numbers the posts, so that the index is the very one a server
// makes of the same posts.
import {
  completed,
  type IndexData,
  IndexJoiner,
  type IndexSegment,
  type KnownTerms,
  type NumberedSegment,
} from './search-index.js';
import {
  type DocumentEntry,
  entryFile,
  entryFilePosts,
  entryPlace,
  type LastCut,
  type SearchFiles,
  shardingIndex,
} from './shards.js';

/**
 * A batch of posts next to each other in the site, as a thread rendered and indexed them, in the
 * order search numbers them (see `searchNumber`), oldest first.
 */
export interface IndexedBatch {
  /** The search number of the batch's first post, its oldest. */
  readonly first: number;
  /** Its index: named by the numbers of the builder that made it, or by the joiner's. */
  readonly segment: IndexSegment | NumberedSegment;
  /**
   * What a results list shows of each post of the batch, in order; `null` for each post of a file
   * of entries that the last build wrote and the output holds unchanged (see `SiteIndexer`).
   */
  readonly entries: readonly (DocumentEntry | null)[];
  /** The key the batch's segment is kept under for the next build, if it is kept. */
  readonly key?: string | undefined;
  /** The stamp of the file it is kept in, for a segment named by a builder's numbers. */
  readonly stamp?: string | undefined;
}

/** The numbers a joiner gave the terms of a kept batch's segment, with its file's stamp. */
export interface BatchNumbers {
  readonly stamp: string;
  readonly ids: Uint32Array;
}

/**
 * A finished index, and every entry file's path: each file of entries was given out as its last
 * post came, the newest post ending the last.
 */
export interface FinishedIndex {
  readonly data: IndexData;
  readonly entries: string[];
}

/** The files of a finished index, and what the search page tells its script of them. */
export interface FinishedFiles {
  readonly files: SearchFile[];
  readonly search: SearchFiles;
  /** How many terms the index holds. */
  readonly terms: number;
}

/**
 * A file of a static site's search, by its URL path; without content, a file of entries that the
 * output holds as the last build wrote it.
 */
export interface SearchFile {
  readonly path: string;
  readonly content: string | Uint8Array | null;
}

export class SiteIndexer {
  readonly #count: number;
  readonly #joiner: IndexJoiner;
  /**
   * The joiner's numbers of the terms of each kept batch that came named by a builder, with the
   * stamp of the file it is kept in, by its key.
   */
  readonly numbered = new Map<string, BatchNumbers>();
  // Batches that came before those ahead of them in the site, by their first post, with the
  // builder that made each.
  readonly #waiting = new Map<number, { batch: IndexedBatch; builder: number }>();
  #next = 0;
  // The entries of the file being filled, how many posts' entries came, and the path of each file
  // of entries filled, by its number.
  #entries: (DocumentEntry | null)[] = [];
  #entered = 0;
  readonly #entryPaths: string[] = [];
  readonly #keptEntryFiles: ReadonlyMap<number, string>;

  /**
   * An indexer of the site's `count` posts, numbered from the oldest, 0, whose joiner knows the
   * `known` terms by their numbers (see `IndexJoiner`). `keptEntryFiles` holds the paths of the
   * files of entries that the output holds as the last build wrote them, by number: a file whose
   * every post comes with a `null` entry is that one.
   */
  constructor(
    count: number,
    known?: KnownTerms,
    keptEntryFiles: ReadonlyMap<number, string> = new Map(),
  ) {
    this.#count = count;
    this.#joiner = new IndexJoiner(known);
    this.#keptEntryFiles = keptEntryFiles;
  }

  /** Every term the joiner numbered, by its number, once finished (see `IndexJoiner.known`). */
  get known(): KnownTerms {
    return this.#joiner.known;
  }

  /**
   * Takes a batch made by `builder` — each builder's batches in the order of their numbers, as a
   * thread renders them — and joins every batch whose turn has come: answers the files of
   * entries that their posts filled, to be written now rather than at the end.
   */
  add(batch: IndexedBatch, builder = 0): SearchFile[] {
    const { first, segment, entries } = batch;
    const end = first + segment.documentCount;
    const due = Number.isInteger(first) && first >= this.#next && end <= this.#count;
    if (!due || this.#waiting.has(first) || entries.length !== segment.documentCount) {
      throw new Error(`posts ${first} to ${end - 1} are not a batch of the site's yet to index`);
    }
    this.#waiting.set(first, { batch, builder });
    const filled: SearchFile[] = [];
    for (let due = this.#waiting.get(this.#next); due; due = this.#waiting.get(this.#next)) {
      const { segment, entries: dueEntries, key, stamp } = due.batch;
      this.#waiting.delete(this.#next);
      if ('ids' in segment) this.#joiner.appendNumbered(segment);
      else {
        const ids = this.#joiner.append(segment, due.builder);
        if (key !== undefined && stamp !== undefined) this.numbered.set(key, { stamp, ids });
      }
      this.#next += segment.documentCount;
      for (const entry of dueEntries) {
        const post = this.#entered++;
        this.#entries.push(entry);
        const { file } = entryPlace(post);
        if (post + 1 === entryFilePosts(file, this.#count).to) filled.push(this.#fileEntries(file));
      }
    }
    return filled;
  }

  /** The index of every post, and the paths of the files of entries. Every post must have come. */
  finish(): FinishedIndex {
    return completed(this.#finishing());
  }

  *#finishing(): Generator<void, FinishedIndex> {
    if (this.#next !== this.#count || this.#waiting.size > 0) {
      throw new Error(`posts ${this.#next} to ${this.#count - 1} never came to be indexed`);
    }
    const data = yield* this.#joiner.finishing();
    return { data, entries: [...this.#entryPaths] };
  }

  /**
   * The index cut into the files a static site's script reads, and what the search page tells its
   * script of them.
   */
  finishFiles(lastCut?: LastCut): FinishedFiles {
    return completed(this.finishingFiles(lastCut));
  }

  /**
   * `finishFiles`, a step at a time (see `IndexJoiner.finishing`); `lastCut` as `shardingIndex`
   * takes it.
   */
  *finishingFiles(lastCut?: LastCut): Generator<void, FinishedFiles> {
    const { data, entries } = yield* this.#finishing();
    const { manifest, files: indexFiles } = yield* shardingIndex(data, {}, lastCut);
    const files = [...indexFiles].map(([path, content]): SearchFile => ({ path, content }));
    return { files, search: { manifest, entries }, terms: data.terms.length };
  }

  #fileEntries(number: number): SearchFile {
    const entries = this.#entries;
    this.#entries = [];
    const given = entries.filter((entry) => entry !== null);
    if (given.length === 0) {
      const path = this.#keptEntryFiles.get(number);
      if (path === undefined)
        throw new Error(`no file of entries ${number} was kept for its posts, given no entries`);
      this.#entryPaths[number] = path;
      return { path, content: null };
    }
    if (given.length < entries.length) {
      throw new Error(
        `the file of entries ${number} was given some of its posts' entries, not all`,
      );
    }
    const file = entryFile(given, number);
    this.#entryPaths[number] = file.path;
    return file;
  }
}
