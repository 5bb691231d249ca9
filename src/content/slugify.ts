// Slugs: the URL identifiers of categories and tags, and the check on post slugs.
import { Memo } from '../memo/memo.js';

const ASCII_PUNCTUATION = /[!-,./:-@[-^_`{-~]/g;

/**
 * A category or tag name as it appears in URLs: lower-case, white space to `-`, other ASCII
 * punctuation dropped, letters of other scripts kept as they are.
 */
export function slugify(name: string): string {
  return slugsByName.get(name, computeSlug);
}

/** A site names few categories and tags, thousands of times each: each slug is computed once. */
export const slugsByName = new Memo<string, string>('slugs', 10_000);

function computeSlug(name: string): string {
  return (
    name
      .normalize('NFC')
      .toLowerCase()
      .replace(ASCII_PUNCTUATION, '')
      .replace(/[\s\p{White_Space}]+/gu, '-')
      .replace(INVISIBLE, '')
      .replace(/-{2,}/g, '-')
      .replace(/^-|-$/g, '')
      // Dropping and lower-casing can leave combining marks to compose; request paths are NFC.
      .normalize('NFC')
  );
}

// Characters a reader cannot see or a URL cannot carry: controls, format characters — the
// bidirectional overrides (U+202E turns `gpj.exe` into what reads as `exe.jpg`), zero widths —
// and halves of surrogate pairs, which no UTF-8 URL can encode.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}]/gu;

// Characters that would change a URL's meaning, or hide part of it, if a post slug carried them.
const UNSAFE_IN_SLUG = /[\s/\\?#%"<>|^`{}[\]\p{Cc}\p{Cf}\p{Cs}]/u;

/** Whether a post slug can stand as one URL path segment unchanged. */
export function isUsableSlug(slug: string): boolean {
  return slug.length > 0 && slug !== '.' && slug !== '..' && !UNSAFE_IN_SLUG.test(slug);
}
