import { Decoder, Stream } from '@garmin/fitsdk';
import { describe, expect, it } from 'vitest';
import { itWithFixtures } from '../support/fixture-suites.ts';
import { FIT_SHIFT_STEP_S, firstFitTimestamp, shiftFitTime } from '../support/fit-time-shift.ts';
import { powerRide } from '../support/recordings.ts';
import { sharedFixture } from '../support/shared-fixtures.ts';

/** FIT times count from 1989-12-31T00:00:00Z. */
const FIT_EPOCH_S = Date.UTC(1989, 11, 31) / 1000;

/** A decoded FIT time in milliseconds (the SDK gives a Date). */
const ms = (time: unknown): number => {
  expect(time).toBeInstanceOf(Date);
  return (time as Date).getTime();
};

function decoded(bytes: Uint8Array) {
  const decoder = new Decoder(Stream.fromBuffer(bytes));
  expect(new Decoder(Stream.fromBuffer(bytes)).checkIntegrity()).toBe(true);
  const { messages, errors } = decoder.read();
  expect(errors).toEqual([]);
  return messages;
}

/** What moving a file in time must keep and change, checked by Garmin's decoder (not the shifter's own walk). */
function expectMoved(original: Uint8Array, shiftS: number) {
  const moved = shiftFitTime(original, shiftS);
  expect(moved).not.toBeNull();
  expect(moved!.length).toBe(original.length);
  const before = decoded(original);
  const after = decoded(moved!);
  const records = before.recordMesgs ?? [];
  expect(records.length).toBeGreaterThan(0);
  expect(after.recordMesgs).toHaveLength(records.length);
  records.forEach((record, index) => {
    const { timestamp, ...rest } = after.recordMesgs![index]!;
    expect(ms(timestamp) - ms(record.timestamp)).toBe(shiftS * 1000);
    const { timestamp: _, ...restBefore } = record;
    // Power, heart rate, position, developer fields: as recorded.
    expect(rest).toEqual(restBefore);
  });
  for (const [index, session] of (before.sessionMesgs ?? []).entries()) {
    const movedSession = after.sessionMesgs![index]!;
    expect(ms(movedSession.startTime) - ms(session.startTime)).toBe(shiftS * 1000);
    expect(movedSession.totalTimerTime).toBe(session.totalTimerTime);
    expect(movedSession.totalDistance).toBe(session.totalDistance);
  }
  const firstBefore = firstFitTimestamp(original)!;
  expect(firstFitTimestamp(moved!)).toBe(firstBefore + shiftS);
  return { moved: moved!, firstS: firstBefore };
}

describe('moving a FIT recording in time (bench archives of real files)', () => {
  it('moves every time of a generated ride by the shift and nothing else, the CRC written again', () => {
    const ride = powerRide();
    const { firstS } = expectMoved(ride.bytes, 5 * FIT_SHIFT_STEP_S);
    // The shifter's own reading of the first time agrees with the generator's truth.
    expect(new Date((firstS + FIT_EPOCH_S) * 1000).toISOString()).toBe(new Date(ride.truth.startDate).toISOString());
    expectMoved(ride.bytes, -3 * FIT_SHIFT_STEP_S);
  });

  it('refuses a damaged file and a shift that would break rolling timestamps', () => {
    const bytes = powerRide().bytes;
    const damaged = new Uint8Array(bytes);
    damaged[200] = damaged[200]! ^ 0xff;
    expect(shiftFitTime(damaged, FIT_SHIFT_STEP_S)).toBeNull();
    expect(firstFitTimestamp(bytes.subarray(0, bytes.length - 100))).toBeNull();
    expect(() => shiftFitTime(bytes, 86_400)).toThrow(/multiple of 65536/);
  });

  itWithFixtures('moves real recordings: developer fields, a multisport file, a pool swim', () => {
    for (const file of ['devices/fit-parser/garmin-fr965-run-power.fit', 'devices/python-fitparse/garmin-fr920xt-triathlon.fit', 'devices/python-fitparse/garmin-fr735xt-pool-swim.fit']) {
      expectMoved(sharedFixture(file), 7 * FIT_SHIFT_STEP_S);
    }
    expect(shiftFitTime(sharedFixture('devices/python-fitparse/sigma-ride-truncated.fit'), FIT_SHIFT_STEP_S)).toBeNull();
  });
});
