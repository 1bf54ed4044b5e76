import { DAYS_OF_WEEK, type GeneratedPlan, type PhaseWeek, type ScheduledDay } from '../../../shared/api/training-plans.ts';
import type { PhaseName, PlanPhase } from '../../../shared/domain/plan-phases.ts';

/**
 * A plan's sessions on the calendar: each phase's typical week repeated over its weeks, each
 * week's sessions scaled to that week's planned volume, and the race week's own sessions. The
 * calendar file, the compliance check and anything else that asks "what was planned on this day"
 * read this one layout.
 */

const DAY_MS = 86_400_000;

export interface DatedSession {
  /** YYYY-MM-DD. */
  date: string;
  /** The session as the generated plan writes it; its `durationMin` is the typical week's. */
  scheduled: ScheduledDay;
  /** The minutes planned on this date: the typical week's scaled to this week's volume. */
  durationMin: number;
  phase: { key: PhaseName; name: string };
  /** 1-based week of the phase. */
  weekOfPhase: number;
  /** The generated week's kind, or 'race' in the race week; null when the plan has no week-by-week volumes. */
  weekKind: PhaseWeek['kind'] | 'race' | null;
  isRaceDay: boolean;
}

/** Every dated session of a plan, in date order; rest days are left out. */
export function datedSessions(plan: { phases: readonly PlanPhase[]; generatedPlan: GeneratedPlan }): DatedSession[] {
  const sessions: DatedSession[] = [];
  const raceWeek = plan.generatedPlan.trainingPlan.raceWeek;
  const race = raceWeek
    ? { start: Date.parse(`${raceWeek.startDate}T00:00:00Z`), day: Date.parse(`${raceWeek.date}T00:00:00Z`), schedule: raceWeek.dailySchedule }
    : null;
  for (const phase of plan.phases) {
    const generated = plan.generatedPlan.trainingPlan.phases.find((candidate) => candidate.key === phase.name);
    const schedule = generated?.dailySchedule ?? [];
    const typicalMin = Math.max(1, ...(generated?.weeks ?? []).filter((w) => w.kind === 'load' || w.kind === 'peak').map((w) => w.targetMin));
    const phaseStart = Date.parse(`${phase.startDate}T00:00:00Z`);
    for (let week = 1; week <= phase.weeks; week++) {
      const plannedWeek = generated?.weeks?.find((candidate) => candidate.week === week);
      const weekStart = phaseStart + (week - 1) * 7 * DAY_MS;
      const scale = plannedWeek ? Math.min(1, plannedWeek.targetMin / typicalMin) : 1;
      for (let offset = 0; offset < 7; offset++) {
        const day = weekStart + offset * DAY_MS;
        // The race week's seven days have their own sessions at their own minutes; after the event the plan rests.
        if (race && day > race.day) continue;
        const inRaceWeek = race !== null && day >= race.start;
        const isRaceDay = inRaceWeek && day === race.day;
        // getUTCDay: 0 is Sunday; DAYS_OF_WEEK starts on Monday.
        const dayName = DAYS_OF_WEEK[(new Date(day).getUTCDay() + 6) % 7];
        const session = (inRaceWeek ? race.schedule : schedule).find((entry) => entry.dayOfWeek === dayName);
        if (!session || (session.durationMin === 0 && !isRaceDay)) continue;
        const minutes =
          session.activityType.startsWith('Lifting') || inRaceWeek ? session.durationMin : Math.max(5, Math.round((session.durationMin * scale) / 5) * 5);
        sessions.push({
          date: new Date(day).toISOString().slice(0, 10),
          scheduled: session,
          durationMin: minutes,
          phase: { key: phase.name, name: generated?.name ?? phase.name },
          weekOfPhase: week,
          weekKind: inRaceWeek ? 'race' : (plannedWeek?.kind ?? null),
          isRaceDay,
        });
      }
    }
  }
  return sessions;
}
