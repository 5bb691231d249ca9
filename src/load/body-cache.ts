// Load: rendered post bodies kept on disk under the site's `.folio/cache/bodies/`, by a hash of
// everything the rendering read, so that a build renders only the bodies that changed since the
// last one — Markdown and highlighting are most of the work of rendering a page.
//
// Entries are appended to a few pack files rather than kept one to a file: a build from nothing
// writes ten thousand of them, and on a disk where creating a file costs a third of a millisecond
// of the system's time, files of their own cost such a build a fifth of its time. Each cache that
// writes appends to a pack of its own, `WRITER.pack`, and notes each entry in `WRITER.index`, a
// line `KEY OFFSET LENGTH` once the entry's bytes are in: a stopped build leaves whole lines for
// whole entries. The small packs of many builds are merged now and then (`compactBodyCache`).
import { createHash } from 'node:crypto';
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';
import type { BodyFeature, BodyMistake, Reference } from '../content/post.js';
import { folioRoot } from './folio-package.js';
import { isRunning, keepOutOfGit, SITE_CACHE_DIR } from './site-cache.js';

export const BODY_CACHE_DIR = join(SITE_CACHE_DIR, 'bodies');

/** Raised whenever what an entry holds changes meaning: older entries are then never read. */
const ENTRY_FORMAT = 4;

const PACK = '.pack';
const INDEX = '.index';

/** What a body's rendering found, kept whole so that a hit parses nothing. */
export interface CachedBody {
  readonly html: string;
  readonly features: readonly BodyFeature[];
  readonly excerpt: string;
  readonly references: readonly Reference[];
  readonly mistakes: readonly BodyMistake[];
  readonly searchText: string;
  /** Whole minutes to read it. */
  readonly minutes: number;
  /**
   * Each image the HTML describes, by its path, with what was known of it then (its size, its
   * smaller versions), as `imageFacts` gives it: an entry is used only while they all still hold.
   */
  readonly images: readonly (readonly [src: string, facts: string])[];
}

/** Where an entry's bytes are: in which pack, from where, how many. */
interface EntryPlace {
  readonly pack: string;
  readonly at: number;
  readonly length: number;
}

/** The pack this cache appends to, once it has written an entry. */
interface OpenPack {
  readonly name: string;
  readonly pack: number;
  readonly index: number;
  /** Where the next entry goes: the pack's size once every pending entry is written. */
  at: number;
  /**
   * The bytes of the entries not yet written, the first `pendingBytes` of `pending`, and their
   * lines of the index. Encoded into one buffer kept for the pack's life: a buffer for each entry
   * would cost a build from nothing ten thousand allocations the size of a body.
   */
  readonly pending: Buffer;
  pendingBytes: number;
  pendingIndex: string;
}

/**
 * How many bytes of entries are gathered before they are written: a write for each of ten
 * thousand bodies costs a build from nothing more than their bytes do.
 */
const PENDING_BYTES = 4 * 1024 * 1024;

/**
 * The cache of one site. Reads and writes synchronously: it is used as a page is rendered, on
 * an export's own threads. An entry that cannot be read is a miss, and one that cannot be
 * written is left out: the cache only ever saves work.
 */
export class BodyCache {
  readonly #root: string;
  readonly #dir: string;
  readonly #fingerprint: string;
  #indexes: readonly IndexText[] | undefined;
  // Every entry by key, once enough were looked for; until then each is found in the indexes'
  // text, a few hundred kilobytes at ten thousand posts: a rebuild after an edit looks for one.
  #lines: Map<string, readonly [IndexText, number]> | undefined;
  #lookups = 0;
  readonly #written = new Map<string, EntryPlace>();
  readonly #readers = new Map<string, number>();
  #writing: OpenPack | 'failed' | undefined;

