import { SEASON_MAX_YEARS, lastDayWithin } from '../../../shared/api/season.ts';
import { isCalendarDay } from '../../../shared/api/wellness.ts';
import { addCalendarDays } from '../../../shared/time.ts';

/** The ranges the season screen offers (issue 30). */
export const rangeKinds = ['last90', 'season', 'year', 'all', 'custom'] as const;
export type RangeKind = (typeof rangeKinds)[number];

export const RANGE_LABELS: Record<RangeKind, string> = {
  last90: 'Last 90 days',
  season: 'This season',
  year: 'Last 12 months',
  all: 'All time',
  custom: 'Custom',
};

export interface RangeChoice {
  kind: RangeKind;
  /** The custom range's days as typed ('' until typed). */
  from: string;
  to: string;
}

/** The days a choice covers on `today` ('YYYY-MM-DD', the athlete's): null days for all time, or the message of a custom range that cannot be read. */
export function daysOf(choice: RangeChoice, today: string): { from: string | null; to: string | null } | { error: string } {
  switch (choice.kind) {
    case 'last90':
      return { from: addCalendarDays(today, -89), to: today };
    case 'season':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    case 'year':
      return { from: addCalendarDays(today, -364), to: today };
    case 'all':
      return { from: null, to: null };
    case 'custom': {
      if (!isCalendarDay(choice.from) || !isCalendarDay(choice.to)) return { error: 'Choose the first and the last day.' };
      if (choice.from > choice.to) return { error: 'The first day must not be after the last.' };
      if (choice.to > lastDayWithin(choice.from)) return { error: `A range covers at most ${SEASON_MAX_YEARS} years.` };
      return { from: choice.from, to: choice.to };
    }
  }
}

/** How a range is named in the legend: the preset's name, or the custom days. */
export function rangeLabel(choice: RangeChoice): string {
  return choice.kind === 'custom' && choice.from && choice.to ? `${choice.from} – ${choice.to}` : RANGE_LABELS[choice.kind];
}
