import { startStravaSim } from './sim.ts';
import { DEMO_RATE_LIMITS, STANDALONE_CLIENT } from './standalone.ts';

/**
 * `npm run strava-sim`: the simulator on its own port, with the /_sim control API.
 *
 *   STRAVA_SIM_PORT           port on 127.0.0.1 (default 4400; 0 picks a free one)
 *   STRAVA_SIM_CLIENT_ID      application to register (default 1001)
 *   STRAVA_SIM_CLIENT_SECRET  its secret (default "strava-sim-secret")
 *   STRAVA_SIM_CONSENT=1      show the consent screen instead of approving at once
 *   STRAVA_SIM_DEMO=1         demo limits (a first sync in seconds), for Kairo instances sharing it
 *                             through DEMO_STRAVA_URL
 *   STRAVA_SIM_LOG=1          log every request
 */
const env = process.env;
const port = Number(env.STRAVA_SIM_PORT ?? 4400);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`STRAVA_SIM_PORT must be a port number, not "${env.STRAVA_SIM_PORT}"`);
  process.exit(1);
}
const client = {
  clientId: env.STRAVA_SIM_CLIENT_ID ?? STANDALONE_CLIENT.clientId,
  clientSecret: env.STRAVA_SIM_CLIENT_SECRET ?? STANDALONE_CLIENT.clientSecret,
  name: 'Kairo',
};

const running = await startStravaSim({
  port,
  clients: [client],
  consentPage: env.STRAVA_SIM_CONSENT === '1',
  controlRoutes: true,
  logger: env.STRAVA_SIM_LOG === '1',
  ...(env.STRAVA_SIM_DEMO === '1' ? { rateLimits: DEMO_RATE_LIMITS } : {}),
});

console.log(`Strava simulator on ${running.baseUrl}
  authorize  ${running.baseUrl}/oauth/authorize
  token      ${running.baseUrl}/oauth/token
  API        ${running.baseUrl}/api/v3
  control    ${running.baseUrl}/_sim
  client_id=${client.clientId} client_secret=${client.clientSecret}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void running.close().then(() => process.exit(0));
  });
}
