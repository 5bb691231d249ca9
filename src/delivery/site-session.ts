// Deliver: the one owner of change. A session holds the version of a site folder online, what its
// last load read, and every cache that lives as long as that version; it alone decides, on each
// change, whether the new posts are swapped into the Site or the Site is built again.
import { isDeepStrictEqual } from 'node:util';
import type { Progress } from '../content/load-content.js';
import {
  loadSite,
  type LoadResult,
  type ReusableLoad,
  type SiteContent,
} from '../load/load-site.js';
import { buildSite, swappablePosts, swapPosts, type Site } from '../site/build-site.js';
import type { Post } from '../content/post.js';
import { NO_OVERLAY } from '../views/context.js';
import { PageCaches, type SiteState } from './app/site-state.js';
import { SiteSearchIndex } from './app/site-search.js';
import { indexSitePosts } from '../load/search-documents.js';
import type { ImageStore } from '../load/image-store.js';
import type { ReadCache } from '../load/read-cache.js';

export interface SessionOptions {
  /** Drafts are shown, as on a local preview. */
  readonly showDrafts?: boolean;
  /** The clock, epoch ms; scheduled posts appear once it passes their date. */
  readonly now?: () => number;
  /** Pages reload themselves when the site changes (on a watching server only). */
  readonly liveReload?: boolean;
  /** Check every body's links and images on loading (default false: bodies wait for pages). */
  readonly checkBodies?: boolean;
  /** Keep bodies in memory rather than read them again when a page needs them. */
  readonly keepBodies?: boolean;
  readonly onProgress?: Progress | undefined;
  /**
   * Index each version for search as soon as it goes online (a server), rather than when it is
   * first searched.
   */
  readonly indexAtOnce?: boolean;
  /** The store of image variants pages name: the server's, which makes them as asked. */
  readonly images?: ImageStore | undefined;
  /**
   * What a build or an earlier server kept of reading each post file: files whose stamp stands
   * are not read again on opening. Only for a session that reads bodies again when pages need
   * them (`keepBodies` not set). The opener keeps what the load read, when it sees fit.
   */
  readonly readCache?: ReadCache | undefined;
}

/** What opening a site folder gives: a session, if the folder loaded without errors. */
export interface Opened {
  readonly session: SiteSession | undefined;
  readonly load: LoadResult;
}

/** What an update found, and whether it went online. */
export interface Update {
  readonly load: LoadResult;
  readonly published: boolean;
}

/** Where a session reads changes from: its folder, and what its last load can lend the next. */
interface Folder {
  readonly siteDir: string;
  reusable: ReusableLoad;
}

/**
 * How long a version has been online, with no newer one, when its index is begun: after the page a
 * save reloads, which took a 10,000-post site 80 ms to show after an edit and 230 ms while indexing
 * began at once, and after the save an editor's next one makes soon after.
 */
const INDEX_AFTER_MS = 1000;

export class SiteSession {
  readonly #options: SessionOptions;
  readonly #now: () => number;
  readonly #folder: Folder | undefined;
  #content: SiteContent;
  // The version online as requests see it; a new object whenever the site or the overlay changes.
  #state: SiteState;
  // The same version without problems and warnings, for clients on other machines; made when first
  // asked for while there are some, with caches of its own.
  #withoutNotes: SiteState | undefined;
  // The start of the index of the version online, due a moment after it went online.
  #indexSoon: NodeJS.Timeout | undefined;

