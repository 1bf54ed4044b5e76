import { describe, expect, it } from 'vitest';
import { DEMO_WELLNESS_DAYS, demoWellnessCsv, demoWellnessHistory } from '../../src/server/demo/wellness-history.ts';
import { parseWellnessCsv } from '../../src/server/features/wellness/csv-import.ts';
import { lowDays } from '../../src/server/features/wellness/low-days.ts';
import { computeReadiness, indexWellness, type WellnessReading } from '../../src/server/features/wellness/readiness.ts';
import { DAY_MS } from '../../src/shared/time.ts';

const TODAY = '2026-11-26';
const daysBefore = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

describe('the demo athlete’s wellness history', () => {
  it('covers the 60 days before today, oldest first, and neither today nor the future', () => {
    const days = demoWellnessHistory('strava-athlete-1', TODAY);
    expect(days).toHaveLength(DEMO_WELLNESS_DAYS);
    expect(days.map((day) => day.date)).toEqual(Array.from({ length: 60 }, (_, index) => daysBefore(TODAY, 60 - index)));
  });

  it('is the same for the same athlete, day by day, whenever it is made, and differs between athletes', () => {
    const first = demoWellnessHistory('strava-athlete-1', TODAY);
    expect(demoWellnessHistory('strava-athlete-1', TODAY)).toEqual(first);
    // Made a week later: the days both cover have the same values.
    const later = demoWellnessHistory('strava-athlete-1', '2026-12-03');
    expect(later.slice(0, 53)).toEqual(first.slice(7));
    expect(demoWellnessHistory('strava-athlete-2', TODAY)).not.toEqual(first);
  });

  it('reads like a calm athlete’s watch: rMSSD around a 60–70 ms normal, resting HR 46–52 bpm, 5.5–9.5 h of sleep', () => {
    for (let athlete = 1; athlete <= 50; athlete++) {
      const days = demoWellnessHistory(`strava-athlete-${athlete}`, TODAY);
      const lnMean = days.reduce((sum, day) => sum + Math.log(day.hrvRmssdMs), 0) / days.length;
      expect(Math.exp(lnMean)).toBeGreaterThan(57);
      expect(Math.exp(lnMean)).toBeLessThan(73);
      expect(new Set(days.map((day) => day.hrvRmssdMs)).size).toBeGreaterThan(5);
      for (const day of days) {
        expect(Number.isInteger(day.hrvRmssdMs)).toBe(true);
        expect(day.restingHrBpm).toBeGreaterThanOrEqual(46);
        expect(day.restingHrBpm).toBeLessThanOrEqual(52);
        expect(day.sleepHours).toBeGreaterThanOrEqual(5.5);
        expect(day.sleepHours).toBeLessThanOrEqual(9.5);
      }
    }
  });

  it('is a wellness CSV the import reads without an error', async () => {
    const days = demoWellnessHistory('strava-athlete-3', TODAY);
    const parsed = await parseWellnessCsv(demoWellnessCsv(days), TODAY);
    expect(parsed).toMatchObject({ fields: ['hrvRmssdMs', 'restingHrBpm', 'sleepHours'], unknownColumns: [], errors: [] });
    expect(parsed.rows).toEqual(days);
  });

  it('makes HRV of 35 ms checked in for yesterday and today low on both days, and Home strained today, for every athlete', () => {
    for (let athlete = 1; athlete <= 200; athlete++) {
      const readings: WellnessReading[] = demoWellnessHistory(`strava-athlete-${athlete}`, TODAY).map((day) => ({ ...day, sleepQuality: null, fatigue: null, soreness: null }));
      // The check-in of yesterday replaces that day; today's is new.
      const checkIn = (date: string): WellnessReading => ({ date, hrvRmssdMs: 35, restingHrBpm: null, sleepHours: null, sleepQuality: null, fatigue: null, soreness: null });
      const index = indexWellness([...readings.filter((day) => day.date !== daysBefore(TODAY, 1)), checkIn(daysBefore(TODAY, 1)), checkIn(TODAY)]);
      const low = lowDays(index, TODAY);
      expect(low.lowRunning, `athlete ${athlete}`).toBe(true);
      expect(low.hrv!.readings).toBe(59);
      const readiness = computeReadiness(TODAY, index, null);
      expect(readiness.state, `athlete ${athlete}`).toBe('strained');
      expect(readiness.inputs.find((input) => input.key === 'hrv')?.signal).toBe('poor');
    }
  });
});
