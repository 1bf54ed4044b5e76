import type { ActivityStreams } from './activity-streams.ts';
import { computeElevationGain, type AltitudeKind } from './elevation.ts';
import { computeHeartRateFigures } from './heart-rate.ts';
import { computeAveragePowerW, computeMaxPowerW, computeNormalizedPowerW, computeWorkKj } from './power.ts';
import { computeMovingTimeS, resampleTo1Hz } from './resample.ts';
import { cleanStreams, type SampleCleaningCounts } from './sample-cleaning.ts';

/**
 * The activity summary's figures from its cleaned streams, by the same algorithms as the metrics,
 * so an activity shows one figure for each thing (a device's own figure stays a device figure).
 * Null where the streams did not measure it: no power meter (or one that never read above 0 W)
 * means no power figures, never 0 W.
 */
export interface StreamSummary {
  movingTimeS: number | null;
  /** By `computeElevationGain` (ADR 0063); null without altitude. */
  elevationGainM: number | null;
  /** The altitude's kind as its noise tells it, which chose the smoothing; null without altitude. */
  altitudeKind: AltitudeKind | null;
  averageHeartrateBpm: number | null;
  maxHeartrateBpm: number | null;
  averagePowerW: number | null;
  maxPowerW: number | null;
  normalizedPowerW: number | null;
  workKj: number | null;
  cleaning: SampleCleaningCounts;
}

export function computeStreamSummary(streams: ActivityStreams): StreamSummary | null {
  if (streams.timeS.length === 0) return null;
  const cleaned = cleanStreams(streams);
  const series = resampleTo1Hz(cleaned.streams);
  const powerW = series.powerW && (computeMaxPowerW(series.powerW) ?? 0) > 0 ? series.powerW : null;
  const elevation = computeElevationGain(cleaned.streams);
  return {
    movingTimeS: computeMovingTimeS(series),
    elevationGainM: elevation?.gainM ?? null,
    altitudeKind: elevation?.altitude ?? null,
    ...computeHeartRateFigures(series),
    averagePowerW: powerW ? computeAveragePowerW(powerW, series.recorded) : null,
    maxPowerW: powerW ? computeMaxPowerW(powerW) : null,
    normalizedPowerW: powerW ? computeNormalizedPowerW(powerW, series.recorded) : null,
    workKj: powerW ? computeWorkKj(powerW) : null,
    cleaning: cleaned.counts,
  };
}
