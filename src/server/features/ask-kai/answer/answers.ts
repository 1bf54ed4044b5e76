import type { FitnessDay } from '../../../../metrics/fitness.ts';
import { estimateFtpFromBest20MinW } from '../../../../metrics/critical-power.ts';
import { POWER_CURVE_GRID_S } from '../../../../metrics/power-curve-grid.ts';
import type { AskChart, AskSource } from '../../../../shared/api/coach-conversations.ts';
import type { DayPlanAnswer, DaySession } from '../../../../shared/api/day-plan.ts';
import type { EffectiveThresholds } from '../../../../shared/api/settings.ts';
import type { UnitSystem } from '../../../../shared/domain/unit-system.ts';
import { addCalendarDays } from '../../../../shared/time.ts';
import type { FactOrigin } from '../../../ai/provenance.ts';
import { figureOrigins, type FactActivity } from '../../facts/index.ts';
import {
  activitySource,
  aerobicFacts,
  bestCurve,
  bestPowerFacts,
  criticalPowerFacts,
  durationWords,
  extremesFacts,
  familyWords,
  fitnessChangeFact,
  fitnessFacts,
  inWindow,
  ofFamily,
  periodSource,
  volumeFacts,
  zoneTimeFacts,
  type FamilyOrAll,
  type VolumeFacts,
} from '../../facts/index.ts';
import { daysInWindow, fact, type DayWindow, type Fact } from '../../facts/index.ts';
import { bpm, epochDay, distance as distanceQuantity, duration, percent, quantity, score, signed, timeLeft, watts } from '../../facts/index.ts';
import { wholeFitness } from '../../../../metrics/fitness.ts';
import { formState, isDetraining, type FormState } from '../../../../shared/domain/form-bands.ts';
import type { PlanOnDay } from '../../plans/index.ts';
import { periodBefore, resolvePeriod, resolvePeriods, type Period, type PeriodSpec } from './periods.ts';
import type { Question } from './question.ts';

/** What the answer writers read, loaded on demand and scoped to the account by the engine. */
export interface AnswerData {
  today: string;
  units: UnitSystem;
  /** The account's counted activities in the window; their power curves only when `curves` is asked for. */
  activities(window: DayWindow, needs?: { curves?: boolean }): Promise<FactActivity[]>;
  /** The one activity asked about; null when it is not this account's. */
  activity(activityId: string): Promise<FactActivity | null>;
  /** The facts the activity's analysis was written from (facts/analysis/stored.ts); null before it is written. */
  analysisFacts(activityId: string): Promise<Fact[] | null>;
  /** The fitness series over the window's days and the sources of every load it holds. */
  fitness(window: DayWindow): Promise<{ series: FitnessDay[]; origins: FactOrigin[] }>;
  thresholds(): Promise<EffectiveThresholds>;
  dayPlan(days: number): Promise<DayPlanAnswer>;
  plansOn(): Promise<PlanOnDay[]>;
  /** Today's readiness state and its provenance; null when nothing is known. */
  readiness(): Promise<{ state: 'ready' | 'steady' | 'strained' | 'unknown'; provenance: FactOrigin[] } | null>;
}

export interface Written {
  text: string;
  facts: Fact[];
  sources: AskSource[];
  chart: AskChart | null;
}

/** Collects the facts an answer cites, each once, and writes a fact as its text. */
class Draft {
  readonly facts: Fact[] = [];
  readonly sources: AskSource[] = [];
  chart: AskChart | null = null;

  cite(value: Fact): string {
    if (!this.facts.some((known) => known.key === value.key && sameWindow(known.window, value.window))) this.facts.push(value);
    return value.text;
  }

  source(value: AskSource): void {
    if (!this.sources.some((known) => JSON.stringify(known) === JSON.stringify(value))) this.sources.push(value);
  }

  /** A period as a sentence names it, its days a fact so the numbers in its name ('the last 90 days') trace to one. */
  period(period: Period, index = 1): string {
    const days = daysInWindow(period.window);
    return this.cite(fact(`period.${index}`, 'Period', quantity(days, period.label), 'days', period.window, 'Your question', ['athlete']));
  }

  done(text: string): Written {
    return { text, facts: this.facts, sources: this.sources, chart: this.chart };
  }
}

const sameWindow = (a: DayWindow | null, b: DayWindow | null) => (a === null || b === null ? a === b : a.from === b.from && a.to === b.to);

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function periodsOf(question: Question, today: string, fallback: PeriodSpec): Period[] {
  const specs = question.periods.length > 0 ? question.periods.slice(0, 2) : [fallback];
  return resolvePeriods(specs, today);
}

const last = (days: number, words: string): PeriodSpec => ({ kind: 'last', days, words });

/** Names a sport's activities as a sentence does: 'rides', 'runs', 'activities'. */
const pluralOf = (family: FamilyOrAll) => familyWords(family).plural;

// ---------------------------------------------------------------------------------------------
// Fitness, fatigue and form

