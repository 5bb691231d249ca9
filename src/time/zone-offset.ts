// Time zones: a zone's offset from UTC at an instant, from the platform's time zone data. Shared
// by reading post dates (content/) and showing them (views/); pure, the answers are remembered.
import { Memo } from '../memo/memo.js';

export const DAY_MS = 86_400_000;

// Names Luxon reads as fixed offsets of its own rather than as IANA zones.
const LUXON_ZONE_NAMES = /^(?:utc|gmt|local|system)(?:[+-]\d{1,2}(?::?\d{2})?)?$/i;

/** Whether Luxon reads `zone` by rules of its own (`UTC`, `GMT+2`, `local`) rather than as IANA's. */
export function isLuxonZoneName(zone: string): boolean {
  return LUXON_ZONE_NAMES.test(zone);
}

/**
 * The zone's offset from UTC at `instant`, in ms, when it is the same at the start of the UTC day
 * before, of the day itself and of the two after — so that it holds for at least a day either
 * side — or undefined near a change, and for names Luxon reads itself.
 */
export function steadyOffset(zone: string, instant: number): number | undefined {
  if (isLuxonZoneName(zone)) return undefined;
  const { dayStarts } = timeZones.get(zone, newZoneClock);
  const day = Math.floor(instant / DAY_MS);
  const offset = dayStarts.get(day, offsetAtDayStart, zone);
  if (
    dayStarts.get(day - 1, offsetAtDayStart, zone) !== offset ||
    dayStarts.get(day + 1, offsetAtDayStart, zone) !== offset ||
    dayStarts.get(day + 2, offsetAtDayStart, zone) !== offset
  ) {
    return undefined;
  }
  return offset;
}

/**
 * The zone's offset from UTC at `instant`, in ms, from one call to the platform's time zone data;
 * NaN for years before 1000, which Luxon shows by rules of its own.
 */
export function offsetAt(zone: string, instant: number): number {
  const fields: Record<string, string> = {};
  const { format } = timeZones.get(zone, newZoneClock);
  for (const part of format.formatToParts(instant)) fields[part.type] = part.value;
  const { year = '', month = '', day = '', hour = '', minute = '', second = '' } = fields;
  if (year.length !== 4 || fields.era !== undefined) return Number.NaN;
  const wall = Date.UTC(+year, +month - 1, +day, +hour, +minute, +second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** What is kept of a time zone: its wall-clock format, and its offsets at the start of days. */
interface ZoneClock {
  readonly format: Intl.DateTimeFormat;
  /**
   * Asking the platform is the costly part, and posts fall on a few thousand days: the offset at
   * the start of each UTC day is kept, for days of 3,000 years, more than any blog has.
   */
  readonly dayStarts: Memo<number, number>;
}

/** The zones dates are read and shown in: a site has one, tests and tools a few more. */
export const timeZones = new Memo<string, ZoneClock>('time zones', 64);

function newZoneClock(zone: string): ZoneClock {
  return {
    format: new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }),
    dayStarts: new Memo(`day-start offsets in ${zone}`, 1_100_000),
  };
}

function offsetAtDayStart(day: number, zone: string): number {
  return offsetAt(zone, day * DAY_MS);
}
