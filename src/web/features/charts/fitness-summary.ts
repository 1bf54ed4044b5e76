import { morningLoads, wholeFitness } from '../../../metrics/fitness.ts';
import { formatForm } from '../../../shared/format.ts';
import { formatChartDay } from './chart-format.ts';

export { formatForm };

export interface FitnessDayView {
  date: string;
  ctl: number;
  atl: number;
  tsb: number;
}

/**
 * The days as of each morning (ADR 0071): fitness and fatigue at the end of the day before, form
 * that morning (the stored TSB), so the chart draws and reads out the figures every screen shows.
 */
export function morningDays<T extends FitnessDayView>(days: readonly T[]): T[] {
  return days.map((day) => ({ ...day, ...morningLoads(day) }));
}

/** A morning's figures as shown: whole fitness and fatigue, form their difference, signed. */
export function shownFitness(day: Pick<FitnessDayView, 'ctl' | 'atl'>): { fitness: string; fatigue: string; form: string } {
  const { fitness, fatigue, form } = wholeFitness(day);
  return { fitness: String(fitness), fatigue: String(fatigue), form: formatForm(form) };
}


/** Index of today's entry ('YYYY-MM-DD', UTC as the server counts days), or null when the series stops before it. */
export function todayIndex(days: readonly { date: string }[], today: string): number | null {
  const index = days.findIndex((day) => day.date === today);
  return index < 0 ? null : index;
}

/** The chart in words, of morning days (morningDays): where fitness, fatigue and form stand on the last morning, and how fitness moved. */
export function describeFitness(days: readonly FitnessDayView[]): string {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return 'No fitness data.';
  const { fitness, fatigue, form } = shownFitness(last);
  return (
    `On ${formatChartDay(last.date)}: fitness ${fitness}, fatigue ${fatigue}, form ${form}. As of each morning, form = fitness − fatigue. ` +
    `Fitness went from ${shownFitness(first).fitness} to ${fitness} since ${formatChartDay(first.date)}.`
  );
}

/**
 * Day indices to label on the date axis: counted back from the last day, so today always gets a
 * label, every `stepDays` days.
 */
export function dayAxisSplits(dayCount: number, stepDays: number): number[] {
  const splits: number[] = [];
  for (let index = dayCount - 1; index >= 0; index -= stepDays) splits.unshift(index);
  return splits;
}
