import { Encoder } from '@garmin/fitsdk';
import type { Mesg } from '@garmin/fitsdk';
import { describe, expect, it } from 'vitest';
import { assembleParsedActivity } from '../../src/server/features/imports/assemble-activity.ts';
import { parseActivityFiles } from '../../src/server/features/imports/parse-activity-file.ts';
import type { RecordedActivity, RecordedSample } from '../../src/server/features/imports/parsed-activity.ts';
import { noStatedSummary } from '../../src/server/features/imports/stated-summary.ts';
import { toActivityValues } from '../../src/server/features/imports/to-activity-values.ts';
import { packActivity } from '../../src/server/features/imports/pack-activity.ts';
import { elevationNote } from '../../src/web/features/activities/data-quality.ts';

/** Ten minutes at 1 Hz climbing 60 m at 5 m/s, with ±1 m of barometer-like wobble every few seconds. */
function climbingSamples(): RecordedSample[] {
  const startMs = Date.UTC(2024, 4, 1, 8);
  return Array.from({ length: 600 }, (_, s) => ({
    timeMs: startMs + s * 1000,
    distanceM: s * 5,
    altitudeM: 100 + (60 * s) / 599 + (s % 7 === 0 ? 1 : s % 5 === 0 ? -1 : 0),
  }));
}

function recorded(totalElevationGainM: number | null): RecordedActivity {
  return {
    sport: null,
    name: null,
    deviceName: 'Test unit',
    elapsedTimeS: null,
    movingTimeS: null,
    distanceM: null,
    totalElevationGainM,
    stated: noStatedSummary,
    laps: [],
    samples: climbingSamples(),
  };
}

const assemble = (activity: RecordedActivity) =>
  assembleParsedActivity('ride.fit', 'fit', activity, 'hash', { maxDurationS: 48 * 3600 });

describe('the activity elevation gain and where it comes from (ADR 0063)', () => {
  it("shows the device's stated total ascent, even where the altitude stream says otherwise", () => {
    const parsed = assemble(recorded(71));
    expect(parsed.computed?.elevationGainM).toBeCloseTo(60, 0);
    expect(parsed.totalElevationGainM).toBe(71);
    expect(parsed.fileQuality.elevationGainFrom).toBe('device');
    const values = toActivityValues(packActivity(parsed), { source: 'file', sourceKey: 'k' });
    expect(values.totalElevationGain).toBe(71);
    expect(values.fileQuality?.elevationGainFrom).toBe('device');
  });

  it("computes it by Kairo's rule where the file states none, and says from which altitude", () => {
    const parsed = assemble(recorded(null));
    expect(parsed.totalElevationGainM).toBeCloseTo(60, 0);
    expect(parsed.fileQuality.elevationGainFrom).toBe('barometric');
  });

  it('says nothing about an activity without altitude or stated ascent', () => {
    const parsed = assemble({ ...recorded(null), samples: climbingSamples().map(({ altitudeM: _, ...sample }) => sample) });
    expect(parsed.totalElevationGainM).toBeNull();
    expect(parsed.fileQuality.elevationGainFrom).toBeNull();
  });

  it("words the activity page's note", () => {
    expect(elevationNote('device')).toBe('elevation gain as your device recorded it');
    expect(elevationNote('strava')).toBe('elevation gain as Strava reported it');
    expect(elevationNote('barometric')).toBe('elevation gain computed from barometric altitude, smoothed (10 s median, 4 m threshold)');
    expect(elevationNote('gps')).toBe('elevation gain computed from GPS altitude, smoothed (30 s median, threshold 8 × its remaining noise, at least 18 m)');
  });
});

/** A FIT ride climbing 60 m with two laps that state their ascent (31 m + 25 m) and a session that states none, or 80 m. */
function fitWithLapAscents(sessionAscentM: number | null): Uint8Array {
  const encoder = new Encoder();
  const start = new Date('2024-05-01T08:00:00Z');
  const at = (s: number) => new Date(start.getTime() + s * 1000);
  const write = (num: number, mesg: object) => encoder.onMesg(num, mesg as Mesg);
  write(0, { type: 'activity', manufacturer: 'development', product: 0, timeCreated: start });
  for (let s = 0; s < 600; s++) write(20, { timestamp: at(s), distance: s * 5, enhancedAltitude: 100 + (60 * s) / 599 });
  write(19, { timestamp: at(299), startTime: at(0), totalElapsedTime: 300, totalTimerTime: 300, totalAscent: 31 });
  write(19, { timestamp: at(599), startTime: at(300), totalElapsedTime: 300, totalTimerTime: 300, totalAscent: 25 });
  write(18, {
    timestamp: at(599),
    startTime: start,
    sport: 'cycling',
    totalElapsedTime: 600,
    totalTimerTime: 600,
    totalDistance: 2995,
    ...(sessionAscentM === null ? {} : { totalAscent: sessionAscentM }),
  });
  return encoder.close();
}

describe("a FIT file's stated ascent", () => {
  it("is the session's, else the sum of its laps'", async () => {
    const [withSession] = await parseActivityFiles('ride.fit', fitWithLapAscents(80));
    expect(withSession!.totalElevationGainM).toBe(80);
    const [lapsOnly] = await parseActivityFiles('ride.fit', fitWithLapAscents(null));
    expect(lapsOnly!.totalElevationGainM).toBe(56);
    expect(lapsOnly!.fileQuality.elevationGainFrom).toBe('device');
    expect(Math.abs(lapsOnly!.computed!.elevationGainM! - 60)).toBeLessThan(1);
  });
});
