// Deliver: the one place that turns a request into a response; the server is a thin adapter around
// it. The core finds the resource; around it, a remembered answer is replayed, compression and
// conditional GET shape the answer for its client, and every answer carries the security headers.
import type { SiteSession } from '../site-session.js';
import type { Site } from '../../site/build-site.js';
import { STATIC_FILE } from './cache-lifetimes.js';
import { encoded } from './compression.js';
import { answerConditionally, type Representation } from './conditional.js';
import { StaleBody } from '../../load/body-store.js';
import { outsideBase, plain, requestInSite, resourceFor } from './core.js';
import type { AppRequest, AppResponse, BufferedResponse, StaticFiles } from './http.js';
import { encodingFor, etagMatches } from './negotiate.js';
import { rangeAnswer, requestedRange } from './ranges.js';
import type { Resource } from './resource.js';
import { securityHeaders } from './security-headers.js';
import type { PageCaches, SiteState } from './site-state.js';

export interface AppOptions {
  /** The site online, and everything kept for it: the session decides when either changes. */
  readonly session: SiteSession;
  readonly staticFiles?: StaticFiles | undefined;
}

export class App {
  readonly #session: SiteSession;
  readonly #staticFiles: StaticFiles | undefined;
  readonly #securityHeaders: Readonly<Record<string, string>>;
  // By the scripts a page carries and the origins it loads from: pages share a handful of them (a
  // copy button, Mermaid's loader, the config's services).
  readonly #pageSecurityHeaders = new Map<string, Readonly<Record<string, string>>>();
  // Post files being loaded again because a page found them changed on disk.
  readonly #reloading = new Map<string, Promise<void>>();

  constructor(options: AppOptions) {
    this.#session = options.session;
    this.#staticFiles = options.staticFiles;
    this.#securityHeaders = securityHeaders(options.session.state.overlay.liveReload);
  }

  /** The headers every answer carries, for the answers the server gives without the app. */
  get securityHeaders(): Readonly<Record<string, string>> {
    return this.#securityHeaders;
  }

  /** The site as it stands now: rebuilt when a scheduled post's time has come. */
  get site(): Site {
    return this.#session.site;
  }

  /** How many pages have been rendered for the version online: repeated requests are not. */
  get renderedPages(): number {
    return this.#session.state.caches.documents.stats.misses;
  }

  /** What is kept for the version online, to see whether it earns its keep. */
  get caches(): PageCaches {
    return this.#session.state.caches;
  }

  /**
   * Answers a request, with the security headers every response carries. An answer remembered
   * from an earlier request comes back at once, not as a promise, so that a server sends most
   * answers without waiting a turn of the event loop; never throws, but rejects.
   */
  request(request: AppRequest): BufferedResponse | Promise<AppResponse> {
    return this.#request(request, true);
  }

  #request(request: AppRequest, mayReload: boolean): BufferedResponse | Promise<AppResponse> {
    let current: SiteState | undefined;
    try {
      // Problems and warnings name the author's files: only this machine is shown them.
      current = this.#session.stateFor(request.local === true);
      // Under a base path, the rest of the app reads requests from the site's root.
      const inSite = requestInSite(current, request);
      if (inSite !== undefined) {
        const remembered = current.caches.answers.lookup(inSite);
        if (remembered !== undefined) return remembered;
      }
      const resource = inSite
        ? resourceFor(current, inSite, this.#staticFiles)
        : outsideBase(current, request, this.#staticFiles);
      const asked = inSite ?? request;
      if (resource instanceof Promise) {
        const state = current;
        return resource.then((found) => this.#answer(state, asked, found));
      }
      return Promise.resolve(this.#answer(current, asked, resource));
    } catch (cause) {
      if (!(cause instanceof StaleBody) || current === undefined) {
        return Promise.reject(cause instanceof Error ? cause : new Error(String(cause)));
      }
      // The post's file changed since the site was loaded: load it again, then answer from the
      // new version. If it still does not load, say so rather than mix two versions on a page.
      if (mayReload) return this.#reload(cause.file).then(() => this.#request(request, false));
      return Promise.resolve(this.#answer(current, request, CHANGED_ON_DISK));
    }
  }

  /** Loads `file` again, once however many requests found it changed at the same time. */
  #reload(file: string): Promise<void> {
    let reloading = this.#reloading.get(file);
    if (!reloading) {
      reloading = this.#session
        .update([file])
        .then(() => undefined)
        .finally(() => this.#reloading.delete(file));
      this.#reloading.set(file, reloading);
    }
    return reloading;
  }

  // The answer for this client — its encoding, its validator, its method — remembered when it
  // may be given again as it is.
  #answer(
    state: SiteState,
    request: AppRequest,
    resource: Resource,
  ): AppResponse | Promise<AppResponse> {
    const complete = (response: AppResponse): AppResponse => {
      const security = this.#securityHeadersOf(resource);
      const answer = { ...response, headers: { ...response.headers, ...security } };
      state.caches.answers.remember(request, resource, answer);
      return answer;
    };
    const response = this.#represent(state, request, resource);
    return response instanceof Promise ? response.then(complete) : complete(response);
  }

  /** The security headers of an answer: a page with scripts allows exactly those. */
  #securityHeadersOf(resource: Resource): Readonly<Record<string, string>> {
    const scripts = resource.kind === 'document' ? resource.scripts : undefined;
    if (!scripts) return this.#securityHeaders;
    const { sources } = scripts;
    const key = `${scripts.loadsScripts ? '+' : ''}${scripts.hashes.join(' ')}${sources ? ` ${sources.script.join(' ')} | ${sources.connect.join(' ')}` : ''}`;
    let headers = this.#pageSecurityHeaders.get(key);
    if (!headers) {
      headers = securityHeaders(this.#session.state.overlay.liveReload, scripts);
      this.#pageSecurityHeaders.set(key, headers);
    }
    return headers;
  }

  #represent(
    state: SiteState,
    request: AppRequest,
    resource: Resource,
  ): AppResponse | Promise<AppResponse> {
    switch (resource.kind) {
      case 'document': {
        const encoding = encodingFor(request.headers['accept-encoding']);
        const form = encoded(resource, encoding, state.caches.compressed);
        return form instanceof Promise
          ? form.then((made) => answerConditionally(made, request))
          : answerConditionally(form, request);
      }
      case 'file': {
        const { file } = resource;
        const form: Representation = {
          status: 200,
          contentType: file.contentType,
          cacheControl: file.cacheControl ?? STATIC_FILE,
          etag: file.etag,
          varies: false,
          encoding: 'identity',
          length: file.size,
          body: () => file.open(),
        };
        const range = requestedRange(request, file.size, file.etag);
        // A 304 comes before any range: the client holds the whole file already.
        if (range && !etagMatches(request.headers['if-none-match'], file.etag)) {
          const { headers } = answerConditionally(form, { ...request, method: 'HEAD' });
          const ranged = { ...headers, 'accept-ranges': 'bytes' };
          return rangeAnswer(range, file.size, ranged, (part) => file.open(part));
        }
        const whole = answerConditionally(form, request);
        return { ...whole, headers: { ...whole.headers, 'accept-ranges': 'bytes' } };
      }
      case 'fixed': {
        const { status, headers } = resource.response;
        return request.method === 'HEAD' ? { status, headers } : resource.response;
      }
    }
  }
}

// The file is not named: the answer goes to anyone.
const CHANGED_ON_DISK: Resource = plain(
  503,
  "Service Unavailable: this page's post changed on disk since the site was loaded, and does not load now",
  { 'retry-after': '5' },
);
