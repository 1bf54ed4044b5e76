import { describe, expect, it } from 'vitest';
import { selectTrainingLoad } from '../../src/metrics/training-load.ts';
import type { TrainingLoadInputs } from '../../src/metrics/training-load.ts';

const hourRide: TrainingLoadInputs = {
  powerTss: 80,
  hrTss: 70,
  rTss: 60,
  sport: 'ride',
  durationS: 3600,
  averageIntensityFactor: null,
};

describe('selectTrainingLoad', () => {
  it('prefers power TSS, then hrTSS, then rTSS', () => {
    expect(selectTrainingLoad(hourRide)).toEqual({ load: 80, method: 'power' });
    expect(selectTrainingLoad({ ...hourRide, powerTss: null })).toEqual({ load: 70, method: 'heartRate' });
    expect(selectTrainingLoad({ ...hourRide, powerTss: null, hrTss: null })).toEqual({ load: 60, method: 'pace' });
  });

  it('falls back to duration × the intensity of the sport, or the given intensity', () => {
    const nothing = { ...hourRide, powerTss: null, hrTss: null, rTss: null };
    expect(selectTrainingLoad(nothing)).toEqual({ load: expect.closeTo(49, 9), method: 'estimate' });
    expect(selectTrainingLoad({ ...nothing, sport: 'hike', durationS: 7200 }).load).toBeCloseTo(60.5, 9);
    expect(selectTrainingLoad({ ...nothing, averageIntensityFactor: 0.9 }).load).toBeCloseTo(81, 9);
  });
});
