import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { SiteConfig } from '../config/schema.js';
import type { Post } from '../content/post.js';
import { isUsableSlug, slugify } from '../content/slugify.js';
import { buildSite, type Site } from './build-site.js';
import { at, makeConfig, makePost } from '../../test/support/site-fixtures.js';
import { isPage, listRoutes, pathOf, resolvePath, type Resolution, type Route } from './routes.js';
import { char, run, show } from '../../test/support/text-arbitraries.js';

// Properties of the URL space (docs/rules.md, "URLs") over generated sites: every page and
// document the site lists is served at its path, and a page path without its trailing slash
// redirects.

const RUNS = 1_000;
const NOW = at('2025-01-01T00:00:00Z');
const DAY = 86_400_000;

const asciiWord = run(
  fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'),
  8,
);
const cjkWord = fc.oneof(
  run(char(0xac00, 0xd7a3), 4),
  run(char(0x4e00, 0x9fff), 4),
  run(fc.oneof(char(0x3041, 0x3096), char(0x30a1, 0x30fa)), 4),
);

// Category and tag names as authors write them: any script, spaces, punctuation, accents typed
// composed or decomposed.
const namePiece = fc.oneof(
  { arbitrary: asciiWord, weight: 6 },
  { arbitrary: cjkWord, weight: 3 },
  { arbitrary: fc.constantFrom(' ', ' ', '  ', '\u3000', '\t'), weight: 4 },
  { arbitrary: fc.constantFrom(...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~', '++', '...'), weight: 3 },
  { arbitrary: fc.constantFrom('é', 'e\u0301', 'ü', 'u\u0308', 'ñ', 'Å', 'ß', 'İ'), weight: 2 },
  { arbitrary: fc.constantFrom('\u0301', '\u0308', '\u0327'), weight: 1 },
  { arbitrary: fc.constantFrom('👍🏽', '🇰🇷', '👨‍👩‍👧', '❤️'), weight: 1 },
  {
    arbitrary: fc.constantFrom('Algorithm', 'Node.js', 'C++', 'C#', 'feed.xml', 'page'),
    weight: 2,
  },
);
const name = fc.array(namePiece, { minLength: 1, maxLength: 6 }).map((pieces) => pieces.join(''));
/** Names of one kind that a valid site may hold: none with an empty slug, no two with one slug. */
const names = (minLength: number) =>
  fc.uniqueArray(
    name.filter((text) => slugify(text) !== ''),
    { selector: slugify, minLength, maxLength: 8 },
  );

// Post slugs as the loader accepts them: usable in a URL unchanged, composed to NFC, unique
// whatever their case.
const postSlug = run(
  fc.oneof(
    { arbitrary: asciiWord, weight: 6 },
    { arbitrary: cjkWord, weight: 2 },
    { arbitrary: fc.constantFrom(..."-_.~'()!*+=&@,;:$"), weight: 3 },
    { arbitrary: fc.constantFrom('é', 'e\u0301', 'ü', '😀', '👍🏽'), weight: 1 },
  ),
  5,
)
  .map((slug) => slug.normalize('NFC'))
  .filter(isUsableSlug);

/** One post of a generated site, as a short description, so that a counterexample reads well. */
interface PostSpec {
  readonly slug: string;
  /** Days from now; later than now is scheduled. */
  readonly day: number;
  readonly draft: boolean;
  readonly category: string | null;
  readonly tags: readonly string[];
}

interface SiteSpec {
  readonly pageSize: number;
  readonly posts: readonly PostSpec[];
}

const siteSpec: fc.Arbitrary<SiteSpec> = fc
  .record({
    pageSize: fc.integer({ min: 1, max: 5 }),
    categories: names(0),
    tags: names(1),
    slugs: fc.uniqueArray(postSlug, { selector: (slug) => slug.toLowerCase(), maxLength: 25 }),
  })
  .chain(({ pageSize, categories, tags, slugs }) => {
    const post = (slug: string): fc.Arbitrary<PostSpec> =>
      fc.record({
        slug: fc.constant(slug),
        day: fc.integer({ min: -400, max: 30 }),
        draft: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
        category:
          categories.length > 0 ? fc.option(fc.constantFrom(...categories)) : fc.constant(null),
        tags: fc.subarray(tags, { minLength: 1 }),
      });
    return fc.tuple(...slugs.map(post)).map((posts): SiteSpec => ({ pageSize, posts }));
  });

function postsOf(spec: SiteSpec): Post[] {
  return spec.posts.map(({ slug, day, draft, category, tags }) =>
    makePost(slug, { date: NOW + day * DAY, draft, category: category ?? undefined, tags }),
  );
}

// Parsing the fixture config takes longer than building a site, so each page size parses once.
const configs = new Map<number, SiteConfig>();
function configWith(pageSize: number): SiteConfig {
  const config = configs.get(pageSize) ?? makeConfig({ pageSize });
  configs.set(pageSize, config);
  return config;
}

function siteOf(spec: SiteSpec): Site {
  return buildSite(configWith(spec.pageSize), postsOf(spec), { now: NOW });
}

function describeRoute(route: Route): string {
  switch (route.kind) {
    case 'featured':
      return `featured page ${route.page}`;
    case 'category':
    case 'tag':
      return `${route.kind} ${show(route.term.name)} (slug ${show(route.term.slug)})`;
    case 'post':
      return `post ${show(route.post.slug)}`;
    case 'rss':
      return route.term ? `feed of category ${show(route.term.name)}` : 'feed';
    default:
      return route.kind;
  }
}

/** Whether a resolution serves exactly this route: the same page, term or post. */
function serves(resolution: Resolution, route: Route): boolean {
  if (resolution.type !== 'page') return false;
  const served = resolution.route;
  if (served.kind !== route.kind) return false;
  switch (route.kind) {
    case 'featured':
      return served.kind === 'featured' && served.page === route.page;
    case 'category':
    case 'tag':
      return (served.kind === 'category' || served.kind === 'tag') && served.term === route.term;
    case 'post':
      return served.kind === 'post' && served.post === route.post;
    case 'rss':
      return served.kind === 'rss' && served.term === route.term;
    default:
      return true;
  }
}

const eachRoute = (built: Site, check: (route: Route, path: string) => void): void => {
  for (const route of listRoutes(built)) check(route, pathOf(route));
};

describe('routes (properties)', () => {
  it('resolves the path of every listed route back to that route', () => {
    fc.assert(
      fc.property(siteSpec, (spec) => {
        const built = siteOf(spec);
        eachRoute(built, (route, path) => {
          const resolution = resolvePath(built, path);
          assert.ok(
            serves(resolution, route),
            `${describeRoute(route)} at ${path} → ${JSON.stringify(resolution).slice(0, 200)}`,
          );
        });
      }),
      { numRuns: RUNS, includeErrorInReport: true },
    );
  });

  it('redirects a page path without its trailing slash to the path with it', () => {
    fc.assert(
      fc.property(siteSpec, (spec) => {
        const built = siteOf(spec);
        eachRoute(built, (route, path) => {
          if (!isPage(route) || path === '/') return;
          assert.ok(path.endsWith('/'), `${describeRoute(route)} at ${path}`);
          assert.deepEqual(
            resolvePath(built, path.slice(0, -1)),
            { type: 'redirect', location: path },
            `${describeRoute(route)} at ${path}`,
          );
        });
      }),
      { numRuns: RUNS, includeErrorInReport: true },
    );
  });

  it('gives every listed route a path of its own', () => {
    fc.assert(
      fc.property(siteSpec, (spec) => {
        const built = siteOf(spec);
        const seen = new Map<string, Route>();
        eachRoute(built, (route, path) => {
          const other = seen.get(path);
          assert.ok(
            !other,
            `${describeRoute(route)} and ${other && describeRoute(other)}: ${path}`,
          );
          seen.set(path, route);
        });
      }),
      { numRuns: RUNS, includeErrorInReport: true },
    );
  });

  it('serves no draft or scheduled post', () => {
    fc.assert(
      fc.property(siteSpec, (spec) => {
        const built = siteOf(spec);
        const posts = postsOf(spec);
        for (const post of posts.filter((p) => p.draft || p.date > NOW)) {
          const path = `/posts/${encodeURIComponent(post.slug)}/`;
          assert.deepEqual(resolvePath(built, path), { type: 'not-found' }, path);
        }
      }),
      { numRuns: RUNS, includeErrorInReport: true },
    );
  });
});
