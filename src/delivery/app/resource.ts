// Deliver: what a request path leads to, before it is shaped into an answer for one client.
import { createHash } from 'node:crypto';
import type { AppResponse, StaticFile } from './http.js';

/** A document made in memory — a page, a feed, a theme file, the 404 page — with its validator. */
export interface Document {
  readonly kind: 'document';
  /** The URL path it is kept under: a request of exactly this target may be remembered. */
  readonly path: string;
  readonly status: number;
  readonly contentType: string;
  readonly cacheControl: string;
  /** Uncompressed. */
  readonly body: Buffer;
  /** Strong, from the bytes: a new version of the document has a new one. */
  readonly etag: string;
}

/** A file of the site's `static/` folder, read from disk when it is sent. */
export interface FileResource {
  readonly kind: 'file';
  readonly file: StaticFile;
}

/** An answer the request alone decides: a redirect, or an error in plain text. */
export interface FixedResource {
  readonly kind: 'fixed';
  readonly response: AppResponse & { readonly body?: Buffer };
}

export type Resource = Document | FileResource | FixedResource;

export function document(
  path: string,
  status: number,
  contentType: string,
  cacheControl: string,
  content: string | Buffer,
): Document {
  const body = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
  return { kind: 'document', path, status, contentType, cacheControl, body, etag };
}
