// Deliver: the manifest a build leaves in its output folder — which Folio built it, from which
// site, and every file it wrote with a hash of its bytes and how it stood on disk — so that the
// next build into the folder can write only the files whose bytes change.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { BodyFeature } from '../../content/post.js';
import { stampOf } from '../../content/site-layout.js';

/** The manifest, in the output folder. */
export const MANIFEST_FILE = '.folio-manifest.json';
/**
 * The next manifest, written before a build starts putting files in place and removed once the
 * manifest is: while it is there, the folder is part old and part new.
 */
export const COMMIT_FILE = '.folio-commit.json';
/**
 * How the folders begin where builds that write only what changed stage their new files, inside
 * the output folder; the process and instant follow, so that two builds never share one.
 */
export const STAGING_PREFIX = '.folio-staging-';

/**
 * Raised whenever what a manifest holds, or how its file holds it, changes: an older one is then
 * not trusted. Format 3 keeps each field of the files and documents in a list of its own, where 2
 * kept an object for each: a large site's manifest took a rebuild half the time to read and write.
 */
export const MANIFEST_FORMAT = 3;

/** A file a build wrote: its bytes, and how it stood on disk once written. */
export interface ManifestEntry {
  /** SHA-256 of the bytes, base64url. */
  readonly hash: string;
  /** Its size in bytes, which is also its size on disk once written. */
  readonly size: number;
  /** Its modification time on disk once written, epoch ms as the system reports it. */
  readonly mtime: number;
  /**
   * For a file copied from the site or its cache (a static file, an image's variant): the stamp
   * of the file it was copied from, by which a later build keeps it without reading that again.
   */
  readonly source?: string;
}

export interface Manifest {
  readonly format: number;
  /** The version of Folio that built the folder. */
  readonly folio: string;
  /**
   * The version of Node it ran on, whose zlib made the `.br` and `.gz` files: another may
   * compress the same bytes differently, and a kept file would then differ from a new one.
   */
  readonly node: string;
  /** The site it was built from: its folder, links resolved, and the config's `url`. */
  readonly site: { readonly dir: string; readonly url: string };
  /** Whether `.br` and `.gz` forms were written beside text files. */
  readonly precompress: boolean;
  /** Every file the build wrote, by path relative to the folder with `/` between parts. */
  readonly files: ReadonlyMap<string, ManifestEntry>;
  /**
   * What the build knew of each document it wrote, by URL path: a later build whose inputs for
   * a document are the same keeps its files without rendering it.
   */
  readonly documents: ReadonlyMap<string, DocumentRecord>;
  /** What every document was made from but the bodies it shows; none when it was not known. */
  readonly frame?: DocumentFrame | undefined;
}

/**
 * What the documents of a build were made from but the bodies they show, as one hash, with a hash
 * of each post and page file's text (see `DocumentKeys.frame`).
 */
export interface DocumentFrame {
  readonly key: string;
  /** The hash of each file's text, by its path in the site folder. */
  readonly bodies: ReadonlyMap<string, string>;
}

/**
 * The frame every share of a build loaded the site in, or none when one share's differs: each
 * records the keys of the documents it renders by its own load, and a frame that one of them did
 * not see would let a later build take keys that no longer describe what the output holds.
 */
export function agreedFrame(
  frames: readonly (DocumentFrame | undefined)[],
): DocumentFrame | undefined {
  const [first] = frames;
  if (!first) return undefined;
  const same = (frame: DocumentFrame | undefined): boolean =>
    frame !== undefined &&
    frame.key === first.key &&
    frame.bodies.size === first.bodies.size &&
    [...first.bodies].every(([file, hash]) => frame.bodies.get(file) === hash);
  return frames.every(same) ? first : undefined;
}

/** A document a build wrote: what it was made from, its files, and what its bodies used. */
export interface DocumentRecord {
  /** A hash of everything the document was rendered from (see `DocumentKeys`). */
  readonly key: string;
  /** Its files as `files` lists them: the document, and its compressed forms if written. */
  readonly files: readonly string[];
  /** What its bodies use that pages load packaged files for (math, diagrams). */
  readonly features: readonly BodyFeature[];
}

/** What a manifest must agree with for a build to trust it. */
export interface ManifestExpectation {
  readonly folio: string;
  readonly node: string;
  readonly site: { readonly dir: string; readonly url: string | undefined };
}

/** The hash a manifest keeps of a file's bytes. */
export function hashBytes(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('base64url');
}

