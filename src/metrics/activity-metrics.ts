import type { ActivityStreams } from './activity-streams.ts';
import { resolveAthleteSettings } from './athlete-settings.ts';
import type { AthleteSettings, ResolvedAthleteSettings } from './athlete-settings.ts';
import { computeDecouplingPct } from './decoupling.ts';
import { computeElevationGain } from './elevation.ts';
import { computeBanisterTrimp, computeHeartRateFigures, computeHrTss } from './heart-rate.ts';
import { computeMeanMaximalPower, computePowerDurationCurve } from './mean-maximal-power.ts';
import type { MeanMaximalPowerCurve } from './mean-maximal-power.ts';
import {
  computeAveragePowerW,
  computeEfficiencyFactor,
  computeIntensityFactor,
  computeMaxPowerW,
  computeNormalizedPowerW,
  computeTss,
  computeVariabilityIndex,
  computeWorkKj,
  computeXPowerW,
} from './power.ts';
import { computeMovingTimeS, computeRecordedTimeS, resampleTo1Hz } from './resample.ts';
import type { Streams1Hz } from './resample.ts';
import {
  computeBestEfforts,
  computeGradeAdjustedSpeedsMps,
  computeGradients,
  computeNormalizedGradedSpeedMps,
  computeRtss,
  convertPaceToSpeedMps,
  convertSpeedToPaceSPerKm,
} from './running.ts';
import type { BestEffort } from './running.ts';
import { cleanStreams, type SampleCleaningCounts } from './sample-cleaning.ts';
import { computeMean, selectIncluded } from './smoothing.ts';
import { selectTrainingLoad } from './training-load.ts';
import type { SportFamily, TrainingLoadMethod } from './training-load.ts';
import { computePowerZoneUpperBoundsW, computeTimeInZonesS } from './zones.ts';

/**
 * The activity's own summary (from Strava or the file's session record). Metrics computed from a
 * stream win, so that every number describes the same recorded data; a summary value fills in
 * where the stream is missing (manual entries, summary-only imports). Strava's streams leave out
 * the ends hidden by a privacy zone, so stream totals (distance, moving time, work) can be lower
 * than Strava's summary, which remains the one to display for those. Power is taken as measured:
 * the caller leaves out Strava's estimated power (`device_watts: false`).
 */
export interface ActivitySummary {
  sport: SportFamily;
  distanceM?: number | null;
  movingTimeS?: number | null;
  elapsedTimeS?: number | null;
  elevationGainM?: number | null;
  averagePowerW?: number | null;
  maxPowerW?: number | null;
  /** Strava's weighted_average_watts, its counterpart of Normalized Power. */
  weightedAveragePowerW?: number | null;
  workKj?: number | null;
  averageHeartrateBpm?: number | null;
  maxHeartrateBpm?: number | null;
}

export interface ActivityMetricsInput {
  streams: ActivityStreams | null;
  summary: ActivitySummary;
  /** Defaults for what is missing: see `resolveAthleteSettings`. */
  athlete: AthleteSettings;
}

/** Every field is null when the data (or the athlete's settings) does not allow it. */
export interface ActivityMetrics {
  movingTimeS: number | null;
  distanceM: number | null;
  /** The activity's own (the device's or Strava's figure, or the importer's), else `computeElevationGain` (ADR 0063). */
  elevationGainM: number | null;

  averagePowerW: number | null;
  maxPowerW: number | null;
  normalizedPowerW: number | null;
  xPowerW: number | null;
  /** Rides only: FTP is a cycling threshold. Also TSS and power zones. */
  intensityFactor: number | null;
  tss: number | null;
  variabilityIndex: number | null;
  workKj: number | null;
  efficiencyFactor: number | null;
  /** Pw:HR, or Pa:HR (grade-adjusted speed) for a run without power. */
  decouplingPct: number | null;
  /** Seconds in Coggan's 7 power zones. */
  powerZoneSeconds: number[] | null;
  /**
   * Best average power held for each duration 1 s … whole activity (`computePowerDurationCurve`),
   * over elapsed time: a pause counts as zero power rather than joining the efforts around it.
   */
  powerDurationCurve: MeanMaximalPowerCurve | null;

  averageHeartrateBpm: number | null;
  maxHeartrateBpm: number | null;
  /** Seconds in the athlete's 5 heart-rate zones. */
  hrZoneSeconds: number[] | null;
  trimp: number | null;
  hrTss: number | null;

  /** Runs only, like the rest of this group. */
  averagePaceSPerKm: number | null;
  gradeAdjustedPaceSPerKm: number | null;
  normalizedGradedPaceSPerKm: number | null;
  rTss: number | null;
  bestEfforts: BestEffort[] | null;

  trainingLoad: number | null;
  trainingLoadMethod: TrainingLoadMethod | null;

  /** What the cleaning step (`cleanStreams`) removed from the streams; null without streams. */
  dataQuality: SampleCleaningCounts | null;
}

/**
 * Distance, moving time and elevation gain are the activity's own (its summary) where it has them, so that
 * one figure is shown everywhere: the importer computes them with the same algorithms from the
 * same streams (or takes the recorder's timer), and Strava's streams can miss privacy-zone ends.
 */
