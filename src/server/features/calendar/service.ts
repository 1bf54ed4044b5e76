import type { CalendarAnswer, CalendarCompliance, CalendarDayEntry, CalendarQuery, CalendarTotalsAnswer, CalendarTotalsQuery } from '../../../shared/api/calendar.ts';
import type { DayPlanAnswer } from '../../../shared/api/day-plan.ts';
import { sportFamilyOf } from '../../../shared/domain/sport-family.ts';
import { periodsOverlapping, weeksOverlapping, type Weekday } from '../../../shared/domain/week-start.ts';
import { addCalendarDays } from '../../../shared/time.ts';
import type { ComplianceDay } from '../plans/index.ts';
import type { FactActivity } from '../facts/index.ts';
import { createAccountCache } from '../../db/account-cache.ts';
import type { InvalidationChannel } from '../../db/invalidation.ts';
import type { CalendarRepo } from './repo.ts';
import { BucketSums, sumOfActivity } from './totals.ts';

/**
 * The training calendar (ADR 0080): the athlete's activities by day, week, month and year, with
 * the day plan's decision for each day and plan compliance's mark. It decides nothing itself: the
 * sessions are the day plan's (ADR 0068), the marks plan compliance's (ADR 0035), the day of an
 * activity the UTC day it started on, as everywhere in Kairo. Every read is scoped to the account.
 */
export interface CalendarDeps {
  repo: CalendarRepo;
  /** The weekday the athlete's weeks start on (settings). */
  weekStartsOn: (accountId: string) => Promise<Weekday>;
  /** The day plan's decisions for these dates (DayPlanService.dates). */
  dayPlan: (accountId: string, dates: readonly string[], today: string | undefined) => Promise<DayPlanAnswer>;
  /** Each active plan's compliance days over the span, by plan id (PlansService.activeCompliance). */
  compliance: (accountId: string, span: { from: string; to: string; today: string }) => Promise<Map<string, ComplianceDay[]>>;
  invalidation: InvalidationChannel;
  /**
   * The topics announcing a change of what the totals add up: the activities (written, removed,
   * marked duplicate) and their loads (every metrics job ends with a rewritten fitness series).
   */
  totalsTopics: readonly string[];
  /**
   * The topics announcing a change of what the days read: the activities and their loads, and
   * every write on behalf of the account (ADR 0090), as the day plan reads plans, proposals,
   * readiness, settings and Kai's latest suggestion.
   */
  daysTopics: readonly string[];
}

/**
 * For changes written outside the servers (the servers tell each other of their own, ADR 0052):
 * the totals add up only the activities and their loads, whose writers all announce, and nothing
 * in them changes with the clock alone, so a minute, as the days (ADR 0097). An all-time reload is
 * one aggregate over every activity of the account.
 */
const TOTALS_TTL_MS = 60_000;
const TOTALS_MAX_ACCOUNTS = 10_000;
/**
 * The days hear of every write the servers make for the account (ADR 0090), so their lifetime
 * bounds only writes made outside them and what changes with the clock alone (a new day is a new
 * key): a minute. Each reload decides a year of days, tens of milliseconds of the event loop.
 */
const DAYS_TTL_MS = 60_000;
/**
 * The week view asks for its days in pages of twelve weeks as the athlete scrolls (calendar-range.ts),
 * and keeps up to eight: six ranges are kept per account, a year of weeks and more, so scrolling
 * back and forth, or the pages asked again after a write, are answered from memory (ADR 0097).
 */
const DAYS_KEYS_PER_ACCOUNT = 6;
/** With six ranges each, at most 15,000 answers kept: 1.3 million days as the week view asks them (84 a page). */
const DAYS_MAX_ACCOUNTS = 2_500;

function datesFromTo(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let day = from; day <= to; day = addCalendarDays(day, 1)) dates.push(day);
  return dates;
}

function markOf(planId: string, day: ComplianceDay): CalendarCompliance {
  return {
    planId,
    status: day.status,
    band: day.band,
    durationPct: day.durationPct,
    loadPct: day.loadPct,
    doneOn: day.doneOn,
    matchedActivityIds: day.matchedActivityIds,
  };
}

