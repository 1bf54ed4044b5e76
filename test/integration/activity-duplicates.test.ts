import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../support/databases.ts';
import type { TestClient } from '../support/http-client.ts';
import type { TestKairo } from '../support/kairo.ts';
import { useKairoWithSim } from '../support/kairo-with-sim.ts';
import { connectStrava, registerAthlete, waitForJobs } from '../support/strava.ts';
import { shiftDates, zipOf } from '../support/strava-export.ts';
import { DAY_MS } from '../../src/shared/time.ts';
import { hikeGpx, sameRun } from '../support/recordings.ts';

const kinds = await testDatabaseKinds();
/** The three files of one Forerunner 220 run, 2021-04-16 13:37:53 UTC. */
const runFile = (extension: 'fit' | 'gpx' | 'tcx') => sameRun(extension).bytes;

/** The run's TCX or GPX moved to `daysAgo` days before today, so its load falls inside GET /api/fitness. */
function recentRun(extension: 'gpx' | 'tcx', daysAgo: number): string {
  const days = Math.floor((Date.now() - Date.UTC(2021, 3, 16)) / DAY_MS) - daysAgo;
  return shiftDates(runFile(extension).toString('utf8'), days);
}

/** A GPX recording of a run from `start` lasting `elapsedS`, a point every 10 s with heart rate. */
function gpxRun(start: Date, elapsedS: number): string {
  const points: string[] = [];
  for (let offsetS = 0; offsetS <= elapsedS; offsetS += 10) {
    const time = new Date(start.getTime() + offsetS * 1000).toISOString();
    const lon = (14.5 + offsetS * 0.00004).toFixed(6);
    points.push(
      `<trkpt lat="46.05" lon="${lon}"><ele>300</ele><time>${time}</time>` +
        '<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>150</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>',
    );
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<gpx version="1.1" creator="Watch" xmlns="http://www.topografix.com/GPX/1/1" ' +
    'xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">' +
    `<trk><name>Watch run</name><type>running</type><trkseg>${points.join('')}</trkseg></trk></gpx>`
  );
}

async function activities(browser: TestClient): Promise<{ id: string; name: string; source: string }[]> {
  const list = await browser.get('/api/activities?limit=200');
  expect(list.status).toBe(200);
  return list.body;
}

async function totalLoad(browser: TestClient): Promise<number> {
  const fitness = await browser.get('/api/fitness?days=30');
  expect(fitness.status).toBe(200);
  return fitness.body.reduce((sum: number, day: { load: number }) => sum + day.load, 0);
}

