import { describe, expect, it } from 'vitest';
import { ImportFileError } from '../../src/server/features/imports/import-file-error.ts';
import { parseActivityFiles } from '../../src/server/features/imports/parse-activity-file.ts';
import { dataQualityNotes } from '../../src/web/features/activities/data-quality.ts';
import { encodeFitActivity, recordsEverySecond } from '../support/fit-activity-file.ts';
import { CLEAN_DATA_QUALITY } from '../support/data-quality.ts';

const start = new Date('2024-05-01T08:00:00Z');
const yearsLater = new Date('2088-03-01T00:00:00Z');
const ride = (count: number) => recordsEverySecond(start, count, (i) => ({ heartRate: 130 + (i % 20), power: 200 + (i % 50), speed: 8, distance: i * 8 }));

async function refusal(bytes: Uint8Array): Promise<ImportFileError> {
  try {
    await parseActivityFiles('ride.fit', bytes);
  } catch (error) {
    if (error instanceof ImportFileError) return error;
    throw error;
  }
  throw new Error('ride.fit was accepted');
}

describe('a FIT file whose record times jump years ahead (a message read out of line)', () => {
  it('is read up to the jump, with a note, instead of refused for its span', async () => {
    const jumped = recordsEverySecond(yearsLater, 120, (i) => ({ heartRate: 255, power: 65_000, distance: i }));
    const bytes = encodeFitActivity({
      records: [...ride(1800), ...jumped],
      sessions: [{ sport: 'cycling', startTime: start, totalElapsedTime: 2_000_000_000 / 1000 }],
    });
    const [activity, ...others] = await parseActivityFiles('ride.fit', bytes);
    expect(others).toHaveLength(0);
    expect(activity!.sportType).toBe('Ride');
    expect(activity!.elapsedTimeS).toBe(1799);
    expect(activity!.streams.timeS).toHaveLength(1800);
    expect(activity!.fileQuality.damagedRecoveredS).toBe(1799);
    expect(activity!.fileQuality.truncatedRecoveredS).toBeNull();
    // The session stated a time past the damage: the totals come from what was read.
    expect(activity!.distanceM).toBe(1799 * 8);
  });

  it('drops one stray record whose clock comes back, and reads on', async () => {
    const records = ride(600);
    records.splice(300, 0, { timestamp: yearsLater, power: 65_000 });
    const [activity] = await parseActivityFiles('ride.fit', encodeFitActivity({ records, sessions: [{ sport: 'cycling', startTime: start, totalElapsedTime: 599 }] }));
    expect(activity!.elapsedTimeS).toBe(599);
    expect(activity!.streams.timeS).toHaveLength(600);
    expect(activity!.streams.powerW).not.toContain(65_000);
    expect(activity!.fileQuality.damagedRecoveredS).toBeNull();
  });

  it('drops a stray first record far from the clock of the records after it', async () => {
    const records = [{ timestamp: yearsLater, power: 65_000 }, ...ride(600)];
    const [activity] = await parseActivityFiles('ride.fit', encodeFitActivity({ records, sport: { sport: 'cycling' } }));
    expect(activity!.startDate).toEqual(start);
    expect(activity!.streams.timeS).toHaveLength(600);
  });

  it('keeps a regular file with a long pause (under a day) whole', async () => {
    const morning = ride(600);
    const evening = recordsEverySecond(new Date(start.getTime() + 10 * 3600_000), 600, () => ({ power: 180, speed: 8 }));
    const [activity] = await parseActivityFiles('ride.fit', encodeFitActivity({ records: [...morning, ...evening], sport: { sport: 'cycling' } }));
    expect(activity!.elapsedTimeS).toBe(10 * 3600 + 599);
    expect(activity!.fileQuality.damagedRecoveredS).toBeNull();
  });

  it('is still refused when nothing before the jump was recorded', async () => {
    const bytes = encodeFitActivity({ records: [], sport: { sport: 'cycling' } });
    expect((await refusal(bytes)).reason).toBe('no_samples');
  });
});

describe('a FIT file whose CRC fails (a phone app that wrote it wrong, bytes changed)', () => {
  it('is imported from what decoded, with a note, not refused whole', async () => {
    const bytes = encodeFitActivity({ records: ride(900), sessions: [{ sport: 'cycling', startTime: start, totalElapsedTime: 899 }] });
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
    const [activity] = await parseActivityFiles('ride.fit', bytes);
    expect(activity!.elapsedTimeS).toBe(899);
    expect(activity!.fileQuality.damagedRecoveredS).toBe(899);
  });

  it('keeps what decoded before a message the decoder cannot read', async () => {
    const whole = encodeFitActivity({ records: ride(900) });
    const oneMore = encodeFitActivity({ records: ride(901) });
    const recordBytes = oneMore.length - whole.length;
    // Record 600's header names a local message that was never defined: decoding stops there.
    const damaged = whole.slice();
    damaged[whole.length - 2 - (900 - 600) * recordBytes] = 0x0f;
    const [activity] = await parseActivityFiles('ride.fit', damaged);
    expect(activity!.streams.timeS).toHaveLength(600);
    expect(activity!.elapsedTimeS).toBe(599);
    expect(activity!.fileQuality.damagedRecoveredS).toBe(599);
  });

  it('reads a file whose header counts no data (a phone app that never wrote it back)', async () => {
    const bytes = encodeFitActivity({ records: ride(900), sessions: [{ sport: 'cycling', startTime: start, totalElapsedTime: 899 }] });
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    view.setUint32(4, 0, true);
    view.setUint16(12, 0, true);
    const [activity] = await parseActivityFiles('ride.fit', bytes);
    expect(activity!.streams.timeS).toHaveLength(900);
    expect(activity!.fileQuality.damagedRecoveredS).toBe(899);
  });

  it('is refused when no record decoded', async () => {
    const bytes = encodeFitActivity({ records: [], sport: { sport: 'cycling' } });
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
    const error = await refusal(bytes);
    expect(error.reason).toBe('corrupt');
    expect(error.message).toBe('ride.fit is not a valid FIT file (CRC check failed).');
  });
});

describe('the activity page says what was read of a damaged file', () => {
  it('notes the seconds read before the damage', () => {
    const notes = dataQualityNotes({
      type: 'Ride',
      sportType: 'Ride',
      deviceWatts: true,
      averageHeartrate: 140,
      dataQuality: {
        ...CLEAN_DATA_QUALITY,
        damagedRecoveredS: 1799,
        activeLengths: null,
      },
    });
    expect(notes).toEqual(['file damaged; 29 min read before the damage']);
  });
});
