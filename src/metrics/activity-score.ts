import { computeActivityMetrics, type ActivityMetrics, type ActivityMetricsInput } from './activity-metrics.ts';
import { best20MinPowerW } from './critical-power.ts';
import { samplePowerCurveOnGrid } from './power-curve-grid.ts';
import { estimateThresholdSpeedFromEffortsMps } from './threshold-pace.ts';

/**
 * What scoring stores of one activity: its metrics, and of its power-duration curve only what is
 * kept (the grid the season reads, the best 20 minutes FTP is estimated from), with the threshold
 * speed its best efforts imply. The full curve (one watt figure per second of the activity) stays
 * where it was computed: a worker hands back a few kilobytes, not the curve of a ten-hour ride.
 */
export interface ActivityScore {
  metrics: Omit<ActivityMetrics, 'powerDurationCurve'>;
  /** The curve at the grid's durations (power-curve-grid.ts); empty without power. */
  powerCurveW: number[];
  best20MinPowerW: number | null;
  impliedThresholdSpeedMps: number | null;
}

export function scoreActivity(input: ActivityMetricsInput): ActivityScore {
  const { powerDurationCurve, ...metrics } = computeActivityMetrics(input);
  return {
    metrics,
    powerCurveW: powerDurationCurve ? samplePowerCurveOnGrid(powerDurationCurve) : [],
    best20MinPowerW: powerDurationCurve ? best20MinPowerW(powerDurationCurve) : null,
    impliedThresholdSpeedMps: metrics.bestEfforts ? estimateThresholdSpeedFromEffortsMps(metrics.bestEfforts) : null,
  };
}
