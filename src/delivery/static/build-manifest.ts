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
 * The process that named the staging folder `name` — `prefix`, then the process's id and a stamp
 * — if `name` is such a name: a folder that merely begins alike is not a build's.
 */
export function stagingProcess(name: string, prefix = STAGING_PREFIX): number | undefined {
  if (!name.startsWith(prefix)) return undefined;
  const stamp = /^(\d+)-[0-9a-z]+$/.exec(name.slice(prefix.length));
  return stamp ? Number(stamp[1]) : undefined;
}

/** Raised whenever what a manifest holds changes meaning: an older one is then not trusted. */
export const MANIFEST_FORMAT = 2;

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
  readonly files: Readonly<Record<string, ManifestEntry>>;
  /**
   * What the build knew of each document it wrote, by URL path: a later build whose inputs for
   * a document are the same keeps its files without rendering it. None in older manifests.
   */
  readonly documents?: Readonly<Record<string, DocumentRecord>>;
  /** What every document was made from but the bodies it shows. None in older manifests. */
  readonly frame?: DocumentFrame;
}

/**
 * What the documents of a build were made from but the bodies they show, as one hash, with a hash
 * of each post and page file's text (see `DocumentKeys.frame`).
 */
export interface DocumentFrame {
  readonly key: string;
  /** The hash of each file's text, by its path in the site folder. */
  readonly bodies: Readonly<Record<string, string>>;
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
  const bodies = Object.entries(first.bodies);
  const same = (frame: DocumentFrame | undefined): boolean =>
    frame !== undefined &&
    frame.key === first.key &&
    Object.keys(frame.bodies).length === bodies.length &&
    bodies.every(([file, hash]) => frame.bodies[file] === hash);
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
  | { readonly unreadable: string };

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

/** Reads the manifest of `folder` (or the file `name` there), checking its shape. */
export function readManifest(folder: string, name = MANIFEST_FILE): Promise<ManifestRead> {
  return Promise.resolve(readManifestFile(join(folder, name)));
}

/** The paths a manifest file of `folder` lists; none when it is missing or unreadable. */
export function manifestPaths(folder: string, name: string): string[] {
  const read = readManifestFile(join(folder, name));
  return 'manifest' in read ? Object.keys(read.manifest.files) : [];
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

function parseManifest(
  text: string,
): { readonly manifest: Manifest } | { readonly unreadable: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { unreadable: 'it is not JSON' };
  }
  return isManifest(value) ? { manifest: value } : { unreadable: 'it is not a manifest of Folio' };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isManifest(value: unknown): value is Manifest {
  if (!isRecord(value) || !isRecord(value.site) || !isRecord(value.files)) return false;
  const { format, folio, node, site, precompress, files, documents, frame } = value;
  return (
    (documents === undefined || isRecord(documents)) &&
    (frame === undefined || isDocumentFrame(frame)) &&
    typeof format === 'number' &&
    typeof folio === 'string' &&
    typeof node === 'string' &&
    typeof site.dir === 'string' &&
    typeof site.url === 'string' &&
    typeof precompress === 'boolean' &&
    Object.keys(files).every(isOwnPath) &&
    Object.values(files).every(
      (entry) =>
        isRecord(entry) &&
        typeof entry.hash === 'string' &&
        typeof entry.size === 'number' &&
        typeof entry.mtime === 'number' &&
        (entry.source === undefined || typeof entry.source === 'string'),
    ) &&
    Object.values(documents ?? {}).every(isDocumentRecord)
  );
}

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

function isDocumentRecord(value: unknown): value is DocumentRecord {
  return (
    isRecord(value) &&
    typeof value.key === 'string' &&
    isStrings(value.files) &&
    value.files.every(isOwnPath) &&
    isStrings(value.features) &&
    value.features.every((feature) => BODY_FEATURES.has(feature))
  );
}

function isDocumentFrame(value: unknown): value is DocumentFrame {
  return (
    isRecord(value) &&
    typeof value.key === 'string' &&
    isRecord(value.bodies) &&
    Object.values(value.bodies).every((hash) => typeof hash === 'string')
  );
}

const BODY_FEATURES: ReadonlySet<string> = new Set<BodyFeature>(['math', 'code', 'diagram']);

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
  if (manifest.format !== MANIFEST_FORMAT) {
    return `${file} is of format ${manifest.format}, and this Folio writes format ${MANIFEST_FORMAT}.`;
  }
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
  await writeFile(join(folder, name), `${JSON.stringify(manifest)}\n`);
}
