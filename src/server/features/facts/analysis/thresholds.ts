import type { ActivityDetail } from '../../../../shared/api/activities.ts';
import { heartRateFor, zonesFromUpperBounds, type EffectiveThresholds } from '../../../../shared/api/settings.ts';
import { sportFamilyOf } from '../../../../shared/domain/sport-family.ts';
import type { UnitSystem } from '../../../../shared/domain/unit-system.ts';
import { formatWeight, measureText, weightInUnits } from '../../../../shared/format.ts';
import type { FactOrigin } from '../../../ai/provenance.ts';
import { activityProvenance } from './activity.ts';
import type { AnalysisInputs, AthleteProfileFacts, FtpUpdateFacts, MaxHrUpdateFacts, ThresholdOrigin, ZonesUsedFacts } from './context-types.ts';
import { bpm, calendarDay, formatted, quantity, watts } from '../format.ts';

/** The athlete's thresholds as a coach may speak of them: stated, used for the zones, or departed from. */

/**
 * The athlete's own word only: thresholds Strava states or Kairo estimates are not the coaching
 * profile. The zones are those of the activity's sport (ADR 0055).
 */
export function athleteProfileFacts(
  { weightKg, thresholds }: AnalysisInputs['athlete'],
  activity: Pick<ActivityDetail, 'sportType'>,
  units: UnitSystem,
): AthleteProfileFacts | null {
  const ftp = thresholds.cycling.ftpW?.source === 'athlete' ? thresholds.cycling.ftpW.value : null;
  const sportZones = heartRateFor(thresholds, sportFamilyOf(activity.sportType)).zones;
  const zones = sportZones?.source === 'athlete' ? sportZones.zones : null;
  if (ftp === null && weightKg === null && zones === null) return null;
  return {
    provenance: ['athlete'],
    ftp: formatted(ftp, watts),
    weight: formatted(weightKg, (kg) => quantity(weightInUnits(kg, units), measureText(formatWeight(kg, units)))),
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
export function zonesUsedFacts(activity: ActivityDetail): ZonesUsedFacts | null {
  const bounds = activity.metrics?.hrZoneUpperBoundsBpm;
  const source = activity.metrics?.hrZonesSource;
  if (!bounds || bounds.length !== 4 || !source || source === 'none') return null;
  const provenance: FactOrigin[] = source === 'settings' ? ['athlete'] : source === 'strava' ? ['strava'] : activityProvenance(activity);
  return { provenance, origin: ORIGINS[source], zones: zoneBoundFacts(zonesFromUpperBounds(bounds)) };
}

/** A ride scored against a stated FTP that Kairo's estimate departs from by more than the threshold. */
export function ftpUpdateFacts(thresholds: EffectiveThresholds, activity: ActivityDetail): FtpUpdateFacts | null {
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

/**
 * A ride or run scored against a max HR the athlete set that the sport's own estimate departs from
 * by more than the threshold (ADR 0060), with the activity the estimate is read from.
 */
export function maxHrUpdateFacts(thresholds: EffectiveThresholds, activity: ActivityDetail): MaxHrUpdateFacts | null {
  const family = sportFamilyOf(activity.sportType);
  if (family !== 'ride' && family !== 'run') return null;
  const departure = thresholds.departures.find((entry) => entry.threshold === (family === 'ride' ? 'cyclingMaxHrBpm' : 'runningMaxHrBpm'));
  if (!departure || departure.effectiveSource !== 'athlete') return null;
  const [counted] = departure.estimate.evidence;
  return {
    provenance: [...new Set<FactOrigin>(['athlete', ...departure.estimate.evidence.map((entry) => entry.source)])],
    activities: family === 'ride' ? 'rides' : 'runs',
    window: quantity(12, '12 months'),
    current: quantity(departure.effectiveValue, `${departure.effectiveValue} bpm`),
    currentOrigin: 'set by you',
    estimate: quantity(departure.estimate.value, `${departure.estimate.value} bpm`),
    departure: quantity(departure.departurePct, `${departure.departurePct > 0 ? '+' : '−'}${Math.abs(Math.round(departure.departurePct))}%`),
    evidence: counted ? [{ activityName: counted.activityName, date: calendarDay(counted.startDate.slice(0, 10)), peak: quantity(counted.value, `${counted.value} bpm`) }] : [],
  };
}
