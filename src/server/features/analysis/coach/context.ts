import { createHash } from 'node:crypto';
import type { FitnessDay } from '../../../../metrics/fitness.ts';
import type { SportFamily, TrainingLoadMethod } from '../../../../metrics/training-load.ts';
import type { ActivityDetail, ActivityMetricsView } from '../../../../shared/api/activities.ts';
import type { ActivityIntervals } from '../../../../shared/api/activity-intervals.ts';
import type { RideDetail } from '../../../../shared/api/analysis.ts';
import { COACHING_STYLES, type CoachingStyle } from '../../../../shared/domain/coaching-style.ts';
import { zonesFromUpperBounds, type EffectiveThresholds } from '../../../../shared/api/settings.ts';
import { MESOCYCLE_WEEK_INFO, mesocycleWeekAt, type MesocycleState } from '../../../../shared/domain/mesocycle.ts';
import type { PhaseWeek, PreparationType } from '../../../../shared/api/training-plans.ts';
import type { PhaseName } from '../../../../shared/domain/plan-phases.ts';
import { RIDE_DETAILS, type RideDetailType } from '../../../../shared/domain/ride-detail.ts';
import type { UnitSystem } from '../../../../shared/domain/unit-system.ts';
import {
  sportFamilyOf,
  type ActivitiesService,
  type FitnessWithSources,
  type TrainingLogEntry,
} from '../../activities/service.ts';
import type { PlanOnDay, PlanStanding } from '../../plans/service.ts';
import {
  bpm,
  calendarDay,
  clock,
  count,
  distance,
  duration,
  elevation,
  kilojoules,
  pace,
  percent,
  percentRange,
  quantity,
  ratio,
  score,
  signed,
  speed,
  timeLeft,
  watts,
  type Quantity,
} from './format.ts';
import type { FactOrigin, Provenanced } from '../../../ai/provenance.ts';
import { planComplianceFacts, type PlanComplianceFacts } from './plan-compliance-facts.ts';
import { intervalFacts, type IntervalFacts } from './interval-facts.ts';
import type { ReadinessFacts } from './readiness-facts.ts';

/**
 * The facts a coach writes from (docs/design.md "Analysis: facts first, words second"): only this
 * account's data, every number already formatted as a Quantity, each group with its provenance.
 * Everything is anchored to the day of the activity, so an analysis describes that activity in its
 * own context and its facts (and hash) only change when the data behind them does.
 */
export interface AnalysisContext {
  /** Shape version of these facts, so stored facts stay readable when the shape grows (2: active plans; 3: the cycle week's load). */
  version: 3;
  units: UnitSystem;
  activity: ActivityFacts;
  load: LoadFacts;
  recentTraining: RecentTrainingFacts;
  coaching: CoachingFacts;
  rideDetail: RideDetailFacts | null;
  /** What the athlete set in their coaching profile; null when they set none of it. */
  athleteProfile: AthleteProfileFacts | null;
  /** The heart-rate zones this activity was scored with, and where they come from (ADR 0025). */
  zonesUsed: ZonesUsedFacts | null;
  /** Kairo's FTP estimate when it departs from the stated FTP by more than 5 %, with its evidence (ADR 0025). */
  ftpUpdate: FtpUpdateFacts | null;
  /** The four-week cycle's week on the activity's day; null when no cycle ran then. */
  mesocycle: MesocycleFacts | null;
  /**
   * The athlete's active training plans on the activity's day, the one the analysis speaks about
   * first at the head (plans/plan-on-day.ts byRelevanceOnDay); empty when none is active.
   */
  activePlans: PlanFacts[];
  /** The work intervals of an interval session; absent when the activity has none. */
  intervals?: IntervalFacts;
  /** Readiness on the morning of the activity's day, when anything was known (readiness-facts.ts); absent otherwise. */
  readiness?: ReadinessFacts;
}

/** What the built-in coach writes for: rides split by whether a power meter measured them. */
export type ActivityKind = 'ride_power' | 'ride' | 'run' | 'workout' | 'hike' | 'other';

