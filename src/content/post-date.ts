// Load: reads a post's `date` in the site's time zone.
import { DateTime } from 'luxon';

const LOCAL_FORMATS: readonly [RegExp, string][] = [
  [/^\d{4}-\d{2}-\d{2}$/, 'yyyy-MM-dd'],
  [/^\d{4}-\d{2}-\d{2} \d{1,2}:\d{2}$/, 'yyyy-MM-dd H:mm'],
  [/^\d{4}-\d{2}-\d{2} \d{1,2}:\d{2}:\d{2}$/, 'yyyy-MM-dd H:mm:ss'],
  [/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/, 'iso'],
];
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/**
 * The instant a post is published, in epoch milliseconds, or `undefined` when `value` is not a
 * date Folio reads: `YYYY-MM-DD HH:mm`, `YYYY-MM-DD` (midnight), or ISO 8601. A value without an
 * offset is read in `zone`.
 */
export function parsePostDate(value: unknown, zone: string): number | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  let date: DateTime | undefined;
  if (WITH_OFFSET.test(text)) {
    date = DateTime.fromISO(text, { setZone: true });
  } else {
    const format = LOCAL_FORMATS.find(([pattern]) => pattern.test(text))?.[1];
    if (format === 'iso') date = DateTime.fromISO(text, { zone });
    else if (format) date = DateTime.fromFormat(text, format, { zone });
  }
  return date?.isValid ? date.toMillis() : undefined;
}

/** A post date as shown (`YYYY-MM-DD HH:mm`) and as machine-readable ISO 8601, in `zone`. */
export function formatPostDate(millis: number, zone: string): { text: string; iso: string } {
  const date = DateTime.fromMillis(millis, { zone });
  return {
    text: date.toFormat('yyyy-MM-dd HH:mm'),
    iso: date.toISO({ suppressMilliseconds: true }) ?? new Date(millis).toISOString(),
  };
}
