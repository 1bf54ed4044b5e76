import { setImmediate as nextTurn } from 'node:timers/promises';
import { Encoder, type ActivityMesg, type EventMesg, type FileIdMesg, type LapMesg, type RecordMesg, type SessionMesg } from '@garmin/fitsdk';
import type { ActivityStreams } from '../../../metrics/activity-streams.ts';

/**
 * An activity as a FIT activity file, for the data export of an activity Kairo holds no original
 * of (ADR 0078): written with Garmin's FIT SDK encoder from what Kairo stores, the samples
 * (activity_streams) and the activity's row. Summary last, as the FIT activity file allows:
 * file_id, the timer's start event, one record per second that has samples, the timer's stop
 * event, then the laps, one session and the activity message.
 *
 * A channel the activity has no value for stays out of the record (an absent field, never 0); a
 * channel the activity never recorded is in no record. FIT's resolution is the file's: times are
 * whole seconds (samples less than a second apart share the record of their second, the first's
 * values standing and the later ones filling what it lacks), altitude 0.2 m, temperature 1 °C,
 * distance 1 cm, speed 1 mm/s, positions semicircles (about 1 cm). Kairo's streams.json beside it
 * keeps every sample as stored.
 */

/** Global message numbers of the FIT profile (fixed by the protocol). */
const MESG_NUM = { fileId: 0, session: 18, lap: 19, record: 20, event: 21, activity: 34 } as const;

/** FIT positions are semicircles: 2^31 of them make 180 degrees. */
const SEMICIRCLES_PER_DEGREE = 2 ** 31 / 180;
/** FIT's times count seconds from 1989-12-31T00:00:00Z. */
const FIT_EPOCH_S = 631_065_600;
/**
 * Records encoded between two turns of the event loop: the export job shares its process with
 * requests, and the SDK's encoder takes about 60 ms per thousand records.
 */
const RECORDS_PER_TURN = 500;

/** Summary figures of a session or a lap; null (or absent) where Kairo holds none. */
export interface FitFigures {
  averageHeartrateBpm?: number | null;
  maxHeartrateBpm?: number | null;
  averageCadenceRpm?: number | null;
  averagePowerW?: number | null;
  maxPowerW?: number | null;
  normalizedPowerW?: number | null;
  workKj?: number | null;
  averageSpeedMps?: number | null;
  maxSpeedMps?: number | null;
  calories?: number | null;
  ascentM?: number | null;
}

export interface FitLap {
  /** Seconds from the activity's start. */
  startS: number;
  elapsedS: number;
  /** The lap's timer (moving) time; null when unknown, then its elapsed time. */
  timerS: number | null;
  distanceM: number | null;
  figures: FitFigures;
}

/** What the file says besides the samples: the activity's row as Kairo stores it. */
export interface FitActivity {
  /** Kairo's sport (Strava's sport_type names). */
  sportType: string;
  /** Recorded indoors (trainer, treadmill): the FIT sub sport says so where the sport has one. */
  trainer: boolean;
  /** The activity's start; stream times count from it. */
  startDate: Date;
  /** IANA zone of the start, or Strava's "(GMT+01:00) Europe/Paris"; gives the activity's local time. */
  timezone: string | null;
  elapsedTimeS: number;
  movingTimeS: number;
  distanceM: number | null;
  totals: FitFigures;
  laps: FitLap[];
  /**
   * Whether the power stream was measured. Strava estimates power for a ride without a meter
   * (device_watts false): an estimate is no recorded channel, and stays out of the file.
   */
  measuredPower: boolean;
}

/** Kairo's sport (Strava's sport types) as a FIT sport and sub sport; `indoor`, the sub sport of the same sport on a trainer. */
interface FitSport {
  sport: NonNullable<SessionMesg['sport']>;
  subSport?: NonNullable<SessionMesg['subSport']>;
  indoor?: NonNullable<SessionMesg['subSport']>;
}