export interface ZoneShare {
  zone: Quantity;
  name: string;
  time: Quantity;
  share: Quantity;
}

export interface ZoneFacts {
  zones: ZoneShare[];
  /** The zone with the most time. */
  main: ZoneShare;
  /** Share of the time in the two easiest zones. */
  easyShare: Quantity;
  /** Share of the time at or above threshold (zone 4 up). */
  hardShare: Quantity;
}

export interface PowerFacts {
  average: Quantity | null;
  normalized: Quantity | null;
  max: Quantity | null;
  intensityFactor: Quantity | null;
  tss: Quantity | null;
  variabilityIndex: Quantity | null;
  efficiencyFactor: Quantity | null;
  work: Quantity | null;
  /** The FTP the scores used: Kairo's estimate from the athlete's own rides until they set one. */
  ftp: Quantity | null;
}

export interface BestEffortFacts {
  distance: Quantity;
  time: Quantity;
}

export interface ActivityFacts extends Provenanced {
  name: string;
  sportType: string;
  family: SportFamily;
  kind: ActivityKind;
  /** The UTC day the activity started, the day the fitness series counts it on. */
  date: string;
  trainer: boolean;
  /** False while the metrics job has not run yet: only the recorded summary is known. */
  metricsComputed: boolean;
  movingTime: Quantity;
  distance: Quantity | null;
  elevationGain: Quantity | null;
  averageSpeed: Quantity | null;
  averagePace: Quantity | null;
  gradeAdjustedPace: Quantity | null;
  averageHeartrate: Quantity | null;
  maxHeartrate: Quantity | null;
  power: PowerFacts | null;
  /** Pw:HR for a ride, Pa:HR for a run: how far heart rate drifted against output. */
  decoupling: Quantity | null;
  trainingLoad: Quantity | null;
  trainingLoadMethod: TrainingLoadMethod | null;
  hrZones: ZoneFacts | null;
  powerZones: ZoneFacts | null;
  bestEfforts: BestEffortFacts[];
}

export interface FitnessFacts {
  /** CTL. */
  fitness: Quantity;
  /** ATL. */
  fatigue: Quantity;
  /** TSB. */
  form: Quantity;
}

/** The Performance Management Chart around the activity, from the same series as GET /api/fitness. */
export interface LoadFacts extends Provenanced {
  /** CTL and ATL at the end of the activity's day; TSB on its morning, before it. */
  onTheDay: FitnessFacts;
  weekBefore: FitnessFacts;
  fitnessChange: Quantity;
  /** Form the next morning: the day's CTL − ATL (fitness.ts: TSB is yesterday's CTL − ATL). */
  formAfter: Quantity;
}

export interface SportTotals {
  family: SportFamily;
  sessions: Quantity;
  movingTime: Quantity;
  load: Quantity;
}

/** The activities of the RECENT_TRAINING_DAYS days ending with the activity's day, itself included. */
export interface RecentTrainingFacts extends Provenanced {
  days: Quantity;
  sessions: Quantity;
  movingTime: Quantity;
  load: Quantity;
  /** Most time first. */
  bySport: SportTotals[];
}

export interface CoachingFacts extends Provenanced {
  style: CoachingStyle;
  styleName: string;
  /** The athlete's own instructions (custom style only). */
  customInstructions: string | null;
}

export interface RideDetailFacts extends Provenanced {
  type: RideDetailType;
  title: string;
  note: string | null;
}

/**
 * The coaching profile's thresholds, only as the athlete typed them into Kairo (provenance
 * 'athlete'). Values read from Strava's athlete profile never come here: they would be Strava
 * data in a prompt (ADR 0007), and the metrics already score with what the athlete set.
 */
export interface AthleteProfileFacts extends Provenanced {
  ftp: Quantity | null;
  weight: Quantity | null;
  /** Zone 1 has no min and zone 5 no max (spec §3). */
  hrZones: { zone: Quantity; min: Quantity | null; max: Quantity | null }[] | null;
}

/** Where a threshold the scores used comes from, in words a coach can say. */
export type ThresholdOrigin = 'set by you' | 'from Strava' | 'estimated from your recent activities';

