// Deliver: writes documents of a static export under their URL paths — with `precompress`, each
// text file large enough to gain beside its `.br` and `.gz` forms, for servers that send those as
// they are (nginx's gzip_static, Caddy's precompressed) — and only those whose bytes the output
// folder does not hold already.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { brotliOptions } from '../app/compression.js';
import { stampOf } from '../../content/site-layout.js';
import { isSettled } from '../../load/read-cache.js';
import { hashBytes, type ManifestEntry } from './build-manifest.js';

// Quality 4 costs an eighth of a large build's time less than 5, for files 8% larger (measured
// on the benchmark corpus); the server's quality 9 takes 1.6 times as long per page.
const BROTLI_QUALITY = 4;
// Level 9 takes a quarter longer than 6 on pages of a few kilobytes, for files of the same size.
const GZIP_LEVEL = 6;

// Text compresses; images and fonts under static/ are already compressed.
const COMPRESSIBLE = /\.(?:html|xml|txt|css|js|mjs|json|svg|map|md|webmanifest)$/i;

/**
 * Below this many bytes a file is written alone: compressing it saves less than a packet, and
 * servers send such files as they are (Cloudflare compresses from 1 KB, and guides set nginx's
 * gzip_min_length near it).
 */
export const PRECOMPRESS_MIN_BYTES = 1024;

/** A file an export produced: its entry for the manifest, and whether it was written now. */
export interface WrittenFile extends ManifestEntry {
  /** Relative to the output folder, with `/` between parts. */
  readonly path: string;
  /** Whether its bytes were written now, into the root; otherwise the output holds them already. */
  readonly written: boolean;
}

export interface WriterOptions {
  readonly precompress?: boolean;
  /**
   * Whether each file is written straight into the root under its `stagedName`, to be moved into
   * place later, rather than at its path: a rebuild that changes every page then makes no folder
   * for each, only to remove it once the page is moved out.
   */
  readonly flat?: boolean;
  /**
   * The files the output folder holds already, by path, as its manifest lists them and as they
   * still stand on disk: a file whose bytes are the same is not written again.
   */
  readonly previous?: ReadonlyMap<string, ManifestEntry> | undefined;
}

/**
 * Writes synchronously: an export runs its writers on threads of their own, where blocking costs
 * nothing, and a file system answers small writes faster than the thread pool can hand them over.
 */
export class DocumentWriter {
  readonly #root: string;
  readonly #previous: ReadonlyMap<string, ManifestEntry>;
  readonly #folders = new Set<string>();
  readonly #precompress: boolean;
  readonly #flat: boolean;
  // The files produced since `takeWritten` was last asked.
  #files: WrittenFile[] = [];
  readonly #startedAt = Date.now();

  constructor(root: string, options: WriterOptions = {}) {
    this.#root = root;
    this.#precompress = options.precompress === true;
    this.#flat = options.flat === true;
    this.#previous = options.previous ?? new Map();
  }

  /** The files produced since the last call, written now or found in the output already. */
  takeWritten(): WrittenFile[] {
    const taken = this.#files;
    this.#files = [];
    return taken;
  }

  /** How many files the writer produced: `producedSince` names those after it. */
  mark(): number {
    return this.#files.length;
  }

  /** The paths of the files produced since `mark` answered `since`. */
  producedSince(since: number): string[] {
    return this.#files.slice(since).map(({ path }) => path);
  }

  /**
   * Keeps the files at `paths` as the output holds them, if it holds every one as written;
   * answers whether it did. None is kept when one is missing or was edited since.
   */
  keepAll(paths: readonly string[]): boolean {
    if (!this.holdsAll(paths)) return false;
    for (const path of paths) {
      this.#files.push({ path, ...(this.#previous.get(path) as ManifestEntry), written: false });
    }
    return true;
  }

