import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { morningFitness } from '../../src/metrics/fitness.ts';
import { API_TOKEN_REQUESTS_PER_MINUTE, createdApiToken, type ApiTokenScope } from '../../src/shared/api/api-tokens.ts';
import type { RunningStravaSim } from '../../tools/strava-sim/sim.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import type { TestClient } from '../support/http-client.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { useKairoWithSim } from '../support/kairo-with-sim.ts';
import { springBasePlan } from '../support/plans.ts';
import { daysBeforeToday, powerRide, sameRun } from '../support/recordings.ts';
import { connectStrava, registerAthlete, waitForJobs } from '../support/strava.ts';
import { uploadActivityFile } from '../support/uploads.ts';

const kinds = await testDatabaseKinds();
const TOOLS = ['active_plan', 'ask_kai', 'best_power_curve', 'fitness_series', 'get_activity', 'list_activities', 'readiness'];
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

async function makeToken(browser: TestClient, scopes: ApiTokenScope[]): Promise<string> {
  const made = await browser.post('/api/api-tokens', { name: `mcp ${scopes.join(' ')}`, scopes });
  expect(made.status, made.text).toBe(201);
  return createdApiToken.parse(made.body).token;
}

/** Every request and response body an MCP client exchanged with the server, as sent on the wire. */
interface Wire {
  requests: string[];
  responses: string[];
}

