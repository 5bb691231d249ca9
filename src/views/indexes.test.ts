import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { at, makePost } from '../../test/support/site-fixtures.js';
import { archiveYears, tagWeight } from './indexes.js';

describe('the archive', () => {
  it("groups posts by year and month in the site's time zone, keeping their order", () => {
    const posts = [
      makePost('new-year', { date: at('2024-12-31T16:00:00Z') }), // 2025-01-01 in Seoul
      makePost('late', { date: at('2024-12-31T14:00:00Z') }),
      makePost('mid', { date: at('2024-12-02T00:00:00Z') }),
      makePost('old', { date: at('2023-03-15T00:00:00Z') }),
    ];
    const years = archiveYears(posts, 'Asia/Seoul');
    assert.deepEqual(
      years.map(({ year, count, months }) => [
        year,
        count,
        months.map(({ month, posts: inMonth }) => [month, inMonth.map((post) => post.slug)]),
      ]),
      [
        ['2025', 1, [['2025-01', ['new-year']]]],
        ['2024', 2, [['2024-12', ['late', 'mid']]]],
        ['2023', 1, [['2023-03', ['old']]]],
      ],
    );
    assert.deepEqual(archiveYears(posts, 'UTC')[0]?.year, '2024');
    assert.deepEqual(archiveYears([], 'UTC'), []);
  });
});

describe('the weight of a tag', () => {
  it('runs from 1 for a tag of one post to 5 for the tag of the most', () => {
    assert.equal(tagWeight(1, 1), 1);
    assert.equal(tagWeight(1, 40), 1);
    assert.equal(tagWeight(40, 40), 5);
    const weights = [1, 2, 5, 10, 20, 40].map((count) => tagWeight(count, 40));
    assert.deepEqual(
      weights,
      [...weights].sort((a, b) => a - b),
    );
    assert.ok(weights.every((weight) => weight >= 1 && weight <= 5));
  });
});
