import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startStravaSim, type RunningStravaSim, type StartStravaSimOptions } from '../../tools/strava-sim/sim.ts';

/** Helpers for the Strava simulator's tests: fixtures, shape comparison, OAuth, a webhook receiver. */

export { stravaFixture } from './shared-fixtures.ts';

/** Tuesday 19 May 2026, 10:00 UTC: a fixed "now" so generated histories are the same every run. */
export const SIM_NOW_MS = Date.UTC(2026, 4, 19, 10, 0, 0);
export const CLIENT = { clientId: '4242', clientSecret: 'sim-test-secret', name: 'Kairo test' };

export interface TestSim extends RunningStravaSim {
  /** Moves the simulator's clock. */
  advance(ms: number): void;
}

export async function startTestSim(options: StartStravaSimOptions = {}): Promise<TestSim> {
  let nowMs = SIM_NOW_MS;
  const running = await startStravaSim({ now: () => nowMs, clients: [CLIENT], webhookRetryDelayMs: 50, ...options });
  return { ...running, advance: (ms) => (nowMs += ms) };
}

export interface Connection {
  athleteId: number;
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
  scope: string;
}

/** Runs the authorization-code flow as a browser and a server would; returns the tokens. */
export async function connect(sim: RunningStravaSim, scope = 'read,activity:read_all,activity:write', athleteId?: number): Promise<Connection> {
  if (athleteId !== undefined) sim.control.nextAuthorization({ athleteId });
  const authorize = await fetch(
    `${sim.baseUrl}/oauth/authorize?client_id=${CLIENT.clientId}&redirect_uri=${encodeURIComponent('http://127.0.0.1/callback')}&response_type=code&scope=${scope}&state=s1`,
    { redirect: 'manual' },
  );
  if (authorize.status !== 302) throw new Error(`authorize answered ${authorize.status}: ${await authorize.text()}`);
  const redirect = new URL(authorize.headers.get('location') ?? '');
  const token = await fetch(`${sim.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret, code: redirect.searchParams.get('code') ?? '', grant_type: 'authorization_code' }),
  });
  const body = await token.json();
  if (token.status !== 200) throw new Error(`token answered ${token.status}: ${JSON.stringify(body)}`);
  return { athleteId: body.athlete.id, accessToken: body.access_token, refreshToken: body.refresh_token, expiresAt: body.expires_at, scope: redirect.searchParams.get('scope') ?? '' };
}

export async function api(sim: RunningStravaSim, token: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${sim.baseUrl}/api/v3${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

/**
 * Differences between two JSON values' shapes: keys missing or extra at any depth, and values of
 * different JSON types (null on either side matches anything; arrays compare their first items).
 */
export function shapeDifferences(actual: unknown, expected: unknown, path = '$', ignoreKeys: readonly string[] = []): string[] {
  if (actual === null || expected === null || actual === undefined || expected === undefined) return [];
  const kind = (value: unknown) => (Array.isArray(value) ? 'array' : typeof value);
  if (kind(actual) !== kind(expected)) return [`${path}: ${kind(actual)} instead of ${kind(expected)}`];
  if (Array.isArray(actual) && Array.isArray(expected)) {
    return actual.length > 0 && expected.length > 0 ? shapeDifferences(actual[0], expected[0], `${path}[0]`, ignoreKeys) : [];
  }
  if (typeof actual !== 'object' || typeof expected !== 'object') return [];
  const a = actual as Record<string, unknown>;
  const e = expected as Record<string, unknown>;
  const differences: string[] = [];
  for (const key of Object.keys(e)) if (!(key in a) && !ignoreKeys.includes(key)) differences.push(`${path}.${key}: missing`);
  for (const key of Object.keys(a)) if (!(key in e) && !ignoreKeys.includes(key)) differences.push(`${path}.${key}: not in the fixture`);
  for (const key of Object.keys(e)) if (key in a) differences.push(...shapeDifferences(a[key], e[key], `${path}.${key}`, ignoreKeys));
  return differences;
}

export interface ReceivedEvent {
  body: any;
  atMs: number;
}

/** How the receiver answers event POSTs: status and delay, per delivery attempt in order. */
export type Answer = { status: number; delayMs?: number };

/** A webhook callback on loopback: answers Strava's challenge and records events. */
export async function startWebhookReceiver(options: { verifyToken?: string; answers?: Answer[]; echoChallenge?: boolean } = {}) {
  const events: ReceivedEvent[] = [];
  const answers = [...(options.answers ?? [])];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method === 'GET') {
      const valid = url.searchParams.get('hub.mode') === 'subscribe' && url.searchParams.get('hub.verify_token') === (options.verifyToken ?? 'verify-me');
      if (!valid || options.echoChallenge === false) {
        response.writeHead(403).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ 'hub.challenge': url.searchParams.get('hub.challenge') }));
      return;
    }
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      events.push({ body: JSON.parse(raw), atMs: Date.now() });
      const answer = answers.shift() ?? { status: 200 };
      setTimeout(() => {
        if (!response.destroyed) response.writeHead(answer.status).end();
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/strava/webhook`,
    events,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
