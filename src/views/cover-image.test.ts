import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as cheerio from 'cheerio';
import type { SiteConfig } from '../config/schema.js';
import type { BodyParts, CoverImage, Post } from '../content/post.js';
import { buildSite } from '../site/build-site.js';
import { at, fixtureBodies, makeConfig, makePost } from '../../test/support/site-fixtures.js';
import { renderRoute } from './render-route.js';

const cover = (src: string, alt = ''): CoverImage => ({ written: src, src, alt, line: 6 });

const sized = makePost('sized', {
  date: at('2024-03-05T00:00:00Z'),
  image: cover('/images/harbour.jpg', 'Boats in a harbour at dawn'),
});
const remote = makePost('remote', {
  date: at('2024-03-04T00:00:00Z'),
  image: cover('https://cdn.example.org/photo.webp'),
});
const plain = makePost('plain', { date: at('2024-03-03T00:00:00Z') });
const third = makePost('third', {
  date: at('2024-03-02T00:00:00Z'),
  image: cover('/images/third.png'),
});

const SIZES = new Map([
  ['/images/harbour.jpg', { width: 1200, height: 630 }],
  ['/images/card.png', { width: 800, height: 400 }],
  ['/images/third.png', { width: 640, height: 480 }],
]);

const posts = [sized, remote, plain, third];
const bodies = (shown: readonly Post[] = posts): BodyParts => ({
  ...fixtureBodies(shown),
  imageSize: (src) => SIZES.get(src),
});

function render(
  overrides: Partial<SiteConfig>,
  route: 'featured' | 'tag' | Post,
): cheerio.CheerioAPI {
  const site = buildSite(makeConfig(overrides), posts, { now: at('2030-01-01T00:00:00Z') });
  const term = site.tagBySlug.get('notes');
  assert.ok(term);
  const body =
    route === 'featured'
      ? renderRoute(site, { kind: 'featured', page: 1 }, bodies()).body
      : route === 'tag'
        ? renderRoute(site, { kind: 'tag', term }, bodies()).body
        : renderRoute(site, { kind: 'post', post: route }, bodies()).body;
  return cheerio.load(body);
}

const meta = ($: cheerio.CheerioAPI, key: string): string | undefined =>
  $(`meta[property="${key}"], meta[name="${key}"]`).attr('content');

describe("a post's cover image", () => {
  it('opens its page under the title and byline, sized, loaded at once', () => {
    const $ = render({}, sized);
    const img = $('article.post > header > img.post-cover');
    assert.equal(img.length, 1);
    assert.equal(img.prev().is('.byline'), true);
    assert.deepEqual(
      { ...img.attr() },
      {
        class: 'post-cover',
        src: '/images/harbour.jpg',
        alt: 'Boats in a harbour at dawn',
        width: '1200',
        height: '630',
        decoding: 'async',
      },
    );
  });

  it('goes without width and height when it is on another site, and is decorative without imageAlt', () => {
    const img = render({}, remote)('img.post-cover');
    assert.equal(img.attr('src'), 'https://cdn.example.org/photo.webp');
    assert.equal(img.attr('alt'), '');
    assert.equal(img.attr('width'), undefined);
    assert.equal(img.attr('height'), undefined);
  });

  it('carries a description with markup in it as text, on the page and in the cards', () => {
    const alt = '"><script>alert(1)</script>';
    const hostile = makePost('hostile', { image: cover('/images/harbour.jpg', alt) });
    const site = buildSite(makeConfig(), [hostile], { now: at('2030-01-01T00:00:00Z') });
    const body = renderRoute(site, { kind: 'post', post: hostile }, bodies([hostile])).body;
    assert.doesNotMatch(body, /<script>alert/);
    const $ = cheerio.load(body);
    assert.equal($('img.post-cover').attr('alt'), alt);
    assert.equal(meta($, 'og:image:alt'), alt);
    assert.equal(meta($, 'twitter:image:alt'), alt);
  });

  it('is no part of a page of a post without one', () => {
    assert.equal(render({}, plain)('img.post-cover').length, 0);
  });

  it('is the large social card of its post, by absolute URL under the site path, with size and description', () => {
    const $ = render({ url: 'https://x.github.io/blog' }, sized);
    assert.equal(meta($, 'og:image'), 'https://x.github.io/blog/images/harbour.jpg');
    assert.equal(meta($, 'og:image:width'), '1200');
    assert.equal(meta($, 'og:image:height'), '630');
    assert.equal(meta($, 'og:image:alt'), 'Boats in a harbour at dawn');
    assert.equal(meta($, 'twitter:card'), 'summary_large_image');
    assert.equal(meta($, 'twitter:image'), 'https://x.github.io/blog/images/harbour.jpg');
    assert.equal(meta($, 'twitter:image:alt'), 'Boats in a harbour at dawn');
    const data = JSON.parse($('script[type="application/ld+json"]').text()) as { image: string };
    assert.equal(data.image, 'https://x.github.io/blog/images/harbour.jpg');
  });

  it('names another site’s image as it is, with no size', () => {
    const $ = render({}, remote);
    assert.equal(meta($, 'og:image'), 'https://cdn.example.org/photo.webp');
    assert.equal(meta($, 'og:image:width'), undefined);
    assert.equal(meta($, 'og:image:alt'), undefined);
    assert.equal(meta($, 'twitter:image:alt'), undefined);
  });

  it("leaves a post without one the site's social image, or else the author's picture on a small card", () => {
    const withCard = render({ socialImage: '/images/card.png' }, plain);
    assert.equal(meta(withCard, 'og:image'), 'https://blog.example.com/images/card.png');
    assert.equal(meta(withCard, 'og:image:width'), '800');
    assert.equal(meta(withCard, 'twitter:card'), 'summary_large_image');
    const without = render({}, plain);
    assert.equal(meta(without, 'og:image'), 'https://blog.example.com/images/avatar.png');
    assert.equal(meta(without, 'og:image:width'), undefined);
    assert.equal(meta(without, 'twitter:card'), 'summary');
    assert.equal(meta(without, 'twitter:image'), undefined);
    const data = JSON.parse(without('script[type="application/ld+json"]').text()) as {
      image: string;
    };
    assert.equal(data.image, 'https://blog.example.com/images/avatar.png');
  });

  it("gives listings the site's social image when there is one", () => {
    const $ = render({ socialImage: 'https://cdn.example.org/card.png' }, 'featured');
    assert.equal(meta($, 'og:image'), 'https://cdn.example.org/card.png');
    assert.equal(meta($, 'twitter:card'), 'summary_large_image');
    assert.equal(meta(render({}, 'featured'), 'twitter:card'), 'summary');
  });

  it('is the JSON Feed image of its item', () => {
    const site = buildSite(makeConfig(), posts, { now: at('2030-01-01T00:00:00Z') });
    const feed = JSON.parse(renderRoute(site, { kind: 'json-feed' }, bodies()).body) as {
      items: { id: string; image?: string }[];
    };
    assert.deepEqual(
      feed.items.map((item) => item.image),
      [
        'https://blog.example.com/images/harbour.jpg',
        'https://cdn.example.org/photo.webp',
        undefined,
        'https://blog.example.com/images/third.png',
      ],
    );
  });
});

