import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../support/databases.ts';
import { createClient, type TestClient } from '../support/http-client.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { registerAthlete, waitForJobs } from '../support/strava.ts';

const kinds = await testDatabaseKinds();

/** A GPX recorded at 1 Hz from `start`, each block held for its seconds: a ride with power (and heart rate), or a run at a speed. */
function gpx(name: string, start: string, type: 'cycling' | 'running', blocks: { seconds: number; powerW?: number; hr?: number; speedMps?: number }[]): Uint8Array {
  const startMs = Date.parse(start);
  let metres = 0;
  const points: string[] = [];
  let i = 0;
  for (const block of blocks) {
    for (let s = 0; s < block.seconds; s++, i++) {
      const time = new Date(startMs + i * 1000).toISOString();
      const lat = 46 + metres / 111_320;
      metres += block.speedMps ?? 8;
      const power = block.powerW === undefined ? '' : `<power>${block.powerW}</power>`;
      const hr = block.hr === undefined ? '' : `<hr>${block.hr}</hr>`;
      points.push(`<trkpt lat="${lat.toFixed(7)}" lon="14.5"><ele>300</ele><time>${time}</time><extensions>${power}${hr}</extensions></trkpt>`);
    }
  }
  return new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="kairo-test" xmlns="http://www.topografix.com/GPX/1/1">
  <trk><name>${name}</name><type>${type}</type><trkseg>${points.join('')}</trkseg></trk>
</gpx>`);
}

/** The day an instant falls on in a zone, by the runtime's own zone rules (not the database's). */
const dayIn = (instant: Date, tz: string) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

describe.each(kinds)('the season on %s', (kind) => {
  let server: TestKairo;
  let athlete: TestClient;
  let accountId: string;
  let strangerIds: Set<string>;
  const ids = new Map<string, string>();

  /**
   * The expected curve, computed here from the stored per-activity curves: for each activity of the
   * account whose start falls on a day of the range in `tz`, the maximum per grid entry.
   */
  async function expectedCurve(from: string | null, to: string | null, tz: string): Promise<number[]> {
    const rows = await server.database.handle.query<{ startDate: Date | string; curve: number[] | null }>(
      `select a.start_date as "startDate", m.power_curve_w as curve
         from activity_metrics m join activities a on a.id = m.activity_id
        where a.user_id = $1 and a.duplicate_of is null`,
      [accountId],
    );
    const best: number[] = [];
    for (const row of rows) {
      const day = dayIn(new Date(row.startDate), tz);
      if ((from !== null && day < from) || (to !== null && day > to)) continue;
      (row.curve ?? []).forEach((watts, k) => {
        best[k] = Math.max(best[k] ?? -Infinity, Number(watts));
      });
    }
    return best;
  }

  beforeAll(async () => {
    server = await startTestKairo(kind);
    athlete = await registerAthlete(server.url);
    const stranger = await registerAthlete(server.url);
    const uploads: [TestClient, string, Uint8Array][] = [
      // Winter: 23:30 UTC on 15 January is already the 16th in Ljubljana (UTC+1).
      [athlete, 'late.gpx', gpx('Late ride', '2024-01-15T23:30:00Z', 'cycling', [{ seconds: 60, powerW: 600, hr: 150 }, { seconds: 1200, powerW: 260, hr: 170 }])],
      [athlete, 'feb.gpx', gpx('February ride', '2024-02-10T08:00:00Z', 'cycling', [{ seconds: 30, powerW: 900, hr: 140 }, { seconds: 1300, powerW: 240, hr: 181 }])],
      [athlete, 'june.gpx', gpx('June ride', '2024-06-20T07:00:00Z', 'cycling', [{ seconds: 180, powerW: 400, hr: 160 }, { seconds: 1020, powerW: 280, hr: 176 }])],
      [athlete, 'old.gpx', gpx('Old ride', '2022-05-05T07:00:00Z', 'cycling', [{ seconds: 10, powerW: 1200, hr: 150 }, { seconds: 1500, powerW: 300, hr: 185 }])],
      [athlete, 'run.gpx', gpx('Track run', '2024-03-03T07:00:00Z', 'running', [{ seconds: 400, speedMps: 4, hr: 165 }, { seconds: 300, speedMps: 5, hr: 172 }])],
      // The stranger's ride beats everything and sits in every range: it must never show.
      [stranger, 'x.gpx', gpx('Stranger', '2024-02-11T08:00:00Z', 'cycling', [{ seconds: 1300, powerW: 1500, hr: 199 }])],
    ];
    for (const [client, file, body] of uploads) {
      const response = await client.upload('/api/imports', file, body);
      expect(response.status).toBe(201);
    }
    await waitForJobs(server);
    const listed = await athlete.get('/api/activities?limit=50');
    for (const item of listed.body.items ?? listed.body) ids.set(item.name, item.id);
    const strangerList = await stranger.get('/api/activities?limit=50');
    strangerIds = new Set((strangerList.body.items ?? strangerList.body).map((item: { id: string }) => item.id));
    const [me] = await server.database.handle.query<{ id: string }>('select user_id as id from activities where id = $1', [ids.get('Late ride')]);
    accountId = me!.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers the maximum of the stored curves of each range, in the athlete’s time zone, never another account’s', async () => {
    const ranges: [string | null, string | null, string][] = [
      [null, null, 'UTC'],
      ['2024-01-01', '2024-12-31', 'UTC'],
      ['2024-01-16', '2024-03-31', 'UTC'],
      ['2024-01-16', '2024-03-31', 'Europe/Ljubljana'],
      ['2024-02-11', '2024-02-11', 'UTC'],
      ['2022-01-01', '2022-12-31', 'America/Los_Angeles'],
    ];
    for (const [from, to, tz] of ranges) {
      const query = from === null ? `?tz=${encodeURIComponent(tz)}` : `?from=${from}&to=${to}&tz=${encodeURIComponent(tz)}`;
      const answer = await athlete.get(`/api/season${query}`);
      expect(answer.status, query).toBe(200);
      const expected = await expectedCurve(from, to, tz);
      expect(answer.body.power.watts, query).toEqual(expected);
      expect(answer.body.power.durationsS.length, query).toBe(expected.length);
      for (const evidence of answer.body.power.evidence) expect(strangerIds.has(evidence.activityId), query).toBe(false);
    }
    // The late ride belongs to the 16th in Ljubljana only: its 600 W minute shows there and not in UTC.
    const utc = await athlete.get('/api/season?from=2024-01-16&to=2024-03-31&tz=UTC');
    const local = await athlete.get('/api/season?from=2024-01-16&to=2024-03-31&tz=Europe%2FLjubljana');
    const at60 = (body: { power: { durationsS: number[]; watts: number[] } }) => body.power.watts[body.power.durationsS.indexOf(60)];
    expect(at60(local.body)).toBe(600);
    expect(at60(utc.body)).toBeLessThan(600);
    expect(local.body.power.activityCount).toBe(2);
    expect(utc.body.power.activityCount).toBe(1);
    // The day the stranger rode holds nothing of the athlete's.
    const strangerDay = await athlete.get('/api/season?from=2024-02-11&to=2024-02-11');
    expect(strangerDay.body.power).toMatchObject({ activityCount: 0, durationsS: [], watts: [], evidence: [] });
    expect(strangerDay.body.timeline).toEqual([]);
  });

  it('links each point of the curve and the timeline to the activity it came from, with W/kg from the weight of that day', async () => {
    // No weight anywhere yet: no ratio is made up.
    const before = await athlete.get('/api/season?from=2024-01-01&to=2024-12-31&tz=Europe%2FLjubljana');
    expect(before.body.power.wattsPerKg.every((value: number | null) => value === null)).toBe(true);
    expect((await athlete.request('PUT', '/api/wellness/2024-02-01', { sleepHours: null, sleepQuality: null, fatigue: null, soreness: null, stress: null, mood: null, restingHrBpm: null, hrvRmssdMs: null, weightKg: 80, note: null })).status).toBe(200);
    expect((await athlete.request('PUT', '/api/wellness/2024-06-01', { sleepHours: null, sleepQuality: null, fatigue: null, soreness: null, stress: null, mood: null, restingHrBpm: null, hrvRmssdMs: null, weightKg: 70, note: null })).status).toBe(200);
    const season = (await athlete.get('/api/season?from=2024-01-01&to=2024-12-31&tz=Europe%2FLjubljana')).body;
    const { durationsS, watts, wattsPerKg, evidence } = season.power;
    // 1 s: the February ride's 900 W at 80 kg (the weight of 1 February).
    expect(evidence[0]).toEqual({ activityId: ids.get('February ride'), name: 'February ride', date: '2024-02-10' });
    expect(wattsPerKg[0]).toBe(11.25);
    // 20 min: the June ride (3 min at 400 W then 17 min at 280 W: 298 W) at 70 kg. The late ride of 16 January has
    // no check-in on or before its day: the profile's weight counts, which is the newest check-in's (70 kg).
    const k20 = durationsS.indexOf(1200);
    expect(evidence[k20].activityId).toBe(ids.get('June ride'));
    expect(watts[k20]).toBe(298);
    expect(wattsPerKg[k20]).toBe(Math.round((298 / 70) * 100) / 100);
    const lateK = evidence.findIndex((entry: { activityId: string }) => entry.activityId === ids.get('Late ride'));
    expect(lateK).toBeGreaterThanOrEqual(0);
    expect(wattsPerKg[lateK]).toBe(Math.round((watts[lateK] / 70) * 100) / 100);

    expect(season.timeline.map((month: { month: string }) => month.month)).toEqual(['2024-01', '2024-02', '2024-03', '2024-06']);
    const [january, february, march, june] = season.timeline;
    // January's best 20 min: the late ride, (60 × 600 + 1140 × 260) / 1200 = 277 W; FTP 95 % of it.
    expect(january.ftp).toMatchObject({ activityId: ids.get('Late ride'), date: '2024-01-16', watts: Math.round(0.95 * 277), wattsPerKg: Math.round((Math.round(0.95 * 277) / 70) * 100) / 100 });
    expect(february.ftp).toMatchObject({ activityId: ids.get('February ride'), wattsPerKg: Math.round((Math.round(0.95 * ((30 * 900 + 1170 * 240) / 1200)) / 80) * 100) / 100 });
    expect(february.maxHeartRate).toEqual({ activityId: ids.get('February ride'), name: 'February ride', date: '2024-02-10', bpm: 181 });
    expect(march.ftp).toBeNull();
    expect(march.maxHeartRate).toMatchObject({ activityId: ids.get('Track run'), bpm: 172 });
    // June: 400 W for 3 min then 280 W is CP 280 W, W′ 21.6 kJ exactly.
    expect(june.criticalPower).toMatchObject({ activityId: ids.get('June ride'), watts: 280, wattsPerKg: 4 });
    for (const month of season.timeline) {
      for (const point of [month.ftp, month.criticalPower, month.maxHeartRate]) if (point) expect(strangerIds.has(point.activityId)).toBe(false);
    }
  });

  it('reads a weight saved in the profile at once, though the season was kept just before (ADR 0097)', async () => {
    const path = '/api/season?from=2024-01-01&to=2024-12-31&tz=Europe%2FLjubljana';
    const kept = (await athlete.get(path)).body.power;
    const lateK = kept.evidence.findIndex((entry: { activityId: string }) => entry.activityId === ids.get('Late ride'));
    expect(kept.wattsPerKg[lateK]).toBe(Math.round((kept.watts[lateK] / 70) * 100) / 100);
    // The late ride has no check-in on or before its day: the profile's weight counts.
    expect((await athlete.request('PUT', '/api/user/settings', { athleteWeight: 64 })).status).toBe(200);
    const now = (await athlete.get(path)).body.power;
    expect(now.wattsPerKg[lateK]).toBe(Math.round((kept.watts[lateK] / 64) * 100) / 100);
    // The February ride's 1 s keeps the weight of its own day.
    expect(now.wattsPerKg[0]).toBe(11.25);
  });

  it('reads the pace curve from the runs’ best efforts', async () => {
    const season = (await athlete.get('/api/season?from=2024-03-01&to=2024-03-31')).body;
    expect(season.pace.activityCount).toBe(1);
    const distances = season.pace.efforts.map((effort: { distanceM: number }) => effort.distanceM);
    expect(distances).toEqual([400, 1000, 1609.344]);
    const [first] = season.pace.efforts;
    // The fastest 400 m is at 5 m/s: 80 s, 200 s/km.
    expect(first).toMatchObject({ activityId: ids.get('Track run'), date: '2024-03-03' });
    expect(first.elapsedS).toBeCloseTo(80, 0);
    expect(first.paceSPerKm).toBeCloseTo(200, 0);
    expect((await athlete.get('/api/season?from=2024-04-01&to=2024-04-30')).body.pace).toEqual({ activityCount: 0, efforts: [] });
  });

  it('credits an equal figure to the newest activity that holds it (ADR 0065)', async () => {
    // The June ride again, a week later: every entry of its curve ties with the June ride's.
    const again = await athlete.upload('/api/imports', 'june-again.gpx', gpx('June ride again', '2024-06-27T07:00:00Z', 'cycling', [{ seconds: 180, powerW: 400, hr: 160 }, { seconds: 1020, powerW: 280, hr: 176 }]));
    expect(again.status).toBe(201);
    await waitForJobs(server);
    const listed = await athlete.get('/api/activities?limit=50');
    const againId = (listed.body.items ?? listed.body).find((item: { name: string }) => item.name === 'June ride again').id;
    const june = (await athlete.get('/api/season?from=2024-06-01&to=2024-06-30')).body;
    expect(june.power.activityCount).toBe(2);
    expect(june.power.watts).toEqual(await expectedCurve('2024-06-01', '2024-06-30', 'UTC'));
    expect(new Set(june.power.evidence.map((entry: { activityId: string }) => entry.activityId))).toEqual(new Set([againId]));
    expect(june.timeline[0].ftp).toMatchObject({ activityId: againId, date: '2024-06-27' });
    expect(june.timeline[0].criticalPower).toMatchObject({ activityId: againId, watts: 280 });
  });

  it('refuses a bad range with a message, and asks for a session', async () => {
    const refused: [string, string][] = [
      ['from=2024-03-01&to=2024-02-01', 'from must not be after to.'],
      ['from=yesterday&to=2024-02-01', 'from must be a day written YYYY-MM-DD'],
      ['from=2024-02-30&to=2024-03-01', 'from must be a day written YYYY-MM-DD'],
      ['from=2000-01-01&to=2020-01-01', 'A range covers at most 20 years.'],
      ['from=2024-01-01', 'Give both from and to, or neither for all time.'],
      ['from=2024-01-01&to=2024-02-01&tz=Mars%2FOlympus', 'tz must be an IANA time zone, such as Europe/Ljubljana.'],
    ];
    for (const [query, message] of refused) {
      const response = await athlete.get(`/api/season?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body, query).toEqual({ message });
    }
    // Twenty years to the day is the longest range.
    expect((await athlete.get('/api/season?from=2000-01-01&to=2019-12-31')).status).toBe(200);
    expect((await createClient(server.url).get('/api/season')).status).toBe(401);
  });
});
