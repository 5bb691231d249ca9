// Load: the variants of the site's images — made with sharp, kept in the site's cache folder
// under names that hash the source's bytes and how they were made, so that an image is never
// processed twice, whichever build or server made it first.
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { imageSize } from 'image-size';
import type { Sharp } from 'sharp';
import {
  MAX_INPUT_PIXELS,
  resizedFormat,
  variantName,
  variantsOf,
  variantWidths,
  type SourceImage,
  type Variant,
  type VariantFormat,
} from '../content/responsive-image.js';
import { forEachLimited, listStaticFiles, statOrUndefined } from '../content/read-sources.js';
import { STATIC_DIR, stampOf } from '../content/site-layout.js';
import { servedBesidePost } from '../site/routes.js';
import { isSettled } from './read-cache.js';
import { writeCacheFile } from './site-cache.js';

/** The folder of the site that variants are kept in; deleting it only costs the time to remake them. */
export const IMAGE_CACHE_DIR = join('.folio', 'cache', 'images');

/** How each format is written: small files that look like the original at a reading distance. */
const ENCODINGS = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 75, effort: 4 },
  jpeg: { quality: 80, mozjpeg: true },
  png: { compressionLevel: 9 },
} as const satisfies Record<VariantFormat, object>;

// Part of every key: new settings or a new sharp make new variants rather than reuse old ones.
// sharp's version is read from its package file, found beside its entry: importing sharp itself
// loads libvips, which only making variants needs.
const SHARP_PACKAGE = join(dirname(createRequire(import.meta.url).resolve('sharp')), '..');
const RECIPE = JSON.stringify({
  sharp: (
    JSON.parse(readFileSync(join(SHARP_PACKAGE, 'package.json'), 'utf8')) as { version: string }
  ).version,
  widths: variantWidths(Number.MAX_SAFE_INTEGER),
  encodings: ENCODINGS,
  limit: MAX_INPUT_PIXELS,
});

/**
 * The file among the variants that keeps what reading each source image found, by the image's
 * stamp: a folder of photographs is hundreds of megabytes to read and hash on every build.
 */
const SOURCES_FILE = 'sources.bin';
/** Raised whenever what the file of sources holds changes meaning: an older one is not read. */
const SOURCES_FORMAT = 1;

/** Why an image is served as it is, without variants, for a warning where a page names it. */
export interface ImageProblem {
  readonly code: string;
  readonly message: string;
  readonly hint: string;
}

/** What the store knows of an image file as it stands (its stamp). */
type Known =
  | { readonly stamp: string; readonly source: SourceImage }
  | { readonly stamp: string; readonly problem: ImageProblem | undefined };

export interface ImageStoreOptions {
  /** Images processed at once; by default one per core, as a build wants. */
  readonly concurrency?: number;
}

export class ImageStore {
  readonly #dir: string;
  readonly #concurrency: number;
  readonly #known = new Map<string, Known>();
  // Source files by key, for a server asked for a variant before it was made, and the paths
  // pages found them at, where a reader is sent when no variant can be made.
  readonly #files = new Map<string, string>();
  readonly #paths = new Map<string, string>();
  // Why an image could not be decoded, by key; null where no failure was recorded.
  readonly #failures = new Map<string, string | null>();
  readonly #making = new Map<string, Promise<boolean>>();
  #running = 0;
  readonly #waiting: (() => void)[] = [];
  #processed = 0;
  // What earlier stores kept of each source image, by its absolute path, with its stamp then:
  // read when the first image is inspected.
  #kept: ReadonlyMap<string, Known> | undefined;
  // Whether an image was read from its bytes: what the store knows is then worth keeping.
  #readAny = false;
  readonly #startedAt = Date.now();

  constructor(siteDir: string, options: ImageStoreOptions = {}) {
    this.#dir = join(siteDir, IMAGE_CACHE_DIR);
    this.#concurrency = Math.max(1, options.concurrency ?? availableParallelism());
  }

