import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POWER_CURVE_GRID_S } from '../../src/metrics/power-curve-grid.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import { createClient, type TestClient } from '../support/http-client.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { registerAthlete, waitForJobs } from '../support/strava.ts';
import { DAY_MS } from '../../src/shared/time.ts';

const kinds = await testDatabaseKinds();

/** A GPX ride recorded at 1 Hz, `daysAgo` days before now, holding each block's power for its seconds. */
function rideGpx(name: string, daysAgo: number, blocks: { seconds: number; powerW: number }[]): Uint8Array {
  const startMs = Date.now() - daysAgo * DAY_MS;
  const powers = blocks.flatMap((block) => Array.from({ length: block.seconds }, () => block.powerW));
  const points = powers.map((powerW, i) => {
    const time = new Date(startMs + i * 1000).toISOString();
    return `<trkpt lat="46.0" lon="${(14.5 + i * 0.0001).toFixed(4)}"><ele>300</ele><time>${time}</time><extensions><power>${powerW}</power></extensions></trkpt>`;
  });
  const gpx = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="kairo-test" xmlns="http://www.topografix.com/GPX/1/1">
  <trk><name>${name}</name><type>cycling</type><trkseg>${points.join('')}</trkseg></trk>
</gpx>`;
  return new TextEncoder().encode(gpx);
}

/** The curve as { grid duration: watts }, so expectations read like the table they are. */
const byDuration = (curve: { durationsS: number[]; watts: number[] }) =>
  Object.fromEntries(curve.durationsS.map((durationS, k) => [durationS, curve.watts[k]]));

describe.each(kinds)("the athlete's best power curve on %s", (kind) => {
  let server: TestKairo;
  let athlete: TestClient;
  beforeAll(async () => {
    server = await startTestKairo(kind);
    athlete = await registerAthlete(server.url);
    const stranger = await registerAthlete(server.url);
    // Ride A, 2 days ago: 1 min at 300 W, then 10 min at 200 W (11 min).
    // Ride B, 10 days ago: 20 min at 250 W.
    // Ride C, 120 days ago: 30 s at 900 W, outside the default 90 days.
    // Ride D, 150 days ago: 3 min at 400 W, then 17 min at 250 W. From 3 min on its best is
    // 250 + 27,000 / t W: the two-parameter model exactly, with CP 250 W and W′ 27 kJ.
    // The stranger's ride yesterday, 1 min at 1500 W, is never the athlete's.
    const uploads = [
      athlete.upload('/api/imports', 'a.gpx', rideGpx('A', 2, [{ seconds: 60, powerW: 300 }, { seconds: 600, powerW: 200 }])),
      athlete.upload('/api/imports', 'b.gpx', rideGpx('B', 10, [{ seconds: 1200, powerW: 250 }])),
      athlete.upload('/api/imports', 'c.gpx', rideGpx('C', 120, [{ seconds: 30, powerW: 900 }, { seconds: 60, powerW: 100 }])),
      athlete.upload('/api/imports', 'd.gpx', rideGpx('D', 150, [{ seconds: 180, powerW: 400 }, { seconds: 1020, powerW: 250 }])),
      stranger.upload('/api/imports', 'x.gpx', rideGpx('X', 1, [{ seconds: 60, powerW: 1500 }])),
    ];
    for (const upload of uploads) expect((await upload).status).toBe(201);
    await waitForJobs(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('takes the best of the last 90 days at every grid duration, from the signed-in athlete only', async () => {
    const best = await athlete.get('/api/power-curve/best');
    expect(best.status).toBe(200);
    expect(best.body.days).toBe(90);
    expect(best.body.activityCount).toBe(2);
    // The longest ride is 20 min: the grid stops there.
    expect(best.body.durationsS).toEqual(POWER_CURVE_GRID_S.filter((durationS) => durationS <= 1200));
    const watts = byDuration(best.body);
    expect(watts[1]).toBe(300);
    expect(watts[60]).toBe(300);
    // 75 s of A: (60 × 300 + 15 × 200) / 75.
    expect(watts[75]).toBe(280);
    // 90 s of A: (60 × 300 + 30 × 200) / 90 = 266.7 beats B's 250.
    expect(watts[90]).toBeCloseTo(266.667, 3);
    // From 2 min on, B's steady 250 W beats A ((60 × 300 + 60 × 200) / 120 = 250 ties, 300 s gives A 220).
    for (const durationS of [120, 300, 600, 720, 1200]) expect(watts[durationS], `${durationS} s`).toBe(250);
    // A flat 250 W from 3 to 20 min leaves nothing above critical power: no W′, no fit.
    expect(best.body.criticalPower).toBeNull();
  });

  it('answers for another window, and with empty arrays when no ride in it has power', async () => {
    const lastYear = await athlete.get('/api/power-curve/best?days=365');
    expect(lastYear.body.activityCount).toBe(4);
    expect(byDuration(lastYear.body)[600]).toBe(295);
    expect(lastYear.body.criticalPower).toEqual({ criticalPowerW: 250, wPrimeJ: 27_000 });
    expect(byDuration(lastYear.body)[1]).toBe(900);
    expect(byDuration(lastYear.body)[30]).toBe(900);
    // 40 s of C: (30 × 900 + 10 × 100) / 40 = 700.
    expect(byDuration(lastYear.body)[40]).toBe(700);

    const lastFiveDays = await athlete.get('/api/power-curve/best?days=5');
    expect(lastFiveDays.body.activityCount).toBe(1);
    expect(lastFiveDays.body.durationsS.at(-1)).toBe(600);
    expect(byDuration(lastFiveDays.body)[300]).toBe(220);

    const fresh = await registerAthlete(server.url);
    expect((await fresh.get('/api/power-curve/best')).body).toEqual({ days: 90, activityCount: 0, durationsS: [], watts: [], criticalPower: null });
  });

  it('fills in the curves of metrics stored before curves were kept', async () => {
    const before = await athlete.get('/api/power-curve/best');
    await server.database.handle.query('update activity_metrics set power_curve_w = null');
    const after = await athlete.get('/api/power-curve/best');
    expect(after.body).toEqual(before.body);
    const [stored] = await server.database.handle.query<{ missing: number }>(
      'select count(*)::int as missing from activity_metrics where power_curve_w is null',
    );
    // Only this athlete's last 90 days were needed: rides C and D and the stranger's ride wait for their turn.
    expect(stored?.missing).toBe(3);
  });

  it('rejects a window outside 1…365 days and asks for a session', async () => {
    for (const days of ['0', '366']) {
      const response = await athlete.get(`/api/power-curve/best?days=${days}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: 'days must be between 1 and 365' });
    }
    expect((await createClient(server.url).get('/api/power-curve/best')).status).toBe(401);
  });
});
