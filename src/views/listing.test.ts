import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as cheerio from 'cheerio';
import { buildSite } from '../site/build-site.js';
import { at, fixtureBodies, makeConfig, makePosts } from '../../test/support/site-fixtures.js';
import { renderRoute } from './render-route.js';

// 12 posts, 2 per page: six featured pages. Five of them are filed under Algorithm.
const posts = makePosts(12).map((post, i) =>
  i % 2 === 0 ? { ...post, category: 'Algorithm' } : post,
);
const site = buildSite(makeConfig({ pageSize: 2 }), posts, { now: at('2030-01-01T00:00:00Z') });
const bodies = fixtureBodies(posts);
const LAST = 6;

const featured = (page: number): cheerio.CheerioAPI =>
  cheerio.load(renderRoute(site, { kind: 'featured', page }, bodies).body);

function categoryPage(): cheerio.CheerioAPI {
  const term = site.categoryBySlug.get('algorithm');
  assert.ok(term);
  return cheerio.load(renderRoute(site, { kind: 'category', term }, bodies).body);
}

/** The pager's items as text, and the element that carries each. */
function pagerItems($: cheerio.CheerioAPI) {
  const pager = $('nav[aria-label="Pagination"]');
  assert.equal(pager.length, 1);
  return pager
    .find('li')
    .toArray()
    .map((li) => {
      const link = $(li).find('a');
      return {
        text: $(li).text().trim(),
        href: link.length === 1 ? link.attr('href') : undefined,
        current: $(li).find('[aria-current="page"]').length === 1,
      };
    });
}

const item = ($: cheerio.CheerioAPI, text: string) => {
  const found = pagerItems($).find((i) => i.text === text);
  assert.ok(found, `no pager item ${text}`);
  return found;
};

describe('featured listing', () => {
  it('has a header with the site name linking to / and the tagline', () => {
    const $ = featured(1);
    const header = $('header').first();
    const home = header.find('a[href="/"]').filter((_, a) => $(a).text().trim() === 'Dev Notes');
    assert.equal(home.length, 1);
    assert.ok(header.text().includes('Sharing what I learn from building software.'));
  });

  it('lists pageSize entries, newest first', () => {
    const $ = featured(1);
    const titles = $('main article h2 a')
      .toArray()
      .map((a) => $(a).text().trim());
    assert.deepEqual(titles, ['Post post-12', 'Post post-11']);
    assert.equal(featured(LAST)('main article').length, 2);
  });

  it('has a pager with Previous Page, five page numbers and Next Page', () => {
    const texts = pagerItems(featured(1)).map((i) => i.text);
    assert.deepEqual(texts, ['Previous Page', '1', '2', '3', '4', '5', 'Next Page']);
  });

  it('centres the current page in the pager where it can', () => {
    const texts = pagerItems(featured(4)).map((i) => i.text);
    assert.deepEqual(texts, ['Previous Page', '2', '3', '4', '5', '6', 'Next Page']);
  });

  it('marks the current page with aria-current="page" and does not link it', () => {
    for (const page of [1, 3, LAST]) {
      const $ = featured(page);
      const current = $('nav[aria-label="Pagination"] [aria-current="page"]');
      assert.equal(current.length, 1, `page ${page}`);
      assert.equal(current.text().trim(), String(page));
      assert.equal(current.is('a') || current.closest('a').length > 0, false, `page ${page}`);
      const others = pagerItems($).filter((i) => /^\d+$/.test(i.text) && i.text !== String(page));
      for (const other of others) {
        assert.equal(other.current, false);
        assert.ok(other.href, `page ${other.text} is not a link`);
      }
    }
  });

  it('links page numbers to their pages, page 1 to /', () => {
    const $ = featured(3);
    assert.equal(item($, '1').href, '/');
    assert.equal(item($, '2').href, '/page/2/');
    assert.equal(item($, '5').href, '/page/5/');
  });

  it('shows Previous Page on page 1, but not as a link', () => {
    const $ = featured(1);
    assert.equal(item($, 'Previous Page').href, undefined);
    assert.equal(item($, 'Next Page').href, '/page/2/');
  });

  it('shows Next Page on the last page, but not as a link', () => {
    const $ = featured(LAST);
    assert.equal(item($, 'Next Page').href, undefined);
    assert.equal(item($, 'Previous Page').href, `/page/${LAST - 1}/`);
  });

  it('links Previous Page on page 2 to /', () => {
    const $ = featured(2);
    assert.equal(item($, 'Previous Page').href, '/');
    assert.equal(item($, 'Next Page').href, '/page/3/');
  });
});

describe('category listing', () => {
  it('shows the localized title, then the heading "All Posts in <name>"', () => {
    const $ = categoryPage();
    const h1 = $('main h1');
    assert.equal(h1.length, 1);
    assert.equal(h1.text().trim(), '알고리즘');
    const headings = $('main h1, main h2')
      .toArray()
      .map((el) => $(el).text().trim());
    assert.deepEqual(headings.slice(0, 2), ['알고리즘', 'All Posts in Algorithm']);
  });

  it('lists every post of the category on one page, newest first', () => {
    const $ = categoryPage();
    const links = $('main article a[href^="/posts/"]')
      .toArray()
      .map((a) => $(a).attr('href'));
    assert.deepEqual(links, [
      '/posts/post-11/',
      '/posts/post-09/',
      '/posts/post-07/',
      '/posts/post-05/',
      '/posts/post-03/',
      '/posts/post-01/',
    ]);
  });

  it('has no pager', () => {
    const $ = categoryPage();
    assert.equal($('nav[aria-label="Pagination"]').length, 0);
    assert.equal($('a').filter((_, a) => /Previous Page|Next Page/.test($(a).text())).length, 0);
  });

  it('offers three share links for the page, without scripts', () => {
    const $ = categoryPage();
    const share = $('[aria-label="Share"] a');
    assert.equal(share.length, 3);
    const hrefs = share.toArray().map((a) => $(a).attr('href') ?? '');
    const pageUrl = encodeURIComponent('https://blog.example.com/categories/algorithm/');
    assert.ok(hrefs[0]?.startsWith('https://x.com/'), hrefs[0]);
    assert.ok(hrefs[1]?.startsWith('https://www.facebook.com/'), hrefs[1]);
    assert.ok(hrefs[2]?.startsWith('https://www.linkedin.com/'), hrefs[2]);
    for (const href of hrefs) assert.ok(href.includes(pageUrl), href);
    assert.equal($('script:not([type="application/ld+json"])').length, 0);
  });

  it('keeps the site header without the tagline', () => {
    const $ = categoryPage();
    assert.equal(
      $('header a[href="/"]').filter((_, a) => $(a).text().trim() === 'Dev Notes').length,
      1,
    );
    assert.ok(!$('header').text().includes('Sharing what I learn'));
  });
});
