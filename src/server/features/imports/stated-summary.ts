import type { StatedSummary } from './parsed-activity.ts';

export const noStatedSummary: StatedSummary = {
  averagePowerW: null,
  maxPowerW: null,
  normalizedPowerW: null,
  averageHeartrateBpm: null,
  maxHeartrateBpm: null,
  averageCadenceRpm: null,
  averageSpeedMps: null,
  maxSpeedMps: null,
  calories: null,
  workKj: null,
};

/** A lap's or session's stated summary and the timer seconds it covers. */
export interface TimedSummary {
  stated: StatedSummary;
  timerS: number | null;
}

/**
 * The whole activity's stated summary from its parts (TCX laps, FIT multisport sessions): sums for
 * energy, maxima for maxima, timer-weighted means for averages. Normalized power is a fourth-power
 * mean that parts cannot be combined into, so it survives only when there is a single part.
 */
export function combineStatedSummaries(parts: TimedSummary[]): StatedSummary {
  const only = parts.length === 1 ? parts[0] : undefined;
  if (only) return only.stated;
  return {
    averagePowerW: weightedMean(parts, 'averagePowerW'),
    maxPowerW: maximum(parts, 'maxPowerW'),
    normalizedPowerW: null,
    averageHeartrateBpm: weightedMean(parts, 'averageHeartrateBpm'),
    maxHeartrateBpm: maximum(parts, 'maxHeartrateBpm'),
    averageCadenceRpm: weightedMean(parts, 'averageCadenceRpm'),
    averageSpeedMps: weightedMean(parts, 'averageSpeedMps'),
    maxSpeedMps: maximum(parts, 'maxSpeedMps'),
    calories: sum(parts, 'calories'),
    workKj: sum(parts, 'workKj'),
  };
}

type SummaryKey = keyof StatedSummary;

function sum(parts: TimedSummary[], key: SummaryKey): number | null {
  return sumOfKnown(parts.map((part) => part.stated[key]));
}

/** The sum of the values a file states; null when it states none. */
export function sumOfKnown(values: (number | null)[]): number | null {
  const known = values.filter((value) => value !== null);
  return known.length === 0 ? null : known.reduce((total, value) => total + value, 0);
}

function maximum(parts: TimedSummary[], key: SummaryKey): number | null {
  const known = parts.map((part) => part.stated[key]).filter((value) => value !== null);
  return known.length === 0 ? null : known.reduce((max, value) => Math.max(max, value));
}

/** Mean over the parts that state the value and their timer time; null when none has both. */
function weightedMean(parts: TimedSummary[], key: SummaryKey): number | null {
  let weightedTotal = 0;
  let totalS = 0;
  for (const { stated, timerS } of parts) {
    const value = stated[key];
    if (value === null || timerS === null || timerS <= 0) continue;
    weightedTotal += value * timerS;
    totalS += timerS;
  }
  return totalS > 0 ? weightedTotal / totalS : null;
}