  /** Images decoded and resized by this store: none when every variant was in the cache. */
  get processed(): number {
    return this.#processed;
  }

  /**
   * The image in `file` as variants are made of it, read now; undefined when it passes through
   * as it is — a GIF or SVG, an image with a problem, one turned by its EXIF orientation.
   */
  source(file: string, src?: string): SourceImage | undefined {
    const known = this.#inspect(file);
    if (!known || !('source' in known)) return undefined;
    if (src !== undefined) this.#paths.set(known.source.key, src);
    return this.#failure(known.source.key) === undefined ? known.source : undefined;
  }

  /** Why the image in `file` is served without variants, if something is wrong with it. */
  problem(file: string): ImageProblem | undefined {
    const known = this.#inspect(file);
    if (!known) return undefined;
    if ('problem' in known) return known.problem;
    const failure = this.#failure(known.source.key);
    return failure === undefined
      ? undefined
      : {
          code: 'image-unreadable',
          message: `the image ${basename(file)} could not be decoded (${failure}); it is served as it is, without smaller versions`,
          hint: 'export it again from the program that made it, or replace the file',
        };
  }

  /**
   * Makes whatever variants of the image in `file` the cache lacks; answers whether they are all
   * there now. An image that cannot be decoded is recorded, once, and served as it is.
   */
  async prepare(file: string): Promise<boolean> {
    const source = this.source(file);
    return source ? this.#ensure(file, source) : false;
  }