/**
 * Each of Kairo's sport types as the FIT profile names it, chosen so Kairo's FIT import
 * (imports/sport-type.ts) reads the same sport back. FIT has no velomobile, roller ski, CrossFit
 * or skateboarding: those are written as the nearest sport (cycling, cross-country skiing,
 * training) or as generic.
 */
const FIT_SPORTS: Record<string, FitSport> = {
  Ride: { sport: 'cycling', indoor: 'indoorCycling' },
  MountainBikeRide: { sport: 'cycling', subSport: 'mountain' },
  GravelRide: { sport: 'cycling', subSport: 'gravelCycling' },
  EBikeRide: { sport: 'eBiking' },
  EMountainBikeRide: { sport: 'eBiking', subSport: 'eBikeMountain' },
  VirtualRide: { sport: 'cycling', subSport: 'virtualActivity' },
  Handcycle: { sport: 'cycling', subSport: 'handCycling', indoor: 'indoorHandCycling' },
  Velomobile: { sport: 'cycling' },
  Run: { sport: 'running', indoor: 'treadmill' },
  TrailRun: { sport: 'running', subSport: 'trail' },
  VirtualRun: { sport: 'running', subSport: 'virtualActivity' },
  Walk: { sport: 'walking', indoor: 'indoorWalking' },
  Hike: { sport: 'hiking' },
  Swim: { sport: 'swimming' },
  WeightTraining: { sport: 'training', subSport: 'strengthTraining' },
  Workout: { sport: 'training' },
  HighIntensityIntervalTraining: { sport: 'hiit' },
  Crossfit: { sport: 'training' },
  Yoga: { sport: 'training', subSport: 'yoga' },
  Pilates: { sport: 'training', subSport: 'pilates' },
  Elliptical: { sport: 'fitnessEquipment', subSport: 'elliptical' },
  StairStepper: { sport: 'fitnessEquipment', subSport: 'stairClimbing' },
  Rowing: { sport: 'rowing', indoor: 'indoorRowing' },
  VirtualRow: { sport: 'rowing', subSport: 'virtualActivity' },
  Kayaking: { sport: 'kayaking' },
  Canoeing: { sport: 'canoeing' },
  StandUpPaddling: { sport: 'standUpPaddleboarding' },
  Surfing: { sport: 'surfing' },
  Kitesurf: { sport: 'kitesurfing' },
  Windsurf: { sport: 'windsurfing' },
  Sail: { sport: 'sailing' },
  AlpineSki: { sport: 'alpineSkiing' },
  BackcountrySki: { sport: 'alpineSkiing', subSport: 'backcountry' },
  NordicSki: { sport: 'crossCountrySkiing', indoor: 'indoorSkiing' },
  RollerSki: { sport: 'crossCountrySkiing' },
  Snowboard: { sport: 'snowboarding' },
  Snowshoe: { sport: 'snowshoeing' },
  IceSkate: { sport: 'iceSkating' },
  InlineSkate: { sport: 'inlineSkating' },
  Skateboard: { sport: 'generic' },
  RockClimbing: { sport: 'rockClimbing', indoor: 'indoorClimbing' },
  Golf: { sport: 'golf' },
  Soccer: { sport: 'soccer' },
  Tennis: { sport: 'tennis' },
  Badminton: { sport: 'racket', subSport: 'badminton' },
  Pickleball: { sport: 'racket', subSport: 'pickleball' },
  Racquetball: { sport: 'racket', subSport: 'racquetball' },
  Squash: { sport: 'racket', subSport: 'squash' },
  TableTennis: { sport: 'racket', subSport: 'tableTennis' },
  Wheelchair: { sport: 'wheelchairPushWalk', indoor: 'indoorWheelchairWalk' },
};

/** The FIT sport and sub sport of a Kairo sport type; generic for a sport FIT has no name for. */
export function fitSportOf(sportType: string, trainer: boolean): { sport: NonNullable<SessionMesg['sport']>; subSport: NonNullable<SessionMesg['subSport']> } {
  const fit = Object.hasOwn(FIT_SPORTS, sportType) ? FIT_SPORTS[sportType]! : { sport: 'generic' as const };
  return { sport: fit.sport, subSport: (trainer ? fit.indoor : undefined) ?? fit.subSport ?? 'generic' };
}

