import type { SportFamily } from '../../../metrics/training-load.ts';
import type { ComplianceBand, DayStatus, sessionStatuses } from '../../../shared/api/plan-compliance.ts';
import { addCalendarDays } from '../../../shared/time.ts';

/**
 * Planned vs done (ADR 0035): each dated session of a plan matched to the athlete's activities,
 * with a status and a compliance band, per day, per calendar week and for the plan so far. Pure:
 * the caller reads the plan's sessions and the activities; a later feature that adapts the plan
 * calls the same function with the same inputs.
 *
 * Rules:
 * - Days are UTC calendar days (YYYY-MM-DD), as the plan's phases and the analysis count them.
 * - Only activities from the plan's first day on count: one done before the plan started (the day
 *   before a new plan, or before the chosen start of a plan started in the past, ADR 0036) is
 *   never matched to a session, not even as a session moved by a day.
 * - A session is matched to every activity of its sport family on its day. A session left without
 *   one takes the activities of its family on the day before or after (the earlier day first) that
 *   no session of their own day took: a session moved by one day.
 * - Matched: completed when the done duration is at least COMPLETED_FROM_PCT of the planned one
 *   (or when the planned duration is unknown), else partial. Not matched: missed once its day is
 *   over, future until then (today's session is still to do).
 * - Band from the duration ratio: 80-120 % green, 50-79 % or 121-150 % amber, below 50 % or over
 *   150 % orange; a missed session is red.
 * - A load ratio needs every load behind it: an activity not yet scored leaves it absent, never 0.
 */

export type { ComplianceBand, DayStatus } from '../../../shared/api/plan-compliance.ts';
export type SessionStatus = (typeof sessionStatuses)[number];

/** A done session counts as completed from this share of its planned duration, in %. */
export const COMPLETED_FROM_PCT = 80;

export interface CompliancePlannedSession {
  /** YYYY-MM-DD. */
  date: string;
  /** As the plan names it, e.g. 'Cycling - threshold'. */
  name: string;
  /** The sport family an activity must have to count for it; null matches nothing (an unknown sport). */
  sport: SportFamily | null;
  durationMin: number;
  /** Null when it cannot be estimated (a race day of unknown length). */
  plannedLoad: number | null;
}

export interface ComplianceActivity {
  id: string;
  family: SportFamily;
  startDate: Date;
  movingTimeS: number;
  /** The stored load; null until the activity is scored. */
  trainingLoad: number | null;
}

export interface ComplianceDay {
  date: string;
  planned: Omit<CompliancePlannedSession, 'date'> | null;
  matchedActivityIds: string[];
  /** When the matched activities were done on another day (a moved session): that day. */
  doneOn: string | null;
  /** Of the matched activities; null without any. */
  doneMin: number | null;
  /** Null without matched activities or when one of them has no load yet. */
  doneLoad: number | null;
  durationPct: number | null;
  loadPct: number | null;
  status: DayStatus;
  band: ComplianceBand | null;
  /** Activities of this day that no session took. */
  unplannedActivityIds: string[];
}

export interface ComplianceTotals {
  /** Every session of the span, the future ones included. */
  plannedMin: number;
  plannedLoad: number;
  /** Sessions whose day is over, or done today: what the ratios compare against. */
  dueMin: number;
  dueLoad: number;
  doneMin: number;
  /** Null when an activity behind it has no load yet. */
  doneLoad: number | null;
  durationPct: number | null;
  loadPct: number | null;
  band: ComplianceBand | null;
  sessions: { planned: number; due: number; completed: number; partial: number; missed: number };
  /** Minutes of activities no session took. */
  unplannedMin: number;
}

export interface ComplianceWeek extends ComplianceTotals {
  /** Monday and Sunday of the calendar week. */
  startDate: string;
  endDate: string;
}

export interface PlanCompliance {
  /** The days asked for, within the plan's days. */
  days: ComplianceDay[];
  /** The calendar weeks those days fall in, each over its days within the plan. */
  weeks: ComplianceWeek[];
  /** The whole plan up to today. */
  overall: ComplianceTotals;
}