  /**
   * `fingerprint` names the code that renders (see `rendererFingerprint`): its entries are kept
   * in a folder of their own, which `forgetOtherRenderers` keeps alone.
   */
  constructor(siteDir: string, fingerprint: string) {
    this.#root = join(siteDir, BODY_CACHE_DIR);
    this.#dir = join(this.#root, rendererFolder(fingerprint));
    this.#fingerprint = fingerprint;
  }

  /**
   * The key of a body rendered from `text` with `settings`, every one its HTML depends on. The
   * text is hashed as it is, after the settings' JSON, which holds no NUL: written as JSON too, it
   * would be copied with each of its quotes and line ends escaped, only to be hashed.
   */
  key(text: string, settings: readonly unknown[]): string {
    return createHash('sha256')
      .update(JSON.stringify([ENTRY_FORMAT, this.#fingerprint, ...settings]))
      .update('\0')
      .update(text)
      .digest('base64url');
  }

  get(key: string): CachedBody | undefined {
    const place = this.#find(key);
    if (!place) return undefined;
    try {
      if (typeof this.#writing === 'object' && place.pack === this.#writing.name) this.#flush();
      const bytes = Buffer.allocUnsafe(place.length);
      const read = readSync(this.#reader(place.pack), bytes, 0, place.length, place.at);
      return read === place.length ? parseEntry(bytes.toString('utf8')) : undefined;
    } catch {
      return undefined;
    }
  }

  set(key: string, body: CachedBody): void {
    if (this.#find(key)) return;
    const writing = this.#pack();
    if (!writing) return;
    const texts = entryTexts(body);
    // UTF-8 takes at most three bytes for each UTF-16 unit.
    const most = 3 * texts.reduce((sum, text) => sum + text.length, 0);
    if (writing.pendingBytes + most > writing.pending.length) this.#flush();
    if (typeof this.#writing !== 'object') return;
    let length = 0;
    if (most <= writing.pending.length) {
      for (const text of texts)
        length += writing.pending.write(text, writing.pendingBytes + length);
      writing.pendingBytes += length;
      writing.pendingIndex += `${key} ${writing.at} ${length}\n`;
    } else {
      // Larger than all that is gathered: written alone.
      const bytes = Buffer.from(texts.join(''));
      length = bytes.length;
      if (!this.#append(writing, bytes, writing.at, `${key} ${writing.at} ${length}\n`)) return;
    }
    this.#written.set(key, { pack: writing.name, at: writing.at, length });
    writing.at += length;
  }

  /** Appends the entries gathered since the last flush to the pack, and their lines to the index. */
  #flush(): void {
    const writing = this.#writing;
    if (typeof writing !== 'object' || writing.pendingBytes === 0) return;
    const bytes = writing.pending.subarray(0, writing.pendingBytes);
    if (this.#append(writing, bytes, writing.at - bytes.length, writing.pendingIndex)) {
      writing.pendingBytes = 0;
      writing.pendingIndex = '';
    }
  }

  /**
   * Writes `bytes` to the pack from `position`, then `lines` to the index: a line is never there
   * before its bytes. On a full disk, what is noted stays whole, nothing more is written, and the
   * entries not written are misses.
   */
  #append(writing: OpenPack, bytes: Buffer, position: number, lines: string): boolean {
    try {
      writeSync(writing.pack, bytes, 0, bytes.length, position);
      writeSync(writing.index, lines);
      return true;
    } catch {
      for (const [key, place] of this.#written) {
        if (place.pack === writing.name && place.at >= position) this.#written.delete(key);
      }
      closeSync(writing.pack);
      closeSync(writing.index);
      this.#writing = 'failed';
      return false;
    }
  }

  /** Lets go of the files it reads and appends to: once the build that used it is done. */
  close(): void {
    this.#flush();
    for (const fd of this.#readers.values()) closeSync(fd);
    this.#readers.clear();
    if (typeof this.#writing === 'object') {
      closeSync(this.#writing.pack);
      closeSync(this.#writing.index);
    }
    this.#writing = undefined;
  }

  /** Where the entry of `key` is, as this cache wrote it or the packs' indexes say. */
  #find(key: string): EntryPlace | undefined {
    const written = this.#written.get(key);
    if (written) return written;
    this.#indexes ??= readIndexes(this.#dir);
    if (!this.#lines && ++this.#lookups > LOOKUPS_BY_TEXT) this.#lines = linesByKey(this.#indexes);
    if (this.#lines) {
      const line = this.#lines.get(key);
      return line && placeAt(...line);
    }
    for (const index of this.#indexes) {
      const place = placeIn(index, key);
      if (place) return place;
    }
    return undefined;
  }

  #reader(pack: string): number {
    let fd = this.#readers.get(pack);
    if (fd === undefined) {
      fd = openSync(join(this.#dir, `${pack}${PACK}`), 'r');
      this.#readers.set(pack, fd);
    }
    return fd;
  }

  /** The pack this cache appends to, made with its first entry; none once writing failed. */
  #pack(): OpenPack | undefined {
    if (this.#writing === 'failed') return undefined;
    if (this.#writing) return this.#writing;
    const name = `${process.pid}-${threadId}-${Math.random().toString(36).slice(2, 10)}`;
    let pack: number | undefined;
    try {
      mkdirSync(this.#dir, { recursive: true });
      keepOutOfGit(this.#root, 'Post bodies rendered');
      pack = openSync(join(this.#dir, `${name}${PACK}`), 'wx');
      const index = openSync(join(this.#dir, `${name}${INDEX}`), 'wx');
      this.#writing = {
        name,
        pack,
        index,
        at: 0,
        pending: Buffer.allocUnsafeSlow(PENDING_BYTES),
        pendingBytes: 0,
        pendingIndex: '',
      };
      return this.#writing;
    } catch {
      // A read-only site folder: the next build renders what this one would have kept.
      if (pack !== undefined) closeSync(pack);
      this.#writing = 'failed';
      return undefined;
    }
  }
}

/**
 * The text of the entry of `body`, to be written as UTF-8: a line of JSON with what its rendering found and how long its
 * HTML is, then the HTML and what search reads, as they are — the two make most of its bytes, and
 * JSON would escape every quote of the HTML for nothing.
 */
export function entryTexts(body: CachedBody): [head: string, html: string, searchText: string] {
  const { html, searchText, ...facts } = body;
  return [`${JSON.stringify({ ...facts, htmlLength: html.length })}\n`, html, searchText];
}

/** The body of an entry's text, as `entryTexts` gave it; undefined for one that is not whole. */
export function parseEntry(text: string): CachedBody | undefined {
  const headEnd = text.indexOf('\n');
  if (headEnd === -1) return undefined;
  const { htmlLength, ...facts } = JSON.parse(text.slice(0, headEnd)) as Partial<CachedBody> & {
    htmlLength?: unknown;
  };
  const htmlEnd = headEnd + 1 + Number(htmlLength);
  if (
    !Number.isInteger(htmlLength) ||
    htmlEnd > text.length ||
    !Array.isArray(facts.images) ||
    typeof facts.minutes !== 'number'
  ) {
    return undefined;
  }
  return {
    ...facts,
    html: text.slice(headEnd + 1, htmlEnd),
    searchText: text.slice(htmlEnd),
  } as CachedBody;
}

/** Lookups found in the indexes' text before every entry is put in a map. */
const LOOKUPS_BY_TEXT = 32;

/** The index of a pack, as its file reads, with the size of its pack. */
interface IndexText {
  readonly name: string;
  readonly text: string;
  readonly size: number;
}

/** The indexes of the packs in `dir` (of those named `packs`) that could be read. */
function readIndexes(dir: string, packs?: readonly string[]): IndexText[] {
  let names: readonly string[];
  try {
    names =
      packs ??
      readdirSync(dir)
        .filter((name) => name.endsWith(INDEX))
        .map((name) => name.slice(0, -INDEX.length));
  } catch {
    return [];
  }
  const indexes: IndexText[] = [];
  for (const name of names) {
    try {
      const size = statSync(join(dir, `${name}${PACK}`)).size;
      indexes.push({ name, text: readFileSync(join(dir, `${name}${INDEX}`), 'utf8'), size });
    } catch {
      // A pack whose index or bytes are gone: its entries are misses.
    }
  }
  return indexes;
}

/** The place the line of `index` from `start` gives, if whole and its bytes are in the pack. */
function placeAt(index: IndexText, start: number): EntryPlace | undefined {
  const end = index.text.indexOf('\n', start);
  if (end === -1) return undefined;
  const [, at, length] = index.text.slice(start, end).split(' ');
  const place = { pack: index.name, at: Number(at), length: Number(length) };
  return Number.isInteger(place.at) &&
    Number.isInteger(place.length) &&
    place.at + place.length <= index.size
    ? place
    : undefined;
}

/** Where the line of each key starts, in which index: later packs' lines over earlier ones'. */
function linesByKey(indexes: readonly IndexText[]): Map<string, readonly [IndexText, number]> {
  const lines = new Map<string, readonly [IndexText, number]>();
  for (const index of indexes) {
    const { text } = index;
    for (let start = 0, end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      lines.set(text.slice(start, text.indexOf(' ', start)), [index, start]);
      start = end + 1;
    }
  }
  return lines;
}

/** The entries of a pack, from the whole lines of its index: a stopped build's last is not. */
function entriesOf(index: IndexText): (readonly [string, EntryPlace])[] {
  const entries: (readonly [string, EntryPlace])[] = [];
  for (const [key, [, start]] of linesByKey([index])) {
    const place = placeAt(index, start);
    if (place) entries.push([key, place]);
  }
  return entries;
}

/** The place of `key` in `index`, found in its text. */
function placeIn(index: IndexText, key: string): EntryPlace | undefined {
  const { text } = index;
  for (let at = text.indexOf(`${key} `); at !== -1; at = text.indexOf(`${key} `, at + 1)) {
    if (at === 0 || text[at - 1] === '\n') return placeAt(index, at);
  }
  return undefined;
}

const fileSize = (file: string): number => {
  try {
    return statSync(file).size;
  } catch {
    return Infinity;
  }
};

/** Whether the process that named the pack `name` (after itself) runs, and may write it still. */
function writerRuns(name: string): boolean {
  const pid = Number(name.split('-')[0]);
  return Number.isInteger(pid) && isRunning(pid);
}

/** Packs smaller than this are merged into one once there are more than `SMALL_PACKS_KEPT`. */
const SMALL_PACK_BYTES = 4 * 1024 * 1024;
const SMALL_PACKS_KEPT = 8;

/**
 * Merges the small packs of the renderer of `fingerprint`, each the few bodies a build rendered
 * again after an edit, into one, once there are many: every build reads every index. Packs of
 * builds that may still run (their process is alive) are left as they are.
 */
export function compactBodyCache(siteDir: string, fingerprint: string): void {
  const dir = join(siteDir, BODY_CACHE_DIR, rendererFolder(fingerprint));
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(PACK) && !writerRuns(name));
  } catch {
    return;
  }
  const smallNames = names.filter((name) => fileSize(join(dir, name)) < SMALL_PACK_BYTES);
  // Most builds find a few: their indexes are read only to be merged.
  if (smallNames.length <= SMALL_PACKS_KEPT) return;
  const small = readIndexes(
    dir,
    smallNames.map((name) => name.slice(0, -PACK.length)),
  ).map((index) => ({ name: index.name, entries: entriesOf(index) }));
  const name = `merged-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  const draft = join(dir, `${name}${PACK}.draft`);
  const lines: string[] = [];
  let fd: number | undefined;
  try {
    fd = openSync(draft, 'wx');
    let at = 0;
    for (const pack of small) {
      const bytes = readFileSync(join(dir, `${pack.name}${PACK}`));
      for (const [key, place] of pack.entries) {
        writeSync(fd, bytes, place.at, place.length, at);
        lines.push(`${key} ${at} ${place.length}\n`);
        at += place.length;
      }
    }
    closeSync(fd);
    fd = undefined;
    // The pack in place before its index: an index never names bytes that are not there.
    renameSync(draft, join(dir, `${name}${PACK}`));
    const index = join(dir, `${name}${INDEX}`);
    writeFileSync(`${index}.draft`, lines.join(''), { flag: 'wx' });
    renameSync(`${index}.draft`, index);
  } catch {
    if (fd !== undefined) closeSync(fd);
    rmSync(draft, { force: true });
    return;
  }
  try {
    for (const pack of small) {
      rmSync(join(dir, `${pack.name}${INDEX}`), { force: true });
      rmSync(join(dir, `${pack.name}${PACK}`), { force: true });
    }
  } catch {
    // Packs that stay hold the same entries as the merged one: they cost only their reading.
  }
}

/** The folder of a renderer's entries: a new version's entries never mix with an old one's. */
export const rendererFolder = (fingerprint: string): string => fingerprint.slice(0, 16);

/**
 * Removes the entries of every renderer but the one of `fingerprint`: code that changed never
 * reads them again, and the cache would otherwise grow with every upgrade.
 */
export function forgetOtherRenderers(siteDir: string, fingerprint: string): void {
  const root = join(siteDir, BODY_CACHE_DIR);
  try {
    for (const entry of readdirSync(root, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== rendererFolder(fingerprint)) {
        rmSync(join(root, entry.name), { recursive: true, force: true });
      }
    }
  } catch {
    // No cache yet, or one that cannot be changed: it only costs space.
  }
}

/**
 * What rendering an image of a body reads of it, as one string: its size and smaller versions,
 * as the functions given find them now.
 */
export function imageFacts(
  src: string,
  imageSize: (src: string) => unknown,
  responsive: ((src: string) => unknown) | undefined,
): string {
  return JSON.stringify([imageSize(src) ?? null, responsive?.(src) ?? null]);
}

// Each version's fingerprint, worked out once: the code that runs in a process is the code it
// loaded, whatever becomes of its files later; a process that builds again and again
// (`folio build --watch`) then hashes them once, not before each build.
const fingerprints = new Map<string, string>();

/**
 * A hash of the code that renders bodies: the Folio version, every file of Folio's own code, and
 * the list of packages installed with it. A new version, an edited checkout or updated packages
 * then never read an entry that older code wrote.
 */
export function rendererFingerprint(version: string): string {
  let fingerprint = fingerprints.get(version);
  if (fingerprint === undefined) {
    fingerprint = codeFingerprint(version);
    fingerprints.set(version, fingerprint);
  }
  return fingerprint;
}

function codeFingerprint(version: string): string {
  const hash = createHash('sha256').update(version);
  // The code that runs: `dist/bundle/` as bundled, which holds this file; `src/` under a
  // TypeScript loader or `dist/` as compiled, which hold the folder this file is in.
  const here = dirname(fileURLToPath(import.meta.url));
  const code = `${basename(here) === 'bundle' ? here : dirname(here)}${sep}`;
  const files = readdirSync(code, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(?:[cm]?js|ts)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(file.slice(code.length)).update(readFileSync(file));
  const root = folioRoot();
  for (const lock of [join('node_modules', '.package-lock.json'), 'package-lock.json']) {
    try {
      hash.update(readFileSync(join(root, lock)));
      break;
    } catch {
      // Not installed by npm, or not from a checkout: the version stands for the packages.
    }
  }
  return hash.digest('base64url');
}
