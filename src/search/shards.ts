// Search: an index cut into files for a static site, and the index a browser reads from them.
// A query fetches only what it reads: the pages of the dictionary where its words stand, and the
// postings of the terms it chose. It is run by the same `search` as on a server, over
// the files it fetched, and ranks alike, since it reads the same numbers.
import { ASSET_FOLDER, contentHash, hashedPath } from '../urls/hashed-path.js';
import { prepareSearch, search, type SearchOptions, type SearchResult } from './query.js';
import { snippetText } from './snippet.js';
import { asciiHash } from './tokenize.js';
import {
  ByteWriter,
  completed,
  type IndexData,
  type IndexSource,
  lowerBound,
  readNumbers,
  type TermDictionary,
} from './search-index.js';

/** What a page carries of a cut index: its numbers, and the paths of its files. */
export interface ShardManifest {
  readonly documentCount: number;
  readonly averageLengths: readonly number[];
  /** The file of every post's field lengths, LEB128 numbers: `post * 3 + field`. */
  readonly lengths: string;
  /** The pages of the dictionary, runs of its sorted terms, in order. */
  readonly dictionaries: readonly string[];
  /** The first term of each page: a page holds the terms from its own first to the next's. */
  readonly dictionaryStarts: readonly string[];
  /** The folder of the files of postings, which the pages of the dictionary name. */
  readonly postingsFolder: string;
}

/** A page of the dictionary: a run of its terms, sorted, and where the postings of each are. */
export interface DictionaryFile {
  readonly terms: readonly string[];
  readonly frequency: readonly number[];
  /**
   * The files of postings its terms' are in, by name in the manifest's folder: a page names its
   * files itself, so that a run of postings cut anew changes only the pages of its terms, where
   * numbering every file would change them all.
   */
  readonly postings: readonly string[];
  /** The postings file of each term (in `postings`), its first byte there, and how many bytes. */
  readonly file: readonly number[];
  readonly start: readonly number[];
  readonly size: readonly number[];
  /**
   * The page's postings themselves, in base64, when they are few (see `ShardSizes.inlineBytes`):
   * the page then names no files of postings, and `start` counts from the first of these bytes.
   */
  readonly inline?: string;
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
  /**
   * The most postings a page of the dictionary holds itself, rather than name files of them: the
   * rare terms of a Chinese or Japanese blog, most of its pages, then come in one file with their
   * page, not two, and in one round of fetching.
   */
  readonly inlineBytes?: number;
}

const DICTIONARY_BYTES = 8_000;
const POSTING_BYTES = 32_000;
// A page of 4 to 8 KB with as many bytes of postings again, and a third more as base64: a query
// fetching a few pages stays far from what a first query may fetch.
const INLINE_BYTES = 8_000;
// What a term takes in a page of the dictionary besides its characters: quotes, commas and its
// four numbers.
const DICTIONARY_BYTES_PER_TERM = 16;

const encoder = new TextEncoder();

/**
 * Whether a run of terms (of postings, or of the dictionary) may end after `term` once it holds
 * half its bytes: one term in four, chosen by the term itself, so that where runs end does not
 * move when a post changes a few terms before — only the runs holding those terms change, and a
 * build into the same folder writes only those.
 */
function endsRun(term: string): boolean {
  // The top bits of a multiplicative hash, which every bit of the term's hash stirs: the low
  // bits follow its last character alone, and terms that count up (`v1`, `v2`, …) would be
  // allowed at a fixed step, so that runs cut from two places never fell into step again.
  return Math.imul(asciiHash(term), 0x9e3779b1) >>> 30 === 0;
}

/**
 * Cuts the terms from `from` to `to` into runs of at most `limit` bytes (a term's alone if larger),
 * each ending where a term allows once half that is reached.
 */
function runsOf(
  [from, to]: readonly [number, number],
  limit: number,
  sizeOf: (term: number) => number,
  term: (at: number) => string,
): Array<[from: number, to: number]> {
  const runs: Array<[number, number]> = [];
  for (let start = from; start < to;) {
    const end = runEnd(start, to, limit, sizeOf, term);
    runs.push([start, end]);
    start = end;
  }
  return runs;
}

