// Deliver: the one place that turns a request into a response; the server is a thin adapter around it.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { isDeepStrictEqual } from 'node:util';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { SiteContent } from '../../load/load-site.js';
import { buildSite, type BuildOptions, type Site } from '../../site/build-site.js';
import { listRoutes, pathOf, resolvePath } from '../../site/routes.js';
import { renderNotFound, renderRoute, type Rendered } from '../../views/render-route.js';
import type { AuthoringOverlay } from '../../views/context.js';
import { themeAssets } from '../../views/theme/assets.js';
import { chooseEncoding, etagMatches, type Encoding } from './negotiate.js';
import { securityHeaders } from './security-headers.js';

export interface AppRequest {
  readonly method: string;
  /** The request target: path and optional query, still percent-encoded. */
  readonly url: string;
  readonly headers: {
    readonly 'accept-encoding'?: string | undefined;
    readonly 'if-none-match'?: string | undefined;
  };
}

export interface AppResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Absent for HEAD, redirects and 304; a stream for files served from disk. */
  readonly body?: Buffer | Readable;
}

/** A file under the site's `static/` folder. */
export interface StaticFile {
  readonly size: number;
  readonly etag: string;
  readonly contentType: string;
  open(): Readable;
}

/** Finds files of the site's `static/` folder by decoded URL path; never outside it. */
export interface StaticFiles {
  lookup(path: string): Promise<StaticFile | undefined>;
}

export interface AppOptions {
  readonly content: SiteContent;
  readonly showDrafts?: boolean;
  /** The clock, epoch ms; scheduled posts appear once it passes their date. */
  readonly now?: () => number;
  readonly staticFiles?: StaticFiles;
  /** Pages reload themselves when the site changes (on a watching server only). */
  readonly liveReload?: boolean;
  /**
   * Keep rendered pages in memory for later requests (default true). An export, which asks for
   * each page once, turns it off so that memory does not grow with the site.
   */
  readonly keepPages?: boolean;
}

/** A response body kept in memory with its validator and its compressed forms. */
interface Resource {
  readonly status: number;
  readonly contentType: string;
  readonly cacheControl: string;
  readonly body: Buffer;
  readonly etag: string;
  readonly compressed: Map<Exclude<Encoding, 'identity'>, Buffer>;
}

const REVALIDATE = 'public, max-age=0, must-revalidate';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const ALLOWED_METHODS = 'GET, HEAD';
// Longer request targets are answered 414; no page of a blog has one.
const MAX_URL_LENGTH = 8192;

export class App {
  #content: SiteContent;
  #site: Site;
  readonly #options: AppOptions;
  readonly #now: () => number;
  // Rendered pages of the current site version, by canonical path (so that other spellings of one
  // URL share one copy); emptied whenever the site changes.
  readonly #pages = new Map<string, Resource>();
  // Whole answers to plain GET and HEAD requests of canonical URLs, by request target, so that a
  // page asked for again costs two lookups: the same work as a server replaying fixed bytes.
  readonly #answers = new Map<string, Answers>();
  // The theme's stylesheet and icon, by their content-hashed paths.
  #assets = new Map<string, Resource>();
  #rendered = 0;
  readonly #securityHeaders: Readonly<Record<string, string>>;
  #overlay: AuthoringOverlay;

  constructor(options: AppOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#content = options.content;
    this.#overlay = { liveReload: options.liveReload ?? false, problems: [], warnings: [] };
    this.#securityHeaders = securityHeaders(this.#overlay.liveReload);
    this.#site = this.#build();
  }

  /** The site as it stands now: rebuilt when a scheduled post's time has come. */
  get site(): Site {
    if (this.#now() >= this.#site.validUntil) {
      this.#site = this.#build();
      this.#forget();
    }
    return this.#site;
  }

  /** How many pages have been rendered since start: repeated requests are served from memory. */
  get renderedPages(): number {
    return this.#rendered;
  }

