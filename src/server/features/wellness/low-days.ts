import {
  HRV_BASELINE_DAYS,
  HRV_MIN_BASELINE_READINGS,
  RESTING_HR_BASELINE_DAYS,
  RESTING_HR_ELEVATED_BPM,
  RESTING_HR_MIN_BASELINE_READINGS,
  SHORT_SLEEP_HOURS,
  dayNumber,
  windowStats,
  type WellnessIndex,
} from './readiness.ts';
import { DAY_MS } from '../../../shared/time.ts';

/**
 * "Readiness low two days running" from the days' own readings (docs/decisions/0056), pure.
 *
 * Home's readiness reads the 7-day mean of ln rMSSD (ADR 0037): the trend, which one night cannot
 * move much. The adjustments trigger asks a different question: did the body say "hold back" on
 * yesterday's and today's readings themselves? A day is low when
 * - its own HRV reading is below the usual range: ln rMSSD under the mean − 1 SD of the 60 days
 *   before the two days (≥ 14 readings), the daily decision of HRV-guided training (Kiviniemi
 *   2007, 2010: train easy or rest when the morning's HRV falls below the reference range); or
 * - two of its other readings are poor: resting HR 5 bpm or more above the mean of the 30 days
 *   before the two days (≥ 7 readings; Buchheit 2014), last night's sleep under 6 h or rated
 *   ≤ 2 of 5, fatigue or soreness ≥ 4 of 5.
 * Both days are judged against the same baselines, those of the days before them, so a low
 * yesterday does not lower the bar for today, and the reason can cite one usual range. A reading
 * not recorded, or without its baseline, is left out: never counted as poor or as good.
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
}

export interface LowDays {
  /** Yesterday and today, oldest first. */
  days: DailyReadings[];
  /** The usual HRV range both days were judged against (ms); null without enough readings. */
  hrv: { meanMs: number; lowMs: number; highMs: number; readings: number } | null;
  /** The usual resting HR (bpm); null without enough readings. */
  restingHr: { meanBpm: number; readings: number } | null;
  /** Every one of the days is low. */
  lowRunning: boolean;
}

const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The last `LOW_DAYS_RUNNING` days up to `today` ('YYYY-MM-DD'), each judged on its own readings. */
export function lowDays(index: WellnessIndex, today: string): LowDays {
  const last = dayNumber(today);
  const first = last - LOW_DAYS_RUNNING + 1;
  const hrvBaseline = windowStats(index, first - HRV_BASELINE_DAYS, first - 1, (entry) => entry.lnHrv);
  const lnMean = hrvBaseline.count >= HRV_MIN_BASELINE_READINGS ? hrvBaseline.mean : null;
  const lnSd = lnMean === null ? null : hrvBaseline.sd;
  const hrBaseline = windowStats(index, first - RESTING_HR_BASELINE_DAYS, first - 1, (entry) => entry.restingHrBpm);
  const hrMean = hrBaseline.count >= RESTING_HR_MIN_BASELINE_READINGS ? hrBaseline.mean : null;

  const days: DailyReadings[] = [];
  for (let day = first; day <= last; day++) {
    const entry = index.get(day);
    const poor: DailyReadings['poor'] = [];
    if (entry && entry.lnHrv !== null && entry.hrvRmssdMs !== null && lnMean !== null && lnSd !== null && entry.lnHrv < lnMean - lnSd) {
      poor.push({ key: 'hrv', value: entry.hrvRmssdMs });
    }
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
    days.push({ date: dateOf(day), poor, low });
  }
  return {
    days,
    hrv:
      lnMean === null || lnSd === null
        ? null
        : { meanMs: Math.exp(lnMean), lowMs: Math.exp(lnMean - lnSd), highMs: Math.exp(lnMean + lnSd), readings: hrvBaseline.count },
    restingHr: hrMean === null ? null : { meanBpm: hrMean, readings: hrBaseline.count },
    lowRunning: days.every((day) => day.low),
  };
}