export interface ZonesUsedFacts extends Provenanced {
  origin: ThresholdOrigin;
  /** Zone 1 has no min and zone 5 no max. */
  zones: { zone: Quantity; min: Quantity | null; max: Quantity | null }[];
}

export interface FtpUpdateFacts extends Provenanced {
  current: Quantity;
  currentOrigin: 'set by you' | 'from Strava';
  estimate: Quantity;
  /** Signed: + when the estimate is higher. */
  departure: Quantity;
  /** How long the best effort the estimate reads lasted (Coggan: 95 % of the best 20 minutes). */
  effortDuration: Quantity;
  evidence: { activityName: string; date: Quantity; best20MinPower: Quantity }[];
}

export interface MesocycleFacts extends Provenanced {
  week: Quantity;
  name: string;
  /** Spec §3 "Mesocycle weeks": what this week of the cycle asks for. */
  intent: string;
  /** The week's training load as a share of the athlete's baseline ('60–70%'), so a coach can quote it. */
  loadOfBaseline: Quantity;
}

export interface PlanPhaseFacts {
  key: PhaseName;
  name: string;
  /** 1-based week of the phase the activity fell in, and the phase's length in weeks ('3' of '5'). */
  weekOfPhase: Quantity;
  weeks: Quantity;
  objective: string | null;
  /** What the generated plan makes of that week: load, recovery, peak or taper. */
  weekKind: PhaseWeek['kind'] | null;
}

/**
 * The generated plan's volumes. They were derived from the athlete's activity history when the
 * plan was generated, and a plan needs a Strava connection (spec §6), so they count as
 * Strava-derived: under the strict policy they stay out of a prompt (ADR 0014).
 */
export interface PlanVolumeFacts extends Provenanced {
  /** The phase's weekly focus as generated, its week-by-week planned times included. */
  weeklyFocus: string | null;
  /** The planned training time of the activity's week. */
  plannedWeekTime: Quantity | null;
}

/**
 * An active plan on the activity's day. The inputs are the athlete's own and the phases follow
 * from them and the generation day alone (plan-phases.ts), so these count as the athlete's.
 */
export interface PlanFacts extends Provenanced {
  name: string;
  type: PreparationType;
  goal: string;
  /** Whether the activity's day fell before, within or after the plan. */
  standing: PlanStanding;
  startDate: Quantity;
  endDate: Quantity;
  totalWeeks: Quantity;
  /** Null unless running on the day. */
  weekOfPlan: Quantity | null;
  phase: PlanPhaseFacts | null;
  /** The event or goal date and the time left to it from the activity's day; null when none or past. */
  target: { label: 'the event' | 'your target date'; date: Quantity; timeLeft: Quantity } | null;
  /** Null when the activity's day is outside the plan's phases. */
  volume: PlanVolumeFacts | null;
  /** Planned vs done in the activity's week (ADR 0035); absent in facts stored before it, null unless running. */
  compliance?: PlanComplianceFacts | null;
}

/** What the athlete chose, for this analysis and in their settings. */
export interface AnalysisInputs {
  coachingStyle: CoachingStyle;
  systemPrompt: string | null;
  rideDetail: RideDetail | null;
  units: UnitSystem;
  athlete: { weightKg: number | null; thresholds: EffectiveThresholds };
  mesocycle: MesocycleState;
}

/** The data a context is assembled from, as the activities service returns it. */
export interface ContextSources {
  activity: ActivityDetail;
  /** FITNESS_DAYS days ending with the activity's day. */
  fitness: FitnessWithSources;
  /** RECENT_TRAINING_DAYS days ending with the activity's day. */
  trainingLog: TrainingLogEntry[];
  /** The account's active plans on the activity's day, most relevant first. */
  plans: PlanOnDay[];
  intervals?: ActivityIntervals | null;
}

/** Where the context's data comes from; every call is scoped to the account. */
export interface ContextReaders {
  activities: ActivitiesService;
  activePlansOn: (accountId: string, day: Date) => Promise<PlanOnDay[]>;
  /** Readiness facts on a day ('YYYY-MM-DD'); null when nothing is known. */
  readinessOn?: (accountId: string, day: string) => Promise<ReadinessFacts | null>;
}