describe('covers in listing entries', () => {
  it('are not shown unless the config says so: entries are as they were', () => {
    const $ = render({}, 'featured');
    assert.equal($('main img:not(.avatar)').length, 0);
    const withoutCovers = posts.map((post) => ({ ...post, image: undefined }));
    const site = buildSite(makeConfig(), withoutCovers, { now: at('2030-01-01T00:00:00Z') });
    const before = renderRoute(site, { kind: 'featured', page: 1 }, bodies(withoutCovers)).body;
    assert.equal(cheerio.load(before)('main').html(), $('main').html());
  });

  it('are shown with entryExtras: [image], sized, under the title, no link of their own', () => {
    const $ = render({ entryExtras: ['image'] }, 'featured');
    const images = $('main article.entry img.entry-image');
    assert.deepEqual(images.map((_, img) => $(img).attr('src')).get(), [
      '/images/harbour.jpg',
      'https://cdn.example.org/photo.webp',
      '/images/third.png',
    ]);
    const first = images.first();
    assert.equal(first.prev().is('h2.entry-title'), true);
    assert.equal(first.closest('a').length, 0);
    assert.equal(first.attr('alt'), 'Boats in a harbour at dawn');
    assert.equal(first.attr('width'), '1200');
    assert.equal(first.attr('height'), '630');
    assert.equal($('main article.entry:has(a[href="/posts/plain/"]) img.entry-image').length, 0);
  });

  it('load at once in the first two entries of a page and lazily below', () => {
    for (const route of ['featured', 'tag'] as const) {
      const $ = render({ entryExtras: ['image'] }, route);
      const loading = $('main img.entry-image')
        .map((_, img) => `${$(img).attr('src')} ${$(img).attr('loading') ?? 'eager'}`)
        .get();
      assert.deepEqual(loading, [
        '/images/harbour.jpg eager',
        'https://cdn.example.org/photo.webp eager',
        '/images/third.png lazy',
      ]);
      assert.equal($('main img.entry-image[decoding="async"]').length, 3);
    }
  });

  it('load lazily where the same post is further down another page', () => {
    const site = buildSite(makeConfig({ entryExtras: ['image'] }), posts, {
      now: at('2030-01-01T00:00:00Z'),
    });
    const later = makePost('later', { date: at('2024-04-01T00:00:00Z') });
    const moved = buildSite(makeConfig({ entryExtras: ['image'] }), [later, ...posts], {
      now: at('2030-01-01T00:00:00Z'),
    });
    const first = cheerio.load(renderRoute(site, { kind: 'featured', page: 1 }, bodies()).body);
    const second = cheerio.load(
      renderRoute(moved, { kind: 'featured', page: 1 }, bodies([later, ...posts])).body,
    );
    assert.equal(first('img[src="https://cdn.example.org/photo.webp"]').attr('loading'), undefined);
    assert.equal(second('img[src="https://cdn.example.org/photo.webp"]').attr('loading'), 'lazy');
  });
});
