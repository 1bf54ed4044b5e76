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
  /**
   * The activity whose peak is higher than the estimate (in whole bpm), set aside as a possible
   * spike; null when none is. Never the same number as the estimate.
   */
  setAside: T | null;
  /** Another activity that reached the same peak (in whole bpm), which confirms it; null when none did. */
  confirmedBy: T | null;
}

const credibleSorted = <T extends ActivityPeak>(peaks: readonly T[]): T[] => {
  const [lowBpm, highBpm] = HEART_RATE_RANGE_BPM;
  return peaks.filter((peak) => Number.isFinite(peak.maxHeartrateBpm) && peak.maxHeartrateBpm >= lowBpm && peak.maxHeartrateBpm <= highBpm).sort(comparePeaks);
};

/**
 * The one rule that decides which peaks count (ADR 0060), for one group of activities (the rides,
 * the runs, or the other sports): the highest peak counts when a second activity of the group
 * reached it too (in whole bpm: the figure shown); otherwise it is set aside as a possible spike
 * (a strap losing contact, an optical sensor locking onto cadence) and the second-highest counts.
 * With one activity only, its peak is the estimate: there is nothing to check it against, and the
 * evidence says it is one activity. Equal peaks are ordered newest first, then by source key and
 * id, never by the order given. Peaks outside the sample cleaning's heart-rate range (25-250 bpm)
 * are not heart rates and are ignored; null when no activity has a heart rate (never 0).
 */
export function estimateMaxHeartrate<T extends ActivityPeak>(peaks: readonly T[]): MaxHeartrateEstimate<T> | null {
  const [highest, second] = credibleSorted(peaks);
  if (!highest) return null;
  if (!second) return { maxHeartrateBpm: Math.round(highest.maxHeartrateBpm), counted: highest, setAside: null, confirmedBy: null };
  if (Math.round(second.maxHeartrateBpm) === Math.round(highest.maxHeartrateBpm)) {
    return { maxHeartrateBpm: Math.round(highest.maxHeartrateBpm), counted: highest, setAside: null, confirmedBy: second };
  }
  return { maxHeartrateBpm: Math.round(second.maxHeartrateBpm), counted: second, setAside: highest, confirmedBy: null };
}

/**
 * Max heart rate of every sport together, from the same rule as each sport's own (ADR 0060): each
 * group of activities (the rides, the runs, the other sports) is judged on its own by
 * estimateMaxHeartrate, and the estimate is the highest peak any group counts. So a ride the rides'
 * estimate sets aside as a spike is never the all-sports estimate, and a peak a sport counts is
 * never set aside here. The peak set aside is the highest one any group set aside above the
 * estimate; null when none is.
 */
export function estimateMaxHeartrateOfGroups<T extends ActivityPeak>(groups: readonly (readonly T[])[]): MaxHeartrateEstimate<T> | null {
  const estimates = groups.map((group) => estimateMaxHeartrate(group)).filter((estimate) => estimate !== null);
  const [best] = [...estimates].sort((a, b) => b.maxHeartrateBpm - a.maxHeartrateBpm || comparePeaks(a.counted, b.counted));
  if (!best) return null;
  const [setAside] = estimates
    .flatMap((estimate) => (estimate.setAside && Math.round(estimate.setAside.maxHeartrateBpm) > best.maxHeartrateBpm ? [estimate.setAside] : []))
    .sort(comparePeaks);
  return { ...best, setAside: setAside ?? null };
}