const RECENT_TRAINING_DAYS = 14;
/** The activity's day and the same day a week before. */
const FITNESS_DAYS = 8;
const DAY_MS = 86_400_000;

const HR_ZONE_NAMES = ['Recovery', 'Aerobic', 'Tempo', 'Threshold', 'Anaerobic'];
const POWER_ZONE_NAMES = ['Active recovery', 'Endurance', 'Tempo', 'Threshold', 'VO2max', 'Anaerobic', 'Neuromuscular'];
const BEST_EFFORT_LABELS = new Map<number, string>([
  [400, '400 m'],
  [1000, '1 km'],
  [1609.344, '1 mile'],
  [5000, '5 km'],
  [10000, '10 km'],
  [21097.5, 'half marathon'],
  [42195, 'marathon'],
]);

export async function buildAnalysisContext(
  { activities, activePlansOn, readinessOn }: ContextReaders,
  accountId: string,
  activityId: string,
  inputs: AnalysisInputs,
): Promise<AnalysisContext> {
  const activity = await activities.detail(accountId, activityId);
  const dayStartMs = Date.parse(activity.startDate.slice(0, 10));
  const [fitness, trainingLog, plans, intervals, readiness] = await Promise.all([
    activities.fitnessWithSources(accountId, FITNESS_DAYS, new Date(activity.startDate)),
    activities.trainingLog(accountId, new Date(dayStartMs - (RECENT_TRAINING_DAYS - 1) * DAY_MS), new Date(dayStartMs + DAY_MS)),
    activePlansOn(accountId, new Date(dayStartMs)),
    activities.intervals(accountId, activityId),
    readinessOn?.(accountId, activity.startDate.slice(0, 10)),
  ]);
  const context = assembleAnalysisContext({ activity, fitness, trainingLog, plans, intervals }, inputs);
  return readiness ? { ...context, readiness } : context;
}

export function assembleAnalysisContext(sources: ContextSources, inputs: AnalysisInputs): AnalysisContext {
  const { rideDetail } = inputs;
  return {
    version: 3,
    units: inputs.units,
    activity: activityFacts(sources.activity, inputs.units),
    load: loadFacts(sources.fitness),
    recentTraining: recentTrainingFacts(sources.trainingLog),
    coaching: {
      provenance: ['athlete'],
      style: inputs.coachingStyle,
      styleName: COACHING_STYLES[inputs.coachingStyle].name,
      customInstructions: inputs.coachingStyle === 'custom' ? inputs.systemPrompt : null,
    },
    rideDetail: rideDetail
      ? { provenance: ['athlete'], type: rideDetail.type, title: RIDE_DETAILS[rideDetail.type].title, note: rideDetail.note }
      : null,
    athleteProfile: athleteProfileFacts(inputs.athlete),
    zonesUsed: zonesUsedFacts(sources.activity),
    ftpUpdate: ftpUpdateFacts(inputs.athlete.thresholds, sources.activity),
    mesocycle: mesocycleFacts(inputs.mesocycle, new Date(sources.activity.startDate)),
    activePlans: sources.plans.map(planFacts),
    ...withIntervalFacts(sources, inputs.units),
  };
}

/** Only an activity with intervals has the key, so the facts (and hash) of every other one stay as they were. */
function withIntervalFacts({ activity, intervals }: ContextSources, units: UnitSystem): { intervals?: IntervalFacts } {
  const facts = intervalFacts(intervals ?? null, { provenance: activityProvenance(activity), units, run: sportFamilyOf(activity.sportType) === 'run' });
  return facts ? { intervals: facts } : {};
}

