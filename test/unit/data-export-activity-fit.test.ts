import { Decoder, Stream, type FitMessages, type RecordMesg } from '@garmin/fitsdk';
import { describe, expect, it } from 'vitest';
import type { ActivityStreams } from '../../src/metrics/activity-streams.ts';
import { encodeActivityFit, fitActivityOf, fitSportOf, utcOffsetS, type FitActivity } from '../../src/server/features/data-export/activity-fit.ts';
import { parseActivityFile } from '../../src/server/features/imports/parse-activity-file.ts';
import { recordedSportFromFit, sportTypes } from '../../src/server/features/imports/sport-type.ts';

/**
 * The data export's FIT file for an activity without an original (ADR 0078): read back with
 * Garmin's SDK decoder, independent of Kairo's import, every channel of every sample is there at
 * FIT's resolution, an absent value is an absent field, and the session says the activity's
 * totals; Kairo's own FIT import then gives back the same samples.
 */

const START = new Date('2024-06-02T07:30:00Z');
const FIT_EPOCH_S = 631_065_600;

/** 240 samples at 1 Hz with a minute's pause after the second minute; every channel, with gaps. */
function rideStreams(): ActivityStreams {
  const timeS = [...Array.from({ length: 120 }, (_, i) => i), ...Array.from({ length: 120 }, (_, i) => 180 + i)];
  return {
    timeS,
    distanceM: timeS.map((_, i) => i * 4.25),
    latlng: timeS.map((_, i) => (i % 37 === 5 ? null : [Math.round((47.3 + i * 1e-5) * 1e6) / 1e6, Math.round((8.5 + i * 2e-5) * 1e6) / 1e6])),
    altitudeM: timeS.map((_, i) => 400 + (i % 50) * 0.2),
    heartrateBpm: timeS.map((_, i) => (i % 25 === 3 ? null : 120 + (i % 30))),
    cadenceRpm: timeS.map((_, i) => (i % 60 === 7 ? null : 88 + (i % 4))),
    // A recorded 0 W (freewheeling) stays 0: only a missing value is absent.
    powerW: timeS.map((_, i) => (i % 40 === 0 ? 0 : 180 + ((i * 7) % 90))),
    speedMps: timeS.map((_, i) => 4 + (i % 10) * 0.01),
    temperatureC: timeS.map((_, i) => 18 + (i % 3)),
  };
}

const ride: FitActivity = {
  sportType: 'Ride',
  trainer: false,
  startDate: START,
  timezone: '(GMT+01:00) Europe/Zurich',
  elapsedTimeS: 300,
  movingTimeS: 240,
  distanceM: 239 * 4.25,
  totals: {
    averageHeartrateBpm: 134.4,
    maxHeartrateBpm: 149,
    averagePowerW: 221.6,
    maxPowerW: 269,
    normalizedPowerW: 228,
    workKj: 53.2,
    averageSpeedMps: 4.23,
    averageCadenceRpm: 89.5,
    calories: 212,
    ascentM: 12,
  },
  laps: [
    { startS: 0, elapsedS: 120, timerS: 120, distanceM: 119 * 4.25, figures: { averageHeartrateBpm: 134, averagePowerW: 220 } },
    { startS: 120, elapsedS: 180, timerS: 120, distanceM: 120 * 4.25, figures: { averageHeartrateBpm: 135, maxSpeedMps: 4.09 } },
  ],
  measuredPower: true,
};

function decode(bytes: Uint8Array): FitMessages {
  const decoder = new Decoder(Stream.fromBuffer(bytes));
  expect(decoder.isFIT()).toBe(true);
  expect(decoder.checkIntegrity()).toBe(true);
  const { messages, errors } = new Decoder(Stream.fromBuffer(bytes)).read();
  expect(errors).toEqual([]);
  return messages;
}

async function encoded(activity: FitActivity, streams: ActivityStreams): Promise<Uint8Array> {
  const bytes = await encodeActivityFit(activity, streams);
  expect(bytes).not.toBeNull();
  return bytes!;
}

const secondsAfterStart = (date: unknown) => ((date as Date).getTime() - START.getTime()) / 1000;
const secondsOf = (record: RecordMesg) => secondsAfterStart(record.timestamp);