/**
 * Where the run of `runsOf` that begins at `start` ends. It depends on the terms from `start` on
 * alone, up to the one after its end, or on there being none: a run that begins at the same term
 * as a run of an earlier cut, with the same terms and the same term after them, ends where that
 * one did.
 */
function runEnd(
  start: number,
  to: number,
  limit: number,
  sizeOf: (term: number) => number,
  term: (at: number) => string,
): number {
  let bytes = sizeOf(start);
  let end = start + 1;
  while (end < to) {
    const next = sizeOf(end);
    if (bytes + next > limit) break;
    if (bytes >= limit / 2 && endsRun(term(end - 1))) break;
    bytes += next;
    end++;
  }
  return end;
}

/** The bytes of `text` in UTF-8. */
function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // A surrogate pair, two units, is four bytes.
    if (code >= 0x800 && (code < 0xd800 || code > 0xdfff)) bytes += 2;
    else if (code >= 0x80) bytes += 1;
  }
  return bytes;
}

/**
 * Cuts an index into files: postings in runs of terms of at most `postingBytes`, and the dictionary
 * in pages, runs of terms of at most `dictionaryBytes`. Files are named by their content alone, so
 * a run that a change leaves as it was keeps its name.
 */
export function shardIndex(
  data: IndexData,
  sizes: ShardSizes = {},
  last?: LastCut,
  change?: IndexChange,
): IndexShards {
  return completed(shardingIndex(data, sizes, last, change));
}

// Pages of the dictionary `shardingIndex` cuts between two pauses: about ten milliseconds' work.
const PAGES_A_STEP = 64;

/**
 * The pages of a dictionary as one cut of an index made them, by their first term, so that the
 * next cut by the same process (`folio build --watch`) takes up those whose terms, numbers and
 * postings are the same rather than encode and name them again: a Chinese blog's half a million
 * terms took a fifth of a second to write out as pages at each save, for the one page or two a
 * save changes.
 */
export class LastCut {
  #pages = new Map<string, CutPage>();
  #cutting = new Map<string, CutPage>();
  // The index the kept pages were cut from, and the sizes they were cut to.
  #of: { readonly data: IndexData; readonly sizes: Required<ShardSizes> } | undefined;

  /** Begins a cut: the pages kept by one left unfinished are dropped. */
  begin(): void {
    this.#cutting = new Map();
  }

  /** The page of the last cut that began with `term`. */
  page(term: string): CutPage | undefined {
    return this.#pages.get(term);
  }