/** Form as shown, in words, by the one reading of form (shared/domain/form-bands.ts) that readiness and the coach use too. */
const FORM_WORDS: Record<FormState, string> = {
  fresh: 'you are fresh and ready for a hard day',
  neutral: 'training and rest are in balance',
  loaded: 'you are carrying the fatigue of solid training',
  deep: 'you are deeply fatigued: recovery comes first',
};

function formWords(tsb: number): string {
  return isDetraining(tsb) ? 'you are very fresh, maybe losing some fitness' : FORM_WORDS[formState(tsb)];
}

function trendWords(change: number): string {
  if (change > 2) return 'rising';
  if (change < -2) return 'falling';
  return 'steady';
}

export async function answerFitness(question: Question, data: AnswerData): Promise<Written> {
  const draft = new Draft();
  const [period] = periodsOf(question, data.today, last(42, '6 weeks'));
  const window = period!.window;
  const { series, origins } = await data.fitness(window);
  const end = fitnessFacts(series, window.to, origins);
  if (!end) return draft.done('I have no fitness series for that period yet: it starts with your first activity with a training load.');
  const change = fitnessChangeFact(series, window, origins);
  draft.source({ kind: 'fitness', label: 'Fitness and form', from: window.from, to: window.to, metric: 'ctl' });
  draft.chart = { kind: 'fitness', days: series.filter((day) => day.date >= window.from && day.date <= window.to).map(({ date, ctl, atl, tsb }) => ({ date, ctl: round1(ctl), atl: round1(atl), tsb: round1(tsb) })) };
  const when = window.to === data.today ? 'this morning' : `on the morning of ${draft.cite(fact('fitness.date', 'Day', epochDay(window.to), 'day', { from: window.to, to: window.to }, 'Fitness series', origins))}`;
  const parts = [`Your fitness (CTL) is ${draft.cite(end.ctl)} ${when}, fatigue (ATL) ${draft.cite(end.atl)} and form (TSB) ${draft.cite(end.tsb)}: ${formWords(end.form)}.`];
  if (change) parts.push(`Over ${draft.period(period!)} your fitness moved ${draft.cite(change)}: ${trendWords(change.value)}.`);
  return draft.done(parts.join(' '));
}

const round1 = (value: number) => Math.round(value * 10) / 10;

// ---------------------------------------------------------------------------------------------
// Best power

export async function answerBestPower(question: Question, data: AnswerData): Promise<Written> {
  const draft = new Draft();
  const durationS = question.durationS ?? 1200;
  const periods = periodsOf(question, data.today, last(90, '90 days'));
  const family = question.sport && question.sport !== 'all' ? question.sport : null;
  const parts: string[] = [];
  const bests = [];
  const held = durationFact(durationS);
  for (const [index, period] of periods.entries()) {
    const read = await data.activities(period.window, { curves: true });
    const rows = family ? ofFamily(read, family) : read;
    const best = bestPowerFacts(rows, durationS, period.window);
    bests.push({ period, best, rows });
    const named = draft.period(period, index + 1);
    if (!best) {
      parts.push(`I found no ${draft.cite(held)} effort with measured power in ${named}.`);
      continue;
    }
    draft.source(activitySource(best.activity, `power.best.${durationS}s`));
    parts.push(
      `${sentence(index === 0 ? 'your' : 'in')} ${index === 0 ? `best ${draft.cite(held)} power in ${named} is` : `${named} it was`} ${draft.cite(best.power)}, from “${best.activity.name}” on ${draft.cite(best.date)}.`,
    );
  }
  if (question.askedDurationS !== null) parts.push(`Kairo keeps the power curve at set durations; ${draft.cite(held)} is the nearest to what you asked.`);
  const [first, second] = bests;
  if (first?.best && second?.best) {
    const change = fact(`power.best.${durationS}s.change`, `Change in best ${durationWords(durationS)} power`, signedWatts(first.best.power.value - second.best.power.value), 'W', first.period.window, 'Power curve', [...first.best.power.provenance, ...second.best.power.provenance]);
    parts.push(`That is ${draft.cite(change)} between the two.`);
  }
  const series = bests
    .filter((entry) => entry.rows.some((row) => row.powerCurveW))
    .map((entry) => {
      const curve = bestCurve(entry.rows, entry.period.window).watts;
      return { label: entry.period.label, points: POWER_CURVE_GRID_S.slice(0, curve.length).map((seconds, k) => ({ durationS: seconds, watts: curve[k]! > 0 ? Math.round(curve[k]!) : null })) };
    });
  if (series.length > 0) {
    draft.chart = { kind: 'power-curve', series };
    for (const entry of bests) draft.source({ kind: 'power-curve', label: `Power curve, ${entry.period.label}`, from: entry.period.window.from, to: entry.period.window.to, metric: `power.best.${durationS}s` });
  }
  return draft.done(parts.join(' '));
}

/** The duration a best power is held for, as a fact, so its number ('5-min') traces to one. */
const durationFact = (seconds: number) => fact('power.duration', 'Duration held', quantity(seconds, durationWords(seconds)), 's', null, 'Your question', ['athlete']);

function signedWatts(value: number) {
  const rounded = Math.round(value);
  return quantity(value, `${rounded > 0 ? '+' : rounded < 0 ? '-' : ''}${Math.abs(rounded)} W`);
}

