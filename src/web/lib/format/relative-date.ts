import { formatDate } from '../../../shared/format.ts';
import { DAY_MS } from '../../../shared/time.ts';

/** Spec §9: 'N days ago' is used up to this many days; older activities show their date. */
const MAX_DAYS_AGO = 7;

const startOfLocalDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());

/** Whole calendar days (in the browser's time zone) from `date` to `now`; rounding absorbs DST days. */
function calendarDaysBetween(date: Date, now: Date): number {
  return Math.round((startOfLocalDay(now).getTime() - startOfLocalDay(date).getTime()) / DAY_MS);
}

/**
 * When an activity happened, for the activity list (spec §2): 'Today', 'Yesterday', 'N days ago'
 * up to 7 days, otherwise the local day as every screen writes it ('Mon, Mar 2'; with its year when not this year). A start in the future (a device clock ahead) is 'Today'.
 */
export function formatRelativeDate(startDate: string | Date, now = new Date(), locale?: string): string {
  const date = typeof startDate === 'string' ? new Date(startDate) : startDate;
  const days = calendarDaysBetween(date, now);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days <= MAX_DAYS_AGO) return `${days} days ago`;
  // Kairo's one day format (ADR 0072): the year only when it is not this one.
  return formatDate(date, { locale, now });
}
