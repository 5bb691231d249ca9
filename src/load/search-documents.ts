// Load: what search reads of each post — its title, its category and tags, the text of its body
// read from its file — and the index of a site's posts, made here or on a worker thread.
import { Worker } from 'node:worker_threads';
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

/** A post as the indexing thread is handed it: what it indexes, and where its body is. */
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
 * The index of `posts`, each numbered by its place in the list, with the text of their bodies (by
 * default read from their files now). A file gone or changed since it was loaded is indexed by
 * its title and labels alone: the next load, which a change brings, indexes it again.
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

// Fewer posts are indexed at once, on the thread that asks: starting a thread costs more.
const INDEXED_IN_THREAD = 300;

/**
 * The index of a version of a site's posts: small sites' at once from their bodies, larger ones'
 * on a worker thread that reads their files, while the thread that asks goes on answering.
 */
export function indexSitePosts(
  site: Site,
  bodies: { searchText(post: Post): string },
): Promise<SearchIndex> {
  const { posts } = site;
  const indexed = posts.map((post) => indexedPost(post, site));
  if (posts.length < INDEXED_IN_THREAD) {
    const data = indexPosts(indexed, (_, number) => {
      const post = posts[number];
      return post ? bodies.searchText(post) : '';
    });
    return Promise.resolve(openIndex(data));
  }
  return indexPostsInThread(indexed);
}

/** `indexPosts` on a worker thread: the thread that asks goes on answering meanwhile. */
function indexPostsInThread(posts: readonly IndexedPost[]): Promise<SearchIndex> {
  // Under a TypeScript loader (the tests) this module is a .ts file, and so is the thread's.
  const entry = new URL(
    `./search-thread.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`,
    import.meta.url,
  );
  return new Promise((resolve, reject) => {
    const worker = new Worker(entry, { workerData: posts });
    worker.once('message', (data: IndexData) => {
      resolve(openIndex(data));
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      reject(new Error(`the search indexing thread stopped (exit code ${code})`));
    });
  });
}
