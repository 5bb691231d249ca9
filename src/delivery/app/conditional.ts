// Deliver: conditional GET — one form of a resource answered in full, or 304 when the client
// already holds it (its If-None-Match names the form's validator).
import type { Readable } from 'node:stream';
import type { AppRequest, AppResponse } from './http.js';
import { etagMatches, type Encoding } from './negotiate.js';

/** One form of a resource, as a client is sent it. */
export interface Representation {
  readonly status: number;
  readonly contentType: string;
  readonly cacheControl: string;
  /** The validator of this form: each compressed form has its own. */
  readonly etag: string;
  /** Whether forms differ by Accept-Encoding, which caches are told with `Vary`. */
  readonly varies: boolean;
  readonly encoding: Encoding;
  readonly length: number;
  /** The bytes, or how to read them, which a HEAD request or a 304 never does. */
  readonly body: Buffer | (() => Readable);
}

/**
 * The answer to a GET or HEAD of `form`: 304 with the headers that describe it when the client's
 * If-None-Match names its validator (a 200 only); otherwise the whole answer, without its body
 * for HEAD.
 */
export function answerConditionally(form: Representation, request: AppRequest): AppResponse {
  const headers: Record<string, string> = {
    'content-type': form.contentType,
    'cache-control': form.cacheControl,
    etag: form.etag,
  };
  if (form.varies) headers.vary = 'Accept-Encoding';
  if (form.status === 200 && etagMatches(request.headers['if-none-match'], form.etag)) {
    return { status: 304, headers };
  }
  if (form.encoding !== 'identity') headers['content-encoding'] = form.encoding;
  headers['content-length'] = String(form.length);
  if (request.method === 'HEAD') return { status: form.status, headers };
  const body = Buffer.isBuffer(form.body) ? form.body : form.body();
  return { status: form.status, headers, body };
}
