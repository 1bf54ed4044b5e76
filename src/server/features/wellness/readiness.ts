import type { ReadinessInputKey, ReadinessSignal, ReadinessState } from '../../../shared/api/wellness.ts';
import { formatDurationWords, formatNumber } from '../../../shared/format.ts';
import { DAY_MS } from '../../../shared/time.ts';

/**
 * Readiness on a day from what is known about it (docs/decisions/0037-wellness-and-readiness.md),
 * pure: the same wellness rows and form give the same answer.
 *
 * - HRV: the 7-day mean of ln rMSSD against the athlete's 60-day mean ± 1 SD of daily ln rMSSD
 *   (Plews et al. 2012, Kiviniemi et al. 2007, Vesterinen et al. 2016: the log-transformed rolling
 *   average against a personal normal range). Below the range holds training back.
 * - Resting HR: the day's reading against the mean of the 30 days before it; 5 bpm or more above
 *   is the usual warning line (Buchheit 2014).
 * - Form: TSB on the morning of the day from the stored fitness series; below −30 is TrainingPeaks'
 *   high-risk zone.
 * - Last night's sleep (the day's check-in) and fatigue/soreness (the worse of the two, 1–5).
 *
 * An input without a reading, or without enough history for its baseline, is left out with the
 * reason. No score is made up: with nothing known the state is 'unknown'.
 */

export interface WellnessReading {
  date: string;
  sleepHours: number | null;
  sleepQuality: number | null;
  fatigue: number | null;
  soreness: number | null;
  restingHrBpm: number | null;
  hrvRmssdMs: number | null;
}

export interface ReadinessInput {
  key: ReadinessInputKey;
  label: string;
  signal: ReadinessSignal;
  /** The value read, as a number and as text. */
  value: number;
  valueText: string;
  /** The baseline it was judged against, as text; null where none applies. */
  baselineText: string | null;
  figures: Record<string, number>;
  reason: string;
}

export interface MissingInput {
  key: ReadinessInputKey;
  label: string;
  reason: string;
}

export interface Readiness {
  date: string;
  state: ReadinessState;
  inputs: ReadinessInput[];
  missing: MissingInput[];
  reasons: string[];
  /** The HRV figures the sparkline draws (ms), null when HRV is left out. */
  hrv: { meanMs: number; lowMs: number; highMs: number } | null;
}

export const HRV_RECENT_DAYS = 7;
export const HRV_MIN_RECENT_READINGS = 3;
export const HRV_BASELINE_DAYS = 60;
export const HRV_MIN_BASELINE_READINGS = 14;
export const RESTING_HR_BASELINE_DAYS = 30;
export const RESTING_HR_MIN_BASELINE_READINGS = 7;
export const RESTING_HR_ELEVATED_BPM = 5;
export const TSB_STRAINED = -30;
export const TSB_FRESH = 5;
export const SHORT_SLEEP_HOURS = 6;
export const GOOD_SLEEP_HOURS = 7;

const LABELS: Record<ReadinessInputKey, string> = {
  hrv: 'HRV',
  restingHr: 'Resting HR',
  form: 'Form (TSB)',
  sleep: "Last night's sleep",
  feel: 'Fatigue and soreness',
};

export const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

/** A reading with its ln rMSSD computed once, however many windows read it. */
type IndexedReading = WellnessReading & { lnHrv: number | null };

/** Wellness rows by day number, for reading windows of days quickly. */
export type WellnessIndex = ReadonlyMap<number, IndexedReading>;

export function indexWellness(days: readonly WellnessReading[]): WellnessIndex {
  return new Map(days.map((day) => [dayNumber(day.date), { ...day, lnHrv: day.hrvRmssdMs === null ? null : Math.log(day.hrvRmssdMs) }]));
}

export interface WindowStats {
  count: number;
  mean: number;
  /** Sample standard deviation (n − 1); NaN below two values. */
  sd: number;
}

/**
 * Count, mean and sample SD (two-pass) of `pick` over the days `from`..`to` (day numbers,
 * inclusive) that have a value: the baselines Home's readiness and the adjustments' low days read.
 */
