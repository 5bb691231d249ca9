// Load: rendered post bodies kept on disk under the site's `.folio/cache/bodies/`, by a hash of
// everything the rendering read, so that a build renders only the bodies that changed since the
// last one — Markdown and highlighting are most of the work of rendering a page.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BodyFeature, BodyMistake, Reference } from '../content/post.js';
import { folioRoot } from './folio-package.js';
import { keepOutOfGit, SITE_CACHE_DIR, writeCacheFile } from './site-cache.js';

export const BODY_CACHE_DIR = join(SITE_CACHE_DIR, 'bodies');

/** Raised whenever what an entry holds changes meaning: older entries are then never read. */
const ENTRY_FORMAT = 2;

/** What a body's rendering found, kept whole so that a hit parses nothing. */
export interface CachedBody {
  readonly html: string;
  readonly features: readonly BodyFeature[];
  readonly excerpt: string;
  readonly references: readonly Reference[];
  readonly mistakes: readonly BodyMistake[];
  readonly searchText: string;
  /** Whole minutes to read it. */
  readonly minutes: number;
  /**
   * Each image the HTML describes, by its path, with what was known of it then (its size, its
   * smaller versions), as `imageFacts` gives it: an entry is used only while they all still hold.
   */
  readonly images: readonly (readonly [src: string, facts: string])[];
}

/**
 * The cache of one site. Reads and writes synchronously: it is used as a page is rendered, on
 * an export's own threads. An entry that cannot be read is a miss, and one that cannot be
 * written is left out: the cache only ever saves work.
 */
export class BodyCache {
  readonly #root: string;
  readonly #dir: string;
  readonly #fingerprint: string;
  #ignored = false;

  /**
   * `fingerprint` names the code that renders (see `rendererFingerprint`): its entries are kept
   * in a folder of their own, which `forgetOtherRenderers` keeps alone.
   */
  constructor(siteDir: string, fingerprint: string) {
    this.#root = join(siteDir, BODY_CACHE_DIR);
    this.#dir = join(this.#root, rendererFolder(fingerprint));
    this.#fingerprint = fingerprint;
  }

  /** The key of a body rendered from `inputs`: its text and every setting its HTML depends on. */
  key(inputs: readonly unknown[]): string {
    return createHash('sha256')
      .update(JSON.stringify([ENTRY_FORMAT, this.#fingerprint, ...inputs]))
      .digest('base64url');
  }

  get(key: string): CachedBody | undefined {
    try {
      const entry = JSON.parse(readFileSync(this.#file(key), 'utf8')) as Partial<CachedBody>;
      return typeof entry.html === 'string' &&
        Array.isArray(entry.images) &&
        typeof entry.minutes === 'number'
        ? (entry as CachedBody)
        : undefined;
    } catch {
      return undefined;
    }
  }

  set(key: string, body: CachedBody): void {
    if (writeCacheFile(this.#file(key), JSON.stringify(body))) this.#ignore();
  }

  /**
   * Leaves a `.gitignore` in the folder, as its first entry is written: a site kept in Git would
   * otherwise list every entry as a change to commit.
   */
  #ignore(): void {
    if (this.#ignored) return;
    this.#ignored = true;
    keepOutOfGit(this.#root, 'Post bodies rendered');
  }

  #file(key: string): string {
    return join(this.#dir, key.slice(0, 2), `${key}.json`);
  }
}

/** The folder of a renderer's entries: a new version's entries never mix with an old one's. */
export const rendererFolder = (fingerprint: string): string => fingerprint.slice(0, 16);

/**
 * Removes the entries of every renderer but the one of `fingerprint`: code that changed never
 * reads them again, and the cache would otherwise grow with every upgrade.
 */
export function forgetOtherRenderers(siteDir: string, fingerprint: string): void {
  const root = join(siteDir, BODY_CACHE_DIR);
  try {
    for (const entry of readdirSync(root, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== rendererFolder(fingerprint)) {
        rmSync(join(root, entry.name), { recursive: true, force: true });
      }
    }
  } catch {
    // No cache yet, or one that cannot be changed: it only costs space.
  }
}

/**
 * What rendering an image of a body reads of it, as one string: its size and smaller versions,
 * as the functions given find them now.
 */
export function imageFacts(
  src: string,
  imageSize: (src: string) => unknown,
  responsive: ((src: string) => unknown) | undefined,
): string {
  return JSON.stringify([imageSize(src) ?? null, responsive?.(src) ?? null]);
}

/**
 * A hash of the code that renders bodies: the Folio version, every file of Folio's own code, and
 * the list of packages installed with it. A new version, an edited checkout or updated packages
 * then never read an entry that older code wrote.
 */
export function rendererFingerprint(version: string): string {
  const hash = createHash('sha256').update(version);
  // The code that runs: `dist/bundle/` as bundled, which holds this file; `src/` under a
  // TypeScript loader or `dist/` as compiled, which hold the folder this file is in.
  const here = dirname(fileURLToPath(import.meta.url));
  const code = `${basename(here) === 'bundle' ? here : dirname(here)}${sep}`;
  const files = readdirSync(code, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(?:[cm]?js|ts)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(file.slice(code.length)).update(readFileSync(file));
  const root = folioRoot();
  for (const lock of [join('node_modules', '.package-lock.json'), 'package-lock.json']) {
    try {
      hash.update(readFileSync(join(root, lock)));
      break;
    } catch {
      // Not installed by npm, or not from a checkout: the version stands for the packages.
    }
  }
  return hash.digest('base64url');
}