function planFacts(plan: PlanOnDay): PlanFacts {
  const { phase, target } = plan;
  const whole = (value: number) => quantity(value, String(value));
  return {
    provenance: ['athlete'],
    name: plan.name,
    type: plan.preparationType,
    goal: plan.goal,
    standing: plan.standing,
    startDate: calendarDay(plan.startDate),
    endDate: calendarDay(plan.endDate),
    totalWeeks: whole(plan.totalWeeks),
    weekOfPlan: formatted(plan.weekOfPlan, whole),
    phase: phase && {
      key: phase.key,
      name: phase.name,
      weekOfPhase: whole(phase.weekOfPhase),
      weeks: whole(phase.weeks),
      objective: phase.objective,
      weekKind: phase.week?.kind ?? null,
    },
    target: target && { label: target.label, date: calendarDay(target.date), timeLeft: timeLeft(target.daysTo) },
    volume: phase && {
      provenance: ['strava'],
      weeklyFocus: phase.weeklyFocus,
      plannedWeekTime: formatted(positive(phase.week?.targetMin), (minutes) => duration(minutes * 60)),
    },
    compliance: planComplianceFacts(plan.compliance),
  };
}

/** The athlete's own word only: thresholds Strava states or Kairo estimates are not the coaching profile. */
function athleteProfileFacts({ weightKg, thresholds }: AnalysisInputs['athlete']): AthleteProfileFacts | null {
  const ftp = thresholds.cycling.ftpW?.source === 'athlete' ? thresholds.cycling.ftpW.value : null;
  const zones = thresholds.heartRate.zones?.source === 'athlete' ? thresholds.heartRate.zones.zones : null;
  if (ftp === null && weightKg === null && zones === null) return null;
  return {
    provenance: ['athlete'],
    ftp: formatted(ftp, watts),
    weight: formatted(weightKg, (kg) => quantity(kg, `${kg} kg`)),
    hrZones: zones && zoneBoundFacts(zones),
  };
}

function zoneBoundFacts(zones: readonly { min: number | null; max: number | null }[]): ZonesUsedFacts['zones'] {
  const beat = (value: number | null) => formatted(value, bpm);
  return zones.map((zone, index) => ({ zone: quantity(index + 1, `zone ${index + 1}`), min: beat(zone.min), max: beat(zone.max) }));
}

const ORIGINS: Record<'settings' | 'strava' | 'estimate', ThresholdOrigin> = {
  settings: 'set by you',
  strava: 'from Strava',
  estimate: 'estimated from your recent activities',
};

/** The zones the metrics counted this activity's time in (the same the athlete sees in Settings when they are stated). */
function zonesUsedFacts(activity: ActivityDetail): ZonesUsedFacts | null {
  const bounds = activity.metrics?.hrZoneUpperBoundsBpm;
  const source = activity.metrics?.hrZonesSource;
  if (!bounds || bounds.length !== 4 || !source || source === 'none') return null;
  const provenance: FactOrigin[] = source === 'settings' ? ['athlete'] : source === 'strava' ? ['strava'] : activityProvenance(activity);
  return { provenance, origin: ORIGINS[source], zones: zoneBoundFacts(zonesFromUpperBounds(bounds)) };
}

/** A ride scored against a stated FTP that Kairo's estimate departs from by more than the threshold. */
function ftpUpdateFacts(thresholds: EffectiveThresholds, activity: ActivityDetail): FtpUpdateFacts | null {
  if (sportFamilyOf(activity.sportType) !== 'ride') return null;
  const departure = thresholds.departures.find((entry) => entry.threshold === 'ftpW');
  if (!departure || departure.effectiveSource === 'estimate') return null;
  const provenance = [...new Set<FactOrigin>([departure.effectiveSource === 'strava' ? 'strava' : 'athlete', ...departure.estimate.evidence.map((entry) => entry.source)])];
  return {
    provenance,
    current: quantity(departure.effectiveValue, `${departure.effectiveValue} W`),
    currentOrigin: departure.effectiveSource === 'strava' ? 'from Strava' : 'set by you',
    estimate: quantity(departure.estimate.value, `${departure.estimate.value} W`),
    effortDuration: quantity(20 * 60, '20 minutes'),
    departure: quantity(departure.departurePct, `${departure.departurePct > 0 ? '+' : '−'}${Math.abs(Math.round(departure.departurePct))}%`),
    evidence: departure.estimate.evidence.map((entry) => ({
      activityName: entry.activityName,
      date: calendarDay(entry.startDate.slice(0, 10)),
      best20MinPower: quantity(entry.value, `${entry.value} W`),
    })),
  };
}

