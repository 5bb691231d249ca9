// Load: a site folder → its config and every post, with every problem found on the way.
import { loadConfig } from '../config/load-config.js';
import type { ConfigResult } from '../config/parse-config.js';
import type { SiteConfig } from '../config/schema.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { ParseCache } from './parse-cache.js';
import { parsePost, type PostContext, type PostResult, type SlugClaim } from './parse-post.js';
import type { Post } from './post.js';
import { normalizeText } from '../text/normalize-text.js';
import { splitFrontMatter } from './front-matter/split.js';
import { sitePath } from './site-path.js';
import {
  isWithin,
  listPostFiles,
  POSTS_DIR,
  readStaticAssets,
  STATIC_DIR,
  updatePostFiles,
  type StaticAssets,
} from './read-sources.js';
import { readTextFile } from '../text/read-text-file.js';

export interface LoadedContent {
  /** Present only when the config is free of errors. */
  readonly config: SiteConfig | undefined;
  /** Every post that parsed, drafts and scheduled ones included. */
  readonly posts: readonly Post[];
  /** The slug of every post file, broken ones included, to find two files with one slug. */
  readonly claims: readonly SlugClaim[];
  readonly assets: StaticAssets;
  /** Where the config is, to point at its lines in problems found later. */
  readonly configSource: Pick<ConfigResult, 'file' | 'lineOf'>;
  readonly diagnostics: readonly Diagnostic[];
}

/** Called as posts are read: how many of how many are done. */
export type Progress = (done: number, total: number) => void;

// Posts are still checked when the config is broken, so that one run lists every problem.
const FALLBACK_SETTINGS = { timezone: 'UTC', excerptLength: 200 };

/**
 * Loads a site folder. With a cache from an earlier load, only posts whose files changed are
 * read and parsed again; given the paths a watcher saw change, the folders are not even listed
 * again unless the change is outside content/posts.
 */
export interface LoadContentOptions {
  /** Parse results of an earlier load of the folder: only changed posts are read again. */
  readonly cache?: ParseCache | undefined;
  readonly onProgress?: Progress | undefined;
  /** Paths a watcher saw change since the load that filled `cache`. */
  readonly changed?: readonly string[] | undefined;
  /** Read bodies again from disk when pages need them instead of keeping them in memory. */
  readonly rereadBodies?: boolean | undefined;
}

export async function loadContent(
  siteDir: string,
  options: LoadContentOptions = {},
): Promise<LoadedContent> {
  const { cache, onProgress, changed } = options;
  const configResult = loadConfig(siteDir);
  const within = (folder: string) => (path: string) => isWithin(siteDir, folder, path);
  const listing = cache?.listing;
  const updated =
    listing && changed?.every(within(POSTS_DIR))
      ? updatePostFiles(siteDir, listing, changed)
      : undefined;
  const listed = updated ?? (await listPostFiles(siteDir));
  const assets =
    cache?.assets && changed && !changed.some(within(STATIC_DIR))
      ? cache.assets
      : await readStaticAssets(siteDir);
  if (cache) {
    cache.listing = listed;
    cache.assets = assets;
  }
  const config = configResult.config;
  const { timezone, excerptLength } = config ?? FALLBACK_SETTINGS;
  const context: PostContext = {
    timezone,
    excerptLength,
    imageSize: (src) => assets.imageSizes.get(sitePath(src)),
    ...(options.rereadBodies ? { readBody } : {}),
  };
  cache?.useSettings(JSON.stringify([timezone, excerptLength, [...assets.imageSizes]]));

  const total = listed.files.length;
  const results = listed.files.map(({ file, fileSlug, stamp }, index): PostResult | Diagnostic => {
    onProgress?.(index + 1, total);
    const cached = cache?.get(file, stamp);
    if (cached) return cached;
    const text = readTextFile(file);
    if (typeof text !== 'string') return text;
    const result = parsePost(text, file, fileSlug, context);
    cache?.set(file, stamp, result);
    return result;
  });
  cache?.keepOnly(new Set(listed.files.map((entry) => entry.file)));

  const diagnostics: Diagnostic[] = [
    ...configResult.diagnostics,
    ...listed.diagnostics,
    ...assets.diagnostics,
  ];
  const posts: Post[] = [];
  const claims: SlugClaim[] = [];
  for (const result of results) {
    if ('severity' in result) {
      diagnostics.push(result);
      continue;
    }
    diagnostics.push(...result.diagnostics);
    claims.push(result.claim);
    if (result.post) posts.push(result.post);
  }
  return { config, posts, claims, assets, configSource: configResult, diagnostics };
}

/** A post's body as it is on disk now; empty when the file is gone or no longer a post. */
function readBody(file: string): string {
  const text = readTextFile(file);
  if (typeof text !== 'string') return '';
  const split = splitFrontMatter(normalizeText(text), file);
  return 'body' in split ? split.body : '';
}
