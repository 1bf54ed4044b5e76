import { describe, expect, it } from 'vitest';
import { computeActivityMetrics } from '../../src/metrics/activity-metrics.ts';
import { parseActivityFile } from '../../src/server/features/imports/parse-activity-file.ts';
import { movingIntervals, stayIntervals } from '../../src/server/features/imports/track-math.ts';
import { dataQualityNotes } from '../../src/web/features/activities/data-quality.ts';
import { CLEAN_DATA_QUALITY } from '../support/data-quality.ts';

/** Moving time for files without timer pauses (ADR 0065), on GPX and TCX built here. */

const utf8 = (text: string) => new TextEncoder().encode(text);
const startMs = Date.parse('2026-05-01T08:00:00Z');
const iso = (s: number) => new Date(startMs + s * 1000).toISOString();
/** Metres per degree of latitude on the haversine sphere. */
const metresPerDegree = (6_371_008.8 * Math.PI) / 180;

interface Point {
  t: number;
  /** Metres north of the start. */
  northM: number;
  eastM?: number;
  powerW?: number;
}

function gpx(points: Point[], type = 'cycling'): string {
  const trkpts = points
    .map((p) => {
      const lat = 45 + p.northM / metresPerDegree;
      const lon = 7 + (p.eastM ?? 0) / (metresPerDegree * Math.cos((45 * Math.PI) / 180));
      const power = p.powerW === undefined ? '' : `<extensions><power>${p.powerW}</power></extensions>`;
      return `<trkpt lat="${lat.toFixed(8)}" lon="${lon.toFixed(8)}"><time>${iso(p.t)}</time>${power}</trkpt>`;
    })
    .join('\n');
  return `<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><type>${type}</type><trkseg>${trkpts}</trkseg></trk></gpx>`;
}

/**
 * A 2-minute ride at 5 m/s, 1 point a second, with a stop from 44 s to 76 s (32 s). `wander`
 * moves each point of the stop up to 2.5 m around the stop, as GPS does at a standstill.
 */
function rideWithStop(options: { wander: boolean; pointsDuringStop: boolean }): Point[] {
  const points: Point[] = [];
  let northM = 0;
  for (let t = 0; t <= 120; t++) {
    const stopped = t > 44 && t < 76;
    if (t > 0 && !stopped) northM += 5;
    if (stopped && !options.pointsDuringStop) continue;
    const wander = stopped && options.wander ? { northM: northM + 2.5 * Math.sin(t * 1.7), eastM: 2.5 * Math.cos(t * 2.3) } : { northM };
    points.push({ t, ...wander });
  }
  return points;
}

describe('moving time of a GPX ride with a 32 s stop (no timer events)', () => {
  for (const [label, options] of [
    ['points keep coming at one position', { wander: false, pointsDuringStop: true }],
    ['points keep coming with GPS wander', { wander: true, pointsDuringStop: true }],
    ['the recorder writes no points while stopped', { wander: false, pointsDuringStop: false }],
  ] as const) {
    it(`leaves the stop out when ${label}`, async () => {
      const ride = await parseActivityFile('stop.gpx', utf8(gpx(rideWithStop(options))));
      expect(ride.sportType).toBe('Ride');
      expect(ride.elapsedTimeS).toBe(120);
      // 88 s of riding; the stop's edges may be off by a second.
      expect(ride.movingTimeS).toBeGreaterThanOrEqual(86);
      expect(ride.movingTimeS).toBeLessThanOrEqual(89);
      expect(ride.fileQuality.movingTimeRule).toEqual({ from: 'speed', minSpeedMps: 1 });
    });
  }

  it('gives the activity, its stream summary and its metrics one moving time', async () => {
    const ride = await parseActivityFile('stop.gpx', utf8(gpx(rideWithStop({ wander: true, pointsDuringStop: true }))));
    expect(ride.computed?.movingTimeS).toBe(ride.movingTimeS);
    // The moving flags are kept with the streams, so a rescoring of the stored streams agrees.
    const metrics = computeActivityMetrics({ streams: ride.streams, summary: { sport: 'ride' }, athlete: {} as never });
    expect(metrics.movingTimeS).toBe(ride.movingTimeS);
  });

  it('says the rule on the activity page', async () => {
    const ride = await parseActivityFile('stop.gpx', utf8(gpx(rideWithStop({ wander: true, pointsDuringStop: true }))));
    const quality = {
      ...CLEAN_DATA_QUALITY,
      activeLengths: null,
      movingTimeRule: ride.fileQuality.movingTimeRule,
    };
    const notes = dataQualityNotes({ type: 'Ride', sportType: 'Ride', deviceWatts: false, averageHeartrate: null, dataQuality: quality });
    expect(notes).toContain('moving time: seconds at 1 m/s (3.6 km/h) or faster, GPS wander while standing left out (the file has no timer pauses)');
  });
});

