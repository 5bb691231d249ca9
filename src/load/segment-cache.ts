// Load: the search index of each batch of posts an export indexed, kept under the site's
// `.folio/cache/search/` by a hash of what search reads of the batch's posts, so that a build
// indexes again only the batches whose posts changed — indexing every post's words is most of
// what search adds to a build.
import { createHash, randomUUID } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
} from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import {
  type IndexSegment,
  type KnownTerms,
  type NamedSegment,
  type NumberedSegment,
  numberedSegment,
  type SegmentBuilder,
} from '../search/search-index.js';
import type { BatchNumbers } from '../search/site-indexer.js';
import { rendererFolder } from './body-cache.js';
import { keepOutOfGit, readCacheFile, SITE_CACHE_DIR, writeCacheFile } from './site-cache.js';

export const SEGMENT_CACHE_DIR = join(SITE_CACHE_DIR, 'search');

/** Raised whenever what a kept segment holds changes meaning: older ones are then never read. */
const SEGMENT_FORMAT = 5;

// A kept segment's file: the lengths of its first two parts, then its numbers (the segment but
// for its terms' names), the snippets, and the names. A rebuild takes up most segments by their
// numbers alone, and needs the snippets only of posts whose file of entries changed.
const NUMBERS_AT = 8;

/**
 * What search reads of a post, named without its text: a build knows each body by a hash of it
 * (see `DocumentKeys`), and need not read a body kept in the cache to learn that it is unchanged.
 */
export interface IndexedPostKey {
  readonly title: string;
  readonly labels: readonly string[];
  /** Whether the body is read with math, which changes its text. */
  readonly math: boolean | undefined;
  /** Whether it is read with dashes and curly quotes, which change its text too. */
  readonly typographer: boolean;
  /** A hash of the text of the post's file (`DocumentKeys.bodyHash`). */
  readonly body: string;
}

/** The key of a post that search reads as `post` says, its file's text known by `body`. */
export function postKey(
  post: Pick<IndexedPostKey, 'title' | 'labels' | 'math' | 'typographer'>,
  body: string,
): IndexedPostKey {
  const { title, labels, math, typographer } = post;
  return { title, labels, math, typographer, body };
}

/** A batch's segment, and the start of each post's text that results show snippets from. */
export interface BatchToKeep {
  readonly segment: NamedSegment;
  readonly snippets: readonly string[];
}

/**
 * A batch kept: its segment but for the names of its terms and its snippets, which are read from
 * the file only when asked for — a segment taken up by its numbers (`numbered`) never needs the
 * names, a batch whose files of entries are unchanged never needs the snippets, and together they
 * are most of what reading a kept segment cost. The segment's arrays are views of the bytes of
 * its numbers, which a thread copies out before they cross to another (see `shard-worker.ts`).
 */
export interface KeptBatch {
  readonly segment: Omit<NamedSegment, 'terms'>;
  /** The start of each post's text, in order; none when they cannot be read. */
  snippets(): readonly string[] | undefined;
  /**
   * Drawn when the batch was kept: the same batch indexed by another thread may list its terms in
   * another order, so numbers are kept for, and taken with, the very file they number.
   */
  readonly stamp: string;
  /** The segment's terms, in its order; none when they cannot be read. */
  names(): readonly string[] | undefined;
  /**
   * The numbers the joiner of a later build gave the segment's terms, and the list of terms
   * (`TermList.id`) they are places in, if kept.
   */
  readonly numbered?: { readonly list: string; readonly ids: Uint32Array } | undefined;
}

/** A list of terms a `TermList` grew from, or itself: its id, and how many terms it held. */
export interface ListGeneration {
  readonly id: string;
  readonly size: number;
}

/**
 * The terms the last build's joiner numbered, in the order of their numbers: a build whose joiner
 * starts from them takes up each kept segment numbered against this list, or one it grew from, by
 * its numbers, without looking up its terms by their text — half a million terms of a Chinese
 * blog were seconds of looking up.
 */
export interface TermList extends KnownTerms {
  /** Names this list, and the numbers given against it. */
  readonly id: string;
  /**
   * The lists this one grew from by adding terms at its end, and itself: numbers given against
   * any of them, each below its size, name the same terms in this one.
   */
  readonly lineage: readonly ListGeneration[];
}

