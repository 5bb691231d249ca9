import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as cheerio from 'cheerio';
import { buildSite } from '../site/build-site.js';
import { parseConfig } from '../config/parse-config.js';
import {
  CONFIG_YAML,
  at,
  fixtureBodies,
  makeConfig,
  makePost,
} from '../../test/support/site-fixtures.js';
import { renderedEntries } from './entry.js';
import { renderNotFound, renderRoute } from './render-route.js';

const post = makePost('binary-search', {
  title: 'Binary search, 이진 탐색',
  date: at('2024-03-14T15:00:00Z'),
  category: 'Algorithm',
  tags: ['Algorithm', 'Rust 러스트'],
});
const EXCERPT = 'Halve the range until one element is left...';
const hostile = makePost('hostile', {
  title: '<script>alert(1)</script>',
  date: at('2024-03-01T00:00:00Z'),
  category: 'Algorithm',
  tags: ['<b>bold</b>'],
});
const bodies = fixtureBodies([post, hostile], {
  excerpts: { 'binary-search': EXCERPT, hostile: '<img src=x onerror=alert(2)>' },
});
const config = makeConfig({ owner: 'Folio Press' });
const site = buildSite(config, [post, hostile], { now: at('2030-01-01T00:00:00Z') });

const featured = (): cheerio.CheerioAPI =>
  cheerio.load(renderRoute(site, { kind: 'featured', page: 1 }, bodies).body);

function categoryPage(): cheerio.CheerioAPI {
  const term = site.categoryBySlug.get('algorithm');
  assert.ok(term);
  return cheerio.load(renderRoute(site, { kind: 'category', term }, bodies).body);
}

/** The entry whose title links to `/posts/<slug>/`. */
function entryOf($: cheerio.CheerioAPI, slug: string) {
  const article = $(`main article:has(a[href="/posts/${slug}/"])`);
  assert.equal(article.length, 1, `no single entry for ${slug}`);
  return article;
}

const textOf = (node: { text(): string }): string => node.text().replace(/\s+/g, ' ').trim();

/** Every piece of text shown inside `node`, in document order. */
function textPieces($: cheerio.CheerioAPI, node: ReturnType<typeof entryOf>): string[] {
  const pieces: string[] = [];
  const walk = (element: ReturnType<cheerio.CheerioAPI>): void => {
    for (const child of element.contents().toArray()) {
      if (child.nodeType === 3) pieces.push(textOf($(child)));
      else walk($(child));
    }
  };
  walk(node);
  return pieces.filter((text) => text !== '');
}

for (const [name, load] of [
  ['featured listing', featured],
  ['category listing', categoryPage],
] as const) {
  describe(`an entry on the ${name}`, () => {
    it('has its title as a heading that links to /posts/<slug>/', () => {
      const $ = load();
      const link = entryOf($, 'binary-search').find(':header a');
      assert.equal(link.length, 1);
      assert.equal(link.attr('href'), '/posts/binary-search/');
      assert.equal(textOf(link), 'Binary search, 이진 탐색');
    });

    it('shows the excerpt, then the tags as links', () => {
      const $ = load();
      const article = entryOf($, 'binary-search');
      const excerpt = article.find('p').filter((_, p) => textOf($(p)) === EXCERPT);
      assert.equal(excerpt.length, 1);
      const tags = article.find('a[href^="/tags/"]');
      assert.deepEqual(
        tags.toArray().map((a) => textOf($(a))),
        ['#Algorithm', '#Rust 러스트'],
      );
      assert.deepEqual(
        tags.toArray().map((a) => $(a).attr('href')),
        ['/tags/algorithm/', `/tags/${encodeURIComponent('rust-러스트')}/`],
      );
      const excerptAt = $('*').index(excerpt);
      for (const tag of tags.toArray()) {
        assert.ok($('*').index($(tag)) > excerptAt, 'a tag comes before the excerpt');
      }
    });

    it('shows the author name and picture with alternative text', () => {
      const $ = load();
      const article = entryOf($, 'binary-search');
      const img = article.find('img[alt]');
      assert.equal(img.length, 1);
      assert.equal(img.attr('alt'), 'Jane Doe');
      assert.equal(img.attr('src'), '/images/avatar.png');
      assert.ok(textOf(article).includes('Jane Doe'));
    });

    it('shows the date as YYYY-MM-DD HH:mm in the site zone, with the full value in datetime', () => {
      const $ = load();
      const time = entryOf($, 'binary-search').find('time[datetime]');
      assert.equal(time.length, 1);
      assert.equal(textOf(time), '2024-03-15 00:00');
      assert.equal(Date.parse(time.attr('datetime') ?? ''), post.date);
      assert.match(time.attr('datetime') ?? '', /^2024-03-15T00:00:00(\.000)?\+09:00$/);
    });

    it('shows no comment counts, view counts or other statistics', () => {
      const $ = load();
      const article = entryOf($, 'binary-search');
      const tags = post.tags.flatMap((tag) => ['#', tag]);
      const expected = [post.title, EXCERPT, ...tags, 'Jane Doe', '2024-03-15 00:00'];
      assert.deepEqual(textPieces($, article), expected);
      assert.doesNotMatch(textOf(article), /comment|view|like|read/i);
    });

    it('shows a title with markup as text, never as an element', () => {
      const $ = load();
      assert.equal($('script:not([type="application/ld+json"])').length, 0);
      // The title also stands in the JSON-LD data block, which it must not be able to close.
      const data = JSON.parse($('script[type="application/ld+json"]').text()) as {
        blogPost: { headline: string }[];
      };
      assert.ok(data.blogPost.some((p) => p.headline === '<script>alert(1)</script>'));
      assert.equal($('main img[onerror]').length, 0);
      assert.equal($('main b').length, 0);
      const article = entryOf($, 'hostile');
      assert.equal(textOf(article.find(':header a')), '<script>alert(1)</script>');
      assert.ok(textOf(article).includes('<img src=x onerror=alert(2)>'));
      assert.ok(textOf(article).includes('<b>bold</b>'));
    });
  });
}

