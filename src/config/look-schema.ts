// Config: the settings of a site's look and of the services its pages load — theme colours,
// fonts and width, comments, analytics, and the origins a custom snippet may load from (pure).
import { z } from 'zod';
import { parseHexColour } from './contrast.js';
import { accentProblem, type Scheme } from './theme-colours.js';

/** Comment services a post page can carry. */
export const COMMENT_PROVIDERS = ['giscus', 'utterances'] as const;
/** Analytics services every page can carry. */
export const ANALYTICS_PROVIDERS = ['plausible', 'umami', 'goatcounter', 'google'] as const;

const text = z.string({ error: 'must be text' }).trim().min(1, { error: 'must not be empty' });

// A bare `#` starts a YAML comment, which leaves the key without a value: the hint says to quote.
const colour = (scheme: Scheme) =>
  z
    .string({ error: "must be a colour in quotes, e.g. '#0b5cad'" })
    .trim()
    .superRefine((written, ctx) => {
      if (!parseHexColour(written)) {
        ctx.addIssue({ code: 'custom', message: 'is not a colour written as #rrggbb or #rgb' });
        return;
      }
      const problem = accentProblem(written, scheme);
      if (problem) {
        ctx.addIssue({
          code: 'custom',
          message: problem.message,
          params: { hint: problem.suggestion },
        });
      }
    })
    .transform((written) => written.toLowerCase());

