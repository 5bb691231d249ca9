// Load: finds the post files under content/posts, and what static/ holds.
import type { Dirent } from 'node:fs';
import { statSync, type Stats } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, isAbsolute, join, relative, sep } from 'node:path';
import { imageSizeFromFile } from 'image-size/fromFile';
import { warning, type Diagnostic } from '../errors.js';
import type { ImageSize } from './markdown/markdown.js';

export const POSTS_DIR = join('content', 'posts');
export const STATIC_DIR = 'static';

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
}

/** The files under static/, by the URL path they are served at, and the sizes of its images. */
export interface StaticAssets {
  readonly paths: ReadonlySet<string>;
  readonly imageSizes: ReadonlyMap<string, ImageSize>;
}

// Enough files in flight to keep the disk busy without running out of descriptors.
const READ_CONCURRENCY = 64;
const IMAGE = /\.(?:png|jpe?g|gif|webp|avif|svg|bmp|ico)$/i;
const MARKDOWN = /\.(?:md|markdown)$/i;

/** Finds every post file, in path order, with the stamp that tells whether it changed. */
export async function listPostFiles(siteDir: string): Promise<PostFilesResult> {
  const root = join(siteDir, POSTS_DIR);
  const diagnostics: Diagnostic[] = [];
  const paths = await listFiles(
    root,
    (name) => MARKDOWN.test(name),
    (problem) =>
      diagnostics.push(
        warning('posts-folder', root, 1, problem, `put posts as .md files under ${POSTS_DIR}`),
      ),
  );
  const files: PostFile[] = new Array<PostFile>(paths.length);
  paths.forEach((file, index) => {
    const info = statOrUndefined(file);
    const stamp = info ? stampOf(info) : '';
    files[index] = { file, fileSlug: basename(file).replace(MARKDOWN, ''), stamp };
  });
  return { files, diagnostics };
}

/** Whether a path (as a watcher reports it) lies inside `folder` of the site. */
export function isWithin(siteDir: string, folder: string, path: string): boolean {
  const inside = relative(join(siteDir, folder), join(siteDir, relative(siteDir, path)));
  return !inside.startsWith('..') && !isAbsolute(inside);
}

/**
 * The listing of an earlier load brought up to date for the paths a watcher saw change, without
 * walking the folder again: what keeps a reload fast on a large site.
 */
export function updatePostFiles(
  siteDir: string,
  previous: PostFilesResult,
  changed: readonly string[],
): PostFilesResult {
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
    const info = index === -1 ? undefined : statOrUndefined(file);
    const entry = files[index];
    if (!entry || !info?.isFile()) return undefined;
    files[index] = { ...entry, stamp: stampOf(info) };
  }
  return { files, diagnostics: previous.diagnostics };
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
): PostFilesResult {
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
    const info = statOrUndefined(file);
    if (info?.isFile())
      files.set(file, { file, fileSlug: name.replace(MARKDOWN, ''), stamp: stampOf(info) });
    else files.delete(file);
  }
  const sorted = [...files.values()].sort((a, b) =>
    a.file < b.file ? -1 : a.file > b.file ? 1 : 0,
  );
  return { files: sorted, diagnostics: previous.diagnostics };
}

/** Lists static/ (a site may have none) and reads the size of each image from its header. */
export async function readStaticAssets(siteDir: string): Promise<StaticAssets> {
  const root = join(siteDir, STATIC_DIR);
  const files = await listFiles(
    root,
    () => true,
    () => undefined,
  );
  const urlPath = (file: string): string => `/${relative(root, file).split(sep).join('/')}`;
  const imageSizes = new Map<string, ImageSize>();
  await forEachLimited(
    files.filter((file) => IMAGE.test(file)),
    async (file) => {
      try {
        const { width, height } = await imageSizeFromFile(file);
        if (width && height) imageSizes.set(urlPath(file), { width, height });
      } catch {
        // An image whose size cannot be read is still served; it only goes without width and height.
      }
    },
  );
  return { paths: new Set(files.map(urlPath)), imageSizes };
}

/** Every file below `root` whose name passes `wanted`, skipping hidden files and folders. */
async function listFiles(
  root: string,
  wanted: (name: string) => boolean,
  onProblem: (problem: string) => void,
): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (cause) {
      const code = (cause as NodeJS.ErrnoException).code;
      onProblem(
        code === 'ENOENT' && dir === root
          ? `the folder ${dir} does not exist`
          : `the folder ${dir} cannot be read (${code})`,
      );
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile() && wanted(entry.name)) found.push(path);
    }
  };
  await walk(root);
  return found.sort();
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

/** What `stat` says of a path, or undefined when there is nothing there (or it cannot be read). */
export function statOrUndefined(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

function stampOf(info: Stats): string {
  return `${info.size}:${info.mtimeMs}:${info.ino}`;
}