describe.each(kinds)('duplicate activities on %s', (kind) => {
  const setup = useKairoWithSim(kind);
  let server: TestKairo;
  const signedIn = async () => {
    server = setup.server;
    return registerAthlete(server.url);
  };

  it('refuses the TCX and GPX of a run already uploaded as FIT with a 409 naming it, storing nothing', async () => {
    const browser = await signedIn();
    const fit = await browser.upload('/api/imports', 'run.fit', runFile('fit'));
    expect(fit.status).toBe(201);

    for (const [name, bytes] of [
      ['run.tcx', runFile('tcx')],
      ['run.gpx', runFile('gpx')],
      ['copy.fit', runFile('fit')],
    ] as const) {
      const again = await browser.upload('/api/imports', name, bytes);
      expect(again.status, name).toBe(409);
      expect(again.body.message, name).toBe(
        `${name} was not imported: it is the same activity as "${fit.body.activity.name}" (16 Apr 2021, 13:37 UTC), already in your activities.`,
      );
    }
    expect((await activities(browser)).map((activity) => activity.id)).toEqual([fit.body.activity.id]);
    expect((await browser.get('/api/imports')).body).toHaveLength(1);
  });

  it('counts the load of a run uploaded in two formats once', async () => {
    const browser = await signedIn();
    const tcx = await browser.upload('/api/imports', 'run.tcx', new TextEncoder().encode(recentRun('tcx', 3)));
    expect(tcx.status).toBe(201);
    await waitForJobs(server);
    const detail = await browser.get(`/api/activities/${tcx.body.activity.id}`);
    const load = detail.body.metrics.trainingLoad as number;
    expect(load).toBeGreaterThan(0);

    const gpx = await browser.upload('/api/imports', 'run.gpx', new TextEncoder().encode(recentRun('gpx', 3)));
    expect(gpx.status).toBe(409);
    await waitForJobs(server);
    expect(await totalLoad(browser)).toBeCloseTo(load, 6);
  });

  it('stores one activity when the same run is uploaded twice at once, or as FIT and TCX at once', async () => {
    const browser = await signedIn();
    const same = await Promise.all([0, 1].map(() => browser.upload('/api/imports', 'run.fit', runFile('fit'))));
    expect(same.map((answer) => answer.status).sort()).toEqual([201, 409]);

    const other = await signedIn();
    const formats = await Promise.all([
      other.upload('/api/imports', 'run.fit', runFile('fit')),
      other.upload('/api/imports', 'run.tcx', runFile('tcx')),
    ]);
    expect(formats.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await activities(browser)).toHaveLength(1);
    expect(await activities(other)).toHaveLength(1);
  });

  it('keeps genuinely different activities of the same day', async () => {
    const browser = await signedIn();
    const morning = recentRun('tcx', 5);
    const evening = morning.replaceAll('T13:', 'T18:');
    const ride = morning.replace('Sport="Running"', 'Sport="Biking"');
    for (const [name, text] of [
      ['morning.tcx', morning],
      ['evening.tcx', evening],
      ['ride.tcx', ride],
    ] as const) {
      const answer = await browser.upload('/api/imports', name, new TextEncoder().encode(text));
      expect(answer.status, name).toBe(201);
    }
    expect(await activities(browser)).toHaveLength(3);
  });

  it('skips the activities of a Strava export the account already has, counting them as duplicates', async () => {
    const browser = await signedIn();
    expect((await browser.upload('/api/imports', 'run.fit', runFile('fit'))).status).toBe(201);
    const csv = [
      'Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Filename',
      '201,"Apr 16, 2021, 1:37:53 PM",Shakeout,Run,,222,0.6,activities/201.tcx',
      '202,"Aug 5, 2010, 2:23:59 PM",Cerknica lake,Hike,,7190,13.7,activities/202.gpx',
      '',
    ].join('\n');
    const archive = await zipOf({
      'activities.csv': csv,
      'activities/201.tcx': runFile('tcx'),
      'activities/202.gpx': hikeGpx().bytes,
    });
    const started = await browser.upload('/api/imports', 'export.zip', archive);
    expect(started.status).toBe(202);
    await waitForJobs(server);
    const done = await browser.get(`/api/imports/${started.body.import.id}`);
    expect(done.body).toMatchObject({ status: 'done', imported: 1, duplicates: 1 });
    expect((await activities(browser)).map((activity) => activity.name).sort()).toEqual(['Cerknica lake', 'Run, 16 Apr 2021']);
  });

  it('counts a run once in fitness when Strava later syncs the run already uploaded', async () => {
    const { sim } = setup;
    const athlete = sim.control.createAthlete({ history: 'empty' });
    const startS = Math.floor((Date.now() - 4 * DAY_MS) / 1000);
    const synced = sim.control.addActivity(athlete.id, { sportType: 'Run', startS, durationS: 1800, name: 'Strava run' });
    const browser = await signedIn();
    const file = gpxRun(new Date(synced.start_date as string), synced.elapsed_time as number);
    const upload = await browser.upload('/api/imports', 'watch.gpx', new TextEncoder().encode(file));
    expect(upload.status).toBe(201);
    await waitForJobs(server);
    const loadBefore = await totalLoad(browser);
    expect(loadBefore).toBeGreaterThan(0);

    await connectStrava(browser, sim, athlete.id);
    await waitForJobs(server);
    expect((await browser.get('/api/strava/status')).body).toMatchObject({ connected: true, backfillDone: true });
    expect((await activities(browser)).map((activity) => activity.id)).toEqual([upload.body.activity.id]);
    // The sync rescored the history (thresholds may move), so compare with the upload's own load now.
    const uploaded = await browser.get(`/api/activities/${upload.body.activity.id}`);
    expect(await totalLoad(browser)).toBeCloseTo(uploaded.body.metrics.trainingLoad, 6);

    // The Strava copy is kept, linked to the upload, so Strava's later updates and deletes find it.
    const rows = await server.database.handle.query<{ source: string; duplicate_of: string | null }>(
      `select source::text as source, duplicate_of from activities where strava_activity_id = '${String(synced.id)}'`,
    );
    expect(rows).toEqual([{ source: 'strava', duplicate_of: upload.body.activity.id }]);

    // A file of the Strava activity uploaded afterwards is refused as well.
    const again = await browser.upload('/api/imports', 'again.gpx', new TextEncoder().encode(file.replace('Watch run', 'Again')));
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/"Watch run"/);
  });
});
