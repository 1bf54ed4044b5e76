import { DAY_MS } from '../time.ts';

/**
 * The phase math of a training plan (spec §4 "Plan phases", §9 "Phase rules"). Pure and shared:
 * the server stores and serves it, the plan view shows it, the coach reads the current phase.
 *
 * Interpretation of the spec sentences (also in docs/decisions/0012-training-plans.md):
 * - Total weeks: a requested length (planDuration) wins, rounded to the nearest week, at least 4.
 *   Otherwise (ADR 0029, replacing the earlier rule) the whole weeks from the generation day that
 *   hold the event date or goal timeline, so the last week is the race week, at least 3 and at
 *   most 104 (farther dates are refused). The earlier rule was: the whole weeks, rounded
 *   down so the plan never runs past the day (a date in the past or too close gives 8), at least 8.
 *   Otherwise 16. A month is 30 days.
 * - Split: three phases are shown (base, build, peak-and-taper). The peak-and-taper phase holds a
 *   peak block followed by the taper. Each named share is its percentage of the total rounded to
 *   the nearest week, raised to its minimum; the share the band does not name takes what is left:
 *     up to 8 weeks: base 40% (min 2), build 35% (min 2), taper 15% (min 1), peak = the rest (may be 0);
 *     9 to 12:       base 45% (min 3), build 30% (min 2), peak 15% (min 2), taper = the rest (>= 1);
 *     over 12:       base 50% (min 4), build 30% (min 3), peak 12.5% (min 2), taper = the rest (>= 1).
 *   When the rest falls below its minimum, a week is taken back, one at a time, from the named
 *   share that rounding raised the most and that is above its minimum (ties: the earlier phase);
 *   when all are at their minimums (a 4-week plan), from the one rounded up most, never below 1.
 * - Dates are calendar days (UTC). The base phase starts on the generation day (or the chosen
 *   start, ADR 0036). Plans generated since ADR 0069 count their weeks on the athlete's calendar:
 *   week 1 is the calendar week (from `weekStartsOn`, Monday by default) holding the first day, so
 *   it may begin mid-week, and every later week starts on the week start; a length derived from a
 *   date is the number of calendar weeks up to and including the one holding the target, and when
 *   the target falls in the plan's last week the plan ends on that day (no day after the event).
 *   Plans from before (no `weekStartsOn`) keep their layout: weeks of seven days from the first
 *   day, the last one whole. In both, a phase of w weeks ends on the last day of its w-th week and
 *   the next phase starts the day after.
 * - The current phase is the first whose end date has not passed by the end of that day (before
 *   the plan starts that is base); after the last one, 'completed'; if the dates cannot be
 *   computed (an invalid generation date), base.
 */

export const PHASE_NAMES = ['base', 'build', 'peak-and-taper'] as const;
export type PhaseName = (typeof PHASE_NAMES)[number];
export type CurrentPhase = PhaseName | 'completed';

export const DEFAULT_PLAN_WEEKS = 16;
export const MIN_REQUESTED_WEEKS = 4;
/** The fewest weeks a plan to a date can have: one each of base, build and taper. */
export const MIN_DERIVED_WEEKS = 3;
/** The longest plan, and the farthest target date, Kairo plans for (ADR 0030). */
export const MAX_PLAN_WEEKS = 104;
export const DAYS_PER_MONTH = 30;

/** The days a week can start on, Monday first (the same names as the plan's days of the week). */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** Kairo's calendar weeks run Monday to Sunday (the plan calendar, planned vs done): plans count weeks the same way. */
export const DEFAULT_WEEK_START: Weekday = 'Monday';

export interface PhaseSplit {
  totalWeeks: number;
  baseWeeks: number;
  buildWeeks: number;
  peakWeeks: number;
  taperWeeks: number;
}

export interface PlanPhase {
  name: PhaseName;
  /** YYYY-MM-DD, first day of the phase. */
  startDate: string;
  /** YYYY-MM-DD, last day of the phase. */
  endDate: string;
  weeks: number;
}

export interface PlanSchedule {
  totalWeeks: number;
  /** The day the plan's weeks start on; null for plans laid out before ADR 0069 (weeks from the first day). */
  weekStartsOn: Weekday | null;
  /** Of the peak-and-taper phase, how many final weeks are the taper. */
  taperWeeks: number;
  phases: PlanPhase[];
}