/** The size of each list of terms `list` grew from, and its own, by id; none without a list. */
export function listSizes(
  list: TermList | undefined,
): Readonly<Record<string, number>> | undefined {
  return list && Object.fromEntries(list.lineage.map(({ id, size }) => [id, size]));
}

/**
 * A kept batch's segment: by the numbers a joiner that starts from a list of terms knows its terms
 * by, if kept against one of the lists of `sizes` (`listSizes` of the list), or else by its terms'
 * names, taken up by `builder`; none when its names cannot be read.
 */
export function keptSegment(
  builder: SegmentBuilder,
  kept: KeptBatch,
  sizes: Readonly<Record<string, number>> | undefined,
): IndexSegment | NumberedSegment | undefined {
  const { numbered, segment } = kept;
  const size = numbered && sizes?.[numbered.list];
  // A number past the list's size is a damaged file: the names are read instead.
  if (numbered && size !== undefined && numbered.ids.every((id) => id < size)) {
    return numberedSegment(segment, numbered.ids);
  }
  const terms = kept.names();
  return terms && builder.takeUp({ ...segment, terms });
}

// A list of this many generations, or that holds more terms no post holds than terms a post
// holds, is started anew.
const MOST_LIST_GROWTHS = 100;
/** The file of the `TermList`, among the kept segments. */
export const TERM_LIST_FILE = 'terms.bin';

/**
 * The kept segments of one site, under the code that indexes (`rendererFingerprint`). Reads and
 * writes synchronously, on an export's threads; a segment that cannot be read is indexed anew,
 * and one that cannot be written is left out: the cache only ever saves work.
 */
export class SegmentCache {
  readonly #root: string;
  readonly #dir: string;
  readonly #fingerprint: string;
  #ignored = false;

  constructor(siteDir: string, fingerprint: string) {
    this.#root = join(siteDir, SEGMENT_CACHE_DIR);
    this.#dir = join(this.#root, rendererFolder(fingerprint));
    this.#fingerprint = fingerprint;
  }

  /** The key of the batch of `posts`, in order: everything its segment and snippets come from. */
  key(posts: readonly IndexedPostKey[]): string {
    // One string hashed at once: a call into the hash for each part cost a large site's rebuild
    // more than the hashing.
    let text = `${SEGMENT_FORMAT}\n${this.#fingerprint}\n`;
    for (const { title, labels, math, typographer, body } of posts) {
      // Each string after its length, so that no two lists of strings read alike.
      text += `${title.length}:${title}`;
      for (const label of labels) text += `${label.length}:${label}`;
      text += `${labels.length}|${String(math)}|${String(typographer)}|${body}\n`;
    }
    return createHash('sha256').update(text).digest('base64url');
  }

  /** The batch kept under `key`, if it is there whole and holds `documentCount` posts. */
  get(key: string, documentCount: number): KeptBatch | undefined {
    try {
      const file = this.#file(key);
      // The numbers alone, on a buffer of their own: their arrays stay views of it, and keep
      // nothing else of the file.
      const [lengths, numbers] = withFile(file, (handle) => {
        const head = readPart(handle, 0, NUMBERS_AT);
        return [head, readPart(handle, NUMBERS_AT, NUMBERS_AT + head.readUInt32LE(0))] as const;
      });
      const numbersEnd = NUMBERS_AT + lengths.readUInt32LE(0);
      const snippetsEnd = numbersEnd + lengths.readUInt32LE(4);
      const kept = deserialize(numbers) as {
        segment?: Partial<KeptBatch['segment']>;
        stamp?: unknown;
      };
      const { segment, stamp } = kept;
      if (!segment || !isWhole(segment, documentCount) || typeof stamp !== 'string') {
        return undefined;
      }
      const terms = segment.documentFrequency.length;
      const numbered = this.#numbered(key, stamp, terms);
      // Read when asked for, from the file kept with the same stamp: one kept anew since, by
      // another build of the site, may list the terms in another order.
      const strings =
        (from: number, to: number | undefined, count: number) => (): string[] | undefined => {
          try {
            const bytes = withFile(file, (handle) => readPart(handle, from, to));
            const part = deserialize(bytes) as Partial<StringsPart>;
            return part.stamp === stamp && isStrings(part.strings, count)
              ? part.strings
              : undefined;
          } catch {
            return undefined;
          }
        };
      return {
        segment: {
          documentCount,
          documentFrequency: segment.documentFrequency,
          lastDocument: segment.lastDocument,
          postingStarts: segment.postingStarts,
          postingBytes: segment.postingBytes,
          lengths: segment.lengths,
        },
        snippets: strings(numbersEnd, snippetsEnd, documentCount),
        stamp,
        ...(numbered && { numbered }),
        names: strings(snippetsEnd, undefined, terms),
      };
    } catch {
      return undefined;
    }
  }

