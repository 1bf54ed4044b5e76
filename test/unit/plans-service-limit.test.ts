import { describe, expect, it, vi } from 'vitest';
import type { PlansRepo } from '../../src/server/features/plans/repo.ts';
import { createPlansService } from '../../src/server/features/plans/service.ts';
import { FREE_PLAN_LIMIT_MESSAGE, type TrainingPlanInput } from '../../src/shared/api/training-plans.ts';

const EVENT_PLAN = {
  preparationType: 'event',
  eventName: 'Gran Fondo Stelvio',
  eventType: 'cycling',
  eventDate: '2026-12-06',
  eventDistance: '120 km',
  completionGoal: 'complete',
} as TrainingPlanInput;

/**
 * The Free limit is checked before a plan is generated (the integration suite covers the locked
 * insert under parallel creates): here every read a generation makes fails the test.
 */
describe('creating a plan at the Free limit', () => {
  it('is refused before anything of the athlete is read to generate a plan', async () => {
    const generationRead = vi.fn(() => {
      throw new Error('a plan was generated for an athlete at the limit');
    });
    const activities = { list: generationRead };
    const scoring = { trainingLog: generationRead };
    const insertWithinLimit = vi.fn();
    const repo = {
      standing: async () => ({ access: { plan: 'Free', trialExpiryDate: null }, plans: 1 }),
      insertWithinLimit,
    } as unknown as PlansRepo;
    const plans = createPlansService({ repo, activities, scoring, hasTrainingData: async () => true, plansChanged: async () => undefined, readAthlete: generationRead, unitSystem: generationRead, adjustments: { acceptedOf: generationRead, supersedePending: generationRead } });

    await expect(plans.create('account-1', EVENT_PLAN)).rejects.toMatchObject({ code: 'forbidden', message: FREE_PLAN_LIMIT_MESSAGE });
    expect(generationRead).not.toHaveBeenCalled();
    expect(insertWithinLimit).not.toHaveBeenCalled();
  });
});
