import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSettings, type UserSettings } from '../../src/shared/api/settings.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import type { TestClient } from '../support/http-client.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { heartRateGpx as heartRateGpxOf, RIDES_AND_RUNS_WITH_PEAKS, type HeartRateGpxOptions } from '../support/heart-rate-gpx.ts';
import { registerAthlete, waitForJobs } from '../support/strava.ts';
import { DAY_MS } from '../../src/shared/time.ts';

/**
 * ADR 0060: max heart rate estimated per sport from the athlete's own recordings, with the
 * activities it comes from; the athlete's value wins and the estimate is offered when it departs
 * by more than 5 %; a save leaves what it does not carry alone.
 */

const kinds = await testDatabaseKinds();
const NOW = Date.now();
const heartRateGpx = (options: Omit<HeartRateGpxOptions, 'nowMs'>) => heartRateGpxOf({ ...options, nowMs: NOW });

const boundsOf = (zones: { max: number | null }[] | undefined) => zones?.slice(0, 4).map((zone) => zone.max);

describe.each(kinds)('Max heart rate per sport, estimated from the athlete\'s own recordings, on %s', (kind) => {
  let server: TestKairo;
  let athlete: TestClient;
  const ids: Record<string, string> = {};

  async function settings(): Promise<UserSettings> {
    const response = await athlete.get('/api/user/settings');
    expect(response.status).toBe(200);
    return userSettings.parse(response.body);
  }

  beforeAll(async () => {
    server = await startTestKairo(kind);
    athlete = await registerAthlete(server.url);
    for (const activity of RIDES_AND_RUNS_WITH_PEAKS) {
      const response = await athlete.upload('/api/imports', `${activity.name}.gpx`, heartRateGpx(activity));
      expect(response.status, activity.name).toBe(201);
      ids[activity.name] = response.body.activity.id as string;
    }
    await waitForJobs(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('gives rides and runs their own estimate, with its source and the activities it comes from, and the zones from it', async () => {
    const { effective, hrBySport, athleteMaxHrBpm } = await settings();
    // Rides peaked at 236 (one reading) and 178: the spike is set aside and 178 counts.
    expect(effective.cycling.heartRate.maxHrBpm).toMatchObject({
      value: 178,
      source: 'estimate',
      evidence: [
        { activityId: ids['Long ride'], activityName: 'Long ride', value: 178, label: 'second-highest peak 178 bpm' },
        { activityId: ids.Commute, activityName: 'Commute', value: 236, label: 'highest peak 236 bpm, set aside as one recording' },
      ],
    });
    expect(effective.cycling.heartRate.maxHrBpm?.evidence[0]?.startDate.slice(0, 10)).toBe(new Date(NOW - 20 * DAY_MS).toISOString().slice(0, 10));
    // Runs peaked at 192 and 191.
    expect(effective.running.heartRate.maxHrBpm).toMatchObject({ value: 191, source: 'estimate', evidence: [{ activityName: 'Parkrun', value: 191 }, { activityName: 'Tempo run', value: 192 }] });
    // Every sport, each group by its own rule (ADR 0060): rides count 178, runs 191, the rest 171 → 191. Pooled, the
    // second-highest peak would be the run the runs' estimate sets aside (issue 26); it is named as set aside here too.
    expect(effective.heartRate.maxHrBpm).toMatchObject({
      value: 191,
      source: 'estimate',
      evidence: [{ activityName: 'Parkrun', value: 191 }, { activityName: 'Commute', value: 236, label: 'highest peak 236 bpm, set aside as one recording' }],
    });
    expect(effective.estimates.maxHrBpmBySport).toMatchObject({ cycling: { value: 178 }, running: { value: 191 } });
    // Friel's zones from LTHR at 90 % of each (160.2 and 171.9 bpm).
    expect(boundsOf(effective.cycling.heartRate.zones?.zones)).toEqual([128, 143, 149, 159]);
    expect(boundsOf(effective.running.heartRate.zones?.zones)).toEqual([138, 153, 160, 170]);
    expect(effective.cycling.heartRate.zones?.source).toBe('estimate');
    expect(effective.departures).toEqual([]);
    // Nothing was saved: an estimate is never a value the athlete set.
    expect(athleteMaxHrBpm).toBeNull();
    expect(hrBySport.cycling.athleteMaxHrBpm).toBeNull();
    expect(hrBySport.running.athleteMaxHrBpm).toBeNull();
  });

  it("makes the athlete's value effective, offers the sport's estimate when it departs by more than 5 %, and leaves untouched values alone", async () => {
    // 180 for all sports: cycling's 178 is 1.1 % below, running's 191 is 6.1 % above.
    const saved = await athlete.put('/api/user/settings', { athleteMaxHrBpm: 180 });
    expect(saved.status).toBe(200);
    const { effective, hrBySport } = userSettings.parse(saved.body);
    expect(effective.cycling.heartRate.maxHrBpm).toMatchObject({ value: 180, source: 'athlete' });
    expect(effective.running.heartRate.maxHrBpm).toMatchObject({ value: 180, source: 'athlete' });
    expect(effective.departures).toEqual([
      { threshold: 'runningMaxHrBpm', effectiveValue: 180, effectiveSource: 'athlete', estimate: effective.estimates.maxHrBpmBySport.running, departurePct: 6.1 },
    ]);
    expect(effective.departures[0]?.estimate.evidence.map((entry) => entry.activityName)).toEqual(['Parkrun', 'Tempo run']);
    expect(hrBySport.running.athleteMaxHrBpm).toBeNull();
    // Kai says so in the analysis of a run, naming the run; a ride's analysis says nothing of it.
    await waitForJobs(server);
    const runAnalysis = await athlete.get(`/api/activities/${ids.Parkrun}/analysis`);
    expect(runAnalysis.status).toBe(200);
    expect(runAnalysis.body.summary).toContain('Your max heart rate of 180 bpm (set by you) is 6% below what your runs of the last 12 months show: 191 bpm on Parkrun (');
    expect((await athlete.get(`/api/activities/${ids['Long ride']}/analysis`)).body.summary).not.toContain('max heart rate');

    // Accepting the offer sets running's own max HR; the value for all sports and cycling stay as they were.
    const accepted = userSettings.parse((await athlete.put('/api/user/settings', { hrBySport: { running: { athleteMaxHrBpm: 191 } } })).body);
    expect(accepted.athleteMaxHrBpm).toBe(180);
    expect(accepted.hrBySport.cycling.athleteMaxHrBpm).toBeNull();
    expect(accepted.hrBySport.running.athleteMaxHrBpm).toBe(191);
    expect(accepted.effective.running.heartRate.maxHrBpm).toMatchObject({ value: 191, source: 'athlete' });
    expect(accepted.effective.cycling.heartRate.maxHrBpm).toMatchObject({ value: 180, source: 'athlete' });
    expect(accepted.effective.departures).toEqual([]);

    // A save of something else changes no heart rate, set or estimated.
    const other = userSettings.parse((await athlete.put('/api/user/settings', { athleteName: 'Sam' })).body);
    expect({ all: other.athleteMaxHrBpm, cycling: other.hrBySport.cycling.athleteMaxHrBpm, running: other.hrBySport.running.athleteMaxHrBpm }).toEqual({ all: 180, cycling: null, running: 191 });
    expect(other.effective.estimates.maxHrBpmBySport).toEqual(accepted.effective.estimates.maxHrBpmBySport);
    await waitForJobs(server);
    expect((await athlete.get(`/api/activities/${ids.Parkrun}`)).body.metrics.hrZonesSource).toBe('settings');

    // Clearing the values makes the estimates effective again.
    const cleared = userSettings.parse((await athlete.put('/api/user/settings', { athleteMaxHrBpm: null, hrBySport: { running: { athleteMaxHrBpm: null } } })).body);
    expect(cleared.effective.running.heartRate.maxHrBpm).toMatchObject({ value: 191, source: 'estimate' });
    expect(cleared.effective.cycling.heartRate.maxHrBpm).toMatchObject({ value: 178, source: 'estimate' });
    await waitForJobs(server);
  });

  it('scores each activity with the estimate of its own sport as of that activity, once the history is rescored oldest first', async () => {
    // The clearing above rescored the history oldest first (uploads are scored in the order their jobs run).
    const zonesOf = async (name: string) => (await athlete.get(`/api/activities/${ids[name]}`)).body.metrics as { hrZoneUpperBoundsBpm: number[]; hrZonesSource: string };
    // The newest ride and run are scored with what the settings show.
    expect(await zonesOf('Commute')).toMatchObject({ hrZoneUpperBoundsBpm: [128, 143, 149, 159], hrZonesSource: 'estimate' });
    expect(await zonesOf('Parkrun')).toMatchObject({ hrZoneUpperBoundsBpm: [138, 153, 160, 170], hrZonesSource: 'estimate' });
    // The first run had only itself: 192 bpm, LTHR 172.8.
    expect((await zonesOf('Tempo run')).hrZoneUpperBoundsBpm).toEqual([138, 154, 161, 171]);
  });
});

describe.each(kinds)('Max heart rate without heart-rate data, on %s', (kind) => {
  let server: TestKairo;
  let athlete: TestClient;
  beforeAll(async () => {
    server = await startTestKairo(kind);
    athlete = await registerAthlete(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('has no estimate, absent and never 0, when no activity has a heart rate', async () => {
    const plain = heartRateGpx({ name: 'No strap', type: 'running', daysAgo: 2, peakBpm: 150 }).toString().replace(/<extensions>.*?<\/extensions>/g, '');
    expect((await athlete.upload('/api/imports', 'plain.gpx', Buffer.from(plain))).status).toBe(201);
    await waitForJobs(server);
    const { effective } = userSettings.parse((await athlete.get('/api/user/settings')).body);
    expect(effective.estimates.maxHrBpm).toBeNull();
    expect(effective.estimates.maxHrBpmBySport).toEqual({ cycling: null, running: null });
    expect(effective.running.heartRate).toMatchObject({ maxHrBpm: null, lthrBpm: null, zones: null });
    expect(effective.departures).toEqual([]);
  });
});
