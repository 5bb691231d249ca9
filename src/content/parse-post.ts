// Load: one post file's text → a validated Post, or every problem with its line (pure).
import { z } from 'zod';
import { error, warning, type Diagnostic } from '../diagnostics/diagnostic.js';
import { normalizeText } from '../text/normalize-text.js';
import {
  aliases,
  label,
  normalizedAliases,
  slugClaim,
  text,
  validateFrontMatter,
  type SlugClaim,
} from './front-matter/fields.js';
import { readFrontMatter } from './front-matter/read-front-matter.js';
import type { SplitPost } from './front-matter/split.js';
import { DEFAULT_PERMALINK, normalizeSitePath } from '../urls/url-paths.js';
import { permalinkPath } from './permalink.js';
import { parsePostDate } from './post-date.js';
import type { Post } from './post.js';

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

// A cover is found as a body's image is: under static/, beside the post, or on another site.
const HTTP_URL = /^https?:\/\/\S+$/i;
const OTHER_SCHEME = /^(?:[a-z][a-z\d+.-]*:|\/\/|[#?])/i;

/** Whether `image` can name a cover: a path of the site, rooted or relative, or an http(s) URL. */
export function isImagePath(path: string): boolean {
  return HTTP_URL.test(path) || !OTHER_SCHEME.test(path);
}

const imagePath = label.refine(isImagePath, {
  error:
    'must be a path of a file under static/ (e.g. /images/cover.jpg), a file beside the post, or an http(s) URL',
});

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
    series: label.optional(),
    seriesOrder: text
      .trim()
      .regex(/^[+-]?\d+$/, { error: 'must be a whole number, e.g. 2' })
      .transform(Number)
      .pipe(
        z
          .number()
          .min(1, { error: 'must be 1 or more: the first part of a series is 1' })
          .max(1_000_000, { error: 'must be at most 1000000' }),
      )
      .optional(),
    image: imagePath.optional(),
    imageAlt: text.trim().optional(),
    url: text
      .refine((path) => normalizeSitePath(path)?.endsWith('/') === true, {
        error: 'must be a path of this site ending with /, e.g. /2015/05/hello/',
      })
      .optional(),
    aliases: aliases.optional(),
  },
  { error: 'must be a mapping of keys to values' },
);

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
  series: 'write the name of the series the post belongs to, e.g. `series: Learning Rust`',
  seriesOrder:
    'write the part number of the post in its series, e.g. `seriesOrder: 2`, or remove the line to order the series by date',
  image:
    'write the path of a file under static/, e.g. `image: /images/cover.jpg`, of a file beside a post written as slug/index.md, e.g. `image: cover.jpg`, or an https:// URL',
  imageAlt: 'describe what the cover image shows in one sentence, e.g. `imageAlt: A red bicycle`',
  url: "write the path of the post's page from the site's root, e.g. `url: /2015/05/hello/`",
  aliases: 'write a list of old paths that should lead here, e.g. `aliases: [/old/hello.html]`',
};

export interface PostResult {
  /** Present only when the file has no error. */
  readonly post: Post | undefined;
  /** The Markdown body of `post`, for a body store to keep or let go. */
  readonly body?: string | undefined;
  readonly diagnostics: readonly Diagnostic[];
  readonly claim: SlugClaim;
  /**
   * A hash of `post` written out (`postHash`), made once as its file is read and kept with what
   * was read: the keys of the documents that show the post are made of it.
   */
  readonly front?: string | undefined;
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

  const { fields, parsed, diagnostics, invalid } = validateFrontMatter(source, file, {
    schema: frontMatterSchema,
    hints: HINTS,
    fallbackHint: 'write one `key: value` per line: `title:`, `date:` and `tags:`',
  });
  // Later checks (a slug or tag used twice) name a key's own line, where its value may start below.
  const keyLine = (key: string): number => source.lineOfKey([key]);

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
  if (fields.seriesOrder !== undefined && fields.series === undefined) {
    diagnostics.push(
      warning(
        'front-matter-series-order-alone',
        file,
        source.lineOf(['seriesOrder']),
        '`seriesOrder` without `series`: the post is in no series it could order',
        'add `series:` with the name of the series, or remove `seriesOrder`',
      ),
    );
  }
  const claim = slugClaim(source, fields, invalid, diagnostics, defaultClaim);
  if (fields.imageAlt !== undefined && fields.image === undefined) {
    diagnostics.push(
      warning(
        'front-matter-image-alt',
        file,
        keyLine('imageAlt'),
        '`imageAlt` describes a cover image, but the post has no `image`',
        'add `image:` with the path of the cover, or remove `imageAlt`',
      ),
    );
  }

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
    aliases: normalizedAliases(front.aliases, path),
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
    series:
      front.series === undefined
        ? undefined
        : {
            name: front.series,
            order: front.seriesOrder,
            line: lineOf('series'),
            orderLine: front.seriesOrder === undefined ? lineOf('series') : lineOf('seriesOrder'),
          },
    image:
      front.image === undefined
        ? undefined
        : {
            written: front.image,
            src: imageSrc(front.image, path),
            alt: front.imageAlt ?? '',
            line: lineOf('image'),
          },
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

/**
 * Where a page finds an image written in front matter: a URL as it is, a path from the site's
 * root or relative to the post's page `base` percent-encoded from the root, as a body's is.
 */
function imageSrc(written: string, base: string): string {
  if (HTTP_URL.test(written)) return written;
  const url = new URL(written, `http://site.invalid${base}`);
  return `${url.pathname}${url.search}${url.hash}`;
}
