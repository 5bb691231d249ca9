// Test fixtures: real site settings (through the config parser) and posts built in memory.
import { NO_ADDITIONS } from '../../src/content/page-additions.js';
import { parseConfig } from '../../src/config/parse-config.js';
import type { SiteConfig } from '../../src/config/schema.js';
import type { BodyParts, Post } from '../../src/content/post.js';
import { BodyStore } from '../../src/load/body-store.js';
import type { SiteContent } from '../../src/load/load-site.js';

/** A complete config file, as an author would write it. */
export const CONFIG_YAML = `title: Dev Notes
tagline: Sharing what I learn from building software.
owner: Jane Doe
url: https://blog.example.com
locale: en
timezone: Asia/Seoul
author:
  name: Jane Doe
  image: /images/avatar.png
pageSize: 10
excerptLength: 200
links:
  github: https://github.com/jane
  x: https://x.com/jane
  linkedin: https://www.linkedin.com/in/jane
share: [x, facebook, linkedin]
categories:
  Algorithm:
    title: 알고리즘
`;

/** The settings of `CONFIG_YAML`, with some top-level values replaced. */
export function makeConfig(overrides: Partial<SiteConfig> = {}): SiteConfig {
  const { config, diagnostics } = parseConfig(CONFIG_YAML, 'folio.config.yaml');
  if (!config) throw new Error(`fixture config is invalid: ${JSON.stringify(diagnostics)}`);
  return { ...config, ...overrides };
}

/** Epoch milliseconds of an ISO 8601 instant, e.g. `at('2024-03-15T00:00:00Z')`. */
export function at(iso: string): number {
  const millis = Date.parse(iso);
  if (Number.isNaN(millis)) throw new Error(`not an instant: ${iso}`);
  return millis;
}

/** A valid, public post; every field can be replaced. */
export function makePost(slug: string, overrides: Partial<Post> = {}): Post {
  return {
    file: `content/posts/${slug}.md`,
    slug,
    path: `/posts/${encodeURIComponent(slug)}/`,
    aliases: [],
    ownFolder: false,
    title: `Post ${slug}`,
    date: at('2024-01-01T00:00:00Z'),
    updated: undefined,
    category: undefined,
    tags: ['notes'],
    draft: false,
    pinned: false,
    toc: undefined,
    math: undefined,
    description: undefined,
    series: undefined,
    image: undefined,
    lines: { slug: 1, path: 1, aliases: 1, category: 2, tags: 3 },
    bodyLine: 5,
    ...overrides,
  };
}

/**
 * The excerpts and HTML of `posts`, as a page is rendered with them: `The excerpt of <slug>.` and
 * `<p>The body of <slug>.</p>`, unless given by slug.
 */
export function fixtureBodies(
  posts: readonly Post[],
  texts: {
    readonly excerpts?: Readonly<Record<string, string>>;
    readonly html?: Readonly<Record<string, string>>;
  } = {},
): BodyParts {
  return {
    excerpts: new Map(
      posts.map((post) => [post, texts.excerpts?.[post.slug] ?? `The excerpt of ${post.slug}.`]),
    ),
    html: new Map(
      posts.map((post) => [post, texts.html?.[post.slug] ?? `<p>The body of ${post.slug}.</p>`]),
    ),
  };
}

/** `count` posts `post-01`, `post-02`, …, one day apart, the highest number the newest. */
export function makePosts(count: number, overrides: Partial<Post> = {}): Post[] {
  return Array.from({ length: count }, (_, i) =>
    makePost(`post-${String(i + 1).padStart(2, '0')}`, {
      date: at('2024-01-01T00:00:00Z') + i * 86_400_000,
      ...overrides,
    }),
  );
}

/**
 * A site's content in memory, as a load gives it: `posts` with their bodies kept in a body store,
 * each `The body of <slug>.` unless given as Markdown by slug.
 */
export function makeContent(
  config: SiteConfig,
  posts: readonly Post[],
  markdown: Readonly<Record<string, string>> = {},
): SiteContent {
  const bodies = new BodyStore(
    { excerptLength: config.excerptLength, imageSize: () => undefined },
    { reread: false },
  );
  for (const post of posts) bodies.keep(post, markdown[post.slug] ?? `The body of ${post.slug}.`);
  return { config, posts, pages: [], bodies, additions: NO_ADDITIONS };
}
