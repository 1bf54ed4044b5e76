import { describe, expect, it } from 'vitest';
import { builtWorkout, PLAN_EDIT_MESSAGES, type WorkoutStep } from '../../src/shared/api/plan-edits.ts';
import { HEART_RATE_ZONE_FTP_PCT, heartRateZoneOf, workoutTotals, type WorkoutThresholds } from '../../src/shared/domain/workout-build.ts';

/** A built workout's time and load (ADR 0082) against figures worked out by hand. */

const zones = [
  { min: null, max: 120 },
  { min: 121, max: 140 },
  { min: 141, max: 155 },
  { min: 156, max: 170 },
  { min: 171, max: null },
];
const athlete: WorkoutThresholds = { ftpW: 250, thresholdPaceSPerKm: 240, hrZones: zones };
const none: WorkoutThresholds = { ftpW: null, thresholdPaceSPerKm: null, hrZones: null };

describe('workoutTotals', () => {
  it('counts an hour at FTP as 100, IF 1', () => {
    expect(workoutTotals([{ type: 'steady', durationS: 3600, target: { kind: 'ftpPct', pct: 100 } }], none)).toEqual({ durationS: 3600, durationMin: 60, load: 100, intensityFactor: 1, missing: [] });
  });

  it('adds warm-up, repeats of work and recovery, and cool-down over watts, % FTP and zones', () => {
    const steps: WorkoutStep[] = [
      { type: 'warmup', durationS: 600, target: { kind: 'ftpPct', pct: 55 } },
      { type: 'intervals', repeats: 4, work: { durationS: 300, target: { kind: 'watts', watts: 300 } }, recovery: { durationS: 180, target: { kind: 'hrZone', zone: 1 } } },
      { type: 'cooldown', durationS: 600, target: { kind: 'hrZone', zone: 2 } },
    ];
    // 10 min at 0.55: 5.042; 4 × (5 min at 300/250 = 1.2: 12.0, 3 min at zone 1 = 0.5: 1.25) = 53.0; 10 min at zone 2 = 0.655: 7.150.
    // 65.19 over 52 min: IF √(65.19 / 86.67) = 0.867.
    expect(workoutTotals(steps, athlete)).toEqual({ durationS: 3120, durationMin: 52, load: 65, intensityFactor: 0.87, missing: [] });
  });

  it('reads a pace against the threshold pace and a heart rate by its zone', () => {
    // 40 min at 5:00 /km, threshold 4:00 /km: IF 0.8, 40/60 × 64 = 42.7.
    expect(workoutTotals([{ type: 'steady', durationS: 2400, target: { kind: 'pace', sPerKm: 300 } }], athlete)).toMatchObject({ durationMin: 40, load: 43, intensityFactor: 0.8 });
    // 150 bpm is zone 3 of these zones: 76-90 % FTP, IF 0.83; an hour: 68.9.
    expect(workoutTotals([{ type: 'steady', durationS: 3600, target: { kind: 'heartRate', bpm: 150 } }], athlete)).toMatchObject({ load: 69, intensityFactor: 0.83 });
  });

  it('has no load when a target needs a threshold the athlete has not set, and says which', () => {
    const steps: WorkoutStep[] = [
      { type: 'steady', durationS: 90, target: { kind: 'watts', watts: 200 } },
      { type: 'steady', durationS: 60, target: { kind: 'pace', sPerKm: 300 } },
      { type: 'steady', durationS: 60, target: { kind: 'heartRate', bpm: 150 } },
      { type: 'steady', durationS: 60, target: { kind: 'hrZone', zone: 2 } },
    ];
    expect(workoutTotals(steps, none)).toEqual({ durationS: 270, durationMin: 5, load: null, intensityFactor: null, missing: ['ftp', 'thresholdPace', 'heartRateZones'] });
  });
});

describe('heart-rate zones', () => {
  it('places a heart rate in the first zone whose top it does not pass', () => {
    expect([100, 140, 141, 170, 171, 210].map((bpm) => heartRateZoneOf(bpm, zones))).toEqual([1, 2, 3, 4, 5, 5]);
  });
  it('reads zones 1-5 as Coggan power zones 1-5', () => {
    expect(HEART_RATE_ZONE_FTP_PCT).toEqual([
      { low: 45, high: 55 },
      { low: 56, high: 75 },
      { low: 76, high: 90 },
      { low: 91, high: 105 },
      { low: 106, high: 120 },
    ]);
  });
});

describe('builtWorkout', () => {
  const workout = (steps: unknown[], sport = 'cycling') => builtWorkout.safeParse({ type: 'workout', title: 'Test', sport, steps });
  const messages = (result: ReturnType<typeof workout>) => (result.success ? [] : result.error.issues.map((issue) => issue.message));
  it('refuses a step of 0 s, a target above 2,000 W, a pace on a ride and more than 10 hours', () => {
    expect(messages(workout([{ type: 'steady', durationS: 0, target: { kind: 'ftpPct', pct: 80 } }]))).toEqual([PLAN_EDIT_MESSAGES.stepDuration]);
    expect(messages(workout([{ type: 'steady', durationS: 60, target: { kind: 'watts', watts: 2001 } }]))).toEqual([PLAN_EDIT_MESSAGES.watts]);
    expect(PLAN_EDIT_MESSAGES.watts).toBe('A power target is 1 to 2,000 W.');
    expect(messages(workout([{ type: 'steady', durationS: 60, target: { kind: 'pace', sPerKm: 300 } }]))).toEqual([PLAN_EDIT_MESSAGES.paceOnRide]);
    expect(messages(workout([{ type: 'intervals', repeats: 11, work: { durationS: 3600, target: { kind: 'hrZone', zone: 2 } }, recovery: { durationS: 1, target: { kind: 'hrZone', zone: 1 } } }]))).toEqual([
      PLAN_EDIT_MESSAGES.workoutTooLong,
    ]);
    expect(workout([{ type: 'steady', durationS: 60, target: { kind: 'pace', sPerKm: 300 } }], 'running').success).toBe(true);
  });
});
