// Search: an index cut into files for a static site, and the index a browser reads from them.
// A query fetches only what it reads: the dictionaries of the characters its words begin with,
// and the postings of the terms it chose. It is run by the same `search` as on a server, over
// the files it fetched, and ranks alike, since it reads the same numbers.
import { contentHash, hashedPath } from '../urls/hashed-path.js';
import { prepareSearch, search, type SearchOptions, type SearchResult } from './query.js';
import { asciiHash } from './tokenize.js';
import {
  ByteWriter,
  type IndexData,
  type IndexSource,
  readNumbers,
  type TermDictionary,
} from './search-index.js';

/** What a page carries of a cut index: its numbers, and the paths of its files. */
export interface ShardManifest {
  readonly documentCount: number;
  readonly averageLengths: readonly number[];
  /** The file of every post's field lengths, LEB128 numbers: `post * 3 + field`. */
  readonly lengths: string;
  /** The dictionary of each bucket of first characters, by bucket. */
  readonly dictionaries: readonly string[];
  /** The folder of the files of postings, which dictionaries name. */
  readonly postingsFolder: string;
}

/** One bucket's terms, sorted, and where the postings of each are. */
export interface DictionaryFile {
  readonly terms: readonly string[];
  readonly frequency: readonly number[];
  /**
   * The files of postings its terms' are in, by name in the manifest's folder: a dictionary names
   * its files itself, so that a run of postings cut anew changes only the dictionaries of its
   * terms, where numbering every file would change them all.
   */
  readonly postings: readonly string[];
  /** The postings file of each term (in `postings`), its first byte there, and how many bytes. */
  readonly file: readonly number[];
  readonly start: readonly number[];
  readonly size: readonly number[];
}

/** A cut index: the manifest, and the content of each file by its path. */
export interface IndexShards {
  readonly manifest: ShardManifest;
  readonly files: ReadonlyMap<string, string | Uint8Array>;
}

/** How big the files of a cut index grow before another is begun. */
export interface ShardSizes {
  readonly dictionaryBytes?: number;
  readonly postingBytes?: number;
}

const DICTIONARY_BYTES = 16_000;
const POSTING_BYTES = 32_000;

/** The bucket of the terms that begin with `character`, among `buckets`. */
function bucketOf(character: string, buckets: number): number {
  return (Math.imul(character.codePointAt(0) ?? 0, 0x9e3779b1) >>> 0) % buckets;
}

/**
 * Whether a run of postings may end after `term` once it holds half its bytes: one term in four,
 * chosen by the term itself, so that where runs end does not move when a post changes the
 * postings of a few terms before — only the runs holding those terms change, and a build into
 * the same folder writes only those.
 */
function endsRun(term: string): boolean {
  return (Math.imul(asciiHash(term), 0x9e3779b1) >>> 0) % 4 === 0;
}

/**
 * Cuts an index into files: postings in runs of terms of at most `postingBytes` (a term's alone
 * if larger), ending where a term allows once half that is reached; dictionaries in buckets by the
 * terms' first character, enough of them that each holds about `dictionaryBytes`. Files are named
 * by their content alone, so a run that a change leaves as it was keeps its name.
 */
