import {
  generateRecording,
  indoorTrainerRide,
  outdoorPowerRide,
  shortRun,
  sparseHikeGpx,
  stravaExportRunTcx,
  type GeneratedRecording,
} from '../../tools/recordings/index.ts';

/**
 * The recordings Kairo generates for tests that need "a ride with power", "a run in three
 * formats" and the like (tools/recordings, ADR 0062), in every clone. Each starts on a fixed date
 * (never today), so a test that needs a recent activity asks for another start. Each is generated
 * once per test process; `bytes` is a fresh copy on every read.
 */
const cache = new Map<string, GeneratedRecording>();
function once(key: string, make: () => GeneratedRecording): GeneratedRecording {
  let recording = cache.get(key);
  if (!recording) cache.set(key, (recording = make()));
  const kept = recording;
  // Fresh bytes on every read, in memory of their own: the import worker pool takes the memory it
  // is given (a transfer), as a file read from disk would allow.
  return {
    fileName: kept.fileName,
    truth: kept.truth,
    get bytes() {
      const copy = Buffer.alloc(kept.bytes.length);
      kept.bytes.copy(copy);
      return copy;
    },
  };
}

/** The dates the stand-ins start on. */
export const STAND_IN_STARTS = {
  powerRide: new Date('2013-08-16T15:35:10Z'),
  trainerRide: new Date('2011-11-02T17:20:00Z'),
  shortRun: new Date('2021-04-16T13:37:53Z'),
  exportRun: new Date('2024-05-14T10:12:05Z'),
  hike: new Date('2010-08-05T14:23:59Z'),
} as const;

/** A 78-minute outdoor ride (FIT, 1 Hz): GPS, barometric altitude, power with intervals, HR, cadence, 13 laps. */
export const powerRide = (start: Date = STAND_IN_STARTS.powerRide) => once(`powerRide:${start.toISOString()}`, () => outdoorPowerRide({ start }));

/** A 38-minute trainer ride (FIT): no GPS or distance, power with a few records missing it, HR, cadence, 3 laps. */
export const trainerRide = (start: Date = STAND_IN_STARTS.trainerRide) => once(`trainerRide:${start.toISOString()}`, () => indoorTrainerRide({ start }));

/**
 * A 37-minute trainer session of 2 × 10 min (FIT, indoor cycling, no GPS or distance), a lap each
 * block: 6 min at 150 W, 10 at 258, 6 at 152, 10 at 263, 5 at 87; a few records without power.
 */
export const TRAINER_INTERVAL_BLOCKS = [
  { durationS: 360, powerW: 150, heartRateBpm: 118, cadence: 85 },
  { durationS: 600, powerW: 258, heartRateBpm: 156, cadence: 93, lap: true },
  { durationS: 360, powerW: 152, heartRateBpm: 132, cadence: 84, lap: true },
  { durationS: 600, powerW: 263, heartRateBpm: 160, cadence: 94, lap: true },
  { durationS: 300, powerW: 87, heartRateBpm: 115, cadence: 75, lap: true },
] as const;
export const trainerIntervals = (start: Date = STAND_IN_STARTS.trainerRide) =>
  once(`trainerIntervals:${start.toISOString()}`, () =>
    generateRecording({
      name: 'trainer-intervals',
      spec: { kind: 'ride', start, seed: 800, blocks: TRAINER_INTERVAL_BLOCKS.map((block) => ({ ...block })) },
      format: 'fit',
      fitSport: ['cycling', 'indoorCycling'],
      points: { power: true, heartRate: true, cadence: true, powerDropouts: 20 },
    }),
  );

/** The same 222 s run (190 s on the timer) as FIT, GPX or TCX: smart recording, HR, cadence, GPS. */
export const sameRun = (format: 'fit' | 'gpx' | 'tcx', start: Date = STAND_IN_STARTS.shortRun) =>
  once(`sameRun:${format}:${start.toISOString()}`, () => shortRun({ start }, format));

/** A 16-minute run as Strava exports TCX: a BOM, times at −04:00, a point every 5 s, one lap, HR. */
export const exportRunTcx = (start: Date = STAND_IN_STARTS.exportRun) => once(`exportRun:${start.toISOString()}`, () => stravaExportRunTcx({ start }));

/** A 2-hour hike as GPX 1.0: waypoints, a track point every 10–90 s with elevation, no HR. */
export const hikeGpx = (start: Date = STAND_IN_STARTS.hike) => once(`hike:${start.toISOString()}`, () => sparseHikeGpx({ start }));

/** The power ride's session as a TCX (Garmin Connect's kind: TPX watts and speed, one point a second). */
export const powerRideTcx = (start: Date = STAND_IN_STARTS.powerRide) => once(`powerRideTcx:${start.toISOString()}`, () => outdoorPowerRide({ start }, 'tcx'));

/** `daysAgo` days before today's UTC midnight, at `hourUtc`: for tests about what is recent. */
export function daysBeforeToday(daysAgo: number, hourUtc = 9, nowMs = Date.now()): Date {
  return new Date(Math.floor(nowMs / 86_400_000) * 86_400_000 - daysAgo * 86_400_000 + hourUtc * 3_600_000);
}
