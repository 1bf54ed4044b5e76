import {
  RESTING_HR_ELEVATED_BPM,
  SHORT_SLEEP_HOURS,
  dayNumber,
  hrvBelowRange,
  hrvNormalRange,
  restingHrBaseline,
  type WellnessIndex,
} from './readiness.ts';
import { DAY_MS } from '../../../shared/time.ts';

/**
 * "Readiness low two days running" from the days' own readings (docs/decisions/0056), pure.
 *
 * Each day is judged by the one per-day judgement readiness uses (readiness.ts): a day is low when
 * - its own HRV reading is below its normal range (hrvNormalRange: ln rMSSD under the mean − 1 SD
 *   of the 60 days before yesterday, ≥ 14 readings), the daily decision of HRV-guided training
 *   (Kiviniemi 2007, 2010: train easy or rest when the morning's HRV falls below the reference
 *   range); or
 * - two of its other readings are poor: resting HR 5 bpm or more above the usual (restingHrBaseline,
 *   the 30 days before yesterday, ≥ 7 readings; Buchheit 2014), last night's sleep under 6 h or rated
 *   ≤ 2 of 5, fatigue or soreness ≥ 4 of 5.
 * A day's baselines end the day before yesterday, so a low yesterday never lowers today's bar, and
 * yesterday was judged against baselines one day older than today's: each day carries its own
 * (`usual`), and a reason cites those. A reading not recorded, or
 * without its baseline, is left out: never counted as poor or as good.
 */

export const LOW_DAYS_RUNNING = 2;
export const POOR_FEEL = 4;
export const POOR_SLEEP_QUALITY = 2;
/** Poor readings besides HRV that make a day low. */
export const LOW_DAY_POOR_READINGS = 2;

export type DailyReadingKey = 'hrv' | 'restingHr' | 'sleepHours' | 'sleepQuality' | 'fatigue' | 'soreness';

export interface DailyReadings {
  date: string;
  /** The day's readings that are poor, each with its value (ms, bpm, h, or 1–5). */
  poor: { key: DailyReadingKey; value: number }[];
  low: boolean;
  /**
   * The usual values this day was judged against: its own HRV normal range and resting HR
   * baseline, as readiness computes them for the day; null without enough readings. A reason that
   * cites a day's reading cites these, not another day's.
   */
  usual: { hrv: { lowMs: number; highMs: number } | null; restingHrBpm: number | null };
}

export interface LowDays {
  /** Yesterday and today, oldest first. */
  days: DailyReadings[];
  /** Today's normal HRV range (ms), the one Home shows; null without enough readings (each day's own is in `days`). */
  hrv: { meanMs: number; lowMs: number; highMs: number; readings: number } | null;
  /** Today's usual resting HR (bpm); null without enough readings. */
  restingHr: { meanBpm: number; readings: number } | null;
  /** Every one of the days is low. */
  lowRunning: boolean;
}

const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** One day judged on its own readings against its own baselines: the judgement the 8-week strip and the trigger share. */
export function judgeDay(index: WellnessIndex, day: number): DailyReadings {
  const entry = index.get(day);
  const poor: DailyReadings['poor'] = [];
  const hrMean = restingHrBaseline(index, day)?.meanBpm ?? null;
  const hrvRange = hrvNormalRange(index, day);
  if (entry && entry.hrvRmssdMs !== null && hrvBelowRange(entry, hrvRange)) poor.push({ key: 'hrv', value: entry.hrvRmssdMs });
  if (entry && entry.restingHrBpm !== null && hrMean !== null && entry.restingHrBpm - hrMean >= RESTING_HR_ELEVATED_BPM) {
    poor.push({ key: 'restingHr', value: entry.restingHrBpm });
  }
  if (entry?.sleepHours != null && entry.sleepHours < SHORT_SLEEP_HOURS) poor.push({ key: 'sleepHours', value: entry.sleepHours });
  if (entry?.sleepQuality != null && entry.sleepQuality <= POOR_SLEEP_QUALITY) poor.push({ key: 'sleepQuality', value: entry.sleepQuality });
  if (entry?.fatigue != null && entry.fatigue >= POOR_FEEL) poor.push({ key: 'fatigue', value: entry.fatigue });
  if (entry?.soreness != null && entry.soreness >= POOR_FEEL) poor.push({ key: 'soreness', value: entry.soreness });
  // Short sleep and a poor rating of it are one reading of the night; fatigue and soreness one of the body (as readiness counts them).
  const others = new Set(poor.filter((reading) => reading.key !== 'hrv').map((reading) => (reading.key.startsWith('sleep') ? 'sleep' : reading.key === 'restingHr' ? 'restingHr' : 'feel')));
  const low = poor.some((reading) => reading.key === 'hrv') || others.size >= LOW_DAY_POOR_READINGS;
  return { date: dateOf(day), poor, low, usual: { hrv: hrvRange && { lowMs: hrvRange.lowMs, highMs: hrvRange.highMs }, restingHrBpm: hrMean } };
}

/** The last `LOW_DAYS_RUNNING` days up to `today` ('YYYY-MM-DD'), each judged on its own readings. */
export function lowDays(index: WellnessIndex, today: string): LowDays {
  const last = dayNumber(today);
  const days: DailyReadings[] = [];
  for (let day = last - LOW_DAYS_RUNNING + 1; day <= last; day++) days.push(judgeDay(index, day));
  const hrv = hrvNormalRange(index, last);
  const restingHr = restingHrBaseline(index, last);
  return {
    days,
    hrv: hrv && { meanMs: hrv.meanMs, lowMs: hrv.lowMs, highMs: hrv.highMs, readings: hrv.readings },
    restingHr,
    lowRunning: days.every((day) => day.low),
  };
}
