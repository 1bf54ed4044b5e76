import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { StravaRuntime } from '../features/strava/index.ts';
import { inProcessFetch } from '../http/in-process-fetch.ts';

export const DEMO_STRAVA_PREFIX = '/dev/strava';
const DEMO_CLIENT_ID = '100001';

/**
 * Demo mode: the Strava simulator mounted on this server. The browser goes through the simulated
 * consent like with Strava; Kairo's API calls and the simulator's webhook calls are answered inside
 * this process, so demo mode works on any address without a network. The simulator is a test
 * double (tools/): it is loaded here, and only when demo mode is on, so a production process with
 * real Strava settings never has it in memory.
 */
export async function mountDemoStrava(
  app: FastifyInstance,
  options: { publicUrl: () => string; verifyToken: string },
): Promise<StravaRuntime> {
  const { createStravaSim } = await import('../../../tools/strava-sim/sim.ts');
  const { DEMO_RATE_LIMITS } = await import('../../../tools/strava-sim/standalone.ts');
  const clientSecret = randomBytes(20).toString('hex');
  const answerInProcess = inProcessFetch(app);
  const sim = createStravaSim({
    clients: [{ clientId: DEMO_CLIENT_ID, clientSecret, name: 'Kairo (demo)' }],
    autoCreateAthletes: true,
    rateLimits: DEMO_RATE_LIMITS,
    fetch: (url, init) => answerInProcess(url, init),
  });
  await app.register(sim.plugin, { prefix: DEMO_STRAVA_PREFIX });
  app.addHook('onClose', async () => sim.stop());
  app.log.info(`Strava is not configured: connecting uses the bundled Strava simulator at ${DEMO_STRAVA_PREFIX}`);

  return {
    baseUrl: () => `${options.publicUrl()}${DEMO_STRAVA_PREFIX}`,
    apiUrl: () => `${options.publicUrl()}${DEMO_STRAVA_PREFIX}/api/v3`,
    clientId: DEMO_CLIENT_ID,
    clientSecret,
    demo: true,
    fetch: (url, init) =>
      answerInProcess(String(url), {
        method: init?.method ?? 'GET',
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
        body: (init?.body ?? null) as BodyInit | null,
      }),
  };
}

/**
 * Demo mode for several instances (ADR 0049): one standalone simulator (`npm run strava-sim`,
 * its default application) that every instance and every browser reaches at `url`, so any
 * instance serves any demo athlete. Nothing is mounted here; requests go over the network.
 */
export async function sharedDemoStrava(app: FastifyInstance, url: string): Promise<StravaRuntime> {
  const { STANDALONE_CLIENT } = await import('../../../tools/strava-sim/standalone.ts');
  app.log.info(`Strava is not configured: connecting uses the shared Strava simulator at ${url}`);
  return { baseUrl: () => url, apiUrl: () => `${url}/api/v3`, clientId: STANDALONE_CLIENT.clientId, clientSecret: STANDALONE_CLIENT.clientSecret, demo: true };
}
