// Load: one post file's text → a validated Post, or every problem with its line (pure).
import { z } from 'zod';
import { closestMatch } from '../diagnostics/did-you-mean.js';
import { error, warning, type Diagnostic } from '../diagnostics/diagnostic.js';
import { formatPath, schemaDiagnostics } from '../diagnostics/schema-diagnostics.js';
import { normalizeText } from '../text/normalize-text.js';
import type { FrontMatter } from './front-matter/front-matter.js';
import { readFrontMatter } from './front-matter/read-front-matter.js';
import type { SplitPost } from './front-matter/split.js';
import { DEFAULT_PERMALINK, normalizeSitePath } from '../urls/url-paths.js';
import { permalinkPath } from './permalink.js';
import { parsePostDate } from './post-date.js';
import type { Post } from './post.js';
import { readingMinutes } from './reading-time.js';
import { isUsableSlug, slugify } from './slugify.js';

/** What parsing a post needs to know about the site. */
export interface PostContext {
  /** The zone dates without an offset are read in. */
  readonly timezone: string;
  /** The config's pattern of post URLs; by default `/posts/:slug/`. */
  readonly permalink?: string;
}

// A post written as `slug/index.md` takes its folder's name, and its folder's files go with it.
const FOLDER_INDEX = /(?:^|[\\/])index\.(?:md|markdown)$/i;

/** Whether a post file is the `index.md` of a folder of its own. */
export function isFolderIndex(file: string): boolean {
  return FOLDER_INDEX.test(file);
}

// Numbers arrive as the text the author wrote (see readFrontMatter), so every label is text.
// Half of a surrogate pair can come only from an escape such as "\uD800"; no page can show it.
const HALF_PAIR = /\p{Cs}/u;
const text = z.string({ error: 'must be text' }).refine((value) => !HALF_PAIR.test(value), {
  error: 'holds half of a surrogate pair (an escape such as \\uD800), which no page can show',
});
const label = text.trim().min(1, { error: 'must not be empty' });

const frontMatterSchema = z.object(
  {
    title: label,
    date: z.string({ error: 'must be a date such as 2024-03-15 09:30' }),
    updated: z.string({ error: 'must be a date such as 2024-03-15 09:30' }).optional(),
    category: label.optional(),
    tags: z
      .array(label, { error: 'must be a list' })
      .min(1, { error: 'must name at least one tag' }),
    slug: label.optional(),
    draft: z.boolean({ error: 'must be true or false' }).optional(),
    pinned: z.boolean({ error: 'must be true or false' }).optional(),
    toc: z.boolean({ error: 'must be true or false' }).optional(),
    math: z.boolean({ error: 'must be true or false' }).optional(),
    description: text.trim().optional(),
    url: text
      .refine((path) => normalizeSitePath(path)?.endsWith('/') === true, {
        error: 'must be a path of this site ending with /, e.g. /2015/05/hello/',
      })
      .optional(),
    aliases: z
      .array(
        text.refine((path) => normalizeSitePath(path) !== undefined, {
          error: 'must be a path of this site, e.g. /old/hello.html',
        }),
        { error: 'must be a list of paths' },
      )
      .optional(),
  },
  { error: 'must be a mapping of keys to values' },
);

const KNOWN_KEYS = Object.keys(frontMatterSchema.shape);

const HINTS: Record<string, string> = {
  title: 'write the post title, e.g. `title: "Hello, world"`',
  date: 'write `date: 2024-03-15 09:30`, `date: 2024-03-15` or an ISO 8601 date with an offset',
  updated:
    'write when the post last changed as `date` is written, e.g. `updated: 2024-04-02`, or remove the line',
  category: 'write one category name, e.g. `category: Algorithm`',
  tags: 'write a list of one or more tags, e.g. `tags: [rust, testing]`',
  slug: 'write the URL name, e.g. `slug: hello-world`',
  draft: 'write `draft: true` or remove the line',
  pinned: 'write `pinned: true` to keep the post at the top of the home page, or remove the line',
  math: 'write `math: true` to read the post with math, or `math: false`',
  toc: 'write `toc: true` to open the post with a table of contents, or `toc: false`',
  description: 'write one sentence of plain text',
  url: "write the path of the post's page from the site's root, e.g. `url: /2015/05/hello/`",
  aliases: 'write a list of old paths that should lead here, e.g. `aliases: [/old/hello.html]`',
};

/** The slug a post file claims, known even when the rest of the file is broken. */
export interface SlugClaim {
  readonly file: string;
  readonly slug: string;
  readonly line: number;
  /** Whether the slug comes from a `slug:` key, on `line`, rather than from the file name. */
  readonly fromKey: boolean;
}

export interface PostResult {
  /** Present only when the file has no error. */
  readonly post: Post | undefined;
  /** The Markdown body of `post`, for a body store to keep or let go. */
  readonly body?: string | undefined;
  readonly diagnostics: readonly Diagnostic[];
  readonly claim: SlugClaim;
}

/**
 * Parses the text of one post; `file` names it in problems, `fileSlug` is its name without the
 * extension. Every problem of the file is reported, not only the first.
 */