interface Band {
  base: { share: number; min: number };
  build: { share: number; min: number };
  /** The third named share: the taper in the short band, the peak in the longer ones. */
  named: { share: number; min: number; is: 'taper' | 'peak' };
  /** What the unnamed rest must hold at least. */
  restMin: number;
}

function bandFor(totalWeeks: number): Band {
  if (totalWeeks <= 8) {
    return { base: { share: 0.4, min: 2 }, build: { share: 0.35, min: 2 }, named: { share: 0.15, min: 1, is: 'taper' }, restMin: 0 };
  }
  if (totalWeeks <= 12) {
    return { base: { share: 0.45, min: 3 }, build: { share: 0.3, min: 2 }, named: { share: 0.15, min: 2, is: 'peak' }, restMin: 1 };
  }
  return { base: { share: 0.5, min: 4 }, build: { share: 0.3, min: 3 }, named: { share: 0.125, min: 2, is: 'peak' }, restMin: 1 };
}

/** Splits a plan's weeks into base, build, peak and taper (see the rules above). */
export function splitPhases(totalWeeks: number): PhaseSplit {
  if (!Number.isInteger(totalWeeks) || totalWeeks < 3) throw new RangeError(`A plan needs at least 3 whole weeks, not ${totalWeeks}`);
  const band = bandFor(totalWeeks);
  const parts = [band.base, band.build, band.named].map((part) => {
    const exact = totalWeeks * part.share;
    return { exact, min: part.min, weeks: Math.max(part.min, Math.round(exact + 1e-9)) };
  });
  let rest = totalWeeks - parts.reduce((sum, part) => sum + part.weeks, 0);
  while (rest < band.restMin) {
    // Give back a week from the share rounded up the most; below minimums only when all are at theirs.
    const surplus = (part: (typeof parts)[number]) => part.weeks - part.exact;
    const byMost = (floor: (part: (typeof parts)[number]) => number) =>
      parts.filter((part) => part.weeks > floor(part)).sort((a, b) => surplus(b) - surplus(a))[0];
    const giver = byMost((part) => part.min) ?? byMost(() => 1);
    if (!giver) break;
    giver.weeks -= 1;
    rest += 1;
  }
  const [base, build, named] = parts.map((part) => part.weeks) as [number, number, number];
  const [peakWeeks, taperWeeks] = band.named.is === 'taper' ? [rest, named] : [named, rest];
  return { totalWeeks, baseWeeks: base, buildWeeks: build, peakWeeks, taperWeeks };
}

/** The inputs the total length is derived from. */
export interface PlanLengthInput {
  /** planDuration as typed, e.g. '12 weeks', '3 months', '10'. */
  requestedLength?: string | null;
  /** The event date (event plans) or the goal timeline (PR plans), as typed. */
  targetDate?: string | null;
  /** The generation date of the plan. */
  generatedAt: Date;
  /**
   * The length the stored plan was generated with: a stored plan keeps its weeks even when the
   * rules that derive a length change later.
   */
  generatedWeeks?: number | null;
  /**
   * The day the athlete's weeks start on (ADR 0069): the plan's weeks are calendar weeks and it
   * ends on its target day. Absent or null: the layout of plans generated before it.
   */
  weekStartsOn?: Weekday | null;
}

const RELATIVE_TIMELINE = /(?:\bin\s+|^)(\d+)\s*(months?|weeks?)\b/i;

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** A requested plan length in weeks (rounded to the nearest week), or null when the text holds none. */
export function parseRequestedWeeks(text: string | null | undefined): number | null {
  if (!text) return null;
  const match = /(\d+(?:[.,]\d+)?)\s*(days?|d\b|weeks?|wks?|w\b|months?|mos?|m\b|years?|yrs?|y\b)?/i.exec(text.trim());
  if (!match?.[1]) return null;
  const amount = Number(match[1].replace(',', '.'));
  // Too many digits for a number is still a length asked for: far over the limit, not absent.
  if (amount === Number.POSITIVE_INFINITY) return amount;
  if (!Number.isFinite(amount) || amount <= 0) return null;
  const unit = (match[2] ?? 'w').toLowerCase();
  const days = unit.startsWith('d')
    ? amount
    : unit.startsWith('mo') || unit === 'm' || unit.startsWith('month')
      ? amount * DAYS_PER_MONTH
      : unit.startsWith('y')
        ? amount * 365
        : amount * 7;
  return Math.round(days / 7);
}

