// Test fixtures: real site settings (through the config parser) and posts built in memory.
import { parseConfig } from '../../src/config/parse-config.js';
import type { SiteConfig } from '../../src/config/schema.js';
import type { Post } from '../../src/content/post.js';

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
    title: `Post ${slug}`,
    date: at('2024-01-01T00:00:00Z'),
    category: undefined,
    tags: ['notes'],
    draft: false,
    description: undefined,
    excerpt: `The excerpt of ${slug}.`,
    html: `<p>The body of ${slug}.</p>`,
    references: [],
    lines: { slug: 1, category: 2, tags: 3 },
    ...overrides,
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