export function windowStats(index: WellnessIndex, from: number, to: number, pick: (day: IndexedReading) => number | null): WindowStats {
  const found: number[] = [];
  for (let day = from; day <= to; day++) {
    const entry = index.get(day);
    const value = entry ? pick(entry) : null;
    if (value !== null) found.push(value);
  }
  const count = found.length;
  const mean = found.reduce((sum, value) => sum + value, 0) / count;
  return { count, mean, sd: Math.sqrt(found.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (count - 1)) };
}

const ms = (value: number) => `${formatNumber(value)} ms`;
const bpm = (value: number) => `${formatNumber(value)} bpm`;
const signedNumber = (value: number) => {
  const text = formatNumber(value);
  return text === '0' ? '0' : value > 0 ? `+${text}` : text.replace('-', '−');
};
const outOf5 = (value: number) => `${value} of 5`;

type Judged = { input: ReadinessInput } | { missing: string };

function hrvInput(index: WellnessIndex, day: number): Judged {
  const ln = (entry: IndexedReading) => entry.lnHrv;
  const recent = windowStats(index, day - HRV_RECENT_DAYS + 1, day, ln);
  if (recent.count < HRV_MIN_RECENT_READINGS) {
    return {
      missing: `HRV is left out: ${recent.count} of the last ${HRV_RECENT_DAYS} days have a reading, ${HRV_MIN_RECENT_READINGS} are needed.`,
    };
  }
  const baseline = windowStats(index, day - HRV_BASELINE_DAYS + 1, day, ln);
  if (baseline.count < HRV_MIN_BASELINE_READINGS) {
    return {
      missing: `HRV is left out: ${baseline.count} readings in the last ${HRV_BASELINE_DAYS} days, ${HRV_MIN_BASELINE_READINGS} are needed for your baseline.`,
    };
  }
  const lnMean7 = recent.mean;
  const lnBaseline = baseline.mean;
  const lnSd = baseline.sd;
  const [meanMs, lowMs, highMs] = [Math.exp(lnMean7), Math.exp(lnBaseline - lnSd), Math.exp(lnBaseline + lnSd)];
  const band = `${formatNumber(lowMs)}–${ms(highMs)}`;
  const position = lnMean7 < lnBaseline - lnSd ? 'below' : lnMean7 > lnBaseline + lnSd ? 'above' : 'within';
  const signal: ReadinessSignal = position === 'below' ? 'poor' : 'good';
  const reason =
    position === 'within'
      ? `HRV is normal: your 7-day average of ${ms(meanMs)} is within your normal range of ${band}.`
      : `HRV is ${position === 'below' ? 'low' : 'high'}: your 7-day average of ${ms(meanMs)} is ${position} your normal range of ${band}.`;
  return {
    input: {
      key: 'hrv',
      label: LABELS.hrv,
      signal,
      value: meanMs,
      valueText: ms(meanMs),
      baselineText: band,
      figures: {
        meanMs,
        lowMs,
        highMs,
        lnMean7,
        lnBaselineMean: lnBaseline,
        lnBaselineSd: lnSd,
        recentReadings: recent.count,
        baselineReadings: baseline.count,
      },
      reason,
    },
  };
}