export function computeActivityMetrics(input: ActivityMetricsInput): ActivityMetrics {
  const { summary } = input;
  const athlete = resolveAthleteSettings(input.athlete);
  const cleaned = input.streams && input.streams.timeS.length > 0 ? cleanStreams(input.streams) : null;
  const series = cleaned ? resampleTo1Hz(cleaned.streams) : null;
  const movingTimeS = summary.movingTimeS ?? (series ? computeMovingTimeS(series) : null);
  const distanceM = summary.distanceM ?? lastReading(series?.distanceM) ?? null;

  const heartRate = computeHeartRateMetrics(series, summary, athlete);
  const power = computePowerMetrics(series, summary, athlete, heartRate.averageHeartrateBpm);
  const running =
    summary.sport === 'run' ? computeRunningMetrics(series, athlete, movingTimeS, distanceM) : NO_RUNNING_METRICS;

  const durationS = movingTimeS ?? summary.elapsedTimeS ?? null;
  const trainingLoad =
    durationS === null
      ? null
      : selectTrainingLoad({
          powerTss: power.tss,
          hrTss: heartRate.hrTss,
          rTss: running.rTss,
          sport: summary.sport,
          durationS,
          averageIntensityFactor: estimateIntensityFactorFromHeartRate(heartRate.averageHeartrateBpm, athlete.lthrBpm),
        });

  return {
    movingTimeS,
    distanceM,
    elevationGainM:
      summary.elevationGainM ?? (cleaned ? (computeElevationGain(cleaned.streams)?.gainM ?? null) : null),
    ...power,
    decouplingPct: power.decouplingPct ?? running.decouplingPct,
    ...heartRate,
    averagePaceSPerKm: running.averagePaceSPerKm,
    gradeAdjustedPaceSPerKm: running.gradeAdjustedPaceSPerKm,
    normalizedGradedPaceSPerKm: running.normalizedGradedPaceSPerKm,
    rTss: running.rTss,
    bestEfforts: running.bestEfforts,
    trainingLoad: trainingLoad?.load ?? null,
    trainingLoadMethod: trainingLoad?.method ?? null,
    dataQuality: cleaned?.counts ?? null,
  };
}

type PowerMetrics = Pick<
  ActivityMetrics,
  | 'averagePowerW'
  | 'maxPowerW'
  | 'normalizedPowerW'
  | 'xPowerW'
  | 'intensityFactor'
  | 'tss'
  | 'variabilityIndex'
  | 'workKj'
  | 'efficiencyFactor'
  | 'decouplingPct'
  | 'powerZoneSeconds'
  | 'powerDurationCurve'
>;

/** A power stream without a single positive reading is a paired but silent meter, not data. */
function computePowerMetrics(
  series: Streams1Hz | null,
  summary: ActivitySummary,
  athlete: ResolvedAthleteSettings,
  averageHeartrateBpm: number | null,
): PowerMetrics {
  const powerW = series?.powerW && (computeMaxPowerW(series.powerW) ?? 0) > 0 ? series.powerW : null;
  const recorded = series?.recorded ?? [];
  const averagePowerW = powerW ? computeAveragePowerW(powerW, recorded) : (summary.averagePowerW ?? null);
  const normalizedPowerW = powerW ? computeNormalizedPowerW(powerW, recorded) : (summary.weightedAveragePowerW ?? null);
  const durationS = series ? computeRecordedTimeS(series) : (summary.movingTimeS ?? null);
  const ftpW = summary.sport === 'ride' ? athlete.ftpW : null;
  const canScore = ftpW !== null && normalizedPowerW !== null;

  return {
    averagePowerW,
    maxPowerW: powerW ? computeMaxPowerW(powerW) : (summary.maxPowerW ?? null),
    normalizedPowerW,
    xPowerW: powerW ? computeXPowerW(powerW, recorded) : null,
    intensityFactor: canScore ? computeIntensityFactor(normalizedPowerW, ftpW) : null,
    tss: canScore && durationS !== null ? computeTss(durationS, normalizedPowerW, ftpW) : null,
    variabilityIndex:
      normalizedPowerW !== null && averagePowerW !== null ? computeVariabilityIndex(normalizedPowerW, averagePowerW) : null,
    workKj: powerW ? computeWorkKj(powerW) : (summary.workKj ?? null),
    efficiencyFactor:
      normalizedPowerW !== null && averageHeartrateBpm !== null
        ? computeEfficiencyFactor(normalizedPowerW, averageHeartrateBpm)
        : null,
    decouplingPct:
      powerW && series?.heartrateBpm
        ? computeDecouplingPct(
            powerW.map((watts, k) => (recorded[k] ? watts : null)),
            series.heartrateBpm,
            computeMean,
          )
        : null,
    powerZoneSeconds:
      powerW && ftpW !== null ? computeTimeInZonesS(powerW, computePowerZoneUpperBoundsW(ftpW), recorded) : null,
    powerDurationCurve: powerW ? computePowerDurationCurve(computeMeanMaximalPower(powerW)) : null,
  };
}