  /** The pages of the last cut, in order, if it was a cut of `data` to the same `sizes`. */
  pagesOf(data: IndexData, sizes: Required<ShardSizes>): CutPage[] | undefined {
    const of = this.#of;
    const same =
      of?.data === data &&
      of.sizes.dictionaryBytes === sizes.dictionaryBytes &&
      of.sizes.postingBytes === sizes.postingBytes &&
      of.sizes.inlineBytes === sizes.inlineBytes;
    return same ? [...this.#pages.values()] : undefined;
  }

  /** Keeps `page` for the next cut. */
  keep(page: CutPage): void {
    this.#cutting.set(page.terms[0] ?? '', page);
  }

  /**
   * Ends a cut of `data` to `sizes`: the pages kept since the last end are those the next cut may
   * take up.
   */
  end(data: IndexData, sizes: Required<ShardSizes>): void {
    this.#pages = this.#cutting;
    this.#cutting = new Map();
    this.#of = { data, sizes };
  }
}

/**
 * How the index now cut differs from `from`, the index the last cut was of: in the postings or
 * counts of `terms`, or in holding them at all. Every other term stands in both, the same.
 */
export interface IndexChange {
  readonly from: IndexData;
  readonly terms: ReadonlySet<string>;
}

/** A page of the dictionary as cut: what it was made of, and its files. */
export interface CutPage {
  readonly terms: readonly string[];
  readonly frequency: Uint32Array;
  /** Where each term's postings start in `postings`, and where the last ends. */
  readonly starts: Uint32Array;
  readonly postings: Uint8Array;
  /**
   * The files of postings, each a run of the page's terms: its first term, the path its bytes alone
   * would give it, the path it was given, and its first byte in `postings` and the byte after its
   * last. None for a page that holds its postings itself.
   */
  readonly runs: readonly PostingRun[];
  /** Whether the page holds its postings itself (see `ShardSizes.inlineBytes`). */
  readonly inline: boolean;
  readonly path: string;
  readonly bytes: Uint8Array;
}

interface PostingRun {
  /** The place of its first term in the page. */
  readonly term: number;
  readonly hashed: string;
  readonly path: string;
  readonly from: number;
  readonly to: number;
}

/**
 * `shardIndex`, a step at a time: a Chinese blog's index has thousands of pages, which took the
 * exporting thread a third of a second to cut, while the export threads waited for their next
 * pages to render. With `last`, pages the last cut made of the same terms and postings are taken
 * up as they were, and `last` then holds this cut's. With `change` too, from the index `last` was
 * cut from, the pages are found from those of the last cut and what changed, and those that hold
 * no changed term are taken up without a look at their terms and postings: finding and comparing
 * every page of half a million terms took a save a fifth of a second.
 */
export function* shardingIndex(
  data: IndexData,
  sizes: ShardSizes = {},
  last?: LastCut,
  change?: IndexChange,
): Generator<void, IndexShards> {
  const limits = {
    dictionaryBytes: sizes.dictionaryBytes ?? DICTIONARY_BYTES,
    postingBytes: sizes.postingBytes ?? POSTING_BYTES,
    inlineBytes: sizes.inlineBytes ?? INLINE_BYTES,
  };
  const { dictionaryBytes: dictionaryLimit, postingBytes: postingLimit } = limits;
  const { postingStarts } = data;
  // Whether the page of the terms from `from` to `to` holds its postings itself.
  const inlines = ([from, to]: readonly [number, number]): boolean =>
    (postingStarts[to] ?? 0) - (postingStarts[from] ?? 0) <= limits.inlineBytes;
  const lastPages = change && last?.pagesOf(change.from, limits);
  last?.begin();
  const files = new Map<string, string | Uint8Array>();
  const { terms } = data;
  const termAt = (at: number): string => terms[at] ?? '';
  const pages: readonly PlannedPage[] =
    lastPages && change
      ? pagesAfterChange(data, lastPages, change.terms, dictionaryLimit)
      : runsOf([0, terms.length], dictionaryLimit, dictionarySize(terms), termAt).map((range) => ({
          range,
        }));
  const dictionaries: string[] = [];
  for (const [number, { range, same }] of pages.entries()) {
    if (number % PAGES_A_STEP === PAGES_A_STEP - 1) yield;
    const earlier = same ?? last?.page(termAt(range[0]));
    const inline = inlines(range);
    const taken =
      earlier &&
      earlier.inline === inline &&
      (same !== undefined || holdsSame(earlier, data, range))
        ? takenUp(earlier, data, range, files)
        : undefined;
    const cut = taken ?? cutPage(data, range, inline ? undefined : postingLimit, files);
    files.set(cut.path, cut.bytes);
    dictionaries.push(cut.path);
    last?.keep(cut);
  }
  last?.end(data, limits);

  const lengthBytes = leb128(data.lengths);
  const lengths = hashedPath('search/lengths', 'bin', lengthBytes);
  files.set(lengths, lengthBytes);
  return {
    manifest: {
      documentCount: data.documentCount,
      averageLengths: data.averageLengths,
      lengths,
      dictionaries,
      dictionaryStarts: pages.map(({ range: [from] }) => termAt(from)),
      postingsFolder: POSTINGS_FOLDER,
    },
    files,
  };
}

const POSTINGS_FOLDER = `${ASSET_FOLDER}search/`;

/** The bytes a term takes in a page of the dictionary. */
function dictionarySize(terms: readonly string[]): (term: number) => number {
  return (at) => utf8Length(terms[at] ?? '') + DICTIONARY_BYTES_PER_TERM;
}

/** A page of the dictionary to cut: its terms, and the page of the last cut it is, if known. */
interface PlannedPage {
  readonly range: readonly [from: number, to: number];
  /** A page of the last cut that holds the very same terms, numbers and postings. */
  readonly same?: CutPage;
}

/**
 * The pages of the dictionary of `data`, found from `lastPages`, the pages of the last cut, and
 * `changed`, the terms whose postings changed since, or that came or went. A page of the last cut
 * that holds none of them is the same page now, where it begins at the same term; pages are cut
 * anew only around the changed terms, until one begins where a page of the last cut began (pages
 * end where their terms allow, see `endsRun`).
 */
function pagesAfterChange(
  data: IndexData,
  lastPages: readonly CutPage[],
  changed: ReadonlySet<string>,
  limit: number,
): PlannedPage[] {
  const { terms, postingStarts } = data;
  const termAt = (at: number): string => terms[at] ?? '';
  const firsts = lastPages.map((page) => page.terms[0] ?? '');
  const firstAt = (at: number): string => firsts[at] ?? '';
  const changes = new Uint8Array(lastPages.length);
  for (const term of changed) {
    // The page that held the term, or would have.
    const at = lowerBound(firsts.length, term, firstAt);
    const page = firsts[at] === term ? at : Math.max(0, at - 1);
    changes[page] = 1;
    // A page may end by the size of the term after it: the first of the next.
    if (page > 0 && firsts[page] === term) changes[page - 1] = 1;
  }
  const sizeOf = dictionarySize(terms);
  const planned: PlannedPage[] = [];
  let at = 0;
  let page = 0;
  while (at < terms.length) {
    const last = lastPages[page];
    if (last && changes[page] === 0 && terms[at] === firsts[page]) {
      const to = at + last.terms.length;
      const postings = (postingStarts[to] ?? 0) - (postingStarts[at] ?? 0);
      if (terms[to - 1] === last.terms.at(-1) && postings === last.postings.length) {
        planned.push({ range: [at, to], same: last });
        at = to;
        page++;
        continue;
      }
    }
    const to = runEnd(at, terms.length, limit, sizeOf, termAt);
    planned.push({ range: [at, to] });
    at = to;
    // The pages of the last cut that began before the next term are behind.
    const next = terms[at];
    while (next !== undefined && page < firsts.length && firstAt(page) < next) page++;
  }
  return planned;
}

/**
 * Cuts the page of the dictionary holding the terms from `from` to `to`, adding its files of
 * postings, in runs of at most `postingLimit` bytes, to `files`; without a limit, the page holds
 * its postings itself. The page's own file is the caller's to add.
 */
function cutPage(
  data: IndexData,
  [from, to]: readonly [number, number],
  postingLimit: number | undefined,
  files: Map<string, string | Uint8Array>,
): CutPage {
  const { terms, postingStarts, postingBytes } = data;
  const termAt = (at: number): string => terms[at] ?? '';
  const pageStart = postingStarts[from] ?? 0;
  const postings = postingBytes.subarray(pageStart, postingStarts[to] ?? pageStart);
  // The page's postings, in runs of its own terms: a run cut anew changes its page alone.
  const runs: PostingRun[] = [];
  const file: number[] = [];
  const start: number[] = [];
  if (postingLimit === undefined) {
    for (let term = from; term < to; term++) start.push((postingStarts[term] ?? 0) - pageStart);
  }
  const runRanges =
    postingLimit === undefined
      ? []
      : runsOf(
          [from, to],
          postingLimit,
          (at) => (postingStarts[at + 1] ?? 0) - (postingStarts[at] ?? 0),
          termAt,
        );
  for (const [runFrom, runTo] of runRanges) {
    const first = postingStarts[runFrom] ?? 0;
    for (let term = runFrom; term < runTo; term++) {
      file.push(runs.length);
      start.push((postingStarts[term] ?? 0) - first);
    }
    // A view, not a copy: the index's bytes are not changed once cut, and a copy of every run
    // doubled the tens of megabytes a large site's export holds while it writes them.
    const bytes = postingBytes.subarray(first, postingStarts[runTo] ?? first);
    const hashed = hashedPath('search/postings', 'bin', bytes);
    const path = runPath(hashed, bytes, termAt(runFrom), files);
    files.set(path, bytes);
    runs.push({
      term: runFrom - from,
      hashed,
      path,
      from: first - pageStart,
      to: first - pageStart + bytes.length,
    });
  }
  const size: number[] = [];
  for (let term = from; term < to; term++) {
    size.push((postingStarts[term + 1] ?? 0) - (postingStarts[term] ?? 0));
  }
  const pageTerms = terms.slice(from, to);
  const frequency = data.documentFrequency.subarray(from, to);
  const dictionary: DictionaryFile = {
    terms: pageTerms,
    frequency: [...frequency],
    postings: runs.map(({ path }) => path.slice(POSTINGS_FOLDER.length)),
    file,
    start,
    size,
    ...(postingLimit === undefined && { inline: toBase64(postings) }),
  };
  const bytes = encoder.encode(JSON.stringify(dictionary));
  const starts = new Uint32Array(to - from + 1);
  for (let term = from; term <= to; term++)
    starts[term - from] = (postingStarts[term] ?? 0) - pageStart;
  return {
    terms: pageTerms,
    frequency,
    starts,
    postings,
    runs,
    inline: postingLimit === undefined,
    path: hashedPath('search/terms', 'json', bytes),
    bytes,
  };
}

/** `bytes` in base64, by the global that browsers and Node share. */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: a call takes a bounded number of arguments.
  for (let at = 0; at < bytes.length; at += 0x2000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x2000));
  }
  return btoa(binary);
}

