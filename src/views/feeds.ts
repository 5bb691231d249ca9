// Render: RSS 2.0, Atom and JSON feeds of the newest posts, for the site, and RSS for each
// category and tag.
import { Feed } from 'feed';
import type { BodyParts, Post } from '../content/post.js';
import { excerptOf, htmlOf } from './context.js';
import type { Site } from '../site/build-site.js';
import {
  ATOM_PATH,
  FEED_PATH,
  homePath,
  JSON_FEED_PATH,
  postPath,
  termFeedPath,
  termPath,
} from '../site/routes.js';
import type { Term } from '../site/taxonomy.js';
import { absolutizeHtml, absoluteUrl } from './absolute-urls.js';
import { basePathOf, originOf } from '../urls/base-path.js';
import { withoutHeadingLinks } from '../content/markdown/headings.js';
import { formatPostDate } from './format-date.js';
import { escapeHtml } from './html.js';
import { messagesFor } from './i18n/messages.js';

/** How many of the newest posts a feed carries. */
export const FEED_SIZE = 20;

export function rssFeed(site: Site, bodies: BodyParts, term?: Term): string {
  return withDublinCore(finishXml(buildFeed(site, bodies, 'rss', term).rss2()));
}

const DUBLIN_CORE = 'xmlns:dc="http://purl.org/dc/elements/1.1/"';

// The library declares Dublin Core's prefix only in a feed that carries content, and a tag's feed
// carries none: its `<dc:creator>` would name a prefix bound nowhere, which makes the whole feed
// unreadable to a reader that reads namespaces, as browsers do.
function withDublinCore(xml: string): string {
  return xml.includes(DUBLIN_CORE)
    ? xml
    : xml.replace('<rss version="2.0"', `<rss version="2.0" ${DUBLIN_CORE}`);
}

export function atomFeed(site: Site, bodies: BodyParts): string {
  return finishXml(escapeCategoryAttributes(buildFeed(site, bodies, 'atom').atom1()));
}

type FeedFormat = 'rss' | 'atom';

// The image formats RSS 2.0 allows a channel's image to be, by file name.
const RSS_IMAGE = /\.(?:gif|jpe?g|png)(?:[?#].*)?$/i;

// The library puts titles, summaries and content in CDATA sections, but splits only the first
// `]]>` of each: a second one, as two inline SVGs with CDATA styles hold, would end the section
// and break the whole feed. Each `]]>` reaches it marked with U+FFFE, a character XML cannot
// carry and `xmlText` has removed, and every mark is split once the XML is written.
const CDATA_END = ']]>';
const MARKED_CDATA_END = ']]\uFFFE>';
const SPLIT_CDATA_END = ']]]]><![CDATA[>';

// Characters outside XML 1.0's Char production: C0 controls but tab and line ends, lone
// surrogates, U+FFFE and U+FFFF. One of them anywhere makes a feed unreadable to every reader.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text for a CDATA section: what XML can carry of it, each `]]>` marked to be split. */
function cdataText(text: string): string {
  return text.replace(NOT_XML_CHAR, '').replaceAll(CDATA_END, MARKED_CDATA_END);
}

/** The library's XML with each marked `]]>` split, and no character XML cannot carry. */
function finishXml(xml: string): string {
  return xml.replaceAll(MARKED_CDATA_END, SPLIT_CDATA_END).replace(NOT_XML_CHAR, '');
}

// The library turns each `&amp;` of element text back into `&` before escaping it, so a tag
// written `R&amp;D` would read `R&D`: text reaches it with every `&` escaped once more.
const elementText = (text: string): string => text.replace(/&/g, '&amp;');

/** A post's body as every feed carries it: links made absolute, headings without their links. */
function feedHtml(site: Site, bodies: BodyParts, post: Post): string {
  return absolutizeHtml(
    withoutHeadingLinks(htmlOf(bodies, post)),
    originOf(site.config.url),
    basePathOf(site.config.url),
  );
}

/** A post's category and tags, each once, as feeds list them. */
function postTerms(post: Post): string[] {
  return [...new Set([...(post.category === undefined ? [] : [post.category]), ...post.tags])];
}

/** When a post last changed: its `updated` date, or its publication. */
export function lastChange(post: Post): number {
  return post.updated ?? post.date;
}

/** The posts a feed carries, newest first. */
export function feedPosts(site: Site, term?: Term): Post[] {
  // Drafts never reach a feed, even on a preview server: readers cannot unsubscribe from them.
  return (term ? term.posts : site.posts).filter((post) => !post.draft).slice(0, FEED_SIZE);
}

// Atom puts categories in attributes, where the feed library escapes `&` and `"` but not `<`,
// which XML forbids there: one tag like `<b>` would make the whole feed unreadable to a strict
// parser. Outside CDATA sections the library escapes every `<` of text, so each `<category` found
// there is an element, and its double-quoted values hold no `"`.
const CDATA_OR_CATEGORY = /<!\[CDATA\[[\s\S]*?\]\]>|<category(?:\s+[\w:-]+="[^"]*")*\s*\/>/g;

function escapeCategoryAttributes(xml: string): string {
  return xml.replace(CDATA_OR_CATEGORY, (match) =>
    match.startsWith('<!')
      ? match
      : match.replace(
          /="([^"]*)"/g,
          (_, value: string) => `="${value.replace(/</g, '&lt;').replace(/>/g, '&gt;')}"`,
        ),
  );
}

