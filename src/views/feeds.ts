// Render: RSS 2.0 and Atom feeds of the newest posts, for the site and for each category.
import { Feed } from 'feed';
import type { BodyParts, Post } from '../content/post.js';
import { excerptOf, htmlOf } from './context.js';
import type { Site } from '../site/build-site.js';
import {
  ATOM_PATH,
  categoryFeedPath,
  categoryPath,
  FEED_PATH,
  homePath,
  postPath,
} from '../site/routes.js';
import type { Term } from '../site/taxonomy.js';
import { absolutizeHtml, absoluteUrl } from './absolute-urls.js';
import { withoutHeadingLinks } from '../content/markdown/headings.js';
import { escapeHtml } from './html.js';
import { messagesFor } from './i18n/messages.js';

/** How many of the newest posts a feed carries. */
export const FEED_SIZE = 20;

export function rssFeed(site: Site, bodies: BodyParts, term?: Term): string {
  return finishXml(buildFeed(site, bodies, 'rss', term).rss2());
}

export function atomFeed(site: Site, bodies: BodyParts): string {
  return finishXml(escapeCategoryAttributes(buildFeed(site, bodies, 'atom').atom1()));
}

type FeedFormat = 'rss' | 'atom';

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
  const newest = posts[0]?.date;
  const feed = new Feed({
    id: url(term ? categoryPath(term) : homePath()),
    title: elementText(term ? `${term.title} · ${config.title}` : config.title),
    description: elementText(config.tagline || config.title),
    link: url(term ? categoryPath(term) : homePath()),
    language: config.locale,
    copyright: elementText(messagesFor(config.locale).copyright(config.owner)),
    generator: 'Folio',
    // A feed with no posts yet says it was never updated: left out, the time of rendering would
    // make two renders of one site differ.
    updated: new Date(newest ?? 0),
    ...(config.author.image ? { image: url(config.author.image) } : {}),
    feedLinks: term
      ? { rss: url(categoryFeedPath(term)) }
      : { rss: url(FEED_PATH), atom: url(ATOM_PATH) },
    author: { name: elementText(config.author.name), link: url(homePath()) },
  });
  for (const post of posts) feed.addItem(feedItem(site, bodies, format, post));
  return feed;
}

function feedItem(
  site: Site,
  bodies: BodyParts,
  format: FeedFormat,
  post: Post,
): Parameters<Feed['addItem']>[0] {
  const { config } = site;
  const link = absoluteUrl(config.url, postPath(post));
  // Both formats carry titles and summaries as HTML (Atom says so with type="html"), so plain
  // text is escaped once here: a title like <script> must reach readers as text.
  return {
    title: cdataText(escapeHtml(post.title)),
    id: link,
    link,
    date: new Date(post.date),
    published: new Date(post.date),
    description: cdataText(escapeHtml(post.description ?? excerptOf(bodies, post))),
    content: cdataText(absolutizeHtml(withoutHeadingLinks(htmlOf(bodies, post)), config.url)),
    author: [{ name: elementText(config.author.name) }],
    // Atom requires a term, and readers key categories by it; RSS has no use for it. Atom puts
    // both in attributes, whose `&` the library escapes; RSS puts the name in element text.
    category: [
      ...new Set([...(post.category === undefined ? [] : [post.category]), ...post.tags]),
    ].map((name) => ({ name: format === 'rss' ? elementText(name) : name, term: name })),
  };
}
