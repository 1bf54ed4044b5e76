import type { TrainingLogEntry } from '../src/server/features/scoring/index.ts';
import { planComplianceOf } from '../src/server/features/plans/compliance-read.ts';
import { lengthInput } from '../src/server/features/plans/plan-on-day.ts';
import { planSchedule } from '../src/shared/domain/plan-phases.ts';
import { planSource } from '../test/unit/support/analysis-context.ts';
import { timeRuns, type RunTimes } from './measure.ts';
import { DAY_MS } from '../src/shared/time.ts';

/** Planned vs done of one plan, timed over the runs. */
export interface PlanComplianceRun extends RunTimes {
  weeks: number;
  sessions: number;
  activities: number;
}

const RUNS = 200;

/**
 * Issue 18: planned vs done of a 24-week plan against a year of activities (the plan's days, the
 * half year before it and two a day on some days), the pure computation the API and the analysis
 * run after their reads.
 */
export function benchPlanCompliance(): PlanComplianceRun {
  const generatedAt = new Date('2026-03-02T08:00:00Z');
  const row = planSource(
    { preparationType: 'general-fitness', planName: 'Bench block', selectedActivities: '["Cycling","Running","Lifting"]', planDuration: '24 weeks', weeklyTrainingTime: '10 hours' },
    generatedAt,
  );
  const plan = { phases: planSchedule(lengthInput(row, generatedAt)).phases, generatedPlan: row.generatedPlan };
  const families = ['ride', 'run', 'ride', 'workout', 'ride', 'run', 'hike'] as const;
  const log: TrainingLogEntry[] = [];
  for (let day = -190; day < 175; day++) {
    const start = generatedAt.getTime() + day * DAY_MS;
    const count = day % 5 === 0 ? 2 : day % 9 === 0 ? 0 : 1;
    for (let index = 0; index < count; index++) {
      log.push({
        activityId: `bench-${day}-${index}`,
        family: families[(day + 190 + index) % families.length]!,
        source: 'file',
        startDate: new Date(start + (7 + index * 9) * 3_600_000),
        movingTimeS: 2_400 + ((day * 37) % 3_600),
        trainingLoad: day % 11 === 0 ? null : 40 + (day % 60),
        thresholdSources: [],
      });
    }
  }
  const span = { today: '2026-05-20', from: plan.phases[0]!.startDate, to: plan.phases.at(-1)!.endDate };
  let sessions = 0;
  const times = timeRuns(RUNS, () => {
    sessions = planComplianceOf(plan, log, span).overall.sessions.planned;
  });
  return { weeks: plan.phases.reduce((sum, phase) => sum + phase.weeks, 0), sessions, activities: log.length, ...times };
}
