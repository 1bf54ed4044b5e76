import { describe, expect, it } from 'vitest';
import {
  estimateThresholdSpeedFromEffortsMps,
  predictRiegelDistanceM,
  predictRiegelTimeS,
  thresholdPaceFromSpeedSPerKm,
} from '../../src/metrics/threshold-pace.ts';

describe("Riegel's endurance model (American Scientist 69:285, 1981)", () => {
  it('predicts the race times the published calculators give', () => {
    // 5 km in 20:00 -> 10 km in 41:42; a 1:30:00 half marathon -> a 3:07:39 marathon.
    expect(predictRiegelTimeS({ distanceM: 5000, elapsedS: 1200 }, 10_000)).toBeCloseTo(2501.9, 1);
    expect(predictRiegelTimeS({ distanceM: 21_097.5, elapsedS: 5400 }, 42_195)).toBeCloseTo(11_258.6, 1);
  });

  it('inverts to the distance covered in a given time', () => {
    const effort = { distanceM: 10_000, elapsedS: 2400 };
    const hourM = predictRiegelDistanceM(effort, 3600);
    expect(hourM).toBeCloseTo(14_659.7, 1);
    expect(predictRiegelTimeS(effort, hourM)).toBeCloseTo(3600, 9);
    expect(predictRiegelDistanceM(effort, 2400)).toBeCloseTo(10_000, 9);
  });
});

describe('threshold pace from best efforts', () => {
  it('is the one-hour speed the fastest effort implies: 10 km in 40:00 -> 4:06 /km', () => {
    const speedMps = estimateThresholdSpeedFromEffortsMps([
      { distanceM: 5000, elapsedS: 1260 },
      { distanceM: 10_000, elapsedS: 2400 },
    ]);
    expect(speedMps).toBeCloseTo(14_659.7 / 3600, 4);
    expect(thresholdPaceFromSpeedSPerKm(speedMps!)).toBe(246);
  });

  it('takes the effort implying the fastest hour, whatever its distance', () => {
    // A 5:40 mile implies 14.91 km in the hour, faster than the 10 km in 40:00 (14.66 km).
    const speedMps = estimateThresholdSpeedFromEffortsMps([
      { distanceM: 1609.344, elapsedS: 340 },
      { distanceM: 10_000, elapsedS: 2400 },
    ]);
    expect(speedMps! * 3600).toBeCloseTo(14_909.5, 1);
  });

  it('leaves out efforts outside the 3.5 to 230 minutes Riegel fitted', () => {
    // A 400 m sprint and a 1 km in 2:50 would promise an hour no one runs.
    expect(estimateThresholdSpeedFromEffortsMps([{ distanceM: 400, elapsedS: 60 }, { distanceM: 1000, elapsedS: 170 }])).toBeNull();
    expect(estimateThresholdSpeedFromEffortsMps([{ distanceM: 42_195, elapsedS: 4 * 3600 }])).toBeNull();
    expect(estimateThresholdSpeedFromEffortsMps([{ distanceM: 1000, elapsedS: 240 }])).toBeCloseTo(predictRiegelDistanceM({ distanceM: 1000, elapsedS: 240 }, 3600) / 3600, 12);
    expect(estimateThresholdSpeedFromEffortsMps([])).toBeNull();
  });
});
