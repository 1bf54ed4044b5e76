import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisContextExport } from '../../src/shared/api/exports.ts';
import { userSettings, type EffectiveThresholds, type UserSettings } from '../../src/shared/api/settings.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import type { TestClient } from '../support/http-client.ts';
import { type TestKairo } from '../support/kairo.ts';
import { useKairoWithSim } from '../support/kairo-with-sim.ts';
import { connectStrava, registerAthlete, waitForJobs } from '../support/strava.ts';
import { startWithUploads } from '../support/uploads.ts';
import { UNSAVED_SETTINGS } from '../support/athlete-settings.ts';
import { DAY_MS } from '../../src/shared/time.ts';
import { powerRide, sameRun, trainerRide } from '../support/recordings.ts';

/**
 * Issue 14 "One truth": the FTP and the heart-rate zones an athlete sees in one place are the ones
 * every other place uses. Each test collects them from everywhere they appear (the settings API,
 * each activity's metrics, the analysis facts and text, the athletic profile, a generated plan, the
 * context export) and asserts they agree.
 */

const kinds = await testDatabaseKinds();

type Zones = { min: number | null; max: number | null }[];

/** Every "FTP 248 W" / "FTP of 248 W" a text states. */
function ftpMentions(text: string): number[] {
  return [...text.matchAll(/FTP (?:of )?(\d+) W/g)].map((match) => Number(match[1]));
}

/** The zones as the metrics count them: upper bounds of zones 1-4. */
const boundsOf = (zones: Zones) => zones.slice(0, 4).map((zone) => zone.max);

async function settingsOf(browser: TestClient): Promise<UserSettings> {
  const response = await browser.get('/api/user/settings');
  expect(response.status).toBe(200);
  return userSettings.parse(response.body);
}

interface Collected {
  /** FTP values found, each with where it was read. */
  ftp: { where: string; watts: number }[];
  zones: { where: string; bounds: (number | null)[] }[];
}

/**
 * FTP and zones from every place they appear for this athlete's ride `rideId` (and every ride of
 * the account for the metrics).
 */
async function collect(server: TestKairo, browser: TestClient, rideId: string): Promise<Collected> {
  const found: Collected = { ftp: [], zones: [] };
  const { effective } = await settingsOf(browser);
  found.ftp.push({ where: 'settings effective', watts: effective.cycling.ftpW!.value });
  found.zones.push({ where: 'settings effective', bounds: boundsOf(effective.heartRate.zones!.zones) });

  const activities = (await browser.get('/api/activities?limit=200')).body as { id: string; sportType: string }[];
  for (const activity of activities) {
    const { metrics } = (await browser.get(`/api/activities/${activity.id}`)).body;
    if (!metrics) continue;
    if (/Ride$/.test(activity.sportType) && metrics.ftpW !== null) found.ftp.push({ where: `metrics of ${activity.id}`, watts: metrics.ftpW });
    if (metrics.hrZoneUpperBoundsBpm) found.zones.push({ where: `metrics of ${activity.id}`, bounds: metrics.hrZoneUpperBoundsBpm });
  }

  const analysis = await browser.get(`/api/activities/${rideId}/analysis`);
  expect(analysis.status).toBe(200);
  for (const watts of ftpMentions(JSON.stringify(analysis.body))) found.ftp.push({ where: 'analysis text', watts });
  const [stored] = await server.database.handle.query<{ facts: { activity: { power: { ftp: { value: number } | null } | null }; zonesUsed: { zones: { max: { value: number } | null }[] } | null } }>(
    'select facts from analyses where activity_id = $1',
    [rideId],
  );
  const factsFtp = stored?.facts.activity.power?.ftp?.value;
  if (factsFtp !== undefined) found.ftp.push({ where: 'analysis facts', watts: factsFtp });
  const factsZones = stored?.facts.zonesUsed?.zones;
  if (factsZones) found.zones.push({ where: 'analysis facts', bounds: factsZones.slice(0, 4).map((zone) => zone.max?.value ?? null) });

  const profile = await browser.post('/api/profile/generate');
  expect(profile.status).toBe(200);
  for (const watts of ftpMentions(JSON.stringify(profile.body))) found.ftp.push({ where: 'athletic profile', watts });

  const plan = await browser.post('/api/training-plans', {
    preparationType: 'event',
    eventName: 'Gran Fondo',
    eventType: 'cycling',
    eventDate: new Date(Date.now() + 63 * DAY_MS).toISOString().slice(0, 10),
    eventDistance: '120 km',
    completionGoal: 'complete',
    planDuration: '9 weeks',
  });
  expect(plan.status).toBe(201);
  // The plan states its zones as '88-94% FTP, 218-233 W': the watts follow from the FTP it used.
  const planText = JSON.stringify(plan.body);
  const zoneWatts = [...planText.matchAll(/(\d+)-(\d+)% FTP, (\d+)-(\d+) W/g)];
  expect(zoneWatts.length).toBeGreaterThan(0);
  for (const [, lowPct, , lowW] of zoneWatts) {
    const ftpW = effective.cycling.ftpW!.value;
    expect(Number(lowW), `plan: ${lowPct}% of FTP ${ftpW} W`).toBe(Math.round((Number(lowPct) * ftpW) / 100));
  }
  for (const watts of ftpMentions(planText)) found.ftp.push({ where: 'plan', watts });

  const exported = await browser.get(`/api/activities/${rideId}/analysis/export`);
  expect(exported.status).toBe(200);
  const document = analysisContextExport.parse(exported.body);
  found.ftp.push({ where: 'context export', watts: document.athleteProfile.ftpW! });
  found.zones.push({ where: 'context export', bounds: boundsOf(document.athleteProfile.heartRateZones) });
  expect(document.userSettings.coachingStyle).toBe(document.analysis.coachingStyle);
  return found;
}