/** The SDK's own client over Streamable HTTP, with the token, recording the raw bodies. */
async function connectClient(url: string, token: string): Promise<{ client: Client; wire: Wire }> {
  const wire: Wire = { requests: [], responses: [] };
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', url), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
    fetch: async (input, init) => {
      if (typeof init?.body === 'string') wire.requests.push(init.body);
      const response = await fetch(input, init);
      wire.responses.push(await response.clone().text());
      return response;
    },
  });
  const client = new Client({ name: 'kairo-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, wire };
}

/** A tool's structured answer; fails on a tool error, showing its text. */
async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<any> {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent;
}

const postMcp = (url: string, headers: Record<string, string>) =>
  fetch(new URL('/mcp', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(INITIALIZE),
  });

describe.each(kinds)('The MCP server on %s', (kind) => {
  let server: TestKairo;
  let athlete: TestClient;
  let rideId: string;
  let runId: string;
  let otherRideId: string;
  let token: string;

  beforeAll(async () => {
    server = await startTestKairo(kind);
    athlete = await registerAthlete(server.url);
    rideId = await uploadActivityFile(athlete, 'ride.fit', powerRide(daysBeforeToday(3)).bytes);
    runId = await uploadActivityFile(athlete, 'run.fit', sameRun('fit', daysBeforeToday(1)).bytes);
    expect((await athlete.post('/api/training-plans', springBasePlan)).status).toBe(201);
    expect((await athlete.put(`/api/wellness/${daysBeforeToday(0).toISOString().slice(0, 10)}`, { sleepHours: 7.5, hrvRmssdMs: 61 })).status).toBe(200);
    const other = await registerAthlete(server.url);
    otherRideId = await uploadActivityFile(other, 'ride.fit', powerRide(daysBeforeToday(2)).bytes);
    await waitForJobs(server);
    token = await makeToken(athlete, ['read']);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it('initializes and lists its tools over Streamable HTTP with a read token', async () => {
    const { client } = await connectClient(server.url, token);
    expect(client.getServerVersion()?.name).toBe('kairo');
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name).sort();
    expect(names).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.outputSchema, tool.name).toBeDefined();
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
    }
    await client.close();
  });

  it("answers each tool from the athlete's uploaded files, leaving nothing out", async () => {
    const { client } = await connectClient(server.url, token);

    const list = await call(client, 'list_activities');
    expect(list.activities.map((entry: { id: string }) => entry.id)).toEqual([runId, rideId]);
    expect(list).toMatchObject({ total: 2, nextOffset: null, leftOut: [] });
    expect(list.activities[1]).toMatchObject({ sport: 'ride', source: 'file' });
    expect(list.activities[1].averagePowerW).toBeGreaterThan(100);
    const paged = await call(client, 'list_activities', { limit: 1, sport: 'ride' });
    expect(paged).toMatchObject({ total: 1, nextOffset: null });
    expect((await call(client, 'list_activities', { limit: 1 })).nextOffset).toBe(1);

    const ride = await call(client, 'get_activity', { activityId: rideId });
    expect(ride.activity).toMatchObject({ id: rideId, source: 'file' });
    expect(ride.metrics.normalizedPowerW).toBeGreaterThan(100);
    expect(ride.metrics.trainingLoad).toBeGreaterThan(0);
    expect(ride.laps.length).toBeGreaterThan(0);
    expect(ride.leftOut).toEqual([]);
    const detail = (await athlete.get(`/api/activities/${rideId}`)).body;
    expect(ride.metrics.normalizedPowerW).toBe(detail.metrics.normalizedPowerW);

    const fitness = await call(client, 'fitness_series', { days: 14 });
    expect(fitness.days).toHaveLength(14);
    expect(fitness.computedFrom).toBe('every-activity');
    expect(fitness.days).toEqual((await athlete.get('/api/fitness?days=14')).body);
    // Its words say the day as Home does: that morning's whole figures, form their difference.
    const lastDay = fitness.days.at(-1);
    const home = morningFitness(lastDay);
    const words = JSON.stringify((await client.callTool({ name: 'fitness_series', arguments: { days: 14 } })).content);
    const signedForm = home.form > 0 ? `+${home.form}` : String(home.form);
    expect(words).toContain(`On the morning of ${lastDay.date}: fitness ${home.fitness}, fatigue ${home.fatigue}, form ${signedForm}.`);

    const curve = await call(client, 'best_power_curve', { days: 30 });
    const appCurve = (await athlete.get('/api/power-curve/best?days=30')).body;
    expect(curve.activityCount).toBe(1);
    expect(curve.points.map((point: { watts: number }) => point.watts)).toEqual(appCurve.watts);
    expect(curve.criticalPower).toEqual(appCurve.criticalPower);

    const plan = await call(client, 'active_plan', { days: 7 });
    expect(plan.plans).toHaveLength(1);
    expect(plan.plans[0].name).toContain('Spring base');
    expect(plan.days).toHaveLength(7);
    expect(plan.days.some((day: { session: unknown }) => day.session !== null)).toBe(true);
    expect(plan.leftOut).toEqual([]);

    const readiness = await call(client, 'readiness');
    expect(readiness.date).toBe(daysBeforeToday(0).toISOString().slice(0, 10));
    expect(readiness.inputs.map((input: { key: string }) => input.key)).toEqual(expect.arrayContaining(['sleep']));
    expect(readiness.state).not.toBeNull();
    expect(readiness.leftOut).toEqual([]);

    const kai = await call(client, 'ask_kai', { question: 'What is my best 5-minute power?' });
    expect(kai.coach).toBe('built-in');
    expect(kai.facts.length).toBeGreaterThan(0);
    for (const fact of kai.facts) {
      expect(fact.provenance).not.toContain('strava');
      expect(kai.answer).toContain(fact.text);
    }
    expect(kai.leftOut).toEqual([]);

    const text = await client.callTool({ name: 'list_activities', arguments: {} });
    expect((text.content as { type: string; text: string }[])[0]!.text).toMatch(/^2 activities from /);
    await client.close();
  });

  it("answers another account's activity as not found, and refuses bad input", async () => {
    const { client } = await connectClient(server.url, token);
    const foreign = await client.callTool({ name: 'get_activity', arguments: { activityId: otherRideId } });
    expect(foreign.isError).toBe(true);
    expect(JSON.stringify(foreign.content)).toContain('Activity not found');
    const bad = await client.callTool({ name: 'list_activities', arguments: { limit: 1000 } });
    expect(bad.isError).toBe(true);
    await client.close();
  });

  it('refuses a request without a token (401), with a wrong one (401) and with a token lacking "read" (403)', async () => {
    const none = await postMcp(server.url, {});
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect((await none.json()).message).toMatch(/personal access token/);

    const wrong = await postMcp(server.url, { authorization: 'Bearer kairo_pat_' + 'x'.repeat(43) });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');

    const writer = await makeToken(athlete, ['write:wellness']);
    const forbidden = await postMcp(server.url, { authorization: `Bearer ${writer}` });
    expect(forbidden.status).toBe(403);
    expect((await forbidden.json()).message).toBe('This API token lacks the "read" scope that /mcp needs');

    // A signed-in browser's cookie is no credential here.
    const cookie = [...athlete.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    expect((await postMcp(server.url, { cookie })).status).toBe(401);

    const ok = await postMcp(server.url, { authorization: `Bearer ${token}` });
    expect(ok.status).toBe(200);
    expect((await ok.json()).result.serverInfo.name).toBe('kairo');
    expect((await fetch(new URL('/mcp', server.url))).status).toBe(405);
  });

  it("counts against the token's own rate limit, as on /api", async () => {
    const limited = await makeToken(athlete, ['read']);
    for (let sent = 0; sent < API_TOKEN_REQUESTS_PER_MINUTE; sent++) {
      expect((await postMcp(server.url, { authorization: `Bearer ${limited}` })).status).toBe(200);
    }
    const over = await postMcp(server.url, { authorization: `Bearer ${limited}` });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another token of the same account has its own count.
    expect((await postMcp(server.url, { authorization: `Bearer ${token}` })).status).toBe(200);
  });
});

describe.each(kinds.slice(0, 1).flatMap((kind) => [[kind, 'strict'], [kind, 'relaxed']] as const))(
  'The MCP server keeps Strava data out on %s under the %s policy',
  (kind, policy) => {
    const setup = useKairoWithSim(kind, { env: { STRAVA_DATA_POLICY: policy } });
    let sim: RunningStravaSim;
    let server: TestKairo;

    beforeAll(() => {
      ({ sim, server } = setup);
    });

    it('sends no Strava activity id, name or figure, and says what it left out', async () => {
      const stravaAthlete = sim.control.createAthlete({ historyDays: 14 });
      const browser = await registerAthlete(server.url);
      await connectStrava(browser, sim, stravaAthlete.id);
      await waitForJobs(server);
      const ownRideId = await uploadActivityFile(browser, 'own.fit', powerRide(daysBeforeToday(2, 5)).bytes);
      await waitForJobs(server);
      const strava = sim.control.activities(stravaAthlete.id) as { id: number; name: string; distance: number }[];
      expect(strava.length).toBeGreaterThan(3);
      const stravaRows = await server.database.handle.query<{ id: string }>(`select id from activities where source = 'strava'`);
      expect(stravaRows.length).toBeGreaterThan(3);
      const token = await makeToken(browser, ['read']);

      const { client, wire } = await connectClient(server.url, token);
      const list = await call(client, 'list_activities', { limit: 100 });
      expect(list.activities.map((entry: { id: string }) => entry.id)).toEqual([ownRideId]);
      expect(list.leftOut.join(' ')).toMatch(/^\d+ activities synced from Strava are not shared here .*import your Strava export archive \(Settings → Import\)/);
      const own = await call(client, 'get_activity', { activityId: ownRideId });
      expect(own.metrics.normalizedPowerW).toBeGreaterThan(100);
      const refused = await client.callTool({ name: 'get_activity', arguments: { activityId: stravaRows[0]!.id } });
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.content)).toContain('synced from Strava, so it is not shared here');

      const fitness = await call(client, 'fitness_series', { days: 30 });
      expect(fitness.computedFrom).toBe('own-activities');
      expect(fitness.leftOut[0]).toMatch(/are left out: this series is computed from your own activities only/);
      const ownLoad = own.metrics.trainingLoad as number;
      expect(fitness.days.reduce((sum: number, day: { load: number }) => sum + day.load, 0)).toBeCloseTo(ownLoad, 6);

      const curve = await call(client, 'best_power_curve', { days: 30 });
      expect(curve.activityCount).toBe(1);
      expect(curve.leftOut[0]).toMatch(/synced from Strava are not shared here/);

      const plan = await call(client, 'active_plan');
      expect(plan.days).toEqual([]);
      expect(plan.leftOut[0]).toMatch(/Your plan and its sessions are not shared here/);

      const kai = await call(client, 'ask_kai', { question: 'How is my fitness?' });
      expect(kai).toMatchObject({ answer: null, facts: [], sources: [] });
      expect(kai.leftOut[0]).toMatch(/Kai's answer is not shared here/);

      const readiness = await call(client, 'readiness');
      expect(readiness.inputs.map((input: { key: string }) => input.key)).not.toContain('form');
      expect(readiness.state).toBeNull();
      expect(readiness.leftOut[0]).toMatch(/Your form .* left out/);
      await client.close();

      const requests = wire.requests.join('\n');
      const responses = wire.responses.join('\n');
      const ownNames = new Set(list.activities.map((entry: { name: string }) => entry.name));
      for (const activity of strava) {
        for (const body of [requests, responses]) {
          expect(body).not.toMatch(new RegExp(`\\b${activity.id}\\b`));
          if (!ownNames.has(activity.name)) expect(body).not.toContain(activity.name);
          if (activity.distance > 0) expect(body).not.toMatch(new RegExp(`:${activity.distance}[,}]`));
        }
      }
      for (const row of stravaRows.slice(1)) expect(responses).not.toContain(row.id);
      expect(responses).toContain('synced from Strava are not shared here');
    }, 120_000);
  },
);
