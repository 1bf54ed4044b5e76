/**
 * The Performance Management Chart (Coggan's PMC, after Banister's impulse-response model):
 * chronic training load (CTL, "fitness") and acute training load (ATL, "fatigue") are
 * exponentially weighted averages of daily load with time constants of 42 and 7 days, updated as
 * TrainingPeaks does: CTL(d) = CTL(d−1) + (load(d) − CTL(d−1)) / 42.
 * Training stress balance (TSB, "form") is yesterday's CTL − yesterday's ATL, as in TrainingPeaks:
 * form describes readiness on the morning of the day, before that day's training.
 *
 * Kairo shows the three figures of a day as of that morning (docs/decisions/0071): fitness and
 * fatigue at the end of the day before and form = fitness − fatigue, each whole, so the figures
 * on screen add up (morningFitness). Every screen and Kai's texts read them from here.
 */

export interface DailyLoad {
  /** 'YYYY-MM-DD' in the athlete's calendar. */
  date: string;
  load: number;
}

export interface FitnessDay {
  date: string;
  /** The sum of the day's loads; 0 on a day without activities. */
  load: number;
  ctl: number;
  atl: number;
  tsb: number;
}

/** A day as the fitness chart's JSON writes it: the bytes JSON.stringify gives for a FitnessDay (the same keys, in the same order). */
export function fitnessDayJson(day: FitnessDay): string {
  return JSON.stringify({ date: day.date, load: day.load, ctl: day.ctl, atl: day.atl, tsb: day.tsb });
}

/**
 * The chart's JSON for `fromDate` … `toDate` from the stored days' kept texts: `stored` is the JSON
 * of the stored days in the window (consecutive, in date order, joined by commas), `first` the
 * date of the first of them and `last` the last stored day on or before `toDate` (null when none
 * is). The same bytes as JSON.stringify(continueFitnessSeries(…)) over the stored days: days before
 * the history are zero, days after its end decay from its last day.
 */
export function continueFitnessJson(window: { stored: string; first: string | null; last: FitnessDay | null }, fromDate: string, toDate: string): string {
  const { stored, first, last } = window;
  if (first === null) return JSON.stringify(continueFitnessSeries(last ? [last] : [], fromDate, toDate));
  const parts: string[] = [];
  const firstDay = toDayNumber(first);
  // The stored days run without a gap from the first day with load, so nothing is stored before `first`.
  if (firstDay > toDayNumber(fromDate)) parts.push(...continueFitnessSeries([], fromDate, toIsoDate(firstDay - 1)).map(fitnessDayJson));
  parts.push(stored);
  const lastDay = last ? toDayNumber(last.date) : firstDay;
  if (last && lastDay < toDayNumber(toDate)) {
    parts.push(...continueFitnessSeries([last], toIsoDate(lastDay + 1), toDate).map(fitnessDayJson));
  }
  return `[${parts.join(',')}]`;
}

export interface FitnessStart {
  ctl: number;
  atl: number;
}

const CTL_TIME_CONSTANT_DAYS = 42;
const ATL_TIME_CONSTANT_DAYS = 7;

/** The convention, said once on every screen that shows form. */
export const FORM_CONVENTION = 'Form = fitness − fatigue, as of the morning, before that day’s training.';

/** A day's fitness, fatigue and form as of its morning, as shown: whole numbers, form = fitness − fatigue. */
export interface MorningFitness {
  fitness: number;
  fatigue: number;
  form: number;
}

/**
 * CTL and ATL on the morning of a stored or computed day (CTL and ATL at the end of the day, TSB
 * that morning): those of the day before, recovered from the day's own row. From
 * CTL = c + (L − c)/42, ATL = a + (L − a)/7 and TSB = c − a: c = (42·CTL − 7·ATL − 6·TSB) / 35, a = c − TSB.
 */
export function morningLoads(day: { ctl: number; atl: number; tsb: number }): { ctl: number; atl: number } {
  const ctl = (CTL_TIME_CONSTANT_DAYS * day.ctl - ATL_TIME_CONSTANT_DAYS * day.atl - (ATL_TIME_CONSTANT_DAYS - 1) * day.tsb) / (CTL_TIME_CONSTANT_DAYS - ATL_TIME_CONSTANT_DAYS);
  return { ctl, atl: ctl - day.tsb };
}

/**
 * Whole fitness, fatigue and form from CTL and ATL as of one moment (ADR 0071): form is the
 * difference of the two figures shown, so 67.4 and 70.6 read 67, 71 and −4, never −3.
 */
export function wholeFitness(loads: { ctl: number; atl: number }): MorningFitness {
  // Math.round(-0.4) is -0: a figure of 0 is shown as 0.
  const fitness = Math.round(loads.ctl) + 0;
  const fatigue = Math.round(loads.atl) + 0;
  return { fitness, fatigue, form: fitness - fatigue };
}

