import { describe, expect, it } from 'vitest';
import { fillMissing } from '../../src/shared/fill-missing.ts';

describe('fillMissing', () => {
  it("keeps the first reading's values and takes only what it lacks (null or absent) from the fallback", () => {
    type Reading = { timeMs: number; powerW?: number | null; heartrateBpm?: number | null; cadenceRpm?: number | null };
    const first: Reading = { timeMs: 1000, powerW: 0, heartrateBpm: null };
    const fallback: Reading = { timeMs: 1000, powerW: 250, heartrateBpm: 140, cadenceRpm: 90 };
    expect(fillMissing(first, fallback)).toEqual({ timeMs: 1000, powerW: 0, heartrateBpm: 140, cadenceRpm: 90 });
  });

  it('leaves a figure missing in both missing, and keeps the fallback’s key order', () => {
    const merged = fillMissing({ startS: 0, durationS: 60, averagePowerW: null, distanceM: 400 }, { startS: 0, durationS: 60, distanceM: 380, averagePowerW: null });
    expect(merged).toEqual({ startS: 0, durationS: 60, distanceM: 400, averagePowerW: null });
    expect(Object.keys(merged)).toEqual(['startS', 'durationS', 'distanceM', 'averagePowerW']);
  });
});
