import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { parsePostDate } from '../content/post-date.js';
import { TIME_ZONES as zones } from '../../test/support/time-zones.js';
import { buildSite } from '../site/build-site.js';
import { at, fixtureBodies, makeConfig, makePosts } from '../../test/support/site-fixtures.js';
import { formatPostDate, formattedDates } from './format-date.js';
import { renderRoute } from './render-route.js';

const utc = (iso: string): number => Date.parse(iso);

describe('showing post dates', () => {
  it('shows YYYY-MM-DD HH:mm in the site zone, with the full ISO 8601 value', () => {
    const shown = formatPostDate(utc('2024-03-14T15:00:00Z'), 'Asia/Seoul');
    assert.equal(shown.text, '2024-03-15 00:00');
    assert.equal(shown.iso, '2024-03-15T00:00:00+09:00');
    assert.equal(Date.parse(shown.iso), utc('2024-03-14T15:00:00Z'));
  });

  it('shows back the date an author wrote', () => {
    const zone = 'America/New_York';
    const millis = parsePostDate('2024-11-03 09:05', zone);
    assert.ok(millis !== undefined);
    assert.equal(formatPostDate(millis, zone).text, '2024-11-03 09:05');
  });
});

describe('showing post dates on pages', () => {
  it('formats each date once, however many pages and data blocks show it', () => {
    // Dates no other test of this file shows: each is formatted for the first time here.
    const posts = makePosts(6, { date: at('2031-05-01T08:00:00Z'), category: 'Algorithm' }).map(
      (post, i) => ({ ...post, date: post.date + i * 3_600_000 }),
    );
    const site = buildSite(makeConfig({ pageSize: 3 }), posts, { now: at('2032-01-01T00:00:00Z') });
    const term = site.categoryBySlug.get('algorithm');
    assert.ok(term);
    const before = formattedDates.stats;
    const firstPage = renderRoute(site, { kind: 'featured', page: 1 }, fixtureBodies(posts)).body;
    assert.equal(formattedDates.stats.misses - before.misses, 3);
    assert.equal(
      renderRoute(site, { kind: 'featured', page: 1 }, fixtureBodies(posts)).body,
      firstPage,
    );
    renderRoute(site, { kind: 'featured', page: 2 }, fixtureBodies(posts));
    renderRoute(site, { kind: 'category', term }, fixtureBodies(posts));
    for (const post of posts) renderRoute(site, { kind: 'post', post }, fixtureBodies(posts));
    const after = formattedDates.stats;
    assert.equal(after.misses - before.misses, posts.length);
    assert.ok(after.hits - before.hits >= 3 * posts.length);
    assert.ok(
      firstPage.includes('<time datetime="2031-05-01T22:00:00+09:00">2031-05-01 22:00</time>'),
    );
  });
});

describe('showing post dates (properties)', () => {
  it('shows every instant in every zone exactly as Luxon formats it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1000, 0, 1), max: Date.UTC(9999, 11, 31) }),
        fc.constantFrom(...zones),
        fc.constantFrom(0, 60_000, 1000, 7),
        (instant, zone, grain) => {
          const millis = grain === 0 ? instant : instant - (instant % grain);
          const date = DateTime.fromMillis(millis, { zone });
          assert.deepEqual(formatPostDate(millis, zone), {
            text: date.toFormat('yyyy-MM-dd HH:mm'),
            iso: date.toISO({ suppressMilliseconds: true }),
          });
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('shows the minutes around summer time changes as Luxon does', () => {
    for (const zone of zones) {
      for (const start of [Date.UTC(2024, 2, 9), Date.UTC(2024, 9, 26), Date.UTC(2024, 3, 6)]) {
        for (let millis = start; millis < start + 3 * 86_400_000; millis += 15 * 60_000) {
          const date = DateTime.fromMillis(millis, { zone });
          assert.equal(
            formatPostDate(millis, zone).iso,
            date.toISO({ suppressMilliseconds: true }),
          );
        }
      }
    }
  });
});
