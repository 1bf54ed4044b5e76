import { gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { describeWithFixtures } from '../support/fixture-suites.ts';
import { parseActivityFile } from '../../src/server/features/imports/parse-activity-file.ts';
import type { ParsedActivity } from '../../src/server/features/imports/parsed-activity.ts';
import { cumulativeDistanceM } from '../../src/server/features/imports/track-math.ts';
import { fixtureFile } from '../support/shared-fixtures.ts';
import { sameRun } from '../support/recordings.ts';

const parseFixture = (name: string) => parseActivityFile(name, fixtureFile(name));

const knownCount = (values: unknown[] | undefined) => (values ?? []).filter((value) => value !== null).length;

function expectStrictlyAscending(timeS: number[]) {
  expect(timeS[0]).toBe(0);
  expect(timeS.every((time, index) => index === 0 || time > timeS[index - 1]!)).toBe(true);
}

function expectStreamsAligned(parsed: ParsedActivity) {
  for (const [key, values] of Object.entries(parsed.streams)) {
    expect(values, key).toHaveLength(parsed.streams.timeS.length);
  }
}

describeWithFixtures('FIT: Garmin Edge 810 outdoor ride with Vector power', async () => {
  const ride = await parseFixture('ride_outdoor_power_edge810.fit');

  it('reads the session totals and sport', async () => {
    expect(ride.format).toBe('fit');
    expect(ride.sportType).toBe('Ride');
    expect(ride.trainer).toBe(false);
    expect(ride.startDate.toISOString()).toBe('2013-08-16T18:05:10.000Z');
    expect(ride.elapsedTimeS).toBe(4700);
    expect(ride.movingTimeS).toBe(4700);
    expect(ride.distanceM).toBeCloseTo(41_339.38, 2);
    // The Edge states 514 m: the figure its rider saw, and the one Kairo shows (ADR 0063).
    expect(ride.totalElevationGainM).toBe(514);
    expect(ride.fileQuality.elevationGainFrom).toBe('device');
    expect(ride.deviceName).toBe('Garmin Edge 810');
    expect(ride.name).toBeNull();
  });

  it('keeps what the device stated: power, NP, heart rate, cadence, energy', async () => {
    expect(ride.stated).toMatchObject({
      averagePowerW: 276,
      maxPowerW: 619,
      normalizedPowerW: 301,
      averageHeartrateBpm: 154,
      maxHeartrateBpm: 176,
      averageCadenceRpm: 87,
      calories: 1293,
      workKj: 1296.229,
    });
  });

  it('has 4700 one-second samples with every stream the file records', async () => {
    const { streams } = ride;
    expect(streams.timeS).toHaveLength(4700);
    expectStrictlyAscending(streams.timeS);
    expectStreamsAligned(ride);
    expect(knownCount(streams.powerW)).toBe(4700);
    expect(knownCount(streams.latlng)).toBe(4700);
    expect(knownCount(streams.temperatureC)).toBe(4700);
    expect(knownCount(streams.heartrateBpm)).toBeGreaterThan(4600);
    expect(streams.latlng![0]![0]).toBeCloseTo(47.63, 2);
    expect(streams.distanceM!.at(-1)).toBeCloseTo(ride.distanceM, -2);
  });

  it('has the eight laps of the file, summing to the session', async () => {
    expect(ride.laps).toHaveLength(8);
    expect(ride.laps[0]).toMatchObject({ startTimeS: 0, elapsedTimeS: 1207, distanceM: 9220.46 });
    const lapDistanceM = ride.laps.reduce((total, lap) => total + lap.distanceM!, 0);
    expect(lapDistanceM).toBeCloseTo(ride.distanceM, 0);
  });

  it('computes a distance from positions within 1 % of the device odometer', async () => {
    const fromPositionsM = cumulativeDistanceM(ride.streams.latlng!).at(-1)!;
    expect(Math.abs(fromPositionsM / ride.distanceM - 1)).toBeLessThan(0.01);
  });
});

describeWithFixtures('FIT: Garmin Edge 800 on an indoor trainer', async () => {
  const ride = await parseFixture('ride_indoor_power_edge800.fit');

  it('is an indoor ride: no GPS, no distance, power on 2222 of 2263 records', async () => {
    expect(ride.sportType).toBe('Ride');
    expect(ride.trainer).toBe(true);
    expect(ride.startDate.toISOString()).toBe('2011-11-02T12:54:19.000Z');
    // The records span 2263 s; the session states 2261.85 s: elapsed covers every record.
    expect(ride.elapsedTimeS).toBe(2263);
    expect(ride.distanceM).toBe(0);
    expect(ride.streams.latlng).toBeUndefined();
    expect(ride.streams.distanceM).toBeUndefined();
    expect(ride.streams.timeS).toHaveLength(2263);
    expect(knownCount(ride.streams.powerW)).toBe(2222);
    expect(ride.stated).toMatchObject({ averagePowerW: 201, normalizedPowerW: 228, maxPowerW: 331 });
    expect(ride.deviceName).toBe('Garmin Edge 800');
  });
});

describeWithFixtures('GPX 1.0: Garmin handheld track written by GPSBabel', async () => {
  const hike = await parseFixture('track_cerknicko_jezero.gpx');

  it('reads every timed track point of every track, ignoring waypoints', async () => {
    expect(hike.format).toBe('gpx');
    expect(hike.streams.timeS).toHaveLength(296);
    expectStrictlyAscending(hike.streams.timeS);
    expectStreamsAligned(hike);
    expect(hike.startDate.toISOString()).toBe('2010-08-05T14:23:59.000Z');
    expect(hike.elapsedTimeS).toBe(7190); // until 16:23:49Z
    expect(hike.name).toBe('ACTIVE LOG #2');
  });

  it('derives distance, moving time, climb and sport from the points alone', async () => {
    expect(hike.distanceM / 1000).toBeCloseTo(13.7, 1);
    expect(hike.movingTimeS).toBeGreaterThan(3600);
    expect(hike.movingTimeS).toBeLessThan(hike.elapsedTimeS);
    // No reference for this track; ADR 0063's rule gives 95 m (101 m with the 3 m threshold before
    // its amendment, 226 m under ADR 0019): a climb, from the points alone.
    expect(hike.totalElevationGainM).toBeGreaterThan(90);
    // No <type>: 13.7 km in 73 moving minutes (11 km/h) reads as a run.
    expect(hike.sportType).toBe('Run');
    expect(hike.trainer).toBe(false);
    expect(hike.laps).toEqual([]);
    expect(hike.deviceName).toBeNull();
  });
});

describeWithFixtures('TCX exported by Strava (Fitbit Ionic)', async () => {
  const run = await parseFixture('run_strava_export.tcx');

  it('honours the -04:00 offset, the BOM and the lap totals', async () => {
    expect(run.format).toBe('tcx');
    expect(run.sportType).toBe('Run');
    expect(run.startDate.toISOString()).toBe('2022-12-05T00:14:28.000Z');
    // The lap timer (976 s) ran through the 978 s: the file says nothing about stops, so moving time
    // is the seconds in motion (ADR 0065).
    expect(run.movingTimeS).toBe(971);
    expect(run.elapsedTimeS).toBe(978);
    expect(run.distanceM).toBeCloseTo(2998.98, 2);
    expect(run.streams.timeS).toHaveLength(200);
    expect(run.stated.calories).toBe(267);
    expect(run.deviceName).toBe('Fitbit Ionic');
    expect(run.laps).toEqual([
      expect.objectContaining({ startTimeS: 0, elapsedTimeS: 978, movingTimeS: 971, distanceM: expect.closeTo(2998.98, 2) }),
    ]);
  });

  it('drops the final distance reading that jumps back to 0', async () => {
    expect(run.streams.distanceM!.at(-1)).toBeNull();
    expect(run.streams.distanceM!.at(-2)).toBeCloseTo(2998.98, 2);
  });

  it('is a treadmill run: every point carries the same position', async () => {
    expect(run.trainer).toBe(true);
  });
});

describeWithFixtures('the same Forerunner 220 run as FIT, GPX and TCX', async () => {
  const fit = await parseFixture('same-run-three-formats/run_fr220.fit');
  const gpx = await parseFixture('same-run-three-formats/run_fr220.gpx');
  const tcx = await parseFixture('same-run-three-formats/run_fr220.tcx');

  it('agrees on sport, start and duration', async () => {
    for (const parsed of [fit, gpx, tcx]) {
      expect(parsed.sportType).toBe('Run');
      expect(parsed.trainer).toBe(false);
      expect(parsed.startDate.toISOString()).toBe('2021-04-16T13:37:53.000Z');
      expect(parsed.elapsedTimeS).toBe(222);
    }
    expect(fit.movingTimeS).toBe(190);
    expect(tcx.movingTimeS).toBe(190);
  });

  it('has the same 46 sample times; TCX repeats each lap boundary point once', async () => {
    expect(fit.streams.timeS).toHaveLength(46);
    expect(tcx.streams.timeS).toEqual(fit.streams.timeS);
    expect(gpx.streams.timeS).toEqual(fit.streams.timeS);
  });

  it('agrees on distance where the file states one, and GPX measures the same positions', async () => {
    expect(fit.distanceM).toBeCloseTo(158.71, 2);
    expect(Math.abs(tcx.distanceM / fit.distanceM - 1)).toBeLessThan(0.01);
    // GPX carries no distance. Its haversine length over the very positions FIT records is exact;
    // at walking pace with pauses, GPS jitter makes it 18 % longer than the watch's odometer.
    expect(gpx.distanceM).toBeCloseTo(cumulativeDistanceM(fit.streams.latlng!).at(-1)!, 6);
  });

  it('has equal heart rate and per-foot cadence in every format', async () => {
    expect(gpx.streams.heartrateBpm).toEqual(fit.streams.heartrateBpm);
    expect(tcx.streams.heartrateBpm).toEqual(fit.streams.heartrateBpm);
    // FIT adds the fractional half step that GPX and TCX round away.
    fit.streams.cadenceRpm!.forEach((fitCadence, index) => {
      expect(Math.abs(fitCadence! - gpx.streams.cadenceRpm![index]!)).toBeLessThan(1);
      expect(Math.abs(fitCadence! - tcx.streams.cadenceRpm![index]!)).toBeLessThan(1);
    });
    expect(Math.max(...fit.streams.cadenceRpm!.map(Number))).toBe(80);
  });

  it('has the same four laps in FIT and TCX', async () => {
    expect(tcx.laps.map((lap) => lap.distanceM)).toEqual(fit.laps.map((lap) => lap.distanceM));
    tcx.laps.forEach((lap, index) => {
      expect(Math.abs(lap.startTimeS - fit.laps[index]!.startTimeS)).toBeLessThanOrEqual(1);
      expect(Math.abs(lap.elapsedTimeS - fit.laps[index]!.elapsedTimeS)).toBeLessThanOrEqual(1);
      expect(lap.movingTimeS).toBe(fit.laps[index]!.movingTimeS);
    });
  });

  it('hashes each file differently and the same file identically', async () => {
    const hashes = new Set([fit, gpx, tcx].map((parsed) => parsed.contentHash));
    expect(hashes.size).toBe(3);
    expect((await parseFixture('same-run-three-formats/run_fr220.fit')).contentHash).toBe(fit.contentHash);
    expect(fit.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describeWithFixtures('gzipped files', async () => {
  it.each([
    'ride_outdoor_power_edge810.fit',
    'track_cerknicko_jezero.gpx',
    'run_strava_export.tcx',
    'same-run-three-formats/run_fr220.tcx',
  ])('%s.gz parses like the plain file, with the same content hash', async (name) => {
    const plain = await parseFixture(name);
    const gzipped = await parseActivityFile(`${name}.gz`, gzipSync(fixtureFile(name)));
    expect(gzipped).toEqual(plain);
  });

  it('recognises the content, not the name', async () => {
    const parsed = await parseActivityFile('upload.bin', gzipSync(sameRun('gpx').bytes));
    expect(parsed.format).toBe('gpx');
  });
});
