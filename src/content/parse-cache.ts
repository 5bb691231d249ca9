// Load: parsed posts kept between loads, so that a reload re-reads only the files that changed.
import type { PostResult } from './parse-post.js';
import type { PostFilesResult, StaticAssets } from './read-sources.js';

interface Entry {
  readonly stamp: string;
  readonly result: PostResult;
}

/**
 * Post parse results by file, valid while the file's stamp and the settings parsing depends on
 * (time zone, excerpt length, image sizes) stay the same.
 */
export class ParseCache {
  #settings = '';
  /** The post files and static/ of the latest load, to update rather than list again. */
  listing: PostFilesResult | undefined;
  assets: StaticAssets | undefined;
  readonly #entries = new Map<string, Entry>();

  /** Forgets everything when the settings that parsing depends on have changed. */
  useSettings(settings: string): void {
    if (settings !== this.#settings) this.#entries.clear();
    this.#settings = settings;
  }

  get(file: string, stamp: string): PostResult | undefined {
    const entry = this.#entries.get(file);
    return entry && stamp !== '' && entry.stamp === stamp ? entry.result : undefined;
  }

  set(file: string, stamp: string, result: PostResult): void {
    this.#entries.set(file, { stamp, result });
  }

  /** Drops the files that are gone. */
  keepOnly(files: ReadonlySet<string>): void {
    for (const file of this.#entries.keys()) if (!files.has(file)) this.#entries.delete(file);
  }
}
