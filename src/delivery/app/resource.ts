// Deliver: what a request path leads to, before it is shaped into an answer for one client.
import { createHash } from 'node:crypto';
import type { ThirdPartySources } from '../../views/embeds.js';
import type { PageScript } from '../../views/theme/page-scripts.js';
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
  /** The scripts the page carries, which its Content-Security-Policy allows and nothing else. */
  readonly scripts?: ScriptAllowance | undefined;
}

/**
 * What a page's Content-Security-Policy allows to run: its scripts, by hash, and the origins of
 * the services the config adds to it.
 */
export interface ScriptAllowance {
  /** `'sha256-…'` of each script written into the page. */
  readonly hashes: readonly string[];
  /** Whether what those scripts load runs too ('strict-dynamic'). */
  readonly loadsScripts: boolean;
  /** Origins of analytics, comments and the config's `csp`, when the page loads from any. */
  readonly sources?: ThirdPartySources | undefined;
}

/** What a rendered page carries that its policy must allow. */
export interface PageNeeds {
  readonly scripts?: readonly PageScript[] | undefined;
  readonly sources?: ThirdPartySources | undefined;
}

/** The allowance of a page, or undefined for a page that runs nothing, as most are. */
export function allowanceOf({ scripts = [], sources }: PageNeeds): ScriptAllowance | undefined {
  if (scripts.length === 0 && sources === undefined) return undefined;
  return {
    hashes: scripts.map((script) => scriptHash(script.text)),
    loadsScripts: scripts.some((script) => script.loadsScripts),
    ...(sources ? { sources } : {}),
  };
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
  needs: PageNeeds = {},
): Document {
  const body = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
  const allowance = allowanceOf(needs);
  return {
    kind: 'document',
    path,
    status,
    contentType,
    cacheControl,
    body,
    etag,
    scripts: allowance,
  };
}

/** A Content-Security-Policy source that allows exactly the script `text`. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}