/** A manifest read from a folder, or why there is none that can be read. */
export type ManifestRead =
  | {
      readonly manifest: Manifest;
      /** How its file stood when read: another read of the same stamp read the same manifest. */
      readonly stamp: string;
    }
  | { readonly missing: true }
  | {
      readonly unreadable: string;
      /** The files it lists all the same: one of an older format lists what a build wrote. */
      readonly paths?: readonly string[];
    };

/**
 * The manifest last read from each file, with how the file stood: a build reads its output's
 * manifest as it plans, and again each time it lists the output for files it did not write, and a
 * large site's manifest (4 MB at 10,000 posts) took 0.1 s to parse and check each time.
 */
const lastRead = new Map<string, { readonly stamp: string; readonly manifest: Manifest }>();

/** Lets go of the manifests read so far: a thread that will not read them again keeps none. */
export function forgetReadManifests(): void {
  lastRead.clear();
}

/**
 * Remembers `manifest` as the one the file `name` of `folder` holds, as written there just now: a
 * build run again in the same process (`folio build --watch`) then takes it from memory while the
 * file stands as it was. Kept as a read would give it back: only what the file records.
 */
export function rememberManifest(
  folder: string,
  manifest: Manifest,
  name = MANIFEST_FILE,
  /** How the file stood once written, when known; by default as it stands now. */
  written?: string,
): void {
  const file = join(folder, name);
  const info = written === undefined ? statSync(file, { throwIfNoEntry: false }) : undefined;
  const stamp = written ?? (info && stampOf(info));
  if (stamp === undefined) return;
  const files = new Map<string, ManifestEntry>();
  for (const [path, { hash, size, mtime, source }] of manifest.files) {
    files.set(path, source === undefined ? { hash, size, mtime } : { hash, size, mtime, source });
  }
  const documents = new Map<string, DocumentRecord>();
  for (const [path, { key, files: written, features }] of manifest.documents) {
    documents.set(path, { key, files: written, features });
  }
  const { frame } = manifest;
  const kept = manifestWith(
    manifest,
    files,
    documents,
    frame && { key: frame.key, bodies: frame.bodies },
  );
  lastRead.set(file, { stamp, manifest: kept });
}

/** Reads the manifest of `folder` (or the file `name` there), checking its shape. */
export function readManifest(folder: string, name = MANIFEST_FILE): Promise<ManifestRead> {
  return Promise.resolve(readManifestFile(join(folder, name)));
}

/** The paths a manifest file of `folder` lists; none when it is missing or unreadable. */
export function manifestPaths(folder: string, name: string): readonly string[] {
  const read = readManifestFile(join(folder, name));
  if ('manifest' in read) return [...read.manifest.files.keys()];
  return ('paths' in read && read.paths) || [];
}

function readManifestFile(file: string): ManifestRead {
  try {
    const info = statSync(file);
    const stamp = stampOf(info);
    const last = lastRead.get(file);
    if (last?.stamp === stamp) return { manifest: last.manifest, stamp };
    const read = parseManifest(readFileSync(file, 'utf8'));
    if (!('manifest' in read)) {
      lastRead.delete(file);
      return read;
    }
    lastRead.set(file, { stamp, manifest: read.manifest });
    return { manifest: read.manifest, stamp };
  } catch (cause) {
    const { code, message } = cause as NodeJS.ErrnoException;
    if (code === 'ENOENT') return { missing: true };
    return { unreadable: code === 'EISDIR' ? 'it is a folder' : message };
  }
}

/** A manifest's file, or why it is not one this Folio can build on. */
function parseManifest(
  text: string,
):
  | { readonly manifest: Manifest }
  | { readonly unreadable: string; readonly paths?: readonly string[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { unreadable: 'it is not JSON' };
  }
  if (isRecord(value) && typeof value.format === 'number' && value.format !== MANIFEST_FORMAT) {
    const paths = isRecord(value.files) ? Object.keys(value.files).filter(isOwnPath) : [];
    return {
      unreadable: `it is of format ${value.format}, and this Folio writes format ${MANIFEST_FORMAT}`,
      paths,
    };
  }
  const manifest = decodeManifest(value);
  return manifest ? { manifest } : { unreadable: 'it is not a manifest of Folio' };
}

/**
 * The manifest as its file holds it: each field of the files, the documents and the frame in a
 * list of its own, in the order of their paths, and a document's files by their place among the
 * files. A list of strings or numbers is read several times faster than an object for each.
 */
