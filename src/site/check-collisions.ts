// Index: problems that only show across posts — two posts with one slug, two names with one slug.
import type { SlugClaim } from '../content/front-matter/fields.js';
import type { MarkdownDocument, Post } from '../content/post.js';
import { slugify } from '../content/slugify.js';
import { error, warning, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { SiteConfig } from '../config/schema.js';
import { checkUrls, type ConfigPlace } from './check-urls.js';
import { replacedPosts } from './replaced-posts.js';
import { compareInSeries } from './series.js';
import { termNames, type TaxonomyKind } from './taxonomy.js';

/**
 * Checks every post file, drafts, scheduled and broken ones too, so that neither publishing nor
 * fixing one can reveal a problem that was not reported.
 */
export function checkCollisions(
  posts: readonly Post[],
  claims: readonly SlugClaim[],
): Diagnostic[] {
  return [
    ...checkPostSlugs(claims),
    ...checkTermSlugs(posts, 'category'),
    ...checkTermSlugs(posts, 'tag'),
    ...checkTermSlugs(posts, 'series'),
    ...checkSeriesOrder(posts),
  ];
}

/** A collision check, and the posts, slugs and settings it was made on. */
export interface CollisionCheck {
  readonly posts: readonly Post[];
  readonly pages: readonly MarkdownDocument[];
  readonly claims: readonly SlugClaim[];
  /** The settings URLs were checked with, as text; undefined when the config is broken. */
  readonly urlSettings: string | undefined;
  readonly diagnostics: readonly Diagnostic[];
}

/** The config, when it has no error, to check URLs with too. */
export interface UrlCheckInput {
  readonly config: SiteConfig;
  readonly place: ConfigPlace;
}

/**
 * `checkCollisions`, answered at once when the check before found nothing and no post has come,
 * gone or changed its slug, category or tags since, and every page is as it was: a reload after
 * an edit of a post's text looks at no other post.
 */
export function checkCollisionsAgain(
  previous: CollisionCheck | undefined,
  posts: readonly Post[],
  claims: readonly SlugClaim[],
  urls: UrlCheckInput | undefined,
  pages: readonly MarkdownDocument[] = [],
): CollisionCheck {
  const urlSettings = urlSettingsOf(urls);
  const unchanged =
    previous !== undefined &&
    previous.diagnostics.length === 0 &&
    previous.urlSettings === urlSettings &&
    previous.claims.length === claims.length &&
    claims.every((claim, i) => claim.slug === previous.claims[i]?.slug) &&
    replacedPosts(previous.posts, posts) !== undefined &&
    previous.pages.length === pages.length &&
    pages.every((page, i) => page === previous.pages[i]);
  const diagnostics = unchanged
    ? []
    : [
        ...checkCollisions(posts, claims),
        ...(urls ? checkUrls(urls.config, urls.place, posts, pages) : []),
      ];
  return { posts, pages, claims, urlSettings, diagnostics };
}

/**
 * The record of a collision check of these posts, slugs, pages and settings, made without
 * checking: for a build that knows what a check of the very same found (see `checkFronts`).
 */
export function collisionsFoundBefore(
  posts: readonly Post[],
  claims: readonly SlugClaim[],
  urls: UrlCheckInput | undefined,
  pages: readonly MarkdownDocument[],
  diagnostics: readonly Diagnostic[],
): CollisionCheck {
  return { posts, pages, claims, urlSettings: urlSettingsOf(urls), diagnostics };
}

/** The settings a check of URLs reads, as text. */
function urlSettingsOf(urls: UrlCheckInput | undefined): string | undefined {
  return (
    urls && JSON.stringify([urls.config.pageSize, urls.config.redirects, urls.config.permalink])
  );
}

function checkPostSlugs(claims: readonly SlugClaim[]): Diagnostic[] {
  // Case is ignored: two URLs that differ only in case would be one file on many disks.
  const byKey = new Map<string, SlugClaim[]>();
  for (const claim of claims) {
    const key = claim.slug.toLowerCase();
    const same = byKey.get(key);
    if (same) same.push(claim);
    else byKey.set(key, [claim]);
  }
  const diagnostics: Diagnostic[] = [];
  for (const same of byKey.values()) {
    if (same.length < 2) continue;
    // Each file is named where its slug comes from, so that either one can be the one to change.
    for (const claim of same) {
      const others = same.filter((other) => other !== claim).map(slugSource);
      diagnostics.push(
        error(
          'post-slug-duplicate',
          claim.file,
          claim.line,
          `the slug "${claim.slug}" is also the slug of ${others.join(', ')}`,
          'give one of the posts another file name or a `slug:` of its own',
        ),
      );
    }
  }
  return diagnostics;
}

/** `file:line` of a `slug:` key, or the file when the slug is its name. */
function slugSource(claim: SlugClaim): string {
  return claim.fromKey ? `${claim.file}:${claim.line}` : claim.file;
}

/** What a post names that has a page of its own under its slug. */
type NamedKind = TaxonomyKind | 'series';

function checkTermSlugs(posts: readonly Post[], kind: NamedKind): Diagnostic[] {
  const firstUse = new Map<string, { name: string; post: Post }>();
  const reported = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  for (const post of posts) {
    const names =
      kind === 'series' ? (post.series ? [post.series.name] : []) : termNames(post, kind);
    for (const name of names) {
      const line =
        kind === 'series' ? (post.series?.line ?? 1) : post.lines[kind === 'tag' ? 'tags' : kind];
      const slug = slugify(name);
      if (slug === '') {
        diagnostics.push(
          error(
            `${kind}-slug-empty`,
            post.file,
            line,
            `the ${kind} "${name}" gives an empty URL slug`,
            'use at least one letter or digit in its name',
          ),
        );
        continue;
      }
      const first = firstUse.get(slug);
      if (!first) {
        firstUse.set(slug, { name, post });
        continue;
      }
      const pair = `${slug}\u0000${name}`;
      if (first.name === name || reported.has(pair)) continue;
      reported.add(pair);
      diagnostics.push(
        error(
          `${kind}-slug-collision`,
          post.file,
          line,
          `the ${kind} "${name}" and the ${kind} "${first.name}" (in ${first.post.file}) both give the URL slug "${slug}"`,
          `write the ${kind} the same way in both posts, or rename one of them`,
        ),
      );
    }
  }
  return diagnostics;
}

/**
 * Two posts of one series with one `seriesOrder`: a warning, as the series still reads in an order
 * (the older first), only perhaps not the one meant. Each names the other by file and line.
 */
function checkSeriesOrder(posts: readonly Post[]): Diagnostic[] {
  const byPart = new Map<string, Post[]>();
  for (const post of posts) {
    if (post.series?.order === undefined) continue;
    const key = `${post.series.name}\u0000${post.series.order}`;
    const same = byPart.get(key);
    if (same) same.push(post);
    else byPart.set(key, [post]);
  }
  const diagnostics: Diagnostic[] = [];
  for (const same of byPart.values()) {
    if (same.length < 2) continue;
    same.sort(compareInSeries);
    for (const post of same) {
      const others = same
        .filter((other) => other !== post)
        .map((other) => `${other.file}:${other.series?.orderLine ?? 1}`);
      diagnostics.push(
        warning(
          'series-order-duplicate',
          post.file,
          post.series?.orderLine ?? 1,
          `part ${post.series?.order} of the series "${post.series?.name}" is also given by ${others.join(', ')}; the older post reads first`,
          'give each post of the series its own `seriesOrder`',
        ),
      );
    }
  }
  return diagnostics;
}
