// Deliver: the one place that turns a request into a response; the server is a thin adapter around
// it. The core finds the resource; around it, a remembered answer is replayed, compression and
// conditional GET shape the answer for its client, and every answer carries the security headers.
import { isDeepStrictEqual } from 'node:util';
import type { SiteContent } from '../../load/load-site.js';
import { buildSite, type BuildOptions, type Site } from '../../site/build-site.js';
import { encoded } from './compression.js';
import { answerConditionally } from './conditional.js';
import { resourceFor } from './core.js';
import type { AppRequest, AppResponse, BufferedResponse, StaticFiles } from './http.js';
import { encodingFor } from './negotiate.js';
import type { Resource } from './resource.js';
import { securityHeaders } from './security-headers.js';
import { PageCaches, type SiteState, type SiteView } from './site-state.js';

export interface AppOptions {
  readonly content: SiteContent;
  readonly showDrafts?: boolean;
  /** The clock, epoch ms; scheduled posts appear once it passes their date. */
  readonly now?: () => number;
  readonly staticFiles?: StaticFiles;
  /** Pages reload themselves when the site changes (on a watching server only). */
  readonly liveReload?: boolean;
}

export class App {
  readonly #options: AppOptions;
  readonly #now: () => number;
  readonly #securityHeaders: Readonly<Record<string, string>>;
  #content: SiteContent;
  // The site and the overlay requests are answered from, and what is kept for them.
  #state: SiteState;

  constructor(options: AppOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#content = options.content;
    const liveReload = options.liveReload ?? false;
    this.#securityHeaders = securityHeaders(liveReload);
    this.#state = {
      site: this.#build(),
      overlay: { liveReload, problems: [], warnings: [] },
      caches: new PageCaches(),
    };
  }

  /** The site as it stands now: rebuilt when a scheduled post's time has come. */
  get site(): Site {
    return this.#current().site;
  }

  /** How many pages have been rendered since start: repeated requests are served from memory. */
  get renderedPages(): number {
    return this.#state.caches.documents.stats.misses;
  }

  /** What is kept for the current version of the site, to see whether it earns its keep. */
  get caches(): PageCaches {
    return this.#state.caches;
  }

  /** Swaps in newly loaded content; requests from now on see only the new version. */
  replaceContent(content: SiteContent): void {
    const previous = { site: this.#state.site, posts: this.#content.posts };
    // Each load reads the config again; unchanged settings keep their object, which tells the
    // index that only posts may have changed.
    const { config } = this.#content;
    this.#content = isDeepStrictEqual(config, content.config) ? { ...content, config } : content;
    this.#change({
      site: this.#build(previous),
      overlay: { ...this.#state.overlay, problems: [] },
    });
  }

  /**
   * Keeps the last good content but shows the problems of the latest edit on every page, until
   * new content replaces it.
   */
  showProblems(problems: readonly string[]): void {
    this.#change({ overlay: { ...this.#state.overlay, problems } });
  }

  /** Shows warnings about the content online (images missing, …) on every page, until replaced. */
  showWarnings(warnings: readonly string[]): void {
    this.#change({ overlay: { ...this.#state.overlay, warnings } });
  }

  /**
   * Answers a request, with the security headers every response carries. An answer remembered
   * from an earlier request comes back at once, not as a promise, so that a server sends most
   * answers without waiting a turn of the event loop; never throws, but rejects.
   */
  request(request: AppRequest): BufferedResponse | Promise<AppResponse> {
    const state = this.#state;
    const remembered = state.caches.answers.lookup(request);
    if (remembered !== undefined && this.#now() < state.site.validUntil) return remembered;
    try {
      const current = this.#current();
      const resource = resourceFor(current, request, this.#options.staticFiles);
      if (resource instanceof Promise) {
        return resource.then((found) => this.#answer(current, request, found));
      }
      return Promise.resolve(this.#answer(current, request, resource));
    } catch (cause) {
      return Promise.reject(cause instanceof Error ? cause : new Error(String(cause)));
    }
  }

  // The answer for this client — its encoding, its validator, its method — remembered when it
  // may be given again as it is.
  #answer(state: SiteState, request: AppRequest, resource: Resource): AppResponse {
    const response = this.#represent(state, request, resource);
    const answer = { ...response, headers: { ...response.headers, ...this.#securityHeaders } };
    state.caches.answers.remember(request, resource, answer);
    return answer;
  }

  #represent(state: SiteState, request: AppRequest, resource: Resource): AppResponse {
    switch (resource.kind) {
      case 'document': {
        const encoding = encodingFor(request.headers['accept-encoding']);
        return answerConditionally(encoded(resource, encoding, state.caches.compressed), request);
      }
      case 'file': {
        const { file } = resource;
        return answerConditionally(
          {
            status: 200,
            contentType: file.contentType,
            cacheControl: 'public, max-age=3600',
            etag: file.etag,
            varies: false,
            encoding: 'identity',
            length: file.size,
            body: () => file.open(),
          },
          request,
        );
      }
      case 'fixed': {
        const { status, headers } = resource.response;
        return request.method === 'HEAD' ? { status, headers } : resource.response;
      }
    }
  }

  /** The state as it stands now: the site is rebuilt when a scheduled post's time has come. */
  #current(): SiteState {
    if (this.#now() >= this.#state.site.validUntil) this.#change({ site: this.#build() });
    return this.#state;
  }

  /** Moves to a new version of the site or of the overlay; nothing made for the last is kept. */
  #change(changes: Partial<SiteView>): void {
    this.#state.caches.clear();
    this.#state = { ...this.#state, ...changes };
  }

  #build(previous?: BuildOptions['previous']): Site {
    const { config, posts } = this.#content;
    return buildSite(config, posts, {
      now: this.#now(),
      showDrafts: this.#options.showDrafts ?? false,
      previous,
    });
  }
}
