import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisView } from '../../src/shared/api/analysis.ts';
import { athleteProfile, hrZoneFields, userSettings } from '../../src/shared/api/settings.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import type { TestClient } from '../support/http-client.ts';
import { type TestKairo } from '../support/kairo.ts';
import { useKairoWithSim } from '../support/kairo-with-sim.ts';
import { connectStrava, registerAthlete, waitForJobs } from '../support/strava.ts';
import { startWithUploads } from '../support/uploads.ts';
import { ATHLETE_ZONES, UNSAVED_SETTINGS } from '../support/athlete-settings.ts';
import { powerRide } from '../support/recordings.ts';

const kinds = await testDatabaseKinds();

const PROFILE = {
  preferredActivities: ['running', 'cycling'],
  coachingStyle: 'marginal_gains',
  mesocycleEnabled: true,
  mesocycleCurrentWeek: 3,
  mesocycleWeekStartDate: '2026-01-05T08:00:00.000Z',
  athleteFtp: 245,
  athleteWeight: 71.4,
  ...ATHLETE_ZONES,
};

describe.each(kinds)('User settings on %s', (kind) => {
  let server: TestKairo;
  let athlete: TestClient;
  let rideId: string;
  beforeAll(async () => {
    ({ server, athlete, ids: [rideId] } = await startWithUploads(kind, [['ride.fit', powerRide().bytes]]));
  });
  afterAll(async () => {
    await server?.close();
  });

  const settingsRows = async () =>
    (await server.database.handle.query<{ n: number }>('select count(*)::int as n from user_settings', []))[0]?.n;

  it('answers the defaults while nothing is saved, and needs a session', async () => {
    const response = await athlete.get('/api/user/settings');
    expect(response.status).toBe(200);
    expect(userSettings.parse(response.body)).toEqual({ ...UNSAVED_SETTINGS, effective: expect.any(Object) });
    // Nothing set and no Strava: the FTP used is Kairo's estimate from the uploaded ride, with it as the evidence.
    const { effective } = userSettings.parse(response.body);
    expect(effective.cycling.ftpW).toMatchObject({ source: 'estimate', evidence: [{ activityId: rideId, source: 'file' }] });
    expect(effective.heartRate.zones?.source).toBe('estimate');
    expect(effective.departures).toEqual([]);
    expect(await settingsRows()).toBe(0);
    const signedOut = await registerAthlete(server.url);
    await signedOut.post('/api/auth/logout');
    expect((await signedOut.get('/api/user/settings')).status).toBe(401);
  });

  it.each([
    [{ ...PROFILE, athleteFtp: 2500 }, 'FTP must be between 1 and 2000 W'],
    [{ ...PROFILE, athleteFtp: 250.5 }, 'FTP must be a whole number of watts'],
    [{ ...PROFILE, athleteWeight: 12 }, 'Weight must be between 20 and 300 kg'],
    [{ ...PROFILE, hrZone3Min: 140 }, 'Zone 3 min (140) must not be below Zone 2 max (145): zones may not overlap'],
    [{ ...PROFILE, hrZone2Max: null }, 'Zone 2 needs both a min and a max'],
    [{ ...PROFILE, hrZone4Min: 170 }, 'Zone 4 min must be below its max'],
    [{ ...PROFILE, mesocycleCurrentWeek: 5 }, 'Mesocycle week must be 1, 2, 3 or 4'],
    [{ ...PROFILE, preferredActivities: ['swimming'] }, 'Preferred activities may be running, cycling or lifting'],
    [{ ...PROFILE, mesocycleWeekStartDate: 'last monday' }, 'Mesocycle week start must be an ISO date-time'],
    [{ coachingStyle: 'drill_sergeant' }, 'Coaching style must be chill, performance, marginal_gains or custom'],
    [{ coachingStyle: 'custom', systemPrompt: '   ' }, 'The custom style needs your instructions'],
    [{ unitSystem: 'furlongs' }, 'Unit system must be metric or imperial'],
    [{ systemPrompt: 'Be brief' }, 'Custom instructions go with coachingStyle: custom'],
    [{}, 'Send at least one setting to change'],
    [{ athleteMaxHrBpm: 185, athleteRestingHrBpm: 190 }, 'Resting heart rate must be below max heart rate'],
    [{ athleteThresholdPaceSPerKm: 100 }, 'Threshold pace must be between 2:30 and 15:00 per km'],
    [{ hrZone2Min: 131 }, 'Zone 2 needs both a min and a max'],
    [{ ...PROFILE, units: 'metric' }, 'Unrecognized key: "units"'],
  ])('refuses %j with a clear message and saves nothing', async (body, message) => {
    const response = await athlete.put('/api/user/settings', body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await settingsRows()).toBe(0);
  });

  it('saves the whole profile, reads it back, and keeps it to its own account', async () => {
    const saved = await athlete.put('/api/user/settings', { ...PROFILE, hrZone1Min: 90, hrZone5Max: 200 });
    expect(saved.status).toBe(200);
    const read = userSettings.parse((await athlete.get('/api/user/settings')).body);
    const { mesocycleCurrentWeek: _week, mesocycleWeekStartDate: _start, ...rest } = PROFILE;
    expect(read).toMatchObject({ ...rest, hrZone1Max: 130, hrZone5Min: 171 });
    expect(read).not.toHaveProperty('hrZone1Min');
    // The cycle's week started in January: reading moved it on by whole weeks (cycling 1-4), still Monday 08:00 UTC.
    const start = new Date(read.mesocycleWeekStartDate!);
    expect(start.getUTCDay()).toBe(1);
    expect(start.getUTCHours()).toBe(8);
    expect(Date.now() - start.getTime()).toBeLessThan(7 * 86_400_000);
    const weeks = Math.round((start.getTime() - Date.parse(PROFILE.mesocycleWeekStartDate)) / (7 * 86_400_000));
    expect(read.mesocycleCurrentWeek).toBe(((2 + weeks) % 4) + 1);
    const stored = await server.database.handle.query<{ week: number }>('select mesocycle_current_week as week from user_settings', []);
    expect(stored).toEqual([{ week: read.mesocycleCurrentWeek }]);

    const other = await registerAthlete(server.url);
    expect(userSettings.parse((await other.get('/api/user/settings')).body)).toMatchObject({ athleteFtp: null, coachingStyle: 'performance' });
    expect((await other.put('/api/user/settings', { coachingStyle: 'chill' })).status).toBe(200);
    expect(userSettings.parse((await athlete.get('/api/user/settings')).body).coachingStyle).toBe('marginal_gains');

    // An invalid update after a valid one leaves the valid one in place.
    expect((await athlete.put('/api/user/settings', { ...PROFILE, athleteFtp: 0 })).status).toBe(400);
    expect(userSettings.parse((await athlete.get('/api/user/settings')).body).athleteFtp).toBe(245);

    // Only what a request carries changes: the units alone, or a profile without an FTP, keep the FTP; null clears it.
    expect((await athlete.put('/api/user/settings', { unitSystem: 'imperial' })).body).toMatchObject({ unitSystem: 'imperial', athleteFtp: 245 });
    const { athleteFtp: _ftp, ...withoutFtp } = PROFILE;
    expect((await athlete.put('/api/user/settings', withoutFtp)).body).toMatchObject({ unitSystem: 'imperial', athleteFtp: 245 });
    expect((await athlete.put('/api/user/settings', { athleteFtp: null })).body).toMatchObject({ unitSystem: 'imperial', athleteFtp: null });
    // Zones merged with the stored ones must still go up.
    const overlap = await athlete.put('/api/user/settings', { hrZone5Min: 120 });
    expect(overlap.status).toBe(400);
    expect(overlap.body.message).toBe('Zone 5 min (120) must not be below Zone 4 max (170): zones may not overlap');
    expect((await athlete.put('/api/user/settings', { unitSystem: 'metric' })).status).toBe(200);
  });

  it('rewrites the analysis with the new numbers after the FTP changes', async () => {
    await athlete.put('/api/user/settings', { ...PROFILE, coachingStyle: 'performance', athleteFtp: 200 });
    const beforeResponse = await athlete.get(`/api/activities/${rideId}/analysis`);
    const before = analysisView.parse(beforeResponse.body);
    const metricsBefore = (await athlete.get(`/api/activities/${rideId}`)).body.metrics;
    expect(metricsBefore).toMatchObject({ ftpW: 200, ftpSource: 'settings' });

    const saved = await athlete.put('/api/user/settings', { ...PROFILE, coachingStyle: 'chill', athleteFtp: 300 });
    expect(saved.status).toBe(200);
    const after = analysisView.parse((await athlete.get(`/api/activities/${rideId}/analysis`)).body);
    const metricsAfter = (await athlete.get(`/api/activities/${rideId}`)).body.metrics;
    expect(metricsAfter).toMatchObject({ ftpW: 300, ftpSource: 'settings' });
    expect(metricsAfter.intensityFactor).toBeCloseTo((metricsBefore.intensityFactor * 200) / 300, 2);
    expect(after.coachingStyle).toBe('chill');
    expect(after.generatedAt > before.generatedAt).toBe(true);
    const facts = await server.database.handle.query<{ facts: { athleteProfile: { ftp: { text: string } }; mesocycle: unknown } }>(
      'select facts from analyses where activity_id = $1',
      [rideId],
    );
    expect(facts[0]?.facts.athleteProfile.ftp.text).toBe('300 W');
    await waitForJobs(server);
  });

  it("answers the athlete profile from the coaching profile when Strava is not connected, Kairo's estimates only as suggestions", async () => {
    // Saved above: the whole PROFILE with a 300 W FTP, the name given here.
    expect((await athlete.put('/api/user/settings', { ...PROFILE, coachingStyle: 'chill', athleteFtp: 300, athleteName: 'Ada Watts' })).status).toBe(200);
    const response = await athlete.get('/api/athlete/profile');
    expect(response.status).toBe(200);
    const profile = athleteProfile.parse(response.body);
    expect(profile).toMatchObject({ source: 'coaching-profile', name: 'Ada Watts', weight: PROFILE.athleteWeight, ftp: 300 });
    expect(profile.zones).toEqual([
      { min: null, max: 130 },
      { min: 131, max: 145 },
      { min: 146, max: 158 },
      { min: 159, max: 170 },
      { min: 171, max: null },
    ]);

    const ride = (await athlete.get(`/api/activities/${rideId}`)).body;
    // Suggested heart-rate zones from the highest heart rate recorded: LTHR 90 % of it, Friel's zones.
    expect(profile.suggestions.hrZones).toMatchObject({
      maxHeartrateBpm: Math.round(ride.metrics.maxHeartrateBpm),
      activityId: rideId,
      activityName: ride.name,
      startDate: ride.startDate,
    });
    const lthr = 0.9 * ride.metrics.maxHeartrateBpm;
    expect(profile.suggestions.hrZones?.zones).toEqual([
      { min: null, max: Math.round(0.8 * lthr) },
      { min: Math.round(0.8 * lthr) + 1, max: Math.round(0.89 * lthr) },
      { min: Math.round(0.89 * lthr) + 1, max: Math.round(0.93 * lthr) },
      { min: Math.round(0.93 * lthr) + 1, max: Math.round(0.99 * lthr) },
      { min: Math.round(0.99 * lthr) + 1, max: null },
    ]);
    // The only ride is the evidence of the FTP suggestion: 95 % of its best 20 minutes.
    expect(profile.suggestions.ftp).toMatchObject({ activityId: rideId, activityName: ride.name, startDate: ride.startDate });
    const [stored] = await server.database.handle.query<{ best: number }>('select best_20min_power_w as best from activity_metrics where activity_id = $1', [rideId]);
    expect(profile.suggestions.ftp?.best20MinPowerW).toBe(Math.round(stored!.best));
    expect(profile.suggestions.ftp?.ftpW).toBe(Math.round(0.95 * stored!.best));

    // Nothing stated, nothing answered: the estimates stay suggestions and never become the profile's values.
    const unset = { ...PROFILE, athleteFtp: null, athleteWeight: null, athleteName: null, ...Object.fromEntries(hrZoneFields.map((field) => [field, null])) };
    expect((await athlete.put('/api/user/settings', unset)).status).toBe(200);
    const bare = athleteProfile.parse((await athlete.get('/api/athlete/profile')).body);
    expect(bare).toMatchObject({ source: 'coaching-profile', name: null, weight: null, ftp: null, zones: null });
    expect(bare.suggestions).toEqual(profile.suggestions);
  });
});

