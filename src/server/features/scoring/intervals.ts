import type { ActivityStreams } from '../../../metrics/activity-streams.ts';
import { detectIntervals, summarizeSegment, type IntervalSignal, type Segment, type SegmentSummary } from '../../../metrics/intervals.ts';
import { resampleTo1Hz } from '../../../metrics/resample.ts';
import { cleanStreams } from '../../../metrics/sample-cleaning.ts';
import type { SportFamily } from '../../../metrics/training-load.ts';
import type { ActivityIntervals, ActivityLap } from '../../../shared/api/activity-intervals.ts';
import { fillMissing } from '../../../shared/fill-missing.ts';

/**
 * An activity's laps and intervals from what is stored: its laps (an imported file's, as
 * `ParsedLap`; a Strava activity's, as Strava sends them), its streams and the FTP its metrics
 * were scored against. Figures come from the cleaned streams where the activity has them, as
 * every other figure of the activity does (ADR 0019); a lap's own stated figures fill in without.
 */
export function readActivityIntervals(input: {
  family: SportFamily;
  storedLaps: readonly unknown[] | null;
  /** Measured streams only: Strava's estimated power left out. */
  streams: ActivityStreams | null;
  ftpW: number | null;
}): ActivityIntervals {
  const streams = input.streams && input.streams.timeS.length > 1 ? input.streams : null;
  const series = streams ? resampleTo1Hz(cleanStreams(streams).streams) : null;
  // FTP is a cycling threshold: a run's power is not read against it.
  const ftpW = input.family === 'ride' && input.ftpW !== null && input.ftpW > 0 ? input.ftpW : null;
  const withFtp = <T extends SegmentSummary>(summary: T) => ({
    ...summary,
    ftpPct: ftpW !== null && summary.averagePowerW !== null ? (summary.averagePowerW / ftpW) * 100 : null,
  });
  const stored = (input.storedLaps ?? []).map((lap) => storedLap(lap, streams?.timeS ?? null)).filter((lap) => lap !== null);
  const laps: ActivityLap[] = stored.map((lap, index) => ({
    number: index + 1,
    // The streams' figure where they have one; the lap's stated figure where they do not.
    ...withFtp(series ? fillMissing(summarizeSegment(series, lap), lap.stated) : lap.stated),
  }));
  const detection = series ? detectIntervals(series, { signals: signalsFor(input.family), laps: stored }) : null;
  return {
    laps,
    intervals: detection && {
      signal: detection.signal,
      from: detection.from,
      items: detection.intervals.map((interval) => withFtp(interval)),
    },
    ftpW,
  };
}

/** Bike speed follows the terrain more than the effort; a run's pace follows the effort. */
function signalsFor(family: SportFamily): IntervalSignal[] {
  if (family === 'run') return ['power', 'speed', 'heart-rate'];
  if (family === 'ride') return ['power', 'heart-rate'];
  return ['heart-rate'];
}

interface StoredLap extends Segment {
  stated: SegmentSummary;
}

/** A stored lap in either shape; null for one that cannot be placed on the activity's clock. */
function storedLap(value: unknown, timeS: readonly number[] | null): StoredLap | null {
  if (value === null || typeof value !== 'object') return null;
  const lap = value as Record<string, unknown>;
  const startS = finite(lap.startTimeS) ?? stravaStartS(lap, timeS);
  const durationS = finite(lap.elapsedTimeS) ?? finite(lap.elapsed_time);
  if (startS === null || durationS === null || durationS <= 0) return null;
  const stated = (lap.stated ?? {}) as Record<string, unknown>;
  const measuredPower = lap.device_watts !== false;
  return {
    startS,
    endS: startS + durationS,
    stated: {
      startS,
      durationS,
      // A trainer file states 0 m for laps it measured no distance in.
      distanceM: positive(finite(lap.distanceM) ?? finite(lap.distance)),
      averagePowerW: finite(stated.averagePowerW) ?? (measuredPower ? finite(lap.average_watts) : null),
      normalizedPowerW: finite(stated.normalizedPowerW),
      averageHeartrateBpm: finite(stated.averageHeartrateBpm) ?? finite(lap.average_heartrate),
      maxHeartrateBpm: finite(stated.maxHeartrateBpm) ?? finite(lap.max_heartrate),
      averageCadenceRpm: finite(stated.averageCadenceRpm) ?? finite(lap.average_cadence),
      averageSpeedMps: finite(stated.averageSpeedMps) ?? finite(lap.average_speed),
    },
  };
}

/** Strava places a lap by its first sample's index in the activity's streams. */
function stravaStartS(lap: Record<string, unknown>, timeS: readonly number[] | null): number | null {
  const index = finite(lap.start_index);
  if (index === null || !timeS) return null;
  return timeS[index] ?? null;
}

function positive(value: number | null): number | null {
  return value !== null && value > 0 ? value : null;
}

function finite(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
