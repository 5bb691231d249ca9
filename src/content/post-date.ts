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

/** A post date as shown (`YYYY-MM-DD HH:mm`) and as machine-readable ISO 8601, in `zone`. */
export function formatPostDate(millis: number, zone: string): { text: string; iso: string } {
  const key = `${millis} ${zone}`;
  let formatted = formattedDates.get(key);
  if (!formatted) {
    if (formattedDates.size >= REMEMBERED_DATES) formattedDates.clear();
    formatted = formatFromParts(millis, zone) ?? formatWithLuxon(millis, zone);
    formattedDates.set(key, formatted);
  }
  return formatted;
}

// Every listing, feed and data block shows the same dates again: each is formatted once.
const REMEMBERED_DATES = 200_000;
const formattedDates = new Map<string, { text: string; iso: string }>();

function formatWithLuxon(millis: number, zone: string): { text: string; iso: string } {
  const date = DateTime.fromMillis(millis, { zone });
  return {
    text: date.toFormat('yyyy-MM-dd HH:mm'),
    iso: date.toISO({ suppressMilliseconds: true }) ?? new Date(millis).toISOString(),
  };
}

/**
 * The same strings as `formatWithLuxon`, from one call to the platform's time zone data instead
 * of several: a large site shows thousands of dates. Undefined where Luxon's output has its own
 * conventions — zones it names itself (`UTC` prints `Z`), offsets in seconds, years before 1000.
 */
function formatFromParts(millis: number, zone: string): { text: string; iso: string } | undefined {
  if (LUXON_ZONE_NAMES.test(zone)) return undefined;
  return formatWallTime(millis, steadyOffset(zone, millis) ?? offsetAt(zone, millis));
}

/** The strings of `formatWithLuxon`, for an instant whose zone offset is known. */
function formatWallTime(
  millis: number,
  offsetMs: number,
): { text: string; iso: string } | undefined {
  if (offsetMs % 60_000 !== 0) return undefined;
  const wall = new Date(millis + offsetMs);
  const year = wall.getUTCFullYear();
  if (year < 1000 || year > 9999) return undefined;
  const pad = (n: number): string => String(n).padStart(2, '0');
  const date = `${year}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
  const time = `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
  const fraction = wall.getUTCMilliseconds();
  return {
    text: `${date} ${time}`,
    iso: `${date}T${time}:${pad(wall.getUTCSeconds())}${fraction ? `.${String(fraction).padStart(3, '0')}` : ''}${offsetText(offsetMs / 60_000)}`,
  };
}

const DAY_MS = 86_400_000;

/**
 * The zone's offset from UTC at `instant`, in ms, when it is the same at the start of the UTC day
 * before, of the day itself and of the two after — so that it holds for at least a day either
 * side — or undefined near a change, and for names Luxon reads itself. Offsets at the start of a
 * day are kept: posts fall on a few thousand days, and asking the platform is the costly part.
 */
function steadyOffset(zone: string, instant: number): number | undefined {
  if (LUXON_ZONE_NAMES.test(zone)) return undefined;
  const day = Math.floor(instant / DAY_MS);
  const offset = offsetAtDayStart(zone, day);
  for (const other of [day - 1, day + 1, day + 2]) {
    if (offsetAtDayStart(zone, other) !== offset) return undefined;
  }
  return offset;
}

const dayStartOffsets = new Map<string, Map<number, number>>();

function offsetAtDayStart(zone: string, day: number): number {
  let offsets = dayStartOffsets.get(zone);
  if (!offsets) {
    offsets = new Map();
    dayStartOffsets.set(zone, offsets);
  }
  let offset = offsets.get(day);
  if (offset === undefined) {
    if (offsets.size >= REMEMBERED_DAYS) offsets.clear();
    offset = offsetAt(zone, day * DAY_MS);
    offsets.set(day, offset);
  }
  return offset;
}

// Dates of 3,000 years, more than any blog has.
const REMEMBERED_DAYS = 1_100_000;

/**
 * The zone's offset from UTC at `instant`, in ms, from one call to the platform's time zone data;
 * NaN for years before 1000, which Luxon shows by rules of its own.
 */
function offsetAt(zone: string, instant: number): number {
  const fields: Record<string, string> = {};
  for (const part of wallClockFormat(zone).formatToParts(instant)) fields[part.type] = part.value;
  const { year = '', month = '', day = '', hour = '', minute = '', second = '' } = fields;
  if (year.length !== 4 || fields.era !== undefined) return Number.NaN;
  const wall = Date.UTC(+year, +month - 1, +day, +hour, +minute, +second);
  return wall - Math.floor(instant / 1000) * 1000;
}

// Names Luxon reads as fixed offsets of its own rather than as IANA zones.
const LUXON_ZONE_NAMES = /^(?:utc|gmt|local|system)(?:[+-]\d{1,2}(?::?\d{2})?)?$/i;

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(zone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClockFormats.set(zone, format);
  }
  return format;
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const size = Math.abs(minutes);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${sign}${pad(Math.floor(size / 60))}:${pad(size % 60)}`;
}
