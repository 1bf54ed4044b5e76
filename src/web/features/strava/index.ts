/** The strava feature's public face (ADR 0045): all that app/ and other features may import from it. */
export { useForceSyncGlobal } from './api/force-sync.ts';
export { BACKFILL_POLL_MS, isBackfilling, stravaSyncProgress, useStravaStatus } from './api/strava-status.ts';
export { ConnectStravaModal } from './connect-strava-modal.tsx';
export { ConnectStravaPrompt } from './connect-strava-prompt.tsx';
export { ConnectionPanel } from './connection-panel.tsx';
export { PoweredByStrava } from './powered-by-strava.tsx';
export { StravaBrokenBanner } from './strava-broken-banner.tsx';
export { StravaPausedBanner } from './strava-paused-banner.tsx';
export { useStravaConnectError } from './use-strava-connect-error.ts';
