import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseFeed } from '@rowanmanning/feed-parser';
import { buildSite } from '../site/build-site.js';
import { at, fixtureBodies, makeConfig, makePost } from '../../test/support/site-fixtures.js';
import {
  childrenNamed,
  parseStrictXml,
  textOf,
  type XmlElement,
} from '../../test/support/strict-xml.js';
import type { Post } from '../content/post.js';
import { atomFeed, rssFeed } from './feeds.js';
import { escapeHtml } from './html.js';

const HOSTILE = '"><svg onload=alert(1)> & <b>';
const ESCAPED = '&quot;&gt;&lt;svg onload=alert(1)&gt; &amp; &lt;b&gt;';

const posts = [makePost('hostile', { category: HOSTILE, tags: ['notes', `tag ${HOSTILE}`] })];
const site = buildSite(makeConfig(), posts, { now: at('2030-01-01T00:00:00Z') });
const bodies = fixtureBodies(posts, {
  html: { hostile: `<p>Body with <category label="<b>">-like text.</p>` },
});

describe('Atom categories', () => {
  it('escape < in their attributes, which XML forbids there', () => {
    const atom = atomFeed(site, bodies);
    const categories = (atom.match(/^ *<category\b.*$/gm) ?? []).map((line) => line.trim());
    assert.deepEqual(categories, [
      `<category label="${ESCAPED}" term="${ESCAPED}"/>`,
      '<category label="notes" term="notes"/>',
      `<category label="tag ${ESCAPED}" term="tag ${ESCAPED}"/>`,
    ]);
  });

  it('carry a term, which Atom requires and readers key categories by', () => {
    assert.match(atomFeed(site, bodies), /<category label="notes" term="notes"\/>/);
  });

  it('leave markup inside content sections as the author wrote it', () => {
    assert.ok(
      atomFeed(site, bodies).includes('<![CDATA[<p>Body with <category label="<b>">-like text.'),
    );
  });
});

describe('RSS categories', () => {
  it('are escaped element text', () => {
    assert.ok(
      rssFeed(site, bodies).includes(`<category>${ESCAPED.replace(/&quot;/g, '"')}</category>`),
    );
  });
});

describe("the RSS channel's image", () => {
  /** The site when the author's avatar is `image`. */
  const withAvatar = (image: string) => {
    const config = makeConfig();
    const avatared = { ...config, author: { ...config.author, image } };
    return buildSite(avatared, posts, { now: at('2030-01-01T00:00:00Z') });
  };

  for (const image of ['/images/avatar.png', '/images/avatar.jpg', '/images/avatar.JPEG']) {
    it(`is the author's ${image.split('.').pop()} avatar, with the site's title and link`, () => {
      const rss = rssFeed(withAvatar(image), bodies);
      assert.deepEqual(parseFeed(rss).image, {
        url: `https://blog.example.com${image}`,
        title: 'Dev Notes',
      });
      // The feed reader reads no link of the image, though RSS requires one: read it as XML.
      const channel = childrenNamed(parseStrictXml(rss), 'channel')[0];
      assert.ok(channel);
      const images = childrenNamed(channel, 'image');
      assert.equal(images.length, 1);
      const field = (name: string): string[] =>
        images.flatMap((element) => childrenNamed(element, name).map(textOf));
      assert.deepEqual(field('url'), [`https://blog.example.com${image}`]);
      assert.deepEqual(field('title'), ['Dev Notes']);
      assert.deepEqual(field('link'), ['https://blog.example.com/']);
    });
  }

  it('is left out for an SVG avatar, which RSS does not allow, while Atom keeps it as its logo', () => {
    const rss = rssFeed(withAvatar('/images/avatar.svg'), bodies);
    assert.equal(parseFeed(rss).image, null);
    assert.doesNotMatch(rss, /<image>/);
    const atom = atomFeed(withAvatar('/images/avatar.svg'), bodies);
    assert.match(atom, /<logo>https:\/\/blog\.example\.com\/images\/avatar\.svg<\/logo>/);
  });
});

// Every sequence XML gives a meaning to, and every character it cannot carry: C0 controls but
// tab and line ends, lone surrogates, U+FFFE and U+FFFF. A surrogate pair is kept.
const CONTROLS = [...Array(32).keys()]
  .filter((code) => ![0x09, 0x0a, 0x0d].includes(code))
  .map((code) => String.fromCharCode(code))
  .join('');
