// Load: reads a post's `date` in the site's time zone.
import { DateTime } from 'luxon';

// `YYYY-MM-DD`, `YYYY-MM-DD HH:mm[:ss]` and ISO 8601 without an offset: read in the site's zone.
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/**
 * The instant a post is published, in epoch milliseconds, or `undefined` when `value` is not a
 * date Folio reads: `YYYY-MM-DD HH:mm`, `YYYY-MM-DD` (midnight), or ISO 8601. A value without an
 * offset is read in `zone`.
 */
export function parsePostDate(value: unknown, zone: string): number | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (WITH_OFFSET.test(text)) {
    const date = DateTime.fromISO(text, { setZone: true });
    return date.isValid ? date.toMillis() : undefined;
  }
  const parts = LOCAL.exec(text);
  if (!parts) return undefined;
  const [year, month, day, hour = 0, minute = 0, second = 0] = parts
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  const fields = { year, month, day, hour, minute, second };
  // fromObject accepts out-of-range fields only to report them invalid, as 2024-13-45 must be.
  const date = DateTime.fromObject(fields, { zone });
  return date.isValid ? date.toMillis() : undefined;
}

/** A post date as shown (`YYYY-MM-DD HH:mm`) and as machine-readable ISO 8601, in `zone`. */
export function formatPostDate(millis: number, zone: string): { text: string; iso: string } {
  const key = `${millis} ${zone}`;
  let formatted = formattedDates.get(key);
  if (!formatted) {
    if (formattedDates.size >= REMEMBERED_DATES) formattedDates.clear();
    const date = DateTime.fromMillis(millis, { zone });
    formatted = {
      text: date.toFormat('yyyy-MM-dd HH:mm'),
      iso: date.toISO({ suppressMilliseconds: true }) ?? new Date(millis).toISOString(),
    };
    formattedDates.set(key, formatted);
  }
  return formatted;
}

// Every listing, feed and data block shows the same dates again: each is formatted once.
const REMEMBERED_DATES = 200_000;
const formattedDates = new Map<string, { text: string; iso: string }>();
