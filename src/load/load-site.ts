// Load + check: a site folder → everything the pages are built from, or every problem found.
import type { SiteConfig } from '../config/schema.js';
import { loadContent, type Progress } from '../content/load-content.js';
import type { ParseCache } from '../content/parse-cache.js';
import type { Post } from '../content/post.js';
import { hasErrors, sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { checkCollisionsAgain, type CollisionCheck } from '../site/check-collisions.js';
import { checkConfigReferences, checkReferences } from '../site/check-references.js';
import { checkStaticCollisions } from '../site/check-static-collisions.js';
import { STATIC_DIR } from '../content/read-sources.js';
import { join } from 'node:path';

/** A site folder's validated config and posts (drafts and scheduled posts included). */
export interface SiteContent {
  readonly config: SiteConfig;
  readonly posts: readonly Post[];
}

export interface LoadResult {
  /** Present only when there is no error; warnings may still be listed. */
  readonly content: SiteContent | undefined;
  readonly diagnostics: readonly Diagnostic[];
  /**
   * Checks the links and images of every body, or of the posts `include` picks, now (parsing
   * bodies not parsed yet), for a caller that loaded with `checkBodies: false` and wants the
   * warnings later, once pages are written.
   */
  readonly checkBodies: (include?: (post: Post) => boolean) => Diagnostic[];
  /** The check for posts that share a slug, to pass to the next load of the same folder. */
  readonly collisionCheck: CollisionCheck;
}

export interface LoadOptions {
  /** The cache of an earlier load of the same folder, so that only changed posts are re-read. */
  readonly cache?: ParseCache;
  readonly onProgress?: Progress | undefined;
  /**
   * Also check every post body's links and images (default true). Bodies are otherwise parsed
   * only when a page first needs them, which lets a server start on a large site at once.
   */
  readonly checkBodies?: boolean;
  /** Paths a watcher saw change since the load that filled `cache`. */
  readonly changed?: readonly string[];
  /**
   * Keep each body in memory even when bodies are not checked up front, instead of reading it
   * again when a page needs it: under a watcher the file may already hold the next edit, and a
   * page would show the old title over the new body, or no body once the file is gone.
   */
  readonly keepBodies?: boolean;
  /** The collision check of the load that filled `cache`, to answer from when nothing it saw moved. */
  readonly collisionCheck?: CollisionCheck | undefined;
}

/** Loads and checks a site folder. */
export async function loadSite(siteDir: string, options: LoadOptions = {}): Promise<LoadResult> {
  const loaded = await loadContent(siteDir, {
    cache: options.cache,
    onProgress: options.onProgress,
    changed: options.changed,
    // A server that does not check bodies up front reads them when pages need them.
    rereadBodies: options.checkBodies === false && options.keepBodies !== true,
  });
  const checkBodies = (include?: (post: Post) => boolean): Diagnostic[] =>
    checkReferences(loaded.posts, loaded.assets.paths, include);
  const collisionCheck = checkCollisionsAgain(options.collisionCheck, loaded.posts, loaded.claims);
  const diagnostics = sortDiagnostics([
    ...loaded.diagnostics,
    ...collisionCheck.diagnostics,
    ...(options.checkBodies === false ? [] : checkBodies()),
    ...(loaded.config
      ? [
          ...checkConfigReferences(
            loaded.config,
            loaded.configSource,
            loaded.posts,
            loaded.assets.paths,
          ),
          ...checkStaticCollisions(
            loaded.config,
            loaded.posts,
            loaded.assets.paths,
            join(siteDir, STATIC_DIR),
          ),
        ]
      : []),
  ]);
  const content =
    loaded.config && !hasErrors(diagnostics)
      ? { config: loaded.config, posts: loaded.posts }
      : undefined;
  return {
    content,
    diagnostics,
    checkBodies: (include) => sortDiagnostics(checkBodies(include)),
    collisionCheck,
  };
}
