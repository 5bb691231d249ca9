// Deliver: whether a build may write its output folder, and how. It may replace only a folder it
// wrote itself, which it knows by the list of files it leaves there (`.folio-build`, and the
// manifest); never the site folder, a folder holding it, or a folder Folio reads from, and nothing
// else a person put there unless told to with `--clean`. A folder whose manifest it can trust is
// brought up to date file by file; any other is built whole and swapped in.
import { lstatSync, readdirSync } from 'node:fs';
import { lstat, readFile, realpath, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { POSTS_DIR, STATIC_DIR } from '../../content/site-layout.js';
import { isInside } from '../../content/read-sources.js';
import {
  COMMIT_FILE,
  distrust,
  MANIFEST_FILE,
  manifestPaths,
  readManifest,
  STAGING_PREFIX,
  type Manifest,
  type ManifestEntry,
  type ManifestExpectation,
  type ManifestRead,
} from './build-manifest.js';
import { toPosix } from './document-writer.js';
import { folderProcess } from '../../load/site-cache.js';

/** The file in an output folder that lists, one path a line, every file the build wrote there. */
export const OUTPUT_MARKER = '.folio-build';

const MARKER_HEADER = [
  '# Written by `folio build`: every file below is its output, and the next build replaces them.',
  '# A build refuses to replace this folder while it holds any other file (see `folio build --help`).',
];

/** What a build keeps in its output for itself, by name: never published, never foreign. */
const isOwnEntry = (name: string): boolean =>
  name === OUTPUT_MARKER ||
  name === MANIFEST_FILE ||
  name === COMMIT_FILE ||
  folderProcess(name, STAGING_PREFIX) !== undefined;

/** The folders of a site that Folio reads: an output inside one would be read back as input. */
const INPUT_FOLDERS = [dirname(POSTS_DIR), POSTS_DIR, STATIC_DIR];

/** A build that must not run, with the reason and what to do, for the person who asked for it. */
export class OutputRefused extends Error {
  override readonly name = 'OutputRefused';

  /**
   * `passing`: a refusal that may not hold for the next build — another build holds the folder,
   * or files came in while this one ran — rather than one that holds until the author acts.
   * `foreign`: the files no build wrote that the refusal names, by their full paths, once they
   * are all gone the refusal no longer holds.
   */
  constructor(
    message: string,
    readonly passing = false,
    readonly foreign: readonly string[] = [],
  ) {
    super(message);
  }
}

export interface OutputFolder {
  /** The folder to write, symbolic links resolved: the one the swap replaces. */
  readonly path: string;
  /**
   * What the folder holds that no build wrote, as paths relative to it (a folder holding only such
   * files as `name/`): removed with the old output, as `clean` allowed.
   */
  readonly foreign: readonly string[];
  /** The folder's manifest, when the build may write only what changed; else it builds whole. */
  readonly previous: Manifest | undefined;
  /** The files of `previous` that stand on disk as they were written; none without it. */
  readonly unchanged: ReadonlyMap<string, ManifestEntry>;
  /**
   * Why a folder that a build wrote before is built whole all the same, for the person running
   * the build; undefined when it is not, or when there is nothing to say (a new folder).
   */
  readonly fullBuild: string | undefined;
}

/** How a build should write its output, besides whether it may. */
export interface OutputWish extends ManifestExpectation {
  /** Files that no build wrote are no reason to refuse: they go with the old output. */
  readonly clean: boolean;
  /** Build the whole folder anew, whatever its manifest says. */
  readonly full: boolean;
}

/** An output folder a build may write, by what its path alone tells. */
export interface OutputTarget {
  /** The folder, symbolic links resolved. */
  readonly path: string;
  /** Whether it exists: a folder, then, which `planOutput` looks through. */
  readonly exists: boolean;
}

/**
 * Refuses (`OutputRefused`) an output folder that a build must never write whatever it holds: the
 * site folder, a folder holding it or one of the folders Folio reads, a file. Looks at paths
 * only, so that a look through the folder's files (`lookThrough`) starts only where it may.
 */
export async function checkOutputPath(siteDir: string, outDir: string): Promise<OutputTarget> {
  const site = await realPath(siteDir);
  const out = await realPath(outDir);
  if (out === site) {
    throw new OutputRefused(
      `${outDir} is the site folder itself: the build would replace your posts, config and static files. ${FRESH_FOLDER}`,
    );
  }
  if (isInside(out, site)) {
    throw new OutputRefused(
      `${outDir} holds the site folder ${siteDir}: the build would replace it, your posts with it. ${FRESH_FOLDER}`,
    );
  }
  // Content and static files may be links out of the site folder: their real folders count.
  for (const folder of INPUT_FOLDERS) {
    // Joined by hand: `join` would fold a `..` of `siteDir` by its spelling, before any link.
    const input = await realPath(`${siteDir}${sep}${folder}`);
    if (out === input || isInside(input, out) || isInside(out, input)) {
      throw new OutputRefused(
        `${outDir} ${out === input ? 'is' : isInside(out, input) ? 'holds' : 'lies in'} the site's ${folder}/ folder${input === join(site, folder) ? '' : ` (${input})`}, which Folio reads: the build would replace it or be read back as content. ${FRESH_FOLDER}`,
      );
    }
  }
  const info = await lstat(out).catch((cause: NodeJS.ErrnoException) => {
    if (cause.code === 'ENOENT') return undefined;
    throw cause;
  });
  if (info && !info.isDirectory()) {
    const what = info.isSymbolicLink() ? 'a link that leads nowhere' : 'a file, not a folder';
    throw new OutputRefused(`${outDir} is ${what}, and a build writes a folder. ${FRESH_FOLDER}`);
  }
  return { path: out, exists: info !== undefined };
}

/**
 * Decides whether a build may write the output folder `target` (`outDir` as the person named it),
 * and how, before anything is written: throws `OutputRefused` when it may not. With `clean`,
 * files that no build wrote are no reason to refuse; they are returned, to be listed, and go with
 * the old output, which is then built whole. `look` is the look through the folder, when it was
 * started elsewhere (on a thread of its own, see `OutputLooker`).
 */
export async function planOutput(
  target: OutputTarget,
  outDir: string,
  wish: OutputWish,
  look?: Promise<OutputLook>,
): Promise<OutputFolder> {
  const out = target.path;
  const whole = (foreign: readonly string[], fullBuild: string | undefined): OutputFolder => ({
    path: out,
    foreign,
    previous: undefined,
    unchanged: new Map(),
    fullBuild,
  });
  if (!target.exists) return whole([], undefined);
  // Read while the look goes on, on a thread of its own: at 10,000 posts this thread would
  // otherwise wait a quarter of a second for the look, and then read the manifest.
  const read = wish.full ? undefined : readManifest(out);
  const { foreign, altered } = await (look ?? lookThrough(out, !wish.full));
  if (foreign.length > 0 && !wish.clean) {
    throw new OutputRefused(
      `${outDir} holds ${foreign.length === 1 ? 'a file' : 'files'} that folio build did not write, and a build replaces the whole folder:\n${listPaths(foreign)}\nBuild into a new folder with --out, move files you want published into the site's static/ folder, or pass --clean to delete ${foreign.length === 1 ? 'it' : 'them'} with the old output.`,
      false,
      foreign.map((path) => join(out, path)),
    );
  }
  const mode = await buildMode(out, outDir, foreign.length > 0, wish, read);
  if (!mode.previous) return whole(foreign, mode.fullBuild);
  const { manifest, stamp } = mode.previous;
  // The look went by the very manifest trusted here, or the files are looked at again.
  const unchanged = standingFiles(
    out,
    manifest,
    altered?.manifest === stamp ? new Set(altered.paths) : undefined,
  );
  return { path: out, foreign, previous: manifest, unchanged, fullBuild: undefined };
}

/**
 * Whether `out` may be brought up to date from its manifest (`manifest`, when read already), or
 * why it is built whole.
 */
async function buildMode(
  out: string,
  outDir: string,
  foreign: boolean,
  wish: OutputWish,
  manifest: Promise<ManifestRead> | undefined,
): Promise<{
  readonly previous: { readonly manifest: Manifest; readonly stamp: string } | undefined;
  readonly fullBuild: string | undefined;
}> {
  const full = (fullBuild: string | undefined) => ({ previous: undefined, fullBuild });
  if (wish.full) return full('asked for with --full.');
  if (foreign) return full(undefined);
  const read = await (manifest ?? readManifest(out));
  if ('missing' in read && readdirSync(out).length === 0) return full(undefined);
  const commit = await readManifest(out, COMMIT_FILE);
  if (!('missing' in commit)) {
    return full(`the last build into ${outDir} was stopped while it put its files in place.`);
  }
  const reason = distrust(read, wish, outDir);
  return 'manifest' in read && reason === undefined
    ? { previous: read, fullBuild: undefined }
    : full(reason);
}

/** What one look through an output folder found. */
export interface OutputLook {
  /** What the folder holds that no build wrote (see `foreignFiles`). */
  readonly foreign: readonly string[];
  /**
   * The files its manifest lists that do not stand as the manifest says they were written
   * (`alteredFiles`), with the stamp of the manifest read; none when not asked for, or when the
   * folder has no manifest that can be read.
   */
  readonly altered: { readonly manifest: string; readonly paths: readonly string[] } | undefined;
}

/**
 * Looks once through `folder`: what it holds that no build wrote, and, with `manifest`, which
 * files of its manifest were changed or removed since written.
 */
export async function lookThrough(
  folder: string,
  manifest: boolean,
  known?: ReadonlySet<string>,
  listings?: FolderListings,
): Promise<OutputLook> {
  const foreign = await foreignFiles(folder, known, listings);
  const read = manifest ? await readManifest(folder) : undefined;
  const altered =
    read && 'manifest' in read
      ? { manifest: read.stamp, paths: alteredFiles(folder, read.manifest) }
      : undefined;
  return { foreign, altered };
}

/**
 * The files `manifest` lists that no longer stand on disk as they did once written, by one look
 * at each: edited since, or gone.
 */
function alteredFiles(folder: string, manifest: Manifest): string[] {
  return [...manifest.files]
    .filter(([path, entry]) => !standsAsWritten(folder, path, entry))
    .map(([path]) => path);
}

/**
 * The files `manifest` lists that stand on disk as they did once written: all but `altered`, when
 * a look through the folder found them, else by a look at each here.
 */
function standingFiles(
  folder: string,
  manifest: Manifest,
  altered: ReadonlySet<string> | undefined,
): Map<string, ManifestEntry> {
  const standing = new Map<string, ManifestEntry>();
  for (const [path, entry] of manifest.files) {
    const stands = altered ? !altered.has(path) : standsAsWritten(folder, path, entry);
    if (stands) standing.set(path, entry);
  }
  return standing;
}

function standsAsWritten(folder: string, path: string, entry: ManifestEntry): boolean {
  const info = lstatSync(join(folder, path), { throwIfNoEntry: false });
  return info?.isFile() === true && info.size === entry.size && info.mtimeMs === entry.mtime;
}

const FRESH_FOLDER =
  'Build into a folder of its own: the default DIR/dist, or --out with a new folder.';

/**
 * What `folder` holds besides the files its marker and manifests list (`written`, when they were
 * read before) — everything, when it has none — and what a build keeps there for itself, sorted,
 * a folder that holds only such files named once, as `name/`.
 *
 * Only the folders of the files written are listed, one at a time: a folder that no build made
 * is named, not entered. Listing the whole tree at once, which also lists what lies below such a
 * folder, took the look at 10,000 posts 0.2 to 1 s, where listing each known folder takes 0.15 s.
 */
export async function foreignFiles(
  folder: string,
  known?: ReadonlySet<string>,
  listings?: FolderListings,
): Promise<string[]> {
  const written = known ?? (await writtenFiles(folder));
  const folders = new Set<string>();
  for (const file of written) {
    for (let parent = dirname(file); parent !== '.'; parent = dirname(parent)) {
      if (folders.has(parent)) break;
      folders.add(parent);
    }
  }
  const found: string[] = [];
  const toList = [''];
  for (let parent = toList.pop(); parent !== undefined; parent = toList.pop()) {
    const at = parent === '' ? folder : join(folder, parent);
    // Synchronous: thousands of folders are listed several times faster than by awaiting each.
    for (const entry of listings ? listings.list(at) : listFolderEntries(at)) {
      if (parent === '' && isOwnEntry(entry.name)) continue;
      const path = parent === '' ? entry.name : `${parent}/${entry.name}`;
      if (!entry.folder) {
        if (!written.has(path)) found.push(path);
      } else if (folders.has(path)) toList.push(path);
      else found.push(`${path}/`);
    }
  }
  return found.sort();
}

/** An entry of a folder: its name, and whether it is a folder (a link is not). */
interface FolderEntry {
  readonly name: string;
  readonly folder: boolean;
}

function listFolderEntries(folder: string): FolderEntry[] {
  return readdirSync(folder, { withFileTypes: true }).map((entry) => ({
    name: entry.name,
    folder: entry.isDirectory(),
  }));
}

/**
 * How long before a look began a folder must have last changed for its listing to be kept: a
 * folder's time moves in steps of a clock tick, so an entry made within the tick of a listing
 * could leave the folder's time as it was when listed.
 */
const FOLDER_SETTLED_MS = 1000;

/**
 * The listings of an output's folders, kept from one look to the next by a looker that looks
 * again and again (`folio build --watch`): a folder whose time of change (ctime, which no tool
 * can set back) is the one it had when listed holds the same entries, so it is looked at rather
 * than listed. At 10,000 posts that is 11,000 folders, which took each look 0.2 s to list, and a
 * tenth of that to look at. A listing is kept only when the folder last changed a while before.
 */
export class FolderListings {
  readonly #kept = new Map<string, { readonly changed: number; readonly entries: FolderEntry[] }>();

  list(folder: string): readonly FolderEntry[] {
    const info = lstatSync(folder, { throwIfNoEntry: false });
    const kept = this.#kept.get(folder);
    if (info && kept && kept.changed === info.ctimeMs) return kept.entries;
    const entries = listFolderEntries(folder);
    if (info?.isDirectory() && info.ctimeMs < Date.now() - FOLDER_SETTLED_MS) {
      this.#kept.set(folder, { changed: info.ctimeMs, entries });
    } else this.#kept.delete(folder);
    return entries;
  }
}

/**
 * What stands in `folder` in the way of a build that is about to move its files to `paths` and
 * delete the files of the last build at `gone` (all relative to it), and that the last build,
 * whose files `written` lists, did not write: a file or link where the build puts a file or needs
 * a folder, or a folder where it puts or deletes a file. Sorted; a folder is named as `name/`.
 *
 * Whatever lies elsewhere is not touched by the move, so only these paths and the folders above
 * them are looked at: a few dozen after one edit, where listing the whole folder takes a large
 * site's rebuild a third of a second.
 */
export function inTheWay(
  folder: string,
  written: ReadonlyMap<string, unknown>,
  paths: readonly string[],
  gone: readonly string[],
): string[] {
  const found = new Set<string>();
  const wrote = (path: string): boolean => written.has(path);
  // Whether each folder on the way is one, by path: false where nothing stands yet, or where the
  // build's own file does (deleted before anything is moved in), or something else (named).
  const isFolder = new Map<string, boolean>();
  const folderStands = (path: string): boolean => {
    const known = isFolder.get(path);
    if (known !== undefined) return known;
    const parent = dirname(path);
    let stands = false;
    if (parent === '.' || folderStands(parent)) {
      const info = lstatSync(join(folder, path), { throwIfNoEntry: false });
      stands = info?.isDirectory() === true;
      if (info && !stands && !wrote(path)) found.add(path);
    }
    isFolder.set(path, stands);
    return stands;
  };
  for (const path of [...paths, ...gone]) {
    const parent = dirname(path);
    if (parent !== '.' && !folderStands(parent)) continue;
    const info = lstatSync(join(folder, path), { throwIfNoEntry: false });
    if (info?.isDirectory()) found.add(`${path}/`);
    else if (info && !wrote(path)) found.add(path);
  }
  return [...found].sort();
}

/** Writes the marker into a finished output folder, listing `files` (relative to it). */
export async function writeMarker(folder: string, files: Iterable<string>): Promise<void> {
  const paths = [...new Set(files)].map((file) => markerLine(toPosix(file))).sort();
  await writeFile(join(folder, OUTPUT_MARKER), [...MARKER_HEADER, ...paths, ''].join('\n'));
}

// A path that could be read as a comment, or that would not stay on one line, is written as a
// JSON string.
const needsQuotes = /^[#"]|[\r\n]/;
const markerLine = (path: string): string => (needsQuotes.test(path) ? JSON.stringify(path) : path);

/**
 * The files a build wrote into `folder`, as its marker lists them, and its manifest, and the
 * manifest of a build stopped while it put its files in place.
 */
export async function writtenFiles(folder: string): Promise<Set<string>> {
  const text = await readFile(join(folder, OUTPUT_MARKER), 'utf8').catch(
    (cause: NodeJS.ErrnoException) => {
      if (cause.code === 'ENOENT' || cause.code === 'EISDIR') return '';
      throw cause;
    },
  );
  const paths = new Set<string>();
  // Line ends may have become CRLF on the way (a repository with autocrlf, say).
  for (const line of text.split(/\r?\n/)) {
    if (line === '' || line.startsWith('#')) continue;
    try {
      paths.add(line.startsWith('"') ? (JSON.parse(line) as string) : line);
    } catch {
      // A line that is not the build's own vouches for nothing: what it meant stays foreign.
    }
  }
  for (const name of [MANIFEST_FILE, COMMIT_FILE]) {
    for (const path of manifestPaths(folder, name)) paths.add(path);
  }
  return paths;
}

/** A list of paths for a message: each on a line, the first few only when there are many. */
export function listPaths(paths: readonly string[], most = 20): string {
  const shown = paths.slice(0, most).map((path) => `  ${path}`);
  if (paths.length > most) shown.push(`  … and ${paths.length - most} more`);
  return shown.join('\n');
}

/** Whether `path` lies below `folder` (not `folder` itself). */
/**
 * The absolute path with every symbolic link resolved, for the part that exists, so that two
 * spellings of one folder compare equal. `..` is resolved by the system, after the link before
 * it, as the shell and every later file operation resolve it — not by its spelling.
 */
async function realPath(path: string): Promise<string> {
  const rest: string[] = [];
  for (let existing = path; ; existing = dirname(existing)) {
    try {
      return resolve(await realpath(existing), ...rest.reverse());
    } catch {
      if (dirname(existing) === existing) return resolve(path);
      rest.push(basename(existing));
    }
  }
}
