import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { StravaSetup } from './service.ts';
import { mountDemoStrava, sharedDemoStrava } from '../../demo/strava.ts';

export interface StravaRuntime extends StravaSetup {
  clientSecret: string;
  /** Replaces the network for API calls (demo mode answers in-process). */
  fetch?: typeof fetch;
}

/**
 * Real Strava when STRAVA_CLIENT_ID/SECRET are set; otherwise demo mode: the bundled Strava
 * simulator, mounted on this server at /dev/strava, where every account that connects gets its
 * own simulated athlete with months of history. With DEMO_STRAVA_URL, demo mode uses that one
 * standalone simulator instead, shared by every instance of a cluster.
 */
export async function stravaSetup(app: FastifyInstance, config: Config, publicUrl: () => string): Promise<StravaRuntime> {
  const { credentials } = config.strava;
  if (credentials) {
    return { baseUrl: () => config.strava.baseUrl, clientId: credentials.clientId, clientSecret: credentials.clientSecret, demo: false };
  }
  if (config.strava.demoUrl) return sharedDemoStrava(app, config.strava.demoUrl);
  return mountDemoStrava(app, { publicUrl, verifyToken: config.strava.webhookVerifyToken });
}
