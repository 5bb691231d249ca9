// Load: what reading each post and page file gave — its front matter parsed, its problems — kept
// on disk in the site's `.folio/cache/` by the file's stamp, so that a build reads and parses
// again only the files that changed since the last one: at 10,000 posts, reading and parsing
// every file costs each export thread more than a second.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { KnownReads, ReadEntry, ReadFolder } from '../content/load-content.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { stampChangedAt } from '../content/site-layout.js';
import {
  keepOutOfGit,
  readCacheFile,
  SITE_CACHE_DIR,
  STALE_ENTRIES_KEPT,
  writeCacheFile,
} from './site-cache.js';

export const READ_CACHE_FILE = join(SITE_CACHE_DIR, 'reads.bin');

/**
 * What the checks across the site last found, with the key of what they read (see
 * `checkFronts`), in a file of its own: an edit of a front matter changes it, and should not
 * rewrite the reads of every file with it.
 */
export const FRONT_CHECKS_FILE = join(SITE_CACHE_DIR, 'front-checks.json');

/** What the checks across the site found in the fronts of one key. */
export interface KeptChecks {
  readonly key: string;
  readonly diagnostics: readonly Diagnostic[];
}

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
}

/**
 * The cache of one site's reads. An entry that cannot be read is no entry, and one that cannot be
 * written is left out: the cache only ever saves work.
 */
export class ReadCache {
  readonly #file: string;
  readonly #checksFile: string;
  readonly #reader: string;
  #known: KnownReads | undefined;
  // Read once asked for: null when there are none to read.
  #checks: KeptChecks | null | undefined;
  #nextChecks: KeptChecks | undefined;

  /** `fingerprint` names the code that reads (see `rendererFingerprint`). */
  constructor(siteDir: string, fingerprint: string) {
    this.#file = join(siteDir, READ_CACHE_FILE);
    this.#checksFile = join(siteDir, FRONT_CHECKS_FILE);
    const { node, tz } = process.versions;
    this.#reader = `${fingerprint} ${node} ${tz ?? ''}`;
  }

  /** What the last build of this code read, if it kept it. */
  read(): KnownReads | undefined {
    try {
      const stored = readCacheFile(this.#file, (bytes) => deserialize(bytes) as Partial<Stored>);
      if (stored.format !== FORMAT || stored.reader !== this.#reader) return undefined;
      const { settings, results, pageResults } = stored;
      if (!(results instanceof Map) || !(pageResults instanceof Map) || !settings) return undefined;
      this.#known = { settings, results, pageResults };
      return this.#known;
    } catch {
      return undefined;
    }
  }

  /** What the checks across the site found in the fronts of a key, as a build of this code kept it. */
  keptChecks(): KeptChecks | undefined {
    if (this.#checks === undefined) this.#checks = this.#readChecks() ?? null;
    return this.#checks ?? undefined;
  }

  #readChecks(): KeptChecks | undefined {
    try {
      const kept = JSON.parse(readFileSync(this.#checksFile, 'utf8')) as Partial<
        KeptChecks & { reader: string }
      >;
      const { reader, key, diagnostics } = kept;
      const wellFormed =
        reader === this.#reader && typeof key === 'string' && Array.isArray(diagnostics);
      return wellFormed ? { key, diagnostics } : undefined;
    } catch {
      return undefined;
    }
  }

  /** Keeps with what was read what the checks across the site found in the fronts of a key. */
  keepChecks(checks: KeptChecks): void {
    this.#nextChecks = checks;
  }

  /**
   * Keeps what `folder` read, for the next build, unless what `read` gave differs from it in a few
   * files at most (`STALE_ENTRIES_KEPT`), which the next build then reads again. A file changed
   * after `settledBefore` (epoch ms) is left out, to be read again next time. Keeps too what
   * `keepChecks` was given, when its key is not the one kept.
   */
  write(folder: ReadFolder, settledBefore: number): void {
    const results = settled(folder.results, settledBefore);
    const pageResults = settled(folder.pageResults, settledBefore);
    const checks = this.#nextChecks;
    if (checks !== undefined && checks.key !== this.keptChecks()?.key) {
      const kept = JSON.stringify({ reader: this.#reader, ...checks });
      if (writeCacheFile(this.#checksFile, `${kept}\n`)) {
        keepOutOfGit(dirname(this.#checksFile), 'What reading each post file gave');
      }
    }
    const known = this.#known;
    // Results are only ever reused under the same settings: the very same results, same settings.
    if (
      known &&
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
    };
    if (writeCacheFile(this.#file, serialize(stored), stored)) {
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
