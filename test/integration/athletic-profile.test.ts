import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileFacts } from '../../src/server/features/profile/facts.ts';
import { ungroundedProfileNumbers } from '../../src/server/features/profile/llm.ts';
import type { ActivityListItem } from '../../src/shared/api/activities.ts';
import {
  athleticProfile,
  PROFILE_ACTIVITY_LIMIT,
  PROFILE_DATA_REQUIRED_MESSAGE,
  PROFILE_NOT_FOUND_MESSAGE,
  PROFILE_REFRESH_PRO_MESSAGE,
  type AthleticProfile,
} from '../../src/shared/api/athletic-profile.ts';
import { parseEventCards, parseGoalCards } from '../../src/shared/domain/profile-cards.ts';
import { promptFacts, startFakeLlm, type ChatCompletionRequest, type FakeLlm } from '../../tools/fake-llm/server.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import { llmEnv } from '../support/fake-llm.ts';
import { createClient, type TestClient } from '../support/http-client.ts';
import { useKairoWithSim } from '../support/kairo-with-sim.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { storeStravaConnection } from '../support/plans.ts';
import { connectStrava, registerAthlete, waitForJobs } from '../support/strava.ts';
import { powerRide } from '../support/recordings.ts';

const kinds = await testDatabaseKinds();
const SECTIONS = ['signatureEdge', 'athleteIdentity', 'recentImprovements', 'performanceStrengths', 'performanceLimiters'] as const;

async function accountIdOf(client: TestClient): Promise<string> {
  return (await client.get('/api/auth/user')).body.id as string;
}

function expectWholeProfile(profile: AthleticProfile): void {
  for (const section of SECTIONS) expect(profile[section].trim()).not.toBe('');
  const goals = parseGoalCards(profile.opportunitiesAhead);
  expect(goals.length).toBeGreaterThanOrEqual(2);
  expect(goals.length).toBeLessThanOrEqual(4);
}

