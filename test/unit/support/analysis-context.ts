import { unitText } from '../../../src/shared/domain/unit-tokens.ts';
import {
  assembleAnalysisContext,
  type AnalysisContext,
  type AnalysisInputs,
  type ContextSources,
} from '../../../src/server/features/facts/index.ts';
import { activityDetail, logEntry, metricsView } from '../../factories.ts';
import { summariseTraining } from '../../../src/server/features/plans/athlete-facts.ts';
import { generatePlan } from '../../../src/server/features/plans/generator.ts';
import { lengthInput, planOnDay, type PlanOnDay, type PlanSource } from '../../../src/server/features/plans/plan-on-day.ts';
import { trainingPlanInput, type TrainingPlanInput } from '../../../src/shared/api/training-plans.ts';
import { planSchedule } from '../../../src/shared/domain/plan-phases.ts';
import { DAY_MS } from '../../../src/shared/time.ts';

/**
 * Builders of the built-in coach's inputs, one per kind of activity, with realistic numbers (the
 * power ride is the Edge 810 fixture's session). Each returns the sources a context is assembled
 * from, so the tests run the real assembly as well as the coach.
 */
/** Eight days of fitness ending on the activity's day, moving linearly from a week before. */
export function fitnessWeek(
  weekBefore: { ctl: number; atl: number },
  onTheDay: { ctl: number; atl: number; tsb: number },
  sources: ContextSources['fitness']['sources'] = ['file'],
): ContextSources['fitness'] {
  const series = Array.from({ length: 8 }, (_, day) => {
    const t = day / 7;
    const ctl = weekBefore.ctl + (onTheDay.ctl - weekBefore.ctl) * t;
    const atl = weekBefore.atl + (onTheDay.atl - weekBefore.atl) * t;
    return { date: `2026-05-${String(5 + day).padStart(2, '0')}`, load: 60, ctl, atl, tsb: day === 7 ? onTheDay.tsb : ctl - atl };
  });
  return { series, sources };
}

const rideMetrics = () =>
  metricsView({
  averagePowerW: 276,
  maxPowerW: 619,
  normalizedPowerW: 301,
  intensityFactor: 0.904,
  tss: 107,
  variabilityIndex: 1.09,
  workKj: 1_298,
  efficiencyFactor: 1.95,
  decouplingPct: 3.4,
  powerZoneSeconds: [300, 900, 1_200, 1_500, 600, 180, 25],
  hrZoneSeconds: [400, 1_100, 1_300, 1_500, 405],
  trainingLoad: 107,
  trainingLoadMethod: 'power',
  movingTimeS: 4_705,
  distanceM: 41_339,
  elevationGainM: 405,
  averageHeartrateBpm: 154,
  maxHeartrateBpm: 181,
  ftpW: 333,
  ftpSource: 'estimate',
});

/** What an activity without a power meter has: no watts of any kind, and no device that measured them. */
const NO_POWER = { averageWatts: null, weightedAverageWatts: null, maxWatts: null, kilojoules: null, deviceWatts: false } as const;

