// Load: what search reads of each post — its title, its category and tags, the text of its body
// read from its file — and the index of a site's posts, made here or in a child process.
import { fork } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { constants, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Post } from '../content/post.js';
import { slugify } from '../content/slugify.js';
import type { BodyReading } from '../content/markdown/markdown.js';
import type { Site } from '../site/build-site.js';
import {
  IndexBuilder,
  type IndexData,
  IndexJoiner,
  openIndex,
  type SearchDocument,
  type SearchIndex,
  SEGMENT_POSTS,
  SegmentBuilder,
} from '../search/search-index.js';
import { snippetSource } from '../search/shards.js';
import type { BatchNumbers } from '../search/site-indexer.js';
import { rendererFingerprint } from './body-cache.js';
import { bodySearchText, readBody, StaleBody } from './body-store.js';
import { folioVersion } from './folio-package.js';
import {
  type IndexedPostKey,
  keptSegment,
  listSizes,
  postKey,
  SegmentCache,
} from './segment-cache.js';
import { removeAbandonedFolders } from './site-cache.js';

/** A post as the indexing process is handed it: what it indexes, and where its body is. */
export interface IndexedPost {
  readonly file: string;
  readonly title: string;
  readonly labels: readonly string[];
  readonly math: boolean | undefined;
  /** Whether the site reads dashes, an ellipsis and curly quotes (`typographer`). */
  readonly typographer: boolean;
}

/** How loading read a post's file: its stamp then, and a hash of its text. */
export interface FileRead {
  readonly stamp: string;
  readonly hash: string;
}

/** A post to index in a site's folder, with how loading read its file, if it did. */
export interface FolderPost extends IndexedPost {
  readonly read: FileRead | undefined;
}

/**
 * Where a server's index of a site finds the batches of posts indexed before: the site's folder,
 * whose cache a build keeps them in too, and how loading read each post's file.
 */
export interface KeptIndexes {
  readonly siteDir: string;
  readonly reads: ReadonlyMap<string, FileRead>;
}

/**
 * What is handed over of `post` on `site`: its labels are its category, as written and as the
 * site titles it (`Algorithm`, `알고리즘`), and its tags.
 */
export function indexedPost(post: Post, site: Site): IndexedPost {
  const category =
    post.category === undefined ? undefined : site.categoryBySlug.get(slugify(post.category));
  const categoryLabels =
    post.category === undefined
      ? []
      : category && category.title !== post.category
        ? [post.category, category.title]
        : [post.category];
  return {
    file: post.file,
    title: post.title,
    labels: [...categoryLabels, ...post.tags],
    math: post.math ?? site.config.math,
    typographer: site.config.typographer,
  };
}

/** How the body of `post` is read. */
export function readingOf(post: IndexedPost): BodyReading {
  return { math: post.math, typographer: post.typographer };
}

/** The search document of a post whose body reads as `text`. */
export function searchDocument(post: IndexedPost, text: string): SearchDocument {
  return { title: post.title, labels: post.labels, text };
}

/** The text of a post's body as its file holds it now. */
function readText(post: IndexedPost): string {
  return bodySearchText(readBody(post.file), readingOf(post));
}

/**
 * The index of `posts`, each numbered by its place in the list (see `searchNumber`), with the text
 * of their bodies (by default read from their files now). A file gone or changed since it was
 * loaded is indexed by its title and labels alone: the next load, which a change brings, indexes it
 * again.
 */
export function indexPosts(
  posts: readonly IndexedPost[],
  textOf: (post: IndexedPost, number: number) => string = readText,
): IndexData {
  const builder = new IndexBuilder();
  posts.forEach((post, number) => {
    let text = '';
    try {
      text = textOf(post, number);
    } catch (cause) {
      if (!(cause instanceof StaleBody)) throw cause;
    }
    builder.add(searchDocument(post, text));
  });
  return builder.finish();
}

// Fewer posts are indexed at once, on the thread that asks: starting a process costs more.
const INDEXED_HERE = 300;

/**
 * The index of a version of a site's posts: small sites' at once from their bodies, larger ones'
 * (or any, `apart`) in a child process that reads their files, while the server goes on
 * answering, and gives back all the memory that took when it exits.
 */
