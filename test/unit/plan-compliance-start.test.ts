import { describe, expect, it } from 'vitest';
import { planComplianceFacts } from '../../src/server/features/facts/index.ts';
import { complianceLogSpan, weekComplianceOn } from '../../src/server/features/plans/compliance-read.ts';
import { lengthInput } from '../../src/server/features/plans/plan-on-day.ts';
import type { TrainingLogEntry } from '../../src/server/features/scoring/index.ts';
import { planSchedule } from '../../src/shared/domain/plan-phases.ts';
import { ACTIVITY_DAY, EVENT_PLAN, planSource } from './support/analysis-context.ts';

/**
 * Issue 26: a plan made on Tuesday 2026-05-12 (its first day has a ride session) and
 * a 45-minute ride on the Monday before it. The ride is not the plan's: neither the week's planned
 * vs done nor the analysis's facts may count it as Tuesday's session (ADR 0035, compliance start).
 */

const row = planSource(EVENT_PLAN, ACTIVITY_DAY);
const plan = { phases: planSchedule(lengthInput(row, ACTIVITY_DAY)).phases, generatedPlan: row.generatedPlan };

const ride = (id: string, day: string, movingTimeS: number): TrainingLogEntry => ({
  activityId: id,
  family: 'ride',
  source: 'file',
  startDate: new Date(`${day}T07:00:00Z`),
  movingTimeS,
  trainingLoad: 30,
  thresholdSources: [],
});

describe("compliance starts on the plan's first day", () => {
  it('the plan starts on the Tuesday with a session, and its reads start there too', () => {
    expect(plan.phases[0]!.startDate).toBe('2026-05-12');
    expect(complianceLogSpan(plan).from.toISOString()).toBe('2026-05-12T00:00:00.000Z');
  });

  it("does not count Monday's ride as Tuesday's session, on the plan's first day or later", () => {
    const log = [ride('monday', '2026-05-11', 45 * 60)];
    const firstDay = weekComplianceOn(plan, log, '2026-05-12')!;
    expect(firstDay.sessions[0]).toMatchObject({ date: '2026-05-12', status: 'future', matchedActivityIds: [], doneOn: null, durationPct: null, band: null });
    expect(firstDay.week).toMatchObject({ doneMin: 0, durationPct: null, unplannedMin: 0 });

    const facts = planComplianceFacts(firstDay)!;
    expect(facts.sessions.every((session) => session.done === null && session.doneOn === null)).toBe(true);
    expect(facts.week.durationPct).toBeNull();
    expect(facts.week.unplanned).toBeNull();

    // Seen from Wednesday, Tuesday's session is missed: still not done by Monday's ride.
    const nextDay = weekComplianceOn(plan, log, '2026-05-13')!;
    expect(nextDay.sessions[0]).toMatchObject({ status: 'missed', band: 'red', matchedActivityIds: [] });
    expect(planComplianceFacts(nextDay)!.week.completed.value).toBe(0);
  });

  it("counts Tuesday's own ride", () => {
    const log = [ride('monday', '2026-05-11', 45 * 60), ride('tuesday', '2026-05-12', 25 * 60)];
    const week = weekComplianceOn(plan, log, '2026-05-12')!;
    expect(week.sessions[0]).toMatchObject({ status: 'completed', matchedActivityIds: ['tuesday'], doneOn: null });
    expect(planComplianceFacts(week)!.sessions[0]!.done).not.toBeNull();
  });
});
