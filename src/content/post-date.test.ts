import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { parsePostDate } from './post-date.js';
import { TIME_ZONES as zones } from '../../test/support/time-zones.js';

const utc = (iso: string): number => Date.parse(iso);

describe('reading post dates', () => {
  it('reads YYYY-MM-DD as midnight in the site time zone', () => {
    assert.equal(parsePostDate('2024-03-15', 'Asia/Seoul'), utc('2024-03-14T15:00:00Z'));
    assert.equal(parsePostDate('2024-03-15', 'UTC'), utc('2024-03-15T00:00:00Z'));
  });

  it('reads YYYY-MM-DD HH:mm in the site time zone', () => {
    assert.equal(parsePostDate('2024-03-15 09:30', 'Asia/Seoul'), utc('2024-03-15T00:30:00Z'));
    assert.equal(parsePostDate('2024-03-15 09:30', 'Europe/Berlin'), utc('2024-03-15T08:30:00Z'));
  });

  it('reads an ISO 8601 date with an offset as that instant, whatever the site zone', () => {
    for (const zone of ['UTC', 'Asia/Seoul', 'America/New_York']) {
      assert.equal(parsePostDate('2024-03-15T09:30:00+02:00', zone), utc('2024-03-15T07:30:00Z'));
      assert.equal(parsePostDate('2024-03-15T09:30:00Z', zone), utc('2024-03-15T09:30:00Z'));
    }
  });

  it('reads an ISO 8601 date without an offset in the site time zone', () => {
    assert.equal(parsePostDate('2024-03-15T09:30', 'Asia/Seoul'), utc('2024-03-15T00:30:00Z'));
  });

  it('reads the dates blogs moved from Jekyll and Hexo carry: an offset after a space, one-digit months and days', () => {
    for (const zone of ['UTC', 'Asia/Seoul', 'America/New_York']) {
      const instant = utc('2019-06-10T05:22:00Z');
      assert.equal(parsePostDate('2019-06-10 14:22:00 +0900', zone), instant);
      assert.equal(parsePostDate('2019-06-10 14:22:00 +09:00', zone), instant);
      assert.equal(parsePostDate('2019-6-10 14:22 +0900', zone), instant);
      assert.equal(parsePostDate('2019-06-10 05:22:00 Z', zone), instant);
      assert.equal(parsePostDate('2019-06-09 22:22:00 -0700', zone), instant);
    }
    assert.equal(parsePostDate('2019-6-3', 'Asia/Seoul'), utc('2019-06-02T15:00:00Z'));
    assert.equal(parsePostDate('2019-6-3 9:05', 'UTC'), utc('2019-06-03T09:05:00Z'));
  });

  it('follows summer time in the site time zone', () => {
    assert.equal(parsePostDate('2024-07-01 12:00', 'Europe/Berlin'), utc('2024-07-01T10:00:00Z'));
    assert.equal(parsePostDate('2024-01-01 12:00', 'Europe/Berlin'), utc('2024-01-01T11:00:00Z'));
  });

  it('does not read impossible or unknown dates', () => {
    for (const value of [
      '2024-13-45',
      '2024-02-30',
      '2024-03-15 25:00',
      'March 15, 2024',
      '15.03.2024',
      '2019-06-10 14:22:00 +2500',
      '2019-06-10 14:22:00 +0960',
      '2019-06-31 14:22:00 +0900',
      '2019-06-10 +0900',
      '',
      'soon',
    ]) {
      assert.equal(parsePostDate(value, 'UTC'), undefined, value);
    }
  });

  it('does not read values that are not text', () => {
    assert.equal(parsePostDate(20240315, 'UTC'), undefined);
    assert.equal(parsePostDate(undefined, 'UTC'), undefined);
  });
});

describe('reading post dates (properties)', () => {
  const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
  const readByLuxon = (fields: Record<string, number>, zone: string): number | undefined => {
    const date = DateTime.fromObject(fields, { zone });
    return date.isValid ? date.toMillis() : undefined;
  };

  it('reads every wall time in every zone as Luxon does', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 1000, max: 9999 }), fc.integer({ min: 1960, max: 2100 })),
        fc.integer({ min: 1, max: 13 }),
        fc.integer({ min: 1, max: 32 }),
        fc.option(
          fc.tuple(
            fc.integer({ min: 0, max: 24 }),
            fc.integer({ min: 0, max: 60 }),
            fc.integer({ min: 0, max: 60 }),
          ),
        ),
        fc.constantFrom(...zones),
        (year, month, day, time, zone) => {
          const [hour, minute, second] = time ?? [0, 0, 0];
          const text =
            `${year}-${pad(month)}-${pad(day)}` +
            (time ? ` ${pad(hour)}:${pad(minute)}:${pad(second)}` : '');
          assert.equal(
            parsePostDate(text, zone),
            readByLuxon({ year, month, day, hour, minute, second }, zone),
            `${text} in ${zone}`,
          );
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('reads the wall times around summer time changes as Luxon does', () => {
    for (const zone of zones) {
      for (const start of [Date.UTC(2024, 2, 9), Date.UTC(2024, 9, 26), Date.UTC(2024, 3, 6)]) {
        for (let wall = start; wall < start + 3 * 86_400_000; wall += 15 * 60_000) {
          const date = new Date(wall);
          const fields = {
            year: date.getUTCFullYear(),
            month: date.getUTCMonth() + 1,
            day: date.getUTCDate(),
            hour: date.getUTCHours(),
            minute: date.getUTCMinutes(),
            second: 0,
          };
          const text = `${fields.year}-${pad(fields.month)}-${pad(fields.day)} ${pad(fields.hour)}:${pad(fields.minute)}`;
          assert.equal(parsePostDate(text, zone), readByLuxon(fields, zone), `${text} in ${zone}`);
        }
      }
    }
  });
});
