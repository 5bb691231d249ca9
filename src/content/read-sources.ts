// Load: finds the post files under content/posts, and what static/ holds.
import { createHash } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { lstatSync, readFileSync, statSync, type Stats } from 'node:fs';
import { readdir, readlink, realpath, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { imageSize } from 'image-size';
import { imageSizeFromFile } from 'image-size/fromFile';
import { error, sortDiagnostics, warning, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { ImageSize } from './markdown/markdown.js';
import { isFolderIndex } from './parse-post.js';
import type { MarkdownDocument } from './post.js';
import { PAGES_DIR, POSTS_DIR, STATIC_DIR, stampOf } from './site-layout.js';

/** A post file found under content/posts, not read yet. */
export interface PostFile {
  readonly file: string;
  /** The file name without `.md` (or `.markdown`): the post's default slug. */
  readonly fileSlug: string;
  /** Size and modification time: when they are unchanged, so is the file. */
  readonly stamp: string;
}

export interface PostFilesResult {
  readonly files: readonly PostFile[];
  readonly diagnostics: readonly Diagnostic[];
  /**
   * Whether the listing met a symbolic link, followed or refused. A watcher names the file a link
   * leads to, not the link, so only listing again shows what such a change did.
   */
  readonly linked: boolean;
}

/** The files under static/, by the URL path they are served at, and the sizes of its images. */
export interface StaticAssets {
  readonly paths: ReadonlySet<string>;
  readonly imageSizes: ReadonlyMap<string, ImageSize>;
  /** Links under static/ that were left out, and folders of it that cannot be read. */
  readonly diagnostics: readonly Diagnostic[];
}

// Enough files in flight to keep the disk busy without running out of descriptors.
const READ_CONCURRENCY = 64;
const IMAGE = /\.(?:png|jpe?g|gif|webp|avif|svg|bmp|ico)$/i;

/**
 * Whether a page can show anything of `file` but a link to it — its width and height, smaller
 * versions of it — by its name: only an image's bytes can change a page's.
 */
export function isImageFile(file: string): boolean {
  return IMAGE.test(file);
}
const MARKDOWN = /\.(?:md|markdown)$/i;

/** Finds every post file, in path order, with the stamp that tells whether it changed. */
export function listPostFiles(siteDir: string): Promise<PostFilesResult> {
  // A site may have no posts yet; a folder of posts that cannot be read would take its posts
  // offline, or out of an export, which no author wants done quietly.
  return listMarkdownFiles(siteDir, POSTS_DIR, (root, problem) =>
    warning('posts-folder', root, 1, problem, `put posts as .md files under ${POSTS_DIR}`),
  );
}

/** Finds every page file under content/pages, which most sites do not have. */
export function listPageFiles(siteDir: string): Promise<PostFilesResult> {
  return listMarkdownFiles(siteDir, PAGES_DIR, () => undefined);
}

/**
 * How many post files the site has, up to `most`: listed as loading lists them, but neither read
 * nor stamped, to choose how to share out an export before anything else starts.
 */
export async function countPostFiles(siteDir: string, most: number): Promise<number> {
  return (await listMarkdownPaths(siteDir, POSTS_DIR, () => undefined, most)).files.length;
}

async function listMarkdownFiles(
  siteDir: string,
  folder: string,
  whenMissing: (root: string, problem: string) => Diagnostic | undefined,
): Promise<PostFilesResult> {
  const listed = await listMarkdownPaths(siteDir, folder, whenMissing);
  const files: PostFile[] = new Array<PostFile>(listed.files.length);
  listed.files.forEach((file, index) => {
    files[index] = { file, fileSlug: fileSlugOf(file), stamp: postStamp(file) };
  });
  return { files, diagnostics: listed.diagnostics, linked: listed.linked };
}

function listMarkdownPaths(
  siteDir: string,
  folder: string,
  whenMissing: (root: string, problem: string) => Diagnostic | undefined,
  most?: number,
): Promise<Listing> {
  const root = join(siteDir, folder);
  return listFiles(root, {
    most,
    wanted: (name) => MARKDOWN.test(name),
    // The folder itself may be a link out of the site: what lies inside it is in bounds.
    bounds: { folders: [siteDir, root], name: 'the site folder' },
    onFolderProblem: (problem, missingRoot, unreadable, code) =>
      missingRoot
        ? whenMissing(root, problem)
        : error(
            'posts-folder-unreadable',
            unreadable,
            1,
            `this folder cannot be read (${code})`,
            'make it readable to the user Folio runs as, or move its files out of it',
          ),
  });
}

/** A post's default slug: its file's name, or its folder's when it is the folder's `index.md`. */
function fileSlugOf(file: string): string {
  return (isFolderIndex(file) ? basename(dirname(file)) : basename(file)).replace(MARKDOWN, '');
}

/** Whether `path` lies below `folder`, by their spellings (neither is the other). */
export function isInside(folder: string, path: string): boolean {
  const inside = relative(folder, path);
  return inside !== '' && !inside.startsWith(`..${sep}`) && inside !== '..' && !isAbsolute(inside);
}

/** Whether a path (as a watcher reports it) lies inside `folder` of the site. */
export function isWithin(siteDir: string, folder: string, path: string): boolean {
  const inside = relative(join(siteDir, folder), join(siteDir, relative(siteDir, path)));
  return !inside.startsWith('..') && !isAbsolute(inside);
}

/**
 * The listing of an earlier load brought up to date for the paths a watcher saw change, without
 * walking the folder again: what keeps a reload fast on a large site. Undefined when only a full
 * listing can tell: a link is involved, and links are decided in one place, `listFiles`.
 */
export function updatePostFiles(
  siteDir: string,
  previous: PostFilesResult,
  changed: readonly string[],
): PostFilesResult | undefined {
  if (previous.linked) return undefined;
  return restamped(siteDir, previous, changed) ?? relisted(siteDir, previous, changed);
}

/**
 * The listing with new stamps when every changed path is a post file it lists and still a file —
 * an author saving posts — or undefined: the order stays, so nothing needs sorting again.
 */
function restamped(
  siteDir: string,
  previous: PostFilesResult,
  changed: readonly string[],
): PostFilesResult | undefined {
  const files = [...previous.files];
  for (const path of changed) {
    const file = join(siteDir, relative(siteDir, path));
    const index = indexOfFile(files, file);
    const info = index === -1 ? undefined : statOrUndefined(file, { followLinks: false });
    const entry = files[index];
    if (!entry || !info?.isFile()) return undefined;
    files[index] = { ...entry, stamp: stampOf(info) };
  }
  return { ...previous, files };
}

/** Where `file` is in a listing sorted by path, by binary search; -1 when it is not listed. */
function indexOfFile(files: readonly PostFile[], file: string): number {
  let low = 0;
  let high = files.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = (files[middle] as PostFile).file;
    if (at === file) return middle;
    if (at < file) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** The listing with files added, removed or replaced by folders: its entries sorted again. */
function relisted(
  siteDir: string,
  previous: PostFilesResult,
  changed: readonly string[],
): PostFilesResult | undefined {
  const root = join(siteDir, POSTS_DIR);
  const files = new Map(previous.files.map((entry) => [entry.file, entry]));
  for (const path of changed) {
    const file = join(siteDir, relative(siteDir, path));
    for (const known of files.keys()) {
      if (known.startsWith(file + sep)) files.delete(known);
    }
    const name = basename(file);
    if (
      !MARKDOWN.test(name) ||
      relative(root, file)
        .split(sep)
        .some((part) => part.startsWith('.'))
    )
      continue;
    const info = statOrUndefined(file, { followLinks: false });
    if (info?.isSymbolicLink()) return undefined;
    if (info?.isFile()) files.set(file, { file, fileSlug: fileSlugOf(file), stamp: stampOf(info) });
    else files.delete(file);
  }
  const sorted = [...files.values()].sort((a, b) =>
    a.file < b.file ? -1 : a.file > b.file ? 1 : 0,
  );
  return { ...previous, files: sorted };
}

/** Lists static/ (a site may have none) and reads the size of each image from its header. */
export async function readStaticAssets(siteDir: string): Promise<StaticAssets> {
  const root = join(siteDir, STATIC_DIR);
  const { files, diagnostics } = await listStaticFiles(root);
  const urlPath = (file: string): string => `/${relative(root, file).split(sep).join('/')}`;
  const imageSizes = new Map<string, ImageSize>();
  await forEachLimited(
    files.filter((file) => IMAGE.test(file)),
    async (file) => {
      const size = await imageSizeFromFile(file).then(sizeOf, () => undefined);
      if (size) imageSizes.set(urlPath(file), size);
    },
  );
  return { paths: new Set(files.map(urlPath)), imageSizes, diagnostics };
}

/** The size of the image in `file`, read now; undefined when it is no image or cannot be read. */
export function readImageSize(file: string): ImageSize | undefined {
  if (!isImageFile(file)) return undefined;
  try {
    return sizeOf(imageSize(readFileSync(file)));
  } catch {
    return undefined;
  }
}

// An image whose size cannot be read is still served; it only goes without width and height.
function sizeOf({ width, height }: { width?: number; height?: number }): ImageSize | undefined {
  return width && height ? { width, height } : undefined;
}

const isHiddenName = (name: string): boolean => name.startsWith('.');

/**
 * Whether a file or folder of static/ is kept from readers: hidden ones (`.git`, `.DS_Store`,
 * `.env`) are, except `.well-known/`, where domain and app verification files must be published.
 */
export function isHiddenStaticName(name: string): boolean {
  return isHiddenName(name) && name !== '.well-known';
}

/**
 * Every file of a static/ folder, as the server serves them and the export copies them. Its links
 * must stay inside static/ itself, not merely the site folder: every file there is served as it
 * is, and the config, drafts and whatever else the site folder holds must never be.
 */
export function listStaticFiles(root: string): Promise<Listing> {
  return listFiles(root, {
    wanted: () => true,
    hidden: isHiddenStaticName,
    bounds: { folders: [root], name: `${STATIC_DIR}/` },
    // A site need not have a static/ folder.
    onFolderProblem: (problem, missingRoot) =>
      missingRoot
        ? undefined
        : warning('static-folder', root, 1, problem, 'make it readable; until then it is left out'),
  });
}

interface ListOptions {
  /** Whether a file of this name is listed. */
  readonly wanted: (name: string) => boolean;
  /** Whether a file or folder of this name is passed over; by default, every hidden one. */
  readonly hidden?: (name: string) => boolean;
  /** Stop once this many files are found; by default, list them all. */
  readonly most?: number | undefined;
  /** The folders links may lead into (their real paths are compared), and what to call them. */
  readonly bounds: { readonly folders: readonly string[]; readonly name: string };
  /**
   * The problem to report when `folder` cannot be listed (`missingRoot`: the root is not there),
   * with the system's code for why.
   */
  readonly onFolderProblem: (
    problem: string,
    missingRoot: boolean,
    folder: string,
    code: string,
  ) => Diagnostic | undefined;
}

interface Listing {
  /** In path order; a file reached through a link is named by the link's path. */
  readonly files: string[];
  readonly diagnostics: Diagnostic[];
  /** Whether a symbolic link was met, followed or not. */
  readonly linked: boolean;
}

/**
 * Every file below `root` whose name passes `wanted`, skipping hidden files and folders. This is
 * where symbolic links are decided, for the full listing and, through it, for a watcher's
 * reloads: one leading to a file or folder inside the bounds is followed as if it were that file
 * or folder; one leading outside them, nowhere, or back into a folder that holds it is left out
 * with a warning, and the rest of the site loads.
 */
async function listFiles(root: string, options: ListOptions): Promise<Listing> {
  const found: string[] = [];
  const diagnostics: Diagnostic[] = [];
  let linked = false;
  const bounds = (
    await Promise.all(options.bounds.folders.map((folder) => realpath(folder).catch(() => '')))
  ).filter((folder) => folder !== '');
  // `within` holds the real path of every folder from the root down to `dir`, to see loops.
  const most = options.most ?? Infinity;
  const walk = async (dir: string, within: readonly string[]): Promise<void> => {
    if (found.length >= most) return;
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (cause) {
      const code = (cause as NodeJS.ErrnoException).code;
      const missingRoot = code === 'ENOENT' && dir === root;
      const diagnostic = options.onFolderProblem(
        missingRoot
          ? `the folder ${dir} does not exist`
          : `the folder ${dir} cannot be read (${code})`,
        missingRoot,
        dir,
        code ?? 'unknown',
      );
      if (diagnostic) diagnostics.push(diagnostic);
      return;
    }
    for (const entry of entries) {
      if ((options.hidden ?? isHiddenName)(entry.name)) continue;
      const path = join(dir, entry.name);
      let real = join(within.at(-1) ?? dir, entry.name);
      let isFolder = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        linked = true;
        const target = await followLink(path, bounds, within, options.bounds.name);
        if ('problem' in target) {
          diagnostics.push(target.problem);
          continue;
        }
        ({ real, isFolder, isFile } = target);
      }
      if (isFolder) await walk(path, [...within, real]);
      else if (isFile && options.wanted(entry.name)) found.push(path);
    }
  };
  const realRoot = await realpath(root).catch(() => root);
  await walk(root, [realRoot]);
  return { files: found.sort(), diagnostics: sortDiagnostics(diagnostics), linked };
}

/** The codes of the problems of a link left out. */
export const REFUSED_LINK_CODES: ReadonlySet<string> = new Set([
  'link-outside',
  'link-broken',
  'link-loop',
]);

type LinkTarget =
  | { readonly real: string; readonly isFolder: boolean; readonly isFile: boolean }
  | { readonly problem: Diagnostic };

/**
 * Where the link at `link` leads, or why it is not followed. Real paths are compared, so that a
 * link through other links, or a relative one, is judged by where it ends up.
 */
async function followLink(
  link: string,
  bounds: readonly string[],
  within: readonly string[],
  boundsName: string,
): Promise<LinkTarget> {
  const refused = (code: string, message: string, hint: string): LinkTarget => ({
    problem: warning(code, link, 1, message, `${hint}; it is left out until then`),
  });
  let target = link;
  try {
    target = resolve(dirname(link), await readlink(link));
    const real = await realpath(link);
    if (!bounds.some((folder) => real === folder || real.startsWith(folder + sep))) {
      return refused(
        'link-outside',
        `this link leads outside ${boundsName}, to ${real}`,
        `move what it links to into ${boundsName}, or put a copy there instead of the link`,
      );
    }
    if (within.some((folder) => folder === real || folder.startsWith(real + sep))) {
      return refused(
        'link-loop',
        `this link leads back to ${real}, a folder that holds it`,
        'remove the link: everything in that folder is listed already',
      );
    }
    const info = await stat(real);
    return { real, isFolder: info.isDirectory(), isFile: info.isFile() };
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'which does not exist'
        : code === 'ELOOP'
          ? 'which goes round a loop of links'
          : `which cannot be read (${code})`;
    return refused(
      'link-broken',
      `this link leads to ${target}, ${why}`,
      `point it at a file in ${boundsName}, or remove it`,
    );
  }
}

/** Runs `work` on every item, a bounded number at a time. */
export async function forEachLimited<T>(
  items: readonly T[],
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, items.length) }, worker));
}

/**
 * What `stat` says of a path, or undefined when there is nothing there (or it cannot be read);
 * of a symbolic link itself, rather than what it leads to, with `followLinks: false`.
 */
export function statOrUndefined(file: string, { followLinks = true } = {}): Stats | undefined {
  try {
    return followLinks ? statSync(file) : lstatSync(file);
  } catch {
    return undefined;
  }
}

/** The stamp of a post file as a listing gives it; empty when there is no file to read. */
export function postStamp(file: string): string {
  const info = statOrUndefined(file);
  return info ? stampOf(info) : '';
}

/**
 * A hash of all of a post (or page) as reading gave it, written out, by which a build knows
 * whether what a document shows of it changed; undefined when it cannot be written out whole.
 */
export function postHash(post: MarkdownDocument): string | undefined {
  try {
    // A post is plain data — strings, numbers, arrays and plain objects — which JSON writes whole.
    return createHash('sha256').update(JSON.stringify(post)).digest('base64url');
  } catch {
    return undefined;
  }
}

/** A hash of a post or page file's text, by which a build knows its body unchanged. */
export function textHash(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}
