import type { TrainingLogEntry } from '../../scoring/index.ts';
import { planCompliance } from '../compliance.ts';
import { complianceActivities } from '../compliance-read.ts';
import { planDays, type DatedPlan } from '../dated-sessions.ts';
import { plannedSessionLoad, sessionSport } from '../planned-load.ts';
import type { AdjustedPlanView } from '../view.ts';
import { REVIEW_DAYS, reviewPlan, type Proposal, type ReviewDay } from './rules.ts';
import type { LowDays } from '../../wellness/index.ts';
import { addCalendarDays, DAY_MS } from '../../../../shared/time.ts';

/** The review's computation once its reads are in (ADR 0050): the days of the plan it reads, their compliance, and the rules. Pure. */

/** How far one day's matching reaches: a session may take the day before's or after's activity, which that day's own session took first. */
const MATCH_REACH_DAYS = 3;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The days reviewed: the last 7 and today with the 6 after it. */
export function reviewSpan(now: Date): { today: string; from: string; to: string } {
  const today = isoDay(now.getTime());
  return { today, from: addCalendarDays(today, -REVIEW_DAYS), to: addCalendarDays(today, REVIEW_DAYS - 1) };
}

/** The activities the review reads: its days and one either side (a session moved by one day, ADR 0035). */
export function reviewLogSpan(now: Date): { from: Date; to: Date } {
  const { from, to } = reviewSpan(now);
  return { from: new Date(Date.parse(`${from}T00:00:00Z`) - DAY_MS), to: new Date(Date.parse(`${to}T00:00:00Z`) + 2 * DAY_MS) };
}

/** The reviewed days of the plan (its accepted changes laid over it), each with its compliance. */
export function reviewDays(plan: DatedPlan, log: readonly TrainingLogEntry[], now: Date): ReviewDay[] {
  const { today, from, to } = reviewSpan(now);
  // Compliance of the reviewed days, as the plan's own compliance (ADR 0035) matches them: a
  // session takes a neighbour day's activity only after that day's sessions, so days further than
  // MATCH_REACH_DAYS out cannot change the matching of the reviewed ones and are left out.
  const allDays = planDays(plan);
  const reach = { from: addCalendarDays(from, -MATCH_REACH_DAYS), to: addCalendarDays(to, MATCH_REACH_DAYS) };
  const near = allDays.filter((day) => day.date >= reach.from && day.date <= reach.to);
  if (near.length === 0) return [];
  const compliance = planCompliance({
    startDate: near[0]!.date,
    endDate: near.at(-1)!.date,
    sessions: near.flatMap((day) =>
      day.session
        ? [
            {
              date: day.date,
              name: day.session.scheduled.activityType,
              sport: sessionSport(day.session.scheduled.activityType).family,
              durationMin: day.session.durationMin,
              plannedLoad: plannedSessionLoad(day.session.scheduled, day.session.phase.key, day.session.durationMin),
            },
          ]
        : [],
    ),
    activities: complianceActivities(log),
    today,
    from,
    to,
  });
  const complianceByDate = new Map(compliance.days.map((day) => [day.date, day]));
  return near
    .filter((day) => day.date >= from && day.date <= to)
    .map((day) => {
      const checked = complianceByDate.get(day.date);
      return {
        date: day.date,
        session: day.session,
        status: checked?.status ?? (day.session ? (day.date < today ? 'missed' : 'future') : 'rest'),
        plannedLoad: checked?.planned?.plannedLoad ?? null,
        doneLoad: checked?.doneLoad ?? null,
        done: (checked?.matchedActivityIds.length ?? 0) > 0,
        raceWeek: day.context.weekKind === 'race',
      };
    });
}

export function reviewProposals(input: {
  plan: AdjustedPlanView;
  /** The athlete's activities over reviewLogSpan. */
  log: readonly TrainingLogEntry[];
  lowDays: LowDays;
  tsb: number | null;
  ftpW: number | null;
  now: Date;
}): Proposal[] {
  const { today } = reviewSpan(input.now);
  return reviewPlan({ today, days: reviewDays(input.plan, input.log, input.now), lowDays: input.lowDays, tsb: input.tsb, ftpW: input.ftpW });
}
