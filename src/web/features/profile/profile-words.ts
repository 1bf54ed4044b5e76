import { PROFILE_ACTIVITY_LIMIT } from '../../../shared/api/athletic-profile.ts';
import { startedRelative } from '../../lib/format/started-relative.ts';
import { formatCalendarDay } from '../../../shared/format.ts';

/** Spec §2: before 12 'Good Morning', before 18 'Good Afternoon', otherwise 'Good Evening' (local time). */
export function timeOfDayGreeting(now: Date): string {
  const hour = now.getHours();
  if (hour < 12) return 'Good Morning';
  if (hour < 18) return 'Good Afternoon';
  return 'Good Evening';
}

/** 'Good Morning, Eddy' or, without a first name, 'Good Morning, there'. */
export function profileGreeting(firstName: string | null, now: Date): string {
  const name = firstName?.trim() || 'there';
  return `${timeOfDayGreeting(now)}, ${name}`;
}

/**
 * Spec §2: the note that the last 30 activities are analysed, with how many this profile actually
 * read (a new athlete has fewer) and when it was written.
 */
export function analysedNote(activityCount: number, generatedAt: string, now: Date): string {
  const read =
    activityCount >= PROFILE_ACTIVITY_LIMIT
      ? `Kai analysed your last ${PROFILE_ACTIVITY_LIMIT} activities`
      : `Kai analyses your last ${PROFILE_ACTIVITY_LIMIT} activities; this profile is built from ${activityCount === 1 ? 'the 1 activity' : `the ${activityCount} activities`} you have so far`;
  return `${read}. Updated ${startedRelative(generatedAt, now)}.`;
}

/** An event card's date in the one date shape (ADR 0072), 'Sun, Apr 18, 2027', for a YYYY-MM-DD day; anything else as written. */
export function eventDay(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  return Number.isFinite(Date.parse(`${date}T00:00:00Z`)) ? formatCalendarDay(date) : date;
}
