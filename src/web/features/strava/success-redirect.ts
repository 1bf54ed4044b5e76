/** Spec §9: Home takes over 2 s after the success screen. */
const REDIRECT_DELAY_MS = 2000;
/** However long the page took to load, the screen is seen: at least this long. */
const MIN_SHOWN_MS = 800;

/**
 * The wait before Home: 2 s from when the server answered this page where Strava's redirect opened
 * it (the usual way here, a page load), not from when its code had loaded and drawn it (0.7–1 s
 * later on a 2-core machine, issue 29), and never less than MIN_SHOWN_MS; 2 s from now otherwise.
 */
export function redirectDelayMs(landing: Pick<PerformanceNavigationTiming, 'name' | 'responseStart'> | undefined, nowMs: number): number {
  if (!landing || new URL(landing.name).pathname !== '/strava-success' || landing.responseStart <= 0) return REDIRECT_DELAY_MS;
  return Math.min(REDIRECT_DELAY_MS, Math.max(MIN_SHOWN_MS, landing.responseStart + REDIRECT_DELAY_MS - nowMs));
}
