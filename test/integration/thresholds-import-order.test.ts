import { afterAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../support/http-client.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { registerAthlete, waitForJobs } from '../support/strava.ts';

/**
 * ADR 0065: the same files imported in another order give the same thresholds, with the same
 * sources and evidence, on the settings, the profile's suggestions and every activity's metrics.
 * The files are built here: three rides with power and heart rate and a run, over three weeks.
 */

const metresPerDegree = (6_371_008.8 * Math.PI) / 180;

interface Session {
  fileName: string;
  type: 'cycling' | 'running';
  startIso: string;
  durationS: number;
  speedMps: number;
  /** Steady power with a small wobble; null for a run. */
  powerW: number | null;
  /** Heart rate climbs linearly to this peak over the session. */
  peakHeartrateBpm: number;
}

function gpx(session: Session): string {
  const startMs = Date.parse(session.startIso);
  const points: string[] = [];
  for (let t = 0; t <= session.durationS; t++) {
    const lat = 45 + (session.speedMps * t) / metresPerDegree;
    const heartrate = Math.round(120 + ((session.peakHeartrateBpm - 120) * t) / session.durationS);
    const power = session.powerW === null ? '' : `<power>${session.powerW + (t % 7) - 3}</power>`;
    points.push(
      `<trkpt lat="${lat.toFixed(8)}" lon="7"><time>${new Date(startMs + t * 1000).toISOString()}</time><extensions>${power}<hr>${heartrate}</hr></extensions></trkpt>`,
    );
  }
  return `<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><type>${session.type}</type><trkseg>${points.join('')}</trkseg></trk></gpx>`;
}

const sessions: Session[] = [
  { fileName: 'ride-1.gpx', type: 'cycling', startIso: '2026-04-01T07:00:00Z', durationS: 1500, speedMps: 9, powerW: 250, peakHeartrateBpm: 182 },
  { fileName: 'ride-2.gpx', type: 'cycling', startIso: '2026-04-08T07:00:00Z', durationS: 1500, speedMps: 8, powerW: 210, peakHeartrateBpm: 182 },
  { fileName: 'run-1.gpx', type: 'running', startIso: '2026-04-12T07:00:00Z', durationS: 1500, speedMps: 3.7, powerW: null, peakHeartrateBpm: 188 },
  { fileName: 'ride-3.gpx', type: 'cycling', startIso: '2026-04-20T07:00:00Z', durationS: 1500, speedMps: 8.5, powerW: 230, peakHeartrateBpm: 176 },
  { fileName: 'run-2.gpx', type: 'running', startIso: '2026-04-22T07:00:00Z', durationS: 1500, speedMps: 3.4, powerW: null, peakHeartrateBpm: 179 },
];

const utf8 = (text: string) => new TextEncoder().encode(text);

/**
 * Everything a threshold shows up in, with each activity id written as the activity's start (ids
 * differ between the two accounts): the effective thresholds, the profile's suggestions with their
 * evidence, and each activity's scored thresholds and load.
 */
async function thresholdsSeenBy(browser: TestClient): Promise<unknown> {
  const list = (await browser.get('/api/activities?limit=50')).body as { id: string; startDate: string }[];
  const startOf = new Map(list.map((activity) => [activity.id, activity.startDate]));
  const settings = (await browser.get('/api/user/settings')).body as { effective: unknown };
  const profile = (await browser.get('/api/athlete/profile')).body as { suggestions: unknown };
  const scored: Record<string, unknown> = {};
  for (const activity of list) {
    const { metrics, movingTime, distance } = (await browser.get(`/api/activities/${activity.id}`)).body;
    expect(metrics, `metrics of the activity of ${activity.startDate}`).toBeTruthy();
    scored[activity.startDate] = {
      movingTime,
      distance,
      ftpW: metrics.ftpW,
      ftpSource: metrics.ftpSource,
      thresholdPaceSPerKm: metrics.thresholdPaceSPerKm,
      thresholdPaceSource: metrics.thresholdPaceSource,
      hrZoneUpperBoundsBpm: metrics.hrZoneUpperBoundsBpm,
      hrZonesSource: metrics.hrZonesSource,
      maxHrBpm: metrics.maxHrBpm,
      thresholdSources: metrics.thresholdSources,
      tss: metrics.tss,
      rTss: metrics.rTss,
      trimp: metrics.trimp,
      trainingLoad: metrics.trainingLoad,
    };
  }
  const text = JSON.stringify({ effective: settings.effective, suggestions: profile.suggestions, scored });
  return JSON.parse(text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => startOf.get(id) ?? id));
}

describe('thresholds whatever order the files are imported in', () => {
  let server: TestKairo | undefined;
  afterAll(async () => server?.close());

  it('gives the same thresholds, evidence and scores for oldest-first, newest-first and mixed orders', { timeout: 180_000 }, async () => {
    server = await startTestKairo('pglite');
    const orders = [
      sessions,
      [...sessions].reverse(),
      [sessions[3]!, sessions[0]!, sessions[4]!, sessions[2]!, sessions[1]!],
    ];
    const seen: unknown[] = [];
    for (const order of orders) {
      const athlete = await registerAthlete(server.url);
      for (const session of order) {
        const response = await athlete.upload('/api/imports', session.fileName, utf8(gpx(session)));
        expect(response.status, `upload of ${session.fileName}`).toBe(201);
        // Each file scored before the next arrives: the order is the one the athlete used.
        await waitForJobs(server);
      }
      seen.push(await thresholdsSeenBy(athlete));
    }
    const [oldestFirst, newestFirst, mixed] = seen;
    // The newest ride is scored against the best 20 minutes before it (250 W: FTP 238 W), whatever came first.
    expect((oldestFirst as { scored: Record<string, { ftpW: number | null }> }).scored['2026-04-20T07:00:00.000Z']?.ftpW).toBeGreaterThan(230);
    expect(newestFirst).toEqual(oldestFirst);
    expect(mixed).toEqual(oldestFirst);
  });
});
