// Load: what search reads of each post — its title, its category and tags, the text of its body
// read from its file — and the index of a site's posts, made here or in a child process.
import { fork } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Post } from '../content/post.js';
import { slugify } from '../content/slugify.js';
import type { Site } from '../site/build-site.js';
import {
  IndexBuilder,
  type IndexData,
  openIndex,
  type SearchDocument,
  type SearchIndex,
} from '../search/search-index.js';
import { bodySearchText, readBody, StaleBody } from './body-store.js';

/** A post as the indexing process is handed it: what it indexes, and where its body is. */
export interface IndexedPost {
  readonly file: string;
  readonly title: string;
  readonly labels: readonly string[];
  readonly math: boolean | undefined;
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
  };
}

/** The search document of a post whose body reads as `text`. */
export function searchDocument(post: IndexedPost, text: string): SearchDocument {
  return { title: post.title, labels: post.labels, text };
}

/** The text of a post's body as its file holds it now. */
function readText(post: IndexedPost): string {
  return bodySearchText(readBody(post.file), post.math);
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
  }: {
    /** Index in a child process; by default for sites of `INDEXED_HERE` posts or more. */
    readonly apart?: boolean;
    /** Stops the child process, and rejects, once it aborts. */
    readonly signal?: AbortSignal;
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
  return indexPostsApart(indexed, signal);
}

/**
 * `indexPosts` in a child process, which hands the index over as files; the process is stopped
 * once `signal` aborts.
 */
async function indexPostsApart(
  posts: readonly IndexedPost[],
  signal?: AbortSignal,
): Promise<SearchIndex> {
  // Under a TypeScript loader (the tests) this module is a .ts file, and so is the process's;
  // the loader goes with it, a test runner's own flags do not.
  const entry = new URL(
    `./search-process.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`,
    import.meta.url,
  );
  const folder = await mkdtemp(join(tmpdir(), 'folio-search-'));
  try {
    await new Promise<void>((resolve, reject) => {
      signal?.throwIfAborted();
      const child = fork(fileURLToPath(entry), [], {
        execArgv: process.execArgv.filter((flag) => !flag.startsWith('--test')),
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        ...(signal && { signal }),
      });
      let written = false;
      child.once('message', () => {
        written = true;
      });
      child.once('error', reject);
      child.once('exit', (code) => {
        if (written) resolve();
        else reject(new Error(`the search indexing process stopped (exit code ${code})`));
      });
      child.send({ posts, folder });
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