  private constructor(content: SiteContent, options: SessionOptions, folder?: Folder) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#folder = folder;
    this.#content = content;
    this.#state = {
      site: this.#build(content),
      bodies: content.bodies,
      overlay: { ...NO_OVERLAY, liveReload: options.liveReload ?? false },
      caches: new PageCaches(),
      searchIndex: new SiteSearchIndex(({ site, bodies }, signal) =>
        indexSitePosts(site, bodies, {
          signal,
          // How the posts were read is the last load's: a version indexed is the newest online.
          ...(folder && {
            kept: { siteDir: folder.siteDir, reads: folder.reusable.folder.results },
          }),
        }),
      ),
    };
    this.#indexIfAsked();
  }

  /**
   * Starts indexing the version online soon, on a server that indexes each version at once: once
   * it has been online a moment with no newer one, so that the pages an author's saves reload are
   * rendered before the work of indexing begins, and saves in quick succession are indexed once. A
   * search that comes first starts it then.
   */
  #indexIfAsked(): void {
    if (this.#options.indexAtOnce !== true || !this.#state.site.config.search) return;
    clearTimeout(this.#indexSoon);
    this.#indexSoon = setTimeout(() => {
      // A failure is the search's to report, when a reader searches.
      this.#state.searchIndex.of(this.#state).catch(() => undefined);
    }, INDEX_AFTER_MS);
    // Nothing is left to index once the server stops.
    this.#indexSoon.unref();
  }

  /** Loads a site folder; the session exists only when it loaded without errors. */
  static async open(siteDir: string, options: SessionOptions = {}): Promise<Opened> {
    const load = await loadSite(siteDir, {
      checkBodies: options.checkBodies ?? false,
      keepBodies: options.keepBodies ?? false,
      onProgress: options.onProgress,
      images: options.images,
      readCache: options.readCache,
    });
    const session = load.content
      ? new SiteSession(load.content, options, { siteDir, reusable: load.reusable })
      : undefined;
    return { session, load };
  }

  /** A session of content already in memory, with no folder to read changes from. */
  static of(content: SiteContent, options: SessionOptions = {}): SiteSession {
    return new SiteSession(content, options);
  }

  /**
   * Reads again what changed — the paths a watcher named, or everything when it cannot say — and
   * puts the new version online if `accept` agrees (by default it does) and it has no error.
   */
  async update(
    changed: readonly string[] | undefined,
    accept: (load: LoadResult) => boolean | Promise<boolean> = () => true,
  ): Promise<Update> {
    const folder = this.#folder;
    if (!folder) throw new Error('this session was made from content in memory: it has no folder');
    const load = await loadSite(folder.siteDir, {
      previous: folder.reusable,
      changed,
      checkBodies: false,
      keepBodies: this.#options.keepBodies ?? false,
    });
    folder.reusable = load.reusable;
    // An edit's version is made while `accept` waits (a watcher waits for a file to be quiet),
    // so that only the switch is left once it agrees; a version to build whole is built then.
    const next = load.content && this.#next(load.content, { onlySwap: true });
    const published = (await accept(load)) && load.content !== undefined;
    if (load.content && published) {
      if (next?.from === this.#state) next.switch();
      else this.publish(load.content);
    }
    return { load, published };
  }

  /**
   * Puts new content online and clears the problems shown. An edit that leaves every post where
   * it was swaps the new versions into the Site; any other change builds the Site again.
   */
  publish(content: SiteContent): void {
    this.#next(content, { onlySwap: false })?.switch();
  }

  /**
   * The version `content` makes from the one online, and the switch that puts it online; with
   * `onlySwap`, undefined unless the new posts can be swapped into the Site online.
   */
  #next(
    content: SiteContent,
    { onlySwap }: { onlySwap: boolean },
  ): { from: SiteState; switch: () => void } | undefined {
    const before = this.#content;
    const from = this.#state;
    const { site, overlay } = from;
    const now = this.#now();
    // Each load reads the config again; the Site can take new posts only under the same settings.
    const sameConfig =
      isDeepStrictEqual(before.config, content.config) &&
      isDeepStrictEqual(before.additions, content.additions);
    // Every page links the pages of the navigation: a page edited makes every page again.
    const samePages =
      before.pages.length === content.pages.length &&
      before.pages.every((page, i) => page === content.pages[i]);
    const swap =
      sameConfig && samePages ? swappablePosts(site, before.posts, content.posts, now) : undefined;
    if (onlySwap && !swap) return undefined;
    const changes = {
      bodies: content.bodies,
      overlay: { ...overlay, problems: [] },
      site: swap ? swapPosts(site, swap, now) : this.#build(content),
    };
    // Only the new posts' pages, and those that list them or link to them, are made again: a
    // save costs the server a few pages, not all of them.
    const replaced = swap && overlay.problems.length === 0 ? new Set(swap.keys()) : undefined;
    // The content online changes only with the state: a version made from this state is made
    // from this content too.
    return {
      from,
      switch: () => {
        this.#content = content;
        this.#change(changes, replaced);
      },
    };
  }

  /** The content online: config, posts and their bodies. */
  get content(): SiteContent {
    return this.#content;
  }

  /**
   * What requests are answered from now — the Site, its bodies, the overlay and the page caches;
   * the Site is built again, and the caches emptied, when a scheduled post's time has come.
   */
  get state(): SiteState {
    if (this.#now() >= this.#state.site.validUntil) {
      this.#change({ site: this.#build(this.#content) });
    }
    return this.#state;
  }

  /**
   * The state a client is answered from: the author's own machine (`local`) is shown the problems
   * and warnings, which name files of that machine; any other client the same pages without them.
   */
  stateFor(local: boolean): SiteState {
    const state = this.state;
    const { problems, warnings } = state.overlay;
    if (local || (problems.length === 0 && warnings.length === 0)) return state;
    return (this.#withoutNotes ??= {
      ...state,
      overlay: { ...state.overlay, problems: [], warnings: [] },
      caches: new PageCaches(),
    });
  }

  /** The Site as it stands now. */
  get site(): Site {
    return this.state.site;
  }

  /**
   * Keeps the last good version online but shows the problems of the latest edit on every page,
   * until a version without errors goes online.
   */
  showProblems(problems: readonly string[]): void {
    this.#change({ overlay: { ...this.#state.overlay, problems } });
  }

  /** Shows warnings about the content online (images missing, …) on every page, until replaced. */
  showWarnings(warnings: readonly string[]): void {
    this.#change({ overlay: { ...this.#state.overlay, warnings } });
  }

  #build(content: SiteContent): Site {
    return buildSite(content.config, content.posts, {
      now: this.#now(),
      showDrafts: this.#options.showDrafts ?? false,
      pages: content.pages,
      additions: content.additions,
    });
  }

  /**
   * Moves to a new version of what pages show. Nothing made for the last is kept, unless it
   * differs only in new versions of the posts `replaced`: then what shows none of them is kept.
   */
  #change(changes: Partial<Omit<SiteState, 'caches'>>, replaced?: ReadonlySet<Post>): void {
    const caches = replaced ? this.#state.caches.carriedOver(replaced) : new PageCaches();
    this.#state.caches.clear();
    this.#withoutNotes?.caches.clear();
    this.#withoutNotes = undefined;
    const siteChanged = changes.site !== undefined && changes.site !== this.#state.site;
    this.#state = { ...this.#state, ...changes, caches };
    if (siteChanged) this.#indexIfAsked();
  }
}
