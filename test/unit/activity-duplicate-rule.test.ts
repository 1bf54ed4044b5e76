import { describe, expect, it } from 'vitest';
import {
  DUPLICATE_MIN_OVERLAP,
  DUPLICATE_START_TOLERANCE_S,
  isSameActivity,
  type RecordedSpan,
} from '../../src/server/features/activities/duplicate-rule.ts';

const START = Date.UTC(2026, 2, 1, 7, 0, 0);

function span(overrides: Partial<Omit<RecordedSpan, 'startDate'>> & { startOffsetS?: number } = {}): RecordedSpan {
  const { startOffsetS = 0, ...rest } = overrides;
  return { sportType: 'Run', startDate: new Date(START + startOffsetS * 1000), elapsedTime: 3600, movingTime: 3500, ...rest };
}

describe('isSameActivity (start within 2 min, ≥ 80 % of the longer span shared, same sport family)', () => {
  it('documents its tolerances', () => {
    expect(DUPLICATE_START_TOLERANCE_S).toBe(120);
    expect(DUPLICATE_MIN_OVERLAP).toBe(0.8);
  });

  it('matches two exports of one recording, either way round', () => {
    expect(isSameActivity(span(), span())).toBe(true);
    expect(isSameActivity(span(), span({ startOffsetS: 45, elapsedTime: 3555 }))).toBe(true);
    expect(isSameActivity(span({ startOffsetS: 45, elapsedTime: 3555 }), span())).toBe(true);
  });

  it('accepts a start up to 2 minutes apart and refuses one beyond', () => {
    expect(isSameActivity(span(), span({ startOffsetS: 120 }))).toBe(true);
    expect(isSameActivity(span(), span({ startOffsetS: -120 }))).toBe(true);
    expect(isSameActivity(span(), span({ startOffsetS: 121 }))).toBe(false);
  });

  it('needs 80 % of the longer span in common', () => {
    // Same start; the other ends after 48 of 60 minutes: exactly 80 %.
    expect(isSameActivity(span(), span({ elapsedTime: 2880 }))).toBe(true);
    expect(isSameActivity(span(), span({ elapsedTime: 2879 }))).toBe(false);
    // A 10-minute warm-up recorded on its own is not the hour-long session it started.
    expect(isSameActivity(span({ elapsedTime: 600 }), span())).toBe(false);
  });

  it('groups sports by family, but other sports only with themselves', () => {
    expect(isSameActivity(span({ sportType: 'Run' }), span({ sportType: 'TrailRun' }))).toBe(true);
    expect(isSameActivity(span({ sportType: 'Ride' }), span({ sportType: 'VirtualRide' }))).toBe(true);
    expect(isSameActivity(span({ sportType: 'Run' }), span({ sportType: 'Ride' }))).toBe(false);
    expect(isSameActivity(span({ sportType: 'Swim' }), span({ sportType: 'Swim' }))).toBe(true);
    expect(isSameActivity(span({ sportType: 'Swim' }), span({ sportType: 'Rowing' }))).toBe(false);
  });

  it('uses moving time when the elapsed time is unknown, and the start alone when neither is known', () => {
    expect(isSameActivity(span({ elapsedTime: 0, movingTime: 3600 }), span())).toBe(true);
    expect(isSameActivity(span({ elapsedTime: 0, movingTime: 600 }), span())).toBe(false);
    expect(isSameActivity(span({ elapsedTime: 0, movingTime: 0 }), span({ elapsedTime: 0, movingTime: 0, startOffsetS: 30 }))).toBe(true);
  });
});
