// Deliver: one share of a static export. Each share loads the site for itself — on a thread of
// its own when the export runs on several — and writes the documents it is handed, rendered by
// the core the server answers from, so that every share writes the bytes the server would send.
import type { ListedPostFiles } from '../../content/load-content.js';
import type { BodyFeature, MarkdownDocument, Post } from '../../content/post.js';
import type { PostFilesResult } from '../../content/read-sources.js';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { buildSite, type Redirect, type Site } from '../../site/build-site.js';
import { listRoutes, pathOf, type Route, SEARCH_PATH } from '../../site/routes.js';
import type { BodyStore, ListedBody } from '../../load/body-store.js';
import { type IndexedPost, indexedPost, searchDocument } from '../../load/search-documents.js';
import { searchPageScript } from '../../load/search-page-script.js';
import { SegmentBuilder, searchNumber, segmentWith, sitePlace } from '../../search/search-index.js';
import {
  type DocumentEntry,
  entryFilePosts,
  entryPlace,
  type SearchFiles,
  type SearchPageSetup,
  snippetSource,
} from '../../search/shards.js';
import { type IndexedBatch, joinedSegment } from '../../search/site-indexer.js';
import { messagesFor } from '../../views/i18n/messages.js';
import { bodiesShownBy, postsShownBy, renderExportedSearch } from '../../views/render-route.js';
import { withPolicy } from '../app/core.js';
import { searchEntry, searchPageStrings } from '../../views/search-page.js';
import { hasErrors } from '../../diagnostics/diagnostic.js';
import { SiteDocuments } from '../app/documents.js';
import { loadSite } from '../../load/load-site.js';
import { BodyCache } from '../../load/body-cache.js';
import { BodyFactsCache, type UsedFacts } from '../../load/body-facts.js';
import { ReadCache } from '../../load/read-cache.js';
import { RelatedCache } from '../../load/related-cache.js';
import {
  type IndexedPostKey,
  postKey,
  type KeptBatch,
  keptSegment,
  SegmentCache,
} from '../../load/segment-cache.js';
import { DocumentWriter, type WrittenFile } from './document-writer.js';
import type { DocumentFrame, DocumentRecord, ManifestEntry } from './build-manifest.js';
import { DocumentKeys } from './document-keys.js';
import { type ReadPart, readShareOf } from './read-share.js';

/** What a share loads the site with: it starts before the output folder is looked at. */
export interface ShardOptions {
  readonly siteDir: string;
  /** The instant the export is taken at, epoch ms: every share publishes the same posts. */
  readonly now: number;
  /** Whether to write `.br` and `.gz` forms beside text files; else as the config says. */
  readonly precompress?: boolean | undefined;
  /**
   * The code that renders bodies (`rendererFingerprint`): rendered bodies are kept in the site's
   * cache under it, and what reading each post file gave. None, no cache.
   */
  readonly renderer?: string | undefined;
  /** Whether this share keeps what it read for the next build: one share of an export does. */
  readonly keepsReads?: boolean | undefined;
  /**
   * This share's part of reading the post files, for shares that start loading together on
   * threads of their own: each reads its part and takes the others' parts from them.
   */
  readonly readPart?: ReadPart | undefined;
  /**
   * The post files the last build of this process listed, and what changed since (see
   * `LoadContentOptions.listed`): for the share on the exporting thread of `folio build --watch`.
   */
  readonly listed?: ListedPostFiles | undefined;
}