function expectAgreement(found: Collected, ftpW: number, effective: EffectiveThresholds): void {
  expect(found.ftp.length).toBeGreaterThan(4);
  expect(found.ftp.filter((entry) => entry.watts !== ftpW)).toEqual([]);
  const bounds = boundsOf(effective.heartRate.zones!.zones);
  expect(found.zones.length).toBeGreaterThan(2);
  expect(found.zones.filter((entry) => JSON.stringify(entry.bounds) !== JSON.stringify(bounds))).toEqual([]);
}

const ZONES = { hrZone1Max: 128, hrZone2Min: 129, hrZone2Max: 146, hrZone3Min: 147, hrZone3Max: 158, hrZone4Min: 159, hrZone4Max: 168, hrZone5Min: 169 };

describe.each(kinds)('One FTP and one zone set everywhere, for an uploads-only athlete on %s', (kind) => {
  let server: TestKairo;
  let athlete: TestClient;
  let rideId: string;
  let runId: string;
  beforeAll(async () => {
    ({ server, athlete, ids: [rideId, , runId] } = await startWithUploads(kind, [
      ['ride.fit', powerRide().bytes],
      ['indoor.fit', trainerRide().bytes],
      ['run.fit', sameRun('fit').bytes],
    ]));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('uses the FTP and zones the athlete set, and nothing else, in every place', async () => {
    const saved = await athlete.put('/api/user/settings', { athleteFtp: 251, ...ZONES });
    expect(saved.status).toBe(200);
    await waitForJobs(server);
    const { effective } = await settingsOf(athlete);
    expect(effective.cycling.ftpW).toMatchObject({ value: 251, source: 'athlete' });
    expect(effective.heartRate.zones).toMatchObject({ source: 'athlete' });
    expect(effective.heartRate.lthrBpm).toMatchObject({ value: 168, source: 'athlete' });
    expectAgreement(await collect(server, athlete, rideId), 251, effective);
  });

  it('uses the estimate with its evidence in every place while nothing is set', async () => {
    // Rides only: the run of the account above is years newer, and the estimate reads the 90 days before the newest activity.
    const rider = await registerAthlete(server.url);
    const upload = await rider.upload('/api/imports', 'ride.fit', powerRide().bytes);
    expect(upload.status).toBe(201);
    await waitForJobs(server);
    const { effective, athleteFtp } = await settingsOf(rider);
    expect(athleteFtp).toBeNull();
    const ftp = effective.cycling.ftpW!;
    expect(ftp.source).toBe('estimate');
    expect(ftp.evidence).toHaveLength(1);
    expect(ftp.evidence[0]!.label).toMatch(/^best 20 min \d+ W$/);
    // 95 % of the best 20 minutes (the evidence shows them to the watt, the estimate is made before rounding).
    expect(Math.abs(ftp.value - 0.95 * ftp.evidence[0]!.value)).toBeLessThanOrEqual(1);
    // The profile and plans read the same estimate as the settings show.
    const found = await collect(server, rider, upload.body.activity.id as string);
    const now = found.ftp.filter((entry) => !entry.where.startsWith('metrics') && !entry.where.startsWith('analysis') && entry.where !== 'context export');
    expect(now.filter((entry) => entry.watts !== ftp.value)).toEqual([]);
  });

  it("scores the run with the athlete's threshold pace and Friel's zones from their LTHR, as the settings show them", async () => {
    const saved = await athlete.put('/api/user/settings', { athleteLthrBpm: 170, athleteThresholdPaceSPerKm: 250, ...Object.fromEntries(Object.keys(ZONES).map((field) => [field, null])) });
    expect(saved.status).toBe(200);
    await waitForJobs(server);
    const { effective } = await settingsOf(athlete);
    expect(effective.running.thresholdPaceSPerKm).toMatchObject({ value: 250, source: 'athlete' });
    expect(effective.heartRate.lthrBpm).toMatchObject({ value: 170, source: 'athlete' });
    expect(effective.heartRate.zones).toMatchObject({ source: 'athlete' });
    const { metrics } = (await athlete.get(`/api/activities/${runId}`)).body;
    expect(metrics).toMatchObject({ thresholdPaceSPerKm: 250, thresholdPaceSource: 'settings', hrZonesSource: 'settings' });
    // Friel's zones from LTHR 170: 80, 89, 93 and 99 % of it.
    expect(metrics.hrZoneUpperBoundsBpm).toEqual([136, 151, 158, 168]);
    expect(boundsOf(effective.heartRate.zones!.zones)).toEqual(metrics.hrZoneUpperBoundsBpm);
    // Kai's facts name the same zones and say whose they are.
    expect((await athlete.get(`/api/activities/${runId}/analysis`)).status).toBe(200);
    const [stored] = await server.database.handle.query<{ facts: { zonesUsed: { origin: string; zones: { max: { value: number } | null }[] } } }>(
      'select facts from analyses where activity_id = $1',
      [runId],
    );
    expect(stored?.facts.zonesUsed.origin).toBe('set by you');
    expect(stored?.facts.zonesUsed.zones.slice(0, 4).map((zone) => zone.max?.value)).toEqual([136, 151, 158, 168]);
    expect((await athlete.put('/api/user/settings', { athleteLthrBpm: null, athleteThresholdPaceSPerKm: null })).status).toBe(200);
    await waitForJobs(server);
  });

  it('scores a run and a ride of the same athlete with their own sport\'s zones, in time in zones and in the analysis facts (ADR 0055)', async () => {
    // Zones for all sports, then running's far above any heart rate of the run and cycling's far below the ride's.
    const running = { hrZone1Max: 200, hrZone2Min: 201, hrZone2Max: 210, hrZone3Min: 211, hrZone3Max: 220, hrZone4Min: 221, hrZone4Max: 230, hrZone5Min: 231 };
    const cycling = { hrZone1Max: 60, hrZone2Min: 61, hrZone2Max: 70, hrZone3Min: 71, hrZone3Max: 80, hrZone4Min: 81, hrZone4Max: 90, hrZone5Min: 91 };
    const allSports = await athlete.put('/api/user/settings', ZONES);
    expect(allSports.status).toBe(200);
    // Settings as stored before per-sport zones (hr_by_sport null): both sports use the zones for all sports.
    const [stored] = await server.database.handle.query<{ n: number }>('select count(*)::int as n from user_settings where hr_by_sport is not null');
    expect(stored?.n).toBe(0);
    const before = userSettings.parse(allSports.body).effective;
    expect(before.cycling.heartRate).toEqual(before.heartRate);
    expect(before.running.heartRate).toEqual(before.heartRate);
    const saved = await athlete.put('/api/user/settings', { hrBySport: { running, cycling } });
    expect(saved.status).toBe(200);
    const settings = userSettings.parse(saved.body);
    expect(settings.hrBySport.running).toMatchObject(running);
    expect(settings.hrBySport.cycling).toMatchObject({ ...cycling, athleteLthrBpm: null, athleteMaxHrBpm: null });
    expect(boundsOf(settings.effective.running.heartRate.zones!.zones)).toEqual([200, 210, 220, 230]);
    expect(boundsOf(settings.effective.cycling.heartRate.zones!.zones)).toEqual([60, 70, 80, 90]);
    expect(boundsOf(settings.effective.heartRate.zones!.zones)).toEqual([128, 146, 158, 168]);
    await waitForJobs(server);

    const zonesOfActivity = async (id: string) => {
      const { metrics } = (await athlete.get(`/api/activities/${id}`)).body;
      expect((await athlete.get(`/api/activities/${id}/analysis`)).status).toBe(200);
      const [stored] = await server.database.handle.query<{ facts: { zonesUsed: { origin: string; zones: { max: { value: number } | null }[] } } }>(
        'select facts from analyses where activity_id = $1',
        [id],
      );
      const seconds = metrics.hrZoneSeconds as number[];
      return { bounds: metrics.hrZoneUpperBoundsBpm, source: metrics.hrZonesSource, seconds, total: seconds.reduce((sum, value) => sum + value, 0), facts: stored!.facts.zonesUsed };
    };
    const run = await zonesOfActivity(runId);
    expect(run).toMatchObject({ bounds: [200, 210, 220, 230], source: 'settings' });
    expect(run.total).toBeGreaterThan(100);
    // No heart rate of the run reaches 200: all of its time is in running's zone 1.
    expect(run.seconds[0]).toBe(run.total);
    expect(run.facts.origin).toBe('set by you');
    expect(run.facts.zones.slice(0, 4).map((zone) => zone.max?.value)).toEqual([200, 210, 220, 230]);

    const ride = await zonesOfActivity(rideId);
    expect(ride).toMatchObject({ bounds: [60, 70, 80, 90], source: 'settings' });
    // Nearly all of the ride is above 91 bpm: cycling's zone 5.
    expect(ride.seconds[4]!).toBeGreaterThan(0.9 * ride.total);
    expect(ride.facts.zones.slice(0, 4).map((zone) => zone.max?.value)).toEqual([60, 70, 80, 90]);

    // The run's device files target running's zones; the context export of each lists its own zones.
    const runExport = analysisContextExport.parse((await athlete.get(`/api/activities/${runId}/analysis/export`)).body);
    expect(boundsOf(runExport.athleteProfile.heartRateZones)).toEqual([200, 210, 220, 230]);
    const rideExport = analysisContextExport.parse((await athlete.get(`/api/activities/${rideId}/analysis/export`)).body);
    expect(boundsOf(rideExport.athleteProfile.heartRateZones)).toEqual([60, 70, 80, 90]);

    // Saving something else leaves a sport's zones as they are; clearing running's gives runs the zones for all sports again.
    expect(userSettings.parse((await athlete.put('/api/user/settings', { athleteName: 'Runner' })).body).hrBySport.running).toMatchObject(running);
    const cleared = await athlete.put('/api/user/settings', { hrBySport: { running: Object.fromEntries(Object.keys(running).map((field) => [field, null])) } });
    expect(cleared.status).toBe(200);
    const after = userSettings.parse(cleared.body);
    expect(boundsOf(after.effective.running.heartRate.zones!.zones)).toEqual([128, 146, 158, 168]);
    expect(boundsOf(after.effective.cycling.heartRate.zones!.zones)).toEqual([60, 70, 80, 90]);
    await waitForJobs(server);
    expect((await athlete.get(`/api/activities/${runId}`)).body.metrics.hrZoneUpperBoundsBpm).toEqual([128, 146, 158, 168]);

    // A sport's zones that overlap are refused whole, naming the sport, and nothing changes.
    const refused = await athlete.put('/api/user/settings', { athleteName: 'Changed', hrBySport: { cycling: { hrZone2Min: 95, hrZone2Max: 100 } } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Cycling: Zone 3 min (71) must not be below Zone 2 max (100): zones may not overlap');
    expect((await settingsOf(athlete)).athleteName).toBe('Runner');

    const reset = await athlete.put('/api/user/settings', { hrBySport: { cycling: Object.fromEntries(Object.keys(cycling).map((field) => [field, null])) }, ...Object.fromEntries(Object.keys(ZONES).map((field) => [field, null])) });
    expect(userSettings.parse(reset.body).hrBySport).toEqual(UNSAVED_SETTINGS.hrBySport);
    await waitForJobs(server);
  });

  it('offers ride details only on rides, and refuses one on a run without changing anything', async () => {
    const before = (await athlete.get(`/api/activities/${runId}/analysis`)).body;
    const refused = await athlete.put(`/api/activities/${runId}/analysis/activity-detail`, { activityDetailType: 'recovery-spin' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^Recovery Spin is for rides, and this activity is a Run\. Choose Time-Crunch, Structured Workout or Custom Note\.$/);
    const refresh = await athlete.post(`/api/activities/${runId}/analysis/refresh`, { activityDetailType: 'kom-segment' });
    expect(refresh.status).toBe(400);
    expect((await athlete.get(`/api/activities/${runId}/analysis`)).body).toEqual(before);
    const accepted = await athlete.put(`/api/activities/${runId}/analysis/activity-detail`, { activityDetailType: 'structured-workout' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.activityDetailType).toBe('structured-workout');
    expect((await athlete.put(`/api/activities/${rideId}/analysis/activity-detail`, { activityDetailType: 'recovery-spin' })).status).toBe(200);
  });
});

describe.each(kinds)("Strava's FTP and zones for a demo athlete on %s", (kind) => {
  // Demo mode's policy: simulated data is nobody's Strava data (ADR 0007), so its context file may be exported.
  const setup = useKairoWithSim(kind, { env: { STRAVA_DATA_POLICY: 'relaxed' } });

  it("uses Strava's FTP and zones everywhere, keeps them when only the zones are saved, and has Kai offer the estimate when it departs", async () => {
    const simAthlete = setup.sim.control.createAthlete({ historyDays: 42 });
    const browser = await registerAthlete(setup.server.url);
    expect(await connectStrava(browser, setup.sim, simAthlete.id)).toBe('/strava-success');
    await waitForJobs(setup.server);
    // Reading the settings reads Strava's athlete: its FTP and zones become the effective ones and the history is rescored.
    const first = await settingsOf(browser);
    await waitForJobs(setup.server);
    expect(first.athleteFtp).toBeNull();
    expect(first.effective.cycling.ftpW).toMatchObject({ value: simAthlete.ftpW, source: 'strava' });
    expect(first.effective.heartRate.zones?.source).toBe('strava');

    const rides = ((await browser.get('/api/activities?limit=200')).body as { id: string; sportType: string }[]).filter((item) => /Ride$/.test(item.sportType));
    expect(rides.length).toBeGreaterThan(0);
    const rideId = rides[0]!.id;
    const found = await collect(setup.server, browser, rideId);
    expectAgreement(found, simAthlete.ftpW, first.effective);
    const ride = (await browser.get(`/api/activities/${rideId}`)).body;
    expect(ride.metrics).toMatchObject({ ftpSource: 'strava', hrZonesSource: 'strava' });

    // The case: saving only the heart-rate zones must not make Strava's FTP the athlete's.
    const zonesOnly = await browser.put('/api/user/settings', ZONES);
    expect(zonesOnly.status).toBe(200);
    const afterZones = userSettings.parse(zonesOnly.body);
    expect(afterZones.athleteFtp).toBeNull();
    expect(afterZones.effective.cycling.ftpW).toMatchObject({ value: simAthlete.ftpW, source: 'strava' });
    expect(afterZones.effective.heartRate.zones?.source).toBe('athlete');
    await waitForJobs(setup.server);
    expect((await browser.get(`/api/activities/${rideId}`)).body.metrics).toMatchObject({ ftpW: simAthlete.ftpW, ftpSource: 'strava', hrZonesSource: 'settings' });

    // An FTP 30 % above what the rides show: Kai says so on a ride, with the ride it read, and offers the estimate.
    const estimate = afterZones.effective.estimates.ftpW!;
    const tooHigh = Math.round(estimate.value * 1.3);
    const set = userSettings.parse((await browser.put('/api/user/settings', { athleteFtp: tooHigh })).body);
    expect(set.effective.departures).toEqual([
      { threshold: 'ftpW', effectiveValue: tooHigh, effectiveSource: 'athlete', estimate, departurePct: expect.closeTo(-23.1, 0) },
    ]);
    await waitForJobs(setup.server);
    const analysis = (await browser.get(`/api/activities/${rideId}/analysis`)).body;
    expect(analysis.summary).toContain(`Your FTP of ${tooHigh} W (set by you) is`);
    expect(analysis.summary).toContain(`on ${estimate.evidence[0]!.activityName}`);
    expect(analysis.summary).toContain(`Update it in Settings to ${estimate.value} W`);
    // Six weeks of Strava history rescored three times: on a busy 2-core machine this takes well over the tier's 30 s.
  }, 120_000);
});
