import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as cheerio from 'cheerio';
import type { Locale } from '../config/schema.js';
import type { Post } from '../content/post.js';
import { at, fixtureBodies, makeConfig, makePost } from '../../test/support/site-fixtures.js';
import { buildSite } from '../site/build-site.js';
import { viewContext } from './context.js';
import { postPage } from './post-page.js';
import { postsShownBy } from './render-route.js';

const part = (slug: string, day: string): Post =>
  makePost(slug, {
    title: `Part ${slug}`,
    date: at(`2024-01-${day}T00:00:00Z`),
    series: { name: 'Rust', order: undefined, line: 5, orderLine: 5 },
  });

function seriesBoxOf(locale: Locale, posts: readonly Post[], slug: string) {
  const site = buildSite(makeConfig({ locale }), posts, { now: at('2025-01-01T00:00:00Z') });
  const post = site.posts.find((p) => p.slug === slug) as Post;
  const $ = cheerio.load(postPage(viewContext(site, fixtureBodies(site.posts)), post).body);
  return { $, box: $('nav.post-series') };
}

describe("a series' box", () => {
  const posts = [part('one', '01'), part('two', '02'), part('three', '03')];

  it('says which part the post is in the UI language, and names the series', () => {
    const expected: Record<Locale, [string, string]> = {
      en: ['Series: Rust', 'Part 2 of 3'],
      ko: ['시리즈: Rust', '전체 3편 중 2편'],
      ja: ['シリーズ: Rust', '全3回中の第2回'],
      'zh-Hans': ['系列：Rust', '第 2 篇，共 3 篇'],
      'zh-Hant': ['系列：Rust', '第 2 篇，共 3 篇'],
    };
    for (const [locale, [name, part]] of Object.entries(expected)) {
      const { box } = seriesBoxOf(locale as Locale, posts, 'two');
      assert.equal(box.attr('aria-label'), name, locale);
      assert.equal(box.find('.series-part').text(), part, locale);
    }
  });

  it('marks the current part without a link, and is left out of a series of one post', () => {
    const { $, box } = seriesBoxOf('en', posts, 'one');
    assert.equal(box.find('ol > li:first-child [aria-current="page"]').text(), 'Part one');
    assert.equal(box.find('ol > li:first-child a').length, 0);
    assert.equal($('nav.post-series').length, 1);
    assert.equal(seriesBoxOf('en', [part('alone', '01')], 'alone').box.length, 0);
  });
});

describe('what a post page shows of other posts', () => {
  it('names its series, related posts and neighbours, so that a change to any renders it again', () => {
    const posts = [
      part('one', '01'),
      part('two', '02'),
      makePost('far', { tags: ['notes'], date: at('2020-01-01T00:00:00Z') }),
      makePost('next', { tags: ['other'], date: at('2024-06-01T00:00:00Z') }),
    ];
    const site = buildSite(makeConfig(), posts, { now: at('2025-01-01T00:00:00Z') });
    const two = site.posts.find((p) => p.slug === 'two') as Post;
    // Its neighbours are `next` and `one`; `far` is only related to it, by the tag `notes`.
    const shown = new Set(postsShownBy(site, { kind: 'post', post: two }).map((p) => p.slug));
    assert.deepEqual([...shown].sort(), ['far', 'next', 'one', 'two']);
  });
});