const finite = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
/** A value of a FIT field, or nothing when it is out of the field's range (a reading no sensor gives). */
const within = (value: number | null, low: number, high: number): number | undefined => (value !== null && value >= low && value <= high ? value : undefined);
const whole = (value: number | null, low: number, high: number): number | undefined => within(value === null ? null : Math.round(value), low, high);

/** FIT's unsigned fields hold up to their invalid value less one; these are the profile's ranges after scale and offset. */
const RANGE = {
  uint8: 254,
  uint16: 65_534,
  uint32: 4_294_967_294,
  /** distance: uint32, scale 100 (cm). */
  distanceM: 4_294_967_294 / 100,
  /** enhanced_speed: uint32, scale 1000 (mm/s). */
  speedMps: 4_294_967_294 / 1000,
  /** enhanced_altitude: uint32, scale 5, offset 500 (0.2 m from -500 m). */
  altitudeM: { low: -500, high: 4_294_967_294 / 5 - 500 },
  /** temperature: sint8 (°C). */
  temperatureC: 127,
  /** position: sint32 semicircles. */
  semicircles: 2_147_483_647,
} as const;

/** FIT cadence is whole revolutions (or steps of one foot) per minute plus a fraction in 1/128ths. */
function cadenceFields(rpm: number | null, wholeKey: 'cadence' | 'avgCadence', fractionKey: 'fractionalCadence' | 'avgFractionalCadence'): Record<string, number> {
  const value = within(rpm, 0, RANGE.uint8 + 127 / 128);
  if (value === undefined) return {};
  const wholeRpm = Math.floor(value);
  const fraction = Math.round((value - wholeRpm) * 128) / 128;
  if (fraction === 1) return { [wholeKey]: wholeRpm + 1 };
  return fraction > 0 ? { [wholeKey]: wholeRpm, [fractionKey]: fraction } : { [wholeKey]: wholeRpm };
}

function semicircles(degrees: number): number {
  return Math.max(-RANGE.semicircles, Math.min(RANGE.semicircles, Math.round(degrees * SEMICIRCLES_PER_DEGREE)));
}

/** The fields of a lap or session that Kairo holds a figure for; the others stay out. */
function figureFields(figures: FitFigures, measuredPower: boolean): LapMesg & SessionMesg {
  const workKj = finite(figures.workKj);
  const fields: Record<string, number | undefined> = {
    avgHeartRate: whole(finite(figures.averageHeartrateBpm), 0, RANGE.uint8),
    maxHeartRate: whole(finite(figures.maxHeartrateBpm), 0, RANGE.uint8),
    ...cadenceFields(finite(figures.averageCadenceRpm), 'avgCadence', 'avgFractionalCadence'),
    ...(measuredPower
      ? {
          avgPower: whole(finite(figures.averagePowerW), 0, RANGE.uint16),
          maxPower: whole(finite(figures.maxPowerW), 0, RANGE.uint16),
          normalizedPower: whole(finite(figures.normalizedPowerW), 0, RANGE.uint16),
          totalWork: whole(workKj === null ? null : workKj * 1000, 0, RANGE.uint32),
        }
      : {}),
    enhancedAvgSpeed: within(finite(figures.averageSpeedMps), 0, RANGE.speedMps),
    enhancedMaxSpeed: within(finite(figures.maxSpeedMps), 0, RANGE.speedMps),
    totalCalories: whole(finite(figures.calories), 0, RANGE.uint16),
    totalAscent: whole(finite(figures.ascentM), 0, RANGE.uint16),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as LapMesg & SessionMesg;
}

/** A record's fields from sample `index` of the streams: only the channels with a value there. */
function sampleFields(streams: ActivityStreams, index: number, measuredPower: boolean): RecordMesg {
  const at = (values: (number | null)[] | undefined) => finite(values?.[index]);
  const fields: Record<string, number | undefined> = {
    distance: within(at(streams.distanceM), 0, RANGE.distanceM),
    enhancedAltitude: within(at(streams.altitudeM), RANGE.altitudeM.low, RANGE.altitudeM.high),
    enhancedSpeed: within(at(streams.speedMps), 0, RANGE.speedMps),
    heartRate: whole(at(streams.heartrateBpm), 0, RANGE.uint8),
    ...cadenceFields(at(streams.cadenceRpm), 'cadence', 'fractionalCadence'),
    power: measuredPower ? whole(at(streams.powerW), 0, RANGE.uint16) : undefined,
    temperature: whole(at(streams.temperatureC), -RANGE.temperatureC, RANGE.temperatureC),
  };
  const point = streams.latlng?.[index];
  if (point && Number.isFinite(point[0]) && Number.isFinite(point[1]) && Math.abs(point[0]) <= 90 && Math.abs(point[1]) <= 180) {
    fields.positionLat = semicircles(point[0]);
    fields.positionLong = semicircles(point[1]);
  }
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as RecordMesg;
}

/** The offset of a zone from UTC at `date`, in seconds; null for no zone or one Intl does not know. */
export function utcOffsetS(timezone: string | null, date: Date): number | null {
  // Strava writes "(GMT+01:00) Europe/Paris": the IANA name is its last word.
  const zone = timezone?.trim().split(/\s+/).at(-1);
  if (!zone) return null;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(date);
  } catch {
    return null;
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((candidate) => candidate.type === type)?.value);
  const localMs = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return Math.round((localMs - Math.floor(date.getTime() / 1000) * 1000) / 1000);
}