/** A stored or computed day as of its morning, as every screen shows it (ADR 0071). */
export function morningFitness(day: { ctl: number; atl: number; tsb: number }): MorningFitness {
  return wholeFitness(morningLoads(day));
}

/**
 * CTL/ATL/TSB for each day from `fromDate` to `toDate` inclusive. Loads before `fromDate` count
 * (the averages start from `start`, default 0, on the earliest day given); days without an entry
 * have load 0; several entries on one day add up.
 */
export function computeFitnessSeries(
  dailyLoads: readonly DailyLoad[],
  fromDate: string,
  toDate: string,
  start: FitnessStart = { ctl: 0, atl: 0 },
): FitnessDay[] {
  const fromDay = toDayNumber(fromDate);
  const toDay = toDayNumber(toDate);
  const loadByDay = new Map<number, number>();
  for (const { date, load } of dailyLoads) {
    const day = toDayNumber(date);
    loadByDay.set(day, (loadByDay.get(day) ?? 0) + load);
  }
  const firstDay = Math.min(fromDay, ...loadByDay.keys());

  const series: FitnessDay[] = [];
  let { ctl, atl } = start;
  for (let day = firstDay; day <= toDay; day++) {
    const load = loadByDay.get(day) ?? 0;
    const tsb = ctl - atl;
    ctl += (load - ctl) / CTL_TIME_CONSTANT_DAYS;
    atl += (load - atl) / ATL_TIME_CONSTANT_DAYS;
    if (day >= fromDay) series.push({ date: toIsoDate(day), load, ctl, atl, tsb });
  }
  return series;
}

/**
 * The series for each day from `fromDate` to `toDate` inclusive, read from stored days: `stored`
 * holds consecutive days, sorted, as computeFitnessSeries gave them for the whole history, and may
 * start before `fromDate` (the last stored day before it, to carry on from). A day before the
 * first stored day has no history yet (all zero); a day after the last is a rest day, whose
 * averages decay from the day before.
 */
export function continueFitnessSeries(stored: readonly FitnessDay[], fromDate: string, toDate: string): FitnessDay[] {
  const fromDay = toDayNumber(fromDate);
  const toDay = toDayNumber(toDate);
  // One pass over the stored days in date order; the chart reads them sorted, so this costs a check.
  const days = isSortedByDate(stored) ? stored : [...stored].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const series: FitnessDay[] = [];
  let previous: { ctl: number; atl: number } = { ctl: 0, atl: 0 };
  let next = 0;
  let nextDay = days.length > 0 ? toDayNumber(days[0]!.date) : Infinity;
  // Only days from the first stored one matter before the window: earlier days are all zero.
  for (let day = Math.min(fromDay, nextDay); day <= toDay; day++) {
    if (day === nextDay) {
      const found = days[next]!;
      previous = found;
      if (day >= fromDay) series.push(found);
      next += 1;
      nextDay = next < days.length ? toDayNumber(days[next]!.date) : Infinity;
      if (nextDay <= day) throw new RangeError(`Stored fitness days repeat ${days[next]!.date}`);
      continue;
    }
    // The same steps as computeFitnessSeries with a load of 0, so a continued day equals a computed one exactly.
    const tsb = previous.ctl - previous.atl;
    const ctl = previous.ctl + (0 - previous.ctl) / CTL_TIME_CONSTANT_DAYS;
    const atl = previous.atl + (0 - previous.atl) / ATL_TIME_CONSTANT_DAYS;
    previous = { ctl, atl };
    if (day >= fromDay) series.push({ date: toIsoDate(day), load: 0, ctl, atl, tsb });
  }
  return series;
}

function isSortedByDate(days: readonly FitnessDay[]): boolean {
  for (let index = 1; index < days.length; index++) if (days[index - 1]!.date > days[index]!.date) return false;
  return true;
}

/*
 * Dates to day numbers (days since 1970-01-01) and back by arithmetic on the proleptic Gregorian
 * calendar (the civil-from-days method, in 400-year eras), not through Date objects: the chart
 * converts every day it answers, and toISOString() per day was most of its per-request work.
 */
const ZERO = 48; // '0'
const DASH = 45; // '-'

function toDayNumber(isoDate: string): number {
  const digits = (from: number, to: number) => {
    let value = 0;
    for (let index = from; index < to; index++) {
      const digit = isoDate.charCodeAt(index) - ZERO;
      if (digit < 0 || digit > 9) return NaN;
      value = value * 10 + digit;
    }
    return value;
  };
  const year = digits(0, 4);
  const month = digits(5, 7);
  const day = digits(8, 10);
  const valid =
    isoDate.length === 10 && isoDate.charCodeAt(4) === DASH && isoDate.charCodeAt(7) === DASH &&
    year >= 0 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
  if (!valid) throw new RangeError(`Not a YYYY-MM-DD date: ${isoDate}`);
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

function toIsoDate(dayNumber: number): string {
  const z = dayNumber + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shifted = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shifted + 2) / 5) + 1;
  const month = shifted < 10 ? shifted + 3 : shifted - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