/**
 * The target day of an event date or goal timeline (spec §4 "Timeline parsing"): an ISO date
 * first; 'in N months' (N × 30 days) and 'in N weeks' from `from`, also without the 'in' when the
 * text starts with the number ('3 months', '12 weeks': how a timeline field is often filled in);
 * 'Month YYYY' is the first of that month; any other date the platform parses; null when none applies.
 */
export function parseTargetDate(text: string | null | undefined, from: Date): Date | null {
  if (!text) return null;
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(trimmed);
  if (iso) {
    const date = new Date(Date.UTC(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3])));
    return Number.isFinite(date.getTime()) && date.getUTCMonth() === Number(iso[2]) - 1 ? date : null;
  }
  const relative = RELATIVE_TIMELINE.exec(trimmed);
  if (relative?.[1] && relative[2]) {
    const days = Number(relative[1]) * (relative[2].toLowerCase().startsWith('month') ? DAYS_PER_MONTH : 7);
    const date = new Date(startOfUtcDay(from).getTime() + days * DAY_MS);
    return Number.isFinite(date.getTime()) ? date : null;
  }
  const monthYear = /^([a-z]+)\s+(\d{4})$/i.exec(trimmed);
  const monthIndex = monthYear?.[1] ? MONTHS.indexOf(monthYear[1].toLowerCase()) : -1;
  if (monthYear?.[2] && monthIndex >= 0) return new Date(Date.UTC(Number(monthYear[2]), monthIndex, 1));
  // Non-ISO text parses as local time: its local calendar day is the day that was typed.
  const parsed = new Date(trimmed);
  if (!Number.isFinite(parsed.getTime())) return null;
  const day = new Date(Date.UTC(parsed.getFullYear(), parsed.getMonth(), parsed.getDate()));
  return Number.isFinite(day.getTime()) ? day : null;
}

/**
 * Total weeks of a plan (spec §4, ADR 0029): the stored length of a generated plan; else the
 * requested length; else the weeks up to and including the target day (the last week is the race
 * week), at least MIN_DERIVED_WEEKS; else 16. Never more than MAX_PLAN_WEEKS: longer requests are
 * refused by planLengthProblem before anything is generated. (On calendar weeks, ADR 0069, a date at
 * the horizon may fall in a 105th calendar week: the plan keeps it, and holds at most 104 weeks and
 * a day of days.)
 */
export function planTotalWeeks(input: PlanLengthInput): number {
  const stored = input.generatedWeeks;
  if (typeof stored === 'number' && Number.isInteger(stored) && stored >= 3) return Math.min(MAX_PLAN_WEEKS + (input.weekStartsOn ? 1 : 0), stored);
  const requested = parseRequestedWeeks(input.requestedLength);
  if (requested !== null) return Math.min(MAX_PLAN_WEEKS, Math.max(MIN_REQUESTED_WEEKS, requested));
  if (input.targetDate) {
    const target = parseTargetDate(input.targetDate, input.generatedAt);
    // An unparseable timeline is '16 weeks ahead' (spec §4): 16 weeks, with no day to race on.
    if (!target) return DEFAULT_PLAN_WEEKS;
    const start = startOfUtcDay(input.generatedAt);
    if (!input.weekStartsOn) return Math.min(MAX_PLAN_WEEKS, Math.max(MIN_DERIVED_WEEKS, weeksThrough(start, target)));
    // The date is within MAX_PLAN_WEEKS (planHorizonProblem); on calendar weeks it may fall in one week more, which the plan keeps.
    return Math.min(MAX_PLAN_WEEKS + 1, Math.max(MIN_DERIVED_WEEKS, calendarWeeksThrough(start, target, input.weekStartsOn)));
  }
  return DEFAULT_PLAN_WEEKS;
}

