import type { TrainingLogEntry } from '../src/server/features/scoring/index.ts';
import { reviewLogSpan, reviewProposals } from '../src/server/features/plans/adjustments/review.ts';
import { datedSessions, type AcceptedSessionChange } from '../src/server/features/plans/dated-sessions.ts';
import { lengthInput } from '../src/server/features/plans/plan-on-day.ts';
import { toView } from '../src/server/features/plans/view.ts';
import { lowDays } from '../src/server/features/wellness/low-days.ts';
import { indexWellness, type WellnessReading } from '../src/server/features/wellness/readiness.ts';
import { planSchedule } from '../src/shared/domain/plan-phases.ts';
import { planSource } from '../test/unit/support/analysis-context.ts';
import { seededRandom, timeRuns, type RunTimes } from './measure.ts';
import { DAY_MS } from '../src/shared/time.ts';

/** Kai's review after an activity (ADR 0050), timed over the runs. */
export interface PlanAdjustmentsRun extends RunTimes {
  weeks: number;
  activities: number;
  wellnessDays: number;
  acceptedChanges: number;
  proposals: number;
}

const RUNS = 200;

/**
 * Issue 18: proposal computation after an activity, for an athlete with a year of activities, a
 * year of wellness and a 24-week plan (with a few accepted changes laid over it): what the review
 * computes once its reads are in. The reads take from the year only the days the review asks for
 * (the activities of its 16 days, the wellness of the HRV baseline), as the database does by index;
 * then yesterday's and today's readings against their baselines, the plan's days with their
 * compliance, and the rules.
 */
export function benchPlanAdjustments(): PlanAdjustmentsRun {
  const generatedAt = new Date('2026-03-02T08:00:00Z');
  const now = new Date('2026-05-20T18:00:00Z');
  const row = planSource(
    { preparationType: 'general-fitness', planName: 'Bench block', selectedActivities: '["Cycling","Running","Lifting"]', planDuration: '24 weeks', weeklyTrainingTime: '10 hours' },
    generatedAt,
  );
  const stored = { ...row, accountId: 'bench', generatedAt, updatedAt: generatedAt, isActive: true } as unknown as Parameters<typeof toView>[0];
  const view = toView(stored, now);
  const phases = planSchedule(lengthInput(row, generatedAt)).phases;
  // Four accepted changes earlier in the plan, each resting a session.
  const sessionChanges: AcceptedSessionChange[] = datedSessions({ phases, generatedPlan: row.generatedPlan })
    .filter((_, index) => index % 17 === 3)
    .slice(0, 4)
    .map((session, index) => ({ adjustmentId: `bench-${index}`, date: session.date, before: { scheduled: session.scheduled, durationMin: session.durationMin }, after: null }));
  const plan = { ...view, phases, sessionChanges };

  const next = seededRandom(50);
  const families = ['ride', 'run', 'ride', 'workout', 'ride', 'run', 'hike'] as const;
  const log: TrainingLogEntry[] = [];
  const wellness: WellnessReading[] = [];
  for (let day = -365; day <= 0; day++) {
    const date = new Date(now.getTime() + day * DAY_MS).toISOString().slice(0, 10);
    const count = day % 5 === 0 ? 2 : day % 9 === 0 ? 0 : 1;
    for (let index = 0; index < count; index++) {
      log.push({
        activityId: `bench-${day}-${index}`,
        family: families[(day + 365 + index) % families.length]!,
        source: 'file',
        startDate: new Date(Date.parse(`${date}T07:00:00Z`) + index * 9 * 3_600_000),
        movingTimeS: 2_400 + Math.round(next() * 3_600),
        trainingLoad: 40 + Math.round(next() * 60),
        thresholdSources: [],
      });
    }
    // A low HRV the last two mornings, so the review has something to propose.
    wellness.push({
      date,
      hrvRmssdMs: day >= -1 ? 25 : Math.round(Math.exp(4.1 + (next() - 0.5) * 0.3)),
      restingHrBpm: 46 + Math.round(next() * 8),
      sleepHours: 7,
      sleepQuality: 3,
      fatigue: 2,
      soreness: 2,
    });
  }
  const today = now.toISOString().slice(0, 10);
  const logSpan = reviewLogSpan(now);
  // The HRV baseline of the 60 days before yesterday, as the wellness service reads it.
  const wellnessFrom = new Date(now.getTime() - 61 * DAY_MS).toISOString().slice(0, 10);

  let proposals = 0;
  const review = () => {
    const read = log.filter((entry) => entry.startDate >= logSpan.from && entry.startDate < logSpan.to);
    const index = indexWellness(wellness.filter((entry) => entry.date >= wellnessFrom && entry.date <= today));
    proposals = reviewProposals({ plan, log: read, lowDays: lowDays(index, today), tsb: -18, ftpW: 260, now }).length;
  };
  // A server has run reviews before this one: the first, compiling the code, is not timed.
  review();
  const times = timeRuns(RUNS, review);
  return {
    weeks: phases.reduce((sum, phase) => sum + phase.weeks, 0),
    activities: log.length,
    wellnessDays: wellness.length,
    acceptedChanges: sessionChanges.length,
    proposals,
    ...times,
  };
}
