// Deliver: writes documents of a static export under their URL paths — with `precompress`, each
// text file large enough to gain beside its `.br` and `.gz` forms, for servers that send those as
// they are (nginx's gzip_static, Caddy's precompressed).
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

/**
 * Below this many bytes a file is written alone: compressing it saves less than a packet, and
 * servers send such files as they are (Cloudflare compresses from 1 KB, and guides set nginx's
 * gzip_min_length near it).
 */
export const PRECOMPRESS_MIN_BYTES = 1024;

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
  #precompress = false;
  #documents = 0;
  #files = 0;
  #bytes = 0;
  // The compressed forms written since `takeCompressed` was last asked, relative to the root.
  #compressed: string[] = [];

  constructor(root: string, options: { readonly precompress?: boolean } = {}) {
    this.#root = root;
    this.#precompress = options.precompress === true;
  }

  /** From now on, writes compressed forms beside text files (or not): the site's config says. */
  set precompress(value: boolean) {
    this.#precompress = value;
  }

  /** The compressed forms written since the last call, relative to the root. */
  takeCompressed(): string[] {
    const taken = this.#compressed;
    this.#compressed = [];
    return taken;
  }

  get tally(): WriteTally {
    return { documents: this.#documents, files: this.#files, bytes: this.#bytes };
  }

  /**
   * Writes the document answered at `urlPath`, and, when the writer precompresses, its compressed
   * forms if it is text of `PRECOMPRESS_MIN_BYTES` or more, unless `compressed` is false.
   */
  write(urlPath: string, body: Buffer, compressed = true): void {
    const relative = fileOf(urlPath);
    const file = join(this.#root, relative);
    const folder = dirname(file);
    if (!this.#folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      this.#folders.add(folder);
    }
    this.#writeFile(file, body);
    if (
      compressed &&
      this.#precompress &&
      body.length >= PRECOMPRESS_MIN_BYTES &&
      COMPRESSIBLE.test(file)
    ) {
      this.#writeFile(`${file}.br`, brotliCompressSync(body, brotliOptions(body, BROTLI_QUALITY)));
      this.#writeFile(`${file}.gz`, gzipSync(body, { level: GZIP_LEVEL }));
      this.#compressed.push(`${relative}.br`, `${relative}.gz`);
    }
    this.#documents++;
  }

  #writeFile(file: string, body: Buffer): void {
    writeFileSync(file, body);
    this.#files++;
    this.#bytes += body.length;
  }
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
