// Load: what posts' and pages' front matter share — text values, old paths, slugs, the checks.
import { z } from 'zod';
import { closestMatch } from '../../diagnostics/did-you-mean.js';
import { error, warning, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { formatPath, schemaDiagnostics } from '../../diagnostics/schema-diagnostics.js';
import { isUsableSlug, slugify } from '../slugify.js';
import { folderForm, normalizeSitePath, pathKey } from '../../urls/url-paths.js';
import type { FrontMatter } from './front-matter.js';

// Numbers arrive as the text the author wrote (see readFrontMatter), so every label is text.
// Half of a surrogate pair can come only from an escape such as "\uD800"; no page can show it.
const HALF_PAIR = /\p{Cs}/u;
export const text = z.string({ error: 'must be text' }).refine((value) => !HALF_PAIR.test(value), {
  error: 'holds half of a surrogate pair (an escape such as \\uD800), which no page can show',
});
export const label = text.trim().min(1, { error: 'must not be empty' });
export const flag = z.boolean({ error: 'must be true or false' });

/** Old paths that lead to a post or a page. */
export const aliases = z.array(
  text.refine((path) => normalizeSitePath(path) !== undefined, {
    error: 'must be a path of this site, e.g. /old/hello.html',
  }),
  { error: 'must be a list of paths' },
);

/**
 * Each alias as pages link it, a folder unless it names a file (see `folderForm`), without
 * repeats, and without `own`, the path of the page it leads to: its own URL leads nowhere else.
 */
export function normalizedAliases(written: readonly string[] | undefined, own: string): string[] {
  const ownKey = pathKey(own);
  return [
    ...new Set(
      (written ?? []).flatMap((alias) => {
        const normal = normalizeSitePath(alias);
        const path = normal === undefined ? undefined : folderForm(normal);
        return path === undefined || pathKey(path) === ownKey ? [] : [path];
      }),
    ),
  ];
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

// Unknown keys are only warned about: authors keep their own keys for their own tools.
export function unknownKeyWarnings(
  source: FrontMatter,
  file: string,
  knownKeys: readonly string[],
): Diagnostic[] {
  const value = source.value;
  if (!isRecord(value)) return [];
  return Object.keys(value)
    .filter((key) => !knownKeys.includes(key))
    .map((key) => {
      const guess = closestMatch(key, knownKeys);
      const hint = guess ? `did you mean \`${guess}\`?` : 'Folio ignores it';
      return warning(
        'front-matter-unknown-key',
        file,
        source.lineOfKey([key]),
        `unknown front matter key \`${formatPath([key])}\``,
        hint,
      );
    });
}

/** Front matter checked against a schema: its values, every problem, and the keys that failed. */
export interface ValidatedFrontMatter<Output> {
  /** The values as written, to read a key the schema refused. */
  readonly fields: Record<string, unknown>;
  readonly parsed: { success: true; data: Output } | { success: false };
  /** Unknown keys and schema problems; callers add their own. */
  readonly diagnostics: Diagnostic[];
  /** The top-level keys with a problem. */
  readonly invalid: ReadonlySet<string>;
}

/** Checks read front matter against `schema`, each problem with its line and a hint by key. */
export function validateFrontMatter<Output>(
  source: FrontMatter,
  file: string,
  rules: {
    readonly schema: z.ZodType<Output> & { readonly shape: Record<string, unknown> };
    readonly hints: Readonly<Record<string, string>>;
    /** The hint of a problem with no key of its own, such as front matter that is a list. */
    readonly fallbackHint: string;
  },
): ValidatedFrontMatter<Output> {
  const knownKeys = Object.keys(rules.schema.shape);
  const parsed = rules.schema.safeParse(source.value ?? {});
  const diagnostics = unknownKeyWarnings(source, file, knownKeys);
  const invalid = new Set<string>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) invalid.add(String(issue.path[0]));
    diagnostics.push(
      ...schemaDiagnostics(parsed.error.issues, {
        file,
        source,
        what: 'front matter',
        code: 'front-matter-invalid',
        hintFor: (path) => rules.hints[String(path[0])] ?? rules.fallbackHint,
        knownKeys: () => knownKeys,
      }),
    );
  }
  return {
    fields: isRecord(source.value) ? source.value : {},
    parsed: parsed.success ? { success: true, data: parsed.data } : { success: false },
    diagnostics,
    invalid,
  };
}

/** The slug a post or page file claims, known even when the rest of the file is broken. */
export interface SlugClaim {
  readonly file: string;
  readonly slug: string;
  readonly line: number;
  /** Whether the slug comes from a `slug:` key, on `line`, rather than from the file name. */
  readonly fromKey: boolean;
}

/**
 * The slug a file claims: its `slug:` key, or else `fromName`. A slug that cannot stand in a URL
 * is one more problem in `diagnostics`.
 */
export function slugClaim(
  source: FrontMatter,
  fields: Record<string, unknown>,
  invalid: ReadonlySet<string>,
  diagnostics: Diagnostic[],
  fromName: SlugClaim,
): SlugClaim {
  const own =
    typeof fields.slug === 'string' && fields.slug.trim() !== '' ? fields.slug.trim() : undefined;
  const claim: SlugClaim = own
    ? {
        file: fromName.file,
        slug: own.normalize('NFC'),
        line: source.lineOfKey(['slug']),
        fromKey: true,
      }
    : fromName;
  if (!invalid.has('slug') && !isUsableSlug(claim.slug)) diagnostics.push(slugProblem(claim));
  return claim;
}

function slugProblem(claim: SlugClaim): Diagnostic {
  const suggestion = slugify(claim.slug) || 'my-post';
  const hint = claim.fromKey
    ? `use letters, digits and -, e.g. \`slug: ${suggestion}\``
    : `rename the file to \`${suggestion}.md\` or set \`slug: ${suggestion}\``;
  return error(
    'post-slug',
    claim.file,
    claim.line,
    `the slug "${claim.slug}" cannot stand in a URL`,
    hint,
  );
}