/** The bytes `toBase64` wrote as `text`. */
function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The path of a run of postings whose bytes alone give it `hashed`: runs of the same bytes (rare
 * terms of the same posts) are one file. One whose hash alone is another's is told apart by its
 * first term, never by its place, which a change before it moves.
 */
function runPath(
  hashed: string,
  bytes: Uint8Array,
  firstTerm: string,
  files: ReadonlyMap<string, string | Uint8Array>,
): string {
  const taken = files.get(hashed);
  if (taken === undefined || sameBytes(taken, bytes)) return hashed;
  return hashedPath(`search/postings-${contentHash(firstTerm)}`, 'bin', bytes);
}

/**
 * Whether `earlier`, a page the last cut made, holds the very terms from `from` to `to`, with the
 * same numbers and postings.
 */
function holdsSame(
  earlier: CutPage,
  data: IndexData,
  [from, to]: readonly [number, number],
): boolean {
  const { terms, documentFrequency, postingStarts, postingBytes } = data;
  if (earlier.terms.length !== to - from) return false;
  const pageStart = postingStarts[from] ?? 0;
  for (let i = 0; i < earlier.terms.length; i++) {
    if (earlier.terms[i] !== terms[from + i]) return false;
    if (earlier.frequency[i] !== documentFrequency[from + i]) return false;
    if (earlier.starts[i + 1] !== (postingStarts[from + i + 1] ?? 0) - pageStart) return false;
  }
  const postings = postingBytes.subarray(pageStart, pageStart + earlier.postings.length);
  return sameBytes(earlier.postings, postings);
}

