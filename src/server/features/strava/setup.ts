import type { Config } from '../../config.ts';
import type { StravaRuntime } from './service.ts';

/**
 * Real Strava when STRAVA_CLIENT_ID/SECRET are set; otherwise demo mode: `demo` mounts the bundled
 * Strava simulator (src/server/demo/), where every account that connects gets its own simulated
 * athlete with months of history; with DEMO_STRAVA_URL, `demo` uses that one standalone
 * simulator instead, shared by every instance of a cluster.
 */
export async function stravaSetup(config: Config, demo: () => Promise<StravaRuntime>): Promise<StravaRuntime> {
  const { credentials } = config.strava;
  if (credentials) {
    return { baseUrl: () => config.strava.baseUrl, apiUrl: () => config.strava.apiUrl, clientId: credentials.clientId, clientSecret: credentials.clientSecret, demo: false };
  }
  return demo();
}
