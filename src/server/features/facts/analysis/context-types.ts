import type { SportFamily, TrainingLoadMethod } from '../../../../metrics/training-load.ts';
import type { ActivityDetail } from '../../../../shared/api/activities.ts';
import type { NextSession, RideDetail } from '../../../../shared/api/analysis.ts';
import type { CoachingStyle } from '../../../../shared/domain/coaching-style.ts';
import type { EffectiveThresholds } from '../../../../shared/api/settings.ts';
import type { MesocycleState } from '../../../../shared/domain/mesocycle.ts';
import type { PhaseWeek, PreparationType } from '../../../../shared/api/training-plans.ts';
import type { PhaseName } from '../../../../shared/domain/plan-phases.ts';
import type { RideDetailType } from '../../../../shared/domain/ride-detail.ts';
import type { UnitSystem } from '../../../../shared/domain/unit-system.ts';
import type { ActivitiesService } from '../../activities/index.ts';
import type { PlanOnDay, PlanStanding } from '../../plans/index.ts';
import type { FitnessWithSources, ScoringService, TrainingLogEntry } from '../../scoring/index.ts';
import type { Quantity } from '../format.ts';
import type { FactOrigin, Provenanced } from '../../../ai/provenance.ts';
import type { ActivityIntervals } from '../../../../shared/api/activity-intervals.ts';
import type { PlanComplianceFacts } from './plan-compliance.ts';
import type { IntervalFacts } from './intervals.ts';
import type { ReadinessFacts } from './readiness.ts';

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
  /**
   * Kairo's max-HR estimate for the activity's sport when it departs from the max HR in use by
   * more than 5 % (ADR 0060); absent otherwise, so facts without one keep their hash.
   */
  maxHrUpdate?: MaxHrUpdateFacts;
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
  /**
   * The next session an active plan has after the activity's day (the day plan, ADR 0068): the
   * analysis's next session is this one. Absent when no active plan covers the next day, so the
   * facts (and hash) of athletes without a plan stay as they were.
   */
  plannedNext?: PlannedNextFacts;
}

/** The plan's next session after the activity (day-plan/service.ts plannedAfter). */
export interface PlannedNextFacts {
  provenance: FactOrigin[];
  planName: string;
  /** value: days after the activity's day; text: the day, e.g. 'Thu, Dec 3'. */
  date: Quantity;
  /** The plan's rest days before it; null when it is the next day. */
  restDays: Quantity | null;
  session: NextSession;
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
  /** The known loads' sum; null when none is known. */
  load: Quantity | null;
}

/** The activities of the RECENT_TRAINING_DAYS days ending with the activity's day, itself included. */
export interface RecentTrainingFacts extends Provenanced {
  days: Quantity;
  sessions: Quantity;
  movingTime: Quantity;
  /** The known loads' sum; null when none is known (never a 0 nothing recorded). */
  load: Quantity | null;
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

export interface MaxHrUpdateFacts extends Provenanced {
  /** 'runs' or 'rides': the activities the estimate reads. */
  activities: 'runs' | 'rides';
  /** How far back the estimate reads: '12 months'. */
  window: Quantity;
  current: Quantity;
  currentOrigin: 'set by you';
  estimate: Quantity;
  /** Signed: + when the estimate is higher. */
  departure: Quantity;
  /** The activity the estimate is read from. */
  evidence: { activityName: string; date: Quantity; peak: Quantity }[];
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
  /** Readiness on the activity's morning (readiness-facts.ts); null or absent when nothing is known. */
  readiness?: ReadinessFacts | null;
  plannedNext?: PlannedNextFacts | null;
}

/** Where the context's data comes from; every call is scoped to the account. */
export interface ContextReaders {
  activities: Pick<ActivitiesService, 'detail'>;
  scoring: Pick<ScoringService, 'fitnessWithSources' | 'trainingLog' | 'intervals'>;
  activePlansOn: (accountId: string, day: Date) => Promise<PlanOnDay[]>;
  /** Readiness facts on a day ('YYYY-MM-DD'); null when nothing is known. */
  readinessOn?: (accountId: string, day: string) => Promise<ReadinessFacts | null>;
  /** The active plan's next session after a day ('YYYY-MM-DD'); null when no plan covers the day after. */
  plannedNextAfter?: (accountId: string, day: string) => Promise<PlannedNextFacts | null>;
}
