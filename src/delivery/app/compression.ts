// Deliver: compression — the form of a document a client's Accept-Encoding asks for: brotli
// (quality 9) or gzip (level 9), each made once per version of the document, or the bytes as
// they are. Forms are made in libuv's thread pool, off the event loop: a page made again after
// an edit costs its first readers a wait, not every other client of the server.
import { type BrotliOptions, brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { Memo } from '../../memo/memo.js';
import type { Representation } from './conditional.js';
import type { Encoding } from './negotiate.js';
import type { Document } from './resource.js';

export type Compression = Exclude<Encoding, 'identity'>;

// Each form is made once per version of a page and sent many times: the best quality that stays
// well under a millisecond for a page of a few kilobytes.
const BROTLI_QUALITY = 9;

/**
 * Compressed bodies by encoding and validator: a document's validator comes from its bytes, so
 * two versions never share a form, and one made for a version now gone is never wrong, only
 * kept until the next `clear()`. A form still being made is its promise, which every request
 * for it meanwhile waits on.
 */
export class CompressedForms {
  readonly #memo: Memo<string, Buffer | Promise<Buffer>>;

  constructor(limit: number) {
    this.#memo = new Memo('compressed forms', limit);
  }

  /** `document`'s body compressed with `encoding`: made on first demand, then remembered. */
  get(document: Document, encoding: Compression): Buffer | Promise<Buffer> {
    const key = `${encoding} ${document.etag}`;
    return this.#memo.get(key, () => {
      const making = compress(document.body, encoding);
      // Once made, the form is kept as bytes: later requests need not wait a turn for them.
      void making.then(
        (form) => {
          if (this.#memo.peek(key) === making) this.#memo.set(key, form);
        },
        () => {
          if (this.#memo.peek(key) === making) this.#memo.delete(key);
        },
      );
      return making;
    });
  }

  /** Takes the forms `from` has made of `document`, whichever version of the site made them. */
  carryOver(from: CompressedForms, document: Document): void {
    for (const encoding of ['br', 'gzip'] as const) {
      const key = `${encoding} ${document.etag}`;
      const form = from.#memo.peek(key);
      if (form !== undefined) this.#memo.set(key, form);
    }
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
): Representation | Promise<Representation> {
  const { status, contentType, cacheControl } = document;
  const form = { status, contentType, cacheControl, varies: true, encoding } as const;
  if (encoding === 'identity') {
    return { ...form, etag: document.etag, length: document.body.length, body: document.body };
  }
  const etag = `${document.etag.slice(0, -1)}-${encoding}"`;
  const made = forms.get(document, encoding);
  const represent = (body: Buffer): Representation => ({
    ...form,
    etag,
    length: body.length,
    body,
  });
  return Buffer.isBuffer(made) ? represent(made) : made.then(represent);
}

// Brotli's window, in bits: its smallest, and the largest it takes.
const WINDOW_BITS = { min: 10, max: 24 } as const;

/**
 * Brotli's parameters for `body` at `quality`, with a window no larger than the body: at quality 9
 * the default window of 4 MB makes brotli set up tables that cost 5–11 ms per page of a few
 * kilobytes, thirty times the compression itself, for the same bytes out.
 */
export function brotliOptions(body: Buffer, quality: number): BrotliOptions {
  const bits = Math.ceil(Math.log2(Math.max(body.length, 1)));
  return {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: quality,
      [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
      [zlib.BROTLI_PARAM_LGWIN]: Math.min(Math.max(bits, WINDOW_BITS.min), WINDOW_BITS.max),
    },
  };
}

function compress(body: Buffer, encoding: Compression): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer): void =>
      error ? reject(error) : resolve(result);
    if (encoding === 'br') {
      brotliCompress(body, brotliOptions(body, BROTLI_QUALITY), done);
    } else {
      gzip(body, { level: 9 }, done);
    }
  });
}
