import { describe, expect, it } from 'vitest';
import type { TrainingPlanView } from '../../src/shared/api/training-plans.ts';
import { moveBounds } from '../../src/web/features/plans/move-bounds.ts';

type Bounded = Pick<TrainingPlanView, 'phases' | 'generatedPlan'>;
const plan = (phasesEnd: string, raceDay: string | null): Bounded =>
  ({
    phases: [
      { name: 'base', startDate: '2027-01-04', endDate: '2027-02-14', weeks: 6 },
      { name: 'build', startDate: '2027-02-15', endDate: phasesEnd, weeks: 4 },
    ],
    generatedPlan: { trainingPlan: raceDay ? { raceWeek: { startDate: '2027-03-08', date: raceDay, dailySchedule: [] } } : {} },
  }) as unknown as Bounded;

describe("the move dialog's bounds (issue 30)", () => {
  it("ends with the plan's last phase when it has no event", () => {
    expect(moveBounds(plan('2027-03-14', null))).toEqual({ lastDay: '2027-03-14' });
  });

  it('ends the day before the event: the event day keeps its race and the plan rests after it', () => {
    expect(moveBounds(plan('2027-03-14', '2027-03-14'))).toEqual({ lastDay: '2027-03-13', raceDay: '2027-03-14' });
    expect(moveBounds(plan('2027-03-21', '2027-03-14'))).toEqual({ lastDay: '2027-03-13', raceDay: '2027-03-14' });
  });

  it('says nothing while the plan is not loaded', () => {
    expect(moveBounds(undefined)).toEqual({});
  });
});
