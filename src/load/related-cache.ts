// Load: each post's related posts, kept in the site's `.folio/cache/` under a hash of all they
// are worked out from, so that a build after an edit that moves no post, tag or category takes
// them as they were: at 10,000 posts, working them all out again cost a rebuild a third of a
// second before it could tell which pages changed.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { Site } from '../site/build-site.js';
import { relatedInputs, relatedTable, rememberRelated } from '../site/related.js';
import { SITE_CACHE_DIR, writeCacheFile } from './site-cache.js';

export const RELATED_CACHE_FILE = join(SITE_CACHE_DIR, 'related.bin');

/** Raised whenever what the file holds changes meaning: an older file is then never read. */
const FORMAT = 1;

interface Stored {
  readonly format: number;
  /** A hash of the code (`rendererFingerprint`) and of `relatedInputs` of the site. */
  readonly inputs: string;
  readonly table: readonly unknown[];
}

/**
 * The related posts one build of a site worked out, for the next. A file that cannot be read is
 * no file, and one that cannot be written is left as it is: the cache only ever saves work.
 */
export class RelatedCache {
  readonly #file: string;
  readonly #inputs: string;
  #taken = false;

  /** `fingerprint` names the code that works related posts out (see `rendererFingerprint`). */
  constructor(siteDir: string, fingerprint: string, site: Site) {
    this.#file = join(siteDir, RELATED_CACHE_FILE);
    this.#inputs = createHash('sha256')
      .update(`${FORMAT}\n${fingerprint}\n`)
      .update(relatedInputs(site))
      .digest('base64url');
  }

  /** Gives `site` the related posts kept, if they were worked out from what it holds. */
  take(site: Site): boolean {
    try {
      const stored = deserialize(readFileSync(this.#file)) as Partial<Stored>;
      if (stored.format !== FORMAT || stored.inputs !== this.#inputs) return false;
      if (!Array.isArray(stored.table)) return false;
      this.#taken = rememberRelated(site, stored.table);
    } catch {
      this.#taken = false;
    }
    return this.#taken;
  }

  /**
   * Keeps the related posts of `site` for the next build, when every one of them is worked out
   * by now and they were not taken from the file: a build that rendered a share of the post pages
   * knows only theirs, and leaves the file to a build that works them all out.
   */
  keep(site: Site): void {
    if (this.#taken) return;
    const table = relatedTable(site);
    if (!table) return;
    const stored: Stored = { format: FORMAT, inputs: this.#inputs, table };
    writeCacheFile(this.#file, serialize(stored));
  }
}