const atSecond = (second: number) => new Date(second * 1000);

/**
 * A record's fields, always in this order. The SDK's encoder takes a message definition with the
 * same fields in another order for the one in force, and writes the values in the new order: the
 * file would then read power as heart rate.
 */
const RECORD_FIELDS = ['timestamp', 'distance', 'enhancedAltitude', 'enhancedSpeed', 'heartRate', 'cadence', 'fractionalCadence', 'power', 'temperature', 'positionLat', 'positionLong'] as const;

/**
 * The record of a second with a later sample of the same second: the first's values stand, the
 * later fills what it lacks. Every record is made here, so its fields come in `RECORD_FIELDS` order.
 */
function filledRecord(first: RecordMesg, later: RecordMesg): RecordMesg {
  const filled: Record<string, unknown> = {};
  for (const key of RECORD_FIELDS) {
    // A fraction belongs to its own sample's cadence, not to the one that stands.
    const value = key === 'fractionalCadence' && first.cadence !== undefined ? first.fractionalCadence : (first[key] ?? later[key]);
    if (value !== undefined) filled[key] = value;
  }
  return filled as RecordMesg;
}

/**
 * The FIT bytes of the activity, or null when it has no samples (a FIT activity without records
 * would say nothing streams.json does not). Yields to the event loop every few thousand records.
 */