// ---------------------------------------------------------------------------------------------
// FTP, critical power and W′

/** FTP_LOOKBACK_DAYS of the scoring service: Kairo's FTP estimate reads the best 20 minutes of this many days. */
const FTP_WINDOW_DAYS = 90;

const THRESHOLD_SOURCE_WORDS: Record<string, string> = { athlete: 'set by you', settings: 'set by you', strava: 'from Strava', estimate: 'estimated from your rides' };

function thresholdOrigins(threshold: EffectiveThresholds['cycling']['ftpW']): FactOrigin[] {
  if (!threshold) return [];
  if (threshold.source === 'strava') return ['strava'];
  if (threshold.source === 'estimate') return threshold.evidence.map((entry) => entry.source);
  return ['athlete'];
}

export async function answerThresholds(question: Question, data: AnswerData): Promise<Written> {
  const draft = new Draft();
  const [period, named] = periodsOf(question, data.today, last(FTP_WINDOW_DAYS, `${FTP_WINDOW_DAYS} days`));
  const before = named ?? periodBefore(period!);
  const thresholds = await data.thresholds();
  const parts: string[] = [];
  const inUse = thresholds.cycling.ftpW;
  if (inUse) {
    const words = THRESHOLD_SOURCE_WORDS[inUse.source] ?? 'in use';
    draft.source({ kind: 'profile', label: 'Coaching profile', metric: 'ftp' });
    parts.push(`The FTP your scores use is ${draft.cite(fact('ftp.inUse', 'FTP in use', watts(inUse.value), 'W', null, `FTP ${words}`, thresholdOrigins(inUse)))}, ${words}.`);
  }
  const rows = await data.activities({ from: before.window.from, to: period!.window.to }, { curves: true });
  const estimateNow = bestPowerFacts(rows, 1200, period!.window);
  const estimateBefore = bestPowerFacts(rows, 1200, before.window);
  if (estimateNow) {
    const ftpNow = fact('ftp.estimate', 'FTP estimate (95% of best 20 min)', watts(estimateFtpFromBest20MinW(estimateNow.power.value)), 'W', period!.window, estimateNow.activity.name, estimateNow.power.provenance);
    draft.source(activitySource(estimateNow.activity, 'power.best.1200s'));
    parts.push(`From your best ${draft.cite(durationFact(1200))} power in ${draft.period(period!)} (${draft.cite(estimateNow.power)} in “${estimateNow.activity.name}”), I estimate your FTP at ${draft.cite(ftpNow)}.`);
    if (estimateBefore) {
      const ftpBefore = fact('ftp.estimate', 'FTP estimate (95% of best 20 min)', watts(estimateFtpFromBest20MinW(estimateBefore.power.value)), 'W', before.window, estimateBefore.activity.name, estimateBefore.power.provenance);
      const change = fact('ftp.estimate.change', 'Change in FTP estimate', signedWatts(ftpNow.value - ftpBefore.value), 'W', period!.window, 'Power curve', [...ftpNow.provenance, ...ftpBefore.provenance]);
      const direction = change.value > 2 ? 'going up' : change.value < -2 ? 'going down' : 'holding steady';
      parts.push(`In ${draft.period(before, 2)} it was ${draft.cite(ftpBefore)}: your threshold is ${direction} (${draft.cite(change)}).`);
    }
  } else {
    parts.push(`I found no ride with ${draft.cite(durationFact(1200))} of measured power in ${draft.period(period!)}, so I cannot estimate your FTP from it.`);
  }
  const cp = criticalPowerFacts(rows, period!.window);
  if (cp) {
    draft.source({ kind: 'power-curve', label: `Power curve, ${period!.label}`, from: period!.window.from, to: period!.window.to, metric: 'cp' });
    parts.push(`Your power curve there gives a critical power of ${draft.cite(cp.cp)} and a W′ of ${draft.cite(cp.wPrime)}.`);
  }
  return draft.done(parts.join(' '));
}

// ---------------------------------------------------------------------------------------------
// Volume and comparisons

type VolumeMetric = 'time' | 'distance' | 'elevation' | 'sessions' | 'load';

function volumeMetric(raw: string): VolumeMetric {
  if (/\b(?:km|kilomet|miles?|mileage|distance|far)\b/.test(raw)) return 'distance';
  if (/\b(?:elevation|climb|climbing|climbed|vert|ascent|metres up|meters up)\b/.test(raw)) return 'elevation';
  if (/\b(?:load|tss|stress)\b/.test(raw)) return 'load';
  if (/\bhow many (?:rides|runs|sessions|activities|workouts|hikes|times)\b/.test(raw)) return 'sessions';
  return 'time';
}

function volumeSentence(draft: Draft, volume: VolumeFacts, metric: VolumeMetric): string {
  const main = volume[metric];
  const others = (['time', 'distance', 'elevation', 'load'] as const).filter((key) => key !== metric && volume[key] !== null);
  const pieces = [`${draft.cite(volume.sessions)}`];
  if (main && metric !== 'sessions') pieces.unshift(draft.cite(main));
  for (const key of others) pieces.push(`${key === 'load' ? 'load ' : ''}${draft.cite(volume[key]!)}${key === 'elevation' ? ' climbed' : ''}`);
  return pieces.join(', ');
}

