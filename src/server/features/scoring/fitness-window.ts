import { computeFitnessSeries, type FitnessDay } from '../../../metrics/fitness.ts';
import { DAY_MS } from '../../../shared/time.ts';

/** The UTC days of a `days`-day series ending with `today`'s. */
export function fitnessWindow(days: number, today: Date): { fromDate: string; toDate: string } {
  const toDate = today.toISOString().slice(0, 10);
  return { fromDate: new Date(Date.parse(toDate) - (days - 1) * DAY_MS).toISOString().slice(0, 10), toDate };
}

/** The whole history's series, from its first day with load to its last (what the stored series is rewritten to). */
export function wholeHistorySeries(loads: { date: string; load: number }[]): FitnessDay[] {
  if (loads.length === 0) return [];
  const dates = loads.map((entry) => entry.date).sort();
  return computeFitnessSeries(loads, dates[0]!, dates.at(-1)!);
}
