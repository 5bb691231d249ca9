// Time zones: the calendar day an instant falls on in a zone, for dates in URLs (pure).
import { DateTime } from 'luxon';
import { isLuxonZoneName, offsetAt, steadyOffset } from './zone-offset.js';

export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** The year, month and day of `millis` on the wall clocks of `zone`. */
export function calendarDate(millis: number, zone: string): CalendarDate {
  const offset = isLuxonZoneName(zone)
    ? Number.NaN
    : (steadyOffset(zone, millis) ?? offsetAt(zone, millis));
  if (Number.isNaN(offset)) {
    const { year, month, day } = DateTime.fromMillis(millis, { zone });
    return { year, month, day };
  }
  const wall = new Date(millis + offset);
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}
