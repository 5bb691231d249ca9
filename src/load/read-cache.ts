// Load: what reading each post and page file gave — its front matter parsed, its problems — kept
// on disk in the site's `.folio/cache/` by the file's stamp, so that a build reads and parses
// again only the files that changed since the last one: at 10,000 posts, reading and parsing
// every file costs each export thread more than a second.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { KnownReads, ReadEntry, ReadFolder } from '../content/load-content.js';
import { stampChangedAt } from '../content/read-sources.js';
import { keepOutOfGit, SITE_CACHE_DIR, STALE_ENTRIES_KEPT, writeCacheFile } from './site-cache.js';

export const READ_CACHE_FILE = join(SITE_CACHE_DIR, 'reads.bin');

/** Raised whenever what the file holds changes meaning: an older file is then never read. */
const FORMAT = 2;

/**
 * How long before a load began a file must have been last changed for its stamp to be trusted
 * next time. A file's time on disk moves in steps of a clock tick, so a file written twice within
 * one tick, at the same size, keeps its stamp; one written that late is read again next time.
 */
export const SETTLED_MS = 1000;

/** Whether a file of `stamp` was last changed `SETTLED_MS` or more before `since` (epoch ms). */
export function isSettled(stamp: string, since: number): boolean {
  // NaN, for a file that could not be read, is never settled.
  return stampChangedAt(stamp) < since - SETTLED_MS;
}

interface Stored extends KnownReads {
  readonly format: number;
  /** The code that read the files, and the Node that ran it (its time zone data included). */
  readonly reader: string;
  /** The key of fronts the checks across the site last found nothing in (see `checkFronts`). */
  readonly cleanChecks?: string | undefined;
}

/**
 * The cache of one site's reads. An entry that cannot be read is no entry, and one that cannot be
 * written is left out: the cache only ever saves work.
 */
export class ReadCache {
  readonly #file: string;
  readonly #reader: string;
  #known: KnownReads | undefined;
  #cleanChecks: string | undefined;
  #nextCleanChecks: string | undefined;

  /** `fingerprint` names the code that reads (see `rendererFingerprint`). */
  constructor(siteDir: string, fingerprint: string) {
    this.#file = join(siteDir, READ_CACHE_FILE);
    const { node, tz } = process.versions;
    this.#reader = `${fingerprint} ${node} ${tz ?? ''}`;
  }

  /** What the last build of this code read, if it kept it. */
  read(): KnownReads | undefined {
    try {
      const stored = deserialize(readFileSync(this.#file)) as Partial<Stored>;
      if (stored.format !== FORMAT || stored.reader !== this.#reader) return undefined;
      const { settings, results, pageResults } = stored;
      if (!(results instanceof Map) || !(pageResults instanceof Map) || !settings) return undefined;
      this.#known = { settings, results, pageResults };
      if (typeof stored.cleanChecks === 'string') this.#cleanChecks = stored.cleanChecks;
      return this.#known;
    } catch {
      return undefined;
    }
  }

  /** The key of fronts in which the last build that kept its reads found nothing, once read. */
  cleanChecks(): string | undefined {
    return this.#cleanChecks;
  }

  /** Remembers with what is kept that the checks across the site found nothing in `key`'s fronts. */
  keepCleanChecks(key: string): void {
    this.#nextCleanChecks = key;
  }

  /**
   * Keeps what `folder` read, for the next build, unless what `read` gave differs from it in a few
   * files at most (`STALE_ENTRIES_KEPT`), which the next build then reads again. A file changed
   * after `settledBefore` (epoch ms) is left out, to be read again next time.
   */
  write(folder: ReadFolder, settledBefore: number): void {
    const results = settled(folder.results, settledBefore);
    const pageResults = settled(folder.pageResults, settledBefore);
    const known = this.#known;
    const cleanChecks = this.#nextCleanChecks ?? this.#cleanChecks;
    // Results are only ever reused under the same settings: the very same results, same settings.
    if (
      known &&
      cleanChecks === this.#cleanChecks &&
      entriesBehind(known.results, results) + entriesBehind(known.pageResults, pageResults) <=
        STALE_ENTRIES_KEPT
    ) {
      return;
    }
    const stored: Stored = {
      format: FORMAT,
      reader: this.#reader,
      settings: folder.settings,
      results,
      pageResults,
      cleanChecks,
    };
    if (writeCacheFile(this.#file, serialize(stored))) {
      keepOutOfGit(dirname(this.#file), 'What reading each post file gave');
    }
  }
}

/** The entries of files last changed before `before`, by the time their stamp records. */
function settled<Result>(
  results: ReadonlyMap<string, ReadEntry<Result>>,
  before: number,
): Map<string, ReadEntry<Result>> {
  const kept = new Map<string, ReadEntry<Result>>();
  for (const [file, entry] of results) {
    if (isSettled(entry.stamp, before)) kept.set(file, entry);
  }
  return kept;
}

/**
 * How many files `kept` is behind `now` on: those `now` holds another result of (read anew, or
 * added), and those gone from it.
 */
function entriesBehind<Result>(
  kept: ReadonlyMap<string, ReadEntry<Result>>,
  now: ReadonlyMap<string, ReadEntry<Result>>,
): number {
  let behind = 0;
  let shared = 0;
  for (const [file, entry] of now) {
    const other = kept.get(file);
    if (other === undefined) behind++;
    else {
      shared++;
      if (other.stamp !== entry.stamp || other.result !== entry.result) behind++;
    }
  }
  return behind + kept.size - shared;
}