function weeksOf(window: DayWindow): DayWindow[] {
  const weeks: DayWindow[] = [];
  const weekday = (new Date(`${window.from}T00:00:00Z`).getUTCDay() + 6) % 7;
  let from = addCalendarDays(window.from, -weekday);
  while (from <= window.to) {
    const to = addCalendarDays(from, 6);
    weeks.push({ from: from < window.from ? window.from : from, to: to > window.to ? window.to : to });
    from = addCalendarDays(from, 7);
  }
  return weeks;
}

function monthsOf(window: DayWindow): DayWindow[] {
  const months: DayWindow[] = [];
  let from = `${window.from.slice(0, 7)}-01`;
  while (from <= window.to) {
    const [year, month] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
    const end = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
    months.push({ from: from < window.from ? window.from : from, to: end > window.to ? window.to : end });
    from = new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
  }
  return months;
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function weeklyChart(rows: readonly FactActivity[], window: DayWindow, family: FamilyOrAll): AskChart {
  return {
    kind: 'weekly-hours',
    weeks: weeksOf(window).map((week) => {
      const chosen = ofFamily(inWindow(rows, week), family);
      const bySport = new Map<string, number>();
      for (const row of chosen) bySport.set(row.family, (bySport.get(row.family) ?? 0) + row.movingTimeS / 3600);
      return { from: week.from, hours: [...bySport].map(([sport, hours]) => ({ sport, hours: round1(hours) })) };
    }),
  };
}

export async function answerVolume(question: Question, data: AnswerData, raw: string): Promise<Written> {
  if (question.periods.length >= 2) return answerCompare(question, data, raw);
  const draft = new Draft();
  const family = question.sport ?? 'all';
  const fallback = question.by === 'month' ? last(182, '6 months') : last(28, '4 weeks');
  const [period] = periodsOf(question, data.today, fallback);
  const rows = await data.activities(period!.window);
  const metric = volumeMetric(raw);
  const total = volumeFacts(rows, family, period!.window, data.units);
  draft.source(periodSource(`${sentence(pluralOf(family))}, ${period!.label}`, period!.window, `volume.${family}.${metric}`));
  const parts = [`In ${draft.period(period!)} you logged ${volumeSentence(draft, total, metric)}.`];
  if (total.sessions.value === 0) parts.splice(0, 1, `I found no ${pluralOf(family)} in ${draft.period(period!)}.`);
  if (question.by && total.sessions.value > 0) {
    const spans = question.by === 'week' ? weeksOf(period!.window) : monthsOf(period!.window);
    const each = spans.map((span) => {
      const volume = volumeFacts(rows, family, span, data.units);
      const name = question.by === 'week' ? `week of ${draft.cite(fact(`week.${span.from}`, 'Week', epochDay(span.from), 'day', span, 'Your question', ['athlete']))}` : draft.cite(fact(`month.${span.from.slice(0, 7)}`, 'Month', quantity(epochDay(span.from).value, `${SHORT_MONTHS[Number(span.from.slice(5, 7)) - 1]} ${span.from.slice(0, 4)}`), 'day', span, 'Your question', ['athlete']));
      const main = volume[metric] ?? volume.time;
      return `${name}: ${volume.sessions.value === 0 ? 'none' : draft.cite(main)}`;
    });
    parts.push(`${question.by === 'week' ? 'Week by week' : 'Month by month'}: ${each.join('; ')}.`);
  }
  if (family === 'all' && total.sessions.value > 0) {
    const families = [...new Set(inWindow(rows, period!.window).map((row) => row.family))];
    if (families.length > 1) {
      const split = families
        .map((one) => volumeFacts(rows, one, period!.window, data.units))
        .sort((a, b) => b.time.value - a.time.value)
        .map((volume) => `${pluralOf(volume.family)} ${draft.cite(volume.time)}`);
      parts.push(`By sport: ${split.join(', ')}.`);
    }
  }
  draft.chart = total.sessions.value > 0 ? weeklyChart(rows, period!.window, family) : null;
  return draft.done(parts.join(' '));
}

export async function answerCompare(question: Question, data: AnswerData, raw: string): Promise<Written> {
  const draft = new Draft();
  const family = question.sport ?? 'all';
  const specs = question.periods.length > 0 ? question.periods : [{ kind: 'this', unit: 'month' } as PeriodSpec];
  const [first, named] = resolvePeriods(specs.slice(0, 2), data.today) as [Period, Period | undefined];
  const second = named ?? periodBefore(first);
  const metric = volumeMetric(raw);
  const rows = await data.activities({ from: first.window.from < second.window.from ? first.window.from : second.window.from, to: first.window.to > second.window.to ? first.window.to : second.window.to });
  const a = volumeFacts(rows, family, first.window, data.units);
  const b = volumeFacts(rows, family, second.window, data.units);
  draft.source(periodSource(`${sentence(pluralOf(family))}, ${first.label}`, first.window, `volume.${family}.${metric}`));
  draft.source(periodSource(`${sentence(pluralOf(family))}, ${second.label}`, second.window, `volume.${family}.${metric}`));
  const parts = [
    `${sentence(draft.period(first, 1))}: ${volumeSentence(draft, a, metric)}.`,
    `${sentence(draft.period(second, 2))}: ${volumeSentence(draft, b, metric)}.`,
  ];
  const mainA = a[metric] ?? a.time;
  const mainB = b[metric] ?? b.time;
  if (mainA.key === mainB.key) {
    const delta = mainA.value - mainB.value;
    const unitText = metric === 'time' ? duration(Math.abs(delta)) : metric === 'distance' ? distanceQuantity(Math.abs(delta), data.units) : metric === 'sessions' ? quantity(Math.abs(delta), String(Math.abs(delta))) : score(Math.abs(delta));
    const change = fact(`${mainA.key}.change`, `Difference in ${mainA.label.toLowerCase()}`, quantity(delta, unitText.text), mainA.unit, first.window, 'Your activities', [...mainA.provenance, ...mainB.provenance]);
    parts.push(Math.round(Math.abs(delta)) === 0 ? 'About the same in both.' : `That is ${draft.cite(change)} ${delta > 0 ? 'more' : 'less'} in ${first.label} than in ${second.label}.`);
  }
  draft.chart = weeklyChart(rows, { from: second.window.from < first.window.from ? second.window.from : first.window.from, to: first.window.to > second.window.to ? first.window.to : second.window.to }, family);
  if ((draft.chart.kind === 'weekly-hours' && draft.chart.weeks.length > 60) || a.sessions.value + b.sessions.value === 0) draft.chart = null;
  return draft.done(parts.join(' '));
}

// ---------------------------------------------------------------------------------------------
// Longest and hardest

export async function answerExtremes(question: Question, data: AnswerData): Promise<Written> {
  const draft = new Draft();
  const family = question.sport ?? 'all';
  const [period] = periodsOf(question, data.today, last(365, '365 days'));
  const rows = await data.activities(period!.window);
  const { longest, hardest } = extremesFacts(rows, period!.window, family);
  const noun = familyWords(family).noun;
  const parts: string[] = [];
  const named = draft.period(period!);
  const wantLongest = question.extreme !== 'hardest';
  const wantHardest = question.extreme !== 'longest';
  if (!longest) return draft.done(`I found no ${pluralOf(family)} in ${named}.`);
  if (wantLongest) {
    const { activity } = longest;
    draft.source(activitySource(activity, 'moving-time'));
    const extra = activity.distanceM !== null ? `, ${draft.cite(fact('activity.longest.distance', 'Distance of the longest activity', distanceQuantity(activity.distanceM, data.units), 'm', period!.window, activity.name, figureOrigins(activity)))}` : '';
    parts.push(`Your longest ${noun} in ${named} was “${activity.name}” on ${draft.cite(fact('activity.longest.date', 'Day of the longest activity', epochDay(activity.day), 'day', period!.window, activity.name, figureOrigins(activity)))}: ${draft.cite(longest.fact)}${extra}.`);
  }
  if (wantHardest) {
    if (hardest) {
      const { activity } = hardest;
      draft.source(activitySource(activity, 'training-load'));
      parts.push(`${wantLongest ? 'The hardest, by training load,' : `Your hardest ${noun} in ${named}, by training load,`} was “${activity.name}” on ${draft.cite(fact('activity.hardest.date', 'Day of the hardest activity', epochDay(activity.day), 'day', period!.window, activity.name, figureOrigins(activity)))} with a load of ${draft.cite(hardest.fact)} in ${draft.cite(fact('activity.hardest.time', 'Moving time of the hardest activity', duration(activity.movingTimeS), 's', period!.window, activity.name, figureOrigins(activity)))}.`);
    } else parts.push(`None of them has a training load yet, so I cannot say which was hardest.`);
  }
  return draft.done(parts.join(' '));
}

// ---------------------------------------------------------------------------------------------
// Time in zones

export async function answerZones(question: Question, data: AnswerData): Promise<Written> {
  const draft = new Draft();
  const family = question.sport ?? 'all';
  const [period] = periodsOf(question, data.today, last(28, '4 weeks'));
  const rows = await data.activities(period!.window);
  const kind = question.zoneKind ?? 'hr';
  const zones = zoneTimeFacts(rows, kind, period!.window, family) ?? (question.zoneKind === null ? zoneTimeFacts(rows, 'power', period!.window, family) : null);
  const named = draft.period(period!);
  const name = (zones?.kind ?? kind) === 'hr' ? 'heart-rate' : 'power';
  if (!zones) return draft.done(`I found no ${pluralOf(family)} with ${name} zones in ${named}.`);
  draft.source(periodSource(`Zones, ${period!.label}`, period!.window, `zones.${zones.kind}`));
  const list = zones.seconds.map((_, k) => {
    const time = zones.facts.find((entry) => entry.key === `zones.${zones.kind}.z${k + 1}.time`)!;
    const share = zones.facts.find((entry) => entry.key === `zones.${zones.kind}.z${k + 1}.share`)!;
    return `Z${k + 1} ${draft.cite(time)} (${draft.cite(share)})`;
  });
  const total = zones.seconds.reduce((sum, value) => sum + value, 0);
  const easySeconds = (zones.seconds[0] ?? 0) + (zones.seconds[1] ?? 0);
  const easy = fact(`zones.${zones.kind}.easy.share`, 'Share in the two easiest zones', quantity((easySeconds / total) * 100, `${Math.round((easySeconds / total) * 100)}%`), '%', period!.window, 'Your activities', zones.facts[0]!.provenance);
  const verdict = easy.value >= 75 ? 'mostly easy, as endurance training should be' : easy.value >= 60 ? 'a fair share of easy time with some intensity' : 'a lot of intensity: make sure the easy days stay easy';
  return draft.done(`Over ${named}, across ${draft.cite(fact('zones.activities', 'Activities with zones', quantity(zones.activities.length, `${zones.activities.length} ${zones.activities.length === 1 ? familyWords(family).noun : pluralOf(family)}`), '', period!.window, 'Your activities', zones.facts[0]!.provenance))}, your time in ${name} zones was ${list.join(', ')}. ${sentence(draft.cite(easy))} of it was in the two easiest zones: ${verdict}.`);
}

// ---------------------------------------------------------------------------------------------
// Aerobic decoupling and efficiency

/** Friel's rule of thumb: heart rate drifting under 5 % against output over a long steady effort marks a solid aerobic base. */
const SOLID_DECOUPLING_PCT = 5;

export async function answerAerobic(question: Question, data: AnswerData): Promise<Written> {
  const draft = new Draft();
  const family = question.sport ?? 'all';
  const [period, asked] = periodsOf(question, data.today, last(90, '90 days'));
  const before = asked ?? periodBefore(period!);
  const rows = await data.activities({ from: before.window.from < period!.window.from ? before.window.from : period!.window.from, to: period!.window.to });
  const now = aerobicFacts(rows, period!.window, family);
  const then = aerobicFacts(rows, before.window, family);
  const named = draft.period(period!);
  if (!now.decoupling && !now.ef) return draft.done(`I found no ${pluralOf(family)} with steady heart rate and power or pace in ${named} to read decoupling or efficiency from.`);
  draft.source(periodSource(`Aerobic figures, ${period!.label}`, period!.window, 'decoupling'));
  const parts: string[] = [];
  if (now.decoupling) {
    const solid = now.decoupling.value <= SOLID_DECOUPLING_PCT;
    const line = fact('decoupling.solid', 'Decoupling a solid aerobic base stays under', percent(SOLID_DECOUPLING_PCT), '%', null, 'Coaching rule of thumb', ['athlete']);
    parts.push(`Your average aerobic decoupling in ${named} is ${draft.cite(now.decoupling)}: ${solid ? 'under' : 'above'} the ${draft.cite(line)} ${solid ? 'of a solid aerobic base' : 'a solid aerobic base stays under'}.`);
  }
  if (now.ef) parts.push(`Your efficiency factor averages ${draft.cite(now.ef)}.`);
  if (then.decoupling || then.ef) {
    const earlier = draft.period(before, 2);
    const bits: string[] = [];
    if (now.decoupling && then.decoupling) bits.push(`decoupling ${draft.cite(then.decoupling)}`);
    if (now.ef && then.ef) bits.push(`efficiency ${draft.cite(then.ef)}`);
    if (bits.length > 0) {
      const improving = (now.ef && then.ef ? now.ef.value > then.ef.value : false) || (now.decoupling && then.decoupling ? now.decoupling.value < then.decoupling.value : false);
      parts.push(`In ${earlier} it was ${bits.join(' and ')}: ${improving ? 'your aerobic fitness is improving' : 'no improvement yet'}.`);
    }
  }
  return draft.done(parts.join(' '));
}

// ---------------------------------------------------------------------------------------------
// The plan

const KEY_FOCUSES = new Set(['threshold', 'vo2max', 'tempo']);
const isKeySession = (session: DaySession) => KEY_FOCUSES.has(session.focus) || session.durationMin >= 120;

export async function answerPlan(_question: Question, data: AnswerData): Promise<Written> {
  const draft = new Draft();
  const [dayPlan, plans, fitness] = await Promise.all([data.dayPlan(14), data.plansOn(), data.fitness({ from: data.today, to: data.today })]);
  const origins = fitness.origins;
  const parts: string[] = [];
  const plan = plans[0];
  if (plan) {
    draft.source({ kind: 'plan', label: plan.name, planId: plan.id });
    if (plan.weekOfPlan !== null) {
      parts.push(`You are in week ${draft.cite(fact('plan.week', 'Week of the plan', quantity(plan.weekOfPlan, String(plan.weekOfPlan)), '', null, plan.name, ['athlete']))} of ${draft.cite(fact('plan.weeks', 'Weeks in the plan', quantity(plan.totalWeeks, String(plan.totalWeeks)), '', null, plan.name, ['athlete']))} of “${plan.name}”${plan.phase ? `, in its ${plan.phase.name.toLowerCase()} phase` : ''}.`);
    } else parts.push(`Your plan “${plan.name}” starts on ${draft.cite(fact('plan.start', 'Plan start', epochDay(plan.startDate), 'day', null, plan.name, ['athlete']))}.`);
    if (plan.target) parts.push(`${sentence(plan.target.label)} is on ${draft.cite(fact('plan.target.date', 'Target date', epochDay(plan.target.date), 'day', null, plan.name, ['athlete']))}, ${draft.cite(fact('plan.target.days', 'Time to the target', timeLeft(plan.target.daysTo), 'days', null, plan.name, ['athlete']))} away.`);
  } else parts.push('You have no active training plan.');
  const upcoming = dayPlan.days.filter((day) => day.date >= data.today && day.session !== null);
  const next = upcoming[0];
  const describe = (day: (typeof upcoming)[number], label: string, key: string) => {
    const session = day.session!;
    const dated = draft.cite(fact(`${key}.date`, `${label} day`, epochDay(day.date), 'day', { from: day.date, to: day.date }, day.plan?.name ?? 'Kai', origins));
    const date = day.date === data.today ? `today, ${dated}` : `on ${dated}`;
    return `“${session.title}” ${date}, ${draft.cite(fact(`${key}.duration`, `${label} duration`, duration(session.durationMin * 60), 's', null, day.plan?.name ?? 'Kai', origins))}`;
  };
  if (next) {
    parts.push(`${next.source === 'plan' ? 'Next on your plan' : 'Next, as I suggested after your latest activity'}: ${describe(next, 'Next session', 'plan.next')}.`);
    const key = upcoming.find((day) => isKeySession(day.session!));
    if (key && key !== next) parts.push(`Your next key session is ${describe(key, 'Next key session', 'plan.key')}.`);
    else if (key === next) parts.push('That is your next key session.');
    else parts.push('No key session is planned in the next two weeks.');
    draft.source({ kind: 'plan', label: 'Day plan', from: data.today, to: dayPlan.days.at(-1)?.date ?? data.today });
  } else if (plan) parts.push('Nothing more is planned in the next two weeks.');
  return draft.done(parts.join(' '));
}

// ---------------------------------------------------------------------------------------------
// Am I ready?

export async function answerReady(question: Question, data: AnswerData): Promise<Written> {
  const draft = new Draft();
  const target = question.target ?? { durationS: null, distanceM: null, hard: false, day: null, words: '' };
  const family = question.sport && question.sport !== 'all' ? question.sport : 'all';
  const recent = resolvePeriod(last(42, '6 weeks'), data.today);
  const [rows, fitness, readiness] = await Promise.all([data.activities(recent.window), data.fitness({ from: data.today, to: data.today }), data.readiness()]);
  const today = fitnessFacts(fitness.series, data.today, fitness.origins);
  const parts: string[] = [];
  const asked: string[] = [];
  if (target.durationS) asked.push(draft.cite(fact('target.duration', 'What you asked about', duration(target.durationS), 's', null, 'Your question', ['athlete'])));
  if (target.distanceM) asked.push(draft.cite(fact('target.distance', 'What you asked about', distanceQuantity(target.distanceM, data.units), 'm', null, 'Your question', ['athlete'])));
  if (target.day) asked.push(`on ${draft.cite(fact('target.date', 'The day you asked about', epochDay(target.day), 'day', null, 'Your question', ['athlete']))}`);
  const { longest } = extremesFacts(rows, recent.window, family);
  const noun = familyWords(family).noun;
  const verdicts: string[] = [];
  if (today) {
    parts.push(`This morning your fitness (CTL) is ${draft.cite(today.ctl)} and your form (TSB) ${draft.cite(today.tsb)}.`);
    draft.source({ kind: 'fitness', label: 'Fitness and form', from: data.today, to: data.today, metric: 'tsb' });
  }
  if (longest) {
    draft.source(activitySource(longest.activity, 'moving-time'));
    parts.push(`Your longest ${noun} in ${draft.period(recent)} was ${draft.cite(longest.fact)} (“${longest.activity.name}”).`);
  } else parts.push(`I found no ${pluralOf(family)} in ${draft.period(recent)}.`);
  if (readiness && readiness.state !== 'unknown') {
    draft.source({ kind: 'readiness', label: 'Readiness', from: data.today, to: data.today });
    parts.push(`Your readiness today reads ${readiness.state}.`);
  }
  const tsb = today?.form ?? null;
  const form = tsb === null ? null : formState(tsb);
  if (form === 'deep') verdicts.push('not yet: you carry a lot of fatigue, so take a few easy days first');
  else if (readiness?.state === 'strained' && target.hard) verdicts.push('not today: your readiness is strained, so keep the hard effort for a better day');
  else if (target.durationS && longest) {
    const ratio = longest.activity.movingTimeS / target.durationS;
    if (ratio >= 0.8) verdicts.push('yes: you have recently done nearly that much, so pace it sensibly and fuel well');
    else if (ratio >= 0.5) verdicts.push('probably, if you ride it steadily: it is a step up from anything recent, so start easy and eat early');
    else verdicts.push('it would be a big step up from your recent training: build towards it over a few weeks, or shorten it');
  } else if (target.durationS && !longest) verdicts.push('hard to say, with no recent training of that sport to go on');
  else if (form !== null) verdicts.push(form === 'loaded' ? 'you can, but you are carrying some fatigue: expect it to feel hard' : 'your form allows a hard day');
  else verdicts.push('I have too little recent training to judge');
  const subject = asked.length > 0 ? `For ${asked.join(' ')}: ` : '';
  parts.push(`${subject}${sentence(verdicts[0]!)}.`);
  return draft.done(parts.join(' '));
}

// ---------------------------------------------------------------------------------------------
// One activity

export async function answerActivity(activityId: string, data: AnswerData): Promise<Written> {
  const draft = new Draft();
  const activity = await data.activity(activityId);
  if (!activity) return draft.done('I cannot find that activity.');
  draft.source(activitySource(activity));
  const window = { from: activity.day, to: activity.day };
  const origins = figureOrigins(activity);
  const date = draft.cite(fact('activity.date', 'Day', epochDay(activity.day), 'day', window, activity.name, origins));
  const analysis = await data.analysisFacts(activityId);
  const facts = analysis ?? activityOnlyFacts(activity, data.units);
  const find = (key: string) => facts.find((entry) => entry.key === key);
  const pieces: string[] = [];
  for (const [key, words] of [['activity.time', ''], ['activity.distance', ''], ['activity.np', 'normalised power '], ['activity.ap', 'average power '], ['activity.pace', 'average pace '], ['activity.hr', 'average heart rate '], ['activity.load', 'training load ']] as const) {
    const found = find(key);
    if (!found || (key === 'activity.ap' && find('activity.np'))) continue;
    pieces.push(`${words}${draft.cite(found)}`);
  }
  const parts = [`“${activity.name}” on ${date}: ${pieces.join(', ')}.`];
  const decoupling = find('activity.decoupling');
  if (decoupling) parts.push(`Heart rate drifted ${draft.cite(decoupling)} against your output${decoupling.value <= SOLID_DECOUPLING_PCT ? ', a steady aerobic effort' : ''}.`);
  if (analysis) {
    const ctl = find('fitness.ctl');
    const week = find('fitness.ctl.week.change');
    const after = find('fitness.tsb.after');
    if (ctl) parts.push(`After it your fitness (CTL) stood at ${draft.cite(ctl)}${week ? `, ${draft.cite(week)} over the week before` : ''}.`);
    if (after) parts.push(`Your form (TSB) the morning after was ${draft.cite(after)}: ${formWords(after.value)}.`);
    draft.source({ kind: 'activity', label: `Kai's analysis of “${activity.name}”`, activityId: activity.id, from: activity.day, to: activity.day, metric: 'analysis' });
  } else {
    const fitness = await data.fitness({ from: addCalendarDays(activity.day, -1), to: activity.day });
    const after = fitness.series.find((day) => day.date === activity.day);
    if (after) {
      const shown = wholeFitness(after);
      parts.push(`After it your fitness (CTL) stood at ${draft.cite(fact('fitness.ctl', 'Fitness (CTL) after the activity', quantity(after.ctl, String(shown.fitness)), 'TSS', window, 'Fitness series', fitness.origins))}; your form (TSB) the morning after was ${draft.cite(fact('fitness.tsb.after', 'Form (TSB) the morning after', signed(shown.form), 'TSS', window, 'Fitness series', fitness.origins))}: ${formWords(shown.form)}.`);
      draft.source({ kind: 'fitness', label: 'Fitness and form', from: activity.day, to: activity.day, metric: 'ctl' });
    }
  }
  return draft.done(parts.join(' '));
}

/** An activity's figures before its analysis is written: the stored activity and metrics. */
function activityOnlyFacts(activity: FactActivity, units: UnitSystem): Fact[] {
  const window = { from: activity.day, to: activity.day };
  const origins = figureOrigins(activity);
  const scores: FactOrigin[] = [activity.source, ...activity.thresholdSources];
  const facts = [fact('activity.time', 'Moving time', duration(activity.movingTimeS), 's', window, activity.name, origins)];
  if (activity.distanceM !== null) facts.push(fact('activity.distance', 'Distance', distanceQuantity(activity.distanceM, units), 'm', window, activity.name, origins));
  if (activity.normalizedPowerW !== null) facts.push(fact('activity.np', 'Normalised power', watts(activity.normalizedPowerW), 'W', window, activity.name, origins));
  if (activity.averagePowerW !== null) facts.push(fact('activity.ap', 'Average power', watts(activity.averagePowerW), 'W', window, activity.name, origins));
  if (activity.averageHeartrateBpm !== null) facts.push(fact('activity.hr', 'Average heart rate', bpm(activity.averageHeartrateBpm), 'bpm', window, activity.name, origins));
  if (activity.decouplingPct !== null) facts.push(fact('activity.decoupling', 'Aerobic decoupling', percent(activity.decouplingPct, 1), '%', window, activity.name, origins));
  if (activity.trainingLoad !== null) facts.push(fact('activity.load', 'Training load', score(activity.trainingLoad), 'TSS', window, activity.name, scores));
  return facts;
}
