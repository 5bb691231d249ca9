// Config: the shape of folio.config.yaml, its defaults and its validation (pure).
import { IANAZone } from 'luxon';
import { z } from 'zod';

/** UI languages that have a message catalogue. */
export const LOCALES = ['en', 'ko', 'ja', 'zh-Hans'] as const;
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

const webUrl = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' });
const text = z.string({ error: 'must be text' }).trim().min(1, { error: 'must not be empty' });

export const configSchema = z.strictObject({
  /** Site name, shown in the header and linking to `/`. */
  title: text,
  /** One sentence under the site name on the featured listing. */
  tagline: z.string({ error: 'must be text' }).trim().default(''),
  /** Name in the copyright line; defaults to the author's name. */
  owner: text.optional(),
  /** Absolute base URL, for share links, feeds, canonical links and the sitemap. */
  url: webUrl.transform((u) => u.replace(/\/+$/, '')),
  /** UI language of the fixed strings on every page. */
  locale: z.enum(LOCALES, { error: `must be one of ${LOCALES.join(', ')}` }).default('en'),
  /** IANA time zone in which dates are read and shown. */
  timezone: z
    .string({ error: 'must be text' })
    .refine((zone) => IANAZone.isValidZone(zone), { error: 'is not a known IANA time zone' })
    .default('UTC'),
  author: z.strictObject(
    {
      name: text,
      /** Path of the author's picture under `static/`, e.g. `/images/avatar.png`, or a URL. */
      image: text
        .refine((path) => path.startsWith('/') || /^https?:\/\//.test(path), {
          error: 'must start with / (a file under static/) or be an http(s) URL',
        })
        .optional(),
    },
    { error: 'must be a mapping with `name` and `image`' },
  ),
  /** Entries per featured listing page. */
  pageSize: z
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(1000, { error: 'must be at most 1000' })
    .default(10),
  /** Excerpt budget in user-perceived characters. */
  excerptLength: z
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(100_000, { error: 'must be at most 100000' })
    .default(200),
  /** Footer profile links. */
  links: z
    .strictObject(
      Object.fromEntries(PROFILE_LINKS.map((name) => [name, webUrl.optional()])) as Record<
        ProfileLink,
        z.ZodOptional<typeof webUrl>
      >,
      { error: 'must be a mapping of network names to URLs' },
    )
    .default({}),
  /** Share actions on category pages, in order. */
  share: z
    .array(z.enum(SHARE_NETWORKS, { error: `must be one of ${SHARE_NETWORKS.join(', ')}` }), {
      error: 'must be a list, e.g. [x, facebook, linkedin]',
    })
    .default(['x', 'facebook', 'linkedin']),
  /** Localized titles of categories, keyed by the name posts use. */
  categories: z
    .record(
      z.string(),
      z.strictObject({ title: text }, { error: 'must be a mapping with a `title`' }),
      { error: 'must be a mapping of category names' },
    )
    .default({}),
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
  pageSize: 'write a whole number of entries per page, e.g. `pageSize: 10`',
  excerptLength: 'write a whole number of characters, e.g. `excerptLength: 200`',
  links: `write URLs under the keys ${PROFILE_LINKS.join(', ')}`,
  share: `list networks from ${SHARE_NETWORKS.join(', ')}, e.g. \`share: [x, facebook, linkedin]\``,
  categories: 'write each category name with a `title:` indented below it',
};

export const CONFIG_KEYS = Object.keys(configSchema.shape);
