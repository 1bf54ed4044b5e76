import type { ActivitySource } from '../../db/schema.ts';
import type { MaxHeartrateEstimate } from '../../../metrics/max-heart-rate.ts';
import type { WindowHighest } from './repo.ts';

/** An activity an estimate was read from. */
export interface EstimateActivity {
  activityId: string;
  name: string;
  startDate: Date;
  source: ActivitySource;
}

export const evidenceOf = (activity: EstimateActivity): EstimateActivity => ({
  activityId: activity.activityId,
  name: activity.name,
  startDate: activity.startDate,
  source: activity.source,
});

/** The sources of the estimates that were made, once each, sorted. */
export function sourcesOf(estimates: readonly (WindowHighest | null)[]): ActivitySource[] {
  return [...new Set(estimates.flatMap((estimate) => estimate?.sources ?? []))].sort();
}

/** An activity with its heart-rate peak, as the max-HR evidence names it. */
export type PeakEvidence = EstimateActivity & { maxHeartrateBpm: number };

/**
 * The estimate of max heart rate (ADR 0060) as evidence: the activity it is read from, the one
 * with a higher peak set aside as a possible spike (a higher number, never the same), and another
 * that reached the same peak. Null without a heart rate.
 */
export function maxHeartrateFound<T extends PeakEvidence>(
  estimate: MaxHeartrateEstimate<T> | null,
): (PeakEvidence & { setAside: PeakEvidence | null; confirmedBy: PeakEvidence | null }) | null {
  if (!estimate) return null;
  const peakOf = (activity: T): PeakEvidence => ({ ...evidenceOf(activity), maxHeartrateBpm: activity.maxHeartrateBpm });
  return {
    ...evidenceOf(estimate.counted),
    maxHeartrateBpm: estimate.maxHeartrateBpm,
    setAside: estimate.setAside && peakOf(estimate.setAside),
    confirmedBy: estimate.confirmedBy && peakOf(estimate.confirmedBy),
  };
}