describe('the export\'s FIT activity file, read with the FIT SDK decoder', () => {
  it('holds one record per sample with every channel at its time, and an absent value absent', async () => {
    const streams = rideStreams();
    const messages = decode(await encoded(ride, streams));
    expect(messages.fileIdMesgs).toEqual([expect.objectContaining({ type: 'activity', manufacturer: 'development', timeCreated: START })]);
    const records = messages.recordMesgs ?? [];
    expect(records.map(secondsOf)).toEqual(streams.timeS);
    records.forEach((record, i) => {
      expect(record.distance).toBeCloseTo(streams.distanceM![i]!, 6);
      const point = streams.latlng![i];
      if (point === null) {
        expect(record).not.toHaveProperty('positionLat');
        expect(record).not.toHaveProperty('positionLong');
      } else {
        expect((record.positionLat as number) * (180 / 2 ** 31)).toBeCloseTo(point![0], 6);
        expect((record.positionLong as number) * (180 / 2 ** 31)).toBeCloseTo(point![1], 6);
      }
      expect(record.enhancedAltitude).toBeCloseTo(streams.altitudeM![i]!, 6);
      if (streams.heartrateBpm![i] === null) expect(record).not.toHaveProperty('heartRate');
      else expect(record.heartRate).toBe(streams.heartrateBpm![i]);
      if (streams.cadenceRpm![i] === null) expect(record).not.toHaveProperty('cadence');
      else expect(record.cadence).toBe(streams.cadenceRpm![i]);
      expect(record.power).toBe(streams.powerW![i]);
      expect(record.enhancedSpeed).toBeCloseTo(streams.speedMps![i]!, 6);
      expect(record.temperature).toBe(streams.temperatureC![i]);
    });
    // The gaps really are gaps: some records lack heart rate, cadence and position; power 0 is there.
    expect(records.filter((record) => record.heartRate === undefined)).toHaveLength(10);
    expect(records.filter((record) => record.cadence === undefined)).toHaveLength(4);
    expect(records.filter((record) => record.positionLat === undefined)).toHaveLength(7);
    expect(records.filter((record) => record.power === 0)).toHaveLength(6);
  });

  it('states the session, laps and activity: sport, times, distance and only the totals Kairo holds', async () => {
    const messages = decode(await encoded(ride, rideStreams()));
    expect(messages.sessionMesgs).toHaveLength(1);
    const session = messages.sessionMesgs![0]!;
    expect(session).toMatchObject({
      sport: 'cycling',
      subSport: 'generic',
      startTime: START,
      timestamp: new Date(START.getTime() + 300_000),
      totalElapsedTime: 300,
      totalTimerTime: 240,
      firstLapIndex: 0,
      numLaps: 2,
      avgHeartRate: 134,
      maxHeartRate: 149,
      avgPower: 222,
      maxPower: 269,
      normalizedPower: 228,
      totalWork: 53_200,
      avgCadence: 89,
      avgFractionalCadence: 0.5,
      totalCalories: 212,
      totalAscent: 12,
    });
    expect(session.totalDistance).toBeCloseTo(239 * 4.25, 6);
    expect(session.enhancedAvgSpeed).toBeCloseTo(4.23, 6);
    // No maximum speed, descent or training effect is held: none is written.
    for (const absent of ['enhancedMaxSpeed', 'maxSpeed', 'totalDescent', 'maxCadence', 'totalTrainingEffect']) expect(session).not.toHaveProperty(absent);

    const laps = messages.lapMesgs ?? [];
    expect(laps.map((lap) => [lap.startTime, lap.totalElapsedTime, lap.totalTimerTime, lap.avgHeartRate])).toEqual([
      [START, 120, 120, 134],
      [new Date(START.getTime() + 120_000), 180, 120, 135],
    ]);
    expect(laps[0]!.avgPower).toBe(220);
    expect(laps[0]).not.toHaveProperty('enhancedMaxSpeed');
    expect(laps[1]!.enhancedMaxSpeed).toBeCloseTo(4.09, 6);
    expect(laps[1]).not.toHaveProperty('avgPower');
    expect(laps[1]!.totalDistance).toBeCloseTo(120 * 4.25, 6);

    expect(messages.activityMesgs).toHaveLength(1);
    const endS = START.getTime() / 1000 + 300;
    // Zurich in June, on summer time: two hours ahead of UTC.
    expect(messages.activityMesgs![0]).toMatchObject({ numSessions: 1, totalTimerTime: 240, type: 'manual', localTimestamp: endS - FIT_EPOCH_S + 7200 });
    expect((messages.eventMesgs ?? []).map((event) => [event.event, event.eventType])).toEqual([['timer', 'start'], ['timer', 'stopAll']]);
  });

  it('leaves a channel the activity never recorded out of every record, and writes one lap without stored laps', async () => {
    const timeS = Array.from({ length: 60 }, (_, i) => i * 2);
    const trainer: FitActivity = {
      ...ride,
      sportType: 'Ride',
      trainer: true,
      timezone: null,
      elapsedTimeS: 118,
      movingTimeS: 118,
      distanceM: 0,
      totals: { averageHeartrateBpm: 110 },
      laps: [],
    };
    const messages = decode(await encoded(trainer, { timeS, heartrateBpm: timeS.map((t) => 100 + (t % 20)) }));
    const records = messages.recordMesgs ?? [];
    expect(records.map(secondsOf)).toEqual(timeS);
    for (const record of records) expect(Object.keys(record).sort()).toEqual(['heartRate', 'timestamp']);
    const session = messages.sessionMesgs![0]!;
    expect(session).toMatchObject({ sport: 'cycling', subSport: 'indoorCycling', totalElapsedTime: 118, numLaps: 1, avgHeartRate: 110 });
    expect(session).not.toHaveProperty('totalDistance');
    expect(session).not.toHaveProperty('avgPower');
    expect(messages.lapMesgs).toEqual([expect.objectContaining({ startTime: START, totalElapsedTime: 118, totalTimerTime: 118, avgHeartRate: 110 })]);
    expect(messages.lapMesgs![0]).not.toHaveProperty('totalDistance');
    expect(messages.activityMesgs![0]).not.toHaveProperty('localTimestamp');
  });

  it('puts samples less than a second apart into the record of their second, the first one standing', async () => {
    const streams: ActivityStreams = { timeS: [0, 0.4, 1, 2], heartrateBpm: [null, 100, 101, 102], powerW: [200, 999, 201, 202] };
    const records = decode(await encoded({ ...ride, laps: [], elapsedTimeS: 2, movingTimeS: 2 }, streams)).recordMesgs ?? [];
    expect(records.map((record) => [secondsOf(record), record.heartRate, record.power])).toEqual([
      [0, 100, 200],
      [1, 101, 201],
      [2, 102, 202],
    ]);
  });

  it('writes no file for an activity without samples', async () => {
    expect(await encodeActivityFit(ride, null)).toBeNull();
    expect(await encodeActivityFit(ride, { timeS: [] })).toBeNull();
  });
});