function restingHrInput(index: WellnessIndex, day: number): Judged {
  const today = index.get(day)?.restingHrBpm ?? null;
  if (today === null) return { missing: 'Resting HR is left out: none was recorded for this day.' };
  const before = windowStats(index, day - RESTING_HR_BASELINE_DAYS, day - 1, (entry) => entry.restingHrBpm);
  if (before.count < RESTING_HR_MIN_BASELINE_READINGS) {
    return {
      missing: `Resting HR is left out: ${before.count} readings in the ${RESTING_HR_BASELINE_DAYS} days before, ${RESTING_HR_MIN_BASELINE_READINGS} are needed for your baseline.`,
    };
  }
  const baselineBpm = before.mean;
  const differenceBpm = today - baselineBpm;
  const elevated = differenceBpm >= RESTING_HR_ELEVATED_BPM;
  const signal: ReadinessSignal = elevated ? 'poor' : differenceBpm <= 0 ? 'good' : 'neutral';
  const rounded = Math.round(differenceBpm);
  const comparison =
    rounded === 0
      ? `in line with your ${RESTING_HR_BASELINE_DAYS}-day average of ${bpm(baselineBpm)}`
      : `${bpm(Math.abs(rounded))} ${rounded > 0 ? 'above' : 'below'} your ${RESTING_HR_BASELINE_DAYS}-day average of ${bpm(baselineBpm)}`;
  return {
    input: {
      key: 'restingHr',
      label: LABELS.restingHr,
      signal,
      value: today,
      valueText: bpm(today),
      baselineText: bpm(baselineBpm),
      figures: { restingHrBpm: today, baselineBpm, differenceBpm, baselineReadings: before.count },
      reason: `Resting HR of ${bpm(today)} is ${comparison}${elevated ? ', a sign of incomplete recovery' : ''}.`,
    },
  };
}

function formInput(form: { tsb: number } | null): Judged {
  if (!form) return { missing: 'Form (TSB) is left out: no training load is recorded yet.' };
  const { tsb } = form;
  const signal: ReadinessSignal = tsb < TSB_STRAINED ? 'poor' : tsb > TSB_FRESH ? 'good' : 'neutral';
  const meaning =
    signal === 'poor' ? 'deep fatigue from recent training' : signal === 'good' ? 'you are fresh' : tsb < -10 ? 'you are absorbing training' : 'training and rest are balanced';
  return {
    input: {
      key: 'form',
      label: LABELS.form,
      signal,
      value: tsb,
      valueText: signedNumber(tsb),
      baselineText: null,
      figures: { tsb },
      reason: `Form (TSB) is ${signedNumber(tsb)}: ${meaning}.`,
    },
  };
}

function sleepInput(entry: WellnessReading | undefined): Judged {
  const hours = entry?.sleepHours ?? null;
  const quality = entry?.sleepQuality ?? null;
  if (hours === null && quality === null) return { missing: "Last night's sleep is left out: it was not recorded for this day." };
  const short = hours !== null && hours < SHORT_SLEEP_HOURS;
  const poorQuality = quality !== null && quality <= 2;
  const good = (hours === null || hours >= GOOD_SLEEP_HOURS) && (quality === null || quality >= 4);
  const signal: ReadinessSignal = short || poorQuality ? 'poor' : good ? 'good' : 'neutral';
  const parts = [hours !== null && formatDurationWords(hours * 3600), quality !== null && `quality ${outOf5(quality)}`].filter(
    (part): part is string => typeof part === 'string',
  );
  const figures: Record<string, number> = {};
  if (hours !== null) figures.sleepHours = hours;
  if (quality !== null) figures.sleepQuality = quality;
  return {
    input: {
      key: 'sleep',
      label: LABELS.sleep,
      signal,
      value: hours ?? quality ?? 0,
      valueText: parts.join(', '),
      baselineText: null,
      figures,
      reason: `Last night's sleep: ${parts.join(', ')}${short ? `, less than ${SHORT_SLEEP_HOURS} h` : ''}${poorQuality ? ', poorly rated' : ''}.`,
    },
  };
}

function feelInput(entry: WellnessReading | undefined): Judged {
  const fatigue = entry?.fatigue ?? null;
  const soreness = entry?.soreness ?? null;
  if (fatigue === null && soreness === null) return { missing: 'Fatigue and soreness are left out: they were not recorded for this day.' };
  const worst = Math.max(fatigue ?? 0, soreness ?? 0);
  const signal: ReadinessSignal = worst >= 4 ? 'poor' : worst <= 2 ? 'good' : 'neutral';
  const parts = [fatigue !== null && `fatigue ${outOf5(fatigue)}`, soreness !== null && `soreness ${outOf5(soreness)}`].filter(
    (part): part is string => typeof part === 'string',
  );
  const figures: Record<string, number> = { worst };
  if (fatigue !== null) figures.fatigue = fatigue;
  if (soreness !== null) figures.soreness = soreness;
  const text = parts.join(', ');
  return {
    input: {
      key: 'feel',
      label: LABELS.feel,
      signal,
      value: worst,
      valueText: text,
      baselineText: null,
      figures,
      reason: `You reported ${text}${signal === 'poor' ? ': your body asks for an easier day' : ''}.`,
    },
  };
}

