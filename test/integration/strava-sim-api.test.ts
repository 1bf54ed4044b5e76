import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itWithFixtures } from '../support/fixture-suites.ts';
import { api, connect, shapeDifferences, startTestSim, stravaFixture, type Connection, type TestSim } from '../support/strava-sim.ts';

/** Fields of the 2018 ride fixture that Strava no longer sends (absent from the 2025 recordings). */
const RETIRED_FIELDS = ['partner_brand_tag', 'highlighted_kudosers', 'segment_leaderboard_opt_out', 'start_latitude', 'start_longitude'];
/**
 * Strava adds `similar_activities` only for an athlete with efforts on the same route and
 * `photos.use_primary_photo` only when there are photos (`{ primary: null, count: 0 }` otherwise,
 * as in the ride fixture); simulated activities have neither.
 */
const NOT_SIMULATED = ['similar_activities', 'use_primary_photo'];
const POWER_FIELDS = ['average_watts', 'weighted_average_watts', 'kilojoules', 'device_watts', 'max_watts'];
/**
 * The recorded marathon came from a Fitbit without cadence or temperature; Strava adds these when
 * the device records them (as in the 2025 activity list and laps fixtures).
 */
const SENSOR_FIELDS = ['average_cadence', 'average_temp'];

describe('strava-sim API', () => {
  let sim: TestSim;
  let connection: Connection;
  let all: any[];

  beforeAll(async () => {
    sim = await startTestSim();
    const athlete = sim.control.createAthlete({ seed: 7 });
    connection = await connect(sim, 'read,profile:read_all,activity:read_all,activity:write', athlete.id);
    all = (await api(sim, connection.accessToken, '/athlete/activities?per_page=200')).body;
  });
  afterAll(async () => {
    await sim?.close();
  });

  const get = (path: string) => api(sim, connection.accessToken, path);
  const find = (predicate: (activity: any) => boolean) => {
    const activity = all.find(predicate);
    if (!activity) throw new Error('no such activity in the demo history');
    return activity;
  };

  it('lists about six months of activities, newest first, none in the future', async () => {
    expect(all.length).toBeGreaterThan(120);
    expect(all.length).toBeLessThanOrEqual(200);
    const starts = all.map((activity) => Date.parse(activity.start_date));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    const nowMs = sim.control.now();
    for (const activity of all) expect(Date.parse(activity.start_date) + activity.elapsed_time * 1000).toBeLessThanOrEqual(nowMs);
    expect(nowMs - starts.at(-1)!).toBeGreaterThan(170 * 86_400_000);
    expect(new Set(all.map((activity) => activity.sport_type))).toEqual(new Set(['Ride', 'Run', 'WeightTraining', 'Hike']));
  });

  it('pages with page and per_page (default 30, at most 200)', async () => {
    const firstPage = (await get('/athlete/activities')).body;
    expect(firstPage.map((activity: any) => activity.id)).toEqual(all.slice(0, 30).map((activity) => activity.id));
    const third = (await get('/athlete/activities?page=3&per_page=7')).body;
    expect(third.map((activity: any) => activity.id)).toEqual(all.slice(14, 21).map((activity) => activity.id));
    expect((await get('/athlete/activities?per_page=500')).body).toHaveLength(Math.min(200, all.length));
    expect((await get(`/athlete/activities?page=${all.length + 1}&per_page=1`)).body).toEqual([]);
    const bad = await get('/athlete/activities?per_page=lots');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'Bad Request', errors: [{ resource: 'Application', field: 'per_page', code: 'invalid' }] });
  });

  it('filters with before and after (epoch seconds, exclusive); with after the oldest come first', async () => {
    const startS = (activity: any) => Date.parse(activity.start_date) / 1000;
    const pivot = all[40];
    const before = (await get(`/athlete/activities?before=${startS(pivot)}&per_page=200`)).body;
    expect(before.map((activity: any) => activity.id)).toEqual(all.slice(41).map((activity) => activity.id));
    const after = (await get(`/athlete/activities?after=${startS(pivot)}&per_page=200`)).body;
    expect(after.map((activity: any) => activity.id)).toEqual(all.slice(0, 40).reverse().map((activity) => activity.id));
    const window = (await get(`/athlete/activities?after=${startS(all[20])}&before=${startS(all[10])}`)).body;
    expect(window.map((activity: any) => activity.id)).toEqual(all.slice(11, 20).reverse().map((activity) => activity.id));
  });

  itWithFixtures('writes SummaryActivity like the recorded list, power fields added for rides with a power meter', async () => {
    const fixture = stravaFixture('athlete_activities.json')[0];
    const run = find((activity) => activity.sport_type === 'Run');
    expect(Object.keys(run).sort()).toEqual(Object.keys(fixture).sort());
    expect(shapeDifferences(run, fixture)).toEqual([]);
    const ride = find((activity) => activity.sport_type === 'Ride' && !activity.trainer);
    expect(Object.keys(ride).sort()).toEqual([...Object.keys(fixture), ...POWER_FIELDS].sort());
    expect(shapeDifferences(ride, fixture, '$', POWER_FIELDS)).toEqual([]);
    expect(ride.device_watts).toBe(true);
    expect(ride.weighted_average_watts).toBeGreaterThanOrEqual(ride.average_watts);
    expect(ride.kilojoules).toBeCloseTo((ride.average_watts * ride.moving_time) / 1000, 0);
    expect(ride.map.summary_polyline.length).toBeGreaterThan(20);
    const gym = find((activity) => activity.sport_type === 'WeightTraining');
    expect(gym.distance).toBe(0);
    expect(gym.start_latlng).toEqual([]);
    expect(gym.map.summary_polyline).toBe('');
  });

  itWithFixtures('writes DetailedActivity of a run like the recorded marathon: laps, splits, best efforts', async () => {
    const fixture = stravaFixture('activity_run.json');
    const run = (await get(`/activities/${find((activity) => activity.sport_type === 'Run' && activity.distance > 10_000).id}`)).body;
    expect(Object.keys(run).sort()).toEqual([...Object.keys(fixture).filter((key) => !NOT_SIMULATED.includes(key)), ...SENSOR_FIELDS].sort());
    expect(shapeDifferences(run, fixture, '$', [...NOT_SIMULATED, ...SENSOR_FIELDS])).toEqual([]);
    expect(run.resource_state).toBe(3);
    expect(run.segment_efforts).toEqual([]);
    expect(run.best_efforts.map((effort: any) => effort.name).slice(0, 6)).toEqual(['400m', '1/2 mile', '1K', '1 mile', '2 mile', '5K']);
    for (const split of run.splits_metric.slice(0, -1)) expect(split.distance).toBeCloseTo(1000, -1);
    const splitDistance = run.splits_metric.reduce((sum: number, split: any) => sum + split.distance, 0);
    expect(splitDistance).toBeCloseTo(run.distance, -1);
    const lapTime = run.laps.reduce((sum: number, lap: any) => sum + lap.elapsed_time, 0);
    expect(lapTime).toBe(run.elapsed_time);
    expect(run.map.polyline.length).toBeGreaterThan(run.map.summary_polyline.length);
  });

  itWithFixtures('writes DetailedActivity of a power ride with the power fields of the recorded ride', async () => {
    const fixture = stravaFixture('activity_ride_power.json');
    const ride = (await get(`/activities/${find((activity) => activity.sport_type === 'Ride' && !activity.trainer).id}`)).body;
    const expectedKeys = Object.keys(fixture).filter((key) => !RETIRED_FIELDS.includes(key));
    for (const key of expectedKeys) expect(ride, key).toHaveProperty(key);
    // Since 2018 Strava also names the activity's visibility in a lap's activity reference.
    expect(shapeDifferences(ride.laps[0], fixture.laps[0], '$', ['visibility'])).toEqual([]);
    expect(shapeDifferences(ride.splits_metric[0], fixture.splits_metric[0])).toEqual([]);
    expect(shapeDifferences(ride.map, fixture.map)).toEqual([]);
    expect(ride.best_efforts).toBeUndefined();
  });

  itWithFixtures('writes an indoor ride like the recorded trainer ride: no GPS, no splits', async () => {
    const fixture = stravaFixture('activity_ride_trainer.json');
    const ride = (await get(`/activities/${find((activity) => activity.trainer).id}`)).body;
    // The recorded trainer ride had no power meter and no cadence; the simulated one has both.
    const extra = [...POWER_FIELDS, 'average_cadence'];
    expect(Object.keys(ride).sort()).toEqual([...Object.keys(fixture).filter((key) => key !== 'gear_id'), 'gear_id', ...extra].sort());
    expect(ride.trainer).toBe(true);
    expect(ride.start_latlng).toEqual([]);
    expect(ride.splits_metric).toBeUndefined();
    expect(ride.laps.length).toBeGreaterThanOrEqual(1);
  });

  itWithFixtures('serves streams keyed by type like the recorded power ride, and as a list', async () => {
    const fixture = stravaFixture('streams_ride_power_key_by_type.json');
    const ride = find((activity) => activity.sport_type === 'Ride' && !activity.trainer);
    const keys = Object.keys(fixture).join(',');
    const byType = (await get(`/activities/${ride.id}/streams?keys=${keys}&key_by_type=true`)).body;
    expect(Object.keys(byType).sort()).toEqual(Object.keys(fixture).sort());
    expect(shapeDifferences(byType, fixture)).toEqual([]);
    for (const stream of Object.values<any>(byType)) {
      expect(stream.data).toHaveLength(ride.elapsed_time + 1);
      expect(stream).toMatchObject({ series_type: 'distance', original_size: ride.elapsed_time + 1, resolution: 'high' });
    }
    expect(byType.time.data.at(-1)).toBe(ride.elapsed_time);
    expect(byType.distance.data.at(-1)).toBe(ride.distance);
    expect(Number.isInteger(byType.watts.data[100])).toBe(true);
    expect(typeof byType.moving.data[0]).toBe('boolean');

    const list = (await get(`/activities/${ride.id}/streams?keys=watts,heartrate`)).body;
    expect(list.map((stream: any) => stream.type)).toEqual(['distance', 'heartrate', 'watts']);
    expect(Object.keys(list[0])).toEqual(['type', 'data', 'series_type', 'original_size', 'resolution']);
    // Without keys Strava sends the series stream only (streams_run_distance_key_by_type.json).
    const bare = (await get(`/activities/${ride.id}/streams?key_by_type=true`)).body;
    expect(Object.keys(bare)).toEqual(Object.keys(stravaFixture('streams_run_distance_key_by_type.json')));
    const gym = find((activity) => activity.sport_type === 'WeightTraining');
    const gymStreams = (await get(`/activities/${gym.id}/streams?keys=heartrate,watts,latlng&key_by_type=true`)).body;
    expect(Object.keys(gymStreams).sort()).toEqual(['heartrate', 'time']);
    expect(gymStreams.heartrate.series_type).toBe('time');
  });

  itWithFixtures('keeps summary, laps and streams consistent', async () => {
    const run = find((activity) => activity.sport_type === 'Run');
    const streams = (await get(`/activities/${run.id}/streams?keys=time,distance,velocity_smooth,heartrate,moving&key_by_type=true`)).body;
    const moving = streams.moving.data as boolean[];
    const movingS = moving.slice(1).filter(Boolean).length;
    expect(run.moving_time).toBe(movingS);
    const heartrate = (streams.heartrate.data as number[]).filter((_, i) => i > 0 && moving[i]);
    expect(run.max_heartrate).toBe(Math.max(...heartrate));
    expect(run.average_heartrate).toBeCloseTo(heartrate.reduce((a, b) => a + b, 0) / heartrate.length, 1);
    const laps = (await get(`/activities/${run.id}/laps`)).body;
    expect(shapeDifferences(laps[0], stravaFixture('activity_run.json').laps[0], '$', SENSOR_FIELDS)).toEqual([]);
    expect(shapeDifferences(laps[0], stravaFixture('activity_laps.json')[0], '$', ['pace_zone'])).toEqual([]);
    expect(laps.at(-1).end_index).toBe(run.elapsed_time);
  });

  itWithFixtures('answers the athlete, zones and stats like Strava', async () => {
    const athlete = (await get('/athlete')).body;
    expect(Object.keys(athlete).sort()).toEqual(Object.keys(stravaFixture('athlete.json')).sort());
    expect(shapeDifferences(athlete, stravaFixture('athlete.json'), '$', ['clubs'])).toEqual([]);
    expect(athlete.ftp).toBe(sim.control.athlete(connection.athleteId)!.ftpW);
    expect(athlete.bikes[0].distance).toBeGreaterThan(1_000_000);

    const zones = (await get('/athlete/zones')).body;
    expect(shapeDifferences(zones, stravaFixture('athlete_zones_with_power.json'))).toEqual([]);
    expect(zones.power.zones).toHaveLength(7);
    expect(zones.power.zones[3].max).toBe(Math.round(athlete.ftp * 1.05));
    expect(zones.heart_rate.zones.at(-1).max).toBe(-1);

    const stats = (await get(`/athletes/${connection.athleteId}/stats`)).body;
    expect(stats.all_ride_totals.count).toBe(all.filter((activity) => activity.sport_type === 'Ride' && activity.visibility === 'everyone').length);
    expect(stats.recent_run_totals).toHaveProperty('achievement_count');
    expect((await get(`/athletes/${connection.athleteId + 1}/stats`)).status).toBe(404);
  });

  it('needs profile:read_all for zones and the detailed athlete, activity:write for PUT', async () => {
    const narrow = await connect(sim, 'read,activity:read', connection.athleteId);
    expect((await api(sim, narrow.accessToken, '/athlete')).body.resource_state).toBe(2);
    expect((await api(sim, narrow.accessToken, '/athlete/zones')).status).toBe(401);
    const ride = find((activity) => activity.sport_type === 'Ride');
    const put = await api(sim, narrow.accessToken, `/activities/${ride.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Nope' }),
    });
    expect(put.status).toBe(401);
    expect(put.body).toEqual({ message: 'Authorization Error', errors: [{ resource: 'AccessToken', field: 'activity:write_permission', code: 'missing' }] });
    // activity:read sees no "only me" activities; activity:read_all does.
    const visible = (await api(sim, narrow.accessToken, '/athlete/activities?per_page=200')).body;
    expect(visible.length).toBe(all.filter((activity) => !activity.private).length);
    const hidden = all.find((activity) => activity.private);
    if (hidden) expect((await api(sim, narrow.accessToken, `/activities/${hidden.id}`)).status).toBe(404);
  });

  it('updates an activity with PUT and answers the detailed activity', async () => {
    const run = find((activity) => activity.sport_type === 'Run');
    const put = await get(`/activities/${run.id}`);
    expect(put.status).toBe(200);
    const updated = await api(sim, connection.accessToken, `/activities/${run.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Kai says: steady', description: 'Analysis by Kai', sport_type: 'TrailRun', commute: false }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Kai says: steady', description: 'Analysis by Kai', sport_type: 'TrailRun', type: 'Run', resource_state: 3 });
    const badType = await api(sim, connection.accessToken, `/activities/${run.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sport_type: 'Teleport' }),
    });
    expect(badType.status).toBe(400);
  });

  it('does not show other athletes\' activities', async () => {
    const other = await connect(sim, 'read,activity:read_all');
    const ride = find((activity) => activity.sport_type === 'Ride');
    const answer = await api(sim, other.accessToken, `/activities/${ride.id}`);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: 'Record Not Found', errors: [{ resource: 'Activity', field: 'id', code: 'invalid' }] });
  });
});
