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
  const fields: Record<string, string> = {};
  for (const part of wallClockFormat(zone).formatToParts(millis)) fields[part.type] = part.value;
  const { year = '', month = '', day = '', hour = '', minute = '', second = '' } = fields;
  if (year.length !== 4 || fields.era !== undefined) return undefined;
  const wholeSeconds = Math.floor(millis / 1000) * 1000;
  const wall = Date.UTC(+year, +month - 1, +day, +hour, +minute, +second);
  const offsetMs = wall - wholeSeconds;
  if (offsetMs % 60_000 !== 0) return undefined;
  const date = `${year}-${month}-${day}`;
  const fraction =
    millis === wholeSeconds ? '' : `.${String(millis - wholeSeconds).padStart(3, '0')}`;
  return {
    text: `${date} ${hour}:${minute}`,
    iso: `${date}T${hour}:${minute}:${second}${fraction}${offsetText(offsetMs / 60_000)}`,
  };
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
