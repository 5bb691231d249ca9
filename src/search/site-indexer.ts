// Search: the index of a site joined from the indexes of its batches of posts — an export's
// threads each index the batches of pages they render, and finish them in no fixed order —
// joined in the order search numbers the posts, so that the index is the very one a server
// makes of the same posts.
import {
  completed,
  FIELDS,
  type IndexData,
  IndexJoiner,
  type IndexSegment,
  type KnownTerms,
  type NumberedSegment,
} from './search-index.js';
import { type JoinedBatch, type LastJoin, mendIndex } from './mend-index.js';
import {
  type DocumentEntry,
  entryFile,
  entryFilePosts,
  entryPlace,
  type IndexChange,
  LastCut,
  type SearchFiles,
  shardingIndex,
  type ShardSizes,
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
  /**
   * Whether the batch comes as one the last index of the process holds under its key and posts
   * (see `LastIndex`): its segment then holds none of its terms, and is never joined.
   */
  readonly joined?: boolean | undefined;
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

/**
 * The index as the last build of a process that builds again and again left it, for the next to
 * start from: the index it joined, and the files it cut it into.
 */
export class LastIndex {
  join: LastJoin | undefined;

  /** The batches the last index holds, each as `first:key` (`ShardOutput.joinedBatches`). */
  joinedBatches(): string[] {
    return [...(this.join?.batches.values() ?? [])].map(({ first, key }) => `${first}:${key}`);
  }

  readonly cut = new LastCut();
  /**
   * The bytes of the postings of the index before the last, which nothing reads once the last
   * was cut: the next mend writes into them. Writing tens of megabytes into memory newly taken
   * from the system cost a large site's save more than copying them.
   */
  spare: Uint8Array | undefined;
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
  readonly #last: LastIndex | undefined;
  // The batches of the last join taken as they were, those joined anew, and whether every batch
  // came with a key, without which the next build cannot tell it unchanged.
  readonly #keptBatches: JoinedBatch[] = [];
  readonly #joinedBatches: JoinedBatch[] = [];
  #everyBatchKeyed = true;

  /**
   * An indexer of the site's `count` posts, numbered from the oldest, 0, whose joiner knows the
   * `known` terms by their numbers (see `IndexJoiner`). `keptEntryFiles` holds the paths of the
   * files of entries that the output holds as the last build wrote them, by number: a file whose
   * every post comes with a `null` entry is that one. With `last`, the index the last join made is
   * mended where batches come under the keys they were joined under then, rather than joined anew,
   * and its files cut where they are the same; `last` then holds this index.
   */
  constructor(
    count: number,
    known?: KnownTerms,
    keptEntryFiles: ReadonlyMap<number, string> = new Map(),
    last?: LastIndex,
  ) {
    this.#count = count;
    this.#joiner = new IndexJoiner(known);
    this.#keptEntryFiles = keptEntryFiles;
    this.#last = last;
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
      const { segment, entries: dueEntries } = due.batch;
      this.#waiting.delete(this.#next);
      this.#join(due.batch, due.builder);
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

  #join({ first, segment, key, stamp, joined }: IndexedBatch, builder: number): void {
    const count = segment.documentCount;
    const earlier = this.#last?.join?.batches.get(first);
    if (key !== undefined && earlier?.key === key && earlier.count === count) {
      this.#joiner.skip(count, 'ids' in segment ? undefined : { segment, builder });
      this.#keptBatches.push(earlier);
      return;
    }
    if (joined === true) {
      throw new Error(`posts ${first} to ${first + count - 1} came as a batch no index holds`);
    }
    let ids: Uint32Array;
    if ('ids' in segment) {
      this.#joiner.appendNumbered(segment);
      ids = segment.ids;
    } else {
      ids = this.#joiner.append(segment, builder);
      if (key !== undefined && stamp !== undefined) this.numbered.set(key, { stamp, ids });
    }
    // A batch without a key is mended in like any other, but leaves no index for the next build
    // to mend: it cannot tell it unchanged.
    if (key === undefined) this.#everyBatchKeyed = false;
    if (this.#last) {
      const { names } = this.#joiner;
      // Copies: a kept segment's bytes may be a view of the whole file it was read from.
      this.#joinedBatches.push({
        key: key ?? '',
        first,
        count,
        terms: Array.from(ids, (id) => names[id] ?? ''),
        starts: segment.postingStarts.slice(),
        bytes: segment.postingBytes.slice(),
      });
    }
  }

  /** The index of every post, and the paths of the files of entries. Every post must have come. */
  finish(): FinishedIndex {
    const { data, entries } = completed(this.#finishing());
    return { data, entries };
  }

  *#finishing(): Generator<void, FinishedIndex & { readonly change?: IndexChange }> {
    if (this.#next !== this.#count || this.#waiting.size > 0) {
      throw new Error(`posts ${this.#next} to ${this.#count - 1} never came to be indexed`);
    }
    const joined = yield* this.#joiner.finishing();
    const last = this.#last?.join;
    const kept = this.#keptBatches;
    let data = joined;
    const spare = this.#last?.spare;
    // Its bytes are the mend's to write over now: none else until the index is cut.
    if (this.#last) this.#last.spare = undefined;
    let change: IndexChange | undefined;
    if (last && kept.length > 0) {
      const mend = mendIndex(last, kept, this.#joinedBatches, joined, spare);
      data = mend.data;
      if (mend.changed) change = { from: last.data, terms: mend.changed };
    }
    if (this.#last) {
      const batches = [...kept, ...this.#joinedBatches].map(
        (batch) => [batch.first, batch] as const,
      );
      this.#last.join = this.#everyBatchKeyed ? { data, batches: new Map(batches) } : undefined;
    }
    return { data, entries: [...this.#entryPaths], ...(change && { change }) };
  }

  /**
   * The index cut into the files a static site's script reads, and what the search page tells its
   * script of them. Its files grow to `sizes`, by default those of every site.
   */
  finishFiles(sizes?: ShardSizes): FinishedFiles {
    return completed(this.finishingFiles(sizes));
  }

  /**
   * `finishFiles`, a step at a time (see `IndexJoiner.finishing`). The files of postings are views
   * of the index's bytes: given a `LastIndex`, the mend of the build after the next writes over
   * them, so they are to be written, or copied, before it.
   */
  *finishingFiles(sizes: ShardSizes = {}): Generator<void, FinishedFiles> {
    const before = this.#last?.join?.data;
    const { data, entries, change } = yield* this.#finishing();
    const last = this.#last?.cut;
    const { manifest, files: indexFiles } = yield* shardingIndex(data, sizes, last, change);
    // The pages of the last cut read the bytes of the index before this one until this cut ended.
    const done = before?.postingBytes.buffer;
    if (this.#last && done && done !== data.postingBytes.buffer && done instanceof ArrayBuffer) {
      this.#last.spare = new Uint8Array(done);
    }
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

/**
 * The segment a batch of `count` posts comes with when the exporting thread's last index holds it
 * (`IndexedBatch.joined`): none of its terms, only its number of posts.
 */
export function joinedSegment(count: number): NumberedSegment {
  return {
    documentCount: count,
    ids: new Uint32Array(0),
    documentFrequency: new Uint32Array(0),
    lastDocument: new Uint32Array(0),
    postingStarts: new Uint32Array(1),
    postingBytes: new Uint8Array(0),
    lengths: new Uint32Array(count * FIELDS.length),
  };
}