describe.each(kinds)('Athlete profile from Strava on %s', (kind) => {
  const setup = useKairoWithSim(kind);

  it("reads name, weight, FTP and zones from Strava's athlete and zones, and caches them", async () => {
    const simAthlete = setup.sim.control.createAthlete({ history: 'empty' });
    const browser = await registerAthlete(setup.server.url);
    expect(await connectStrava(browser, setup.sim, simAthlete.id)).toBe('/strava-success');
    await waitForJobs(setup.server);

    setup.sim.control.requests.reset();
    const first = athleteProfile.parse((await browser.get('/api/athlete/profile')).body);
    expect(first).toMatchObject({
      source: 'strava',
      name: `${simAthlete.firstname} ${simAthlete.lastname}`,
      // Stored to 0.1 kg, as the settings keep a weight (Strava writes grams).
      weight: Math.round(simAthlete.weightKg * 10) / 10,
      ftp: simAthlete.ftpW,
    });
    const bounds = [0.6, 0.75, 0.82, 0.9].map((fraction) => Math.round(simAthlete.maxHeartrateBpm * fraction));
    expect(first.zones).toEqual([
      { min: null, max: bounds[0] },
      { min: bounds[0], max: bounds[1] },
      { min: bounds[1], max: bounds[2] },
      { min: bounds[2], max: bounds[3] },
      { min: bounds[3], max: null },
    ]);
    const second = athleteProfile.parse((await browser.get('/api/athlete/profile')).body);
    expect(second).toEqual(first);
    const counts = setup.sim.control.requests.counts();
    expect(counts['GET /api/v3/athlete']).toBe(1);
    expect(counts['GET /api/v3/athlete/zones']).toBe(1);
    expect(userSettings.parse((await browser.get('/api/user/settings')).body).athleteDataCachedAt).not.toBeNull();
  });

  it("treats Strava's values of zero or less as unset, and fills them from the coaching profile", async () => {
    const simAthlete = setup.sim.control.createAthlete({ history: 'empty' });
    // How Strava answers an athlete who never typed a weight: 0; a negative FTP is as good as none.
    setup.sim.control.setAthleteSettings(simAthlete.id, { weightKg: 0, ftpW: -1 });
    const browser = await registerAthlete(setup.server.url);
    expect(await connectStrava(browser, setup.sim, simAthlete.id)).toBe('/strava-success');
    await waitForJobs(setup.server);

    const unset = athleteProfile.parse((await browser.get('/api/athlete/profile')).body);
    expect(unset).toMatchObject({ source: 'strava', name: `${simAthlete.firstname} ${simAthlete.lastname}`, weight: null, ftp: null });
    // Strava's open bounds (zone 1 from 0, zone 5 up to -1) are unset too.
    expect(unset.zones?.[0]?.min).toBeNull();
    expect(unset.zones?.[4]?.max).toBeNull();

    const saved = await browser.put('/api/user/settings', { preferredActivities: ['cycling'], athleteWeight: 68.5, athleteFtp: 251 });
    expect(saved.status).toBe(200);
    expect(athleteProfile.parse((await browser.get('/api/athlete/profile')).body)).toMatchObject({ source: 'strava', weight: 68.5, ftp: 251 });
  });

  it("stores Strava's weight once, where the settings and the profile read it; the athlete's own weight wins (issue 26, ADR 0071)", async () => {
    const simAthlete = setup.sim.control.createAthlete({ history: 'empty' });
    setup.sim.control.setAthleteSettings(simAthlete.id, { weightKg: 72.438 });
    const browser = await registerAthlete(setup.server.url);
    expect(await connectStrava(browser, setup.sim, simAthlete.id)).toBe('/strava-success');
    await waitForJobs(setup.server);
    const settings = async () => userSettings.parse((await browser.get('/api/user/settings')).body);
    const weightOf = async () => (await setup.server.database.handle.query<{ weight: string | null; source: string | null }>(
      'select athlete_weight::text as weight, athlete_weight_source as source from user_settings where account_id = $1',
      [(await browser.get('/api/auth/user')).body.id],
    ))[0];

    // Shown once, stored once: the settings and the athlete profile read the same stored 72.4 kg.
    expect(await settings()).toMatchObject({ athleteWeight: 72.4, athleteWeightSource: 'strava' });
    expect(await weightOf()).toEqual({ weight: '72.4', source: 'strava' });
    expect(athleteProfile.parse((await browser.get('/api/athlete/profile')).body).weight).toBe(72.4);

    // The newest check-in's weight is the athlete's own: it replaces Strava's; an older day's does not.
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await browser.put(`/api/wellness/${today}`, { weightKg: 71.6 })).status).toBe(200);
    expect((await browser.put(`/api/wellness/${yesterday}`, { weightKg: 80 })).status).toBe(200);
    expect(await settings()).toMatchObject({ athleteWeight: 71.6, athleteWeightSource: 'check-in' });

    // Typed in the settings it is the athlete's, and Strava's cached weight does not replace it.
    expect((await browser.put('/api/user/settings', { athleteWeight: 70 })).status).toBe(200);
    expect(await settings()).toMatchObject({ athleteWeight: 70, athleteWeightSource: 'athlete' });
    // Cleared, the weight Strava has is stored again: a weight known is never asked for.
    expect((await browser.put('/api/user/settings', { athleteWeight: null })).status).toBe(200);
    expect(await settings()).toMatchObject({ athleteWeight: 72.4, athleteWeightSource: 'strava' });
    // A bad weight is refused with a 400 and changes nothing.
    expect((await browser.put('/api/user/settings', { athleteWeight: 900 })).status).toBe(400);
    expect(await weightOf()).toEqual({ weight: '72.4', source: 'strava' });
  });
});
