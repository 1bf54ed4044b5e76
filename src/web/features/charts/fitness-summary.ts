import { formatChartDay } from './chart-format.ts';

export interface FitnessDayView {
  date: string;
  ctl: number;
  atl: number;
  tsb: number;
}

/** Form is shown signed, as coaches read it: '+5', '−12', '0'. */
export function formatForm(tsb: number): string {
  const rounded = Math.round(tsb);
  if (rounded > 0) return `+${rounded}`;
  if (rounded < 0) return `−${Math.abs(rounded)}`;
  return '0';
}

/** Index of today's entry ('YYYY-MM-DD', UTC as the server counts days), or null when the series stops before it. */
export function todayIndex(days: readonly { date: string }[], today: string): number | null {
  const index = days.findIndex((day) => day.date === today);
  return index < 0 ? null : index;
}

/** The chart in words: where fitness, fatigue and form stand at the end, and how fitness moved. */
export function describeFitness(days: readonly FitnessDayView[]): string {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return 'No fitness data.';
  return (
    `On ${formatChartDay(last.date)}: fitness ${Math.round(last.ctl)}, fatigue ${Math.round(last.atl)}, form ${formatForm(last.tsb)}. ` +
    `Fitness went from ${Math.round(first.ctl)} to ${Math.round(last.ctl)} since ${formatChartDay(first.date)}.`
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