function buildFeed(site: Site, bodies: BodyParts, format: FeedFormat, term?: Term): Feed {
  const { config } = site;
  const posts = feedPosts(site, term);
  const url = (path: string): string => absoluteUrl(config.url, path);
  // Atom's feed changed when the latest of its posts' changes did; RSS has no such date.
  const newest = posts.length > 0 ? Math.max(...posts.map(lastChange)) : undefined;
  const feed = new Feed({
    id: url(term ? termPath(term) : homePath()),
    title: elementText(term ? `${term.title} · ${config.title}` : config.title),
    description: elementText(config.tagline || config.title),
    link: url(term ? termPath(term) : homePath()),
    language: config.locale,
    copyright: elementText(messagesFor(config.locale).copyright(config.owner)),
    generator: 'Folio',
    // A feed with no posts yet says it was never updated: left out, the time of rendering would
    // make two renders of one site differ.
    updated: new Date(newest ?? 0),
    // RSS allows a GIF, JPEG or PNG as the channel's image; Atom's logo may be any image.
    ...(config.author.image && (format === 'atom' || RSS_IMAGE.test(config.author.image))
      ? { image: url(config.author.image) }
      : {}),
    feedLinks: term
      ? { rss: url(termFeedPath(term)) }
      : { rss: url(FEED_PATH), atom: url(ATOM_PATH) },
    author: { name: elementText(config.author.name), link: url(homePath()) },
  });
  const whole = carriesBodies(term);
  for (const post of posts) feed.addItem(feedItem(site, bodies, format, post, whole));
  return feed;
}

/**
 * Whether a feed carries its posts' whole bodies: the site's feeds and each category's do; a
 * tag's, one of dozens on a large site, carries their summaries and links, as Hugo's feeds do,
 * so that an export does not render hundreds of bodies more for them.
 */
export function carriesBodies(term: Term | undefined): boolean {
  return term?.kind !== 'tag';
}

function feedItem(
  site: Site,
  bodies: BodyParts,
  format: FeedFormat,
  post: Post,
  whole: boolean,
): Parameters<Feed['addItem']>[0] {
  const { config } = site;
  const link = absoluteUrl(config.url, postPath(post));
  // Both formats carry titles and summaries as HTML (Atom says so with type="html"), so plain
  // text is escaped once here: a title like <script> must reach readers as text.
  return {
    title: cdataText(escapeHtml(post.title)),
    id: link,
    link,
    // The one date of an RSS item is its publication; an Atom entry's `updated` is its last change.
    date: new Date(format === 'atom' ? lastChange(post) : post.date),
    published: new Date(post.date),
    description: cdataText(escapeHtml(post.description ?? excerptOf(bodies, post))),
    ...(whole ? { content: cdataText(feedHtml(site, bodies, post)) } : {}),
    // RSS's `<author>` is an email address, which Folio does not know: RSS names the author with
    // Dublin Core's `<dc:creator>`, as most blogs' feeds do. Atom requires its `<author>`.
    ...(format === 'atom'
      ? { author: [{ name: elementText(config.author.name) }] }
      : {
          extensions: [{ name: 'dc:creator', objects: { _cdata: cdataText(config.author.name) } }],
        }),
    // Atom requires a term, and readers key categories by it; RSS has no use for it. Atom puts
    // both in attributes, whose `&` the library escapes; RSS puts the name in element text.
    category: postTerms(post).map((name) => ({
      name: format === 'rss' ? elementText(name) : name,
      term: name,
    })),
  };
}

/**
 * JSON Feed 1.1 of the site's newest posts, as the RSS and Atom feeds carry them. Written here,
 * not by the feed library, whose JSON is version 1: no `authors`, no `language`.
 */
export function jsonFeed(site: Site, bodies: BodyParts): string {
  const { config } = site;
  const url = (path: string): string => absoluteUrl(config.url, path);
  const time = (instant: number): string => formatPostDate(instant, config.timezone).iso;
  const feed = {
    version: 'https://jsonfeed.org/version/1.1',
    title: config.title,
    home_page_url: url(homePath()),
    feed_url: url(JSON_FEED_PATH),
    ...(config.tagline ? { description: config.tagline } : {}),
    ...(config.author.image ? { icon: url(config.author.image) } : {}),
    authors: [
      {
        name: config.author.name,
        url: url(homePath()),
        ...(config.author.image ? { avatar: url(config.author.image) } : {}),
      },
    ],
    language: config.locale,
    items: feedPosts(site).map((post) => ({
      id: url(postPath(post)),
      url: url(postPath(post)),
      title: post.title,
      content_html: feedHtml(site, bodies, post),
      summary: post.description ?? excerptOf(bodies, post),
      ...(post.image ? { image: url(post.image.src) } : {}),
      date_published: time(post.date),
      ...(post.updated === undefined ? {} : { date_modified: time(post.updated) }),
      tags: postTerms(post),
    })),
  };
  return `${JSON.stringify(feed, null, 2)}\n`;
}
