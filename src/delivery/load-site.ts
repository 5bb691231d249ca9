// Load + check: a site folder → everything the pages are built from, or every problem found.
import type { SiteConfig } from '../config/schema.js';
import { loadContent, type Progress } from '../content/load-content.js';
import type { ParseCache } from '../content/parse-cache.js';
import type { Post } from '../content/post.js';
import { hasErrors, sortDiagnostics, type Diagnostic } from '../errors.js';
import { checkCollisions } from '../site/check-collisions.js';
import { checkConfigReferences, checkReferences } from '../site/check-references.js';

/** A site folder's validated config and posts (drafts and scheduled posts included). */
export interface SiteContent {
  readonly config: SiteConfig;
  readonly posts: readonly Post[];
}

export interface LoadResult {
  /** Present only when there is no error; warnings may still be listed. */
  readonly content: SiteContent | undefined;
  readonly diagnostics: readonly Diagnostic[];
}

/** Loads and checks a site folder; pass the same cache to later loads to re-read only changes. */
export async function loadSite(
  siteDir: string,
  cache?: ParseCache,
  onProgress?: Progress,
): Promise<LoadResult> {
  const loaded = await loadContent(siteDir, cache, onProgress);
  const diagnostics = sortDiagnostics([
    ...loaded.diagnostics,
    ...checkCollisions(loaded.posts, loaded.claims),
    ...checkReferences(loaded.posts, loaded.assets.paths),
    ...(loaded.config
      ? checkConfigReferences(loaded.config, loaded.configSource, loaded.posts, loaded.assets.paths)
      : []),
  ]);
  const content =
    loaded.config && !hasErrors(diagnostics)
      ? { config: loaded.config, posts: loaded.posts }
      : undefined;
  return { content, diagnostics };
}