export function shardIndex(data: IndexData, sizes: ShardSizes = {}): IndexShards {
  const files = new Map<string, string | Uint8Array>();
  const postingLimit = sizes.postingBytes ?? POSTING_BYTES;
  const { terms, postingStarts, postingBytes } = data;

  const postings: string[] = [];
  // The run of each term, by number while the runs are cut.
  const fileOf = new Uint32Array(terms.length);
  const startIn = new Uint32Array(terms.length);
  let from = 0;
  while (from < terms.length) {
    const first = postingStarts[from] ?? 0;
    let to = from + 1;
    while (to < terms.length && (postingStarts[to + 1] ?? 0) - first <= postingLimit) {
      if ((postingStarts[to] ?? 0) - first >= postingLimit / 2 && endsRun(terms[to - 1] ?? '')) {
        break;
      }
      to++;
    }
    for (let term = from; term < to; term++) {
      fileOf[term] = postings.length;
      startIn[term] = (postingStarts[term] ?? 0) - first;
    }
    const bytes = postingBytes.slice(first, postingStarts[to] ?? first);
    let path = hashedPath('search/postings', 'bin', bytes);
    // Runs of the same bytes (rare terms of the same posts) are one file. One whose hash alone is
    // another's is told apart by its first term, never by its place, which a change before it moves.
    const taken = files.get(path);
    if (taken !== undefined && !sameBytes(taken, bytes)) {
      path = hashedPath(`search/postings-${contentHash(terms[from] ?? '')}`, 'bin', bytes);
    }
    files.set(path, bytes);
    postings.push(path);
    from = to;
  }

  const characters = terms.reduce((sum, term) => sum + term.length + 12, 0);
  const buckets = Math.max(1, Math.ceil(characters / (sizes.dictionaryBytes ?? DICTIONARY_BYTES)));
  const members: number[][] = Array.from({ length: buckets }, () => []);
  terms.forEach((term, i) => {
    members[bucketOf(String.fromCodePoint(term.codePointAt(0) ?? 0), buckets)]?.push(i);
  });
  const folder = folderOf(postings[0] ?? hashedPath('search/postings', 'bin', ''));
  const dictionaries = members.map((numbers, bucket) => {
    // Its files, in the order its terms first name them.
    const named = new Map<string, number>();
    for (const i of numbers) {
      const path = postings[fileOf[i] ?? 0] ?? '';
      if (!named.has(path)) named.set(path, named.size);
    }
    const dictionary: DictionaryFile = {
      terms: numbers.map((i) => terms[i] ?? ''),
      frequency: numbers.map((i) => data.documentFrequency[i] ?? 0),
      postings: [...named.keys()].map((path) => path.slice(folder.length)),
      file: numbers.map((i) => named.get(postings[fileOf[i] ?? 0] ?? '') ?? 0),
      start: numbers.map((i) => startIn[i] ?? 0),
      size: numbers.map((i) => (postingStarts[i + 1] ?? 0) - (postingStarts[i] ?? 0)),
    };
    const text = JSON.stringify(dictionary);
    const path = hashedPath(`search/terms-${bucket}`, 'json', text);
    files.set(path, text);
    return path;
  });

  const lengthBytes = leb128(data.lengths);
  const lengths = hashedPath('search/lengths', 'bin', lengthBytes);
  files.set(lengths, lengthBytes);
  return {
    manifest: {
      documentCount: data.documentCount,
      averageLengths: data.averageLengths,
      lengths,
      dictionaries,
      postingsFolder: folder,
    },
    files,
  };
}

