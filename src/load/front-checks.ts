// Load + check: the checks that look across the whole site at once — slugs, URLs, files of
// static/ in the way of generated ones, what the config names — made of the posts' and pages'
// front matter, the config and the names of static files, never of a body. A build that keeps what
// it read keeps what they found with a key of all they read; a later build of the same key, after
// an edit of a post's text, shows the same findings without running them: at 10,000 posts they
// cost a tenth of a second, where the key costs a hundredth.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { frontHash, type LoadedContent } from '../content/load-content.js';
import { postHash } from '../content/read-sources.js';
import { STATIC_DIR } from '../content/site-layout.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import {
  checkCollisionsAgain,
  type CollisionCheck,
  collisionsFoundBefore,
} from '../site/check-collisions.js';
import { checkConfigReferences } from '../site/check-references.js';
import { checkStaticCollisions } from '../site/check-static-collisions.js';
import type { KeptChecks } from './read-cache.js';

/** What a load read, bodies aside. */
type Loaded = Omit<LoadedContent, 'bodies'>;

/** What the checks across the site found, and the key of what they read, if asked for. */
export interface FrontChecks {
  readonly collisions: CollisionCheck;
  readonly diagnostics: readonly Diagnostic[];
  /** See `frontChecksKey`. */
  readonly key: string | undefined;
}

/**
 * Runs the checks across the site of `loaded`, unless `kept` holds what they found in fronts of
 * the same key. `previous` is the collision check of the load before, for a server that loads
 * again. `keyed` asks for the key, to keep what is found with it.
 */
export function checkFronts(
  siteDir: string,
  loaded: Loaded,
  previous: CollisionCheck | undefined,
  { keyed, kept }: { readonly keyed: boolean; readonly kept: KeptChecks | undefined },
): FrontChecks {
  const { config, posts, claims, pages } = loaded;
  const key = keyed && config ? frontChecksKey(loaded) : undefined;
  const urls = config && { config, place: loaded.configSource };
  if (key !== undefined && key === kept?.key) {
    const collisions = collisionsFoundBefore(posts, claims, urls, pages, kept.diagnostics);
    return { collisions, diagnostics: kept.diagnostics, key };
  }
  const collisions = checkCollisionsAgain(previous, posts, claims, urls, pages);
  const diagnostics = config
    ? [
        ...collisions.diagnostics,
        ...checkConfigReferences(config, loaded.configSource, posts, loaded.assets.paths),
        ...checkStaticCollisions(
          config,
          posts,
          loaded.assets.paths,
          join(siteDir, STATIC_DIR),
          pages,
        ),
      ]
    : collisions.diagnostics;
  return { collisions, diagnostics, key };
}

/**
 * A key of all the checks across the site read, and all their findings name: the config's text
 * (its lines too), each post's and page's front as loading gave it (file, path, slug, labels,
 * series, aliases, lines and all), the slugs the post files claim and where, and the paths of
 * static/. Undefined when a post or page cannot be written out.
 */
export function frontChecksKey(loaded: Loaded): string | undefined {
  // What the key is made of changes only with the code, which kept findings are read with.
  const parts = [loaded.configSource.text ?? ''];
  const staticPaths = [...loaded.assets.paths].sort();
  parts.push(String(staticPaths.length), ...staticPaths, String(loaded.claims.length));
  for (const claim of loaded.claims) {
    parts.push(claim.file, claim.slug, String(claim.fromKey), String(claim.line));
  }
  parts.push(String(loaded.posts.length));
  for (const post of loaded.posts) {
    const front = frontHash(loaded.folder.results, post);
    if (front === undefined) return undefined;
    parts.push(front);
  }
  parts.push(String(loaded.pages.length));
  for (const page of loaded.pages) {
    const front = postHash(page);
    if (front === undefined) return undefined;
    parts.push(front);
  }
  // Written out as JSON, no two lists of parts give one text, whatever characters names hold.
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}
