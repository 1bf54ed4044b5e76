import { describe, expect, it } from 'vitest';
import { writeBuiltinAnalysis } from '../../src/server/features/analysis/coach/builtin.ts';
import type { AnalysisContext } from '../../src/server/features/facts/index.ts';
import { ungroundedNumbers } from '../../src/server/features/analysis/coach/grounding.ts';
import { promptFacts } from '../../src/server/features/analysis/coach/prompt.ts';
import type { TrainingLogEntry } from '../../src/server/features/scoring/index.ts';
import { weekComplianceOn } from '../../src/server/features/plans/compliance-read.ts';
import { lengthInput } from '../../src/server/features/plans/plan-on-day.ts';
import { planSchedule } from '../../src/shared/domain/plan-phases.ts';
import { ACTIVITY_DAY, contextOf, EVENT_PLAN, eventPlanOnDay, planSource, type SourceKind } from './support/analysis-context.ts';
import { DAY_MS } from '../../src/shared/time.ts';

/**
 * The analysis's plan progress from real planned vs done (ADR 0035): the event plan of the
 * analysis fixtures, generated 15 days before the activity (a Tuesday, 2026-05-12), whose week
 * has a 25-minute endurance ride that day and sessions on Thursday, Saturday and Sunday.
 */

const generatedAt = new Date(ACTIVITY_DAY.getTime() - 15 * DAY_MS);
const row = planSource(EVENT_PLAN, generatedAt);
const plan = { phases: planSchedule(lengthInput(row, generatedAt)).phases, generatedPlan: row.generatedPlan };

const entry = (id: string, family: TrainingLogEntry['family'], day: string, movingTimeS: number, trainingLoad: number | null, source: TrainingLogEntry['source'] = 'file'): TrainingLogEntry => ({
  activityId: id,
  family,
  source,
  startDate: new Date(`${day}T07:00:00Z`),
  movingTimeS,
  trainingLoad,
  thresholdSources: [],
});

function contextWith(kind: SourceKind, log: TrainingLogEntry[], coachingStyle: 'performance' | 'chill' | 'marginal_gains' = 'performance'): AnalysisContext {
  return contextOf(kind, { coachingStyle }, (built) => {
    built.plans = [{ ...eventPlanOnDay(15), compliance: weekComplianceOn(plan, log, '2026-05-12') }];
  });
}

const progress = (context: AnalysisContext) => {
  const answer = writeBuiltinAnalysis(context);
  const { nextSession, ...sections } = answer;
  expect(ungroundedNumbers(sections, nextSession, context)).toEqual([]);
  return answer.trainingPlanProgress;
};

describe('plan progress from planned vs done', () => {
  it("states this session's planned and done time and load, and the week so far", () => {
    const context = contextWith('ridePower', [entry('ride', 'ride', '2026-05-12', 1_320, 15)]);
    const text = progress(context);
    expect(text).toContain("This ride was the plan's cycling endurance: planned 25 min at a load of 16, done 22 min at a load of 15, 88% of the time, so completed.");
    expect(text).toContain('The week so far: 22 min done of 25 min due (88%); load 15 of 16 (94%), 1 of 1 session completed.');
    // The generic planned-week sentence gives way to the real figures.
    expect(text).not.toContain('This week is planned at');
  });

  it('calls a session under four fifths of its time partial, and names the missed ones', () => {
    // Thursday's tempo ride missed, seen from the Saturday after it.
    const log = [entry('ride', 'ride', '2026-05-12', 600, 7)];
    const week = weekComplianceOn(plan, log, '2026-05-16')!;
    expect(week.sessions.map((session) => session.status)).toEqual(['partial', 'missed', 'future', 'future']);
    const text = progress(
      contextOf('ridePower', { coachingStyle: 'performance' }, (built) => {
        built.plans = [{ ...eventPlanOnDay(15), compliance: week }];
      }),
    );
    expect(text).toContain('so partial: under four fifths of the planned time.');
    expect(text).toContain('Missed: cycling tempo on 14 May 2026.');
  });

  it('an activity of another sport on a session day counts as unplanned', () => {
    const text = progress(contextWith('run', [entry('run', 'run', '2026-05-12', 2_700, 40)]));
    expect(text).toContain('The plan had cycling endurance for this day, so this run counts as unplanned.');
  });

  it('leaves out the week of an activity whose later days are not known yet', () => {
    const week = weekComplianceOn(plan, [entry('later', 'ride', '2026-05-14', 1_500, 20)], '2026-05-12')!;
    expect(week.sessions.every((session) => session.matchedActivityIds.length === 0)).toBe(true);
  });

  it('keeps the figures out of a prompt under the strict policy when a Strava activity is behind them', () => {
    const log = [entry('ride', 'ride', '2026-05-12', 1_320, 15), entry('strava', 'ride', '2026-05-11', 3_600, 50, 'strava')];
    const context = contextWith('ridePower', log);
    const strict = promptFacts(context, 'strict')!;
    expect(strict.withheld).toContain('training plan planned vs done');
    expect((strict.activePlan as Record<string, unknown>).compliance).toBeUndefined();
    const relaxed = promptFacts(context, 'relaxed')!;
    expect((relaxed.activePlan as { compliance: { week: { durationPct: string } } }).compliance.week.durationPct).toBe('88%');
  });
});