export const sources = {
  ridePower: (): ContextSources => ({
    activity: activityDetail({ metrics: rideMetrics() }),
    fitness: fitnessWeek({ ctl: 55, atl: 60 }, { ctl: 58.6, atl: 74.2, tsb: -8.1 }),
    trainingLog: [logEntry('ride', 5_400, 90, 6), logEntry('run', 2_700, 45, 8), logEntry('ride', 4_705, 107, 12)],
    plans: [],
  }),
  rideNoPower: (): ContextSources => ({
    activity: activityDetail({
      name: 'Gravel loop',
      sportType: 'GravelRide',
      ...NO_POWER,
      distance: 52_410,
      movingTime: 7_260,
      totalElevationGain: 780,
      averageHeartrate: 138,
      maxHeartrate: 171,
      metrics: metricsView({
        hrZoneSeconds: [1_800, 3_900, 1_200, 300, 60],
        trainingLoad: 96,
        trainingLoadMethod: 'heartRate',
        averageHeartrateBpm: 138,
        maxHeartrateBpm: 171,
      }),
    }),
    fitness: fitnessWeek({ ctl: 40, atl: 38 }, { ctl: 42.2, atl: 47.9, tsb: 1.4 }),
    trainingLog: [logEntry('ride', 7_260, 96, 12)],
    plans: [],
  }),
  run: (): ContextSources => ({
    activity: activityDetail({
      name: 'Tempo Tuesday',
      type: 'Run',
      sportType: 'Run',
      distance: 10_215,
      movingTime: 2_941,
      totalElevationGain: 96,
      averageHeartrate: 161,
      maxHeartrate: 183,
      ...NO_POWER,
      metrics: metricsView({
        decouplingPct: 6.2,
        hrZoneSeconds: [120, 600, 1_100, 950, 171],
        trainingLoad: 68,
        trainingLoadMethod: 'heartRate',
        averageHeartrateBpm: 161,
        maxHeartrateBpm: 183,
        averagePaceSPerKm: 287.9,
        gradeAdjustedPaceSPerKm: 279.4,
        bestEfforts: [
          { distanceM: 400, elapsedS: 82, startOffsetS: 1_200 },
          { distanceM: 1000, elapsedS: 262, startOffsetS: 1_100 },
          { distanceM: 5000, elapsedS: 1_402, startOffsetS: 600 },
          { distanceM: 10000, elapsedS: 2_889, startOffsetS: 20 },
        ],
      }),
    }),
    fitness: fitnessWeek({ ctl: 48, atl: 50 }, { ctl: 47.5, atl: 46.1, tsb: 6.3 }),
    trainingLog: [logEntry('run', 2_400, 40, 5), logEntry('run', 3_600, 55, 9), logEntry('run', 2_941, 68, 12)],
    plans: [],
  }),
  strength: (): ContextSources => ({
    activity: activityDetail({
      name: 'Gym: legs and core',
      type: 'WeightTraining',
      sportType: 'WeightTraining',
      distance: 0,
      movingTime: 3_300,
      totalElevationGain: null,
      averageHeartrate: 112,
      maxHeartrate: 151,
      ...NO_POWER,
      metrics: metricsView({ trainingLoad: 33, trainingLoadMethod: 'estimate', averageHeartrateBpm: 112, maxHeartrateBpm: 151 }),
    }),
    fitness: fitnessWeek({ ctl: 50, atl: 58 }, { ctl: 50.4, atl: 66.8, tsb: -14.2 }),
    trainingLog: [logEntry('ride', 9_000, 150, 7), logEntry('workout', 3_300, 33, 12)],
    plans: [],
  }),
  hike: (): ContextSources => ({
    activity: activityDetail({
      name: 'Triglav approach',
      type: 'Hike',
      sportType: 'Hike',
      distance: 14_820,
      movingTime: 17_950,
      totalElevationGain: 1_346,
      averageHeartrate: 121,
      maxHeartrate: 158,
      ...NO_POWER,
      metrics: metricsView({
        hrZoneSeconds: [7_000, 8_100, 2_300, 500, 50],
        trainingLoad: 182,
        trainingLoadMethod: 'heartRate',
      }),
    }),
    fitness: fitnessWeek({ ctl: 35, atl: 30 }, { ctl: 38.9, atl: 52.3, tsb: -4.8 }),
    trainingLog: [logEntry('hike', 17_950, 182, 12)],
    plans: [],
  }),
  other: (): ContextSources => ({
    activity: activityDetail({
      name: 'Lake swim',
      type: 'Swim',
      sportType: 'Swim',
      distance: 2_100,
      movingTime: 2_580,
      totalElevationGain: null,
      averageHeartrate: null,
      maxHeartrate: null,
      ...NO_POWER,
      metrics: metricsView({ trainingLoad: 36, trainingLoadMethod: 'estimate' }),
    }),
    fitness: fitnessWeek({ ctl: 20, atl: 22 }, { ctl: 20.9, atl: 27.3, tsb: -4.1 }),
    trainingLog: [logEntry('other', 2_580, 36, 12)],
    plans: [],
  }),
} satisfies Record<string, () => ContextSources>;

