/** The query the server adds to / when connecting Strava failed: `/?strava_error=<reason>`. */
export const STRAVA_ERROR_PARAM = 'strava_error';

const messages: Record<string, string> = {
  state: 'The connection to Strava could not be verified, so nothing was changed. Please connect again.',
  denied: 'Strava access was not granted.',
  'signed-out': 'Your Kairo session changed while you were on Strava. Please connect again from this account.',
  scope: 'Kairo needs permission to read your activities. Please connect again and keep all boxes ticked.',
  taken: 'This Strava athlete is already connected to another Kairo account.',
  exchange: 'Strava did not finish the connection. Please try again in a moment.',
  // Strava refusing Kairo's app, not the athlete (ADR 0067): the operator has to act.
  'athlete-limit': "This Kairo has reached Strava's limit of athletes for its app, so Strava did not let you connect. Nothing was changed; the operator has been told.",
  'app-paused': "Strava has paused this Kairo's access to Strava. Your data is safe; syncing resumes when the operator fixes it.",
};

const fallback = 'Connecting to Strava did not work. Please try again.';

/** The message for a failed connection, from the page's query string; null when nothing failed. */
export function stravaErrorMessage(search: string): string | null {
  const reason = new URLSearchParams(search).get(STRAVA_ERROR_PARAM);
  if (reason === null) return null;
  return Object.hasOwn(messages, reason) ? (messages[reason] ?? fallback) : fallback;
}

/** The same query string without the failure reason, for cleaning the address bar. */
export function withoutStravaError(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(STRAVA_ERROR_PARAM);
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
}
