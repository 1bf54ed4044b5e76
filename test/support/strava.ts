import type { RateLimitSettings } from '../../tools/strava-sim/rate-limit.ts';
import { startStravaSim, type RunningStravaSim } from '../../tools/strava-sim/sim.ts';
import { createClient, type TestClient, type TestResponse } from './http-client.ts';
import { uniqueEmail, type TestKairo, signUp } from './kairo.ts';

export const SIM_CLIENT = { clientId: '4242', clientSecret: 'kairo-test-secret' };
export const WEBHOOK_VERIFY_TOKEN = 'verify-me-please';
/** Limits no sync reaches: Strava's budget taken out of the way (tests of the limits set their own). */
export const GENEROUS_LIMITS = {
  overallShortLimit: 1_000_000,
  overallLongLimit: 10_000_000,
  readShortLimit: 1_000_000,
  readLongLimit: 10_000_000,
};

/**
 * Subscribes Kairo at `kairoUrl` to the simulator's webhooks, as the app's owner would at Strava.
 * Kairo only subscribes itself at a public https address (or in demo mode), not a loopback one.
 */
export function subscribeToSimWebhooks(sim: RunningStravaSim, kairoUrl: string): Promise<Response> {
  return fetch(`${sim.baseUrl}/api/v3/push_subscriptions`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: SIM_CLIENT.clientId,
      client_secret: SIM_CLIENT.clientSecret,
      callback_url: `${kairoUrl}/api/webhooks/strava`,
      verify_token: WEBHOOK_VERIFY_TOKEN,
    }),
  });
}

/** A standalone Strava simulator with Kairo's app registered, and the env that points Kairo at it. */
export async function startSimForKairo(
  limits: Partial<RateLimitSettings> = GENEROUS_LIMITS,
): Promise<{ sim: RunningStravaSim; env: Record<string, string> }> {
  // Strava's real budget (100 reads per 15 minutes) would stall a test suite for hours; Kairo's
  // handling of the windows is unit-tested against a clock, and 429s are injected below.
  const sim = await startStravaSim({
    clients: [{ ...SIM_CLIENT, name: 'Kairo' }],
    autoCreateAthletes: false,
    rateLimits: limits,
  });
  return {
    sim,
    env: {
      STRAVA_CLIENT_ID: SIM_CLIENT.clientId,
      STRAVA_CLIENT_SECRET: SIM_CLIENT.clientSecret,
      STRAVA_BASE_URL: sim.baseUrl,
      STRAVA_WEBHOOK_VERIFY_TOKEN: WEBHOOK_VERIFY_TOKEN,
      STRAVA_BACKOFF_S: '0.2',
      ...(limits.shortWindowS ? { STRAVA_RATE_WINDOW_S: String(limits.shortWindowS) } : {}),
    },
  };
}

/** Plain errors rather than vitest's expect: the benches sign up and connect with these helpers too. */
function expectStatus(response: TestResponse, status: number, step: string): void {
  if (response.status !== status) throw new Error(`${step} answered ${response.status} instead of ${status}: ${response.text.slice(0, 300)}`);
}

export async function registerAthlete(baseUrl: string): Promise<TestClient> {
  const browser = createClient(baseUrl);
  const registered = await signUp(browser, {
    email: uniqueEmail('rider'),
    password: 'correct horse',
    firstName: 'Sam',
    lastName: 'Sprint',
  });
  expectStatus(registered, 201, 'POST /api/auth/register');
  return browser;
}

/** "Connect with Strava" in demo mode (the simulator mounted at /dev/strava): its consent approves a new demo athlete at once. */
export async function connectDemoStrava(browser: TestClient): Promise<void> {
  const start = await browser.get('/api/auth/strava', { headers: { accept: 'text/html' } });
  expectStatus(start, 302, 'GET /api/auth/strava');
  const authorize = new URL(start.headers.get('location')!);
  if (!authorize.pathname.startsWith('/dev/strava/')) throw new Error(`Connect with Strava led to ${authorize.pathname}, not the demo simulator`);
  const consent = await createClient(authorize.origin).get(`${authorize.pathname}${authorize.search}`);
  expectStatus(consent, 302, "the simulator's consent");
  const callback = new URL(consent.headers.get('location')!);
  expectStatus(await browser.get(`${callback.pathname}${callback.search}`), 302, 'the Strava callback');
}

/** Clicks "Connect with Strava" and approves at the simulator as `athleteId`; returns Kairo's final redirect. */
export async function connectStrava(browser: TestClient, sim: RunningStravaSim, athleteId: number | null): Promise<string> {
  // A browser following the link asks for HTML (Node's fetch always sends Sec-Fetch-Mode: cors).
  const start = await browser.get('/api/auth/strava', { headers: { accept: 'text/html' } });
  expectStatus(start, 302, 'GET /api/auth/strava');
  const authorize = new URL(start.headers.get('location')!);
  if (athleteId !== null) sim.control.nextAuthorization({ athleteId });
  const consent = await createClient(authorize.origin).get(`${authorize.pathname}${authorize.search}`);
  expectStatus(consent, 302, "Strava's /oauth/authorize");
  const callback = new URL(consent.headers.get('location')!);
  const landing = await browser.get(`${callback.pathname}${callback.search}`);
  expectStatus(landing, 302, 'the Strava callback');
  return landing.headers.get('location')!;
}

export async function waitForJobs(server: TestKairo, timeoutMs = 60_000): Promise<void> {
  await server.kairo.queue.drained([...server.kairo.jobs.keys()], timeoutMs);
}

export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