export type SourceKind = keyof typeof sources;

/** An athlete with no threshold set, stated or estimated. */
const NO_HEART_RATE = { maxHrBpm: null, restingHrBpm: null, lthrBpm: null, zones: null };
export const NO_THRESHOLDS: AnalysisInputs['athlete']['thresholds'] = {
  cycling: { ftpW: null, heartRate: NO_HEART_RATE },
  running: { thresholdPaceSPerKm: null, heartRate: NO_HEART_RATE },
  heartRate: NO_HEART_RATE,
  estimates: { ftpW: null, thresholdPaceSPerKm: null, maxHrBpm: null, maxHrBpmBySport: { cycling: null, running: null } },
  departures: [],
};

export const DEFAULT_INPUTS: AnalysisInputs = {
  coachingStyle: 'performance',
  systemPrompt: null,
  rideDetail: null,
  units: 'metric',
  athlete: { weightKg: null, thresholds: NO_THRESHOLDS },
  mesocycle: { enabled: false, currentWeek: 1, weekStartDate: null },
};

export function contextOf(kind: SourceKind, inputs: Partial<AnalysisInputs> = {}, adjust?: (sources: ContextSources) => void): AnalysisContext {
  const built = sources[kind]();
  adjust?.(built);
  return assembleAnalysisContext(built, { ...DEFAULT_INPUTS, ...inputs });
}

/** The day of every activity above. */
export const ACTIVITY_DAY = new Date('2026-05-12T00:00:00Z');

/**
 * An 11-week event plan (base 5, build 3, peak 2, taper 1 weeks) with its event 9 weeks after the
 * activity's day, generated `daysBefore` days before that day (negative: after it).
 */
export const EVENT_PLAN = {
  preparationType: 'event',
  eventName: 'Gran Fondo Stelvio',
  eventType: 'cycling',
  eventDate: '2026-07-14',
  eventDistance: '120 km',
  eventElevation: '2500 m',
  completionGoal: 'complete',
  weeklyTrainingTime: '8 hours',
  planDuration: '11 weeks',
} as const;

/** A stored plan as the plans repo returns it, generated (for an athlete without history) at `generatedAt`. */
export function planSource(input: Partial<TrainingPlanInput>, generatedAt: Date, id = '8a6e0f3c-1b2d-4c5e-9f70-0a1b2c3d4e5f'): PlanSource {
  const parsed = trainingPlanInput.parse(input);
  const facts = summariseTraining([], generatedAt, { fitness: null, ftp: null });
  // Laid out as plans stored before ADR 0069 (weeks of seven days from the generation day): the analysis's worked examples count weeks so.
  const { generatedPlan } = generatePlan(parsed, facts, planSchedule({ ...lengthInput(parsed, generatedAt), weekStartsOn: null }), null, unitText('metric'));
  const fields = ['eventName', 'eventType', 'eventDate', 'eventDistance', 'eventElevation', 'ftp', 'completionGoal', 'targetTime', 'prGoal', 'prDistance',
    'prElevation', 'currentPr', 'targetPr', 'prTimeline', 'weeklyTrainingTime', 'planName', 'selectedActivities', 'otherActivity', 'planDuration',
    'additionalDetails'] as const;
  const empty = Object.fromEntries(fields.map((field) => [field, null])) as Record<(typeof fields)[number], null>;
  return { ...empty, ...parsed, id, preparationType: parsed.preparationType, generatedPlan, generatedAt } as PlanSource;
}

/** The event plan on the activity's day, generated `daysBefore` days before it. */
export function eventPlanOnDay(daysBefore: number, overrides: Partial<TrainingPlanInput> = {}): PlanOnDay {
  return planOnDay(planSource({ ...EVENT_PLAN, ...overrides }, new Date(ACTIVITY_DAY.getTime() - daysBefore * DAY_MS)), ACTIVITY_DAY);
}