describe.each(kinds)('the athletic profile on %s', (kind) => {
  const setup = useKairoWithSim(kind);
  let server: TestKairo;
  let athlete: TestClient;
  let accountId: string;
  const query = <Row>(text: string, params: unknown[] = []) => server.database.handle.query<Row>(text, params);
  const setPlan = (id: string, plan: string) => query('update accounts set plan = $1 where id = $2', [plan, id]);
  const storedFacts = async (id: string) => (await query<{ facts: ProfileFacts }>('select facts from athletic_profiles where account_id = $1', [id]))[0]!.facts;

  beforeAll(async () => {
    server = setup.server;
    const simulated = setup.sim.control.createAthlete({ historyDays: 28 });
    athlete = await registerAthlete(server.url);
    await connectStrava(athlete, setup.sim, simulated.id);
    await waitForJobs(server);
    accountId = await accountIdOf(athlete);
  });

  it('answers 401 to a visitor who is not signed in', async () => {
    const visitor = createClient(server.url);
    expect((await visitor.get('/api/profile')).status).toBe(401);
    expect((await visitor.post('/api/profile/generate')).status).toBe(401);
    expect((await visitor.post('/api/profile/events')).status).toBe(401);
  });

  it('is not found until generated, then written from the simulated history, numbers equal to the facts', async () => {
    const missing = await athlete.get('/api/profile');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: PROFILE_NOT_FOUND_MESSAGE });

    const generated = await athlete.post('/api/profile/generate');
    expect(generated.status).toBe(200);
    const profile = athleticProfile.parse(generated.body);
    expectWholeProfile(profile);
    expect(profile).toMatchObject({ author: 'builtin', eventsSource: null, recommendedEvents: '' });
    expect((await athlete.get('/api/profile')).body).toEqual(profile);

    // The facts are the athlete's last 30 activities, as the activity list shows them.
    const listed = ((await athlete.get(`/api/activities?limit=${PROFILE_ACTIVITY_LIMIT}`)).body as ActivityListItem[]).slice(0, PROFILE_ACTIVITY_LIMIT);
    expect(listed.length).toBeGreaterThan(5);
    const facts = await storedFacts(accountId);
    expect(profile.activityCount).toBe(listed.length);
    expect(facts.activityCount).toBe(listed.length);
    const totalHours = Math.round((listed.reduce((sum, item) => sum + item.movingTime, 0) / 3600) * 10) / 10;
    expect(facts.volume!.totalHours).toBe(totalHours);
    expect(facts.sports.reduce((sum, sport) => sum + sport.sessions, 0)).toBe(listed.length);
    expect(profile.athleteIdentity).toContain(`${facts.volume!.weeklyHours} h and ${facts.volume!.weeklySessions} sessions a week`);
    expect(ungroundedProfileNumbers({ ...profile, goals: parseGoalCards(profile.opportunitiesAhead) }, facts)).toEqual([]);
  });

  it('regenerates only on Pro-level plans', async () => {
    const before = athleticProfile.parse((await athlete.get('/api/profile')).body);
    await setPlan(accountId, 'Free');
    const refused = await athlete.post('/api/profile/generate');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: PROFILE_REFRESH_PRO_MESSAGE });
    expect((await athlete.get('/api/profile')).body).toEqual(before);

    await setPlan(accountId, 'Pro');
    const again = await athlete.post('/api/profile/generate');
    expect(again.status).toBe(200);
    const regenerated = athleticProfile.parse(again.body);
    expectWholeProfile(regenerated);
    expect(Date.parse(regenerated.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    expect(Date.parse(regenerated.generatedAt)).toBeGreaterThan(Date.parse(before.generatedAt));
  });

  it("is written again in the athlete's units after a switch to imperial: miles and feet, no km or m figure, on any plan", async () => {
    await setPlan(accountId, 'Free');
    const metric = athleticProfile.parse((await athlete.get('/api/profile')).body);
    expect(metric.athleteIdentity).toMatch(/\d km and [\d,]+ m of climbing/);
    expect((await athlete.put('/api/user/settings', { unitSystem: 'imperial' })).status).toBe(200);
    const imperial = athleticProfile.parse((await athlete.get('/api/profile')).body);
    const facts = await storedFacts(accountId);
    expect(facts.units).toBe('imperial');
    expect(imperial.athleteIdentity).toContain(`${facts.volume!.totalDistance} and ${facts.volume!.totalElevation} of climbing`);
    expect(imperial.athleteIdentity).toMatch(/\d mi and [\d,]+ ft of climbing/);
    const written = [imperial.signatureEdge, imperial.athleteIdentity, imperial.recentImprovements, imperial.performanceStrengths, imperial.performanceLimiters, imperial.opportunitiesAhead].join('\n');
    expect(written).not.toMatch(/\d\s?(km|m)\b|\/km\b/);
    // Read again in the same units, it is not written again.
    expect((await athlete.get('/api/profile')).body).toEqual(imperial);
    expect((await athlete.put('/api/user/settings', { unitSystem: 'metric' })).status).toBe(200);
    expect(athleticProfile.parse((await athlete.get('/api/profile')).body).athleteIdentity).toMatch(/\d km and/);
    await setPlan(accountId, 'Pro');
  });

  it('recommends catalogue event formats that parse, without links, and keeps them', async () => {
    const before = athleticProfile.parse((await athlete.get('/api/profile')).body);
    const answer = await athlete.post('/api/profile/events');
    expect(answer.status).toBe(200);
    const profile = athleticProfile.parse(answer.body);
    expect(profile.eventsSource).toBe('catalogue');
    expect(Date.parse(profile.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    const events = parseEventCards(profile.recommendedEvents);
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events.length).toBeLessThanOrEqual(4);
    for (const event of events) {
      expect(event.link).toBeNull();
      expect(event.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Date.parse(event.date)).toBeGreaterThan(Date.now());
      expect(event.location).toBe('an edition near you');
    }
    expect((await athlete.get('/api/profile')).body).toEqual(profile);
  });

  it('needs training data: Strava connected, or activity files imported (ADR 0017)', async () => {
    const uploader = await registerAthlete(server.url);
    const refused = await uploader.post('/api/profile/generate');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: PROFILE_DATA_REQUIRED_MESSAGE });
    expect((await uploader.get('/api/profile')).status).toBe(404);

    expect((await uploader.upload('/api/imports', 'ride.fit', powerRide().bytes)).status).toBe(201);
    await waitForJobs(server);
    const generated = await uploader.post('/api/profile/generate');
    expect(generated.status).toBe(200);
    expect(athleticProfile.parse(generated.body).activityCount).toBe(1);
  });

  it("keeps each account's profile to itself; an athlete without activities gets an honest, short one", async () => {
    const mine = (await athlete.get('/api/profile')).body;
    const other = await registerAthlete(server.url);
    // Connected to Strava, with nothing recorded there yet.
    await connectStrava(other, setup.sim, setup.sim.control.createAthlete({ history: 'empty' }).id);
    await waitForJobs(server);
    expect((await other.get('/api/profile')).status).toBe(404);
    const events = await other.post('/api/profile/events');
    expect(events.status).toBe(404);
    expect(events.body).toEqual({ message: PROFILE_NOT_FOUND_MESSAGE });

    const own = athleticProfile.parse((await other.post('/api/profile/generate')).body);
    expectWholeProfile(own);
    expect(own.activityCount).toBe(0);
    expect(own.signatureEdge).toContain('no activities of yours');
    expect(own.athleteIdentity).not.toMatch(/\d+(\.\d+)? h/);
    expect((await athlete.get('/api/profile')).body).toEqual(mine);
    expect((await other.get('/api/profile')).body).toEqual(own);
  });

  it('stores one profile when two first generations race, and a Free account does not get a second', async () => {
    const racer = await registerAthlete(server.url);
    await storeStravaConnection(server, racer);
    await setPlan(await accountIdOf(racer), 'Free');
    const answers = await Promise.all([racer.post('/api/profile/generate'), racer.post('/api/profile/generate')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
    const rows = await query<{ n: number }>('select count(*)::int as n from athletic_profiles where account_id = $1', [await accountIdOf(racer)]);
    expect(rows[0]!.n).toBe(1);
  });

  it('writes a profile read before the history was scored again once it is, on a Free account too', async () => {
    const simulated = setup.sim.control.createAthlete({ historyDays: 28 });
    const newcomer = await registerAthlete(server.url);
    await connectStrava(newcomer, setup.sim, simulated.id);
    await waitForJobs(server);
    const id = await accountIdOf(newcomer);
    await setPlan(id, 'Free');
    // As right after a backfill: the activities are in, their metrics (and so the fitness series) not yet.
    await query('delete from activity_metrics where user_id = $1', [id]);
    await query('delete from fitness_days where user_id = $1', [id]);

    const early = athleticProfile.parse((await newcomer.post('/api/profile/generate')).body);
    expect(early.historyPending).toBe(true);
    expect((await storedFacts(id)).recent.fitness).toBeNull();
    expect((await newcomer.post('/api/profile/generate')).status).toBe(403);

    const metricsOfHistory = server.kairo.jobs.get('metrics.account')!;
    await server.kairo.queue.send(metricsOfHistory, { accountId: id }, { singletonKey: id });
    await waitForJobs(server);
    const complete = athleticProfile.parse((await newcomer.get('/api/profile')).body);
    expect(complete.historyPending).toBe(false);
    expect(Date.parse(complete.generatedAt)).toBeGreaterThan(Date.parse(early.generatedAt));
    expect((await storedFacts(id)).recent.fitness).toMatchObject({ ctl: expect.any(Number) });
    expect((await storedFacts(id)).recent.fitness!.ctl).toBeGreaterThan(0);
  });

  it('is written complete at once when the history is already scored', async () => {
    expect(athleticProfile.parse((await athlete.get('/api/profile')).body).historyPending).toBe(false);
  });
});