describe('page footer', () => {
  for (const [name, load] of [
    ['featured listing', featured],
    ['category listing', categoryPage],
    ['not-found page', () => cheerio.load(renderNotFound(site).body)],
  ] as const) {
    it(`on the ${name}, links the profiles and the feed and shows the copyright line`, () => {
      const $ = load();
      const footer = $('footer').last();
      for (const href of [
        'https://github.com/jane',
        'https://x.com/jane',
        'https://www.linkedin.com/in/jane',
        '/feed.xml',
      ]) {
        assert.equal(footer.find(`a[href="${href}"]`).length, 1, href);
      }
      const copyright = footer
        .find('*')
        .filter((_, el) => textOf($(el)) === 'Copyright © Folio Press All rights reserved.');
      assert.ok(copyright.length >= 1, textOf(footer));
    });
  }

  it('uses the author name in the copyright line when no owner is set', () => {
    const yaml = CONFIG_YAML.replace('owner: Jane Doe\n', '').replace(
      'name: Jane Doe',
      'name: Jan Kowalski',
    );
    const { config: noOwner } = parseConfig(yaml, 'folio.config.yaml');
    assert.ok(noOwner);
    const built = buildSite(noOwner, [post], { now: at('2030-01-01T00:00:00Z') });
    const $ = cheerio.load(renderRoute(built, { kind: 'featured', page: 1 }, bodies).body);
    const lines = $('footer *')
      .toArray()
      .map((el) => textOf($(el)));
    assert.ok(lines.includes('Copyright © Jan Kowalski All rights reserved.'), lines.join(' | '));
  });
});

describe('not-found page', () => {
  it('keeps the site header with the link to /', () => {
    const $ = cheerio.load(renderNotFound(site).body);
    assert.equal($('header a[href="/"]').filter((_, a) => textOf($(a)) === 'Dev Notes').length, 1);
    assert.equal($('main article').length, 0);
  });
});

describe('entries rendered once per version of the site', () => {
  const posts = Array.from({ length: 8 }, (_, i) =>
    makePost(`memo-${i}`, {
      date: at('2024-05-01T00:00:00Z') + i * 86_400_000,
      category: i % 2 === 0 ? 'Algorithm' : undefined,
      tags: ['Shared', `Own ${i}`],
    }),
  );
  const memoSite = buildSite(makeConfig({ pageSize: 3 }), posts, {
    now: at('2030-01-01T00:00:00Z'),
  });
  const memoBodies = fixtureBodies(posts);
  const misses = (): [number, number] => [
    renderedEntries[2].stats.misses,
    renderedEntries[3].stats.misses,
  ];
  const showEverything = (shown: typeof memoSite): string[] => [
    ...[1, 2, 3].map((page) => renderRoute(shown, { kind: 'featured', page }, memoBodies).body),
    ...[...shown.categoryBySlug.values(), ...shown.tagBySlug.values()].map(
      (term) => renderRoute(shown, { kind: term.kind, term }, memoBodies).body,
    ),
  ];

  it('renders a post shown on several listings once for each heading level', () => {
    const [h2, h3] = misses();
    const first = showEverything(memoSite);
    // Featured and tag pages title entries with h2; the category page, under its heading, h3.
    assert.deepEqual(misses(), [h2 + posts.length, h3 + posts.length / 2]);
    assert.deepEqual(showEverything(memoSite), first);
    assert.deepEqual(misses(), [h2 + posts.length, h3 + posts.length / 2]);
  });

  it('shows a new version of the site with entries of its own, and lets the last ones go', () => {
    showEverything(memoSite);
    const renamed = buildSite(
      makeConfig({ pageSize: 3, author: { name: 'Ada Lovelace', image: undefined } }),
      posts,
      { now: at('2030-01-01T00:00:00Z') },
    );
    const $ = cheerio.load(renderRoute(renamed, { kind: 'featured', page: 1 }, memoBodies).body);
    assert.equal($('main article .author').first().text(), 'Ada Lovelace');
    assert.equal($('main article img.avatar').length, 0);
    assert.equal(renderedEntries[2].size, 3);
    assert.equal(renderedEntries[3].size, 0);
  });
});
