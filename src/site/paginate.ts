// Index: splitting the featured listing into pages, and the pager's window of page numbers.

/** How many pages `total` entries fill; an empty site still has its first page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function pageSlice<T>(items: readonly T[], page: number, pageSize: number): readonly T[] {
  return items.slice((page - 1) * pageSize, page * pageSize);
}

/** How many page numbers the pager shows at most. */
export const PAGER_WIDTH = 5;

/**
 * The consecutive page numbers the pager shows: `PAGER_WIDTH` of them, the current page centred
 * where possible and the run clamped to 1..last; every page when there are fewer.
 */
export function pagerWindow(current: number, last: number): number[] {
  const width = Math.min(PAGER_WIDTH, last);
  const first = Math.min(Math.max(1, current - Math.floor(PAGER_WIDTH / 2)), last - width + 1);
  return Array.from({ length: width }, (_, i) => first + i);
}
