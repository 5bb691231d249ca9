// Deliver: compression — the form of a document a client's Accept-Encoding asks for: brotli
// (quality 9) or gzip (level 9), each made once per version of the document, or the bytes as
// they are.
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { Memo } from '../../memo/memo.js';
import type { Representation } from './conditional.js';
import type { Encoding } from './negotiate.js';
import type { Document } from './resource.js';

export type Compression = Exclude<Encoding, 'identity'>;

/**
 * Compressed bodies by encoding and validator: a document's validator comes from its bytes, so
 * two versions never share a form, and one made for a version now gone is never wrong, only
 * kept until the next `clear()`.
 */
export class CompressedForms {
  readonly #memo: Memo<string, Buffer>;

  constructor(limit: number) {
    this.#memo = new Memo('compressed forms', limit);
  }

  /** `document`'s body compressed with `encoding`: made on first demand, then remembered. */
  get(document: Document, encoding: Compression): Buffer {
    return this.#memo.get(`${encoding} ${document.etag}`, () => compress(document.body, encoding));
  }

  clear(): void {
    this.#memo.clear();
  }

  /** How many forms were made (misses) and how many were found made (hits). */
  get stats(): Memo<string, Buffer>['stats'] {
    return this.#memo.stats;
  }
}

/** The form of `document` for `encoding`, with its own validator when compressed. */
export function encoded(
  document: Document,
  encoding: Encoding,
  forms: CompressedForms,
): Representation {
  const { status, contentType, cacheControl } = document;
  const form = { status, contentType, cacheControl, varies: true, encoding } as const;
  if (encoding === 'identity') {
    return { ...form, etag: document.etag, length: document.body.length, body: document.body };
  }
  const body = forms.get(document, encoding);
  const etag = `${document.etag.slice(0, -1)}-${encoding}"`;
  return { ...form, etag, length: body.length, body };
}

function compress(body: Buffer, encoding: Compression): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: 9,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level: 9 });
}
