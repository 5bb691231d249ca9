// Load + check: the checks that look across the whole site at once — slugs, URLs, files of
// static/ in the way of generated ones, what the config names — made of the posts' and pages'
// front matter, the config and the names of static files, never of a body. A build that keeps what
// it read remembers a key of all that when they found nothing; a later build of the same fronts,
// after an edit of a post's text, need not run them again: at 10,000 posts they cost a tenth of a
// second, where the key costs a hundredth.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { frontHash, type LoadedContent } from '../content/load-content.js';
import { postHash, STATIC_DIR } from '../content/read-sources.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { checkCollisionsAgain, type CollisionCheck } from '../site/check-collisions.js';
import { checkConfigReferences } from '../site/check-references.js';
import { checkStaticCollisions } from '../site/check-static-collisions.js';

/** Raised whenever what the key is made of changes. */
const KEY_FORMAT = 1;

/** What a load read, bodies aside. */
type Loaded = Omit<LoadedContent, 'bodies'>;

/** What the checks across the site found, and the key they were made under, if any. */
export interface FrontChecks {
  readonly collisions: CollisionCheck;
  readonly diagnostics: readonly Diagnostic[];
  /** The key of what the checks read, when a build keeps it; see `frontChecksKey`. */
  readonly key: string | undefined;
}

/**
 * Runs the checks across the site of `loaded`, unless `cleanKey`, the key of fronts an earlier
 * build found nothing in, is theirs. `previous` is the collision check of the load before, for a
 * server that loads again. `keyed` asks for the key even when no `cleanKey` is known.
 */
export function checkFronts(
  siteDir: string,
  loaded: Loaded,
  previous: CollisionCheck | undefined,
  kept: { readonly keyed: boolean; readonly cleanKey: string | undefined },
): FrontChecks {
  const { config } = loaded;
  const key = kept.keyed && config ? frontChecksKey(loaded) : undefined;
  const foundNothingBefore = key !== undefined && key === kept.cleanKey;
  const collisions = checkCollisionsAgain(
    previous,
    loaded.posts,
    loaded.claims,
    config && { config, place: loaded.configSource },
    loaded.pages,
    foundNothingBefore,
  );
  const diagnostics =
    config && !foundNothingBefore
      ? [
          ...collisions.diagnostics,
          ...checkConfigReferences(config, loaded.configSource, loaded.posts, loaded.assets.paths),
          ...checkStaticCollisions(
            config,
            loaded.posts,
            loaded.assets.paths,
            join(siteDir, STATIC_DIR),
            loaded.pages,
          ),
        ]
      : collisions.diagnostics;
  return { collisions, diagnostics, key };
}

/**
 * A key of all the checks across the site read: the config, each post's and page's front as
 * loading gave it (file, path, slug, labels, series, aliases and all), the slugs the post files
 * claim, and the paths of static/. Undefined when a post or page cannot be written out.
 */
export function frontChecksKey(loaded: Loaded): string | undefined {
  const parts = [String(KEY_FORMAT), JSON.stringify(loaded.config)];
  const staticPaths = [...loaded.assets.paths].sort();
  parts.push(String(staticPaths.length), ...staticPaths, String(loaded.claims.length));
  for (const claim of loaded.claims) parts.push(claim.file, claim.slug, String(claim.fromKey));
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
  return createHash('sha256').update(parts.join('\n')).digest('base64url');
}