export async function encodeActivityFit(activity: FitActivity, streams: ActivityStreams | null): Promise<Uint8Array | null> {
  const count = streams?.timeS.length ?? 0;
  if (!streams || count === 0) return null;
  const startMs = activity.startDate.getTime();
  const startSecond = Math.round(startMs / 1000);
  const secondOf = (index: number) => Math.round((startMs + streams.timeS[index]! * 1000) / 1000);

  const encoder = new Encoder();
  const fileId: FileIdMesg = { type: 'activity', manufacturer: 'development', product: 0, timeCreated: atSecond(startSecond) };
  encoder.onMesg(MESG_NUM.fileId, fileId);
  const firstSecond = secondOf(0);
  const timerStart: EventMesg = { timestamp: atSecond(firstSecond), event: 'timer', eventType: 'start' };
  encoder.onMesg(MESG_NUM.event, timerStart);

  // One record per second: a sample in the second of the one before fills what that record lacks.
  let record: RecordMesg | undefined;
  let recordSecond = -Infinity;
  let written = 0;
  for (let index = 0; index < count; index++) {
    const second = secondOf(index);
    // A time earlier than the record before (none in stored streams, which ascend) is left out.
    if (second < recordSecond) continue;
    const fields = sampleFields(streams, index, activity.measuredPower);
    if (record !== undefined && second === recordSecond) {
      record = filledRecord(record, fields);
      continue;
    }
    if (record !== undefined) {
      encoder.onMesg(MESG_NUM.record, record);
      if (++written % RECORDS_PER_TURN === 0) await nextTurn();
    }
    record = filledRecord({ timestamp: atSecond(second) }, fields);
    recordSecond = second;
  }
  if (record !== undefined) encoder.onMesg(MESG_NUM.record, record);
  const lastSecond = recordSecond;

  const elapsedS = activity.elapsedTimeS > 0 ? activity.elapsedTimeS : lastSecond - startSecond;
  const timerS = activity.movingTimeS > 0 ? Math.min(activity.movingTimeS, elapsedS) : elapsedS;
  const endSecond = Math.max(lastSecond, startSecond + Math.round(elapsedS));
  const timerStop: EventMesg = { timestamp: atSecond(lastSecond), event: 'timer', eventType: 'stopAll' };
  encoder.onMesg(MESG_NUM.event, timerStop);

  const hasDistance = (activity.distanceM !== null && activity.distanceM > 0) || streams.distanceM !== undefined;
  const totalDistance = hasDistance ? within(finite(activity.distanceM), 0, RANGE.distanceM) : undefined;
  // A FIT activity has at least one lap: without stored laps, one lap is the whole session.
  const laps: FitLap[] = activity.laps.length > 0 ? activity.laps : [{ startS: 0, elapsedS, timerS, distanceM: totalDistance ?? null, figures: activity.totals }];
  laps.forEach((lap, index) => {
    const lapStart = startSecond + Math.round(lap.startS);
    const lapDistance = within(finite(lap.distanceM), 0, RANGE.distanceM);
    const lapMesg: LapMesg = {
      messageIndex: index,
      timestamp: atSecond(lapStart + Math.round(lap.elapsedS)),
      event: 'lap',
      eventType: 'stop',
      startTime: atSecond(lapStart),
      totalElapsedTime: lap.elapsedS,
      totalTimerTime: Math.min(lap.timerS ?? lap.elapsedS, lap.elapsedS),
      ...(lapDistance === undefined ? {} : { totalDistance: lapDistance }),
      ...figureFields(lap.figures, activity.measuredPower),
    };
    encoder.onMesg(MESG_NUM.lap, lapMesg);
  });

  const sport = fitSportOf(activity.sportType, activity.trainer);
  const session: SessionMesg = {
    messageIndex: 0,
    timestamp: atSecond(endSecond),
    event: 'session',
    eventType: 'stop',
    startTime: atSecond(startSecond),
    sport: sport.sport,
    subSport: sport.subSport,
    totalElapsedTime: elapsedS,
    totalTimerTime: timerS,
    ...(totalDistance === undefined ? {} : { totalDistance }),
    firstLapIndex: 0,
    numLaps: laps.length,
    ...figureFields(activity.totals, activity.measuredPower),
  };
  encoder.onMesg(MESG_NUM.session, session);

  const offsetS = utcOffsetS(activity.timezone, activity.startDate);
  const activityMesg: ActivityMesg = {
    timestamp: atSecond(endSecond),
    totalTimerTime: timerS,
    numSessions: 1,
    type: 'manual',
    event: 'activity',
    eventType: 'stop',
    ...(offsetS === null ? {} : { localTimestamp: endSecond - FIT_EPOCH_S + offsetS }),
  };
  encoder.onMesg(MESG_NUM.activity, activityMesg);
  return encoder.close();
}

/** A date from a JSON document: an ISO string (to_jsonb) or a Date. */
function dateOf(value: unknown): Date | null {
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;
  return date && Number.isFinite(date.getTime()) ? date : null;
}

/**
 * A stored lap in either of the shapes Kairo keeps (an imported file's `ParsedLap`; a Strava
 * activity's lap as Strava sends it), placed on the activity's clock; null for one that cannot be.
 */
