import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PAGER_WIDTH, pageCount, pageSlice, pagerWindow } from './paginate.js';

const range = (first: number, last: number): number[] =>
  Array.from({ length: last - first + 1 }, (_, i) => first + i);

describe('pager window', () => {
  it('shows pages 1–5 on page 1 of 29', () => {
    assert.deepEqual(pagerWindow(1, 29), [1, 2, 3, 4, 5]);
  });

  it('centres page 26 of 29 and shows 24–28, as the spec observed', () => {
    assert.deepEqual(pagerWindow(26, 29), [24, 25, 26, 27, 28]);
  });

  it('shows 25–29 on the last page of 29', () => {
    assert.deepEqual(pagerWindow(29, 29), [25, 26, 27, 28, 29]);
  });

  it('shows 1–5 on page 3 of 29', () => {
    assert.deepEqual(pagerWindow(3, 29), [1, 2, 3, 4, 5]);
  });

  it('shows every page when there are fewer than five', () => {
    assert.deepEqual(pagerWindow(2, 3), [1, 2, 3]);
    assert.deepEqual(pagerWindow(1, 1), [1]);
  });

  it('shows five pages when there are exactly five, whatever the current page', () => {
    for (const current of range(1, 5)) assert.deepEqual(pagerWindow(current, 5), range(1, 5));
  });

  it('always shows min(5, last) consecutive pages within 1..last that include the current one', () => {
    for (let last = 1; last <= 40; last++) {
      for (let current = 1; current <= last; current++) {
        const window = pagerWindow(current, last);
        const where = `page ${current} of ${last}: ${JSON.stringify(window)}`;
        assert.equal(window.length, Math.min(PAGER_WIDTH, last), where);
        window.forEach((page, i) => {
          if (i > 0) assert.equal(page, (window[i - 1] ?? 0) + 1, where);
        });
        assert.ok((window[0] ?? 0) >= 1 && (window.at(-1) ?? 0) <= last, where);
        assert.ok(window.includes(current), where);
        if (current >= 3 && current <= last - 2) {
          assert.deepEqual(window, range(current - 2, current + 2), `${where} is not centred`);
        }
      }
    }
  });
});

describe('page count and slices', () => {
  it('fills pages of pageSize entries, the last one partly', () => {
    assert.equal(pageCount(10, 10), 1);
    assert.equal(pageCount(11, 10), 2);
    assert.equal(pageCount(290, 10), 29);
  });

  it('still has one page when there are no posts', () => {
    assert.equal(pageCount(0, 10), 1);
  });

  it('gives each page its own entries, in order', () => {
    const items = range(1, 23);
    assert.deepEqual(pageSlice(items, 1, 10), range(1, 10));
    assert.deepEqual(pageSlice(items, 2, 10), range(11, 20));
    assert.deepEqual(pageSlice(items, 3, 10), range(21, 23));
  });
});
