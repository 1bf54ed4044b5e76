import { Encoder, type ActivityMesg, type DeveloperDataIdMesg, type DeviceInfoMesg, type EventMesg, type FieldDescriptionMesg, type FileIdMesg, type LapMesg, type LengthMesg, type RecordMesg, type SessionMesg } from '@garmin/fitsdk';
import type { LapSpan, RecordPoint } from './model.ts';

/** Global message numbers of the FIT profile (fixed by the protocol). */
const MESG = { fileId: 0, session: 18, lap: 19, record: 20, event: 21, deviceInfo: 23, activity: 34, length: 101, fieldDescription: 206, developerDataId: 207 } as const;

/** FIT positions are semicircles: 2^31 of them make 180 degrees. */
const SEMICIRCLES_PER_DEGREE = 2 ** 31 / 180;
/** An event's `data` is the timer trigger for timer events (the SDK's `timerTrigger` is a sub field of it, written as `data`). */
const TIMER_TRIGGER = { manual: 0, auto: 1 } as const;
/** The developer field key of running power (a Stryd-style Connect IQ field). */
const DEVELOPER_POWER_KEY = 0;

export interface FitSession {
  sport: string;
  subSport: string;
  startS: number;
  endS: number;
  timerS: number;
  distanceM: number | null;
  firstLapIndex: number;
  numLaps: number;
  totalAscentM?: number;
  poolLengthM?: number;
  numActiveLengths?: number;
  activeTimeS?: number;
}

export interface FitLength {
  startS: number;
  elapsedS: number;
  active: boolean;
  strokes: number;
}

/** Everything one FIT activity file holds; times are seconds after `start`. */
export interface FitActivity {
  start: Date;
  points: RecordPoint[];
  /** The timer's running spans (FIT timer start/stop events; `auto` = auto-pause). */
  timer: { startS: number; stopS: number; auto: boolean }[];
  laps: LapSpan[];
  sessions: FitSession[];
  lengths?: FitLength[];
  productName?: string;
  /** The records carry power in a developer field "Power" (watts), not the native field. */
  developerPower?: boolean;
}

const at = (start: Date, seconds: number) => new Date(start.getTime() + seconds * 1000);

function recordMesg(start: Date, point: RecordPoint): RecordMesg {
  const mesg: RecordMesg = { timestamp: at(start, point.t) };
  if (point.lat !== undefined && point.lon !== undefined) {
    mesg.positionLat = Math.round(point.lat * SEMICIRCLES_PER_DEGREE);
    mesg.positionLong = Math.round(point.lon * SEMICIRCLES_PER_DEGREE);
  }
  if (point.altitudeM !== undefined) mesg.enhancedAltitude = point.altitudeM;
  if (point.distanceM !== undefined) mesg.distance = point.distanceM;
  if (point.speedMps !== undefined) mesg.enhancedSpeed = point.speedMps;
  if (point.powerW !== undefined) mesg.power = Math.round(point.powerW);
  if (point.heartRateBpm !== undefined) mesg.heartRate = Math.round(point.heartRateBpm);
  if (point.cadence !== undefined) mesg.cadence = Math.round(point.cadence);
  if (point.temperatureC !== undefined) mesg.temperature = Math.round(point.temperatureC);
  if (point.developerPowerW !== undefined) mesg.developerFields = { [DEVELOPER_POWER_KEY]: Math.round(point.developerPowerW) };
  return mesg;
}

function lapMesg(start: Date, lap: LapSpan, index: number, distance: boolean): LapMesg {
  return {
    messageIndex: index,
    timestamp: at(start, lap.endS),
    event: 'lap',
    eventType: 'stop',
    startTime: at(start, lap.startS),
    totalElapsedTime: lap.endS - lap.startS,
    totalTimerTime: lap.timerS,
    ...(distance ? { totalDistance: lap.distanceM } : {}),
  };
}

function sessionMesg(start: Date, session: FitSession, index: number): SessionMesg {
  return {
    messageIndex: index,
    timestamp: at(start, session.endS),
    event: 'session',
    eventType: 'stop',
    startTime: at(start, session.startS),
    sport: session.sport as SessionMesg['sport'],
    subSport: session.subSport as SessionMesg['subSport'],
    totalElapsedTime: session.endS - session.startS,
    totalTimerTime: session.timerS,
    firstLapIndex: session.firstLapIndex,
    numLaps: session.numLaps,
    ...(session.distanceM === null ? {} : { totalDistance: session.distanceM }),
    ...(session.totalAscentM === undefined ? {} : { totalAscent: Math.round(session.totalAscentM) }),
    ...(session.poolLengthM === undefined ? {} : { poolLength: session.poolLengthM, poolLengthUnit: 'metric' }),
    ...(session.numActiveLengths === undefined ? {} : { numActiveLengths: session.numActiveLengths }),
    ...(session.activeTimeS === undefined ? {} : { activeTime: session.activeTimeS }),
  };
}