/**
 * `earlier`, a page the last cut made of the very terms from `from` to `to` of `data`, with the
 * same numbers and postings, if the files of this cut so far name its runs as the last did. Its
 * runs are then added to `files`.
 */
function takenUp(
  earlier: CutPage,
  data: IndexData,
  [from, to]: readonly [number, number],
  files: Map<string, string | Uint8Array>,
): CutPage | undefined {
  const { terms, documentFrequency, postingStarts, postingBytes } = data;
  const pageStart = postingStarts[from] ?? 0;
  const postings = postingBytes.subarray(pageStart, pageStart + earlier.postings.length);
  const runs = earlier.runs.map((run) => ({ run, bytes: postings.subarray(run.from, run.to) }));
  for (const { run, bytes } of runs) {
    const firstTerm = terms[from + run.term] ?? '';
    if (runPath(run.hashed, bytes, firstTerm, files) !== run.path) return undefined;
  }
  for (const { run, bytes } of runs) files.set(run.path, bytes);
  return { ...earlier, frequency: documentFrequency.subarray(from, to), postings };
}

/**
 * Whether two files hold the same bytes. Four at a time: runs that share their bytes are megabytes
 * of a large site's index, and its build compared them a byte at a time for tens of milliseconds.
 */
function sameBytes(a: string | Uint8Array, b: Uint8Array): boolean {
  if (typeof a === 'string' || a.length !== b.length) return false;
  const whole = a.length - (a.length % 4);
  // Views of runs start anywhere in the index's bytes: a data view reads them unaligned.
  const left = new DataView(a.buffer, a.byteOffset, a.length);
  const right = new DataView(b.buffer, b.byteOffset, b.length);
  for (let i = 0; i < whole; i += 4) if (left.getInt32(i) !== right.getInt32(i)) return false;
  for (let i = whole; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
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
  // The page of each dictionary file, by path.
  readonly #pageOf: ReadonlyMap<string, number>;
  // Pages fetched, and being fetched, by number.
  readonly #pages = new Map<number, TermDictionary>();
  readonly #pageReads = new Map<number, Promise<void>>();
  // Runs of more than one page that a query read, joined, by their first and last page.
  readonly #joined = new Map<string, TermDictionary>();
  // Postings fetched, by path.
  readonly #postings = new Map<string, Uint8Array>();
  // What the last query asked for and did not find at hand.
  readonly #wanted = new Set<string>();
  #lengthsLoaded: Promise<void> | undefined;

  constructor(manifest: ShardManifest) {
    this.#manifest = manifest;
    this.documentCount = manifest.documentCount;
    this.averageLengths = manifest.averageLengths;
    this.#pageOf = new Map(manifest.dictionaries.map((path, page) => [path, page]));
  }

  /** The pages that hold every term beginning with `prefix`, joined, once all are fetched. */
  dictionary(prefix: string): TermDictionary | undefined {
    const [first, last] = this.#pagesOf(prefix);
    const pages: TermDictionary[] = [];
    for (let page = first; page <= last; page++) {
      const fetched = this.#pages.get(page);
      if (fetched) pages.push(fetched);
      else this.#wanted.add(this.#manifest.dictionaries[page] ?? '');
    }
    // None while a page is still to be fetched (or the index has no terms at all).
    if (pages.length === 0 || pages.length < last - first + 1) return undefined;
    if (pages.length === 1) return pages[0];
    const key = `${first}-${last}`;
    let joined = this.#joined.get(key);
    if (!joined) {
      joined = joinPages(pages);
      this.#joined.set(key, joined);
    }
    return joined;
  }

  /** The first and last page of the terms that begin with `prefix` (first > last for none). */
  #pagesOf(prefix: string): [number, number] {
    const starts = this.#manifest.dictionaryStarts;
    // The page `prefix` would stand in: the last that begins before it, or at it.
    if (starts.length === 0) return [0, -1];
    const startAt = (at: number): string => starts[at] ?? '';
    const first = Math.max(0, lowerBound(starts.length, `${prefix}\0`, startAt) - 1);
    // Then every page whose first term begins with it.
    const last = Math.max(first, lowerBound(starts.length, `${prefix}\uffff`, startAt) - 1);
    return [first, last];
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

  /**
   * Runs `query` once its files are fetched: a round for the pages of its words, one for the
   * postings, and, for a word found nowhere, one for the pages of its first letter, where a typo
   * is looked for.
   */
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
      if ((this.#wanted.size === 0 && !lengths) || round >= MOST_ROUNDS) return result;
      await Promise.all([...[...this.#wanted].map((path) => this.#fetch(path, load)), lengths]);
      lengths = undefined;
    }
  }

  /**
   * Fetches the pages of the dictionary `query` reads and nothing else, as a reader types it: by
   * the time the query is asked, its words' pages are at hand and it waits only for postings.
   */
  async prefetch(query: string, load: ShardLoader): Promise<void> {
    this.#wanted.clear();
    search(this, query, { limit: 1 });
    const pages = [...this.#wanted].filter((path) => this.#pageOf.has(path));
    await Promise.all(pages.map((path) => this.#fetch(path, load)));
  }

  async #fetch(path: string, load: ShardLoader): Promise<void> {
    const page = this.#pageOf.get(path);
    if (page !== undefined) {
      // Asked for by a prefetch and by a query at once, a page is read once.
      let reading = this.#pageReads.get(page);
      if (!reading) {
        reading = load(path).then((loaded) => {
          const file = JSON.parse(
            typeof loaded === 'string' ? loaded : new TextDecoder().decode(loaded),
          ) as DictionaryFile;
          this.#pages.set(page, this.#dictionaryOf(file));
        });
        // A failed fetch is tried again by the next query.
        reading.catch(() => this.#pageReads.delete(page));
        this.#pageReads.set(page, reading);
      }
      return reading;
    }
    if (path.startsWith(this.#manifest.postingsFolder)) {
      this.#postings.set(path, toBytes(await load(path)));
    }
  }

  #dictionaryOf(file: DictionaryFile): TermDictionary {
    const inline = file.inline === undefined ? undefined : fromBase64(file.inline);
    return {
      terms: file.terms,
      documentFrequency: file.frequency,
      postingSize: (term) => file.size[term] ?? 0,
      postings: (term) => {
        if (inline) {
          const start = file.start[term] ?? 0;
          return inline.subarray(start, start + (file.size[term] ?? 0));
        }
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

// Rounds of fetching a query may take: pages of its words, pages of a typo's first letter,
// postings, and a spare for the Korean compounds looked up part by part.
const MOST_ROUNDS = 6;

/** Neighbouring pages of a dictionary as one, their terms numbered from the first page's first. */
function joinPages(parts: readonly TermDictionary[]): TermDictionary {
  const offsets: number[] = [];
  let count = 0;
  for (const part of parts) {
    offsets.push(count);
    count += part.terms.length;
  }
  // The page of a joined term, and its number there.
  const find = (term: number): [TermDictionary | undefined, number] => {
    let at = parts.length - 1;
    while (at > 0 && (offsets[at] ?? 0) > term) at--;
    return [parts[at], term - (offsets[at] ?? 0)];
  };
  return {
    terms: parts.flatMap((part) => part.terms),
    documentFrequency: parts.flatMap((part) => Array.from(part.documentFrequency)),
    postingSize: (term) => {
      const [part, number] = find(term);
      return part?.postingSize(number) ?? 0;
    },
    postings: (term) => {
      const [part, number] = find(term);
      return part?.postings(number);
    },
  };
}

function toBytes(content: string | Uint8Array): Uint8Array {
  return typeof content === 'string' ? encoder.encode(content) : content;
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

/** The start of a post's search text that an exported results list cuts snippets from. */
export function snippetSource(text: string): string {
  return snippetText(text, SNIPPET_SOURCE_LENGTH);
}
/** Posts per file of entries: a page of results fetches one file per post it shows, at most. */
export const ENTRIES_PER_FILE = 8;

/** Where a post's entry is: the number of its file, and its place in the file. */
export interface EntryPlace {
  readonly file: number;
  readonly index: number;
}

/**
 * Where the entry of the post search numbers `post` (see `searchNumber`) is. Files are counted
 * from the oldest post, so that a new post changes the newest file alone and every other keeps
 * its name; each holds its posts oldest first, the newest file those left over.
 */
export function entryPlace(post: number): EntryPlace {
  return { file: Math.floor(post / ENTRIES_PER_FILE), index: post % ENTRIES_PER_FILE };
}

/** The posts of file `file` of entries, of `count`: from the oldest, `from`, to before `to`. */
export function entryFilePosts(file: number, count: number): { from: number; to: number } {
  return {
    from: file * ENTRIES_PER_FILE,
    to: Math.min(count, (file + 1) * ENTRIES_PER_FILE),
  };
}

/** The `number`th file of entries (see `entryPlace`), holding `entries`, in order. */
export function entryFile(
  entries: readonly DocumentEntry[],
  number: number,
): { readonly path: string; readonly content: Uint8Array } {
  // As bytes, once: both naming the file and writing it want them.
  const content = encoder.encode(JSON.stringify(entries));
  return { path: hashedPath(`search/entries-${number}`, 'json', content), content };
}

/** The number of the file of entries at the URL path `path`, as `entryFile` names it, if it is one. */
export function entryFileNumber(path: string): number | undefined {
  const match = ENTRY_FILE.exec(path);
  return match ? Number(match[1]) : undefined;
}

// Named otherwise while files were counted from the newest post: a build never takes such a file
// as one of its own.
const ENTRY_FILE = new RegExp(
  `^${ASSET_FOLDER}search/entries-(0|[1-9][0-9]*)\\.[0-9a-f]{8}\\.json$`,
);

/** The files of a site's search: the cut index, and the entries of its posts. */
export interface SearchFiles {
  readonly manifest: ShardManifest;
  /** The files of entries, by number (see `entryPlace`). */
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