function storedLap(value: unknown, startDate: Date, timeS: readonly number[] | null, measuredPower: boolean): FitLap | null {
  if (value === null || typeof value !== 'object') return null;
  const lap = value as Record<string, unknown>;
  const stravaIndex = finite(lap.start_index);
  const stravaStart = dateOf(lap.start_date);
  // Strava places a lap by its first sample's index in the streams, and by its start date.
  const byIndex = stravaIndex !== null && timeS ? finite(timeS[stravaIndex]) : null;
  const byDate = stravaStart ? (stravaStart.getTime() - startDate.getTime()) / 1000 : null;
  const startS = finite(lap.startTimeS) ?? byIndex ?? byDate;
  const elapsedS = finite(lap.elapsedTimeS) ?? finite(lap.elapsed_time);
  if (startS === null || startS < 0 || elapsedS === null || elapsedS <= 0) return null;
  const stated = (lap.stated ?? {}) as Record<string, unknown>;
  // Strava's lap power is its estimate where the ride had no meter.
  const lapPower = measuredPower && lap.device_watts !== false;
  return {
    startS,
    elapsedS,
    timerS: finite(lap.movingTimeS) ?? finite(lap.moving_time),
    distanceM: finite(lap.distanceM) ?? finite(lap.distance),
    figures: {
      averageHeartrateBpm: finite(stated.averageHeartrateBpm) ?? finite(lap.average_heartrate),
      maxHeartrateBpm: finite(stated.maxHeartrateBpm) ?? finite(lap.max_heartrate),
      averageCadenceRpm: finite(stated.averageCadenceRpm) ?? finite(lap.average_cadence),
      averagePowerW: finite(stated.averagePowerW) ?? (lapPower ? finite(lap.average_watts) : null),
      maxPowerW: finite(stated.maxPowerW),
      normalizedPowerW: finite(stated.normalizedPowerW),
      workKj: finite(stated.workKj),
      averageSpeedMps: finite(stated.averageSpeedMps) ?? finite(lap.average_speed),
      maxSpeedMps: finite(stated.maxSpeedMps) ?? finite(lap.max_speed),
      calories: finite(stated.calories),
      ascentM: finite(lap.total_elevation_gain),
    },
  };
}

/**
 * The FIT activity of an activity's row as the export reads it (`to_jsonb`, column names in snake
 * case); null when the row has no start. Power figures go in only when the activity's power was
 * measured (device_watts).
 */
export function fitActivityOf(row: Record<string, unknown>, streams: ActivityStreams | null): FitActivity | null {
  const startDate = dateOf(row.start_date);
  if (!startDate) return null;
  const measuredPower = row.device_watts === true;
  const laps = (Array.isArray(row.laps) ? row.laps : [])
    .map((lap) => storedLap(lap, startDate, streams?.timeS ?? null, measuredPower))
    .filter((lap) => lap !== null)
    .sort((a, b) => a.startS - b.startS);
  return {
    sportType: typeof row.sport_type === 'string' ? row.sport_type : 'Workout',
    trainer: row.trainer === true,
    startDate,
    timezone: typeof row.timezone === 'string' ? row.timezone : null,
    elapsedTimeS: finite(row.elapsed_time) ?? 0,
    movingTimeS: finite(row.moving_time) ?? 0,
    distanceM: finite(row.distance),
    totals: {
      averageHeartrateBpm: finite(row.average_heartrate),
      maxHeartrateBpm: finite(row.max_heartrate),
      averageCadenceRpm: finite(row.average_cadence),
      averagePowerW: finite(row.average_watts),
      maxPowerW: finite(row.max_watts),
      normalizedPowerW: finite(row.weighted_average_watts),
      workKj: finite(row.kilojoules),
      averageSpeedMps: finite(row.average_speed),
      maxSpeedMps: finite(row.max_speed),
      calories: finite(row.calories),
      ascentM: finite(row.total_elevation_gain),
    },
    laps,
    measuredPower,
  };
}