  /** Swaps in newly loaded content; requests from now on see only the new version. */
  replaceContent(content: SiteContent): void {
    const previous = { site: this.#site, posts: this.#content.posts };
    // Each load reads the config again; unchanged settings keep their object, which tells the
    // index that only posts may have changed.
    const { config } = this.#content;
    this.#content = isDeepStrictEqual(config, content.config) ? { ...content, config } : content;
    this.#overlay = { ...this.#overlay, problems: [] };
    this.#site = this.#build(previous);
    this.#forget();
  }

  /**
   * Keeps the last good content but shows the problems of the latest edit on every page, until
   * new content replaces it.
   */
  showProblems(problems: readonly string[]): void {
    this.#overlay = { ...this.#overlay, problems };
    this.#forget();
  }

  /** Shows warnings about the content online (images missing, …) on every page, until replaced. */
  showWarnings(warnings: readonly string[]): void {
    this.#overlay = { ...this.#overlay, warnings };
    this.#forget();
  }

  /** Answers a request, with the security headers every response carries. */
  async handle(request: AppRequest): Promise<AppResponse> {
    const remembered = this.answerFromMemory(request);
    if (remembered) return remembered;
    const response = await this.#answer(request);
    const answer = { ...response, headers: { ...response.headers, ...this.#securityHeaders } };
    this.#remember(request, response, answer);
    return answer;
  }

  /**
   * The answer to a request for a page already rendered, or undefined when it takes more: lets a
   * server answer most requests without waiting a turn of the event loop.
   */
  answerFromMemory(request: AppRequest): AppResponse | undefined {
    if (request.headers['if-none-match'] !== undefined) return undefined;
    const answers = this.#answers.get(request.url);
    if (!answers || this.#now() >= this.#site.validUntil) return undefined;
    const encoding = encodingFor(request.headers['accept-encoding']);
    if (request.method === 'GET') return answers.get[encoding];
    return request.method === 'HEAD' ? answers.head[encoding] : undefined;
  }

  // Remembers the answer to a plain request for a canonical URL's page, and the HEAD answer
  // beside it; each encoding's answer is made the first time a client asks for it.
  #remember(request: AppRequest, response: AppResponse, answer: AppResponse): void {
    const { method, url, headers } = request;
    if (method !== 'GET' || response.status !== 200 || !Buffer.isBuffer(answer.body)) return;
    if (headers['if-none-match'] !== undefined) return;
    if (!this.#pages.has(url) && !this.#assets.has(url)) return;
    let answers = this.#answers.get(url);
    if (!answers) {
      answers = { get: {}, head: {} };
      this.#answers.set(url, answers);
    }
    const encoding = encodingFor(headers['accept-encoding']);
    answers.get[encoding] = answer;
    answers.head[encoding] = { status: answer.status, headers: answer.headers };
  }

  #forget(): void {
    this.#pages.clear();
    this.#answers.clear();
  }

  async #answer(request: AppRequest): Promise<AppResponse> {
    if (request.url.length > MAX_URL_LENGTH) return plain(414, 'URI Too Long');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return plain(405, 'Method Not Allowed', { allow: ALLOWED_METHODS });
    }
    const queryStart = request.url.indexOf('?');
    const path = queryStart === -1 ? request.url : request.url.slice(0, queryStart);
    const query = queryStart === -1 ? '' : request.url.slice(queryStart);
    const site = this.site;
    const asset = this.#assets.get(path);
    if (asset) return represent(asset, request);
    const resolution = resolvePath(site, path);
    switch (resolution.type) {
      case 'bad-request':
        return plain(400, 'Bad Request: the path is not valid percent-encoded UTF-8');
      case 'redirect':
        return {
          status: 301,
          headers: { location: resolution.location + query, 'content-length': '0' },
        };
      case 'page':
        return represent(
          this.#page(pathOf(resolution.route), () =>
            rendered(200, renderRoute(site, resolution.route, this.#overlay)),
          ),
          request,
        );
      case 'not-found': {
        const file = await this.#options.staticFiles?.lookup(decodeURIComponent(path));
        if (file) return serveFile(file, request);
        return represent(this.#notFound(site), request);
      }
    }
  }

  /**
   * Every path the site answers with a document it generates — pages, feeds, sitemap, robots.txt
   * and the theme's files — in a stable order: what a static export writes.
   */
  documentPaths(): string[] {
    return [...listRoutes(this.site).map(pathOf), ...this.#assets.keys()];
  }

  /**
   * The bytes a GET of `path` is answered with, uncompressed — rendered as for a request, but
   * neither kept nor given a validator — or undefined when `path` is not a generated document:
   * what an export writes.
   */
  documentBody(path: string): Buffer | undefined {
    const asset = this.#assets.get(path);
    if (asset) return asset.body;
    const site = this.site;
    const resolution = resolvePath(site, path);
    if (resolution.type !== 'page') return undefined;
    return Buffer.from(renderRoute(site, resolution.route, this.#overlay).body, 'utf8');
  }

  /** The body of the 404 page, exactly as the server sends it. */
  notFoundBody(): Buffer {
    return this.#notFound(this.site).body;
  }

  #notFound(site: Site): Resource {
    return this.#page('\u0000404', () => rendered(404, renderNotFound(site, this.#overlay)));
  }

  #page(key: string, render: () => Resource): Resource {
    let page = this.#pages.get(key);
    if (!page) {
      page = render();
      this.#rendered++;
      if (this.#options.keepPages !== false) this.#pages.set(key, page);
    }
    return page;
  }

  #build(previous?: BuildOptions['previous']): Site {
    const { config, posts } = this.#content;
    const site = buildSite(config, posts, {
      now: this.#now(),
      showDrafts: this.#options.showDrafts ?? false,
      previous,
    });
    this.#assets = new Map(
      themeAssets(site).map((asset) => [
        asset.path,
        resource(200, asset.contentType, IMMUTABLE, asset.body),
      ]),
    );
    return site;
  }
}

interface Answers {
  readonly get: Partial<Record<Encoding, AppResponse>>;
  readonly head: Partial<Record<Encoding, AppResponse>>;
}

// Clients send few distinct Accept-Encoding values; each is read once. The bound keeps a client
// that varies it from growing the table.
const encodings = new Map<string, Encoding>();
const REMEMBERED_ENCODINGS = 64;

function encodingFor(acceptEncoding: string | undefined): Encoding {
  if (acceptEncoding === undefined) return 'identity';
  let encoding = encodings.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = chooseEncoding(acceptEncoding);
    if (encodings.size >= REMEMBERED_ENCODINGS) encodings.clear();
    encodings.set(acceptEncoding, encoding);
  }
  return encoding;
}

function rendered(status: number, document: Rendered): Resource {
  return resource(status, document.contentType, REVALIDATE, document.body);
}

function resource(
  status: number,
  contentType: string,
  cacheControl: string,
  text: string,
): Resource {
  const body = Buffer.from(text, 'utf8');
  const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
  return { status, contentType, cacheControl, body, etag, compressed: new Map() };
}

function represent(res: Resource, request: AppRequest): AppResponse {
  const encoding = encodingFor(request.headers['accept-encoding']);
  const body = encoding === 'identity' ? res.body : compressed(res, encoding);
  const etag = encoding === 'identity' ? res.etag : `${res.etag.slice(0, -1)}-${encoding}"`;
  const headers: Record<string, string> = {
    'content-type': res.contentType,
    'cache-control': res.cacheControl,
    etag,
    vary: 'Accept-Encoding',
  };
  if (res.status === 200 && etagMatches(request.headers['if-none-match'], etag)) {
    return { status: 304, headers };
  }
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  headers['content-length'] = String(body.length);
  return request.method === 'HEAD'
    ? { status: res.status, headers }
    : { status: res.status, headers, body };
}

// Compressed once per page version and kept, so repeated requests cost no CPU.
function compressed(res: Resource, encoding: 'br' | 'gzip'): Buffer {
  let body = res.compressed.get(encoding);
  if (!body) {
    body =
      encoding === 'br'
        ? brotliCompressSync(res.body, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: 9,
              [zlib.BROTLI_PARAM_SIZE_HINT]: res.body.length,
            },
          })
        : gzipSync(res.body, { level: 9 });
    res.compressed.set(encoding, body);
  }
  return body;
}

function serveFile(file: StaticFile, request: AppRequest): AppResponse {
  const headers: Record<string, string> = {
    'content-type': file.contentType,
    'cache-control': 'public, max-age=3600',
    etag: file.etag,
  };
  if (etagMatches(request.headers['if-none-match'], file.etag)) return { status: 304, headers };
  headers['content-length'] = String(file.size);
  return request.method === 'HEAD'
    ? { status: 200, headers }
    : { status: 200, headers, body: file.open() };
}

function plain(status: number, text: string, extra: Record<string, string> = {}): AppResponse {
  const body = Buffer.from(`${text}\n`, 'utf8');
  const headers = {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': String(body.length),
    ...extra,
  };
  return { status, headers, body };
}