export function indexSitePosts(
  site: Site,
  bodies: { searchText(post: Post): string },
  {
    apart = site.posts.length >= INDEXED_HERE,
    signal,
    kept,
  }: {
    /** Index in a child process; by default for sites of `INDEXED_HERE` posts or more. */
    readonly apart?: boolean;
    /** Stops the child process, and rejects, once it aborts. */
    readonly signal?: AbortSignal;
    /**
     * The site's folder and how its posts were read: the child process then takes each batch of
     * posts whose index is kept there, and keeps those it indexes.
     */
    readonly kept?: KeptIndexes;
  } = {},
): Promise<SearchIndex> {
  const { posts } = site;
  // In the order search numbers them, oldest first.
  const numbered = posts.toReversed();
  const indexed = numbered.map((post) => indexedPost(post, site));
  if (!apart) {
    const data = indexPosts(indexed, (_, number) => {
      const post = numbered[number];
      return post ? bodies.searchText(post) : '';
    });
    return Promise.resolve(openIndex(data));
  }
  const cache: BatchCache | undefined = kept && {
    siteDir: kept.siteDir,
    // The segments of posts a preview alone shows are kept beside the build's, not in their place.
    prune: !site.showDrafts,
  };
  const folderPosts = indexed.map((post): FolderPost => {
    // Only what the key needs crosses to the process: not all that loading found.
    const read = kept?.reads.get(post.file);
    return { ...post, read: read && { stamp: read.stamp, hash: read.hash } };
  });
  return indexPostsApart(folderPosts, cache, signal);
}

/** The cache of indexed batches a child process reads and keeps: the site's own. */
interface BatchCache {
  readonly siteDir: string;
  /** Whether to remove the kept batches the index no longer has, as a build does. */
  readonly prune: boolean;
}

/**
 * The index of `posts`, numbered by their place in the list, made in the batches an export
 * indexes (`SEGMENT_POSTS` posts from the oldest on): with `cache`, each batch kept in the site's
 * cache under the key of what search reads of its posts is taken from it, and each batch indexed
 * here is kept there, so that a server started after a build, or after an edit, indexes only the
 * batches whose posts changed. A post whose file changed since it was loaded is indexed by its
 * title and labels alone, as `indexPosts` indexes it, and its batch is not kept: its key would
 * not name it.
 */
export function indexInBatches(posts: readonly FolderPost[], cache?: BatchCache): IndexData {
  const segments = cache && new SegmentCache(cache.siteDir, rendererFingerprint(folioVersion()));
  // The terms as the last joiner numbered them, which a batch kept with its numbers is joined by
  // without looking up a term: half a million of a Chinese blog's, in seconds.
  const list = segments?.termList();
  const sizes = listSizes(list);
  const builder = new SegmentBuilder();
  const joiner = new IndexJoiner(list);
  const keys = new Set<string>();
  // The joiner's numbers of each kept batch joined by its names, kept for the next.
  const numbered = new Map<string, BatchNumbers>();
  for (let from = 0; from < posts.length; from += SEGMENT_POSTS) {
    const batch = posts.slice(from, from + SEGMENT_POSTS);
    const key = segments && batchKey(segments, batch);
    if (key !== undefined) keys.add(key);
    const kept = key === undefined ? undefined : segments?.get(key, batch.length);
    const segment = kept && keptSegment(builder, kept, sizes);
    if (key !== undefined && kept && segment) {
      if ('ids' in segment) joiner.appendNumbered(segment);
      else numbered.set(key, { stamp: kept.stamp, ids: joiner.append(segment) });
      continue;
    }
    let stale = false;
    const snippets: string[] = [];
    for (const post of batch) {
      let text = '';
      try {
        text = bodySearchText(readBody(post.file, post.read?.stamp), readingOf(post));
      } catch (cause) {
        if (!(cause instanceof StaleBody)) throw cause;
        stale = true;
      }
      builder.add(searchDocument(post, text));
      snippets.push(snippetSource(text));
    }
    const indexed = builder.segment();
    const stamp =
      key === undefined || stale
        ? undefined
        : segments?.set(key, { segment: builder.named(indexed), snippets });
    const ids = joiner.append(indexed);
    if (key !== undefined && stamp !== undefined) numbered.set(key, { stamp, ids });
  }
  const data = joiner.finish();
  segments?.keepNumbers(list, joiner.known, data.terms.length, numbered);
  if (cache?.prune) segments?.keepOnly(keys);
  return data;
}

/** The key a batch is kept under, as a build keys it; none when a file was not read. */
function batchKey(segments: SegmentCache, batch: readonly FolderPost[]): string | undefined {
  const named: IndexedPostKey[] = [];
  for (const post of batch) {
    if (post.read === undefined) return undefined;
    named.push(postKey(post, post.read.hash));
  }
  return segments.key(named);
}

/** What the child process that indexes is asked: the posts, and the cache. */
interface IndexRequest {
  readonly posts: readonly FolderPost[];
  readonly cache: BatchCache | undefined;
}

// The request, in the folder the child process is handed, which it writes the index into. A file
// rather than a message: sending ten thousand posts down the channel held the server's thread for
// 20 to 40 ms, as long as a page's reload after an edit takes.
const REQUEST_FILE = 'request.json';

