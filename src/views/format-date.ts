// Render: a post's date as pages show it, in the site's time zone.
import { DateTime } from 'luxon';
import { Memo } from '../memo/memo.js';
import { isLuxonZoneName, offsetAt, steadyOffset } from '../time/zone-offset.js';

/** A date as shown (`YYYY-MM-DD HH:mm`) and as machine-readable ISO 8601. */
export interface ShownDate {
  readonly text: string;
  readonly iso: string;
}

/** A post date as shown (`YYYY-MM-DD HH:mm`) and as machine-readable ISO 8601, in `zone`. */
export function formatPostDate(millis: number, zone: string): ShownDate {
  return formattedDates.get(`${millis} ${zone}`, formatKey);
}

/** Every listing, feed and data block shows the same dates again: each is formatted once. */
export const formattedDates = new Memo<string, ShownDate>('formatted dates', 200_000);

/** The date a key of `formattedDates` names: the instant, a space, the zone. */
function formatKey(key: string): ShownDate {
  const space = key.indexOf(' ');
  const millis = Number(key.slice(0, space));
  const zone = key.slice(space + 1);
  return formatFromParts(millis, zone) ?? formatWithLuxon(millis, zone);
}

function formatWithLuxon(millis: number, zone: string): ShownDate {
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
function formatFromParts(millis: number, zone: string): ShownDate | undefined {
  if (isLuxonZoneName(zone)) return undefined;
  return formatWallTime(millis, steadyOffset(zone, millis) ?? offsetAt(zone, millis));
}

/** The strings of `formatWithLuxon`, for an instant whose zone offset is known. */
function formatWallTime(millis: number, offsetMs: number): ShownDate | undefined {
  if (offsetMs % 60_000 !== 0) return undefined;
  const wall = new Date(millis + offsetMs);
  const year = wall.getUTCFullYear();
  if (year < 1000 || year > 9999) return undefined;
  const date = `${year}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
  const time = `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
  const fraction = wall.getUTCMilliseconds();
  return {
    text: `${date} ${time}`,
    iso: `${date}T${time}:${pad(wall.getUTCSeconds())}${fraction ? `.${String(fraction).padStart(3, '0')}` : ''}${offsetText(offsetMs / 60_000)}`,
  };
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const size = Math.abs(minutes);
  return `${sign}${pad(Math.floor(size / 60))}:${pad(size % 60)}`;
}

const pad = (n: number): string => String(n).padStart(2, '0');
