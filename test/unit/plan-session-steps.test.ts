import { describe, expect, it } from 'vitest';
import type { SessionStep } from '../../src/shared/api/analysis.ts';
import { sessionSteps, type MainSet } from '../../src/server/features/plans/session-steps.ts';

const seconds = (steps: SessionStep[]) =>
  steps.reduce((sum, step) => sum + (step.type === 'intervals' ? step.repeats * (step.work.durationS + step.recovery.durationS) : step.durationS), 0);
const durations = (steps: SessionStep[]) => steps.flatMap((step) => (step.type === 'intervals' ? [step.work.durationS, step.recovery.durationS] : [step.durationS]));

const THRESHOLD: MainSet = { kind: 'intervals', repeats: 3, workMin: 10, work: [91, 105], recoveryMin: 5, recovery: [45, 55] };
const MAIN_SETS: MainSet[] = [
  { kind: 'easy', target: [45, 55] },
  { kind: 'steady', target: [56, 75] },
  THRESHOLD,
  { kind: 'finish', target: [56, 75], finishMin: 20, finish: [76, 90] },
];

describe('plan session steps', () => {
  it('fill the session to the second with positive steps, whatever its length', () => {
    for (const main of MAIN_SETS) {
      for (let minutes = 5; minutes <= 360; minutes += 5) {
        const steps = sessionSteps(main, minutes, 250);
        expect(seconds(steps)).toBe(minutes * 60);
        expect(durations(steps).every((duration) => Number.isInteger(duration) && duration > 0)).toBe(true);
      }
    }
  });

  it('puts the intervals between a warm-up and a cool-down, zone 2 split around them', () => {
    expect(sessionSteps(THRESHOLD, 75, 250)).toEqual([
      { type: 'warmup', durationS: 600, intensity: { kind: 'power', ftpPct: { low: 45, high: 70 }, watts: { low: 113, high: 175 } } },
      { type: 'steady', durationS: 300, intensity: { kind: 'power', ftpPct: { low: 56, high: 75 }, watts: { low: 140, high: 188 } } },
      {
        type: 'intervals',
        repeats: 3,
        work: { durationS: 600, intensity: { kind: 'power', ftpPct: { low: 91, high: 105 }, watts: { low: 228, high: 263 } } },
        recovery: { durationS: 300, intensity: { kind: 'power', ftpPct: { low: 45, high: 55 }, watts: { low: 113, high: 138 } } },
      },
      { type: 'steady', durationS: 300, intensity: { kind: 'power', ftpPct: { low: 56, high: 75 }, watts: { low: 140, high: 188 } } },
      { type: 'cooldown', durationS: 600, intensity: { kind: 'power', ftpPct: { low: 45, high: 65 }, watts: { low: 113, high: 163 } } },
    ]);
  });

  it('drops repeats that do not fit, and rides one block at the work target when none does', () => {
    const intervalsOf = (minutes: number) => sessionSteps(THRESHOLD, minutes, null).find((step) => step.type === 'intervals');
    expect(intervalsOf(45)).toMatchObject({ repeats: 2 });
    expect(intervalsOf(25)).toMatchObject({ repeats: 1 });
    expect(sessionSteps(THRESHOLD, 20, null)).toEqual([
      { type: 'warmup', durationS: 300, intensity: { kind: 'power', ftpPct: { low: 45, high: 70 }, watts: null } },
      { type: 'steady', durationS: 600, intensity: { kind: 'power', ftpPct: { low: 91, high: 105 }, watts: null } },
      { type: 'cooldown', durationS: 300, intensity: { kind: 'power', ftpPct: { low: 45, high: 65 }, watts: null } },
    ]);
  });

  it('rides a recovery session easy from start to end, and finishes a long one at goal effort', () => {
    expect(sessionSteps({ kind: 'easy', target: [45, 55] }, 40, null)).toEqual([
      { type: 'steady', durationS: 2400, intensity: { kind: 'power', ftpPct: { low: 45, high: 55 }, watts: null } },
    ]);
    const long = sessionSteps({ kind: 'finish', target: [56, 75], finishMin: 20, finish: [76, 90] }, 180, null);
    expect(long.map((step) => [step.type, step.type === 'intervals' ? 0 : step.durationS / 60])).toEqual([
      ['warmup', 10],
      ['steady', 140],
      ['steady', 20],
      ['cooldown', 10],
    ]);
  });
});
