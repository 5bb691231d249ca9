// Deliver: the request and the response the app deals in, and the site's static files it serves.
import type { Readable } from 'node:stream';

export interface AppRequest {
  readonly method: string;
  /** The request target: path and optional query, still percent-encoded. */
  readonly url: string;
  readonly headers: {
    readonly 'accept-encoding'?: string | undefined;
    readonly 'if-none-match'?: string | undefined;
    /** Asks for part of a file of `static/` (a video, say): one range is answered. */
    readonly range?: string | undefined;
    readonly 'if-range'?: string | undefined;
  };
  /**
   * The client is on this machine (a loopback address): only it is shown the problems and
   * warnings of a watching server, which name files of the author's machine. Absent: it is not.
   */
  readonly local?: boolean;
}

export interface AppResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Absent for HEAD, redirects and 304; a stream for files served from disk. */
  readonly body?: Buffer | Readable;
}

/** A response whose body, if it has one, is already in memory. */
export interface BufferedResponse extends AppResponse {
  readonly body?: Buffer;
}

/** Bytes `start` to `end` of a file, both included, as HTTP ranges count them. */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

/** A file under the site's `static/` folder. */
export interface StaticFile {
  readonly size: number;
  readonly etag: string;
  readonly contentType: string;
  /** How long clients may keep it; by default an hour, as a file of static/ may change. */
  readonly cacheControl?: string | undefined;
  /** The file's bytes, or those from `start` to `end` (inclusive) of a range. */
  open(range?: ByteRange): Readable;
}

/**
 * Finds files of the site's `static/` folder by decoded URL path, and the files beside a post
 * written as `slug/index.md`; never outside those folders.
 */
export interface StaticFiles {
  lookup(path: string): Promise<StaticFile | undefined>;
  /** The file at `path` (decoded, `/`-separated) in the folder of the post file `postFile`. */
  lookupBeside?(postFile: string, path: string): Promise<StaticFile | undefined>;
  /**
   * A variant of an image at `path` (under `/assets/images/`), made on first request; or the
   * path of the original, to redirect to, when the image cannot be resized.
   */
  variant?(path: string): Promise<StaticFile | string | undefined>;
}
