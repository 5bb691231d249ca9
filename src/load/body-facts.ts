// Load: what checking a body and listing its post read of it — its links and likely mistakes, its
// excerpt and minutes — kept in one file of the site's cache, by the hash of the post file's text
// and the settings it was read with, so that a build into its own output checks and lists every
// unchanged post without reading its file: at 10,000 posts, reading each file and its rendered
// body again for these alone cost each export thread two seconds.
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { BodyMistake, Reference } from '../content/post.js';
import { BODY_CACHE_DIR, rendererFolder } from './body-cache.js';
import { readCacheFile, STALE_ENTRIES_KEPT, writeCacheFile } from './site-cache.js';

/** Raised whenever what the file holds changes meaning: an older file is then never read. */
const FORMAT = 1;

/** What checks and listings read of one body. */
export interface BodyFacts {
  readonly references: readonly Reference[];
  readonly mistakes: readonly BodyMistake[];
  readonly excerpt: string;
  /** Whole minutes to read it. */
  readonly minutes: number;
}

/** The facts a build used: those the cache held, by key, and those found now. */
export interface UsedFacts {
  /** How many facts the cache held when the build read it. */
  readonly held: number;
  readonly kept: readonly string[];
  readonly found: readonly (readonly [key: string, facts: BodyFacts])[];
}

/**
 * The facts of one site's bodies, for the code of one renderer: they live in its folder of the
 * body cache, and go with it. A file that cannot be read is no facts, and one that cannot be
 * written is left out: the cache only ever saves work.
 */
export class BodyFactsCache {
  readonly #file: string;

  /** `fingerprint` names the code that renders (see `rendererFingerprint`). */
  constructor(siteDir: string, fingerprint: string) {
    this.#file = join(siteDir, BODY_CACHE_DIR, rendererFolder(fingerprint), 'facts.bin');
  }

  read(): ReadonlyMap<string, BodyFacts> {
    try {
      const stored = readCacheFile(
        this.#file,
        (bytes) => deserialize(bytes) as { format?: unknown; facts?: unknown },
      );
      if (stored.format === FORMAT && stored.facts instanceof Map) {
        return stored.facts as ReadonlyMap<string, BodyFacts>;
      }
    } catch {
      // None kept yet, or a file damaged: every body is read.
    }
    return new Map();
  }

  /**
   * Keeps exactly the facts the build used, each thread's `used` joined: those kept before that
   * no body needed are let go. Nothing is written when the file differs from them in a few
   * entries only (`STALE_ENTRIES_KEPT`): the next build finds those few again.
   */
  keepUsed(used: readonly UsedFacts[]): void {
    const kept = new Set(used.flatMap((part) => part.kept));
    const found = used.flatMap((part) => part.found);
    // What the file holds that no body needed now, and what it lacks: a file that held none is
    // written whenever there is something to keep.
    const held = Math.max(0, ...used.map((part) => part.held));
    const behind = found.length + held - kept.size;
    if (behind === 0 || (held > 0 && behind <= STALE_ENTRIES_KEPT)) return;
    const known = this.read();
    const facts = new Map<string, BodyFacts>(found);
    for (const key of kept) {
      const entry = known.get(key);
      if (entry && !facts.has(key)) facts.set(key, entry);
    }
    const stored = { format: FORMAT, facts };
    writeCacheFile(this.#file, serialize(stored), stored);
  }
}

/**
 * The key of a body's facts: the hash of its file's text (its front matter and so its first line
 * included) and every setting that reading it depends on.
 */
export function factsKey(
  textHash: string,
  read: {
    readonly path: string;
    readonly math: boolean | undefined;
    readonly typographer: boolean | undefined;
    readonly equationNumbers: string | undefined;
    readonly toc: boolean | undefined;
    readonly locale: string | undefined;
    readonly excerptLength: number;
  },
): string {
  return JSON.stringify([
    textHash,
    read.path,
    read.math,
    read.typographer,
    read.equationNumbers,
    read.toc,
    read.locale,
    read.excerptLength,
  ]);
}