/**
 * The state from the inputs: HRV below its range, or two poor inputs, is 'strained' (the HRV-guided
 * studies hold intensity back on a low HRV alone); one poor input, or nothing either way, 'steady';
 * no poor input and at least one good, 'ready'; no input at all, 'unknown'.
 */
export function readinessState(inputs: readonly Pick<ReadinessInput, 'key' | 'signal'>[]): ReadinessState {
  if (inputs.length === 0) return 'unknown';
  const poor = inputs.filter((input) => input.signal === 'poor');
  if (poor.some((input) => input.key === 'hrv') || poor.length >= 2) return 'strained';
  if (poor.length === 1 || !inputs.some((input) => input.signal === 'good')) return 'steady';
  return 'ready';
}

function listed(labels: string[]): string {
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

/** How a poor input is named inside a sentence. */
const POOR_PHRASES: Record<ReadinessInputKey, string> = {
  hrv: 'low HRV',
  restingHr: 'a raised resting HR',
  form: 'a deep form (TSB)',
  sleep: 'short or poor sleep',
  feel: 'fatigue or soreness',
};

function stateSentence(state: ReadinessState, inputs: readonly ReadinessInput[]): string {
  const poor = inputs.filter((input) => input.signal === 'poor').map((input) => POOR_PHRASES[input.key]);
  switch (state) {
    case 'unknown':
      return 'Readiness is unknown: nothing is recorded for this day yet. Check in, or import your HRV and resting HR.';
    case 'strained':
      return `Strained: ${listed(poor)} ${poor.length === 1 ? 'says' : 'say'} to hold back today.`;
    case 'steady':
      return poor.length === 1 ? `Steady: ${poor[0]} holds you back a little; train, but keep the intensity in check.` : 'Steady: nothing stands out either way.';
    case 'ready':
      return 'Ready: nothing known holds you back today.';
  }
}

/** Readiness on `date` ('YYYY-MM-DD') from the wellness index and the day's form (null without training history). */
export function computeReadiness(date: string, index: WellnessIndex, form: { tsb: number } | null): Readiness {
  const day = dayNumber(date);
  const entry = index.get(day);
  const judged: [ReadinessInputKey, Judged][] = [
    ['hrv', hrvInput(index, day)],
    ['restingHr', restingHrInput(index, day)],
    ['form', formInput(form)],
    ['sleep', sleepInput(entry)],
    ['feel', feelInput(entry)],
  ];
  const inputs: ReadinessInput[] = [];
  const missing: MissingInput[] = [];
  for (const [key, result] of judged) {
    if ('input' in result) inputs.push(result.input);
    else missing.push({ key, label: LABELS[key], reason: result.missing });
  }
  const state = readinessState(inputs);
  const hrv = inputs.find((input) => input.key === 'hrv');
  return {
    date,
    state,
    inputs,
    missing,
    reasons: [stateSentence(state, inputs), ...inputs.map((input) => input.reason), ...missing.map((entry) => entry.reason)],
    hrv: hrv ? { meanMs: hrv.figures.meanMs!, lowMs: hrv.figures.lowMs!, highMs: hrv.figures.highMs! } : null,
  };
}

/** The days a readiness on `date` reads wellness from: the HRV baseline reaches furthest back. */
export function readinessWindowStart(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - (Math.max(HRV_BASELINE_DAYS, RESTING_HR_BASELINE_DAYS + 1) - 1) * DAY_MS)
    .toISOString()
    .slice(0, 10);
}