  /**
   * The file holding `variant`, made now if the cache lacks it — when the image it comes from is
   * one a page of this site named — or, when it cannot be made, the path of the original a page
   * found; undefined when there is no such variant.
   */
  async variant(variant: Variant): Promise<{ file: string } | { original: string } | undefined> {
    const cached = this.#cacheFile(variant);
    if (existsSync(cached)) return { file: cached };
    const file = this.#files.get(variant.key);
    const original = this.#paths.get(variant.key);
    const known = file === undefined ? undefined : this.#inspect(file);
    const source = known && 'source' in known ? known.source : undefined;
    if (!file) return undefined;
    // The file changed since the page naming this variant was made: the original stands in.
    if (source?.key !== variant.key) return original === undefined ? undefined : { original };
    const wanted = variantsOf(source).some(
      (made) => made.width === variant.width && made.format === variant.format,
    );
    if (!wanted) return undefined;
    // A cache that cannot be written (a read-only site folder) leaves the original standing in.
    const made =
      this.#failure(source.key) === undefined &&
      (await this.#ensure(file, source).catch(() => false));
    if (made) return { file: cached };
    return original === undefined ? undefined : { original };
  }

  /**
   * Makes the variants `files` lack, as many images at once as the store's concurrency allows;
   * answers which of them have every variant now.
   */
  async prepareAll(
    files: readonly string[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<string[]> {
    const ready = new Array<boolean>(files.length);
    let done = 0;
    await forEachLimited(files, async (file, index) => {
      ready[index] = await this.prepare(file);
      onProgress?.(++done, files.length);
    });
    return files.filter((_, index) => ready[index]);
  }

  /** Every variant of `source`, by cache file and the path it is served at. */
  cacheFiles(source: SourceImage): { readonly variant: Variant; readonly file: string }[] {
    return variantsOf(source).map((variant) => ({ variant, file: this.#cacheFile(variant) }));
  }

  #cacheFile({ key, width, format }: Variant): string {
    return join(this.#dir, `${key}.${width}.${format}`);
  }

  #inspect(file: string): Known | undefined {
    const format = resizedFormat(file);
    const info = format && statOrUndefined(file);
    if (!format || !info?.isFile()) return undefined;
    const stamp = stampOf(info);
    const before = this.#known.get(file);
    if (before?.stamp === stamp) return before;
    const kept = this.#keptSources().get(resolve(file));
    const known = kept?.stamp === stamp ? kept : readSource(file, format, stamp);
    if (known !== kept) this.#readAny = true;
    this.#known.set(file, known);
    if ('source' in known) this.#files.set(known.source.key, file);
    return known;
  }

  /**
   * Keeps what this store knows of the source images it looked at, for the next build, which then
   * reads none whose stamp is the same — once it read one at least. An image changed less than
   * `SETTLED_MS` before the store began is left out, to be read again: a file written twice within
   * one tick of the clock, at the same size, keeps its stamp.
   */
  keepSources(): void {
    if (!this.#readAny) return;
    const settled = new Map<string, Known>();
    for (const [file, known] of this.#known) {
      if (isSettled(known.stamp, this.#startedAt)) settled.set(resolve(file), known);
    }
    const kept = { format: SOURCES_FORMAT, recipe: RECIPE, sources: settled };
    writeCacheFile(join(this.#dir, SOURCES_FILE), serialize(kept));
  }

  /** What earlier stores kept of the source images (see `keepSources`): none that cannot be read. */
  #keptSources(): ReadonlyMap<string, Known> {
    if (this.#kept) return this.#kept;
    this.#kept = new Map();
    try {
      const kept = deserialize(readFileSync(join(this.#dir, SOURCES_FILE))) as {
        format?: unknown;
        recipe?: unknown;
        sources?: unknown;
      };
      const { sources } = kept;
      if (kept.format === SOURCES_FORMAT && kept.recipe === RECIPE && sources instanceof Map) {
        this.#kept = new Map(
          [...sources].filter((entry): entry is [string, Known] => isKnown(entry[1])),
        );
      }
    } catch {
      // No file of sources, or one that cannot be read: every image is read.
    }
    return this.#kept;
  }

  /** A failure recorded for `key`, by this store or, in the cache, by an earlier one. */
  #failure(key: string): string | undefined {
    let failure = this.#failures.get(key);
    if (failure === undefined) {
      try {
        failure = readFileSync(join(this.#dir, `${key}.failed`), 'utf8');
      } catch {
        failure = null;
      }
      this.#failures.set(key, failure);
    }
    return failure ?? undefined;
  }

  #ensure(file: string, source: SourceImage): Promise<boolean> {
    if (this.cacheFiles(source).every(({ file: cached }) => existsSync(cached))) {
      return Promise.resolve(true);
    }
    let making = this.#making.get(source.key);
    if (!making) {
      making = this.#limited(() => this.#make(file, source)).finally(() =>
        this.#making.delete(source.key),
      );
      this.#making.set(source.key, making);
    }
    return making;
  }

  /** Runs `work` when fewer than the store's concurrency of images are being processed. */
  async #limited<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#concurrency) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    this.#running++;
    try {
      return await work();
    } finally {
      this.#running--;
      this.#waiting.shift()?.();
    }
  }

  /**
   * Decodes the image once, at the largest width wanted, and writes each variant from that; each
   * file is written under a temporary name and renamed, so the cache never holds half a file.
   */
  async #make(file: string, source: SourceImage): Promise<boolean> {
    const { default: sharp } = await import('sharp');
    const bytes = await readFile(file).catch(() => undefined);
    // Changed since it was read: the next page to name it names the new version.
    if (!bytes || keyOf(bytes) !== source.key) return false;
    await mkdir(this.#dir, { recursive: true });
    let decoded: { data: Buffer; info: { width: number; height: number; channels: number } };
    try {
      const widest = Math.max(...variantWidths(source.size.width));
      decoded = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
        .resize({ width: widest, withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : String(cause);
      this.#failures.set(source.key, reason);
      await writeFile(join(this.#dir, `${source.key}.failed`), reason);
      return false;
    }
    this.#processed++;
    const { data, info } = decoded;
    const raw = {
      raw: { width: info.width, height: info.height, channels: info.channels as 1 | 2 | 3 | 4 },
    };
    for (const { variant, file: cached } of this.cacheFiles(source)) {
      if (existsSync(cached)) continue;
      const resized = sharp(data, raw).resize({ width: variant.width, withoutEnlargement: true });
      const written = await encode(resized, variant.format).toBuffer();
      const temporary = `${cached}.${process.pid}.tmp`;
      await writeFile(temporary, written);
      await rename(temporary, cached).catch(async (cause: unknown) => {
        await rm(temporary, { force: true });
        throw cause;
      });
    }
    return true;
  }
}

function encode(image: Sharp, format: VariantFormat): Sharp {
  switch (format) {
    case 'avif':
      return image.avif(ENCODINGS.avif);
    case 'webp':
      return image.webp(ENCODINGS.webp);
    case 'jpeg':
      return image.jpeg(ENCODINGS.jpeg);
    case 'png':
      return image.png(ENCODINGS.png);
  }
}

/**
 * The site's images that variants are made of: those under static/, and those beside each post
 * written as `slug/index.md` (given by its file) that its page serves.
 */
export async function resizableImages(
  siteDir: string,
  folderPosts: readonly string[],
): Promise<string[]> {
  const folders = [
    { root: join(siteDir, STATIC_DIR), served: () => true },
    ...folderPosts.map((post) => ({ root: dirname(post), served: servedBesidePost })),
  ];
  const listed = await Promise.all(
    folders.map(async ({ root, served }) =>
      (await listStaticFiles(root)).files.filter(
        (file) => resizedFormat(file) !== undefined && served(relative(root, file)),
      ),
    ),
  );
  return [...new Set(listed.flat())];
}

/** What an image file is, from its bytes: which image, or why it passes through. */
function readSource(file: string, format: VariantFormat, stamp: string): Known {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return { stamp, problem: undefined };
  }
  let header: ReturnType<typeof imageSize> | undefined;
  try {
    header = imageSize(bytes);
  } catch {
    header = undefined;
  }
  const { width, height } = header ?? {};
  if (!width || !height) {
    return {
      stamp,
      problem: {
        code: 'image-not-an-image',
        message: `the file ${basename(file)} is not an image, whatever its name says; it is served as it is`,
        hint: 'replace it with the image itself, or correct the path',
      },
    };
  }
  if (width * height > MAX_INPUT_PIXELS) {
    return {
      stamp,
      problem: {
        code: 'image-too-large',
        message: `the image ${basename(file)} is ${width}×${height}, more than the ${MAX_INPUT_PIXELS / 1e6} megapixels Folio resizes; it is served as it is, at full size`,
        hint: 'scale it down (a blog image needs no more than 3200 pixels across)',
      },
    };
  }
  // Turned or mirrored by its EXIF orientation: its variants would lose the turn, so none are made.
  if ((header?.orientation ?? 1) > 1) return { stamp, problem: undefined };
  const source = {
    key: keyOf(bytes),
    name: variantName(basename(file)),
    format,
    size: { width, height },
  };
  return { stamp, source };
}

/** Whether `value` is what a store knows of an image, as `readSource` gives it. */
function isKnown(value: unknown): value is Known {
  if (typeof value !== 'object' || value === null) return false;
  const { stamp, source, problem } = value as Record<string, unknown>;
  if (typeof stamp !== 'string') return false;
  if (source !== undefined) {
    const { key, name, format, size } = source as Partial<SourceImage>;
    return (
      typeof key === 'string' &&
      typeof name === 'string' &&
      typeof format === 'string' &&
      typeof size?.width === 'number' &&
      typeof size.height === 'number'
    );
  }
  if (problem === undefined) return 'problem' in value;
  const { code, message, hint } = problem as Partial<ImageProblem>;
  return typeof code === 'string' && typeof message === 'string' && typeof hint === 'string';
}

function keyOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).update(RECIPE).digest('hex').slice(0, 16);
}
