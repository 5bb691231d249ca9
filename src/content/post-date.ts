// Load: reads a post's `date` in the site's time zone.
import { DateTime } from 'luxon';
import { steadyOffset } from '../time/zone-offset.js';

// `YYYY-MM-DD`, `YYYY-MM-DD HH:mm[:ss]` and ISO 8601 without an offset: read in the site's zone.
// Month and day may have one digit (`2019-6-3`), as Jekyll and Hexo accept.
const LOCAL = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;
// A wall time with its offset after a space, as Jekyll writes dates (`2019-06-10 14:22:00 +0900`).
// Offsets in use run from -12:00 to +14:00; ISO 8601 and JavaScript allow up to 18 hours.
const MAX_OFFSET_HOURS = 18;
const SPACED_OFFSET =
  /^(\d{4}-\d{1,2}-\d{1,2}[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?) ?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * The instant a post is published, in epoch milliseconds, or `undefined` when `value` is not a
 * date Folio reads: `YYYY-MM-DD HH:mm`, `YYYY-MM-DD` (midnight), or ISO 8601; also seconds, a
 * one-digit month or day, and an offset after a space (`2019-6-10 14:22:00 +0900`), as blogs
 * moved from Jekyll or Hexo write them. A value without an offset is read in `zone`.
 */
export function parsePostDate(value: unknown, zone: string): number | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const spaced = WITH_OFFSET.test(text) ? undefined : SPACED_OFFSET.exec(text);
  if (spaced) {
    // The wall time as written, at the offset written: the same instant in any zone.
    const [, wall = '', offset = ''] = spaced;
    if (offset === 'Z') return parsePostDate(wall, 'UTC');
    const hours = offset.slice(0, 3);
    const minutes = offset.slice(-2);
    if (Math.abs(Number(hours)) > MAX_OFFSET_HOURS || Number(minutes) > 59) return undefined;
    return parsePostDate(wall, `UTC${hours}:${minutes}`);
  }
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
  if (isPlainWallTime(fields)) {
    // Read as if in UTC, the wall time is off from the instant by the zone's offset, less than a
    // day: where the offset holds a day either side, the instant is the wall time less it.
    const wall = Date.UTC(fields.year, fields.month - 1, fields.day, hour, minute, second);
    const offset = steadyOffset(zone, wall);
    if (offset !== undefined) return wall - offset;
  }
  // Near a change of offset, where a wall time may be missing or happen twice, and for what is
  // out of range (fromObject accepts such fields only to report them invalid, as 2024-13-45
  // must be), Luxon decides.
  const date = DateTime.fromObject(fields, { zone });
  return date.isValid ? date.toMillis() : undefined;
}

interface WallTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

/** Whether the fields name a wall time of years 1000–9999 that is plainly in range. */
function isPlainWallTime(fields: {
  readonly [field in keyof WallTime]: number | undefined;
}): fields is WallTime {
  const { year = 0, month = 0, day = 0, hour = -1, minute = -1, second = -1 } = fields;
  return (
    year >= 1000 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= new Date(Date.UTC(year, month, 0)).getUTCDate() &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59
  );
}