  /** Whether the output holds every file at `paths`, and one at least, as written. */
  holdsAll(paths: readonly string[]): boolean {
    return paths.length > 0 && paths.every((path) => this.#previous.has(path));
  }

  /**
   * Writes the document answered at `urlPath`, and, when the writer precompresses, its compressed
   * forms if it is text of `PRECOMPRESS_MIN_BYTES` or more, unless `compressed` is false.
   */
  write(urlPath: string, body: Buffer, compressed = true): void {
    this.put(fileOf(urlPath), body, compressed);
  }

  /**
   * Copies the file `from` (in the site or its cache) to `relative`, as `put` writes it. A file the
   * last build copied from `from` as it stands now (its stamp) is kept without reading `from`
   * again: a folder of photographs and their variants is hundreds of megabytes to read and hash.
   */
  copy(relative: string, from: string): void {
    const path = toPosix(relative);
    const stamp = stampOf(statSync(from));
    // Recorded only once settled: a file written twice within one tick of the clock, at the same
    // size, keeps its stamp.
    const source = isSettled(stamp, this.#startedAt) ? stamp : undefined;
    const last = this.#previous.get(path);
    if (source !== undefined && last?.source === source) {
      this.#files.push({ path, ...last, written: false });
      return;
    }
    this.put(relative, readFileSync(from), false, source);
  }

  /** Writes the file at `relative` (a path, not a URL), and its compressed forms as `write`. */
  put(relative: string, body: Buffer, compressed = false, source?: string): void {
    const path = toPosix(relative);
    const hash = hashBytes(body);
    const kept = this.#keep(path, hash, body.length, source);
    if (
      compressed &&
      this.#precompress &&
      body.length >= PRECOMPRESS_MIN_BYTES &&
      COMPRESSIBLE.test(path)
    ) {
      // Compressing the same bytes gives the same bytes: forms already written are kept as they are.
      if (kept && this.#keepCompressed(path)) return;
      this.#writeFile(`${path}.br`, brotliCompressSync(body, brotliOptions(body, BROTLI_QUALITY)));
      this.#writeFile(`${path}.gz`, gzipSync(body, { level: GZIP_LEVEL }));
    }
    if (!kept) this.#writeFile(path, body, hash, source);
  }

  /** Whether the output holds `path` with these bytes already: then it is kept, not written. */
  #keep(path: string, hash: string, size: number, source?: string): boolean {
    const entry = this.#previous.get(path);
    if (entry?.hash !== hash || entry.size !== size) return false;
    const { mtime } = entry;
    this.#files.push({ path, hash, size, mtime, ...(source && { source }), written: false });
    return true;
  }

  /** Whether the output holds both compressed forms of `path` as written: then they are kept. */
  #keepCompressed(path: string): boolean {
    const br = this.#previous.get(`${path}.br`);
    const gz = this.#previous.get(`${path}.gz`);
    if (!br || !gz) return false;
    this.#files.push(
      { path: `${path}.br`, ...br, written: false },
      { path: `${path}.gz`, ...gz, written: false },
    );
    return true;
  }

  #writeFile(path: string, body: Buffer, hash = hashBytes(body), source?: string): void {
    const file = join(this.#root, this.#flat ? stagedName(path) : path);
    const folder = dirname(file);
    if (!this.#folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      this.#folders.add(folder);
    }
    writeFileSync(file, body);
    // As it stands on disk once written: a later build knows by these whether it was edited since.
    const { size, mtimeMs } = statSync(file);
    this.#files.push({
      path,
      hash,
      size,
      mtime: mtimeMs,
      ...(source && { source }),
      written: true,
    });
  }
}

/** The name a file at `path` (as a manifest keeps it) is written under by a flat writer. */
export const stagedName = (path: string): string =>
  createHash('sha256').update(path).digest('base64url');

/** A relative path with `/` between its parts, as a manifest keeps them on every system. */
export const toPosix = (path: string): string => (sep === '/' ? path : path.split(sep).join('/'));

/** `/posts/x/` → `posts/x/index.html`; `/feed.xml` → `feed.xml`; percent-encoding decoded. */
export function fileOf(urlPath: string): string {
  const decoded = decodeURIComponent(urlPath);
  const relative = decoded.endsWith('/') ? `${decoded}index.html` : decoded;
  const segments = relative.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '..' || segment === '.')) {
    throw new Error(`refusing to write outside the output folder: ${urlPath}`);
  }
  return join(...segments);
}
