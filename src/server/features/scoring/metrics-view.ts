import type { ActivityMetrics } from '../../../metrics/activity-metrics.ts';
import type { ActivityMetricsView } from '../../../shared/api/activities.ts';
import type { ActivitySource } from '../../db/schema.ts';
import type { MetricsRepo } from './repo.ts';

/** An activity's metrics as the API shows them, with the thresholds they were scored against. */

export interface ThresholdsUsed {
  ftp: { ftpW: number | null; source: FtpSource };
  thresholdPace: { paceSPerKm: number | null; source: ThresholdPaceSource };
  sources: ActivitySource[];
  hrZonesSource: ActivityMetricsView['hrZonesSource'];
  hrZoneUpperBoundsBpm: number[] | null;
  /** The max heart rate TRIMP and the estimated zones were scored with; null without one. */
  maxHrBpm: number | null;
}

/** The view's fields that say which thresholds the metrics were scored against. */
export function thresholdsView(thresholds: ThresholdsUsed): Partial<ActivityMetricsView> {
  return {
    ftpW: thresholds.ftp.ftpW,
    ftpSource: thresholds.ftp.source,
    thresholdPaceSPerKm: thresholds.thresholdPace.paceSPerKm,
    thresholdPaceSource: thresholds.thresholdPace.source,
    hrZoneUpperBoundsBpm: thresholds.hrZoneUpperBoundsBpm,
    hrZonesSource: thresholds.hrZonesSource,
    maxHrBpm: thresholds.maxHrBpm,
  };
}

export function toView(metrics: Omit<ActivityMetrics, 'powerDurationCurve'>, thresholds: ThresholdsUsed): ActivityMetricsView {
  return {
    averagePowerW: metrics.averagePowerW,
    maxPowerW: metrics.maxPowerW,
    normalizedPowerW: metrics.normalizedPowerW,
    intensityFactor: metrics.intensityFactor,
    tss: metrics.tss,
    variabilityIndex: metrics.variabilityIndex,
    workKj: metrics.workKj,
    efficiencyFactor: metrics.efficiencyFactor,
    decouplingPct: metrics.decouplingPct,
    powerZoneSeconds: metrics.powerZoneSeconds,
    hrZoneSeconds: metrics.hrZoneSeconds,
    trimp: metrics.trimp,
    trainingLoad: metrics.trainingLoad,
    trainingLoadMethod: metrics.trainingLoadMethod,
    movingTimeS: metrics.movingTimeS,
    distanceM: metrics.distanceM,
    elevationGainM: metrics.elevationGainM,
    xPowerW: metrics.xPowerW,
    averageHeartrateBpm: metrics.averageHeartrateBpm,
    maxHeartrateBpm: metrics.maxHeartrateBpm,
    hrTss: metrics.hrTss,
    averagePaceSPerKm: metrics.averagePaceSPerKm,
    gradeAdjustedPaceSPerKm: metrics.gradeAdjustedPaceSPerKm,
    rTss: metrics.rTss,
    bestEfforts: metrics.bestEfforts,
    ftpW: thresholds.ftp.ftpW,
    ftpSource: thresholds.ftp.source,
    thresholdPaceSPerKm: thresholds.thresholdPace.paceSPerKm,
    thresholdPaceSource: thresholds.thresholdPace.source,
    thresholdSources: thresholds.sources,
    dataQuality: metrics.dataQuality,
    hrZoneUpperBoundsBpm: thresholds.hrZoneUpperBoundsBpm,
    hrZonesSource: thresholds.hrZonesSource,
    maxHrBpm: thresholds.maxHrBpm,
  };
}

export type FtpSource = ActivityMetricsView['ftpSource'];
export type ThresholdPaceSource = ActivityMetricsView['thresholdPaceSource'];

/** An activity's stored metrics as the API shows them; null until the metrics job has run. */
export async function storedView(repo: Pick<MetricsRepo, 'find'>, accountId: string, activityId: string): Promise<ActivityMetricsView | null> {
  const row = await repo.find(accountId, activityId);
  return (row?.metrics as ActivityMetricsView | undefined) ?? null;
}