describe('the FIT file from the stored row', () => {
  it('reads a Strava activity (snake case, laps by start index) and leaves estimated power out', async () => {
    const streams: ActivityStreams = { timeS: [0, 1, 2, 3, 4, 5], powerW: [150, 160, 170, 180, 190, 200], heartrateBpm: [120, 121, 122, 123, 124, 125] };
    const row = {
      sport_type: 'VirtualRide',
      trainer: true,
      start_date: START.toISOString(),
      timezone: '(GMT-05:00) America/New_York',
      elapsed_time: 5,
      moving_time: 5,
      distance: 0,
      average_watts: 175,
      device_watts: false,
      average_heartrate: 122.5,
      laps: [
        { start_index: 0, elapsed_time: 3, moving_time: 3, distance: 0, average_watts: 160, average_heartrate: 121, device_watts: false },
        { start_index: 3, elapsed_time: 2, moving_time: 2, distance: 0, average_watts: 190, average_heartrate: 124, device_watts: false },
      ],
    };
    const activity = fitActivityOf(row, streams)!;
    expect(activity.measuredPower).toBe(false);
    const messages = decode(await encoded(activity, streams));
    expect((messages.recordMesgs ?? []).every((record) => record.power === undefined && record.heartRate !== undefined)).toBe(true);
    expect(messages.sessionMesgs![0]).toMatchObject({ sport: 'cycling', subSport: 'virtualActivity', avgHeartRate: 123 });
    expect(messages.sessionMesgs![0]).not.toHaveProperty('avgPower');
    expect((messages.lapMesgs ?? []).map((lap) => [secondsAfterStart(lap.timestamp), lap.startTime, lap.avgHeartRate, lap.avgPower])).toEqual([
      [3, START, 121, undefined],
      [5, new Date(START.getTime() + 3000), 124, undefined],
    ]);
    // New York in June: four hours behind UTC.
    expect(messages.activityMesgs![0]!.localTimestamp).toBe(START.getTime() / 1000 + 5 - FIT_EPOCH_S - 4 * 3600);
  });

  it('reads an imported file\'s row (laps as Kairo parsed them, measured power)', () => {
    const activity = fitActivityOf(
      {
        sport_type: 'Run',
        trainer: false,
        start_date: START.toISOString(),
        elapsed_time: 600,
        moving_time: 590,
        distance: 2000,
        device_watts: true,
        weighted_average_watts: 250,
        laps: [{ startTimeS: 0, elapsedTimeS: 600, movingTimeS: 590, distanceM: 2000, stated: { averagePowerW: 245, maxHeartrateBpm: 171, calories: 140 } }],
      },
      null,
    )!;
    expect(activity).toMatchObject({ sportType: 'Run', measuredPower: true, elapsedTimeS: 600, movingTimeS: 590, distanceM: 2000, totals: { normalizedPowerW: 250 } });
    expect(activity.laps).toEqual([{ startS: 0, elapsedS: 600, timerS: 590, distanceM: 2000, figures: expect.objectContaining({ averagePowerW: 245, maxHeartrateBpm: 171, calories: 140 }) }]);
  });

  it('names each of Kairo\'s sports as Kairo\'s FIT import reads it back; FIT has no name for four', () => {
    const nearest: Record<string, string> = { Velomobile: 'Ride', Crossfit: 'Workout', RollerSki: 'NordicSki', Skateboard: 'Workout' };
    for (const sportType of sportTypes) {
      const { sport, subSport } = fitSportOf(sportType, false);
      expect(recordedSportFromFit(sport, subSport)?.sportType, sportType).toBe(nearest[sportType] ?? sportType);
    }
    for (const sportType of ['Ride', 'Run', 'Walk', 'Rowing', 'NordicSki'] as const) {
      const { sport, subSport } = fitSportOf(sportType, true);
      expect(recordedSportFromFit(sport, subSport), sportType).toEqual({ sportType, indoor: true });
    }
    expect(fitSportOf('SomethingNew', false)).toEqual({ sport: 'generic', subSport: 'generic' });
  });

  it('knows the offset of a zone, Strava\'s way of naming it included', () => {
    expect(utcOffsetS('Europe/Paris', new Date('2024-01-10T12:00:00Z'))).toBe(3600);
    expect(utcOffsetS('(GMT+10:00) Australia/Sydney', new Date('2024-01-10T12:00:00Z'))).toBe(11 * 3600);
    expect(utcOffsetS('(GMT+05:30) Asia/Kolkata', new Date('2024-01-10T12:00:00Z'))).toBe(5.5 * 3600);
    expect(utcOffsetS('Not/AZone', START)).toBeNull();
    expect(utcOffsetS(null, START)).toBeNull();
  });
});

