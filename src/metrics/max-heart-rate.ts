import { HEART_RATE_RANGE_BPM } from './sample-cleaning.ts';

/** How far back the estimate of max heart rate looks, from the newest activity (or the activity being scored). */
export const MAX_HR_LOOKBACK_DAYS = 365;

/**
 * One activity's highest heart rate, as stored with its metrics (the cleaned stream's, else the
 * summary's), with what orders equal peaks: when it started, its source key and its id.
 */
export interface ActivityPeak {
  maxHeartrateBpm: number;
  startDate?: Date;
  sourceKey?: string;
  activityId?: string;
}

const compareText = (a: string | undefined, b: string | undefined) => (a ?? '').localeCompare(b ?? '', 'en');

/**
 * Highest peak first; equal peaks newest first, then by source key and id (ADR 0065): the same
 * activities give the same estimate and evidence in whatever order they are given (or imported).
 */
function comparePeaks(a: ActivityPeak, b: ActivityPeak): number {
  return (
    b.maxHeartrateBpm - a.maxHeartrateBpm ||
    (b.startDate?.getTime() ?? 0) - (a.startDate?.getTime() ?? 0) ||
    compareText(a.sourceKey, b.sourceKey) ||
    compareText(a.activityId, b.activityId)
  );
}

/** The estimate of max heart rate, and the activities it was read from, highest first. */
export interface MaxHeartrateEstimate<T extends ActivityPeak> {
  /** Whole beats per minute. */
  maxHeartrateBpm: number;
  /** The activity whose peak is the estimate. */
  counted: T;
  /** The one activity with a higher peak, set aside as a possible spike; null when there is none. */
  setAside: T | null;
}

/**
 * Max heart rate from the peaks of the activities of one sport (or of all) over the last
 * MAX_HR_LOOKBACK_DAYS days (ADR 0060): the second-highest activity peak, so that one recording
 * with a spike (a strap losing contact, an optical sensor locking onto cadence) cannot set it.
 * When two activities reached the same peak, that peak counts (the newest of them is set aside,
 * then by source key and id: never by the order given). With one activity only, its peak is
 * the estimate: there is nothing to check it against, and the evidence says it is one activity.
 * Peaks outside the sample cleaning's heart-rate range (25-250 bpm) are not heart rates and are
 * ignored; null when no activity has a heart rate (never 0).
 */
export function estimateMaxHeartrate<T extends ActivityPeak>(peaks: readonly T[]): MaxHeartrateEstimate<T> | null {
  const [lowBpm, highBpm] = HEART_RATE_RANGE_BPM;
  const credible = peaks
    .filter((peak) => Number.isFinite(peak.maxHeartrateBpm) && peak.maxHeartrateBpm >= lowBpm && peak.maxHeartrateBpm <= highBpm)
    .sort(comparePeaks);
  const [highest, second] = credible;
  if (!highest) return null;
  const counted = second ?? highest;
  return { maxHeartrateBpm: Math.round(counted.maxHeartrateBpm), counted, setAside: second ? highest : null };
}
