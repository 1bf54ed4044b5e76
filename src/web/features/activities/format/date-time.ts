/** An activity's start in the browser's time zone, e.g. 'Tue, Mar 3, 2026, 7:12 AM' (en-US). */
export function formatStartDateTime(startDate: string | Date, locale?: string): string {
  const date = typeof startDate === 'string' ? new Date(startDate) : startDate;
  return date.toLocaleString(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}