describe("the FIT file through Kairo's own import", () => {
  it('gives back the same samples, sport, times, distance and laps', async () => {
    const streams = rideStreams();
    const parsed = await parseActivityFile('activity.fit', await encoded(ride, streams));
    expect(parsed.format).toBe('fit');
    expect(parsed.sportType).toBe('Ride');
    expect(parsed.startDate).toEqual(START);
    expect({ elapsed: parsed.elapsedTimeS, moving: parsed.movingTimeS, ascent: parsed.totalElevationGainM }).toEqual({ elapsed: 300, moving: 240, ascent: 12 });
    expect(parsed.distanceM).toBeCloseTo(239 * 4.25, 6);
    const back = parsed.streams;
    expect(back.timeS).toEqual(streams.timeS);
    for (const key of ['heartrateBpm', 'cadenceRpm', 'powerW', 'temperatureC'] as const) expect(back[key], key).toEqual(streams[key]);
    for (const key of ['distanceM', 'altitudeM', 'speedMps'] as const) {
      expect(back[key], key).toHaveLength(streams.timeS.length);
      back[key]!.forEach((value, i) => expect(value, `${key}[${i}]`).toBeCloseTo(streams[key]![i]!, 6));
    }
    expect(back.latlng).toHaveLength(streams.timeS.length);
    back.latlng!.forEach((point, i) => {
      const truth = streams.latlng![i];
      if (truth === null) expect(point).toBeNull();
      else {
        expect(point![0]).toBeCloseTo(truth![0], 6);
        expect(point![1]).toBeCloseTo(truth![1], 6);
      }
    });
    expect(parsed.laps.map((lap) => [lap.startTimeS, lap.elapsedTimeS, lap.movingTimeS])).toEqual([
      [0, 120, 120],
      [120, 180, 120],
    ]);
  });

  it('gives back an absent channel as absent', async () => {
    const timeS = Array.from({ length: 30 }, (_, i) => i);
    const parsed = await parseActivityFile('activity.fit', await encoded({ ...ride, laps: [], elapsedTimeS: 29, movingTimeS: 29, distanceM: 0 }, { timeS, heartrateBpm: timeS.map((t) => 130 + t) }));
    expect(Object.keys(parsed.streams).filter((key) => key !== 'moving').sort()).toEqual(['heartrateBpm', 'timeS']);
    expect(parsed.streams.heartrateBpm).toEqual(timeS.map((t) => 130 + t));
  });
});