export function createCalendarService(deps: CalendarDeps) {
  const { repo } = deps;
  /**
   * The month or year totals last asked for, per account, kept until the account's activities or
   * their loads change on any instance: an all-time view is one aggregate over every activity.
   */
  const keptTotals = createAccountCache<string, CalendarTotalsAnswer>({
    invalidation: deps.invalidation,
    topic: 'calendar-totals',
    alsoOn: deps.totalsTopics,
    ttlMs: TOTALS_TTL_MS,
    maxAccounts: TOTALS_MAX_ACCOUNTS,
  });

  /**
   * The days and weeks of the ranges last asked for (by range and today), per account, kept until
   * anything of the account is written on any instance: a page of days asks the day plan for 84
   * decisions, and scrolling back and forth asks for the same ranges again.
   */
  const keptDays = createAccountCache<string, CalendarAnswer>({
    invalidation: deps.invalidation,
    topic: 'calendar-days',
    alsoOn: deps.daysTopics,
    ttlMs: DAYS_TTL_MS,
    maxAccounts: DAYS_MAX_ACCOUNTS,
    keysPerAccount: DAYS_KEYS_PER_ACCOUNT,
  });

  async function readCalendar(accountId: string, query: CalendarQuery): Promise<CalendarAnswer> {
    const weekStartsOn = await deps.weekStartsOn(accountId);
    const weeks = weeksOverlapping(query.from, query.to, weekStartsOn);
    const dates = datesFromTo(query.from, query.to);
    const plan = await deps.dayPlan(accountId, dates, query.today);
    // A day either side: a session moved by a day takes an activity of the day next to it.
    const [activities, compliance] = await Promise.all([
      repo.activitiesOn(accountId, weeks[0]!.startDate, weeks.at(-1)!.endDate),
      deps.compliance(accountId, { from: addCalendarDays(query.from, -1), to: addCalendarDays(query.to, 1), today: plan.today }),
    ]);

    const sessionOf = new Map<string, Map<string, ComplianceDay>>();
    const activityMark = new Map<string, CalendarCompliance>();
    for (const [planId, days] of compliance) {
      const byDate = new Map<string, ComplianceDay>();
      for (const day of days) {
        if (day.planned === null) continue;
        byDate.set(day.date, day);
        for (const id of day.matchedActivityIds) activityMark.set(id, markOf(planId, day));
      }
      sessionOf.set(planId, byDate);
    }

    const byDay = new Map<string, FactActivity[]>();
    for (const activity of activities) byDay.set(activity.day, [...(byDay.get(activity.day) ?? []), activity]);

    const days: CalendarDayEntry[] = plan.days.map((decided) => {
      const session = decided.plan ? sessionOf.get(decided.plan.id)?.get(decided.date) : undefined;
      return {
        date: decided.date,
        activities: (byDay.get(decided.date) ?? []).map((activity) => ({
          id: activity.id,
          name: activity.name,
          sportType: activity.sportType,
          sport: activity.family,
          startDate: activity.startDate.toISOString(),
          movingTimeS: activity.movingTimeS,
          distanceM: activity.distanceM,
          elevationGainM: activity.elevationGainM,
          trainingLoad: activity.trainingLoad,
          compliance: activityMark.get(activity.id) ?? null,
        })),
        plan: decided,
        compliance: decided.plan && session ? markOf(decided.plan.id, session) : null,
      };
    });

    return {
      from: query.from,
      to: query.to,
      today: plan.today,
      weekStartsOn,
      days,
      weeks: weeks.map((week) => {
        const sums = new BucketSums();
        for (const day of datesFromTo(week.startDate, week.endDate)) {
          for (const activity of byDay.get(day) ?? []) sums.add(activity.family, sumOfActivity(activity));
        }
        return { ...week, totals: sums.totals() };
      }),
    };
  }

  async function readTotals(accountId: string, query: CalendarTotalsQuery): Promise<CalendarTotalsAnswer> {
    const periods = periodsOverlapping(query.from, query.to, query.period);
    const sums = await repo.sumsByPeriod(accountId, periods[0]!.startDate, periods.at(-1)!.endDate, query.period);
    const byKey = new Map(periods.map((period) => [period.key, new BucketSums()]));
    for (const { key, sportType, ...sum } of sums) byKey.get(key)?.add(sportFamilyOf(sportType), sum);
    return {
      period: query.period,
      from: query.from,
      to: query.to,
      periods: periods.map((period) => ({ ...period, totals: byKey.get(period.key)!.totals() })),
    };
  }

  return {
    /**
     * GET /api/calendar: each day of from..to, and each of the athlete's weeks meeting it over all
     * its days; the same object while kept (today, when not given, is UTC's: a new day is a new key).
     */
    calendar(accountId: string, query: CalendarQuery): Promise<CalendarAnswer> {
      const today = query.today ?? new Date().toISOString().slice(0, 10);
      return keptDays.read(accountId, `${query.from}:${query.to}:${today}`, () => readCalendar(accountId, query));
    },

    /** GET /api/calendar/totals: every month or year meeting from..to, each over all its days; the same object while kept. */
    totals(accountId: string, query: CalendarTotalsQuery): Promise<CalendarTotalsAnswer> {
      return keptTotals.read(accountId, `${query.period}:${query.from}:${query.to}`, () => readTotals(accountId, query));
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
