import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeStreams, encodeStreams } from '../../src/server/features/activities/stream-codec.ts';
import { fromStravaStreams } from '../../src/server/features/strava/streams.ts';

const fixture = (name: string) =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, '../fixtures/strava', name), 'utf8'));

describe('stream codec', () => {
  const ride = fromStravaStreams(fixture('streams_ride_power_key_by_type.json'))!;

  it('round-trips a real 1 Hz ride within the stored resolution', () => {
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

  it('stores an hour of 1 Hz data with every stream in under 64 KB', () => {
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
