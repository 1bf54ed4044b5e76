const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** When the cycle's week started, for 'Week N - Started {relative time}' (spec §4): 'just now', '3 hours ago', 'yesterday', '5 days ago'. */
export function startedRelative(startIso: string, now = new Date(), locale = 'en'): string {
  const elapsedMs = Math.max(0, now.getTime() - Date.parse(startIso));
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (elapsedMs >= DAY_MS) return format.format(-Math.floor(elapsedMs / DAY_MS), 'day');
  if (elapsedMs >= HOUR_MS) return format.format(-Math.floor(elapsedMs / HOUR_MS), 'hour');
  if (elapsedMs >= MINUTE_MS) return format.format(-Math.floor(elapsedMs / MINUTE_MS), 'minute');
  return 'just now';
}
