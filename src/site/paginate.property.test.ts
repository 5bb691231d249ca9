import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { PAGER_WIDTH, pageCount, pageSlice, pagerWindow } from './paginate.js';

// Properties of the pager rule in docs/rules.md ("Pager") and of the split of a listing into
// pages.

/** Asserts everything the pager rule says of the window shown on page `current` of `last`. */
function assertPagerRule(current: number, last: number): void {
  const window = pagerWindow(current, last);
  const where = `page ${current} of ${last}: ${JSON.stringify(window)}`;
  assert.equal(window.length, Math.min(PAGER_WIDTH, last), `${where} has the wrong length`);
  window.forEach((page, i) => {
    assert.ok(Number.isInteger(page) && page >= 1 && page <= last, `${where} leaves 1..${last}`);
    if (i > 0) assert.equal(page, (window[i - 1] ?? NaN) + 1, `${where} is not consecutive`);
  });
  assert.ok(window.includes(current), `${where} leaves out the current page`);
  const before = current - 1;
  const after = last - current;
  if (before >= 2 && after >= 2) {
    assert.equal(window[2], current, `${where} does not centre the current page`);
  }
  // Clamped at the ends: a window that cannot centre the current page touches the near end.
  if (before < 2) assert.equal(window[0], 1, `${where} does not start at page 1`);
  if (after < 2) assert.equal(window.at(-1), last, `${where} does not end at the last page`);
}

describe('pagerWindow (properties)', () => {
  it('shows min(5, last) consecutive pages in 1..last, current centred where possible', () => {
    for (let last = 1; last <= 500; last++) {
      for (let current = 1; current <= last; current++) assertPagerRule(current, last);
    }
  });

  it('keeps the rule for listings of up to a million pages', () => {
    const position = fc
      .integer({ min: 1, max: 1_000_000 })
      .chain((last) => fc.tuple(fc.integer({ min: 1, max: last }), fc.constant(last)));
    fc.assert(
      fc.property(position, ([current, last]) => assertPagerRule(current, last)),
      { numRuns: 10_000, includeErrorInReport: true },
    );
  });
});

describe('pageSlice and pageCount (properties)', () => {
  it('hand out every item exactly once, in order, at most pageSize per page', () => {
    const listing = fc.tuple(fc.nat({ max: 2_000 }), fc.integer({ min: 1, max: 100 }));
    fc.assert(
      fc.property(listing, ([total, pageSize]) => {
        const items = Array.from({ length: total }, (_, i) => ({ item: i }));
        const pages = pageCount(total, pageSize);
        const where = `${total} items, ${pageSize} per page, ${pages} pages`;
        assert.ok(Number.isInteger(pages) && pages >= 1, where);
        const seen: { item: number }[] = [];
        for (let page = 1; page <= pages; page++) {
          const slice = pageSlice(items, page, pageSize);
          assert.ok(slice.length <= pageSize, `${where}: page ${page} holds ${slice.length}`);
          if (page < pages) assert.equal(slice.length, pageSize, `${where}: page ${page} not full`);
          if (total > 0) assert.ok(slice.length > 0, `${where}: page ${page} is empty`);
          seen.push(...slice);
        }
        assert.equal(seen.length, total, `${where}: items lost or repeated`);
        seen.forEach((entry, i) =>
          assert.equal(entry, items[i], `${where}: item ${i} out of order`),
        );
        assert.equal(
          pageSlice(items, pages + 1, pageSize).length,
          0,
          `${where}: items after the last page`,
        );
      }),
      { numRuns: 2_000, includeErrorInReport: true },
    );
  });
});
