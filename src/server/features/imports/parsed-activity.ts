import type { ActivityStreams } from '../../../metrics/activity-streams.ts';
import type { StreamSummary } from '../../../metrics/stream-summary.ts';
import type { PackedStreams } from '../../db/stream-codec.ts';
import type { RecordedSport, SportType } from './sport-type.ts';

export type ActivityFileFormat = 'fit' | 'gpx' | 'tcx';

/**
 * Summary values exactly as the recording device wrote them into the file; null where the file is
 * silent. Kairo's metrics recompute from streams; these are kept to show and to cross-check.
 * Running cadence counts the steps of one foot per minute, like the cadence stream.
 */
export interface StatedSummary {
  averagePowerW: number | null;
  maxPowerW: number | null;
  normalizedPowerW: number | null;
  averageHeartrateBpm: number | null;
  maxHeartrateBpm: number | null;
  averageCadenceRpm: number | null;
  averageSpeedMps: number | null;
  maxSpeedMps: number | null;
  calories: number | null;
  workKj: number | null;
}

export interface ParsedLap {
  /** Seconds from the activity start (the first sample) to the lap start. */
  startTimeS: number;
  elapsedTimeS: number;
  /** The recorder's timer time for the lap; null when the file does not say. */
  movingTimeS: number | null;
  distanceM: number | null;
  stated: StatedSummary;
}

/** One activity file, parsed into Kairo's activity + streams model. */
export interface ParsedActivity {
  format: ActivityFileFormat;
  sportType: SportType;
  name: string | null;
  /** The time of the first sample; every stream time and lap start counts from it. */
  startDate: Date;
  /** Whole seconds from start to finish, pauses included. */
  elapsedTimeS: number;
  /** Whole seconds of the recorder's timer; computed from speed when the file has no timer. */
  movingTimeS: number;
  distanceM: number;
  /**
   * Metres climbed: the device's own total ascent where the file states it (what the athlete's
   * unit showed), else Kairo's rule over the recorded altitude (`computeElevationGain`, ADR 0063);
   * null when the file has neither. `fileQuality.elevationGainFrom` says which.
   */
  totalElevationGainM: number | null;
  /** The summary figures the cleaned streams give; null without samples. */
  computed: StreamSummary | null;
  /** Recorded indoors: on a trainer, treadmill or rowing machine. */
  trainer: boolean;
  deviceName: string | null;
  stated: StatedSummary;
  laps: ParsedLap[];
  streams: ActivityStreams;
  /** sha256 (hex) of the file's bytes after gunzip: the same file imports once. */
  contentHash: string;
  /** Which leg of a multisport file this is; absent for a file of one activity. */
  leg?: { index: number; count: number };
  /**
   * What the importer did to the file's samples and what the athlete should know: samples at a
   * time already seen (merged) or earlier than the one before (dropped), and a file cut short.
   */
  fileQuality: FileQuality;
}

/** What an activity's stored summary reads of its streams (to-activity-values.ts); null where no sample has it. */
export interface StreamExtremes {
  altitudeHighM: number | null;
  altitudeLowM: number | null;
  maxSpeedMps: number | null;
  startLatlng: [number, number] | null;
  endLatlng: [number, number] | null;
}

/**
 * A parsed activity as a worker of the file reader hands it to the server (pack-activity.ts): its
 * streams packed for storage, with what the summary reads of them. The server stores the packed
 * bytes as they are; it never holds the file's decoded streams.
 */
export interface PackedActivity extends Omit<ParsedActivity, 'streams'> {
  streams: PackedStreams;
  extremes: StreamExtremes;
}

export interface FileQuality {
  /**
   * Where the elevation gain comes from (ADR 0063): the device's stated ascent, or Kairo's rule
   * over barometric-like or GPS-like altitude; null without either. Absent on older imports.
   */
  elevationGainFrom?: ElevationGainFrom | null;
  duplicateTimestampsMerged: number;
  backwardTimestampsDropped: number;
  /** Seconds recovered from a file that ended early (cut short); null for a whole file. */
  truncatedRecoveredS: number | null;
  /**
   * Seconds read from a damaged file (its CRC fails, or a record's time jumps far out of line:
   * the file is read up to there); null for an undamaged file.
   */
  damagedRecoveredS: number | null;
  /** A leg of a multisport file: the seconds of the transition (T1, T2) just before it; null otherwise. */
  transitionBeforeS: number | null;
  /** A pool swim: the lengths swum, the seconds its heart-rate figures cover; null otherwise. */
  activeLengths: number | null;
  /** How Kairo counted moving time where the file has no timer pauses; null: the recorder's timer. */
  movingTimeRule: MovingTimeRule | null;
}

/**
 * Kairo's moving time for a file without timer pauses (ADR 0065): the intervals at `minSpeedMps`
 * or faster outside a GPS stay ('speed'); without distance, the seconds with power or cadence above
 * 0 ('effort'); without either, every recorded second ('recorded').
 */
export interface MovingTimeRule {
  from: 'speed' | 'effort' | 'recorded';
  minSpeedMps: number | null;
}

export type ElevationGainFrom = 'device' | 'barometric' | 'gps';

/** One sample as a format reader finds it; absent fields were not recorded. */
export interface RecordedSample {
  timeMs: number;
  latlng?: [number, number] | null;
  altitudeM?: number | null;
  distanceM?: number | null;
  heartrateBpm?: number | null;
  cadenceRpm?: number | null;
  powerW?: number | null;
  speedMps?: number | null;
  temperatureC?: number | null;
  /** A pool swim: in a length swum (true) or a rest between lengths (false). */
  active?: boolean;
}

export interface RecordedLap {
  startMs: number;
  /** Null when the format has no lap elapsed time (TCX): it then runs to the next lap's start. */
  elapsedTimeS: number | null;
  movingTimeS: number | null;
  distanceM: number | null;
  stated: StatedSummary;
  /** The device's total ascent for the lap, where the file states it (FIT). */
  totalAscentM?: number | null;
}

/**
 * What a format reader (fit.ts, gpx.ts, tcx.ts) takes from a file: its samples and whatever totals
 * it states. `assembleParsedActivity` derives the rest the same way for every format.
 */
export interface RecordedActivity {
  /** Null when the file names no sport (or a generic one): inferred from speed. */
  sport: RecordedSport | null;
  name: string | null;
  deviceName: string | null;
  elapsedTimeS: number | null;
  movingTimeS: number | null;
  distanceM: number | null;
  totalElevationGainM: number | null;
  stated: StatedSummary;
  laps: RecordedLap[];
  samples: RecordedSample[];
  /** The file ended before its end (a FIT file cut short): what was complete was read. */
  truncated?: boolean;
  /** The file is damaged (CRC, a record's time far out of line): what could be read was read. */
  damaged?: boolean;
  /** A leg of a multisport file: the seconds of the transition before it, which is no activity. */
  transitionBeforeS?: number;
  /** A pool swim: how many lengths were swum (its samples say which are `active`). */
  activeLengths?: number;
}