interface ManifestFile {
  readonly format: number;
  readonly folio: string;
  readonly node: string;
  readonly site: { readonly dir: string; readonly url: string };
  readonly precompress: boolean;
  readonly files: {
    readonly paths: readonly string[];
    readonly hashes: readonly string[];
    readonly sizes: readonly number[];
    readonly mtimes: readonly number[];
    /** `null` for a file not copied. */
    readonly sources: readonly (string | null)[];
  };
  readonly documents: {
    readonly paths: readonly string[];
    readonly keys: readonly string[];
    readonly files: readonly (readonly number[])[];
    readonly features: readonly (readonly BodyFeature[])[];
  };
  readonly frame?: {
    readonly key: string;
    readonly files: readonly string[];
    readonly hashes: readonly string[];
  };
}

/** The text of the manifest's file. */
function manifestText(manifest: Manifest): string {
  const paths = [...manifest.files.keys()].sort();
  const place = new Map(paths.map((path, i) => [path, i]));
  const entries = paths.map((path) => manifest.files.get(path) as ManifestEntry);
  const documentPaths = [...manifest.documents.keys()].sort();
  const records = documentPaths.map((path) => manifest.documents.get(path) as DocumentRecord);
  const placeOf = (file: string): number => {
    const at = place.get(file);
    if (at === undefined) throw new Error(`a document's file is not among the files: ${file}`);
    return at;
  };
  const { frame } = manifest;
  const file: ManifestFile = {
    format: manifest.format,
    folio: manifest.folio,
    node: manifest.node,
    site: manifest.site,
    precompress: manifest.precompress,
    files: {
      paths,
      hashes: entries.map(({ hash }) => hash),
      sizes: entries.map(({ size }) => size),
      mtimes: entries.map(({ mtime }) => mtime),
      sources: entries.map(({ source }) => source ?? null),
    },
    documents: {
      paths: documentPaths,
      keys: records.map(({ key }) => key),
      files: records.map(({ files }) => files.map(placeOf)),
      features: records.map(({ features }) => features),
    },
    ...(frame && {
      frame: {
        key: frame.key,
        files: [...frame.bodies.keys()],
        hashes: [...frame.bodies.values()],
      },
    }),
  };
  return `${JSON.stringify(file)}\n`;
}

/** The manifest a file holds, or none when it is not one of this format, whole and sound. */
function decodeManifest(value: unknown): Manifest | undefined {
  if (!isRecord(value) || !isRecord(value.site) || !isRecord(value.files)) return undefined;
  if (!isRecord(value.documents)) return undefined;
  const { format, folio, node, site, precompress } = value;
  if (
    typeof format !== 'number' ||
    typeof folio !== 'string' ||
    typeof node !== 'string' ||
    typeof site.dir !== 'string' ||
    typeof site.url !== 'string' ||
    typeof precompress !== 'boolean'
  ) {
    return undefined;
  }
  const files = decodeFiles(value.files);
  const documents = files && decodeDocuments(value.documents, value.files.paths as string[]);
  const frame = value.frame === undefined ? undefined : decodeFrame(value.frame);
  if (!files || !documents || frame === null) return undefined;
  const fields = { format, folio, node, site: { dir: site.dir, url: site.url }, precompress };
  return manifestWith(fields, files, documents, frame);
}

/** A manifest of these fields, files, documents and frame, holding nothing else. */
function manifestWith(
  fields: Pick<Manifest, 'format' | 'folio' | 'node' | 'site' | 'precompress'>,
  files: ReadonlyMap<string, ManifestEntry>,
  documents: ReadonlyMap<string, DocumentRecord>,
  frame: DocumentFrame | undefined,
): Manifest {
  const { format, folio, node, site, precompress } = fields;
  return {
    format,
    folio,
    node,
    site: { dir: site.dir, url: site.url },
    precompress,
    files,
    documents,
    ...(frame && { frame }),
  };
}

function decodeFiles(value: Record<string, unknown>): Map<string, ManifestEntry> | undefined {
  const { paths, hashes, sizes, mtimes, sources } = value;
  if (!isStrings(paths) || !paths.every(isOwnPath)) return undefined;
  const count = paths.length;
  if (!isStrings(hashes, count) || !isNumbers(sizes, count) || !isNumbers(mtimes, count)) {
    return undefined;
  }
  if (!isList(sources, count) || !sources.every((s) => s === null || typeof s === 'string')) {
    return undefined;
  }
  const files = new Map<string, ManifestEntry>();
  for (let i = 0; i < count; i++) {
    const hash = hashes[i] as string;
    const size = sizes[i] as number;
    const mtime = mtimes[i] as number;
    const source = sources[i] as string | null;
    files.set(
      paths[i] as string,
      source === null ? { hash, size, mtime } : { hash, size, mtime, source },
    );
  }
  return files;
}