/** Where a share writes, once the output folder is found fit to write. */
export interface ShardOutput {
  /** The folder the export is staged in. */
  readonly root: string;
  /** Whether files are staged in it flat, by `stagedName`, rather than laid out at their paths. */
  readonly flat?: boolean;
  /** The files the output holds already, unchanged since written: the same bytes are kept. */
  readonly previous?: ReadonlyMap<string, ManifestEntry> | undefined;
  /** What the last build into the output recorded of each document it wrote, by URL path. */
  readonly documents?: ReadonlyMap<string, DocumentRecord> | undefined;
  /** What the last build's documents were made from but their bodies (`DocumentKeys.frame`). */
  readonly frame?: DocumentFrame | undefined;
  /**
   * How many terms each list of terms (`TermList.lineage`) held, by its id: the joiner of this
   * build's search knows their numbers, and a kept segment numbered against one of them goes to
   * it by those numbers.
   */
  readonly termLists?: Readonly<Record<string, number>> | undefined;
  /**
   * The numbers of the files of search entries that the output holds as the last build wrote
   * them: a batch names none of the entries of such a file when it holds all its posts, and none
   * of them changed.
   */
  readonly keptEntryFiles?: readonly number[] | undefined;
  /**
   * The batches of posts the exporting thread's last search index holds, each as its first post's
   * number and its key (`first:key`), in a process that builds again and again: such a batch is
   * taken from that index, and its kept segment need not be read (see `LastIndex`).
   */
  readonly joinedBatches?: readonly string[] | undefined;
}

/** A document written, by its URL path, with what it was made from. */
export interface WrittenDocument extends DocumentRecord {
  readonly path: string;
}

/** What a share did with a batch: the files it produced, and the index of the posts it wrote. */
export interface WrittenBatch {
  /** The batch's files, compressed forms included, written now or kept as the output held them. */
  readonly files: readonly WrittenFile[];
  /** The index of the batch's posts, for the exporting thread to join; none without posts. */
  readonly search: IndexedBatch | undefined;
  /** What listings show of the batch's posts, as their pages' parses found it, by page path. */
  readonly listed: readonly ListedPost[];
  /** What each document of the batch was made from, for the next build to compare. */
  readonly documents: readonly WrittenDocument[];
}

/** What listings show of a post, known from the parse of its page by the share that wrote it. */
export interface ListedPost extends ListedBody {
  readonly path: string;
}

/** What checking the bodies a share wrote found: warnings, and the facts it read of them. */
export interface CheckedBodies {
  readonly warnings: readonly Diagnostic[];
  readonly facts: UsedFacts;
}

/**
 * The share of a batch's posts that may have changed for its kept segment to be made anew from
 * the changed posts alone: for one post of 64, indexing it and copying the others' postings took
 * a rebuild about a quarter of the time of indexing the batch, the first indexing it does, cold.
 */
const MOST_CHANGED_TO_MEND = 1 / 4;

/** The path the 404 page is written under, which no request of the site answers 200. */
export const NOT_FOUND_DOCUMENT = '/404.html';

// What rendering a document costs, in entries of a listing: a page of its own, each post it
// lists, and each whole body it holds (a feed's) — a body parsed and rendered costs about fifteen
// entries.
const PAGE_WEIGHT = 4;
const BODY_WEIGHT = 15;
// A listing page of ten entries, the unit a plan weighs documents in.
const LISTING_PAGE_WEIGHT = PAGE_WEIGHT + 10;

/** About how much rendering the document of `route` costs, in listing pages of ten entries. */
function renderingWeight(site: Site, route: Route): number {
  const listed = postsShownBy(site, route).length;
  const bodies = bodiesShownBy(site, route).html.length;
  return (PAGE_WEIGHT + listed + BODY_WEIGHT * bodies) / LISTING_PAGE_WEIGHT;
}

/** What a share found on loading: its problems, and, if none is an error, the work to share. */
export interface ShardPlan {
  readonly diagnostics: readonly Diagnostic[];
  /** Post pages: most of the work, and each about the same size. */
  readonly posts: readonly string[];
  /**
   * Listings, feeds, sitemap and theme files: these need every post's excerpt, and are written
   * once every post page is, from what the pages' parses found (see `learn`).
   */
  readonly others: readonly string[];
  /** About what rendering each of `others` costs, in listing pages of ten entries. */
  readonly otherWeights: readonly number[];
  /** Old paths and where they lead, for the redirects file of hosts that read one. */
  readonly redirects: readonly Redirect[];
  /** Public posts written as `slug/index.md`: their files go beside their pages. */
  readonly folders: readonly { readonly path: string; readonly file: string }[];
  /** Whether the site has search: its page is written last, once the index it reads is made. */
  readonly search: boolean;
  /** Whether `.br` and `.gz` forms are written beside text files. */
  readonly precompress: boolean;
  /** What the documents are made from but their bodies, for the next build; none without keys. */
  readonly frame?: DocumentFrame | undefined;
}

