import type { AskChart } from '../../../shared/api/coach-conversations.ts';
import { formatCalendarDay, formatNumber } from '../../../shared/format.ts';
import { shortDuration } from './chart-geometry.ts';

type FitnessChart = Extract<AskChart, { kind: 'fitness' }>;
type PowerCurveChart = Extract<AskChart, { kind: 'power-curve' }>;
type WeeklyHoursChart = Extract<AskChart, { kind: 'weekly-hours' }>;

const signed = (value: number) => `${value > 0 ? '+' : ''}${formatNumber(value)}`;

/** A sport family as a legend names it: 'ride' → 'Ride'. */
export function sportName(sport: string): string {
  return sport === '' ? 'Other' : sport[0]!.toUpperCase() + sport.slice(1);
}

/** What the fitness chart shows, for a screen reader: the span, and where fitness, fatigue and form start and end. */
export function fitnessSummary({ days }: FitnessChart): string {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return 'Fitness, fatigue and form: no days to show';
  return (
    `Fitness, fatigue and form from ${formatCalendarDay(first.date)} to ${formatCalendarDay(last.date)}: ` +
    `fitness ${formatNumber(first.ctl)} to ${formatNumber(last.ctl)}, fatigue ${formatNumber(first.atl)} to ${formatNumber(last.atl)}, ` +
    `form ${signed(first.tsb)} to ${signed(last.tsb)}`
  );
}

/** Each period's curve from its shortest to its longest duration that has an effort. */
export function powerCurveSummary({ series }: PowerCurveChart): string {
  const parts = series.map(({ label, points }) => {
    const known = points.filter((point): point is { durationS: number; watts: number } => point.watts !== null);
    const first = known[0];
    const last = known.at(-1);
    if (!first || !last) return `${label}: no efforts`;
    return `${label}: ${formatNumber(first.watts)} W for ${shortDuration(first.durationS)} to ${formatNumber(last.watts)} W for ${shortDuration(last.durationS)}`;
  });
  return `Power-duration curve. ${parts.join('; ')}`;
}

/** Each week's total hours and how the sports share them. */
export function weeklyHoursSummary({ weeks }: WeeklyHoursChart): string {
  if (weeks.length === 0) return 'Weekly hours by sport: no weeks to show';
  const parts = weeks.map(({ from, hours }) => {
    const total = hours.reduce((sum, entry) => sum + entry.hours, 0);
    const bySport = hours.filter((entry) => entry.hours > 0).map((entry) => `${sportName(entry.sport)} ${formatNumber(entry.hours, 1)}`);
    return `week of ${formatCalendarDay(from)}: ${formatNumber(total, 1)} h${bySport.length > 0 ? ` (${bySport.join(', ')})` : ''}`;
  });
  return `Weekly hours by sport, ${parts.join('; ')}`;
}

export function chartSummary(chart: AskChart): string {
  switch (chart.kind) {
    case 'fitness':
      return fitnessSummary(chart);
    case 'power-curve':
      return powerCurveSummary(chart);
    case 'weekly-hours':
      return weeklyHoursSummary(chart);
  }
}
