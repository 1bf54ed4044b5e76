/** Milliseconds in a day of 24 hours: a UTC day (a local day across a clock change is an hour longer or shorter). */
export const DAY_MS = 86_400_000;

/** The calendar day (YYYY-MM-DD) `days` after `day` (before it when negative), counted in UTC days. */
export function addCalendarDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
