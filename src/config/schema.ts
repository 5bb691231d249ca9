// Config: the shape of folio.config.yaml, its defaults and its validation (pure).
import { IANAZone } from 'luxon';
import { z } from 'zod';
import { DEFAULT_PERMALINK, normalizeSitePath, permalinkProblem } from '../urls/url-paths.js';
import { NOT_ABSOLUTE, siteUrlProblem } from './site-url.js';
import {
  analyticsSchema,
  commentsSchema,
  cspSchema,
  LOOK_HINTS,
  themeSchema,
} from './look-schema.js';

/** Entries a page of the featured listing holds when the config does not say, and at most. */
export const DEFAULT_PAGE_SIZE = 10;
export const MOST_PAGE_SIZE = 1000;
// A top navigation of more categories than this wraps onto lines of links above every page's
// content, as a blog of hundreds of categories brought in from another engine would have it.
const DEFAULT_NAV_CATEGORIES = 10;
const MOST_NAV_CATEGORIES = 1000;

/**
 * Which display equations get a number: `ams` those in LaTeX's numbered environments
 * (`equation`, `align`, `gather`, `alignat`, a number a row) and any other with a `\label`;
 * `all` every display equation, as MathJax's `tags: 'all'`; `none` only those with a `\tag`.
 */
export const EQUATION_NUMBERS = ['ams', 'all', 'none'] as const;
export type EquationNumbers = (typeof EQUATION_NUMBERS)[number];

/** UI languages that have a message catalogue. */
export const LOCALES = ['en', 'ko', 'ja', 'zh-Hans', 'zh-Hant'] as const;
export type Locale = (typeof LOCALES)[number];

/** Profile links the footer knows how to label, in the order it shows them. */
export const PROFILE_LINKS = [
  'github',
  'gitlab',
  'codeberg',
  'x',
  'linkedin',
  'mastodon',
  'bluesky',
  'facebook',
  'youtube',
] as const;
export type ProfileLink = (typeof PROFILE_LINKS)[number];

/** Networks a category page can offer a share link for. */
export const SHARE_NETWORKS = [
  'x',
  'facebook',
  'linkedin',
  'reddit',
  'hackernews',
  'bluesky',
  'email',
] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

/** The indexes a site may link in its top navigation. */
export const NAV_INDEXES = ['archives', 'categories', 'tags'] as const;

/** What listing entries show beyond the specification's fields. */
export const ENTRY_EXTRAS = ['readingTime', 'image'] as const;

const webUrl = z.url({ protocol: /^https?$/, error: NOT_ABSOLUTE });
const text = z.string({ error: 'must be text' }).trim().min(1, { error: 'must not be empty' });
// An image of the site's own: served from static/, or from another site.
const imagePath = text.refine((path) => path.startsWith('/') || /^https?:\/\//.test(path), {
  error: 'must start with / (a file under static/) or be an http(s) URL',
});