  #numbered(key: string, stamp: string, terms: number): KeptBatch['numbered'] {
    try {
      const kept = deserialize(readFileSync(this.#numbersFile(key))) as Partial<
        NonNullable<KeptBatch['numbered']> & BatchNumbers
      >;
      const { list, ids } = kept;
      // On a buffer of its own: a small file is read into a pool that other buffers share.
      return kept.stamp === stamp &&
        typeof list === 'string' &&
        ids instanceof Uint32Array &&
        ids.length === terms
        ? { list, ids: ids.slice() }
        : undefined;
    } catch {
      return undefined;
    }
  }

  /** Keeps the numbers a joiner gave the terms of the segment kept under `key`. */
  setNumbers(key: string, list: string, { stamp, ids }: BatchNumbers): void {
    writeCacheFile(this.#numbersFile(key), serialize({ list, stamp, ids }));
  }

  /**
   * The list of terms the last build's joiner numbered, if kept. A build run again in the same
   * process (`folio build --watch`) takes the list it read or wrote, checked then, while the file
   * stands as it was: half a million terms took a large Chinese blog's rebuild a tenth of a second
   * to read and check again, and as long again to collect.
   */
  termList(): TermList | undefined {
    try {
      return readCacheFile(join(this.#dir, TERM_LIST_FILE), decodeTermList);
    } catch {
      return undefined;
    }
  }

  /**
   * Keeps the terms a joiner numbered, `grown` from the list it started from (if any), with the
   * numbers it gave the terms of each batch that came without them; `held` is how many of the
   * terms a post holds. Drops the list instead when it has grown stale, the next build then
   * numbering every kept segment again.
   */
  keepNumbers(
    grown: TermList | undefined,
    known: KnownTerms,
    held: number,
    numbered: ReadonlyMap<string, BatchNumbers>,
  ): void {
    const file = join(this.#dir, TERM_LIST_FILE);
    const lineage = grown?.lineage ?? [];
    const { terms, order } = known;
    if (lineage.length >= MOST_LIST_GROWTHS || terms.length - held > held) {
      rmSync(file, { force: true });
      return;
    }
    let list = grown;
    if (!list || terms.length > list.terms.length) {
      const id = randomUUID();
      list = { id, lineage: [...lineage, { id, size: terms.length }], terms, order };
      if (!writeCacheFile(file, serialize({ format: SEGMENT_FORMAT, ...list }), list)) return;
    }
    for (const [key, numbers] of numbered) this.setNumbers(key, list.id, numbers);
  }

  /** Keeps `batch` under `key`; answers the stamp it was kept with, if it was. */
  set(key: string, { segment, snippets }: BatchToKeep): string | undefined {
    const { terms, ...numbers } = segment;
    const stamp = randomUUID();
    const numbersPart = serialize({ segment: numbers, stamp });
    const snippetsPart = serialize({ stamp, strings: snippets } satisfies StringsPart);
    const namesPart = serialize({ stamp, strings: terms } satisfies StringsPart);
    const lengths = Buffer.alloc(NUMBERS_AT);
    lengths.writeUInt32LE(numbersPart.length, 0);
    lengths.writeUInt32LE(snippetsPart.length, 4);
    const file = Buffer.concat([lengths, numbersPart, snippetsPart, namesPart]);
    if (!writeCacheFile(this.#file(key), file)) return undefined;
    if (!this.#ignored) {
      this.#ignored = true;
      keepOutOfGit(this.#root, 'The search index of each batch of posts');
    }
    return stamp;
  }

  /**
   * Removes every kept segment but those under `keys`, and those of other code: a segment whose
   * posts changed is never read again, and the cache would otherwise grow with every edit.
   */
  keepOnly(keys: ReadonlySet<string>): void {
    const own = rendererFolder(this.#fingerprint);
    try {
      for (const entry of readdirSync(this.#root, { withFileTypes: true })) {
        if (entry.isDirectory() && entry.name !== own) {
          rmSync(join(this.#root, entry.name), { recursive: true, force: true });
        }
      }
      for (const name of readdirSync(this.#dir)) {
        // The list of terms goes with the last of the segments: a site that turned search off.
        const kept =
          name === TERM_LIST_FILE ? keys.size > 0 : keys.has(name.replace(/\.(bin|ids)$/, ''));
        if (!kept) rmSync(join(this.#dir, name), { force: true });
      }
    } catch {
      // No cache yet, or one that cannot be changed: it only costs space.
    }
  }

  #file(key: string): string {
    return join(this.#dir, `${key}.bin`);
  }

  #numbersFile(key: string): string {
    return join(this.#dir, `${key}.ids`);
  }
}

/** The snippets or the names of a kept batch, with the stamp of the file they were kept in. */
interface StringsPart {
  readonly stamp: string;
  readonly strings: readonly string[];
}

/** `read(handle)` of `file`, opened for reading, closed after. */
function withFile<T>(file: string, read: (handle: number) => T): T {
  const handle = openSync(file, 'r');
  try {
    return read(handle);
  } finally {
    closeSync(handle);
  }
}

/**
 * The bytes of the file open as `handle` from `from` to `to`, or to its end, on a buffer of their
 * own: never one of the pool small buffers share, which would keep the others' bytes and could
 * not be moved to another thread.
 */
function readPart(handle: number, from: number, to = fstatSync(handle).size): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Math.max(0, to - from));
  for (let read = 0; read < bytes.length;) {
    const got = readSync(handle, bytes, read, bytes.length - read, from + read);
    if (got === 0) throw new Error(`the file ends before its byte ${to}`);
    read += got;
  }
  return bytes;
}

/** A list of terms as `keepNumbers` wrote it, if the bytes hold one whole. */
function decodeTermList(bytes: Buffer): TermList | undefined {
  const kept = deserialize(bytes) as Partial<TermList & { format: number }>;
  const { id, lineage, terms, order } = kept;
  const last = Array.isArray(lineage) ? (lineage.at(-1) as Partial<ListGeneration>) : {};
  return kept.format === SEGMENT_FORMAT &&
    typeof id === 'string' &&
    Array.isArray(lineage) &&
    lineage.every(isGeneration) &&
    last.id === id &&
    Array.isArray(terms) &&
    last.size === terms.length &&
    order instanceof Uint32Array &&
    isOrderOf(order, terms)
    ? { id, lineage, terms, order }
    : undefined;
}

function isGeneration(value: unknown): value is ListGeneration {
  const { id, size } = (value ?? {}) as Partial<ListGeneration>;
  return typeof id === 'string' && typeof size === 'number';
}

/**
 * Whether `order` lists the numbers of `terms` in the order of the terms, each once: a list
 * read from a damaged file would otherwise find a term twice or out of its place.
 */
function isOrderOf(order: Uint32Array, terms: readonly unknown[]): boolean {
  if (order.length !== terms.length) return false;
  let before: string | undefined;
  for (const id of order) {
    const term = terms[id];
    if (typeof term !== 'string' || (before !== undefined && !(before < term))) return false;
    before = term;
  }
  return true;
}

function isStrings(value: unknown, count: number): value is string[] {
  return (
    Array.isArray(value) &&
    value.length === count &&
    value.every((item) => typeof item === 'string')
  );
}

/** Whether `kept` has every part of a segment of `documentCount` posts, each its right size. */
function isWhole(
  kept: Partial<KeptBatch['segment']>,
  documentCount: number,
): kept is KeptBatch['segment'] {
  const { documentFrequency, lastDocument, postingStarts, postingBytes, lengths } = kept;
  if (!(documentFrequency instanceof Uint32Array)) return false;
  const terms = documentFrequency.length;
  return (
    kept.documentCount === documentCount &&
    lastDocument instanceof Uint32Array &&
    lastDocument.length === terms &&
    postingStarts instanceof Uint32Array &&
    postingStarts.length === terms + 1 &&
    postingBytes instanceof Uint8Array &&
    postingBytes.length === postingStarts[terms] &&
    lengths instanceof Uint32Array &&
    lengths.length === documentCount * 3
  );
}