/** Indexes the posts that the request in `folder` names, and writes their index there. */
export function indexRequested(folder: string): void {
  const file = join(folder, REQUEST_FILE);
  const { posts, cache } = JSON.parse(readFileSync(file, 'utf8')) as IndexRequest;
  // Read once: a server stopped meanwhile leaves the folder behind, and no more of it than needed.
  rmSync(file, { force: true });
  writeIndexFiles(folder, indexInBatches(posts, cache));
}

/**
 * How the folders begin in which indexing processes hand their index over, in the system's
 * temporary folder: the id of the process that made one follows. A server killed as its process
 * indexed leaves one, tens of megabytes at 10,000 posts, which the next server removes.
 */
const FOLDER_PREFIX = 'folio-search-';

// Removed once, before this process makes its first folder: at best, as another user's may stay.
let abandoned: Promise<void> | undefined;

/**
 * `indexInBatches` in a child process, which hands the index over as files; the process is
 * stopped once `signal` aborts.
 */
async function indexPostsApart(
  posts: readonly FolderPost[],
  cache: BatchCache | undefined,
  signal?: AbortSignal,
): Promise<SearchIndex> {
  // Under a TypeScript loader (the tests) this module is a .ts file, and so is the process's;
  // the loader goes with it, a test runner's own flags do not.
  const entry = new URL(
    `./search-process.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`,
    import.meta.url,
  );
  abandoned ??= removeAbandonedFolders(tmpdir(), FOLDER_PREFIX).catch(() => undefined);
  await abandoned;
  const folder = await mkdtemp(join(tmpdir(), `${FOLDER_PREFIX}${process.pid}-`));
  try {
    writeFileSync(
      join(folder, REQUEST_FILE),
      JSON.stringify({ posts, cache } satisfies IndexRequest),
    );
    await new Promise<void>((resolve, reject) => {
      signal?.throwIfAborted();
      const child = fork(fileURLToPath(entry), [], {
        execArgv: process.execArgv.filter((flag) => !flag.startsWith('--test')),
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        ...(signal && { signal }),
      });
      // Below the server's own priority: on two cores, the pages it answers meanwhile come first.
      if (child.pid !== undefined) {
        try {
          setPriority(child.pid, constants.priority.PRIORITY_BELOW_NORMAL);
        } catch {
          // A system that does not let it: the process runs as the server does.
        }
      }
      let written = false;
      child.once('message', () => {
        written = true;
      });
      child.once('error', reject);
      child.once('exit', (code) => {
        if (written) resolve();
        else reject(new Error(`the search indexing process stopped (exit code ${code})`));
      });
      child.send(folder);
    });
    return openIndex(readIndexFiles(folder));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

// The files of an index handed from the indexing process to the server.
const INDEX_FILES = {
  numbers: 'numbers.json',
  terms: 'terms.txt',
  documentFrequency: 'document-frequency.bin',
  postingStarts: 'posting-starts.bin',
  postingBytes: 'postings.bin',
  lengths: 'lengths.bin',
} as const;

/** Writes an index into `folder` as one file for each of its arrays. */
export function writeIndexFiles(folder: string, data: IndexData): void {
  const { documentCount, averageLengths } = data;
  writeFileSync(
    join(folder, INDEX_FILES.numbers),
    JSON.stringify({ documentCount, averageLengths }),
  );
  // Terms hold no line break: the tokenizer splits at every space.
  writeFileSync(join(folder, INDEX_FILES.terms), data.terms.join('\n'));
  for (const name of ['documentFrequency', 'postingStarts', 'postingBytes', 'lengths'] as const) {
    writeFileSync(join(folder, INDEX_FILES[name]), data[name]);
  }
}

/**
 * Reads what `writeIndexFiles` wrote. Each array is a view of the file's own buffer, read once:
 * no copy of ten megabytes of postings is made on the way.
 */
function readIndexFiles(folder: string): IndexData {
  const read = (name: keyof typeof INDEX_FILES): Buffer =>
    readFileSync(join(folder, INDEX_FILES[name]));
  const numbers = JSON.parse(read('numbers').toString('utf8')) as Pick<
    IndexData,
    'documentCount' | 'averageLengths'
  >;
  // A small file's buffer may be a slice of a shared one, not aligned for 32-bit numbers: copied.
  const words = (buffer: Buffer): Uint32Array =>
    buffer.byteOffset % 4 === 0
      ? new Uint32Array(buffer.buffer, buffer.byteOffset, buffer.byteLength / 4)
      : new Uint32Array(new Uint8Array(buffer).buffer);
  const terms = read('terms').toString('utf8');
  const postings = read('postingBytes');
  return {
    ...numbers,
    terms: terms === '' ? [] : terms.split('\n'),
    documentFrequency: words(read('documentFrequency')),
    postingStarts: words(read('postingStarts')),
    postingBytes: new Uint8Array(postings.buffer, postings.byteOffset, postings.byteLength),
    lengths: words(read('lengths')),
  };
}