/** Whole weeks from `start` that hold every day up to and including `target`. */
function weeksThrough(start: Date, target: Date): number {
  const days = Math.floor((target.getTime() - start.getTime()) / DAY_MS) + 1;
  return Math.ceil(days / 7);
}

/** The calendar weeks (starting on `weekStartsOn`) from the one holding `start` to the one holding `target`. */
function calendarWeeksThrough(start: Date, target: Date, weekStartsOn: Weekday): number {
  return Math.floor((target.getTime() - weekStartOf(start.getTime(), weekStartsOn)) / (7 * DAY_MS)) + 1;
}

/** The first day (UTC midnight, ms) of the week starting on `weekStartsOn` that holds `dayMs`. */
export function weekStartOf(dayMs: number, weekStartsOn: Weekday): number {
  const day = Math.floor(dayMs / DAY_MS) * DAY_MS;
  const weekday = (new Date(day).getUTCDay() + 6) % 7;
  return day - ((weekday - WEEKDAYS.indexOf(weekStartsOn) + 7) % 7) * DAY_MS;
}

/**
 * The first day (ms) of a phase's first week: its start date, except for the first phase of a
 * plan whose first week begins mid-week (ADR 0069), whose week 1 began on the week start before.
 * Every phase but the last ends on the last day of a week, so the first one's weeks count back
 * from its end.
 */
export function phaseWeekOneStart(phases: readonly PlanPhase[], index: number): number {
  const phase = phases[index];
  if (!phase) return Number.NaN;
  const start = Date.parse(`${phase.startDate}T00:00:00Z`);
  if (index > 0 || phases.length < 2) return start;
  return Math.min(start, Date.parse(`${phase.endDate}T00:00:00Z`) + DAY_MS - phase.weeks * 7 * DAY_MS);
}

/** The day a plan's target falls on (event date or PR timeline), or null when it has none that parses. */
export function planTargetDay(input: PlanLengthInput): Date | null {
  return input.targetDate ? parseTargetDate(input.targetDate, input.generatedAt) : null;
}

/**
 * Why a plan of these inputs is beyond Kairo's horizon as of `now`, or null: a requested length
 * over MAX_PLAN_WEEKS, or a target date farther than MAX_PLAN_WEEKS. Independent of how near the
 * date is, so the request contract checks it on any clock.
 */
export function planHorizonProblem(input: Pick<PlanLengthInput, 'requestedLength' | 'targetDate'> & { targetLabel?: string }, now: Date): string | null {
  const limit = `${MAX_PLAN_WEEKS} weeks (2 years)`;
  const requested = parseRequestedWeeks(input.requestedLength);
  if (requested !== null && requested > MAX_PLAN_WEEKS) return `A plan can be at most ${limit} long.`;
  if (!input.targetDate) return null;
  const label = input.targetLabel ?? 'The target date';
  const target = parseTargetDate(input.targetDate, now);
  // 'in 99999999999999999 weeks' is past any date the platform holds: over the limit, not unparseable.
  if (!target) return RELATIVE_TIMELINE.test(input.targetDate.trim()) ? `${label} must be within ${limit} of today.` : null;
  const latest = new Date(startOfUtcDay(now).getTime() + MAX_PLAN_WEEKS * 7 * DAY_MS);
  return target.getTime() > latest.getTime() ? `${label} must be within ${limit} of today, on or before ${isoDay(latest)}.` : null;
}

/**
 * Why a plan of these inputs cannot be generated at `now`, or null when it can: beyond the horizon
 * (planHorizonProblem), or, when the length comes from the date, a date past or too close for a
 * base, a build and a race week. The service checks it with its clock before any work.
 */
export function planLengthProblem(input: Pick<PlanLengthInput, 'requestedLength' | 'targetDate'> & { targetLabel?: string }, now: Date): string | null {
  const horizon = planHorizonProblem(input, now);
  // A requested length wins over the date (spec §4): the date then only has to be within the horizon.
  if (horizon || !input.targetDate || parseRequestedWeeks(input.requestedLength) !== null) return horizon;
  const label = input.targetLabel ?? 'The target date';
  const target = parseTargetDate(input.targetDate, now);
  if (!target) return null;
  const today = startOfUtcDay(now);
  if (target.getTime() < today.getTime()) return `${label} has passed: choose a day from today onwards.`;
  const earliest = new Date(today.getTime() + (MIN_DERIVED_WEEKS * 7 - 1) * DAY_MS);
  if (target.getTime() < earliest.getTime()) {
    return `${label} must be at least ${MIN_DERIVED_WEEKS} weeks away (on or after ${isoDay(earliest)}) for a base, a build and a race week.`;
  }
  return null;
}