export function parsePost(
  raw: string,
  file: string,
  fileSlug: string,
  ctx: PostContext,
): PostResult {
  const defaultClaim: SlugClaim = {
    file,
    slug: fileSlug.normalize('NFC'),
    line: 1,
    fromKey: false,
  };
  const source = readFrontMatter(normalizeText(raw), file);
  if (source.problems.length > 0) {
    return { post: undefined, diagnostics: source.problems, claim: defaultClaim };
  }

  const fields = isRecord(source.value) ? source.value : {};
  // Later checks (a slug or tag used twice) name a key's own line, where its value may start below.
  const keyLine = (key: string): number => source.lineOfKey([key]);
  const parsed = frontMatterSchema.safeParse(source.value ?? {});
  const diagnostics = unknownKeyWarnings(source, file);
  const invalid = new Set<string>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) invalid.add(String(issue.path[0]));
    diagnostics.push(
      ...schemaDiagnostics(parsed.error.issues, {
        file,
        source,
        what: 'front matter',
        code: 'front-matter-invalid',
        hintFor: (path) =>
          HINTS[String(path[0])] ??
          'write one `key: value` per line: `title:`, `date:` and `tags:`',
        knownKeys: () => KNOWN_KEYS,
      }),
    );
  }

  // Dates and slug are checked even when other keys are wrong, so one run lists every problem.
  const readDate = (key: 'date' | 'updated'): number | undefined => {
    const raw = fields[key];
    const read = typeof raw === 'string' ? parsePostDate(raw, ctx.timezone) : undefined;
    if (typeof raw === 'string' && !invalid.has(key) && read === undefined) {
      diagnostics.push(
        error(
          `front-matter-${key}`,
          file,
          source.lineOf([key]),
          `\`${key}\` "${raw}" is not a date Folio can read`,
          HINTS[key] ?? '',
        ),
      );
    }
    return read;
  };
  const date = readDate('date');
  const updated = readDate('updated');
  if (date !== undefined && updated !== undefined && updated < date) {
    diagnostics.push(
      warning(
        'front-matter-updated-early',
        file,
        source.lineOf(['updated']),
        '`updated` is before `date`: the post would say it changed before it was published',
        'write the date of the last change, after `date`, or remove `updated`',
      ),
    );
  }
  const ownSlug =
    typeof fields.slug === 'string' && fields.slug.trim() !== '' ? fields.slug.trim() : undefined;
  const claim: SlugClaim = ownSlug
    ? { file, slug: ownSlug.normalize('NFC'), line: keyLine('slug'), fromKey: true }
    : defaultClaim;
  if (!invalid.has('slug') && !isUsableSlug(claim.slug)) diagnostics.push(slugProblem(claim));

  if (!parsed.success || date === undefined || diagnostics.some((d) => d.severity === 'error')) {
    return { post: undefined, diagnostics, claim };
  }
  const front = parsed.data;
  const post = postOf({ front, date, updated, claim, lineOf: keyLine, ctx }, source);
  return { post, body: source.body, diagnostics, claim };
}

/** The post of valid front matter. */
function postOf(
  valid: {
    front: z.output<typeof frontMatterSchema>;
    date: number;
    updated: number | undefined;
    claim: SlugClaim;
    lineOf: (key: string) => number;
    ctx: PostContext;
  },
  split: Pick<SplitPost, 'body' | 'bodyLine'>,
): Post {
  const { front, date, updated, claim, lineOf, ctx } = valid;
  const path =
    (front.url === undefined ? undefined : normalizeSitePath(front.url)) ??
    permalinkPath(
      ctx.permalink ?? DEFAULT_PERMALINK,
      { slug: claim.slug, category: front.category, date },
      ctx.timezone,
    );
  // One literal, one shape: code that walks thousands of posts reads their fields at full speed.
  return {
    file: claim.file,
    slug: claim.slug,
    path,
    aliases: [...new Set((front.aliases ?? []).flatMap((alias) => normalizeSitePath(alias) ?? []))],
    ownFolder: isFolderIndex(claim.file),
    title: front.title,
    date,
    updated,
    category: front.category,
    tags: [...new Set(front.tags)],
    draft: front.draft ?? false,
    pinned: front.pinned ?? false,
    toc: front.toc,
    math: front.math,
    description: front.description || undefined,
    readingMinutes: readingMinutes(split.body),
    lines: {
      slug: claim.line,
      path: front.url === undefined ? claim.line : lineOf('url'),
      aliases: lineOf('aliases'),
      category: lineOf('category'),
      tags: lineOf('tags'),
    },
    bodyLine: split.bodyLine,
  };
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

// Unknown keys are only warned about: authors keep their own keys for their own tools.
function unknownKeyWarnings(source: FrontMatter, file: string): Diagnostic[] {
  const value = source.value;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.keys(value)
    .filter((key) => !KNOWN_KEYS.includes(key))
    .map((key) => {
      const guess = closestMatch(key, KNOWN_KEYS);
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
