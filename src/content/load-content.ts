// Load: a site folder → its config and every post, with every problem found on the way.
import { loadConfig } from '../config/load-config.js';
import type { ConfigResult } from '../config/parse-config.js';
import type { SiteConfig } from '../config/schema.js';
import type { Diagnostic } from '../errors.js';
import { parsePost, type PostContext, type SlugClaim } from './parse-post.js';
import type { Post } from './post.js';
import { sitePath } from './site-path.js';
import { readPostSources, readStaticAssets, type StaticAssets } from './read-sources.js';

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

// Posts are still checked when the config is broken, so that one run lists every problem.
const FALLBACK_SETTINGS = { timezone: 'UTC', excerptLength: 200 };

export async function loadContent(siteDir: string): Promise<LoadedContent> {
  const [configResult, sources, assets] = await Promise.all([
    loadConfig(siteDir),
    readPostSources(siteDir),
    readStaticAssets(siteDir),
  ]);
  const config = configResult.config;
  const { timezone, excerptLength } = config ?? FALLBACK_SETTINGS;
  const context: PostContext = {
    timezone,
    excerptLength,
    imageSize: (src) => assets.imageSizes.get(sitePath(src)),
  };
  const diagnostics: Diagnostic[] = [...configResult.diagnostics, ...sources.diagnostics];
  const posts: Post[] = [];
  const claims: SlugClaim[] = [];
  for (const source of sources.sources) {
    const result = parsePost(source.text, source.file, source.fileSlug, context);
    diagnostics.push(...result.diagnostics);
    claims.push(result.claim);
    if (result.post) posts.push(result.post);
  }
  return { config, posts, claims, assets, configSource: configResult, diagnostics };
}