// A font-family list goes into the stylesheet as written: nothing that could end its declaration.
const fontList = text.refine(
  (list) => !/[;{}<>\\]/.test(list) && (list.match(/"/g) ?? []).length % 2 === 0,
  { error: 'must be a CSS font-family list, without ; { } < > or \\ and with its quotes closed' },
);

// Lengths a column of text can sensibly have, by unit.
const WIDTHS: Record<string, readonly [number, number]> = {
  rem: [20, 120],
  em: [20, 120],
  ch: [40, 200],
  px: [320, 1920],
};

const width = text.superRefine((length, ctx) => {
  const match = /^(\d+(?:\.\d+)?)(rem|em|ch|px)$/.exec(length);
  const range = match?.[2] ? WIDTHS[match[2]] : undefined;
  if (!match || !range) {
    ctx.addIssue({ code: 'custom', message: 'must be a CSS length in rem, em, ch or px' });
    return;
  }
  const value = Number(match[1]);
  if (value < range[0] || value > range[1]) {
    ctx.addIssue({
      code: 'custom',
      message: `must be from ${range[0]}${match[2]} to ${range[1]}${match[2]}`,
    });
  }
});

export const themeSchema = z
  .strictObject(
    {
      accent: colour('light')
        .optional()
        .describe(
          "Accent colour of links, buttons and tags on the light background, in quotes: '#0b5cad'. It must have 4.5:1 contrast with the background.",
        ),
      accentDark: colour('dark')
        .optional()
        .describe(
          "Accent colour for readers whose system is dark, in quotes: '#79b8ff'. It must have 4.5:1 contrast with the dark background.",
        ),
      font: fontList
        .optional()
        .describe(
          'CSS font-family list of the text, e.g. `"Source Serif 4", Georgia, serif` (a web font is loaded by the head snippet or custom.css).',
        ),
      monoFont: fontList
        .optional()
        .describe('CSS font-family list of code, e.g. `"JetBrains Mono", monospace`.'),
      contentWidth: width
        .optional()
        .describe('Width of the column of text: a CSS length such as 42rem, 70ch or 720px.'),
    },
    { error: 'must be a mapping with accent, accentDark, font, monoFont or contentWidth' },
  )
  .default({})
  .describe("The theme's accent colours, fonts and column width; unset keys keep the theme's own.");

export type ThemeSettings = z.output<typeof themeSchema>;

/** An https origin a page may load from: a host, maybe a port, maybe a leading `*.`. */
export const ORIGIN =
  /^https:\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+(:\d{1,5})?$/;

const origin = z
  .string({ error: 'must be an origin such as https://cdn.example.com' })
  .trim()
  .transform((written) => written.replace(/\/$/, '').toLowerCase())
  .refine((written) => ORIGIN.test(written), {
    error:
      'must be an https origin such as https://cdn.example.com: no path, and no wildcard but a leading *.',
  });

const origins = z
  .array(origin, { error: 'must be a list of origins, e.g. [https://cdn.example.com]' })
  .default([]);

export const cspSchema = z
  .strictObject(
    {
      script: origins.describe(
        'Origins the snippets may load scripts from, on every page, e.g. [https://cdn.example.com].',
      ),
      connect: origins.describe(
        'Origins the scripts of the pages may send requests to (fetch, beacons), e.g. [https://stats.example.com].',
      ),
    },
    { error: 'must be a mapping with `script` and `connect` lists of origins' },
  )
  .default({ script: [], connect: [] })
  .describe(
    "Origins the Content-Security-Policy of every page allows beyond Folio's own, for a service added by a snippet: script, connect. Frames and images may come from any https origin already.",
  );

export type CspSettings = z.output<typeof cspSchema>;

const repo = text.refine((name) => /^[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/.test(name), {
  error: 'must be a GitHub repository as owner/name',
});
const mapping = z
  .enum(['pathname', 'url', 'title', 'og:title'], {
    error: 'must be one of pathname, url, title, og:title',
  })
  .default('pathname');
// A service's own address: it must be https, as the pages load its script.
const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an https:// URL' });

export const commentsSchema = z
  .discriminatedUnion(
    'provider',
    [
      z.strictObject({
        provider: z.literal('giscus'),
        repo: repo.describe('GitHub repository of the discussions, owner/name.'),
        repoId: text.describe('Its id, from giscus.app (R_…).'),
        category: text.describe('Discussion category of the comments.'),
        categoryId: text.describe('Its id, from giscus.app (DIC_…).'),
        mapping: mapping.describe('How a post finds its discussion.'),
        reactions: z
          .boolean({ error: 'must be true or false' })
          .default(true)
          .describe('Whether readers can react to the post.'),
      }),
      z.strictObject({
        provider: z.literal('utterances'),
        repo: repo.describe('GitHub repository of the issues, owner/name.'),
        issueTerm: mapping.describe('How a post finds its issue.'),
        label: text.optional().describe('Label given to the issues it opens.'),
      }),
    ],
    { error: `must name a provider: ${COMMENT_PROVIDERS.join(', ')}` },
  )
  .optional()
  .describe(
    'Comments under every post, by a service that keeps them in a GitHub repository, named by `provider:` with its settings: giscus (repo, repoId, category, categoryId; optional mapping, reactions) or utterances (repo; optional issueTerm, label). Only post pages load it (docs/customizing.md).',
  );

export type CommentsSettings = NonNullable<z.output<typeof commentsSchema>>;

export const analyticsSchema = z
  .discriminatedUnion(
    'provider',
    [
      z.strictObject({
        provider: z.literal('plausible'),
        domain: text.describe('The site as Plausible knows it, e.g. blog.example.com.'),
        script: httpsUrl
          .default('https://plausible.io/js/script.js')
          .describe("Address of Plausible's script, for a server of your own."),
      }),
      z.strictObject({
        provider: z.literal('umami'),
        websiteId: text
          .refine((id) => /^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(id), {
            error: 'must be the website id Umami shows, a UUID',
          })
          .describe('Website id from Umami (a UUID).'),
        script: httpsUrl
          .default('https://cloud.umami.is/script.js')
          .describe("Address of Umami's script, for a server of your own."),
      }),
      z.strictObject({
        provider: z.literal('goatcounter'),
        code: text
          .refine((code) => /^[a-z0-9][a-z0-9-]*$/.test(code), {
            error: 'must be the code of the site, as in https://CODE.goatcounter.com',
          })
          .describe('Code of the site: CODE in https://CODE.goatcounter.com.'),
      }),
      z.strictObject({
        provider: z.literal('google'),
        measurementId: text
          .refine((id) => /^G-[A-Z0-9]+$/.test(id), {
            error: 'must be a measurement id such as G-XXXXXXXXXX',
          })
          .describe('Measurement id of the Google Analytics 4 property (G-…).'),
      }),
    ],
    { error: `must name a provider: ${ANALYTICS_PROVIDERS.join(', ')}` },
  )
  .optional()
  .describe(
    'Analytics on every page, named by `provider:` with its settings: plausible (domain; optional script), umami (websiteId; optional script), goatcounter (code) or google (measurementId) (docs/customizing.md).',
  );

export type AnalyticsSettings = NonNullable<z.output<typeof analyticsSchema>>;

/** The keys each provider takes, to name them when a key is unknown. */
export function providerKeys(
  schema: typeof commentsSchema | typeof analyticsSchema,
  provider: unknown,
): string[] {
  const options = schema.unwrap().options as readonly z.ZodObject[];
  const chosen = options.find(
    (option) => (option.shape['provider'] as z.ZodLiteral<string> | undefined)?.value === provider,
  );
  return Object.keys((chosen ?? options[0])?.shape ?? {});
}

const THEME_HINTS: Record<string, string> = {
  accent: "write the colour in quotes (a bare # starts a YAML comment), e.g. `accent: '#0b5cad'`",
  accentDark:
    "write the colour in quotes (a bare # starts a YAML comment), e.g. `accentDark: '#79b8ff'`",
  font: 'write a CSS font-family list, e.g. `font: Georgia, "Times New Roman", serif`',
  monoFont: 'write a CSS font-family list, e.g. `monoFont: "JetBrains Mono", monospace`',
  contentWidth: 'write a CSS length, e.g. `contentWidth: 42rem`, `70ch` or `720px`',
};

/** What to do about a problem with a key of the theme, which each key says best. */
export function themeHint(path: readonly PropertyKey[]): string | undefined {
  return path[0] === 'theme' ? THEME_HINTS[String(path[1])] : undefined;
}

export const LOOK_HINTS = {
  theme:
    'write `theme:` with any of accent, accentDark, font, monoFont, contentWidth indented below it',
  comments: `write \`provider:\` (${COMMENT_PROVIDERS.join(' or ')}) and its settings from the provider's setup page, e.g. \`repo: jane/blog\``,
  analytics: `write \`provider:\` (${ANALYTICS_PROVIDERS.join(', ')}) and its setting, e.g. \`domain: blog.example.com\` for plausible`,
  csp: 'list https origins under `script:` or `connect:`, e.g. `script: [https://cdn.example.com]`',
} as const;
