// Deliver: writes documents of a static export under their URL paths, each text file beside its
// precompressed `.br` and `.gz` forms, for servers that send those as they are.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { brotliOptions } from '../app/compression.js';

// Quality 4 costs an eighth of a large build's time less than 5, for files 8% larger (measured
// on the benchmark corpus); the server's quality 9 takes 1.6 times as long per page.
const BROTLI_QUALITY = 4;
// Level 9 takes a quarter longer than 6 on pages of a few kilobytes, for files of the same size.
const GZIP_LEVEL = 6;

// Text compresses; images and fonts under static/ are already compressed.
const COMPRESSIBLE = /\.(?:html|xml|txt|css|js|mjs|json|svg|map|md|webmanifest)$/i;

/** What a writer has put on disk so far. */
export interface WriteTally {
  readonly documents: number;
  readonly files: number;
  readonly bytes: number;
}

/**
 * Writes synchronously: an export runs its writers on threads of their own, where blocking costs
 * nothing, and a file system answers small writes faster than the thread pool can hand them over.
 */
export class DocumentWriter {
  readonly #root: string;
  readonly #folders = new Set<string>();
  #documents = 0;
  #files = 0;
  #bytes = 0;

  constructor(root: string) {
    this.#root = root;
  }

  get tally(): WriteTally {
    return { documents: this.#documents, files: this.#files, bytes: this.#bytes };
  }

  /**
   * Writes the document answered at `urlPath`, and its compressed forms when it is text, unless
   * `compressed` is false.
   */
  write(urlPath: string, body: Buffer, compressed = true): void {
    const file = join(this.#root, fileOf(urlPath));
    const folder = dirname(file);
    if (!this.#folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      this.#folders.add(folder);
    }
    this.#writeFile(file, body);
    if (compressed && COMPRESSIBLE.test(file)) {
      this.#writeFile(`${file}.br`, brotliCompressSync(body, brotliOptions(body, BROTLI_QUALITY)));
      this.#writeFile(`${file}.gz`, gzipSync(body, { level: GZIP_LEVEL }));
    }
    this.#documents++;
  }

  #writeFile(file: string, body: Buffer): void {
    writeFileSync(file, body);
    this.#files++;
    this.#bytes += body.length;
  }
}

/**
 * The files the document at `urlPath` is written to, relative to the export's folder: the
 * document, and its brotli and gzip forms when it is text — as `write` writes them.
 */
export function filesOf(urlPath: string): string[] {
  const file = fileOf(urlPath);
  return COMPRESSIBLE.test(file) ? [file, `${file}.br`, `${file}.gz`] : [file];
}

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