function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The three phases of a plan with their dates. Throws on an invalid generation date. */
export function planSchedule(input: PlanLengthInput): PlanSchedule {
  if (!Number.isFinite(input.generatedAt.getTime())) throw new RangeError('The plan has no valid generation date');
  const split = splitPhases(planTotalWeeks(input));
  const weeks: Record<PhaseName, number> = {
    base: split.baseWeeks,
    build: split.buildWeeks,
    'peak-and-taper': split.peakWeeks + split.taperWeeks,
  };
  const first = startOfUtcDay(input.generatedAt);
  const weekStartsOn = input.weekStartsOn ?? null;
  // Week 1 is the calendar week holding the first day (ADR 0069), or seven days from it (before).
  const weekOne = weekStartsOn ? weekStartOf(first.getTime(), weekStartsOn) : first.getTime();
  const lastWeekStart = weekOne + (split.totalWeeks - 1) * 7 * DAY_MS;
  const target = weekStartsOn ? planTargetDay(input) : null;
  // A plan whose last week holds its target ends on it: no day of the plan after the event.
  const lastDay = target && target.getTime() >= lastWeekStart && target.getTime() < lastWeekStart + 7 * DAY_MS ? target.getTime() : lastWeekStart + 6 * DAY_MS;
  let weeksBefore = 0;
  const phases = PHASE_NAMES.map((name, index) => {
    const start = Math.max(first.getTime(), weekOne + weeksBefore * 7 * DAY_MS);
    weeksBefore += weeks[name];
    const end = index === PHASE_NAMES.length - 1 ? lastDay : weekOne + weeksBefore * 7 * DAY_MS - DAY_MS;
    return { name, startDate: isoDay(new Date(start)), endDate: isoDay(new Date(end)), weeks: weeks[name] };
  });
  return { totalWeeks: split.totalWeeks, taperWeeks: split.taperWeeks, weekStartsOn, phases };
}

export interface PhaseProgress {
  phase: CurrentPhase;
  /** 1-based week within the current phase; null once completed. */
  weekOfPhase: number | null;
  /** 1-based week of the whole plan; null once completed. */
  weekOfPlan: number | null;
}

/** Where `now` falls in the phases (see the rules above). */
export function phaseProgress(phases: readonly PlanPhase[], now: Date): PhaseProgress {
  const fallback: PhaseProgress = { phase: 'base', weekOfPhase: 1, weekOfPlan: 1 };
  const first = phases[0];
  if (!first || !Number.isFinite(now.getTime())) return fallback;
  // Weeks count from the first day of week 1, which may be before the plan's first day (ADR 0069).
  const planStart = phaseWeekOneStart(phases, 0);
  for (const [index, phase] of phases.entries()) {
    const start = phaseWeekOneStart(phases, index);
    const endOfDay = Date.parse(`${phase.endDate}T00:00:00Z`) + DAY_MS - 1;
    if (!Number.isFinite(start) || !Number.isFinite(endOfDay) || !Number.isFinite(planStart)) return fallback;
    if (now.getTime() <= endOfDay) {
      const weekIn = (from: number) => Math.max(1, Math.floor((now.getTime() - from) / (7 * DAY_MS)) + 1);
      return { phase: phase.name, weekOfPhase: Math.min(phase.weeks, weekIn(start)), weekOfPlan: weekIn(planStart) };
    }
  }
  return { phase: 'completed', weekOfPhase: null, weekOfPlan: null };
}

/** The current phase for a plan generated at `generatedAt`; base when it cannot be computed. */
export function currentPhaseOf(input: PlanLengthInput, now: Date): PhaseProgress {
  try {
    return phaseProgress(planSchedule(input).phases, now);
  } catch {
    return { phase: 'base', weekOfPhase: 1, weekOfPlan: 1 };
  }
}