function decodeDocuments(
  value: Record<string, unknown>,
  filePaths: readonly string[],
): Map<string, DocumentRecord> | undefined {
  const { paths, keys, files, features } = value;
  if (!isStrings(paths)) return undefined;
  const count = paths.length;
  if (!isStrings(keys, count) || !isList(files, count) || !isList(features, count)) {
    return undefined;
  }
  const documents = new Map<string, DocumentRecord>();
  for (let i = 0; i < count; i++) {
    const places = files[i];
    const used = features[i];
    if (!isNumbers(places) || !isStrings(used) || !used.every(isBodyFeature)) return undefined;
    const own: string[] = [];
    for (const place of places) {
      const path = filePaths[place];
      if (path === undefined) return undefined;
      own.push(path);
    }
    documents.set(paths[i] as string, { key: keys[i] as string, files: own, features: used });
  }
  return documents;
}

/** The frame a file holds; `null` when what it holds is not one. */
function decodeFrame(value: unknown): DocumentFrame | null {
  if (!isRecord(value) || typeof value.key !== 'string') return null;
  const { files, hashes } = value;
  if (!isStrings(files) || !isStrings(hashes, files.length)) return null;
  const bodies = new Map<string, string>();
  for (let i = 0; i < files.length; i++) bodies.set(files[i] as string, hashes[i] as string);
  return { key: value.key, bodies };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isList = (value: unknown, length?: number): value is unknown[] =>
  Array.isArray(value) && (length === undefined || value.length === length);

const isStrings = (value: unknown, length?: number): value is string[] =>
  isList(value, length) && value.every((item) => typeof item === 'string');

// Not negative: a size, a modification time, a document's place among the files (a place that
// names no file is refused as the files are looked up).
const isNumbers = (value: unknown, length?: number): value is number[] =>
  isList(value, length) && value.every((item) => typeof item === 'number' && item >= 0);

const BODY_FEATURES: ReadonlySet<string> = new Set<BodyFeature>(['math', 'code', 'diagram']);

const isBodyFeature = (value: string): value is BodyFeature => BODY_FEATURES.has(value);

/**
 * Whether `path` names a file inside the output folder, as a build writes them: a manifest that
 * lists another (`../x`, `/etc/x`) is not one a build wrote, and nothing it lists is touched.
 */
function isOwnPath(path: string): boolean {
  return !NOT_OWN_PATH.test(path);
}

// An empty part, `.` or `..` between separators or at either end, or a NUL anywhere: one test of
// each path, where splitting the ten thousands of paths of a large site's manifest took a rebuild
// tens of milliseconds. On Windows a backslash parts a path too.
const NOT_OWN_PATH =
  sep === '/' ? /(?:^|\/)\.{0,2}(?:\/|$)|\0/ : /(?:^|[/\\])\.{0,2}(?:[/\\]|$)|\0/;

/**
 * Why a manifest read from `folder` cannot be trusted to build on — said for the person running
 * the build — or undefined when it can.
 */
export function distrust(
  read: ManifestRead,
  expected: ManifestExpectation,
  folder: string,
): string | undefined {
  const file = join(folder, MANIFEST_FILE);
  if ('missing' in read) return `${folder} has no ${MANIFEST_FILE} (an older Folio built it).`;
  if ('unreadable' in read) return `${file} cannot be read (${read.unreadable}); it is rewritten.`;
  const { manifest } = read;
  if (manifest.folio !== expected.folio) {
    return `the output's manifest is from Folio ${manifest.folio}, this is ${expected.folio}.`;
  }
  if (manifest.node !== expected.node) {
    return `the output was built on Node ${manifest.node}, this is Node ${expected.node}.`;
  }
  if (manifest.site.dir !== expected.site.dir) {
    return `the output was built from another site folder, ${manifest.site.dir}.`;
  }
  // A config that cannot be read stops the build anyway, with its own message.
  if (expected.site.url !== undefined && manifest.site.url !== expected.site.url) {
    return `the output was built for ${manifest.site.url}, and the config's url is now ${expected.site.url}.`;
  }
  return undefined;
}

/** Writes `manifest` into `folder`, as the file `name`. */
export async function writeManifest(
  folder: string,
  manifest: Manifest,
  name = MANIFEST_FILE,
): Promise<void> {
  await writeFile(join(folder, name), manifestText(manifest));
}
