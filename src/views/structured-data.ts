// Render: schema.org JSON-LD for search engines — Blog on listings, BlogPosting on posts,
// WebPage on the site's own pages.
import type { Post } from '../content/post.js';
import { formatPostDate } from './format-date.js';
import type { Site } from '../site/build-site.js';
import { homePath, postPath } from '../site/routes.js';
import { absoluteUrl } from './absolute-urls.js';

type JsonLd = Record<string, unknown>;

function author(site: Site): JsonLd {
  const { name, image } = site.config.author;
  return {
    '@type': 'Person',
    name,
    url: absoluteUrl(site.config.url, homePath()),
    ...(image ? { image: absoluteUrl(site.config.url, image) } : {}),
  };
}

function datePublished(site: Site, post: Post): string {
  return formatPostDate(post.date, site.config.timezone).iso;
}

/** The blog, with the posts a listing page shows. */
export function blogData(site: Site, pagePath: string, posts: readonly Post[]): JsonLd {
  const { config } = site;
  return {
    '@context': 'https://schema.org',
    '@type': 'Blog',
    name: config.title,
    description: config.tagline || config.title,
    url: absoluteUrl(config.url, homePath()),
    mainEntityOfPage: absoluteUrl(config.url, pagePath),
    inLanguage: config.locale,
    author: author(site),
    blogPost: posts.map((post) => ({
      '@type': 'BlogPosting',
      headline: post.title,
      url: absoluteUrl(config.url, postPath(post)),
      datePublished: datePublished(site, post),
    })),
  };
}

/**
 * A post, with its description (the author's, or its excerpt) and the minutes it takes to read
 * where the site shows them.
 */
export function postData(
  site: Site,
  post: Post,
  description: string,
  minutes: number | undefined,
): JsonLd {
  const { config } = site;
  const url = absoluteUrl(config.url, postPath(post));
  const published = datePublished(site, post);
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    datePublished: published,
    dateModified:
      post.updated === undefined ? published : formatPostDate(post.updated, config.timezone).iso,
    inLanguage: config.locale,
    author: author(site),
    publisher: author(site),
    ...postImage(site, post),
    ...(post.category === undefined ? {} : { articleSection: post.category }),
    keywords: post.tags.join(', '),
    ...(minutes === undefined ? {} : { timeRequired: `PT${String(minutes)}M` }),
    isPartOf: { '@type': 'Blog', name: config.title, url: absoluteUrl(config.url, homePath()) },
  };
}

/** A page of the site's own (About, Now…): a web page of the blog, by its author. */
export function webPageData(site: Site, path: string, title: string, description: string): JsonLd {
  const { config } = site;
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name: title,
    description,
    url: absoluteUrl(config.url, path),
    inLanguage: config.locale,
    author: author(site),
    isPartOf: { '@type': 'Blog', name: config.title, url: absoluteUrl(config.url, homePath()) },
  };
}

/** A post's image for search engines: its cover, or else the author's picture. */
function postImage(site: Site, post: Post): JsonLd {
  const image = post.image?.src ?? site.config.author.image;
  return image === undefined ? {} : { image: absoluteUrl(site.config.url, image) };
}

/** JSON for a `<script type="application/ld+json">` element: `<` escaped so it cannot end it. */
export function serializeJsonLd(data: JsonLd): string {
  return scriptJson(data);
}

/** JSON for any data `<script>` element: `<` escaped so it cannot end the element. */
export function scriptJson(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
