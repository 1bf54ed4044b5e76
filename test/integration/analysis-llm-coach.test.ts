import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COACH_NOTES } from '../../src/server/features/analysis/coach/llm.ts';
import { analysisView, type AnalysisView } from '../../src/shared/api/analysis.ts';
import { kaiAnswer, promptFacts, startFakeLlm, type FakeLlm } from '../../tools/fake-llm/server.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import { llmEnv } from '../support/fake-llm.ts';
import type { TestClient } from '../support/http-client.ts';
import { type TestKairo } from '../support/kairo.ts';
import { startWithUploads } from '../support/uploads.ts';
import { createEventPlanAround, storeStravaConnection } from '../support/plans.ts';
import { powerRide } from '../support/recordings.ts';

const kinds = await testDatabaseKinds();


describe.each(kinds)("Kai's LLM coach on %s", (kind) => {
  let fake: FakeLlm;
  let server: TestKairo;
  let athlete: TestClient;
  let rideId: string;
  beforeAll(async () => {
    fake = await startFakeLlm();
    ({ server, athlete, ids: [rideId] } = await startWithUploads(kind, [['ride.fit', powerRide().bytes]], llmEnv(fake)));
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  const analysis = async (activityId = rideId): Promise<AnalysisView> =>
    analysisView.parse((await athlete.get(`/api/activities/${activityId}/analysis`)).body);
  const setStyle = async (coachingStyle: string, systemPrompt?: string): Promise<AnalysisView> => {
    const response = await athlete.put(`/api/activities/${rideId}/analysis/coaching-style`, { coachingStyle, systemPrompt });
    expect(response.status).toBe(200);
    return analysisView.parse(response.body);
  };
  /** Runs `act` and returns the model requests it caused. */
  const requestsDuring = async <T>(act: () => Promise<T>) => {
    const before = fake.requests.length;
    const result = await act();
    return { result, requests: fake.requests.slice(before) };
  };

  it("stores the model's answer as coach 'llm' when it is valid, from one request without tools", async () => {
    // The analysis job asked the model once, as soon as the ride's metrics were in.
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({ model: 'fake-coach', response_format: { type: 'json_schema' } });
    expect(request!.tools).toBeUndefined();
    expect(JSON.stringify(request)).toContain('Coaching style: Performance.');

    const stored = await analysis();
    const { nextSession, ...sections } = kaiAnswer(request!);
    expect(stored).toMatchObject({ ...sections, nextSession, coach: 'llm', coachNote: null, coachingStyle: 'performance' });
    expect(stored.summary).toMatch(/^Distance \d+\.\d km, moving time /);

    const { result: custom, requests } = await requestsDuring(() => setStyle('custom', 'Focus on climbing.'));
    expect(requests).toHaveLength(1);
    expect(JSON.stringify(requests[0])).toContain('Focus on climbing.');
    expect(custom).toMatchObject({ coach: 'llm', coachNote: null, coachingStyle: 'custom', systemPrompt: 'Focus on climbing.' });
  });

  it('retries a malformed or schema-breaking answer once, then lets the built-in coach write with a note', async () => {
    fake.script({ kind: 'malformed' }, { kind: 'schema-invalid' });
    const { result: fallback, requests } = await requestsDuring(() => setStyle('chill'));
    expect(requests).toHaveLength(2);
    expect(fallback).toMatchObject({ coach: 'builtin', coachNote: COACH_NOTES.unusable, coachingStyle: 'chill' });
    expect(fallback.recovery).toMatch(/Listen to your body/);
    expect(await analysis()).toEqual(fallback);

    fake.script({ kind: 'malformed' });
    const { result: retried, requests: again } = await requestsDuring(() => setStyle('performance'));
    expect(again).toHaveLength(2);
    expect(retried).toMatchObject({ coach: 'llm', coachNote: null, coachingStyle: 'performance' });
  });

  it('refuses an answer that quotes a number the model was not given', async () => {
    const invented = (request: Parameters<typeof kaiAnswer>[0]) => ({ ...kaiAnswer(request), summary: 'You averaged 987 W for the whole ride.' });
    fake.script({ kind: 'json-from', make: invented }, { kind: 'json-from', make: invented });
    const { result, requests } = await requestsDuring(() => setStyle('marginal_gains'));
    expect(requests).toHaveLength(2);
    expect(result).toMatchObject({ coach: 'builtin', coachNote: COACH_NOTES.unusable });
    expect(result.summary).not.toContain('987');
  });

  it('falls back on a timeout without waiting longer or losing the athlete’s choice, and recovers on the next write', async () => {
    fake.script({ kind: 'slow', delayMs: 60_000 });
    const { result, requests } = await requestsDuring(async () => {
      const response = await athlete.put(`/api/activities/${rideId}/analysis/activity-detail`, {
        activityDetailType: 'custom-note',
        activityDetailNote: 'Windy day',
      });
      expect(response.status).toBe(200);
      return analysisView.parse(response.body);
    });
    // One deadline for all attempts: a model that timed out is not asked again.
    expect(requests).toHaveLength(1);
    expect(result).toMatchObject({ coach: 'builtin', coachNote: COACH_NOTES.timeout, activityDetailType: 'custom-note', activityDetailNote: 'Windy day' });
    expect(result.feedback).toContain('You told me: “Windy day”');
    expect(await analysis()).toEqual(result);

    const refreshed = await athlete.post(`/api/activities/${rideId}/analysis/refresh`);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ coach: 'llm', coachNote: null, activityDetailType: 'custom-note', activityDetailNote: 'Windy day' });
  });

  it('falls back when the model answers 500 twice', async () => {
    fake.script({ kind: 'status', status: 500 }, { kind: 'status', status: 500 });
    const { result, requests } = await requestsDuring(() => setStyle('chill'));
    expect(requests).toHaveLength(2);
    expect(result).toMatchObject({ coach: 'builtin', coachNote: COACH_NOTES.unavailable, coachingStyle: 'chill' });
    const rows = await server.database.handle.query<{ coach: string; coach_note: string | null }>(
      'select coach, coach_note from analyses where activity_id = $1',
      [rideId],
    );
    expect(rows).toEqual([{ coach: 'builtin', coach_note: COACH_NOTES.unavailable }]);
  });

  it("gives the model the active plan's phase, week and time to the event, and grounds its answer in them", async () => {
    await storeStravaConnection(server, athlete);
    const { startDate } = (await athlete.get(`/api/activities/${rideId}`)).body;
    await createEventPlanAround(server, athlete, startDate);
    const { result, requests } = await requestsDuring(() => analysis());
    expect(requests).toHaveLength(1);
    const facts = promptFacts(requests[0]!);
    expect(facts.activePlan).toMatchObject({
      name: 'Gran Fondo Stelvio',
      standing: 'running',
      totalWeeks: '11',
      weekOfPlan: '3',
      phase: { key: 'base', name: 'Base', weekOfPhase: '3', weeks: '5' },
      target: { label: 'the event', timeLeft: '9 weeks' },
    });
    // This server runs the relaxed policy (no Strava app configured): the plan's volumes enter too;
    // under the strict one they are withheld (unit: analysis-llm-prompt.test.ts).
    expect(facts.activePlan).toMatchObject({ volume: { weeklyFocus: expect.stringMatching(/^Mostly zone 2/) } });
    expect(result).toMatchObject({ coach: 'llm', coachNote: null });
    expect(result.trainingPlanProgress).toBe('“Gran Fondo Stelvio”: week 3 of 5 of the Base phase, 9 weeks to the event.');
  });
});