function sameBytes(a: string | Uint8Array, b: Uint8Array): boolean {
  if (typeof a === 'string' || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The folder of a file's path, with its final slash. */
function folderOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/') + 1);
}

function leb128(numbers: ArrayLike<number>): Uint8Array {
  const writer = new ByteWriter(Math.max(16, numbers.length * 2));
  for (let i = 0; i < numbers.length; i++) writer.push(numbers[i] ?? 0);
  return writer.view().slice();
}

/** Fetches a file of a cut index by its path: text for dictionaries, bytes for the rest. */
export type ShardLoader = (path: string) => Promise<string | Uint8Array>;

/**
 * The index a browser holds of a cut index: what it fetched so far. It answers `search` like the
 * whole index for every query whose files are at hand; its `search` fetches them first.
 */
export class ShardedIndex implements IndexSource {
  readonly documentCount: number;
  readonly averageLengths: readonly number[];
  lengths: ArrayLike<number> = [];
  readonly #manifest: ShardManifest;
  readonly #dictionaries = new Map<number, TermDictionary>();
  readonly #dictionaryReads = new Map<number, Promise<void>>();
  // Postings fetched, by path.
  readonly #postings = new Map<string, Uint8Array>();
  // What the last query asked for and did not find at hand.
  readonly #wanted = new Set<string>();
  #lengthsLoaded: Promise<void> | undefined;

  constructor(manifest: ShardManifest) {
    this.#manifest = manifest;
    this.documentCount = manifest.documentCount;
    this.averageLengths = manifest.averageLengths;
  }

  dictionary(character: string): TermDictionary | undefined {
    const bucket = bucketOf(character, this.#manifest.dictionaries.length);
    const known = this.#dictionaries.get(bucket);
    if (!known) this.#wanted.add(this.#manifest.dictionaries[bucket] ?? '');
    return known;
  }

  /**
   * Fetches what every query reads, the posts' lengths, and makes what it works in, ahead of the
   * first query: a page calls it when it starts, so that a reader's first query waits only for
   * its own files.
   */
  prepare(load: ShardLoader): Promise<void> {
    this.#lengthsLoaded ??=
      this.documentCount === 0
        ? Promise.resolve()
        : load(this.#manifest.lengths).then(
            (bytes) => {
              this.lengths = readNumbers(toBytes(bytes), this.documentCount * 3);
              prepareSearch(this);
            },
            (cause: unknown) => {
              // A failed fetch is tried again by the next query.
              this.#lengthsLoaded = undefined;
              throw cause;
            },
          );
    return this.#lengthsLoaded;
  }

  /** Runs `query` once its files are fetched: a round for dictionaries, one for postings. */
  async search(
    query: string,
    load: ShardLoader,
    options: SearchOptions = {},
  ): Promise<SearchResult> {
    // The lengths come while the query learns which other files it reads.
    let lengths =
      this.lengths.length === 0 && this.documentCount > 0 ? this.prepare(load) : undefined;
    for (let round = 0; ; round++) {
      this.#wanted.clear();
      const result = search(this, query, options);
      if ((this.#wanted.size === 0 && !lengths) || round > 4) return result;
      await Promise.all([...[...this.#wanted].map((path) => this.#fetch(path, load)), lengths]);
      lengths = undefined;
    }
  }

  /**
   * Fetches the dictionaries `query` reads and nothing else, as a reader types it: by the time
   * the query is asked, its words' dictionaries are at hand and it waits only for postings.
   */
  async prefetch(query: string, load: ShardLoader): Promise<void> {
    this.#wanted.clear();
    search(this, query, { limit: 1 });
    const dictionaries = [...this.#wanted].filter((path) =>
      this.#manifest.dictionaries.includes(path),
    );
    await Promise.all(dictionaries.map((path) => this.#fetch(path, load)));
  }

  async #fetch(path: string, load: ShardLoader): Promise<void> {
    const bucket = this.#manifest.dictionaries.indexOf(path);
    if (bucket !== -1) {
      // Asked for by a prefetch and by a query at once, a dictionary is read once.
      let reading = this.#dictionaryReads.get(bucket);
      if (!reading) {
        reading = load(path).then((loaded) => {
          const file = JSON.parse(
            typeof loaded === 'string' ? loaded : new TextDecoder().decode(loaded),
          ) as DictionaryFile;
          this.#dictionaries.set(bucket, this.#dictionaryOf(file));
        });
        // A failed fetch is tried again by the next query.
        reading.catch(() => this.#dictionaryReads.delete(bucket));
        this.#dictionaryReads.set(bucket, reading);
      }
      return reading;
    }
    if (path.startsWith(this.#manifest.postingsFolder)) {
      this.#postings.set(path, toBytes(await load(path)));
    }
  }

  #dictionaryOf(file: DictionaryFile): TermDictionary {
    return {
      terms: file.terms,
      documentFrequency: file.frequency,
      postingSize: (term) => file.size[term] ?? 0,
      postings: (term) => {
        const path = `${this.#manifest.postingsFolder}${file.postings[file.file[term] ?? 0] ?? ''}`;
        const bytes = this.#postings.get(path);
        if (!bytes) {
          this.#wanted.add(path);
          return undefined;
        }
        const start = file.start[term] ?? 0;
        return bytes.subarray(start, start + (file.size[term] ?? 0));
      },
    };
  }
}

function toBytes(content: string | Uint8Array): Uint8Array {
  return typeof content === 'string' ? new TextEncoder().encode(content) : content;
}

/**
 * What a results list shows of a post: title, path, date (ISO and as shown), category (title
 * and path), and the start of its text, where snippets are cut from.
 */
export type DocumentEntry = readonly [
  title: string,
  path: string,
  iso: string,
  date: string,
  category: string | null,
  categoryPath: string | null,
  text: string,
];

/** How much of each post's text a static site keeps for snippets: a first query fetches it. */
export const SNIPPET_SOURCE_LENGTH = 800;
/** Posts per file of entries: a page of results fetches one file per post it shows, at most. */
export const ENTRIES_PER_FILE = 4;

/** The `number`th file of entries: those of posts `number * ENTRIES_PER_FILE` on, in order. */
export function entryFile(
  entries: readonly DocumentEntry[],
  number: number,
): { readonly path: string; readonly content: string } {
  const content = JSON.stringify(entries);
  return { path: hashedPath(`search/posts-${number}`, 'json', content), content };
}

/** The files of a site's search: the cut index, and the entries of its posts. */
export interface SearchFiles {
  readonly manifest: ShardManifest;
  /** The files of entries, by number: post `n` is in file `n / ENTRIES_PER_FILE`. */
  readonly entries: readonly string[];
}

/** What an exported search page hands its script: the files, and the site's words. */
export interface SearchPageSetup extends SearchFiles {
  readonly pageSize: number;
  readonly strings: SearchPageStrings;
}

/** The site's words the script writes; `{n}` and `{q}` stand for a count and the query. */
export interface SearchPageStrings {
  readonly title: string;
  readonly resultsFor: string;
  readonly postsFound: string;
  readonly onePostFound: string;
  readonly noResults: string;
  readonly tips: readonly string[];
  readonly prompt: string;
  readonly pagination: string;
  readonly previousPage: string;
  readonly nextPage: string;
}
