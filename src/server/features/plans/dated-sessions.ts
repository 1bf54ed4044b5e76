import { DAYS_OF_WEEK, type PhaseWeek, type ScheduledDay, type TrainingPlanView } from '../../../shared/api/training-plans.ts';
import type { PhaseName } from '../../../shared/domain/plan-phases.ts';

/**
 * The plan laid out on the calendar: every day of its phases that has a session, each week's
 * sessions scaled to that week's planned volume, then the race week's own seven days. The .ics
 * download, the calendar feed and the per-session workout files all read this one layout, so a
 * session is the same wherever the athlete meets it.
 */

const DAY_MS = 86_400_000;

export interface DatedSession {
  /** YYYY-MM-DD. */
  date: string;
  /** The phase the day belongs to (the race week counts to the last phase). */
  phaseKey: PhaseName;
  phaseName: string;
  /** 1-based week of the phase. */
  week: number;
  weekKind: PhaseWeek['kind'] | 'race';
  /** The typical week's (or race week's) session for this weekday, as planned. */
  session: ScheduledDay;
  /** The minutes of this day: the session's minutes scaled to the week's volume. */
  minutes: number;
  isRaceDay: boolean;
}

const isoDay = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10);

export function datedSessions(plan: TrainingPlanView): DatedSession[] {
  const raceWeek = plan.generatedPlan.trainingPlan.raceWeek;
  const race = raceWeek
    ? { start: Date.parse(`${raceWeek.startDate}T00:00:00Z`), day: Date.parse(`${raceWeek.date}T00:00:00Z`), schedule: raceWeek.dailySchedule }
    : null;
  const sessions: DatedSession[] = [];
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
        const minutes = session.activityType.startsWith('Lifting') || inRaceWeek ? session.durationMin : Math.max(5, Math.round((session.durationMin * scale) / 5) * 5);
        sessions.push({
          date: isoDay(day),
          phaseKey: phase.name,
          phaseName: generated?.name ?? phase.name,
          week,
          weekKind: inRaceWeek ? 'race' : (plannedWeek?.kind ?? 'load'),
          session,
          minutes,
          isRaceDay,
        });
      }
    }
  }
  return sessions;
}