export interface ComplianceInput {
  /** The plan's first and last day. */
  startDate: string;
  endDate: string;
  sessions: readonly CompliancePlannedSession[];
  /** The athlete's activities from the plan's first day to the day after it (duplicates left out); earlier ones are ignored. */
  activities: readonly ComplianceActivity[];
  /** The UTC day it is now. */
  today: string;
  /** The span of days to list (clamped to the plan). */
  from: string;
  to: string;
}

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Monday of the calendar week of `day`. */
const mondayOf = (day: string) => addCalendarDays(day, -((new Date(dayMs(day)).getUTCDay() + 6) % 7));
const pct = (done: number, planned: number) => Math.round((done / planned) * 100);

/** The band of a done/planned ratio in whole %. */
export function complianceBand(ratioPct: number): Exclude<ComplianceBand, 'red'> {
  if (ratioPct >= 80 && ratioPct <= 120) return 'green';
  if (ratioPct >= 50 && ratioPct <= 150) return 'amber';
  return 'orange';
}

/** Completed or partial, for a session with activities; completed when its planned duration is unknown. */
export function doneStatus(durationPct: number | null): 'completed' | 'partial' {
  return durationPct === null || durationPct >= COMPLETED_FROM_PCT ? 'completed' : 'partial';
}

interface Match {
  session: CompliancePlannedSession;
  activities: ComplianceActivity[];
  doneOn: string | null;
}

function matchSessions(input: ComplianceInput): { matches: Match[]; unplanned: ComplianceActivity[] } {
  const byDay = new Map<string, ComplianceActivity[]>();
  for (const activity of input.activities) {
    const day = isoDay(activity.startDate.getTime());
    // Before the plan's first day nothing counts; after its last, a day's grace for a session moved by one.
    if (day < input.startDate || day > addCalendarDays(input.endDate, 1)) continue;
    byDay.set(day, [...(byDay.get(day) ?? []), activity]);
  }
  const used = new Set<string>();
  const take = (day: string, family: SportFamily | null) => {
    const found = (byDay.get(day) ?? []).filter((activity) => activity.family === family && !used.has(activity.id));
    for (const activity of found) used.add(activity.id);
    return found;
  };
  const sessions = [...input.sessions].sort((a, b) => a.date.localeCompare(b.date));
  // Each day's own sessions first, so a moved session only takes what its day left over.
  const matches: Match[] = sessions.map((session) => ({ session, activities: take(session.date, session.sport), doneOn: null }));
  for (const match of matches) {
    if (match.activities.length > 0) continue;
    for (const day of [addCalendarDays(match.session.date, -1), addCalendarDays(match.session.date, 1)]) {
      const moved = take(day, match.session.sport);
      if (moved.length > 0) {
        match.activities = moved;
        match.doneOn = day;
        break;
      }
    }
  }
  const unplanned = input.activities.filter((activity) => {
    const day = isoDay(activity.startDate.getTime());
    return !used.has(activity.id) && day >= input.startDate && day <= input.endDate;
  });
  return { matches, unplanned };
}

function sumLoads(activities: readonly ComplianceActivity[]): number | null {
  let total = 0;
  for (const activity of activities) {
    if (activity.trainingLoad === null) return null;
    total += activity.trainingLoad;
  }
  return total;
}

function dayOf(match: Match, today: string): ComplianceDay {
  const { session, activities } = match;
  const { date, ...planned } = session;
  const done = activities.length > 0;
  const doneS = activities.reduce((sum, activity) => sum + activity.movingTimeS, 0);
  const doneLoad = done ? sumLoads(activities) : null;
  const durationPct = done && session.durationMin > 0 ? pct(doneS / 60, session.durationMin) : null;
  const loadPct = doneLoad !== null && session.plannedLoad ? pct(doneLoad, session.plannedLoad) : null;
  const status: SessionStatus = done ? doneStatus(durationPct) : date < today ? 'missed' : 'future';
  return {
    date,
    planned,
    matchedActivityIds: activities.map((activity) => activity.id),
    doneOn: match.doneOn,
    doneMin: done ? Math.round(doneS / 60) : null,
    doneLoad: doneLoad === null ? null : Math.round(doneLoad),
    durationPct,
    loadPct,
    status,
    band: status === 'missed' ? 'red' : done && durationPct !== null ? complianceBand(durationPct) : null,
    unplannedActivityIds: [],
  };
}

interface Counted {
  day: ComplianceDay;
  /** Exact figures, so totals are not sums of rounded parts. */
  doneS: number;
  doneLoad: number | null;
}

