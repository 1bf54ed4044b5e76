import { describe, expect, it } from 'vitest';
import { assembleParsedActivity } from '../../src/server/features/imports/assemble-activity.ts';
import type { RecordedActivity, RecordedSample } from '../../src/server/features/imports/parsed-activity.ts';
import { noStatedSummary } from '../../src/server/features/imports/stated-summary.ts';
import { toActivityValues } from '../../src/server/features/imports/to-activity-values.ts';
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
    const values = toActivityValues(parsed, { source: 'file', sourceKey: 'k' });
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
    expect(elevationNote('barometric')).toBe('elevation gain computed from barometric altitude, smoothed (10 s median, 3 m threshold)');
    expect(elevationNote('gps')).toBe('elevation gain computed from GPS altitude, smoothed (60 s median, 15 m threshold)');
  });
});