function mesocycleFacts(state: MesocycleState, activityStart: Date): MesocycleFacts | null {
  const week = mesocycleWeekAt(state, activityStart);
  if (week === null) return null;
  const info = MESOCYCLE_WEEK_INFO[week];
  const { low, high } = info.loadPctOfBaseline;
  return {
    provenance: ['athlete'],
    week: quantity(week, `week ${week}`),
    name: info.name,
    intent: info.intent,
    loadOfBaseline: percentRange(low, high),
  };
}

/** Identifies the facts: equal hashes mean an analysis was written from exactly these facts. */
export function contextHash(context: AnalysisContext): string {
  // The context is built in one fixed key order, so its JSON is canonical.
  return createHash('sha256').update(JSON.stringify(context)).digest('hex');
}

const positive = (value: number | null | undefined): number | null => (value !== null && value !== undefined && value > 0 ? value : null);
const formatted = <T>(value: number | null, format: (value: number) => T): T | null => (value === null ? null : format(value));

/**
 * Where an activity's facts come from: the activity, and the activities its thresholds were
 * estimated from, since its FTP, IF, TSS, zones and load are derived from them. Under the strict
 * policy the metrics never estimate an upload's thresholds from Strava data; should stored metrics
 * still be (computed under the relaxed policy, or before their sources were recorded), the
 * activity's facts stay out of a prompt like a Strava activity's.
 */
export function activityProvenance(activity: Pick<ActivityDetail, 'source' | 'metrics'>): FactOrigin[] {
  return [...new Set([activity.source, ...(activity.metrics?.thresholdSources ?? [])])].sort();
}

function activityFacts(activity: ActivityDetail, units: UnitSystem): ActivityFacts {
  const metrics = activity.metrics;
  const family = sportFamilyOf(activity.sportType);
  const power = family === 'ride' ? powerFacts(activity, metrics) : null;
  const movingTimeS = positive(activity.movingTime) ?? positive(metrics?.movingTimeS) ?? activity.elapsedTime;
  const distanceM = positive(activity.distance) ?? positive(metrics?.distanceM);
  const moving = distanceM !== null && movingTimeS > 0;
  return {
    provenance: activityProvenance(activity),
    name: activity.name,
    sportType: activity.sportType,
    family,
    kind: family === 'ride' ? (power ? 'ride_power' : 'ride') : family,
    date: activity.startDate.slice(0, 10),
    trainer: activity.trainer,
    metricsComputed: metrics !== null,
    movingTime: duration(movingTimeS),
    distance: formatted(distanceM, (metres) => distance(metres, units)),
    elevationGain: formatted(positive(activity.totalElevationGain) ?? positive(metrics?.elevationGainM), (metres) => elevation(metres, units)),
    averageSpeed: family !== 'run' && moving ? speed(distanceM / movingTimeS, units) : null,
    averagePace: family === 'run' && moving ? pace(movingTimeS / (distanceM / 1000), units) : null,
    gradeAdjustedPace: family === 'run' ? formatted(positive(metrics?.gradeAdjustedPaceSPerKm), (value) => pace(value, units)) : null,
    averageHeartrate: formatted(positive(activity.averageHeartrate) ?? positive(metrics?.averageHeartrateBpm), bpm),
    maxHeartrate: formatted(positive(activity.maxHeartrate) ?? positive(metrics?.maxHeartrateBpm), bpm),
    power,
    decoupling: formatted(metrics?.decouplingPct ?? null, (value) => percent(value, 1)),
    trainingLoad: formatted(metrics?.trainingLoad ?? null, score),
    trainingLoadMethod: metrics?.trainingLoadMethod ?? null,
    hrZones: zoneFacts(metrics?.hrZoneSeconds ?? null, HR_ZONE_NAMES),
    powerZones: zoneFacts(metrics?.powerZoneSeconds ?? null, POWER_ZONE_NAMES),
    bestEfforts: (metrics?.bestEfforts ?? []).flatMap((effort) => {
      const label = BEST_EFFORT_LABELS.get(effort.distanceM);
      return label ? [{ distance: quantity(effort.distanceM, label), time: clock(effort.elapsedS) }] : [];
    }),
  };
}

