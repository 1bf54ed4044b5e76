import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ActivityStreams } from '../../src/metrics/activity-streams.ts';
import { decodeStreams, encodeStreams } from '../../src/server/db/stream-codec.ts';
import { fromStravaStreams } from '../../src/server/features/strava/streams.ts';
import { itWithFixtures } from '../support/fixture-suites.ts';
import { stravaFixture } from '../support/shared-fixtures.ts';

/** An hour at 1 Hz with every stream, made here: a ride along a line with surges and a pause. */
function madeRide(): ActivityStreams {
  const timeS = Array.from({ length: 3600 }, (_, k) => k);
  return {
    timeS,
    distanceM: timeS.map((k) => Math.round(k * 8.3 * 10) / 10),
    latlng: timeS.map((k): [number, number] => [Math.round((46 + k * 0.00007) * 1e6) / 1e6, Math.round((14 + k * 0.00004) * 1e6) / 1e6]),
    altitudeM: timeS.map((k) => Math.round((300 + 40 * Math.sin(k / 500)) * 10) / 10),
    heartrateBpm: timeS.map((k) => 120 + (k % 37)),
    cadenceRpm: timeS.map((k) => (k % 600 < 20 ? 0 : 88)),
    powerW: timeS.map((k) => (k % 600 < 20 ? 0 : 200 + ((k * 7919) % 60))),
    speedMps: timeS.map(() => 8.3),
    temperatureC: timeS.map(() => 21),
    moving: timeS.map((k) => k % 600 >= 20),
  };
}

describe('stream codec', () => {
  const ride = madeRide();
  const realRide = () => fromStravaStreams(stravaFixture('streams_ride_power_key_by_type.json'))!;

  itWithFixtures('round-trips a real 1 Hz ride within the stored resolution', () => {
    const ride = realRide();
    const decoded = decodeStreams(encodeStreams(ride));
    expect(decoded.timeS).toEqual(ride.timeS);
    expect(decoded.powerW).toEqual(ride.powerW);
    expect(decoded.heartrateBpm).toEqual(ride.heartrateBpm);
    expect(decoded.moving).toEqual(ride.moving);
    decoded.distanceM!.forEach((d, i) => expect(Math.abs(d! - ride.distanceM![i]!)).toBeLessThanOrEqual(0.05));
    decoded.latlng!.forEach((p, i) => {
      expect(Math.abs(p![0] - ride.latlng![i]![0])).toBeLessThanOrEqual(5e-7);
      expect(Math.abs(p![1] - ride.latlng![i]![1])).toBeLessThanOrEqual(5e-7);
    });
  });

  itWithFixtures('stores an hour of 1 Hz data with every stream in under 64 KB', () => {
    const ride = realRide();
    const packed = encodeStreams(ride);
    const hours = (ride.timeS.at(-1)! - ride.timeS[0]!) / 3600;
    const bytesPerHour = packed.length / hours;
    expect(bytesPerHour).toBeLessThan(64 * 1024);
    // JSON of the same data is more than ten times larger.
    expect(JSON.stringify(ride).length / packed.length).toBeGreaterThan(10);
  });

  it('keeps nulls and lengths for arbitrary streams (property)', () => {
    const sample = fc.option(fc.integer({ min: -5000, max: 5000 }), { nil: null });
    fc.assert(
      fc.property(fc.array(fc.tuple(sample, sample, fc.boolean(), fc.boolean()), { maxLength: 300 }), (rows) => {
        const streams = {
          timeS: rows.map((_, i) => i),
          powerW: rows.map(([power]) => power),
          latlng: rows.map(([a, b]) => (a === null || b === null ? null : ([a / 100, b / 100] as [number, number]))),
          moving: rows.map(([, , moving]) => moving),
          active: rows.map(([, , , active]) => active),
        };
        const decoded = decodeStreams(encodeStreams(streams));
        expect(decoded.timeS).toEqual(streams.timeS);
        expect(decoded.powerW).toEqual(streams.powerW);
        expect(decoded.latlng).toEqual(streams.latlng);
        expect(decoded.moving).toEqual(streams.moving);
        expect(decoded.active).toEqual(streams.active);
      }),
    );
  });

  it('adds the pool-swim flag as a new column: streams stored before it decode as they were', () => {
    const stored = encodeStreams(ride);
    expect(decodeStreams(stored).active).toBeUndefined();
    expect(decodeStreams(stored).moving).toEqual(ride.moving);
  });

  it('refuses streams of unequal length and truncated data', () => {
    expect(() => encodeStreams({ timeS: [0, 1], powerW: [100] })).toThrow(/powerW has 1 samples, expected 2/);
    const packed = encodeStreams(ride);
    expect(() => decodeStreams(packed.subarray(0, packed.length / 2))).toThrow();
  });
});
