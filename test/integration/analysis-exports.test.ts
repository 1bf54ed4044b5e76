import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAccountPlan } from '../../src/server/admin/accounts.ts';
import { analysisView } from '../../src/shared/api/analysis.ts';
import { PRO_ONLY_MESSAGES, analysisContextExport } from '../../src/shared/api/exports.ts';
import type { AccountPlan } from '../../src/shared/domain/account-plan.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import type { TestClient } from '../support/http-client.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { powerRide, sameRun } from '../support/recordings.ts';
import { registerAthlete, waitForJobs } from '../support/strava.ts';
import { createEventPlanAround, storeStravaConnection } from '../support/plans.ts';
import { trainingPlanView } from '../../src/shared/api/training-plans.ts';

const kinds = await testDatabaseKinds();

async function uploadActivity(browser: TestClient, fileName: string, bytes: Uint8Array): Promise<string> {
  const upload = await browser.upload('/api/imports', fileName, bytes);
  expect(upload.status).toBe(201);
  return upload.body.activity.id as string;
}

const zwoParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: true,
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && name !== 'workout_file' && name !== 'workout',
});

describe.each(kinds)('analysis exports on %s', (kind) => {
  let server: TestKairo;
  let athlete: TestClient;
  let email: string;
  let rideId: string;
  let runId: string;
  beforeAll(async () => {
    // Plan changes below must reach the very next request, not a session read a moment earlier.
    server = await startTestKairo(kind, { SESSION_CACHE_SECONDS: '0' });
    athlete = await registerAthlete(server.url);
    email = (await athlete.get('/api/auth/user')).body.email as string;
    rideId = await uploadActivity(athlete, 'ride.fit', powerRide().bytes);
    runId = await uploadActivity(athlete, 'run.fit', sameRun('fit').bytes);
    await waitForJobs(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const setPlan = (plan: AccountPlan) => setAccountPlan(server.database.handle.db, email, plan);
  const generateWorkout = (activityId: string, browser = athlete) => browser.post(`/api/activities/${activityId}/generate-zwift-workout`);
  const exportContext = (activityId: string, browser = athlete) => browser.get(`/api/activities/${activityId}/analysis/export`);

  it("downloads the next session as a Zwift workout built from the analysis's structured session", async () => {
    const analysis = analysisView.parse((await athlete.get(`/api/activities/${rideId}/analysis`)).body);
    const response = await generateWorkout(rideId);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const fileName = analysis.nextSession.title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${fileName}.zwo"`);

    const file = zwoParser.parse(response.text).workout_file;
    expect(file.author).toEqual(['Kai, Kairo coach']);
    expect(file.name).toEqual([analysis.nextSession.title]);
    expect(file.sportType).toEqual(['bike']);
    expect(file.description[0]).toContain(analysis.nextActivity);
    const blocks = file.workout as Record<string, Record<string, number>[]>;
    let totalS = 0;
    for (const [tag, elements] of Object.entries(blocks)) {
      for (const block of elements) {
        totalS += tag === 'IntervalsT' ? block.Repeat! * (block.OnDuration! + block.OffDuration!) : block.Duration!;
        for (const [name, value] of Object.entries(block)) {
          if (/Power/.test(name)) {
            expect(value).toBeGreaterThan(0.3);
            expect(value).toBeLessThan(1.6);
          }
        }
      }
    }
    expect(totalS).toBe(analysis.nextSession.totalDurationS);
  });

  it('writes a missing analysis before building the file from it', async () => {
    await server.database.handle.query('delete from analyses where activity_id = $1', [runId]);
    const response = await generateWorkout(runId);
    expect(response.status).toBe(200);
    expect(zwoParser.parse(response.text).workout_file.sportType).toEqual(['run']);
    expect(await server.database.handle.query('select 1 from analyses where activity_id = $1', [runId])).toHaveLength(1);
  });

  it('exports the analysis context without the custom instructions, matching the shared contract', async () => {
    const custom = await athlete.put(`/api/activities/${rideId}/analysis/coaching-style`, {
      coachingStyle: 'custom',
      systemPrompt: 'Secret instructions: talk like a pirate.',
    });
    expect(custom.status).toBe(200);
    const detail = await athlete.put(`/api/activities/${rideId}/analysis/activity-detail`, {
      activityDetailType: 'custom-note',
      activityDetailNote: 'Felt heavy legs',
    });
    expect(detail.status).toBe(200);

    const response = await exportContext(rideId);
    expect(response.status).toBe(200);
    expect(response.text).not.toContain('systemPrompt');
    const document = analysisContextExport.parse(response.body);
    const ride = (await athlete.get(`/api/activities/${rideId}`)).body;
    expect(document.metadata).toMatchObject({ app: 'Kairo', formatVersion: 1 });
    expect(Date.now() - Date.parse(document.metadata.exportedAt)).toBeGreaterThanOrEqual(0);
    expect(document.activity).toEqual(ride);
    expect(document.activity.metrics?.normalizedPowerW).toBeGreaterThan(0);
    expect(document.analysis).toMatchObject({ coachingStyle: 'custom', nextActivity: detail.body.nextActivity });
    expect(document.detailContext).toEqual({ type: 'custom-note', emoji: '✍️', title: 'Custom Note', note: 'Felt heavy legs' });
    // One style in the file: the one this analysis was written in (issue 14), though the account's default is another.
    expect((await athlete.get('/api/user/settings')).body.coachingStyle).toBe('performance');
    expect(document.userSettings).toMatchObject({ unitSystem: 'metric', coachingStyle: 'custom', preferredActivities: [], athleteFtp: null });
    expect(document.userSettings).not.toHaveProperty('systemPrompt');
    expect(document).toMatchObject({ units: 'metric', coachingStyle: 'custom', preferredActivities: [], trainingPlans: [] });
    // No Strava connection: the account's own name; the FTP and the heart-rate zones the ride was scored with.
    const bounds: number[] = ride.metrics.hrZoneUpperBoundsBpm;
    expect(bounds).toHaveLength(4);
    expect(document.athleteProfile).toEqual({
      name: 'Sam Sprint',
      weightKg: null,
      ftpW: ride.metrics.ftpW,
      heartRateZones: [
        { min: null, max: bounds[0] },
        { min: bounds[0]! + 1, max: bounds[1] },
        { min: bounds[1]! + 1, max: bounds[2] },
        { min: bounds[2]! + 1, max: bounds[3] },
        { min: bounds[3]! + 1, max: null },
      ],
    });
    // A name given in the coaching profile comes first.
    expect((await athlete.put('/api/user/settings', { preferredActivities: [], athleteName: 'Samuel Sprint' })).status).toBe(200);
    expect(analysisContextExport.parse((await exportContext(rideId)).body).athleteProfile.name).toBe('Samuel Sprint');
  });

  it("lists the account's training plans, active or not and never another account's, with the analysis that names the active one", async () => {
    await storeStravaConnection(server, athlete);
    const { startDate } = (await athlete.get(`/api/activities/${rideId}`)).body;
    const active = await createEventPlanAround(server, athlete, startDate);
    const inactive = await createEventPlanAround(server, athlete, startDate, { eventName: 'Switched Off Sportive' });
    expect((await athlete.patch(`/api/training-plans/${inactive}/toggle`)).body).toMatchObject({ isActive: false });
    const stranger = await registerAthlete(server.url);
    await storeStravaConnection(server, stranger);
    await createEventPlanAround(server, stranger, startDate, { eventName: 'Not Mine Classic' });

    const document = analysisContextExport.parse((await exportContext(rideId)).body);
    const plans = document.trainingPlans.map((plan) => trainingPlanView.parse(plan));
    expect(plans.map((plan) => [plan.id, plan.eventName, plan.isActive]).sort()).toEqual(
      [
        [active, 'Gran Fondo Stelvio', true],
        [inactive, 'Switched Off Sportive', false],
      ].sort(),
    );
    expect(plans.find((plan) => plan.id === active)).toMatchObject({ totalWeeks: 11, phases: [{ name: 'base', weeks: 5 }, { name: 'build' }, { name: 'peak-and-taper' }] });
    expect(document.analysis.trainingPlanProgress).toMatch(/“Gran Fondo Stelvio”: week 3 of 5 of the Base phase/);
    expect(JSON.stringify(document)).not.toContain('Not Mine Classic');
  });

  it('allows a running trial and Pro, and refuses Free and an expired trial with the spec texts', async () => {
    // A new account is on the 14-day trial: the tests above ran on it.
    await setPlan('Free');
    const workout = await generateWorkout(rideId);
    expect(workout.status).toBe(403);
    expect(workout.body).toEqual({ error: PRO_ONLY_MESSAGES.workoutFile, message: PRO_ONLY_MESSAGES.workoutFile });
    const context = await exportContext(rideId);
    expect(context.status).toBe(403);
    expect(context.body.message).toBe(PRO_ONLY_MESSAGES.contextExport);

    await setPlan('Trial30');
    await server.database.handle.query(`update accounts set trial_expiry_date = now() - interval '1 hour' where email = $1`, [email]);
    expect((await generateWorkout(rideId)).status).toBe(403);
    expect((await exportContext(rideId)).status).toBe(403);

    await setPlan('Pro');
    expect((await generateWorkout(rideId)).status).toBe(200);
    expect((await exportContext(rideId)).status).toBe(200);
  });

  it("answers 404 for another account's activity and for ids that name nothing, with the error field on the file route", async () => {
    const other = await registerAthlete(server.url);
    const workout = await generateWorkout(rideId, other);
    expect(workout.status).toBe(404);
    expect(workout.body).toEqual({ error: 'Activity not found', message: 'Activity not found' });
    expect((await exportContext(rideId, other)).status).toBe(404);
    expect((await generateWorkout('not-a-uuid')).body).toEqual({ error: 'Activity not found', message: 'Activity not found' });
    expect((await exportContext('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    // Nothing was written for the other account.
    expect(await server.database.handle.query('select 1 from analyses a join accounts u on u.id = a.user_id where u.email <> $1', [email])).toEqual([]);
  });

  it('answers 401 with the error field to a signed-out request for the file', async () => {
    const signedOut = await athlete.post('/api/auth/logout');
    expect(signedOut.status).toBe(200);
    const workout = await generateWorkout(rideId);
    expect(workout.status).toBe(401);
    expect(workout.body).toEqual({ error: 'Authentication required', message: 'Authentication required' });
  });
});