/** Measured power only: Strava's estimate for a ride without a meter (device_watts false) is no fact. */
function powerFacts(activity: ActivityDetail, metrics: ActivityMetricsView | null): PowerFacts | null {
  const measured = (value: number | null) => (activity.deviceWatts ? positive(value) : null);
  const average = positive(metrics?.averagePowerW) ?? measured(activity.averageWatts);
  const normalized = positive(metrics?.normalizedPowerW) ?? measured(activity.weightedAverageWatts);
  if (average === null && normalized === null) return null;
  return {
    average: formatted(average, watts),
    normalized: formatted(normalized, watts),
    max: formatted(positive(metrics?.maxPowerW) ?? measured(activity.maxWatts), watts),
    intensityFactor: formatted(positive(metrics?.intensityFactor), ratio),
    tss: formatted(positive(metrics?.tss), score),
    variabilityIndex: formatted(positive(metrics?.variabilityIndex), ratio),
    efficiencyFactor: formatted(positive(metrics?.efficiencyFactor), ratio),
    work: formatted(positive(metrics?.workKj) ?? measured(activity.kilojoules), kilojoules),
    ftp: formatted(positive(metrics?.ftpW), watts),
  };
}

function zoneFacts(seconds: number[] | null, names: string[]): ZoneFacts | null {
  const totalS = (seconds ?? []).reduce((sum, value) => sum + value, 0);
  if (!seconds || totalS <= 0) return null;
  const share = (from: number, to: number) => percent((100 * seconds.slice(from, to).reduce((sum, value) => sum + value, 0)) / totalS);
  const zones = seconds.map((zoneS, index) => ({
    zone: quantity(index + 1, `zone ${index + 1}`),
    name: names[index] ?? `Zone ${index + 1}`,
    time: duration(zoneS),
    share: percent((100 * zoneS) / totalS),
  }));
  const main = zones.reduce((best, zone) => (zone.time.value > best.time.value ? zone : best));
  return { zones, main, easyShare: share(0, 2), hardShare: share(3, seconds.length) };
}

function loadFacts({ series, sources }: FitnessWithSources): LoadFacts {
  const day = series.at(-1);
  const weekBefore = series[0];
  if (!day || !weekBefore || series.length !== FITNESS_DAYS) {
    throw new Error(`expected ${FITNESS_DAYS} days of fitness, got ${series.length}`);
  }
  const fitness = (entry: FitnessDay): FitnessFacts => ({ fitness: score(entry.ctl), fatigue: score(entry.atl), form: signed(entry.tsb) });
  return {
    provenance: sources,
    onTheDay: fitness(day),
    weekBefore: fitness(weekBefore),
    fitnessChange: signed(day.ctl - weekBefore.ctl),
    formAfter: signed(day.ctl - day.atl),
  };
}

function recentTrainingFacts(log: TrainingLogEntry[]): RecentTrainingFacts {
  const totals = (entries: TrainingLogEntry[]) => ({
    sessions: count(entries.length, 'session'),
    movingTime: duration(entries.reduce((sum, entry) => sum + entry.movingTimeS, 0)),
    load: score(entries.reduce((sum, entry) => sum + (entry.trainingLoad ?? 0), 0)),
  });
  const families = [...new Set(log.map((entry) => entry.family))];
  const bySport = families
    .map((family) => ({ family, ...totals(log.filter((entry) => entry.family === family)) }))
    .sort((a, b) => b.movingTime.value - a.movingTime.value);
  const provenance: FactOrigin[] = [...new Set(log.flatMap((entry) => [entry.source, ...entry.thresholdSources]))].sort();
  return { provenance, days: count(RECENT_TRAINING_DAYS, 'day'), ...totals(log), bySport };
}