type HeartRateMetrics = Pick<
  ActivityMetrics,
  'averageHeartrateBpm' | 'maxHeartrateBpm' | 'hrZoneSeconds' | 'trimp' | 'hrTss'
>;

function computeHeartRateMetrics(
  series: Streams1Hz | null,
  summary: ActivitySummary,
  athlete: ResolvedAthleteSettings,
): HeartRateMetrics {
  const heartrateBpm = series?.heartrateBpm ?? null;
  if (!series || !heartrateBpm) {
    return {
      averageHeartrateBpm: summary.averageHeartrateBpm ?? null,
      maxHeartrateBpm: summary.maxHeartrateBpm ?? null,
      hrZoneSeconds: null,
      trimp: null,
      hrTss: null,
    };
  }
  const { recorded } = series;
  const { restHrBpm, maxHrBpm, sex } = athlete;
  const reference = maxHrBpm === null ? null : { restHrBpm, maxHrBpm, sex };
  const trimp = reference ? computeBanisterTrimp(heartrateBpm, recorded, reference) : null;
  return {
    ...computeHeartRateFigures(series),
    hrZoneSeconds: athlete.hrZoneUpperBoundsBpm
      ? computeTimeInZonesS(heartrateBpm, athlete.hrZoneUpperBoundsBpm, recorded)
      : null,
    trimp,
    hrTss: reference && trimp !== null && athlete.lthrBpm !== null ? computeHrTss(trimp, athlete.lthrBpm, reference) : null,
  };
}

type RunningMetrics = Pick<
  ActivityMetrics,
  'averagePaceSPerKm' | 'gradeAdjustedPaceSPerKm' | 'normalizedGradedPaceSPerKm' | 'rTss' | 'bestEfforts' | 'decouplingPct'
>;

const NO_RUNNING_METRICS: RunningMetrics = {
  averagePaceSPerKm: null,
  gradeAdjustedPaceSPerKm: null,
  normalizedGradedPaceSPerKm: null,
  rTss: null,
  bestEfforts: null,
  decouplingPct: null,
};

function computeRunningMetrics(
  series: Streams1Hz | null,
  athlete: ResolvedAthleteSettings,
  movingTimeS: number | null,
  distanceM: number | null,
): RunningMetrics {
  const averagePaceSPerKm =
    movingTimeS !== null && movingTimeS > 0 && distanceM !== null ? convertSpeedToPaceSPerKm(distanceM / movingTimeS) : null;
  const speedMps = series?.speedMps;
  if (!series || !speedMps) return { ...NO_RUNNING_METRICS, averagePaceSPerKm };

  const { altitudeM, distanceM: distanceSeriesM, heartrateBpm, moving } = series;
  const gradients = altitudeM && distanceSeriesM ? computeGradients(altitudeM, distanceSeriesM) : null;
  const gradeAdjustedSpeedsMps = computeGradeAdjustedSpeedsMps(speedMps, gradients ?? []);
  const averageGradeAdjustedSpeedMps = computeMean(selectIncluded(gradeAdjustedSpeedsMps, moving));
  const normalizedGradedSpeedMps = computeNormalizedGradedSpeedMps(gradeAdjustedSpeedsMps, moving);
  return {
    averagePaceSPerKm,
    gradeAdjustedPaceSPerKm:
      gradients && averageGradeAdjustedSpeedMps !== null ? convertSpeedToPaceSPerKm(averageGradeAdjustedSpeedMps) : null,
    normalizedGradedPaceSPerKm:
      normalizedGradedSpeedMps === null ? null : convertSpeedToPaceSPerKm(normalizedGradedSpeedMps),
    rTss:
      normalizedGradedSpeedMps !== null && athlete.thresholdPaceSPerKm !== null && movingTimeS !== null
        ? computeRtss(movingTimeS, normalizedGradedSpeedMps, convertPaceToSpeedMps(athlete.thresholdPaceSPerKm))
        : null,
    bestEfforts: distanceSeriesM ? computeBestEfforts(distanceSeriesM) : null,
    decouplingPct: heartrateBpm
      ? computeDecouplingPct(
          gradeAdjustedSpeedsMps.map((speed, k) => (moving[k] ? speed : null)),
          heartrateBpm,
          computeMean,
        )
      : null,
  };
}

/**
 * For the duration estimate when only an average heart rate is known (a summary without streams):
 * average heart rate / LTHR stands in for the intensity factor. Both are 1 at threshold and fall
 * together below it, heart rate more slowly, so the estimate errs high on easy days.
 */
function estimateIntensityFactorFromHeartRate(averageHeartrateBpm: number | null, lthrBpm: number | null): number | null {
  return averageHeartrateBpm !== null && lthrBpm !== null ? averageHeartrateBpm / lthrBpm : null;
}

function lastReading(values: readonly (number | null)[] | null | undefined): number | null {
  if (!values) return null;
  for (let k = values.length - 1; k >= 0; k--) if (values[k] !== null) return values[k]!;
  return null;
}
