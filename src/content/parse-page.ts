// Load: one page file's text → a validated Page, or every problem with its line (pure).
import { z } from 'zod';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { normalizeText } from '../text/normalize-text.js';
import {
  aliases,
  flag,
  label,
  normalizedAliases,
  slugClaim,
  text,
  validateFrontMatter,
} from './front-matter/fields.js';
import { readFrontMatter } from './front-matter/read-front-matter.js';
import type { Page } from './page.js';

// Front matter gives numbers as the text the author wrote.
const WHOLE_NUMBER = /^[+-]?\d{1,9}$/;

const pageSchema = z.object(
  {
    title: label,
    description: text.trim().optional(),
    slug: label.optional(),
    nav: flag.optional(),
    order: z
      .string({ error: 'must be a whole number' })
      .refine((value) => WHOLE_NUMBER.test(value.trim()), { error: 'must be a whole number' })
      .optional(),
    draft: flag.optional(),
    toc: flag.optional(),
    math: flag.optional(),
    aliases: aliases.optional(),
  },
  { error: 'must be a mapping of keys to values' },
);

const HINTS: Record<string, string> = {
  title: 'write the page title, e.g. `title: About`',
  description: 'write one sentence of plain text',
  slug: 'write the URL name, e.g. `slug: about`',
  nav: 'write `nav: true` to link the page in the top navigation, or remove the line',
  order: 'write a whole number: pages in the navigation go from the smallest, e.g. `order: 1`',
  draft: 'write `draft: true` or remove the line',
  toc: 'write `toc: true` to open the page with a table of contents, or `toc: false`',
  math: 'write `math: true` to read the page with math, or `math: false`',
  aliases: 'write a list of old paths that should lead here, e.g. `aliases: [/about.html]`',
};

export interface PageResult {
  /** Present only when the file has no error. */
  readonly page: Page | undefined;
  /** The Markdown body of `page`, for a body store to keep or let go. */
  readonly body?: string | undefined;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Parses the text of one page; `file` names it in problems, `fileSlug` is its name without the
 * extension (its folder's, for an `index.md`). Every problem of the file is reported.
 */
export function parsePage(raw: string, file: string, fileSlug: string): PageResult {
  const source = readFrontMatter(normalizeText(raw), file);
  if (source.problems.length > 0) return { page: undefined, diagnostics: source.problems };
  const { fields, parsed, diagnostics, invalid } = validateFrontMatter(source, file, {
    schema: pageSchema,
    hints: HINTS,
    fallbackHint: 'write one `key: value` per line, at least `title:`',
  });
  const fromName = { file, slug: fileSlug.normalize('NFC'), line: 1, fromKey: false };
  const claim = slugClaim(source, fields, invalid, diagnostics, fromName);
  if (!parsed.success || diagnostics.some((d) => d.severity === 'error')) {
    return { page: undefined, diagnostics };
  }
  const front = parsed.data;
  const path = `/${encodeURIComponent(claim.slug)}/`;
  const page: Page = {
    file,
    slug: claim.slug,
    path,
    aliases: normalizedAliases(front.aliases, path),
    // A page's images live under static/: the files beside a page are not served.
    ownFolder: false,
    title: front.title,
    draft: front.draft ?? false,
    nav: front.nav ?? false,
    order: front.order === undefined ? 0 : Number(front.order.trim()),
    toc: front.toc,
    math: front.math,
    description: front.description || undefined,
    lines: {
      slug: claim.line,
      path: claim.line,
      aliases: source.lineOfKey(['aliases']),
    },
    bodyLine: source.bodyLine,
  };
  return { page, body: source.body, diagnostics };
}
