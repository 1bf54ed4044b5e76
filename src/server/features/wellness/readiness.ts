import type { ReadinessInputKey, ReadinessSignal, ReadinessState } from '../../../shared/api/wellness.ts';
import { formatDurationWords, formatNumber } from '../../../shared/format.ts';
import { DAY_MS } from '../../../shared/time.ts';
import { morningFitness } from '../../../metrics/fitness.ts';
import { formState, type FormState } from '../../../shared/domain/form-bands.ts';

/**
 * Readiness on a day from what is known about it (docs/decisions/0037-wellness-and-readiness.md),
 * pure: the same wellness rows and form give the same answer.
 *
 * - HRV: the day's own reading against the athlete's normal range for the day (hrvNormalRange: the
 *   mean ± 1 SD of daily ln rMSSD over the 60 days before yesterday), the daily decision of
 *   HRV-guided training (Kiviniemi et al. 2007, 2010). Below the range holds training back. The
 *   7-day mean of ln rMSSD (Plews et al. 2012) is drawn beside it, as the trend, and decides nothing.
 * - Resting HR: the day's reading against the mean of the 30 days before yesterday (restingHrBaseline);
 *   5 bpm or more above is the usual warning line (Buchheit 2014).
 * - Form: TSB on the morning of the day from the stored fitness series; below −30 is TrainingPeaks'
 *   high-risk zone.
 * - Last night's sleep (the day's check-in) and fatigue/soreness (the worse of the two, 1–5).
 *
 * An input without a reading, or without enough history for its baseline, is left out with the
 * reason (HRV only when the athlete records HRV at all). No score is made up: a day without any of
 * the athlete's own readings has no state ('unknown'), whatever its form. The same per-day
 * judgement makes the adjustments' low days (low-days.ts), so a day the proposal calls low is never
 * shown as ready.
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
  /**
   * The HRV figures the sparkline draws (ms): the day's normal range (null without enough readings
   * for it) and the 7-day average (null with fewer than 3 readings in the 7 days); null when neither is known.
   */
  hrv: { meanMs: number | null; lowMs: number | null; highMs: number | null } | null;
}

export const HRV_RECENT_DAYS = 7;
export const HRV_MIN_RECENT_READINGS = 3;
export const HRV_BASELINE_DAYS = 60;
export const HRV_MIN_BASELINE_READINGS = 14;
export const RESTING_HR_BASELINE_DAYS = 30;
export const RESTING_HR_MIN_BASELINE_READINGS = 7;
export const RESTING_HR_ELEVATED_BPM = 5;
/**
 * Baselines end this many days before the day they judge: the 60 (or 30) days before yesterday. So
 * a low yesterday does not lower today's bar, and yesterday and today are each judged by this one
 * rule, on Home, in the 8-week strip and in the adjustments' "low two days running" (ADR 0056).
 */
export const BASELINE_GAP_DAYS = 2;
export const SHORT_SLEEP_HOURS = 6;
export const GOOD_SLEEP_HOURS = 7;