export const configSchema = z.strictObject({
  /** Site name, shown in the header and linking to `/`. */
  title: text.describe(
    'Site name, shown in the header of every page and linking to the home page.',
  ),
  tagline: z
    .string({ error: 'must be text' })
    .trim()
    .default('')
    .describe('One sentence under the site name on the featured listing.'),
  owner: text
    .optional()
    .describe('Name in the copyright line at the foot of every page; defaults to author.name.'),
  url: z
    .string({ error: NOT_ABSOLUTE })
    .trim()
    .superRefine((url, ctx) => {
      const problem = siteUrlProblem(url);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem.message, params: { hint: problem.hint } });
      }
    })
    .transform((u) => u.replace(/\/+$/, ''))
    // Editors check it as a URI, as the other addresses of the config.
    .meta({ format: 'uri' })
    .describe(
      'Absolute http(s) address of the site, for feeds, canonical links, share links and the sitemap: a host, maybe a port and a path (e.g. https://jane.github.io/blog/); no query, fragment or user name, and spaces, quotes, angle brackets and backslashes percent-encoded. Its path is the base of the site: every page, file and link lives under it, in `serve` and `build`.',
    ),
  locale: z
    .enum(LOCALES, { error: `must be one of ${LOCALES.join(', ')}` })
    .default('en')
    .describe('Language of the fixed strings of the pages.'),
  timezone: z
    .string({ error: 'must be text' })
    .refine((zone) => IANAZone.isValidZone(zone), { error: 'is not a known IANA time zone' })
    .default('UTC')
    .describe(
      'IANA time zone in which post dates without an offset are read, and all dates shown.',
    ),
  author: z
    .strictObject(
      {
        name: text.describe('Author name, shown on every entry.'),
        image: imagePath
          .optional()
          .describe(
            'Author picture: a path of a file under static/ (e.g. /images/avatar.png) or a URL.',
          ),
      },
      { error: 'must be a mapping with `name` and `image`' },
    )
    .describe('The one author of the blog.'),
  socialImage: imagePath
    .optional()
    .describe(
      "Image of the site's social cards (Open Graph, Twitter), on every page but those of posts with their own `image`: a path of a file under static/ (e.g. /images/card.png) or a URL.",
    ),
  pageSize: z
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(MOST_PAGE_SIZE, { error: `must be at most ${MOST_PAGE_SIZE}` })
    .default(DEFAULT_PAGE_SIZE)
    .describe('Entries per page of the featured listing.'),
  excerptLength: z
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(100_000, { error: 'must be at most 100000' })
    .default(200)
    .describe('Length of listing excerpts, in user-perceived characters.'),
  toc: z
    .boolean({ error: 'must be true or false' })
    .default(false)
    .describe(
      "Whether posts open with a table of contents of their headings; a post's own `toc` decides for it.",
    ),
  math: z
    .boolean({ error: 'must be true or false' })
    .default(true)
    .describe(
      "Whether `$…$`, `$$…$$`, `\\(…\\)` and `\\[…\\]` in posts are math; a post's own `math` decides for it.",
    ),
  equationNumbers: z
    .enum(EQUATION_NUMBERS, { error: 'must be ams, all or none' })
    .default('ams')
    .describe(
      "Which display equations get a number that `\\eqref` and `\\ref` can name: `ams` those of LaTeX's numbered environments (`equation`, a number for each row of `align` and `gather`) and any with a `\\label`, `all` every display equation, as MathJax's `tags: 'all'`, `none` only those with a `\\tag`.",
    ),
  lineBreaks: z
    .boolean({ error: 'must be true or false' })
    .default(false)
    .describe(
      "Whether a single line break inside a paragraph is a line break on the page, as Hexo's Markdown renderers and Hugo's `hardWraps` show it, rather than a space.",
    ),
  typographer: z
    .boolean({ error: 'must be true or false' })
    .default(false)
    .describe(
      'Whether `---` and `--` in posts are shown as the dashes — and –, `...` as …, and straight quotes as curly ones, as Hugo, Jekyll and Hexo show them; code is left as written.',
    ),
  copyCode: z
    .boolean({ error: 'must be true or false' })
    .default(true)
    .describe(
      'Whether code blocks of posts get a button that copies their text (a small script on pages with code).',
    ),
  readingTime: z
    .boolean({ error: 'must be true or false' })
    .default(true)
    .describe(
      "Whether post pages say how many minutes the post takes to read; false leaves it out everywhere, entryExtras' readingTime too.",
    ),
  nav: z
    .array(z.enum(NAV_INDEXES, { error: `must be one of ${NAV_INDEXES.join(', ')}` }), {
      error: 'must be a list, e.g. [archives, categories, tags]',
    })
    .default([])
    .describe(
      'Indexes linked in the top navigation after the categories, in this order: archives (every post by year), categories, tags.',
    ),
  navCategories: z
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be 0 or more' })
    .max(MOST_NAV_CATEGORIES, { error: `must be at most ${MOST_NAV_CATEGORIES}` })
    .default(DEFAULT_NAV_CATEGORIES)
    .describe(
      'How many categories the top navigation may link one by one: a site with more links its categories index in their place, and 0 always does.',
    ),
  entryExtras: z
    .array(z.enum(ENTRY_EXTRAS, { error: `must be one of ${ENTRY_EXTRAS.join(', ')}` }), {
      error: 'must be a list, e.g. [readingTime, image]',
    })
    .default([])
    .describe(
      "What listing entries show beyond the specification's title, excerpt, tags, author and date: readingTime (minutes to read), image (the post's cover image).",
    ),
  search: z
    .boolean({ error: 'must be true or false' })
    .default(true)
    .describe(
      'Whether the site has search: a search form in every page header, the /search/ page, and in an export the index its script reads.',
    ),
  precompress: z
    .boolean({ error: 'must be true or false' })
    .default(false)
    .describe(
      'Whether folio build writes a .br and a .gz file beside each text file of 1 KB or more, for nginx or Caddy to send as they are (`folio build --precompress` for one build). Hosts such as GitHub Pages, Netlify and Cloudflare Pages compress on their own.',
    ),
  relatedPosts: z
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be at least 0' })
    .max(20, { error: 'must be at most 20' })
    .default(3)
    .describe(
      'How many related posts (sharing tags or the category, rare tags counting most) each post page links to; 0 for none.',
    ),
  links: z
    .strictObject(
      Object.fromEntries(
        PROFILE_LINKS.map((name) => [
          name,
          webUrl.optional().describe(`Address of the ${name} profile.`),
        ]),
      ) as Record<ProfileLink, z.ZodOptional<typeof webUrl>>,
      { error: 'must be a mapping of network names to URLs' },
    )
    .default({})
    .describe(
      'Profile links in the footer of every page, by network; the feed link is always there.',
    ),
  share: z
    .array(z.enum(SHARE_NETWORKS, { error: `must be one of ${SHARE_NETWORKS.join(', ')}` }), {
      error: 'must be a list, e.g. [x, facebook, linkedin]',
    })
    .default(['x', 'facebook', 'linkedin'])
    .describe('Share links on category pages, in this order.'),
  permalink: z
    .string({ error: 'must be text' })
    .trim()
    .superRefine((pattern, ctx) => {
      const problem = permalinkProblem(pattern);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .default(DEFAULT_PERMALINK)
    .describe(
      'Pattern of post URLs: /:year/:month/:day/:slug/, /:category/:slug/ and the like; a post may set its own `url`.',
    ),
  redirects: z
    .record(
      z.string().refine((path) => normalizeSitePath(path) !== undefined, {
        error: 'must be a path of this site, e.g. /tag/rust/',
      }),
      z
        .string({ error: 'must be text' })
        .refine(
          (target) => normalizeSitePath(target) !== undefined || /^https?:\/\/\S+$/.test(target),
          { error: 'must be a path of this site or an http(s) URL' },
        ),
      { error: 'must be a mapping of old paths to new ones' },
    )
    .default({})
    .describe(
      'Old paths that answer a permanent redirect, each to a path of the site (or a URL): e.g. the tag pages of the engine the blog came from.',
    ),
  categories: z
    .record(
      z.string(),
      z.strictObject(
        { title: text.describe("Title of the category page, e.g. in the blog's language.") },
        { error: 'must be a mapping with a `title`' },
      ),
      { error: 'must be a mapping of category names' },
    )
    .default({})
    .describe('Localized titles of categories, by the category name posts use.'),
  theme: themeSchema,
  comments: commentsSchema,
  analytics: analyticsSchema,
  csp: cspSchema,
});

