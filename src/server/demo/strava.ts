import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { StravaRuntime } from '../features/strava/index.ts';
import { inProcessFetch } from '../http/in-process-fetch.ts';

export const DEMO_STRAVA_PREFIX = '/dev/strava';
const DEMO_CLIENT_ID = '100001';
const DEMO_RATE_LIMITS = {
  overallShortLimit: 100_000,
  overallLongLimit: 1_000_000,
  readShortLimit: 100_000,
  readLongLimit: 1_000_000,
};

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
  const clientSecret = randomBytes(20).toString('hex');
  const answerInProcess = inProcessFetch(app);
  const sim = createStravaSim({
    clients: [{ clientId: DEMO_CLIENT_ID, clientSecret, name: 'Kairo (demo)' }],
    autoCreateAthletes: true,
    // A demo athlete has ~170 activities: at Strava's real 100 reads per 15 minutes the first
    // sync would take an hour. The simulator still counts and reports usage in its headers.
    rateLimits: DEMO_RATE_LIMITS,
    fetch: (url, init) => answerInProcess(url, init),
  });
  await app.register(sim.plugin, { prefix: DEMO_STRAVA_PREFIX });
  app.addHook('onClose', async () => sim.stop());
  app.log.info(`Strava is not configured: connecting uses the bundled Strava simulator at ${DEMO_STRAVA_PREFIX}`);

  return {
    baseUrl: () => `${options.publicUrl()}${DEMO_STRAVA_PREFIX}`,
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