function lengthMesg(start: Date, length: FitLength, index: number): LengthMesg {
  return {
    messageIndex: index,
    timestamp: at(start, length.startS + length.elapsedS),
    event: 'length',
    eventType: 'stop',
    startTime: at(start, length.startS),
    totalElapsedTime: length.elapsedS,
    totalTimerTime: length.elapsedS,
    lengthType: length.active ? 'active' : 'idle',
    ...(length.active ? { totalStrokes: length.strokes, swimStroke: 'freestyle' } : {}),
  };
}

const developerPowerField: { developerDataIdMesg: DeveloperDataIdMesg; fieldDescriptionMesg: FieldDescriptionMesg } = {
  developerDataIdMesg: { developerDataIndex: 0, applicationId: Array.from({ length: 16 }, (_, i) => (i * 37 + 11) % 256), applicationVersion: 1 },
  fieldDescriptionMesg: { developerDataIndex: 0, fieldDefinitionNumber: 0, fitBaseTypeId: 0x84, fieldName: 'Power', units: 'Watts' },
};

/**
 * The FIT bytes of an activity, through Garmin's SDK encoder (which applies the profile's scales:
 * metres, m/s, seconds are given as such): file_id, device_info, the developer field's
 * description when used, the timer's start/stop events, records, lengths and laps in time order,
 * then the sessions and the activity message.
 */
export function encodeFitActivity(activity: FitActivity): Buffer {
  const { start } = activity;
  const encoder = activity.developerPower ? new Encoder({ fieldDescriptions: { [DEVELOPER_POWER_KEY]: developerPowerField } }) : new Encoder();
  type AnyMesg = FileIdMesg | DeviceInfoMesg | EventMesg | ActivityMesg | DeveloperDataIdMesg | FieldDescriptionMesg;
  const write = (mesgNum: number, mesg: AnyMesg) => encoder.onMesg(mesgNum, mesg);
  write(MESG.fileId, { type: 'activity', manufacturer: 'development', product: 1, serialNumber: 62062, timeCreated: start, productName: activity.productName ?? 'Kairo Recorder' } satisfies FileIdMesg);
  write(MESG.deviceInfo, { timestamp: start, deviceIndex: 'creator', manufacturer: 'development', product: 1, productName: activity.productName ?? 'Kairo Recorder', softwareVersion: 1 } satisfies DeviceInfoMesg);
  if (activity.developerPower) {
    encoder.onMesg(MESG.developerDataId, developerPowerField.developerDataIdMesg);
    encoder.onMesg(MESG.fieldDescription, developerPowerField.fieldDescriptionMesg);
  }
  const distance = activity.points.some((point) => point.distanceM !== undefined);
  type Timed = { t: number; order: number; write: () => void };
  const timed: Timed[] = [];
  activity.timer.forEach((span, i) => {
    // A timer that auto-paused restarts by itself (auto); the first start and a manual stop's restart are pressed.
    const startTrigger = activity.timer[i - 1]?.auto ? TIMER_TRIGGER.auto : TIMER_TRIGGER.manual;
    timed.push({ t: span.startS, order: 0, write: () => write(MESG.event, { timestamp: at(start, span.startS), event: 'timer', eventType: 'start', data: startTrigger } satisfies EventMesg) });
    timed.push({ t: span.stopS, order: 2, write: () => write(MESG.event, { timestamp: at(start, span.stopS), event: 'timer', eventType: 'stopAll', data: span.auto ? TIMER_TRIGGER.auto : TIMER_TRIGGER.manual } satisfies EventMesg) });
  });
  activity.points.forEach((point) => timed.push({ t: point.placeAtS ?? point.t, order: 1, write: () => encoder.onMesg(MESG.record, recordMesg(start, point)) }));
  (activity.lengths ?? []).forEach((length, i) => timed.push({ t: length.startS + length.elapsedS, order: 1.5, write: () => encoder.onMesg(MESG.length, lengthMesg(start, length, i)) }));
  activity.laps.forEach((lap, i) => timed.push({ t: lap.endS, order: 3, write: () => encoder.onMesg(MESG.lap, lapMesg(start, lap, i, distance)) }));
  // A damaged point (a time jump) is placed where its true time would be (placeAtS).
  const ordered = timed.map((entry, index) => ({ entry, index }));
  ordered.sort((a, b) => a.entry.t - b.entry.t || a.entry.order - b.entry.order || a.index - b.index);
  for (const { entry } of ordered) entry.write();
  activity.sessions.forEach((session, i) => encoder.onMesg(MESG.session, sessionMesg(start, session, i)));
  const end = activity.sessions.at(-1)?.endS ?? 0;
  const timerS = activity.sessions.reduce((sum, session) => sum + session.timerS, 0);
  write(MESG.activity, { timestamp: at(start, end), totalTimerTime: timerS, numSessions: activity.sessions.length, type: 'manual', event: 'activity', eventType: 'stop', localTimestamp: Math.round((start.getTime() - Date.UTC(1989, 11, 31)) / 1000 + end) } satisfies ActivityMesg);
  return Buffer.from(encoder.close());
}
