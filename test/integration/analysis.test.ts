import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisView, type AnalysisView } from '../../src/shared/api/analysis.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import { createClient, type TestClient } from '../support/http-client.ts';
import { type TestKairo } from '../support/kairo.ts';
import { registerAthlete, waitForJobs } from '../support/strava.ts';
import { startWithUploads, uploadActivityFile } from '../support/uploads.ts';
import { createEventPlanAround, storeStravaConnection } from '../support/plans.ts';
import { powerRide, sameRun } from '../support/recordings.ts';

const kinds = await testDatabaseKinds();

const SECTIONS = ['subjectLine', 'executiveSummary', 'feedback', 'summary', 'recovery', 'trainingPlanProgress', 'nextActivity'] as const;
const allText = (analysis: AnalysisView) => SECTIONS.map((section) => analysis[section]).join('\n');

describe.each(kinds)("Kai's activity analysis on %s", (kind) => {
  let server: TestKairo;
  let athlete: TestClient;
  let rideId: string;
  let runId: string;
  beforeAll(async () => {
    ({ server, athlete, ids: [rideId, runId] } = await startWithUploads(kind, [
      ['ride.fit', powerRide().bytes],
      ['run.fit', sameRun('fit').bytes],
    ]));
  });
  afterAll(async () => {
    await server?.close();
  });

  const storedAnalyses = (activityId: string) =>
    server.database.handle.query<{ coaching_style: string }>('select coaching_style from analyses where activity_id = $1', [activityId]);

  it("writes each activity's analysis once its metrics are in, from the activity's own numbers", async () => {
    // The metrics job's completion queued the analysis job: both are written before anyone asks.
    expect(await storedAnalyses(rideId)).toEqual([{ coaching_style: 'performance' }]);
    expect(await storedAnalyses(runId)).toHaveLength(1);

    const ride = (await athlete.get(`/api/activities/${rideId}`)).body;
    const response = await athlete.get(`/api/activities/${rideId}/analysis`);
    expect(response.status).toBe(200);
    const analysis = analysisView.parse(response.body);
    for (const section of SECTIONS) expect(analysis[section].trim().length).toBeGreaterThan(0);
    expect(analysis).toMatchObject({ activityId: rideId, coachingStyle: 'performance', systemPrompt: null, coach: 'builtin', coachNote: null, activityDetailType: null });
    expect(analysis.summary).toContain(`${(ride.distance / 1000).toFixed(1)} km`);
    expect(analysis.summary).toContain(`normalized ${Math.round(ride.metrics.normalizedPowerW)} W`);
    expect(analysis.summary).toContain(`max ${Math.round(ride.metrics.maxPowerW)} W`);
    expect(analysis.summary).toContain(`${Math.round(ride.averageHeartrate)} bpm`);
    expect(analysis.trainingPlanProgress).toMatch(/You do not have an active training plan yet/);
    expect(analysis.nextActivity).toContain(analysis.nextSession.title);
    expect(analysis.nextSession.sport).toBe('ride');
    expect(analysis.nextSession.totalDurationS).toBeGreaterThan(0);

    const run = (await athlete.get(`/api/activities/${runId}`)).body;
    const runAnalysis = analysisView.parse((await athlete.get(`/api/activities/${runId}/analysis`)).body);
    expect(runAnalysis.summary).toContain(`${(run.distance / 1000).toFixed(1)} km`);
    const paceS = Math.round(run.movingTime / (run.distance / 1000));
    expect(runAnalysis.summary).toContain(`${Math.floor(paceS / 60)}:${String(paceS % 60).padStart(2, '0')} /km`);
    expect(runAnalysis.nextSession.sport).toBe('run');
  });

  it('writes the analysis on the first request when none is stored', async () => {
    await server.database.handle.query('delete from analyses where activity_id = $1', [runId]);
    const response = await athlete.get(`/api/activities/${runId}/analysis`);
    expect(response.status).toBe(200);
    expect(response.body.activityId).toBe(runId);
    expect(await storedAnalyses(runId)).toHaveLength(1);
  });

  it('computes the metrics of an activity the background jobs have not reached before its first analysis', async () => {
    await server.database.handle.query('delete from analyses where activity_id = $1', [rideId]);
    await server.database.handle.query('delete from activity_metrics where activity_id = $1', [rideId]);
    const analysis = analysisView.parse((await athlete.get(`/api/activities/${rideId}/analysis`)).body);
    expect(analysis.feedback).not.toMatch(/still being computed/);
    const ride = (await athlete.get(`/api/activities/${rideId}`)).body;
    expect(ride.metrics.normalizedPowerW).toBeGreaterThan(0);
    expect(analysis.summary).toContain(`normalized ${Math.round(ride.metrics.normalizedPowerW)} W`);
  });

  it('rewrites the analysis in the chosen coaching style and refuses a custom style without instructions', async () => {
    const before = analysisView.parse((await athlete.get(`/api/activities/${rideId}/analysis`)).body);
    const chill = await athlete.put(`/api/activities/${rideId}/analysis/coaching-style`, { coachingStyle: 'chill' });
    expect(chill.status).toBe(200);
    expect(chill.body).toMatchObject({ coachingStyle: 'chill', systemPrompt: null });
    expect(chill.body.coachingStyleUpdatedAt).not.toBeNull();
    expect(allText(chill.body)).not.toBe(allText(before));
    expect(chill.body.recovery).toMatch(/Listen to your body/);
    expect(await storedAnalyses(rideId)).toEqual([{ coaching_style: 'chill' }]);

    for (const [body, message] of [
      [{ coachingStyle: 'custom' }, 'The custom coaching style needs your instructions: systemPrompt must not be blank'],
      [{ coachingStyle: 'custom', systemPrompt: '   ' }, 'The custom coaching style needs your instructions: systemPrompt must not be blank'],
      [{ coachingStyle: 'relaxed' }, 'coachingStyle must be one of: chill, performance, marginal_gains, custom'],
      [{}, 'coachingStyle must be one of: chill, performance, marginal_gains, custom'],
    ] as const) {
      const refused = await athlete.put(`/api/activities/${rideId}/analysis/coaching-style`, body);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ message });
    }
    expect((await athlete.get(`/api/activities/${rideId}/analysis`)).body).toEqual(chill.body);

    const custom = await athlete.put(`/api/activities/${rideId}/analysis/coaching-style`, {
      coachingStyle: 'custom',
      systemPrompt: '  Focus on climbing. Keep it short.  ',
    });
    expect(custom.status).toBe(200);
    expect(custom.body).toMatchObject({ coachingStyle: 'custom', systemPrompt: 'Focus on climbing. Keep it short.' });
    expect(custom.body.feedback).toMatch(/Climbing, your focus/);

    const marginal = await athlete.put(`/api/activities/${rideId}/analysis/coaching-style`, {
      coachingStyle: 'marginal_gains',
      systemPrompt: 'only for custom',
    });
    expect(marginal.body).toMatchObject({ coachingStyle: 'marginal_gains', systemPrompt: null });
  });

  it('sets, replaces and clears the ride detail, and refuses an unknown type', async () => {
    const spin = await athlete.put(`/api/activities/${rideId}/analysis/activity-detail`, { activityDetailType: 'recovery-spin' });
    expect(spin.status).toBe(200);
    expect(spin.body).toMatchObject({ activityDetailType: 'recovery-spin', activityDetailNote: null });
    expect(spin.body.feedback).toMatch(/Recovery Spin/);

    const note = await athlete.put(`/api/activities/${rideId}/analysis/activity-detail`, {
      activityDetailType: 'custom-note',
      activityDetailNote: '  Windy day, legs heavy  ',
    });
    expect(note.body).toMatchObject({ activityDetailType: 'custom-note', activityDetailNote: 'Windy day, legs heavy' });
    expect(note.body.feedback).toContain('You told me: “Windy day, legs heavy”');

    for (const [body, message] of [
      [{ activityDetailType: 'tempo-ride' }, expect.stringMatching(/^activityDetailType must be one of: time-crunch, .*, or null$/)],
      [{}, expect.stringMatching(/^activityDetailType must be one of/)],
      [{ activityDetailType: 'custom-note', activityDetailNote: 42 }, 'activityDetailNote must be text'],
    ] as const) {
      const refused = await athlete.put(`/api/activities/${rideId}/analysis/activity-detail`, body);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ message });
    }
    expect((await athlete.get(`/api/activities/${rideId}/analysis`)).body).toEqual(note.body);

    const cleared = await athlete.put(`/api/activities/${rideId}/analysis/activity-detail`, { activityDetailType: null, activityDetailNote: 'x' });
    expect(cleared.body).toMatchObject({ activityDetailType: null, activityDetailNote: null });
    expect(cleared.body.feedback).not.toMatch(/You told me/);
  });

  it('accepts exactly 5 refreshes per 10 minutes per account, even in parallel', async () => {
    const refreshing = await registerAthlete(server.url);
    const activityId = await uploadActivityFile(refreshing, 'run.fit', sameRun('fit').bytes);
    await waitForJobs(server);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, k) =>
        refreshing.post(`/api/activities/${activityId}/analysis/refresh`, k === 0 ? { activityDetailType: 'time-crunch' } : undefined),
      ),
    );
    const limited = answers.filter((answer) => answer.status === 429);
    // Every refresh the limit lets through is written, however they interleave (none ends in a conflict).
    expect(answers.map((answer) => answer.status).sort(), JSON.stringify(answers.filter((answer) => answer.status >= 400 && answer.status !== 429).map((answer) => answer.body))).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
    for (const answer of limited) {
      expect(answer.body.message).toMatch(/^Rate limit reached\. Try again in 10 minutes\.$/);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(590);
    }
    const refusedBody = await refreshing.post(`/api/activities/${activityId}/analysis/refresh`, { activityDetailNote: 'no type' });
    expect(refusedBody.status).toBe(400);
    expect(refusedBody.body).toEqual({ message: 'activityDetailNote needs an activityDetailType' });
    // Another account has its own five.
    expect((await athlete.post(`/api/activities/${runId}/analysis/refresh`, { activityDetailType: 'structured-workout' })).body).toMatchObject({
      activityDetailType: 'structured-workout',
    });
  });

  it("names the active plan's phase and week, follows the plan as it is toggled and deleted, and never reads another account's plan", async () => {
    const planner = await registerAthlete(server.url);
    const activityId = await uploadActivityFile(planner, 'ride.fit', powerRide().bytes);
    await waitForJobs(server);
    await storeStravaConnection(server, planner);
    const read = async () => analysisView.parse((await planner.get(`/api/activities/${activityId}/analysis`)).body);
    expect((await read()).trainingPlanProgress).toMatch(/You do not have an active training plan yet/);

    const { startDate } = (await planner.get(`/api/activities/${activityId}`)).body;
    const planId = await createEventPlanAround(server, planner, startDate);
    const planned = await read();
    expect(planned.trainingPlanProgress).toMatch(/^“Gran Fondo Stelvio”: week 3 of 5 of the Base phase, 9 weeks to the event\. The phase's objective: build aerobic capacity/);
    const [stored] = await server.database.handle.query<{ facts: { activePlans: { name: string; standing: string }[] } }>(
      'select facts from analyses where activity_id = $1',
      [activityId],
    );
    expect(stored!.facts.activePlans).toMatchObject([{ name: 'Gran Fondo Stelvio', standing: 'running' }]);
    // Read again: nothing changed, so the stored analysis answers.
    expect((await read()).generatedAt).toBe(planned.generatedAt);

    // Another account's plan changes nothing here, and never enters this analysis.
    const stranger = await registerAthlete(server.url);
    await storeStravaConnection(server, stranger);
    await createEventPlanAround(server, stranger, startDate, { eventName: 'Not Mine Classic', daysBefore: 44 });
    expect((await read()).generatedAt).toBe(planned.generatedAt);
    const refreshed = await planner.post(`/api/activities/${activityId}/analysis/refresh`);
    expect(refreshed.status).toBe(200);
    expect(allText(refreshed.body)).not.toContain('Not Mine Classic');
    expect(refreshed.body.trainingPlanProgress).toMatch(/Base phase/);

    const toggled = await planner.patch(`/api/training-plans/${planId}/toggle`);
    expect(toggled.body).toEqual({ id: planId, isActive: false, switchedOff: [] });
    const ignored = await read();
    expect(ignored.trainingPlanProgress).toMatch(/You do not have an active training plan yet/);
    expect(allText(ignored)).not.toContain('Gran Fondo Stelvio');

    await planner.patch(`/api/training-plans/${planId}/toggle`);
    expect((await read()).trainingPlanProgress).toMatch(/^“Gran Fondo Stelvio”: week 3 of 5/);
    expect((await planner.delete(`/api/training-plans/${planId}`)).status).toBe(200);
    expect(allText(await read())).not.toContain('Gran Fondo Stelvio');
  });

  it('names the week of the four-week cycle and shortens the next session in its deload week', async () => {
    const cyclist = await registerAthlete(server.url);
    const activityId = await uploadActivityFile(cyclist, 'ride.fit', powerRide().bytes);
    await waitForJobs(server);
    // The cycle speaks only about activities inside it, and the file is years old: move the ride to two hours ago.
    const nowMs = Date.now();
    await server.database.handle.query('update activities set start_date = $1 where id = $2', [new Date(nowMs - 2 * 3_600_000), activityId]);
    const withoutCycle = analysisView.parse((await cyclist.post(`/api/activities/${activityId}/analysis/refresh`)).body);
    expect(allText(withoutCycle)).not.toMatch(/load cycle/);

    const saved = await cyclist.put('/api/user/settings', {
      preferredActivities: ['cycling'],
      mesocycleEnabled: true,
      mesocycleCurrentWeek: 4,
      mesocycleWeekStartDate: new Date(nowMs - 86_400_000).toISOString(),
    });
    expect(saved.status).toBe(200);
    const deload = analysisView.parse((await cyclist.get(`/api/activities/${activityId}/analysis`)).body);
    expect(deload.trainingPlanProgress).toContain('Week 4 of your load cycle: Deload / Taper / Recovery.');
    expect(deload.recovery).toContain('Week 4 of your load cycle: Deload / Taper / Recovery, about 60–70% of your baseline load.');
    expect(deload.feedback).toContain('week 4 of your load cycle (Deload / Taper / Recovery)');
    expect(deload.nextSession.totalDurationS).toBeLessThan(withoutCycle.nextSession.totalDurationS);
    expect(['recovery', 'endurance']).toContain(deload.nextSession.focus);
    const [stored] = await server.database.handle.query<{ facts: { mesocycle: { week: { text: string } } } }>(
      'select facts from analyses where activity_id = $1',
      [activityId],
    );
    expect(stored!.facts.mesocycle.week.text).toBe('week 4');
  });

  it("answers another account's activity, and ids that name nothing, as not found", async () => {
    const stranger = await registerAthlete(server.url);
    const stored = await storedAnalyses(rideId);
    for (const request of [
      () => stranger.get(`/api/activities/${rideId}/analysis`),
      () => stranger.put(`/api/activities/${rideId}/analysis/coaching-style`, { coachingStyle: 'chill' }),
      () => stranger.put(`/api/activities/${rideId}/analysis/activity-detail`, { activityDetailType: null }),
      () => stranger.post(`/api/activities/${rideId}/analysis/refresh`),
      () => stranger.get('/api/activities/not-a-uuid/analysis'),
      () => stranger.get('/api/activities/7d9e4c1a-0b2f-4e3d-9a8b-1c2d3e4f5a6b/analysis'),
    ]) {
      const response = await request();
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Activity not found' });
    }
    expect(await storedAnalyses(rideId)).toEqual(stored);
    expect((await createClient(server.url).get(`/api/activities/${rideId}/analysis`)).status).toBe(401);
  });

  it('documents the analysis endpoints in the OpenAPI document from the same contracts', async () => {
    const { paths } = (await athlete.get('/api/openapi.json')).body;
    expect(Object.keys(paths['/api/activities/{id}/analysis'])).toEqual(['get']);
    expect(paths['/api/activities/{id}/analysis/coaching-style'].put.requestBody.content['application/json'].schema.required).toEqual([
      'coachingStyle',
    ]);
    expect(paths['/api/activities/{id}/analysis/activity-detail'].put.requestBody).toBeDefined();
    expect(paths['/api/activities/{id}/analysis/refresh'].post.responses['200']).toBeDefined();
  });
});