describe('moving time on foot and without distance', () => {
  it('counts a walk at 0.6 m/s as moving (foot threshold 0.5 m/s)', async () => {
    const points = Array.from({ length: 301 }, (_, t) => ({ t, northM: 0.6 * t }));
    const walk = await parseActivityFile('walk.gpx', utf8(gpx(points, 'walking')));
    expect(walk.movingTimeS).toBe(300);
    expect(walk.fileQuality.movingTimeRule).toEqual({ from: 'speed', minSpeedMps: 0.5 });
  });

  it('keeps a sparse track moving across long gaps that cover ground, and stops across a gap that does not', async () => {
    // A handheld unit: one point a minute at 1.2 m/s, then a 10-minute gap 3 m from where it stopped.
    const points: Point[] = Array.from({ length: 11 }, (_, k) => ({ t: k * 60, northM: k * 72 }));
    points.push({ t: 1200, northM: 723 }, { t: 1260, northM: 795 });
    const hike = await parseActivityFile('hike.gpx', utf8(gpx(points, 'hiking')));
    expect(hike.elapsedTimeS).toBe(1260);
    expect(hike.movingTimeS).toBe(660);
  });

  it('counts an indoor ride without distance by its seconds with power', async () => {
    // No positions: the ride is on a trainer; 60 s pedalling, 30 s at 0 W, 60 s pedalling.
    const powerW = (t: number) => (t > 60 && t <= 90 ? 0 : 200);
    const trkpts = Array.from({ length: 151 }, (_, t) => `<trkpt><time>${iso(t)}</time><extensions><power>${powerW(t)}</power></extensions></trkpt>`).join('');
    const file = `<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><type>cycling</type><trkseg>${trkpts}</trkseg></trk></gpx>`;
    const ride = await parseActivityFile('trainer.gpx', utf8(file));
    expect(ride.trainer).toBe(true);
    expect(ride.movingTimeS).toBeGreaterThanOrEqual(119);
    expect(ride.movingTimeS).toBeLessThanOrEqual(121);
    expect(ride.fileQuality.movingTimeRule).toEqual({ from: 'effort', minSpeedMps: null });
  });
});

describe('TCX timers', () => {
  const trackpoint = (t: number, northM: number) =>
    `<Trackpoint><Time>${iso(t)}</Time><Position><LatitudeDegrees>${(45 + northM / metresPerDegree).toFixed(8)}</LatitudeDegrees><LongitudeDegrees>7</LongitudeDegrees></Position></Trackpoint>`;
  const tcx = (timerS: number, points: string) =>
    `<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities><Activity Sport="Biking"><Id>${iso(0)}</Id>
      <Lap StartTime="${iso(0)}"><TotalTimeSeconds>${timerS}</TotalTimeSeconds><Track>${points}</Track></Lap></Activity></Activities></TrainingCenterDatabase>`;
  const points = rideWithStop({ wander: true, pointsDuringStop: true })
    .map((p) => trackpoint(p.t, p.northM))
    .join('');

  it('finds the stops from motion when the lap timer ran through the whole ride (a phone app)', async () => {
    const ride = await parseActivityFile('phone.tcx', utf8(tcx(120, points)));
    expect(ride.movingTimeS).toBeLessThanOrEqual(89);
    expect(ride.fileQuality.movingTimeRule).toEqual({ from: 'speed', minSpeedMps: 1 });
  });

  it("takes the device's timer when it paused", async () => {
    const ride = await parseActivityFile('device.tcx', utf8(tcx(90, points)));
    expect(ride.movingTimeS).toBe(90);
    expect(ride.fileQuality.movingTimeRule).toBeNull();
  });
});

describe('stays and moving intervals', () => {
  const at = (northM: number): [number, number] => [45 + northM / metresPerDegree, 7];

  it('marks a stretch of at least 15 s within 5 m of its first point as a stay', () => {
    const timeS = Array.from({ length: 20 }, (_, t) => t);
    const latlng = timeS.map((t) => at(t < 5 ? t * 5 : 20 + (t % 2) * 3));
    const stays = stayIntervals(timeS, latlng);
    expect(stays.slice(0, 4).every((inStay) => !inStay)).toBe(true);
    expect(stays.slice(4, 19).every(Boolean)).toBe(true);
  });

  it('is no stay for a walk at 0.5 m/s', () => {
    const timeS = Array.from({ length: 60 }, (_, t) => t);
    expect(stayIntervals(timeS, timeS.map((t) => at(t * 0.5))).some(Boolean)).toBe(false);
  });

  it('needs the interval speed to reach the threshold', () => {
    expect(movingIntervals([0, 10, 20, 30], [0, 9, 30, 30], undefined, 1)).toEqual([false, true, false, false]);
  });
});
