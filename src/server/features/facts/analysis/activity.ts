import type { ActivityDetail, ActivityMetricsView } from '../../../../shared/api/activities.ts';
import type { UnitSystem } from '../../../../shared/domain/unit-system.ts';
import { sportFamilyOf } from '../../../../shared/domain/sport-family.ts';
import type { FactOrigin } from '../../../ai/provenance.ts';
import type { ActivityFacts, PowerFacts, ZoneFacts } from './context-types.ts';
import {
  bpm,
  clock,
  distance,
  duration,
  elevation,
  formatted,
  kilojoules,
  pace,
  percent,
  positive,
  quantity,
  ratio,
  score,
  speed,
  watts,
} from '../format.ts';

/** The activity's own facts: what it recorded and what the metrics made of it. */

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

export function activityFacts(activity: ActivityDetail, units: UnitSystem): ActivityFacts {
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
