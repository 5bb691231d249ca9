import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as cheerio from 'cheerio';
import type { SiteConfig } from '../config/schema.js';
import { buildSite } from '../site/build-site.js';
import { at, fixtureBodies, makeConfig, makePost } from '../../test/support/site-fixtures.js';
import { renderRoute } from './render-route.js';

const post = makePost('long-read', { category: 'Algorithm' });
const bodies = { ...fixtureBodies([post]), readingMinutes: new Map([[post, 7]]) };
const now = at('2030-01-01T00:00:00Z');

/** The post's page, its entry on the featured listing and on its category page, under `overrides`. */
function pages(overrides: Partial<SiteConfig> = {}) {
  const site = buildSite(makeConfig(overrides), [post], { now });
  const term = site.categoryBySlug.get('algorithm');
  assert.ok(term);
  const load = (route: Parameters<typeof renderRoute>[1]) =>
    cheerio.load(renderRoute(site, route, bodies).body);
  return {
    post: load({ kind: 'post', post }),
    featured: load({ kind: 'featured', page: 1 }),
    category: load({ kind: 'category', term }),
  };
}

const readingTime = ($: cheerio.CheerioAPI): string => $('.byline .reading-time').text();

describe('reading time', () => {
  it("shows the minutes on the post page's byline, and tells JSON-LD", () => {
    const { post: $ } = pages();
    assert.equal(readingTime($), '· 7 min read');
    const data = JSON.parse($('script[type="application/ld+json"]').text()) as Record<
      string,
      unknown
    >;
    assert.equal(data.timeRequired, 'PT7M');
  });

  it('phrases it in the language of the site', () => {
    const phrases = (['ko', 'ja', 'zh-Hans'] as const).map((locale) =>
      readingTime(pages({ locale }).post),
    );
    assert.deepEqual(phrases, ['· 읽는 데 7분', '· 7分で読めます', '· 7 分钟阅读']);
  });

  it('leaves listing entries without it, as the specification shows them', () => {
    const { featured, category } = pages();
    assert.equal(featured('.reading-time').length, 0);
    assert.equal(category('.reading-time').length, 0);
  });

  it('shows it on every entry when entryExtras lists readingTime', () => {
    const { featured, category } = pages({ entryExtras: ['readingTime'] });
    assert.equal(readingTime(featured), '· 7 min read');
    assert.equal(readingTime(category), '· 7 min read');
  });

  it('is nowhere with readingTime: false, whatever entryExtras lists', () => {
    const off = pages({ readingTime: false, entryExtras: ['readingTime'] });
    assert.equal(off.post('.reading-time').length, 0);
    assert.equal(off.featured('.reading-time').length, 0);
    assert.equal(off.category('.reading-time').length, 0);
    const data = JSON.parse(off.post('script[type="application/ld+json"]').text()) as Record<
      string,
      unknown
    >;
    assert.equal(data.timeRequired, undefined);
  });
});
