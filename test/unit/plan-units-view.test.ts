import { describe, expect, it } from 'vitest';
import { summariseTraining } from '../../src/server/features/plans/athlete-facts.ts';
import { generatePlan } from '../../src/server/features/plans/generator.ts';
import { changesInUnits, planInUnits } from '../../src/server/features/plans/view.ts';
import { trainingPlanInput } from '../../src/shared/api/training-plans.ts';
import { planSchedule } from '../../src/shared/domain/plan-phases.ts';
import { unitText, unitTokens } from '../../src/shared/domain/unit-tokens.ts';

const now = new Date('2026-03-10T12:00:00Z');
const rides = Array.from({ length: 8 }, (_, index) => ({
  family: 'ride' as const,
  startDate: new Date(now.getTime() - (26 - index * 3) * 86_400_000),
  movingTimeS: 5400,
  distanceM: 45_000,
  trainingLoad: 75,
}));
const facts = summariseTraining(rides, now, { fitness: null, ftp: null });
const input = trainingPlanInput.parse({ preparationType: 'event', eventName: 'Gran Fondo', eventType: 'cycling', eventDate: '2026-07-05', eventDistance: '150 km', eventElevation: '2000 m' });
const make = (write: Parameters<typeof generatePlan>[4]) => generatePlan(input, facts, planSchedule({ targetDate: '2026-07-05', generatedAt: now }), new Date('2026-07-05T00:00:00Z'), write);

describe("a stored plan read in the account's units (ADR 0073)", () => {
  it('renders a plan stored in tokens in the units asked for and says which, leaving the stored plan as it was', () => {
    const stored = { id: 'plan-1', eventDistance: '150 km', ...make(unitTokens) };
    const before = structuredClone(stored);
    const imperial = planInUnits(stored, 'imperial');
    expect(imperial.generatedPlan.units).toBe('imperial');
    expect(imperial.generatedPlan.eventDemands.keyPhysicalDemands).toContain('93.2 mi of cycling.');
    expect(imperial.planSummary).toBe(make(unitText('imperial')).planSummary);
    // The athlete's own fields are not Kairo's text: as typed.
    expect(imperial.eventDistance).toBe('150 km');
    expect(planInUnits(stored, 'metric').generatedPlan.eventDemands.keyPhysicalDemands).toContain('150.0 km of cycling.');
    expect(stored).toEqual(before);
  });

  it('serves a plan stored before tokens as it is, in the units it was written in', () => {
    const legacy = make(unitText('metric'));
    expect(legacy.generatedPlan.unitTokens).toBeUndefined();
    expect(planInUnits(legacy, 'imperial')).toBe(legacy);
  });

  it("renders an accepted change's sessions, copies of the plan's own", () => {
    const session = make(unitTokens).generatedPlan.trainingPlan.raceWeek!.dailySchedule.at(-1)!;
    const [change] = changesInUnits([{ adjustmentId: 'a', date: '2026-07-05', before: { scheduled: session, durationMin: 400 }, after: null }], 'imperial');
    expect(change!.before!.scheduled.description).toBe('Gran Fondo: 93.2 mi. Start below the effort you can hold and build into it.');
  });
});
