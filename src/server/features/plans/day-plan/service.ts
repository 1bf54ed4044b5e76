import type { DayPlanAnswer, DayPlanDay, DayPlanQuery } from '../../../../shared/api/day-plan.ts';
import { planTitle } from '../../../../shared/api/training-plans.ts';
import { AppError } from '../../../http/errors.ts';
import type { Readiness } from '../../wellness/index.ts';
import { adjustedPlanView } from '../adjustments/service.ts';
import type { AdjustmentsRepo } from '../adjustments/repo.ts';
import { changedDays, planDays, type AcceptedSessionChange } from '../dated-sessions.ts';
import { READINESS_HOLD_ID } from './hold.ts';
import { addCalendarDays } from '../../../../shared/time.ts';
import { parseFtpW } from '../goal-inputs.ts';
import type { PlansRepo } from '../repo.ts';
import type { AdjustedPlanView } from '../view.ts';
import type { UnitSystem } from '../../../../shared/domain/unit-system.ts';
import { renderUnitsDeep } from '../../../../shared/domain/unit-tokens.ts';
import { datesFrom, decideDays, decideDaysWithSessions, heldBackPlanSession, planFor, type ActivePlanDays, type CoachSuggestion, type DecidedDay, type PendingProposal } from './decide.ts';
import { plannedSessionLoad } from '../planned-load.ts';

/**
 * The day plan of an account (ADR 0068): reads the active plans with their accepted changes, the
 * pending proposals, today's readiness and Kai's latest suggestion, and decides each date
 * (decide.ts). Every reader of "what do I do on this day" asks here.
 */

/** How far back the day plan reaches before today: a month, for the calendar's past weeks. */
export const DAY_PLAN_MAX_PAST_DAYS = 31;

export interface DayPlanDeps {
  plans: Pick<PlansRepo, 'listActive'>;
  adjustments: Pick<AdjustmentsRepo, 'acceptedOf' | 'pendingOf'>;
  /** The day's readiness (wellness); undefined where wellness is not wired (older tests). */
  readinessOn?: (accountId: string, date: string) => Promise<{ readiness: Readiness }>;
  /** Kai's next session after the account's latest analysed activity (analysis service). */
  latestSuggestion: (accountId: string) => Promise<CoachSuggestion | undefined>;
  /** The account's unit system: the plans' sessions are read in it (ADR 0073). */
  unitSystem: (accountId: string) => Promise<UnitSystem>;
  now?: () => Date;
}

/** The poor readings behind a strained readiness, as the card names them: 'HRV 35 ms, Resting HR 61 bpm'. */
function strainedBy(readiness: Readiness): string | null {
  const poor = readiness.inputs.filter((input) => input.signal === 'poor').map((input) => `${input.label} ${input.valueText}`);
  return poor.length > 0 ? poor.join(', ') : null;
}