function totalsOf(counted: readonly Counted[], unplannedS: number): ComplianceTotals {
  const sessions = counted.filter((entry) => entry.day.planned !== null);
  const due = sessions.filter((entry) => entry.day.status !== 'future');
  const plannedMin = sessions.reduce((sum, entry) => sum + entry.day.planned!.durationMin, 0);
  const plannedLoad = sessions.reduce((sum, entry) => sum + (entry.day.planned!.plannedLoad ?? 0), 0);
  const dueMin = due.reduce((sum, entry) => sum + entry.day.planned!.durationMin, 0);
  // Load compares over the due sessions with a planned load; one of them done without a load yet leaves it absent.
  const withLoad = due.filter((entry) => entry.day.planned!.plannedLoad !== null);
  const dueLoad = withLoad.reduce((sum, entry) => sum + entry.day.planned!.plannedLoad!, 0);
  const doneS = due.reduce((sum, entry) => sum + entry.doneS, 0);
  const loadMissing = withLoad.some((entry) => entry.day.matchedActivityIds.length > 0 && entry.doneLoad === null);
  const doneLoad = loadMissing ? null : withLoad.reduce((sum, entry) => sum + (entry.doneLoad ?? 0), 0);
  const durationPct = dueMin > 0 ? pct(doneS / 60, dueMin) : null;
  const count = (status: SessionStatus) => due.filter((entry) => entry.day.status === status).length;
  return {
    plannedMin,
    plannedLoad,
    dueMin,
    dueLoad,
    doneMin: Math.round(doneS / 60),
    doneLoad: doneLoad === null ? null : Math.round(doneLoad),
    durationPct,
    loadPct: doneLoad !== null && dueLoad > 0 ? pct(doneLoad, dueLoad) : null,
    band: durationPct === null ? null : complianceBand(durationPct),
    sessions: { planned: sessions.length, due: due.length, completed: count('completed'), partial: count('partial'), missed: count('missed') },
    unplannedMin: Math.round(unplannedS / 60),
  };
}

/** Planned vs done of a plan over `from`..`to`, with its weeks and the whole plan so far. */
export function planCompliance(input: ComplianceInput): PlanCompliance {
  const { matches, unplanned } = matchSessions(input);
  const unplannedByDay = new Map<string, ComplianceActivity[]>();
  for (const activity of unplanned) {
    const day = isoDay(activity.startDate.getTime());
    unplannedByDay.set(day, [...(unplannedByDay.get(day) ?? []), activity]);
  }
  const sessionByDay = new Map(matches.map((match) => [match.session.date, match]));
  const counted: Counted[] = [];
  for (let day = input.startDate; day <= input.endDate; day = addCalendarDays(day, 1)) {
    const match = sessionByDay.get(day);
    const extra = unplannedByDay.get(day) ?? [];
    const base: ComplianceDay = match
      ? dayOf(match, input.today)
      : {
          date: day,
          planned: null,
          matchedActivityIds: [],
          doneOn: null,
          doneMin: null,
          doneLoad: null,
          durationPct: null,
          loadPct: null,
          status: extra.length > 0 ? 'unplanned' : 'rest',
          band: null,
          unplannedActivityIds: [],
        };
    counted.push({
      day: { ...base, unplannedActivityIds: extra.map((activity) => activity.id) },
      doneS: match ? match.activities.reduce((sum, activity) => sum + activity.movingTimeS, 0) : 0,
      doneLoad: match ? sumLoads(match.activities) : null,
    });
  }
  const unplannedS = (entries: readonly Counted[]) =>
    entries.reduce((sum, entry) => sum + (unplannedByDay.get(entry.day.date) ?? []).reduce((s, activity) => s + activity.movingTimeS, 0), 0);

  const from = input.from > input.startDate ? input.from : input.startDate;
  const to = input.to < input.endDate ? input.to : input.endDate;
  const listed = counted.filter((entry) => entry.day.date >= from && entry.day.date <= to);
  const weekStarts = [...new Set(listed.map((entry) => mondayOf(entry.day.date)))];
  const weeks = weekStarts.map((startDate) => {
    const endDate = addCalendarDays(startDate, 6);
    const inWeek = counted.filter((entry) => entry.day.date >= startDate && entry.day.date <= endDate);
    return { startDate, endDate, ...totalsOf(inWeek, unplannedS(inWeek)) };
  });
  const soFar = counted.filter((entry) => entry.day.date <= input.today);
  return { days: listed.map((entry) => entry.day), weeks, overall: totalsOf(soFar, unplannedS(soFar)) };
}