describe.each(kinds)('the athletic profile written by the LLM on %s', (kind) => {
  let fake: FakeLlm;
  let server: TestKairo;
  let athlete: TestClient;

  beforeAll(async () => {
    fake = await startFakeLlm();
    server = await startTestKairo(kind, llmEnv(fake));
    athlete = await registerAthlete(server.url);
    expect((await athlete.upload('/api/imports', 'ride.fit', powerRide().bytes)).status).toBe(201);
    await waitForJobs(server);
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  /** A profile that quotes the facts the model was shown. */
  const grounded = (request: ChatCompletionRequest, invented = '') => {
    const facts = promptFacts(request) as unknown as ProfileFacts;
    return {
      signatureEdge: `Consistency across ${facts.activityCount} activities.${invented}`,
      athleteIdentity: `A cyclist with ${facts.volume!.totalHours} h in this window.`,
      recentImprovements: 'Too short a history to compare.',
      performanceStrengths: `- ${facts.volume!.totalDistance} ridden.`,
      performanceLimiters: '- Few sessions so far.',
      goals: [
        { goal: 'Ride 100 km', why: `Your longest ride is ${facts.longestRideKm} km; 100 km is next.`, timeframe: '10 weeks', kind: 'cycling', distance: '100 km', elevation: null },
        { goal: 'Train three times a week', why: 'A steady rhythm first.', timeframe: '6 weeks', kind: null, distance: null, elevation: null },
      ],
    };
  };

  it("stores the model's grounded answer as author 'llm', and falls back to the built-in writer on an invented number", async () => {
    fake.script({ kind: 'json-from', make: (request) => grounded(request) });
    const before = fake.requests.length;
    const written = athleticProfile.parse((await athlete.post('/api/profile/generate')).body);
    expect(fake.requests.length - before).toBe(1);
    const request = fake.requests.at(-1)!;
    expect(JSON.stringify(request.messages)).toContain('athlete');
    const expected = grounded(request);
    expect(written).toMatchObject({ author: 'llm', signatureEdge: expected.signatureEdge, activityCount: 1 });
    expect(parseGoalCards(written.opportunitiesAhead).map((goal) => goal.goal)).toEqual(['Ride 100 km', 'Train three times a week']);

    const invented = (request: ChatCompletionRequest) => grounded(request, ' You hold 987 W for an hour.');
    fake.script({ kind: 'json-from', make: invented }, { kind: 'json-from', make: invented });
    const fallback = athleticProfile.parse((await athlete.post('/api/profile/generate')).body);
    expect(fake.requests.length - before).toBe(3);
    expect(fallback.author).toBe('builtin');
    expect(fallback.signatureEdge).not.toContain('987');
    expectWholeProfile(fallback);
  });
});
