import type { WellnessTrendsAnswer } from '../../../shared/api/wellness-trends.ts';
import { addCalendarDays } from '../../../shared/time.ts';
import {
  GOOD_SLEEP_HOURS,
  RESTING_HR_ELEVATED_BPM,
  SHORT_SLEEP_HOURS,
  dayNumber,
  hrvNormalRange,
  indexWellness,
  restingHrBaseline,
  type WellnessReading,
} from './readiness.ts';

/** A stored day as the trends read it: readiness's fields and the body weight. */
export type TrendDay = WellnessReading & { weightKg: number | null };

/**
 * The trends of `from`..`to` from the stored days (those of the span and of the baseline window
 * before it, readinessWindowStart(from) on). Each day's normal range is what readiness judges
 * that day by: the same hrvNormalRange and restingHrBaseline over the same index, so the chart's
 * band and Home's card never disagree. A reading not recorded is left out, never 0.
 */
export function wellnessTrends(stored: readonly TrendDay[], from: string, to: string): WellnessTrendsAnswer {
  const index = indexWellness(stored);
  const inSpan = stored.filter((day) => day.date >= from && day.date <= to);
  const points = (pick: (day: TrendDay) => number | null) =>
    inSpan.flatMap((day) => {
      const value = pick(day);
      return value === null ? [] : [{ date: day.date, value }];
    });
  const hrvNormal: WellnessTrendsAnswer['hrvNormal'] = [];
  const restingHrUsual: WellnessTrendsAnswer['restingHrUsual'] = [];
  for (let date = from; date <= to; date = addCalendarDays(date, 1)) {
    const day = dayNumber(date);
    const range = hrvNormalRange(index, day);
    if (range) hrvNormal.push({ date, lowMs: range.lowMs, highMs: range.highMs });
    const usual = restingHrBaseline(index, day);
    if (usual) restingHrUsual.push({ date, bpm: usual.meanBpm });
  }
  return {
    from,
    to,
    hrvRmssdMs: points((day) => day.hrvRmssdMs),
    restingHrBpm: points((day) => day.restingHrBpm),
    sleepHours: points((day) => day.sleepHours),
    weightKg: points((day) => day.weightKg),
    hrvNormal,
    restingHrUsual,
    restingHrRaisedByBpm: RESTING_HR_ELEVATED_BPM,
    sleepHoursLines: { shortBelow: SHORT_SLEEP_HOURS, goodFrom: GOOD_SLEEP_HOURS },
  };
}