const XML_HOSTILE =
  `a ]]> b ]]> c <![CDATA[ d ]]]]> e ]] f ]]]> g ` +
  `&amp; &lt; &#0; &#xFFFF; &nbsp; & h <!-- i -- j --> k ${CONTROLS} \uFFFE\uFFFF ` +
  `\uD800 l \uDC00 m \uDBFF\uDFFF 😀 n ]]>`;
// A category is a path too, and a path cannot hold a lone surrogate.
const XML_HOSTILE_PATH = XML_HOSTILE.replace(/\p{Cs}/gu, '');
const SVG = '<svg><style><![CDATA[ .a{fill:red} ]]></style></svg>';
/** What XML can carry of `text`: every other character removed. */
const carried = (text: string): string =>
  text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');

const xmlPosts = [
  makePost('described', {
    title: `Title ${XML_HOSTILE}`,
    description: `Description ${XML_HOSTILE}`,
    category: `Category ${XML_HOSTILE_PATH}`,
    tags: [`tag ${XML_HOSTILE}`, 'notes'],
  }),
  makePost('excerpted', { date: at('2024-02-01T00:00:00Z'), tags: [XML_HOSTILE] }),
];
const xmlSite = buildSite(makeConfig(), xmlPosts, { now: at('2030-01-01T00:00:00Z') });
const xmlHtml = (post: Post): string => `${SVG}<p>${post.slug} ${XML_HOSTILE}</p>${SVG}`;
const xmlBodies = fixtureBodies(xmlPosts, {
  excerpts: { excerpted: `Excerpt ${XML_HOSTILE}` },
  html: Object.fromEntries(xmlPosts.map((post) => [post.slug, xmlHtml(post)])),
});
const xmlCategory = xmlSite.categories[0];

/** The text of the one child of `element` named `name`. */
function childText(element: XmlElement, name: string): string {
  const [child, ...more] = childrenNamed(element, name);
  assert.ok(child && more.length === 0, `one <${name}> in <${element.name}>`);
  return textOf(child);
}

/** What a feed must carry of a post: its HTML as the page shows it, and the rest as text. */
function expectedItem(post: Post): Record<string, unknown> {
  const summary = post.description ?? xmlBodies.excerpts.get(post) ?? '';
  return {
    title: escapeHtml(carried(post.title)),
    summary: escapeHtml(carried(summary)),
    content: carried(xmlHtml(post)),
    categories: [
      ...new Set([...(post.category === undefined ? [] : [post.category]), ...post.tags]),
    ].map(carried),
  };
}

const xmlFeeds = [
  { name: 'RSS', xml: rssFeed(xmlSite, xmlBodies), term: undefined },
  { name: 'Atom', xml: atomFeed(xmlSite, xmlBodies), term: undefined },
  { name: 'RSS of a category', xml: rssFeed(xmlSite, xmlBodies, xmlCategory), term: xmlCategory },
];

describe('feeds of posts holding what XML gives a meaning to or cannot carry', () => {
  it('are a test of every such sequence in every field', () => {
    assert.ok(xmlCategory && xmlCategory.posts.length === 1);
    assert.equal(XML_HOSTILE.split(']]>').length - 1, 5);
    assert.equal(carried('\u0000\u0008\u000B\u000C\u001F\uFFFE\uFFFF\uDC00\uD800'), '');
  });

  for (const { name, xml, term } of xmlFeeds) {
    it(`${name} is well-formed and carries each post's HTML and text as they were`, () => {
      const root = parseStrictXml(xml);
      const atom = root.name === 'feed';
      const channel = atom ? root : childrenNamed(root, 'channel')[0];
      assert.ok(channel, `${name}: a channel`);
      assert.equal(
        childText(channel, 'title'),
        term ? `${carried(term.title)} · ${xmlSite.config.title}` : xmlSite.config.title,
      );
      const items = childrenNamed(channel, atom ? 'entry' : 'item');
      const shown = term ? term.posts : xmlSite.posts;
      assert.deepEqual(
        items.map((item) => ({
          title: childText(item, 'title'),
          summary: childText(item, atom ? 'summary' : 'description'),
          content: childText(item, atom ? 'content' : 'content:encoded'),
          categories: childrenNamed(item, 'category').map((category) =>
            atom ? category.attributes.get('label') : textOf(category),
          ),
        })),
        shown.map(expectedItem),
      );
      if (atom) {
        for (const item of items) {
          for (const category of childrenNamed(item, 'category')) {
            assert.equal(category.attributes.get('term'), category.attributes.get('label'));
          }
        }
      }
    });
  }
});