export class ExportShard {
  readonly #options: ShardOptions;
  // Where the share writes: none until `target` names it.
  #writer: DocumentWriter | undefined;
  #output: ShardOutput | undefined;
  #precompress = false;
  #documents: SiteDocuments | undefined;
  #checkBodies: (include: (document: MarkdownDocument) => boolean) => Diagnostic[] = () => [];
  // The public posts by the path of their page, and those whose page this share has written.
  #postsByPath = new Map<string, Post>();
  // The files of search entries the output holds as the last build wrote them, by number.
  #keptEntryFiles: ReadonlySet<number> = new Set();
  // The batches of posts the exporting thread's last index holds (`ShardOutput.joinedBatches`).
  #joinedBatches: ReadonlySet<string> = new Set();
  // The path of each public post's page, by its place in the site's order.
  #postPaths: readonly string[] = [];
  readonly #written = new Set<MarkdownDocument>();
  // Each public post's search number (see `searchNumber`).
  #numbers = new Map<Post, number>();
  #bodies: BodyStore | undefined;
  // Kept from batch to batch for what it knows of words; each batch is indexed as a segment.
  // None for a site without search.
  #search: SegmentBuilder | undefined;
  // What earlier builds indexed of batches of posts: none for a build from nothing.
  #segments: SegmentCache | undefined;
  // What each document is made from: none for a build from nothing, which renders everything.
  #keys: DocumentKeys | undefined;
  // The key of each document asked for so far, by path.
  readonly #documentKeys = new Map<string, string | undefined>();
  // Whether the document at a path is made from what it was made from in the last build, whose
  // key it then has: a build after a body changed works out the keys of the documents showing it
  // alone, rather than of all of a large site's.
  #unchangedSinceLast: (path: string) => boolean = () => false;
  // What the documents written since the last batch was answered were made from.
  #records: WrittenDocument[] = [];
  // Keeps what loading read for the next build, for the share that keeps it.
  #keepReads: () => void = () => undefined;
  // Keeps the related posts this share worked out, for the share that keeps reads.
  #keepRelated: () => void = () => undefined;
  #bodyCache: BodyCache | undefined;
  #listing: PostFilesResult | undefined;

  constructor(options: ShardOptions) {
    this.#options = options;
  }