type ParsedConfig = z.output<typeof configSchema>;

/** The validated site settings, with every default filled in. */
export interface SiteConfig extends Omit<ParsedConfig, 'owner'> {
  readonly owner: string;
}

/** What to do about a problem with each top-level key. */
export const CONFIG_HINTS: Record<keyof ParsedConfig, string> = {
  title: 'set the site name, e.g. `title: Dev Notes`',
  tagline: 'write one sentence, e.g. `tagline: Sharing what I learn.`',
  owner: 'write the name for the copyright line, e.g. `owner: Jane Doe`',
  url: 'write the absolute address of the site, e.g. `url: https://blog.example.com`',
  locale: `use one of ${LOCALES.join(', ')}`,
  timezone: 'use an IANA zone name such as `UTC`, `Europe/Berlin` or `Asia/Seoul`',
  author: 'write `author:` with `name: Jane Doe` and `image: /images/avatar.png` indented below',
  socialImage:
    'write the path of a file under static/, e.g. `socialImage: /images/card.png`, or an https:// URL',
  pageSize: 'write a whole number of entries per page, e.g. `pageSize: 10`',
  excerptLength: 'write a whole number of characters, e.g. `excerptLength: 200`',
  toc: 'write `toc: true` or `toc: false`',
  math: 'write `math: false` where dollars are prices and shell variables, or `math: true`',
  equationNumbers:
    'write `equationNumbers: ams`, `equationNumbers: all` or `equationNumbers: none`',
  lineBreaks:
    'write `lineBreaks: true` to keep each line break of a paragraph, or `lineBreaks: false`',
  typographer:
    'write `typographer: true` to show dashes and curly quotes for `---`, `--` and straight quotes, or `typographer: false`',
  copyCode: 'write `copyCode: false` to leave the copy button out, or `copyCode: true`',
  readingTime: 'write `readingTime: false` to leave reading times out, or `readingTime: true`',
  nav: `list any of ${NAV_INDEXES.join(', ')}, e.g. \`nav: [archives, tags]\``,
  navCategories:
    'write a whole number of categories, e.g. `navCategories: 20`, or 0 to link the categories index instead',
  entryExtras: `list any of ${ENTRY_EXTRAS.join(', ')}, e.g. \`entryExtras: [readingTime]\``,
  search: 'write `search: false` to leave search out of the site, or `search: true`',
  precompress:
    'write `precompress: true` to write .br and .gz files beside text files, or `precompress: false`',
  relatedPosts: 'write a whole number from 0 to 20, e.g. `relatedPosts: 3`, or 0 to show none',
  links: `write URLs under the keys ${PROFILE_LINKS.join(', ')}`,
  share: `list networks from ${SHARE_NETWORKS.join(', ')}, e.g. \`share: [x, facebook, linkedin]\``,
  permalink: 'write a pattern with :slug, e.g. `permalink: /:year/:month/:slug/`',
  redirects: 'write each old path with the path it now leads to, e.g. `/tag/rust/: /tags/rust/`',
  categories: 'write each category name with a `title:` indented below it',
  ...LOOK_HINTS,
};

export const CONFIG_KEYS = Object.keys(configSchema.shape);
