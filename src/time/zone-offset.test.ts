import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import { TIME_ZONES } from '../../test/support/time-zones.js';
import { DAY_MS, isLuxonZoneName, offsetAt, steadyOffset, timeZones } from './zone-offset.js';

const utc = (iso: string): number => Date.parse(iso);
const HOUR_MS = 3_600_000;

describe('zone offsets', () => {
  it('gives the offset of a zone at an instant as Luxon does', () => {
    for (const zone of TIME_ZONES.filter((name) => !isLuxonZoneName(name))) {
      for (let week = 0; week < 52; week++) {
        const instant = utc('2024-01-01T00:00:00Z') + week * (7 * DAY_MS + 5 * HOUR_MS);
        const expected = DateTime.fromMillis(instant, { zone }).offset * 60_000;
        assert.equal(offsetAt(zone, instant), expected, `${zone} at ${instant}`);
      }
    }
  });

  it('gives a steady offset away from a change of offset, and none within a day of one', () => {
    // Berlin moves to summer time at 2024-03-31T01:00Z.
    assert.equal(steadyOffset('Europe/Berlin', utc('2024-03-20T12:00:00Z')), HOUR_MS);
    assert.equal(steadyOffset('Europe/Berlin', utc('2024-03-31T12:00:00Z')), undefined);
    assert.equal(steadyOffset('Europe/Berlin', utc('2024-03-30T00:00:00Z')), undefined);
    assert.equal(steadyOffset('Europe/Berlin', utc('2024-04-10T12:00:00Z')), 2 * HOUR_MS);
  });

  it('leaves names Luxon reads by rules of its own to Luxon', () => {
    for (const zone of ['UTC', 'utc', 'GMT+2', 'UTC-03:30', 'local', 'system']) {
      assert.ok(isLuxonZoneName(zone), zone);
      assert.equal(steadyOffset(zone, utc('2024-03-20T12:00:00Z')), undefined, zone);
    }
    assert.ok(!isLuxonZoneName('Etc/UTC'));
  });

  it('asks the platform for a zone once and for each day once, however many dates fall on it', () => {
    const zone = 'Pacific/Honolulu';
    const start = utc('2024-06-01T00:00:00Z');
    const zonesBefore = timeZones.stats.misses;
    for (let i = 0; i < 1_000; i++) steadyOffset(zone, start + ((i * 7919) % 10) * DAY_MS + i);
    assert.equal(timeZones.stats.misses - zonesBefore, 1);
    const days = timeZones.peek(zone)?.dayStarts;
    // Ten days, each checked with the day before and the two after.
    assert.deepEqual(days?.stats, {
      name: `day-start offsets in ${zone}`,
      hits: 4_000 - 13,
      misses: 13,
    });
  });
});