  /**
   * Names the folder the share writes into, and what the output holds already: once the share has
   * loaded the site, whose config says whether files are precompressed.
   */
  target(output: ShardOutput): Promise<void> {
    if (!this.#documents) {
      return Promise.reject(new Error('a share is given a target once it has loaded the site'));
    }
    this.#output = output;
    this.#keptEntryFiles = new Set(output.keptEntryFiles);
    this.#joinedBatches = new Set(output.joinedBatches);
    if (this.#keys && output.frame && output.documents) {
      this.#unchangedSinceLast = this.#keys.unchangedSince(output.frame);
    }
    this.#writer = new DocumentWriter(output.root, {
      flat: output.flat === true,
      previous: output.previous,
      precompress: this.#precompress,
    });
    return Promise.resolve();
  }

  /** The post files as this share's load listed them; none until it has loaded. */
  get listing(): PostFilesResult | undefined {
    return this.#listing;
  }

  get #out(): DocumentWriter {
    if (!this.#writer) throw new Error('an export share writes nowhere until it is given a target');
    return this.#writer;
  }

  /** Loads and checks the site; bodies are parsed only when a page shows them. */
  async load(onProgress?: (done: number, total: number) => void): Promise<ShardPlan> {
    const { siteDir, renderer, keepsReads } = this.#options;
    const reads = renderer === undefined ? undefined : new ReadCache(siteDir, renderer);
    this.#bodyCache = renderer === undefined ? undefined : new BodyCache(siteDir, renderer);
    const startedAt = Date.now();
    const { content, diagnostics, checkBodies, reusable } = await loadSite(siteDir, {
      checkBodies: false,
      keepBodies: false,
      onProgress,
      bodyCache: this.#bodyCache,
      bodyFacts: renderer === undefined ? undefined : new BodyFactsCache(siteDir, renderer).read(),
      // Kept when the exporting thread asks (`keepReads`).
      readCache: reads,
      share: this.#options.readPart && readShareOf(this.#options.readPart),
      listed: this.#options.listed,
    });
    this.#listing = reusable.folder.listing;
    if (reads && keepsReads === true) {
      this.#keepReads = () => reads.write(reusable.folder, startedAt);
    }
    if (!content || hasErrors(diagnostics)) {
      return {
        diagnostics,
        posts: [],
        others: [],
        otherWeights: [],
        redirects: [],
        folders: [],
        search: false,
        precompress: false,
      };
    }
    this.#checkBodies = checkBodies;
    const precompress = this.#options.precompress ?? content.config.precompress;
    this.#precompress = precompress;
    const { search } = content.config;
    if (search) {
      content.bodies.keepSearchTexts();
      this.#search = new SegmentBuilder();
      if (renderer !== undefined) this.#segments = new SegmentCache(siteDir, renderer);
    }
    this.#bodies = content.bodies;
    const site = buildSite(content.config, content.posts, {
      now: this.#options.now,
      pages: content.pages,
      additions: content.additions,
    });
    const count = site.posts.length;
    this.#numbers = new Map(site.posts.map((post, place) => [post, searchNumber(place, count)]));
    const documents = new SiteDocuments({ site, bodies: content.bodies });
    this.#documents = documents;
    if (renderer !== undefined) {
      const related = new RelatedCache(siteDir, renderer, site);
      related.take(site);
      if (keepsReads === true) this.#keepRelated = () => related.keep(site);
      this.#keys = DocumentKeys.of(content, site, {
        siteDir,
        read: reusable.folder,
        renderer,
        precompress,
      });
    }
    this.#postsByPath = new Map(
      documents.site.posts.map((post) => [pathOf({ kind: 'post', post }), post]),
    );
    // Post pages in the site's order, so that a batch of them is a run of the site's posts,
    // which search indexes as one segment.
    const posts = [...this.#postsByPath.keys()];
    this.#postPaths = posts;
    const others = documents
      .paths()
      // The search page is written last, once the index it reads is made.
      .filter((path) => path !== SEARCH_PATH && !this.#postsByPath.has(path));
    // The heaviest first, so that the shares end on light pages, and together, rather than one
    // rendering a last batch of feeds while the others wait.
    const weights = new Map(
      listRoutes(site)
        .filter((route) => route.kind !== 'post')
        .map((route) => [pathOf(route), renderingWeight(site, route)]),
    );
    const weightOf = (path: string): number =>
      weights.get(path) ?? PAGE_WEIGHT / LISTING_PAGE_WEIGHT;
    others.sort((a, b) => weightOf(b) - weightOf(a));
    others.push(NOT_FOUND_DOCUMENT);
    const otherWeights = others.map(weightOf);
    const folders = documents.site.posts
      .filter((post) => post.ownFolder)
      .map((post) => ({ path: post.path, file: post.file }));
    const redirects = documents.redirects();
    const frame = this.#keys?.frame();
    return {
      diagnostics,
      posts,
      others,
      otherWeights,
      redirects,
      folders,
      search,
      precompress,
      frame,
    };
  }

  /**
   * Writes the documents at `paths`; answers the files produced, and the index of the posts
   * written, made from the bodies their pages have just parsed.
   */
  write(paths: readonly string[]): Promise<WrittenBatch> {
    const documents = this.#documents;
    if (!documents) return Promise.reject(new Error('the site is not loaded, or has errors'));
    const posts: Post[] = [];
    const listed: ListedPost[] = [];
    try {
      for (const path of paths) {
        this.#writeDocument(documents, path);
        const post = this.#postsByPath.get(path);
        if (!post) continue;
        this.#written.add(post);
        posts.push(post);
        const shown = this.#bodies?.listed(post);
        if (shown) listed.push({ path, ...shown });
      }
      // Indexed after the pages: the index's tables stay in the processor's caches from one
      // post to the next, where rendering a page between two would push them out.
      const search =
        this.#search && posts.length > 0
          ? this.#indexBatch(this.#search, documents.site, posts)
          : undefined;
      const written = this.#out.takeWritten();
      const records = this.#records;
      this.#records = [];
      return Promise.resolve({ files: written, search, listed, documents: records });
    } catch (cause) {
      return Promise.reject(cause instanceof Error ? cause : new Error(String(cause)));
    }
  }

  /**
   * Writes the document at `path`, or keeps its files as the output holds them when the last
   * build recorded the same key for it: the same inputs render the same bytes.
   */
  #writeDocument(documents: SiteDocuments, path: string): void {
    const key = this.#keyOf(path);
    const last = this.#lastRecord(path, key);
    const writer = this.#out;
    const mark = writer.mark();
    let features: readonly BodyFeature[];
    if (last !== undefined && writer.keepAll(last.files)) {
      features = last.features;
      documents.use(features);
    } else {
      const rendered =
        path === NOT_FOUND_DOCUMENT
          ? { body: documents.notFoundBody(), features: [] }
          : documents.render(path);
      if (!rendered) throw new Error(`the site has no document at ${path}`);
      writer.write(path, rendered.body);
      features = rendered.features;
    }
    if (key !== undefined) {
      this.#records.push({ path, key, files: writer.producedSince(mark), features });
    }
  }

  /**
   * Whether `most` of the documents at `paths` or more are to be rendered: all but those the last
   * build made from the same inputs, whose files the output holds as written. It stops counting
   * there, so that a build that renders every page is told so after `most` keys, not all.
   */
  rendersAtLeast(paths: readonly string[], most: number): boolean {
    const writer = this.#out;
    let count = 0;
    for (const path of paths) {
      const last = this.#lastRecord(path, this.#keyOf(path));
      if (last === undefined || !writer.holdsAll(last.files)) count++;
      if (count >= most) return true;
    }
    return false;
  }

  /** The key of the document at `path` (see `DocumentKeys`), worked out once. */
  #keyOf(path: string): string | undefined {
    if (!this.#keys) return undefined;
    if (this.#documentKeys.has(path)) return this.#documentKeys.get(path);
    const last = this.#output?.documents?.get(path);
    const key =
      last !== undefined && this.#unchangedSinceLast(path) ? last.key : this.#keys.keyOf(path);
    this.#documentKeys.set(path, key);
    return key;
  }

  /** What the last build recorded of the document at `path`, if it made it from `key`. */
  #lastRecord(path: string, key: string | undefined): DocumentRecord | undefined {
    const last = key === undefined ? undefined : this.#output?.documents?.get(path);
    return last?.key === key ? last : undefined;
  }

  #indexBatch(builder: SegmentBuilder, site: Site, written: readonly Post[]): IndexedBatch {
    // Written in the site's order, newest first; indexed in the order of their numbers.
    const posts = written.toReversed();
    const first = this.#numbers.get(posts[0] as Post) ?? 0;
    posts.forEach((post, i) => {
      if (this.#numbers.get(post) !== first + i) {
        throw new Error("a batch of post pages must be a run of the site's posts, in its order");
      }
    });
    const indexed = posts.map((post) => indexedPost(post, site));
    const key = this.#batchKey(posts, indexed);
    const unchanged = this.#unchangedEntries(posts, first);
    if (
      key !== undefined &&
      this.#joinedBatches.has(`${first}:${key}`) &&
      unchanged.every(Boolean)
    ) {
      for (const post of posts) this.#bodies?.forgetSearchText(post);
      const entries = posts.map(() => null);
      return { first, segment: joinedSegment(posts.length), entries, key, joined: true };
    }
    const kept = key === undefined ? undefined : this.#segments?.get(key, posts.length);
    // The snippets are read only for entries to write again; a batch whose snippets cannot be
    // read is indexed anew, as one whose names cannot be.
    const keptSnippets = unchanged.every(Boolean) ? [] : kept?.snippets();
    const keptBatch = kept && keptSnippets && keptSegment(builder, kept, this.#output?.termLists);
    if (kept && keptSnippets && keptBatch) {
      for (const post of posts) this.#bodies?.forgetSearchText(post);
      const entries = this.#entries(site, posts, keptSnippets, unchanged);
      const stamp = 'ids' in keptBatch ? undefined : kept.stamp;
      return { first, segment: keptBatch, entries, key, stamp };
    }
    const earlier = key === undefined ? undefined : this.#earlierBatch(posts, indexed);
    if (earlier) {
      const texts = new Map<number, string>();
      posts.forEach((post, i) => {
        if (earlier.changed.includes(i)) texts.set(i, this.#bodies?.takeSearchText(post) ?? '');
        else this.#bodies?.forgetSearchText(post);
      });
      const documents = new Map(
        [...texts].map(([i, text]) => [i, searchDocument(indexed[i] as IndexedPost, text)]),
      );
      const named = segmentWith({ ...earlier.batch.segment, terms: earlier.names }, documents);
      const snippets = posts.map((_, i) => {
        const text = texts.get(i);
        return text === undefined ? (earlier.snippets[i] ?? '') : snippetSource(text);
      });
      const stamp =
        key === undefined ? undefined : this.#segments?.set(key, { segment: named, snippets });
      const entries = this.#entries(site, posts, snippets, unchanged);
      return { first, segment: builder.takeUp(named), entries, key, stamp };
    }
    const snippets: string[] = [];
    posts.forEach((post, i) => {
      const text = this.#bodies?.takeSearchText(post) ?? '';
      builder.add(searchDocument(indexed[i] as IndexedPost, text));
      snippets.push(snippetSource(text));
    });
    const segment = builder.segment();
    const stamp =
      key === undefined
        ? undefined
        : this.#segments?.set(key, { segment: builder.named(segment), snippets });
    const entries = this.#entries(site, posts, snippets, unchanged);
    return { first, segment, entries, key, stamp };
  }

  /** The search entries of a batch of `posts`: `null` for each of those `unchanged` marks. */
  #entries(
    site: Site,
    posts: readonly Post[],
    snippets: readonly string[],
    unchanged: readonly boolean[],
  ): (DocumentEntry | null)[] {
    return posts.map((post, i) =>
      unchanged[i] ? null : searchEntry(site, post, snippets[i] ?? ''),
    );
  }

  /**
   * Whether each post of the batch of `posts` from the post search numbers `first` on is in a file
   * of entries that the batch holds whole, that the output holds as the last build wrote it, and
   * none of whose posts changed since: its entry need not be made. A file the batch holds in part
   * is left to the entries of both batches: the share given the other may have loaded the site
   * otherwise.
   */
  #unchangedEntries(posts: readonly Post[], first: number): boolean[] {
    const kept = this.#keptEntryFiles;
    const end = first + posts.length;
    const unchangedFiles = new Map<number, boolean>();
    const count = this.#postPaths.length;
    const unchangedFile = (file: number): boolean => {
      const { from, to } = entryFilePosts(file, count);
      if (!kept.has(file) || from < first || to > end) return false;
      for (let number = from; number < to; number++) {
        const path = this.#postPaths[sitePlace(number, count)] ?? '';
        if (!this.#unchangedSinceLast(path)) return false;
      }
      return true;
    };
    return posts.map((_, i) => {
      const { file } = entryPlace(first + i);
      let unchanged = unchangedFiles.get(file);
      if (unchanged === undefined) unchangedFiles.set(file, (unchanged = unchangedFile(file)));
      return unchanged;
    });
  }

  /**
   * The batch as the last build kept it, when the files of a few of its posts changed since: found
   * by the key it had with their texts as that build read them (its manifest's frame), with its
   * terms' names, its snippets and the places of the posts that changed. None when the batch had
   * other posts, or other titles or labels, or is not kept.
   */
  #earlierBatch(
    posts: readonly Post[],
    indexed: readonly IndexedPost[],
  ):
    | { batch: KeptBatch; names: readonly string[]; snippets: readonly string[]; changed: number[] }
    | undefined {
    const keys = this.#keys;
    const segments = this.#segments;
    const frame = this.#output?.frame;
    if (!keys || !segments || !frame) return undefined;
    const changed: number[] = [];
    const named: IndexedPostKey[] = [];
    for (const [i, post] of indexed.entries()) {
      const document = posts[i] as Post;
      const body = keys.bodyHashIn(frame, document);
      if (body === undefined) return undefined;
      if (body !== keys.bodyHash(document)) changed.push(i);
      named.push(postKey(post, body));
    }
    if (changed.length === 0 || changed.length > posts.length * MOST_CHANGED_TO_MEND) {
      return undefined;
    }
    const batch = segments.get(segments.key(named), posts.length);
    const names = batch?.names();
    const snippets = batch?.snippets();
    return batch && names && snippets ? { batch, names, snippets, changed } : undefined;
  }

  /** The key a batch's index is kept under; none when a body cannot be read, or no cache. */
  #batchKey(posts: readonly Post[], indexed: readonly IndexedPost[]): string | undefined {
    const keys = this.#keys;
    if (!this.#segments || !keys) return undefined;
    const named: IndexedPostKey[] = [];
    for (const [i, post] of indexed.entries()) {
      const body = keys.bodyHash(posts[i] as Post);
      if (body === undefined) return undefined;
      named.push(postKey(post, body));
    }
    return this.#segments.key(named);
  }

  /** Writes the search page, whose script reads the index in `files`. */
  writeSearchPage(files: SearchFiles): Promise<WrittenBatch> {
    const documents = this.#documents;
    if (!documents) return Promise.reject(new Error('the site is not loaded, or has errors'));
    const { site } = documents;
    const setup: SearchPageSetup = {
      ...files,
      pageSize: site.config.pageSize,
      strings: searchPageStrings(messagesFor(site.config.locale)),
    };
    const script = { text: searchPageScript(), loadsScripts: false };
    const { body } = withPolicy(renderExportedSearch(documents.site, { script, setup }), false);
    this.#out.write(SEARCH_PATH, Buffer.from(body, 'utf8'));
    return Promise.resolve({
      files: this.#out.takeWritten(),
      search: undefined,
      listed: [],
      documents: [],
    });
  }

  /**
   * Takes what other shares' parses found of the posts they wrote: this share's listings then
   * read no body again, where reading and parsing the start of every post cost a large site's
   * export several seconds.
   */
  learn(listed: readonly ListedPost[]): Promise<void> {
    for (const { path, ...shown } of listed) {
      const post = this.#postsByPath.get(path);
      if (post) this.#bodies?.learn(post, shown);
    }
    return Promise.resolve();
  }

  /** The packaged files (KaTeX's, Mermaid) that the pages this share wrote link. */
  packagedPaths(): Promise<string[]> {
    return Promise.resolve(this.#documents?.packagedPaths() ?? []);
  }

  /**
   * Warnings about links and images that lead nowhere, in the bodies of the posts this share
   * wrote — parsed already — and, with `unpublished`, of the posts no share writes (drafts and
   * scheduled posts), so that each body is checked once, by the thread that has it at hand.
   * Answers, too, the facts of bodies this share read or took from the cache, for the next build.
   */
  checkBodies(unpublished: boolean): Promise<CheckedBodies> {
    const published = new Set<MarkdownDocument>(this.#postsByPath.values());
    // Pages are not among the posts shares write: the first share checks them.
    const warnings = this.#checkBodies(
      (document) => this.#written.has(document) || (unpublished && !published.has(document)),
    );
    const facts = this.#bodies?.usedFacts() ?? { held: 0, kept: [], found: [] };
    return Promise.resolve({ warnings, facts });
  }

  /**
   * Keeps what loading read for the next build, if this share keeps it: once its pages are
   * written, off the way of the shares waiting for its load, or once the site is found to have
   * errors; never for a build refused before it wrote anything.
   */
  keepReads(): Promise<void> {
    this.#keepReads();
    this.#keepRelated();
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.#documents = undefined;
    // A thread's files are let go of as it stops; this one's, here.
    this.#bodyCache?.close();
    return Promise.resolve();
  }
}