const LABELS: Record<ReadinessInputKey, string> = {
  hrv: 'HRV',
  restingHr: 'Resting HR',
  form: 'Form',
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

/** An input judged: read, left out with the reason, or (HRV never recorded at all) not mentioned. */
type Judged = { input: ReadinessInput } | { missing: string } | { silent: true };

/** The athlete's normal HRV range for a day (docs/decisions/0037, 0056): one definition, used everywhere. */
export interface HrvRange {
  meanMs: number;
  lowMs: number;
  highMs: number;
  /** Daily readings the range was read from. */
  readings: number;
  lnMean: number;
  lnSd: number;
}

/**
 * The normal HRV range for `day`: the mean ± 1 SD of daily ln rMSSD over the HRV_BASELINE_DAYS days
 * that end BASELINE_GAP_DAYS before it (the 60 days before yesterday), with at least
 * HRV_MIN_BASELINE_READINGS readings; null with fewer. Home's card, the 8-week strip and the
 * adjustments' low days all read this one function.
 */
export function hrvNormalRange(index: WellnessIndex, day: number): HrvRange | null {
  const last = day - BASELINE_GAP_DAYS + 1;
  const stats = windowStats(index, last - HRV_BASELINE_DAYS, last - 1, (entry) => entry.lnHrv);
  if (stats.count < HRV_MIN_BASELINE_READINGS) return null;
  return {
    meanMs: Math.exp(stats.mean),
    lowMs: Math.exp(stats.mean - stats.sd),
    highMs: Math.exp(stats.mean + stats.sd),
    readings: stats.count,
    lnMean: stats.mean,
    lnSd: stats.sd,
  };
}

/** HRV readings in the days a normal range for `day` reads: how many there are, to say why none is known. */
export function hrvBaselineReadings(index: WellnessIndex, day: number): number {
  const last = day - BASELINE_GAP_DAYS + 1;
  return windowStats(index, last - HRV_BASELINE_DAYS, last - 1, (entry) => entry.lnHrv).count;
}

/** The usual resting HR for `day`: the mean of the 30 days before yesterday (at least 7 readings); null with fewer. */
export function restingHrBaseline(index: WellnessIndex, day: number): { meanBpm: number; readings: number } | null {
  const last = day - BASELINE_GAP_DAYS + 1;
  const stats = windowStats(index, last - RESTING_HR_BASELINE_DAYS, last - 1, (entry) => entry.restingHrBpm);
  return stats.count < RESTING_HR_MIN_BASELINE_READINGS ? null : { meanBpm: stats.mean, readings: stats.count };
}

/** Whether the day's own HRV reading is below its normal range: the per-day judgement of HRV. */
export function hrvBelowRange(reading: { lnHrv: number | null }, range: HrvRange | null): boolean {
  return reading.lnHrv !== null && range !== null && reading.lnHrv < range.lnMean - range.lnSd;
}

/** The 7-day average of rMSSD (from the mean of ln rMSSD) up to `day`, the trend line; null with fewer than 3 readings. */
export function hrvSevenDayAverageMs(index: WellnessIndex, day: number): number | null {
  const recent = windowStats(index, day - HRV_RECENT_DAYS + 1, day, (entry) => entry.lnHrv);
  return recent.count < HRV_MIN_RECENT_READINGS ? null : Math.exp(recent.mean);
}

/** Whether the athlete has any HRV reading in the days a readiness on `day` reads. */
function recordsHrv(index: WellnessIndex, day: number): boolean {
  return windowStats(index, day - BASELINE_GAP_DAYS - HRV_BASELINE_DAYS + 1, day, (entry) => entry.lnHrv).count > 0;
}

export const rangeText = (range: { lowMs: number; highMs: number }) => `${formatNumber(range.lowMs)}–${ms(range.highMs)}`;

function hrvInput(index: WellnessIndex, day: number): Judged {
  if (!recordsHrv(index, day)) return { silent: true };
  const entry = index.get(day);
  if (entry?.hrvRmssdMs == null || entry.lnHrv === null) return { missing: 'HRV is left out: none was recorded for this day.' };
  const range = hrvNormalRange(index, day);
  if (!range) {
    return {
      missing: `HRV is left out: ${hrvBaselineReadings(index, day)} readings in the ${HRV_BASELINE_DAYS} days before yesterday, ${HRV_MIN_BASELINE_READINGS} are needed for your normal range.`,
    };
  }
  const reading = entry.hrvRmssdMs;
  const position = hrvBelowRange(entry, range) ? 'below' : entry.lnHrv > range.lnMean + range.lnSd ? 'above' : 'within';
  const band = rangeText(range);
  const reason =
    position === 'within'
      ? `HRV is normal: ${ms(reading)}, within your normal range of ${band}.`
      : `HRV is ${position === 'below' ? 'low' : 'high'}: ${ms(reading)}, ${position} your normal range of ${band}.`;
  return {
    input: {
      key: 'hrv',
      label: LABELS.hrv,
      signal: position === 'below' ? 'poor' : 'good',
      value: reading,
      valueText: ms(reading),
      baselineText: band,
      figures: { hrvMs: reading, lowMs: range.lowMs, highMs: range.highMs, baselineMeanMs: range.meanMs, baselineReadings: range.readings },
      reason,
    },
  };
}

function restingHrInput(index: WellnessIndex, day: number): Judged {
  const today = index.get(day)?.restingHrBpm ?? null;
  if (today === null) return { missing: 'Resting HR is left out: none was recorded for this day.' };
  const baseline = restingHrBaseline(index, day);
  if (!baseline) {
    const last = day - BASELINE_GAP_DAYS + 1;
    const count = windowStats(index, last - RESTING_HR_BASELINE_DAYS, last - 1, (entry) => entry.restingHrBpm).count;
    return {
      missing: `Resting HR is left out: ${count} readings in the ${RESTING_HR_BASELINE_DAYS} days before yesterday, ${RESTING_HR_MIN_BASELINE_READINGS} are needed for your baseline.`,
    };
  }
  const baselineBpm = baseline.meanBpm;
  const differenceBpm = today - baselineBpm;
  const elevated = differenceBpm >= RESTING_HR_ELEVATED_BPM;
  const signal: ReadinessSignal = elevated ? 'poor' : differenceBpm <= 0 ? 'good' : 'neutral';
  const rounded = Math.round(differenceBpm);
  const comparison =
    rounded === 0
      ? `in line with your usual ${bpm(baselineBpm)}`
      : `${bpm(Math.abs(rounded))} ${rounded > 0 ? 'above' : 'below'} your usual ${bpm(baselineBpm)}`;
  return {
    input: {
      key: 'restingHr',
      label: LABELS.restingHr,
      signal,
      value: today,
      valueText: bpm(today),
      baselineText: bpm(baselineBpm),
      figures: { restingHrBpm: today, baselineBpm, differenceBpm, baselineReadings: baseline.readings },
      reason: `Resting HR of ${bpm(today)} is ${comparison}${elevated ? ', a sign of incomplete recovery' : ''}.`,
    },
  };
}

/** Form read in the one set of bands (shared/domain/form-bands.ts): deep fatigue counts against readiness, freshness for it. */
const FORM_SIGNALS: Record<FormState, ReadinessSignal> = { fresh: 'good', neutral: 'neutral', loaded: 'neutral', deep: 'poor' };
const FORM_MEANINGS: Record<FormState, string> = {
  fresh: 'you are fresh',
  neutral: 'training and rest are balanced',
  loaded: 'you are absorbing training',
  deep: 'deep fatigue from recent training',
};

function formInput(day: FitnessOfDay | null): Judged {
  if (!day) return { missing: 'Form is left out: no training load is recorded yet.' };
  // The figures as every screen shows them (ADR 0071), judged as shown: −30 on screen is never "deep".
  const { fitness, fatigue, form } = morningFitness(day);
  const state = formState(form);
  const signal = FORM_SIGNALS[state];
  const meaning = FORM_MEANINGS[state];
  return {
    input: {
      key: 'form',
      label: LABELS.form,
      signal,
      value: form,
      valueText: signedNumber(form),
      baselineText: null,
      figures: { tsb: form, fitness, fatigue },
      reason: `Form is ${signedNumber(form)} this morning (fitness ${fitness} − fatigue ${fatigue}): ${meaning}.`,
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
 * no poor input and at least one good, 'ready'. A day without any of the athlete's own readings
 * (form alone, or nothing) has no state: 'unknown', never 'steady'.
 */
export function readinessState(inputs: readonly Pick<ReadinessInput, 'key' | 'signal'>[]): ReadinessState {
  if (!inputs.some((input) => input.key !== 'form')) return 'unknown';
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
  form: 'a deep form',
  sleep: 'short or poor sleep',
  feel: 'fatigue or soreness',
};

function stateSentence(state: ReadinessState, inputs: readonly ReadinessInput[]): string {
  const poor = inputs.filter((input) => input.signal === 'poor').map((input) => POOR_PHRASES[input.key]);
  switch (state) {
    case 'unknown':
      return 'No readiness: nothing you recorded is known for this day. Check in, or import the readings of your watch or app.';
    case 'strained':
      return `Strained: ${listed(poor)} ${poor.length === 1 ? 'says' : 'say'} to hold back today.`;
    case 'steady':
      return poor.length === 1 ? `Steady: ${poor[0]} holds you back a little; train, but keep the intensity in check.` : 'Steady: nothing stands out either way.';
    case 'ready':
      return 'Ready: nothing known holds you back today.';
  }
}

/** A day of the stored fitness series: CTL and ATL at its end, TSB (form) that morning. */
export type FitnessOfDay = { ctl: number; atl: number; tsb: number };

/** Readiness on `date` ('YYYY-MM-DD') from the wellness index and the day of the fitness series (null without training history). */
export function computeReadiness(date: string, index: WellnessIndex, form: FitnessOfDay | null): Readiness {
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
    else if ('missing' in result) missing.push({ key, label: LABELS[key], reason: result.missing });
  }
  const state = readinessState(inputs);
  const range = hrvNormalRange(index, day);
  const averageMs = hrvSevenDayAverageMs(index, day);
  return {
    date,
    state,
    inputs,
    missing,
    reasons: [stateSentence(state, inputs), ...inputs.map((input) => input.reason), ...missing.map((entry) => entry.reason)],
    hrv: range || averageMs !== null ? { meanMs: averageMs, lowMs: range?.lowMs ?? null, highMs: range?.highMs ?? null } : null,
  };
}

/** The days a readiness on `date` reads wellness from: the HRV baseline, which ends the day before yesterday, reaches furthest back. */
export function readinessWindowStart(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - (Math.max(HRV_BASELINE_DAYS, RESTING_HR_BASELINE_DAYS) + BASELINE_GAP_DAYS - 1) * DAY_MS)
    .toISOString()
    .slice(0, 10);
}
