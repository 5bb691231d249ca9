// Load: one post file's text → a validated Post, or every problem with its line (pure).
import { z } from 'zod';
import { closestMatch } from '../did-you-mean.js';
import { error, warning, type Diagnostic } from '../errors.js';
import { formatPath, schemaDiagnostics } from '../schema-diagnostics.js';
import { parseYaml, yamlHint, type YamlSource } from '../yaml-source.js';
import { excerptOf } from './excerpt.js';
import { normalizeText } from '../normalize-text.js';
import { splitFrontMatter } from './front-matter.js';
import { parseMarkdown, renderTokens, type RenderEnv } from './markdown/markdown.js';
import { collectReferences } from './markdown/references.js';
import { parsePostDate } from './post-date.js';
import type { Post } from './post.js';
import { isUsableSlug, slugify } from './slugify.js';

/** What parsing a post needs to know about the site. */
export interface PostContext {
  readonly timezone: string;
  readonly excerptLength: number;
  /** Sizes of the images under `static/`, by URL path. */
  readonly imageSize: RenderEnv['imageSize'];
}

// Numbers arrive as the text the author wrote (see parseYaml), so every label is text.
const label = z.string({ error: 'must be text' }).trim().min(1, { error: 'must not be empty' });

const frontMatterSchema = z.object(
  {
    title: label,
    date: z.string({ error: 'must be a date such as 2024-03-15 09:30' }),
    category: label.optional(),
    tags: z
      .array(label, { error: 'must be a list' })
      .min(1, { error: 'must name at least one tag' }),
    slug: label.optional(),
    draft: z.boolean({ error: 'must be true or false' }).optional(),
    description: z.string({ error: 'must be text' }).trim().optional(),
  },
  { error: 'must be a mapping of keys to values' },
);

const KNOWN_KEYS = Object.keys(frontMatterSchema.shape);

const HINTS: Record<string, string> = {
  title: 'write the post title, e.g. `title: "Hello, world"`',
  date: 'write `date: 2024-03-15 09:30`, `date: 2024-03-15` or an ISO 8601 date with an offset',
  category: 'write one category name, e.g. `category: Algorithm`',
  tags: 'write a list of one or more tags, e.g. `tags: [rust, testing]`',
  slug: 'write the URL name, e.g. `slug: hello-world`',
  draft: 'write `draft: true` or remove the line',
  description: 'write one sentence of plain text',
};

/** The slug a post file claims, known even when the rest of the file is broken. */
export interface SlugClaim {
  readonly file: string;
  readonly slug: string;
  readonly line: number;
}

export interface PostResult {
  /** Present only when the file has no error. */
  readonly post: Post | undefined;
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
  const defaultClaim: SlugClaim = { file, slug: fileSlug.normalize('NFC'), line: 1 };
  const split = splitFrontMatter(normalizeText(raw), file);
  if ('code' in split) return { post: undefined, diagnostics: [split], claim: defaultClaim };
  const lineOffset = split.yamlLine - 1;
  const source = parseYaml(split.yaml, { numbersAsText: true });
  if (source.problems.length > 0) {
    const diagnostics = source.problems.map((p) =>
      error(
        'front-matter-yaml',
        file,
        p.line + lineOffset,
        `front matter is not valid YAML: ${p.message}`,
        yamlHint(p.code),
      ),
    );
    return { post: undefined, diagnostics, claim: defaultClaim };
  }

  const fields = isRecord(source.value) ? source.value : {};
  const lineOf = (key: string): number => source.lineOf([key]) + lineOffset;
  const parsed = frontMatterSchema.safeParse(source.value ?? {});
  const diagnostics = unknownKeyWarnings(source, file, lineOffset);
  const invalid = new Set<string>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) invalid.add(String(issue.path[0]));
    diagnostics.push(
      ...schemaDiagnostics(parsed.error.issues, {
        file,
        source,
        lineOffset,
        what: 'front matter',
        code: 'front-matter-invalid',
        hintFor: (path) =>
          HINTS[String(path[0])] ??
          'write one `key: value` per line: `title:`, `date:` and `tags:`',
        knownKeys: () => KNOWN_KEYS,
      }),
    );
  }

  // Date and slug are checked even when other keys are wrong, so one run lists every problem.
  const rawDate = fields.date;
  const date = typeof rawDate === 'string' ? parsePostDate(rawDate, ctx.timezone) : undefined;
  if (typeof rawDate === 'string' && !invalid.has('date') && date === undefined) {
    diagnostics.push(
      error(
        'front-matter-date',
        file,
        lineOf('date'),
        `\`date\` "${rawDate}" is not a date Folio can read`,
        HINTS.date ?? '',
      ),
    );
  }
  const ownSlug =
    typeof fields.slug === 'string' && fields.slug.trim() !== '' ? fields.slug.trim() : undefined;
  const claim: SlugClaim = ownSlug
    ? { file, slug: ownSlug.normalize('NFC'), line: lineOf('slug') }
    : defaultClaim;
  if (!invalid.has('slug') && !isUsableSlug(claim.slug))
    diagnostics.push(slugProblem(claim, ownSlug !== undefined));

  if (!parsed.success || date === undefined || diagnostics.some((d) => d.severity === 'error')) {
    return { post: undefined, diagnostics, claim };
  }
  const front = parsed.data;
  const tokens = parseMarkdown(split.body);
  const post: Post = {
    file,
    slug: claim.slug,
    title: front.title,
    date,
    category: front.category,
    tags: [...new Set(front.tags)],
    draft: front.draft ?? false,
    description: front.description || undefined,
    excerpt: excerptOf(tokens, ctx.excerptLength),
    html: renderTokens(tokens, ctx),
    references: collectReferences(tokens, split.bodyLine),
    lines: { slug: claim.line, category: lineOf('category'), tags: lineOf('tags') },
  };
  return { post, diagnostics, claim };
}

function slugProblem(claim: SlugClaim, fromFrontMatter: boolean): Diagnostic {
  const suggestion = slugify(claim.slug) || 'my-post';
  const hint = fromFrontMatter
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
function unknownKeyWarnings(source: YamlSource, file: string, lineOffset: number): Diagnostic[] {
  const value = source.value;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.keys(value)
    .filter((key) => !KNOWN_KEYS.includes(key))
    .map((key) => {
      const guess = closestMatch(key, KNOWN_KEYS);
      const hint = guess ? `did you mean \`${guess}\`?` : 'Folio ignores it';
      const line = source.lineOfKey([key]) + lineOffset;
      return warning(
        'front-matter-unknown-key',
        file,
        line,
        `unknown front matter key \`${formatPath([key])}\``,
        hint,
      );
    });
}