export function createDayPlanService(deps: DayPlanDeps) {
  const now = deps.now ?? (() => new Date());

  async function activePlans(accountId: string, at: Date): Promise<ActivePlanDays[]> {
    const rows = await deps.plans.listActive(accountId);
    if (rows.length === 0) return [];
    const [accepted, units] = await Promise.all([deps.adjustments.acceptedOf(accountId, rows.map((row) => row.id)), deps.unitSystem(accountId)]);
    const athleteEditsOf = (planId: string) => new Set(accepted.filter((entry) => entry.planId === planId && entry.trigger === 'athlete-edit').map((entry) => entry.id));
    return rows.flatMap((row) => {
      const plan = adjustedPlanView(row, accepted, units, at);
      const days = planDays(plan);
      if (days.length === 0) return [];
      return [{ id: row.id, name: planTitle(row), startDate: days[0]!.date, endDate: days.at(-1)!.date, days, changed: changedDays(plan), athleteEdits: athleteEditsOf(row.id), ftpW: parseFtpW(row.ftp) }];
    });
  }

  async function pendingProposals(accountId: string): Promise<PendingProposal[]> {
    const [rows, units] = await Promise.all([deps.adjustments.pendingOf(accountId), deps.unitSystem(accountId)]);
    return rows.map((row) => ({
      adjustmentId: row.id,
      planId: row.planId,
      reason: row.reasonWorded ?? row.reason,
      changes: row.changes.map((change) => ({ date: change.date, after: change.after && renderUnitsDeep(change.after, units) })),
    }));
  }

  /** The decisions for `dates`, with `today` as the athlete's today. */
  async function decide(accountId: string, today: string, dates: readonly string[]): Promise<DayPlanDay[]> {
    return (await decideWithSessions(accountId, today, dates)).map((decided) => decided.day);
  }

  /** The same, each with the plan session behind the decision. */
  async function decideWithSessions(accountId: string, today: string, dates: readonly string[]): Promise<DecidedDay[]> {
    const at = now();
    // Kai's suggestion matters only on a date no plan covers: read (and, for a stale analysis, chosen again) only then.
    const suggestionFor = async (plans: readonly ActivePlanDays[]) =>
      dates.every((date) => planFor(plans, date)) ? undefined : deps.latestSuggestion(accountId);
    const [[plans, suggestion], proposals, readiness] = await Promise.all([
      activePlans(accountId, at).then(async (found) => [found, await suggestionFor(found)] as const),
      pendingProposals(accountId),
      dates.includes(today) && deps.readinessOn ? deps.readinessOn(accountId, today) : undefined,
    ]);
    return decideDaysWithSessions({
      today,
      dates,
      plans,
      proposals,
      readiness: readiness ? { state: readiness.readiness.state, reason: strainedBy(readiness.readiness) } : null,
      suggestion: suggestion ?? null,
    });
  }

  /** The athlete's today: theirs when given and within a day of UTC's (time zones span UTC−12 to UTC+14). */
  function checkedToday(today: string | undefined): string {
    const utc = now().toISOString().slice(0, 10);
    if (today === undefined) return utc;
    if (today < addCalendarDays(utc, -1) || today > addCalendarDays(utc, 1)) throw new AppError('bad_request', `Today must be within a day of ${utc}`);
    return today;
  }

  return {
    /** GET /api/day-plan: the decision for each of `days` dates from `from` (today when absent). */
    async days(accountId: string, query: DayPlanQuery): Promise<DayPlanAnswer> {
      const today = checkedToday(query.today);
      const from = query.from ?? today;
      if (from < addCalendarDays(today, -DAY_PLAN_MAX_PAST_DAYS)) throw new AppError('bad_request', `The day plan reaches back at most ${DAY_PLAN_MAX_PAST_DAYS} days before today`);
      return { today, days: await decide(accountId, today, datesFrom(from, query.days)) };
    },

    /**
     * The decisions for any dates, past or future (`today` as UTC's unless given, checked as for
     * `days`): the training calendar's days (ADR 0080). The same decision `days` answers for a date.
     */
    async dates(accountId: string, dates: readonly string[], today?: string): Promise<DayPlanAnswer> {
      const checked = checkedToday(today);
      return { today: checked, days: await decide(accountId, checked, dates) };
    },

    /**
     * The decisions for `dates` (`today` as UTC's unless given, checked as for `days`), each with
     * the planned load of the session it holds (planned-load.ts, on the TSS scale): 0 on a plan's
     * rest day, null where no plan covers the date (Kai's suggestion is one session at a time, not
     * a plan) or the session's load is unknown. What the fitness forecast runs on (ADR 0081).
     */
    async plannedLoads(accountId: string, dates: readonly string[], today?: string): Promise<{ today: string; days: { day: DayPlanDay; plannedLoad: number | null }[] }> {
      const checked = checkedToday(today);
      const decided = await decideWithSessions(accountId, checked, dates);
      return {
        today: checked,
        days: decided.map(({ day, planned }) => ({
          day,
          plannedLoad:
            day.source !== 'plan' ? null : planned ? plannedSessionLoad(planned.snapshot.scheduled, planned.phase, planned.snapshot.durationMin) : 0,
        })),
      };
    },

    /** One date's decision (`today` as UTC's unless given): what the downloads of that day write. */
    async day(accountId: string, date: string, today?: string): Promise<DayPlanDay> {
      return (await decide(accountId, checkedToday(today), [date]))[0]!;
    },

    /**
     * Today's readiness hold on a plan its reader already has (UTC's today), as a change to lay over
     * its sessions, so the plan's calendar file, feed and workout files for today write what the day
     * plan decided. Null when the plan is not active, readiness is not strained, or today's session
     * is not held back.
     */
    async readinessHold(accountId: string, plan: AdjustedPlanView): Promise<AcceptedSessionChange | null> {
      if (!deps.readinessOn || !plan.isActive) return null;
      const today = now().toISOString().slice(0, 10);
      const entry = planDays(plan).find((day) => day.date === today);
      if (!entry?.session || changedDays(plan).some((day) => day.date === today)) return null;
      const { readiness } = await deps.readinessOn(accountId, today);
      if (readiness.state !== 'strained') return null;
      const held = heldBackPlanSession(entry.session, parseFtpW(plan.ftp));
      return held && { adjustmentId: READINESS_HOLD_ID, date: today, before: { scheduled: entry.session.scheduled, durationMin: entry.session.durationMin }, after: held };
    },

    /**
     * What an active plan has after `day` (the day of an activity): the first of the next seven
     * days with a session, and the rest days before it, for the analysis's next session. Null when
     * no active plan covers the day after, or it has no session in that week.
     */
    async plannedAfter(accountId: string, day: string): Promise<{ date: string; day: DayPlanDay; restDays: string[] } | null> {
      const dates = datesFrom(addCalendarDays(day, 1), 7);
      // Readiness is a judgement of its own morning, and Kai's suggestion is what this answer replaces: plans only.
      const days = decideDays({ today: '', dates, plans: await activePlans(accountId, now()), proposals: [], readiness: null, suggestion: null });
      if (days[0]!.source !== 'plan') return null;
      const index = days.findIndex((entry) => entry.source === 'plan' && entry.session !== null);
      if (index === -1) return null;
      return { date: days[index]!.date, day: days[index]!, restDays: days.slice(0, index).map((entry) => entry.date) };
    },
  };
}

export type DayPlanService = ReturnType<typeof createDayPlanService>;
