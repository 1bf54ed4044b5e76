import { DAYS_OF_WEEK, type DayOfWeek } from '../../../shared/api/training-plans.ts';
import type { DayNotes } from './day-notes.ts';

/** Which days of the week a plan trains on, and what it says about the athlete's day notes (ADR 0029). */
export interface WeekDays {
  /** Endurance (and other-activity) days, Monday first. */
  trainingDays: DayOfWeek[];
  longDay: DayOfWeek | null;
  liftingDays: DayOfWeek[];
  honoured: string[];
  notHonoured: string[];
}

/** Fewer, longer days when time is short; Monday rests unless the athlete asks for it. */
function defaultDayCount(weeklyMin: number): number {
  if (weeklyMin < 240) return 4;
  if (weeklyMin < 480) return 5;
  return 6;
}
const DEFAULT_ORDER: DayOfWeek[] = ['Sunday', 'Saturday', 'Tuesday', 'Thursday', 'Wednesday', 'Friday', 'Monday'];
const byWeekOrder = (days: Iterable<DayOfWeek>) => DAYS_OF_WEEK.filter((day) => new Set(days).has(day));
const list = (days: readonly DayOfWeek[]) => days.join(', ');

export function weekDays(weeklyMin: number, notes: DayNotes, withLifting: boolean): WeekDays {
  const honoured: string[] = [];
  const notHonoured: string[] = [];
  const rest = new Set(notes.restDays);
  const wanted = defaultDayCount(weeklyMin);
  let pool: DayOfWeek[];
  if (notes.onlyDays) {
    pool = notes.onlyDays.filter((day) => !rest.has(day));
  } else {
    pool = [...notes.preferredDays, ...(notes.longDay ? [notes.longDay] : []), ...DEFAULT_ORDER].filter((day) => !rest.has(day));
  }
  pool = [...new Set(pool)];
  const longWanted = notes.longDay && !rest.has(notes.longDay) && pool.includes(notes.longDay) ? notes.longDay : null;
  let chosen = pool.slice(0, wanted);
  if (longWanted && !chosen.includes(longWanted)) chosen = [longWanted, ...chosen.slice(0, wanted - 1)];
  if (chosen.length === 0) {
    // Every day ruled out: a plan still needs a day, so the least busy default is used and said so.
    chosen = ['Sunday'];
    notHonoured.push('Your notes leave no day to train: the plan keeps Sunday; change the days as your week allows.');
  }
  const trainingDays = byWeekOrder(chosen);
  const longDay = longWanted ?? trainingDays.at(-1) ?? null;

  if (notes.longDay) {
    if (longWanted) honoured.push(`long sessions on ${notes.longDay}`);
    else notHonoured.push(`Long sessions on ${notes.longDay}: that day is also among the days you cannot train${notes.onlyDays ? ' or is not one of your only days' : ''}; the long session is on ${longDay ?? 'another day'}.`);
  }
  if (notes.restDays.length > 0) honoured.push(`no training on ${list(notes.restDays)}`);
  if (notes.onlyDays) {
    honoured.push(`training only on ${list(trainingDays)}`);
    const unused = notes.onlyDays.filter((day) => !trainingDays.includes(day) && !rest.has(day));
    if (unused.length > 0) notHonoured.push(`${list(unused)}: the weekly time fits in ${trainingDays.length} days, so ${unused.length === 1 ? 'it rests' : 'they rest'}.`);
  }
  const preferredUsed = notes.preferredDays.filter((day) => trainingDays.includes(day));
  const preferredUnused = notes.preferredDays.filter((day) => !trainingDays.includes(day));
  if (preferredUsed.length > 0) honoured.push(`training on ${list(preferredUsed)}`);
  if (preferredUnused.length > 0) {
    notHonoured.push(`${list(preferredUnused)}: ${preferredUnused.some((day) => rest.has(day)) ? 'you also listed it among the days you cannot train' : `the weekly time fits in ${trainingDays.length} days`}.`);
  }

  let liftingDays: DayOfWeek[] = [];
  if (withLifting) {
    // Strength goes on days without the long session, Wednesday and Friday first; days off stay free.
    const candidates = (['Wednesday', 'Friday', 'Tuesday', 'Thursday', 'Saturday', 'Monday', 'Sunday'] as DayOfWeek[]).filter((day) => !rest.has(day) && day !== longDay && (!notes.onlyDays || notes.onlyDays.includes(day)));
    liftingDays = byWeekOrder(candidates.slice(0, 2));
  }
  // With lifting on its days, at least two endurance days remain.
  let endurance = trainingDays.filter((day) => !liftingDays.includes(day));
  if (endurance.length < 2) {
    endurance = trainingDays;
    liftingDays = liftingDays.filter((day) => !trainingDays.includes(day));
    if (liftingDays.length === 0) notHonoured.push('Strength: your days are all taken by the endurance sessions, so the plan has none; add it on an easy day if you can.');
  }
  return { trainingDays: endurance, longDay, liftingDays, honoured, notHonoured };
}
