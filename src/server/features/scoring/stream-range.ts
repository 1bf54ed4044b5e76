import type { ActivityStreams } from '../../../metrics/activity-streams.ts';
import { computeElevationGain } from '../../../metrics/elevation.ts';
import { summarizeSegment } from '../../../metrics/intervals.ts';
import { computeMaxPowerW } from '../../../metrics/power.ts';
import { resampleTo1Hz } from '../../../metrics/resample.ts';
import { cleanStreams } from '../../../metrics/sample-cleaning.ts';
import type { ActivityRange } from '../../../shared/api/activity-range.ts';
import { AppError } from '../../http/errors.ts';

/**
 * The figures of the stretch `fromS`..`toS` (seconds of elapsed time) of an activity's measured
 * streams, by the functions every other figure of the activity comes from: the cleaned streams on
 * the 1 Hz grid (ADR 0019), summarised as a lap is (summarizeSegment: average and Normalized Power,
 * heart rate, speed, distance), and the elevation rule of ADR 0063 (computeElevationGain) over the
 * stretch's cleaned samples. A power stream without one positive reading is a paired but silent
 * meter, not data, as for the whole activity.
 */
export function readStreamRange(streams: ActivityStreams | null, fromS: number, toS: number): ActivityRange {
  if (!streams || streams.timeS.length < 2) throw new AppError('not_found', 'This activity has no recorded streams');
  const endS = streams.timeS.at(-1)!;
  if (fromS >= endS) throw new AppError('bad_request', `"from" must be before the activity's end at ${Math.floor(endS)} s`);
  if (toS > endS) throw new AppError('bad_request', `"to" must be at most the activity's end at ${Math.floor(endS)} s`);
  const cleaned = cleanStreams(streams).streams;
  const full = resampleTo1Hz(cleaned);
  const series = full.powerW && (computeMaxPowerW(full.powerW) ?? 0) > 0 ? full : { ...full, powerW: null };
  const summary = summarizeSegment(series, { startS: fromS, endS: toS });
  return {
    fromS,
    toS,
    durationS: summary.durationS,
    distanceM: summary.distanceM,
    averagePowerW: summary.averagePowerW,
    normalizedPowerW: summary.normalizedPowerW,
    averageHeartrateBpm: summary.averageHeartrateBpm,
    maxHeartrateBpm: summary.maxHeartrateBpm,
    averageSpeedMps: summary.averageSpeedMps,
    elevationGainM: cleaned.altitudeM ? (computeElevationGain(slice(cleaned, fromS, toS))?.gainM ?? null) : null,
  };
}

/** The samples taken from `fromS` to `toS`, every channel the elevation rule reads. */
function slice(streams: ActivityStreams, fromS: number, toS: number): Pick<ActivityStreams, 'timeS' | 'altitudeM' | 'distanceM'> {
  const first = streams.timeS.findIndex((timeS) => timeS >= fromS);
  const after = streams.timeS.findIndex((timeS) => timeS > toS);
  const end = after === -1 ? streams.timeS.length : after;
  const start = first === -1 ? end : first;
  return {
    timeS: streams.timeS.slice(start, end),
    ...(streams.altitudeM ? { altitudeM: streams.altitudeM.slice(start, end) } : {}),
    ...(streams.distanceM ? { distanceM: streams.distanceM.slice(start, end) } : {}),
  };
}
