import { heartRateFromMaxHr } from '../../../metrics/athlete-settings.ts';
import { computeHeartRateZoneUpperBoundsBpm } from '../../../metrics/zones.ts';
import type { ActivitySourceName } from '../../../shared/api/activities.ts';
import {
  THRESHOLD_DEPARTURE_PCT,
  type EffectiveHeartRate,
  type EffectiveHeartRateZones,
  type EffectiveThreshold,
  type EffectiveThresholds,
  type HrSport,
  type HrZoneValues,
  zonesFromUpperBounds,
} from '../../../shared/api/settings.ts';


/** An activity an estimate was read from. */
export interface EstimateEvidence {
  activityId: string;
  name: string;
  startDate: Date;
  source: ActivitySourceName;
}

type PeakEvidence = EstimateEvidence & { maxHeartrateBpm: number };

/**
 * The estimate of max heart rate (ADR 0060) with the activity it is read from; when another
 * activity peaked higher, that one, set aside as a possible spike; when another reached the same
 * peak, that one, which confirms it.
 */
export type MaxHeartrateFound = PeakEvidence & { setAside?: PeakEvidence | null; confirmedBy?: PeakEvidence | null };

/** What Kairo reads from the athlete's recent activities (the metrics service's `estimates`). */
export interface ThresholdEstimates {
  ftp: (EstimateEvidence & { ftpW: number; best20MinPowerW: number }) | null;
  /** From every activity: the estimate of other sports, and of a sport with no heart rate of its own. */
  maxHeartrate: MaxHeartrateFound | null;
  /** From the rides alone and from the runs alone (ADR 0060). */
  maxHeartrateBySport: Record<HrSport, MaxHeartrateFound | null>;
  thresholdPace: (EstimateEvidence & { paceSPerKm: number }) | null;
}

/** What Strava's athlete profile states (cached, see the settings service); null when not connected. */
export interface StravaThresholds {
  ftpW: number | null;
  zones: readonly { min: number | null; max: number | null }[] | null;
}

/** The heart-rate thresholds the athlete set for all sports or for one: null where they set nothing. */
export interface SetHeartRate {
  zones: HrZoneValues;
  maxHrBpm: number | null;
  lthrBpm: number | null;
}

/** What the athlete set in Kairo: null where they set nothing. */
export interface AthleteSetThresholds extends SetHeartRate {
  ftpW: number | null;
  restingHrBpm: number | null;
  thresholdPaceSPerKm: number | null;
  /** What they set for one sport alone (ADR 0055); unset there, the sport uses the values above. */
  bySport: Record<HrSport, SetHeartRate>;
}

type Zone = { min: number | null; max: number | null };

/** The zone-1..4 upper bounds, only when all four are set. */
export function upperBoundsOfSetZones(zones: HrZoneValues): [number, number, number, number] | null {
  const { hrZone1Max, hrZone2Max, hrZone3Max, hrZone4Max } = zones;
  return hrZone1Max !== null && hrZone2Max !== null && hrZone3Max !== null && hrZone4Max !== null
    ? [hrZone1Max, hrZone2Max, hrZone3Max, hrZone4Max]
    : null;
}

/** Strava's five zones as four upper bounds, when they are five and go up. */
function upperBoundsOfStravaZones(zones: readonly Zone[] | null): [number, number, number, number] | null {
  if (zones?.length !== 5) return null;
  const bounds = zones.slice(0, 4).map((zone) => zone.max);
  if (bounds.some((bound) => bound === null)) return null;
  const [a, b, c, d] = bounds as number[];
  return a! < b! && b! < c! && c! < d! ? [a!, b!, c!, d!] : null;
}

const iso = (date: Date) => date.toISOString();

function evidenceOf(found: EstimateEvidence, value: number, label: string): EffectiveThreshold['evidence'][number] {
  return { activityId: found.activityId, activityName: found.name, startDate: iso(found.startDate), source: found.source, value, label };
}

/** The FTP Kairo estimates: 95 % of the best 20 minutes (Coggan), dated by the ride it comes from. */
function ftpEstimate(estimates: ThresholdEstimates): EffectiveThreshold | null {
  const { ftp } = estimates;
  return ftp && {
    value: ftp.ftpW,
    source: 'estimate',
    asOf: iso(ftp.startDate),
    evidence: [evidenceOf(ftp, Math.round(ftp.best20MinPowerW), `best 20 min ${Math.round(ftp.best20MinPowerW)} W`)],
  };
}

const stated = (value: number, source: 'athlete' | 'strava'): EffectiveThreshold => ({ value, source, asOf: null, evidence: [] });

/**
 * Max heart rate as estimated (ADR 0060), dated by the activity it is read from. The evidence names
 * that activity first, then either the one activity whose higher peak was set aside (a higher
 * number) or another that reached the same peak (the same number). Null without a heart rate (never 0).
 */
function maxHrEstimate(found: MaxHeartrateFound | null): EffectiveThreshold | null {
  const bpm = found && Math.round(found.maxHeartrateBpm);
  if (!found || !bpm) return null;
  const setAside = found.setAside && Math.round(found.setAside.maxHeartrateBpm) > bpm ? found.setAside : null;
  const evidence = [evidenceOf(found, bpm, setAside ? `second-highest peak ${bpm} bpm` : `highest heart rate ${bpm} bpm`)];
  if (setAside) {
    const higher = Math.round(setAside.maxHeartrateBpm);
    evidence.push(evidenceOf(setAside, higher, `highest peak ${higher} bpm, set aside as one recording`));
  } else if (found.confirmedBy) {
    evidence.push(evidenceOf(found.confirmedBy, bpm, `the same peak ${bpm} bpm, reached again`));
  }
  return { value: bpm, source: 'estimate', asOf: iso(found.startDate), evidence };
}

/**
 * Heart rate of one sport, or of all sports: max HR the athlete's, else the highest recorded;
 * zones the athlete's, else Strava's, else Friel's from LTHR; LTHR the athlete's, else where the
 * stated zone 5 starts (the top of zone 4), else 90 % of max HR — as the metrics read it
 * (src/metrics/athlete-settings.ts).
 */
function resolveHeartRate(set: SetHeartRate, restingHrBpm: EffectiveThreshold | null, strava: StravaThresholds | null, estimatedMaxHr: EffectiveThreshold | null): EffectiveHeartRate {
  const maxHrBpm = set.maxHrBpm !== null ? stated(set.maxHrBpm, 'athlete') : estimatedMaxHr;
  const setBounds = upperBoundsOfSetZones(set.zones);
  const stravaBounds = upperBoundsOfStravaZones(strava?.zones ?? null);
  const statedBounds = setBounds ? { bounds: setBounds, source: 'athlete' as const } : stravaBounds ? { bounds: stravaBounds, source: 'strava' as const } : null;
  let zones: EffectiveHeartRateZones | null = null;
  let lthrBpm: EffectiveThreshold | null = set.lthrBpm !== null ? stated(set.lthrBpm, 'athlete') : null;
  if (statedBounds) {
    zones = { zones: zonesFromUpperBounds(statedBounds.bounds), source: statedBounds.source, asOf: null, evidence: [] };
    lthrBpm ??= stated(statedBounds.bounds[3], statedBounds.source);
  } else if (lthrBpm) {
    zones = { zones: zonesFromUpperBounds(computeHeartRateZoneUpperBoundsBpm(lthrBpm.value)), source: lthrBpm.source, asOf: lthrBpm.asOf, evidence: lthrBpm.evidence };
  } else if (maxHrBpm) {
    // From max heart rate alone, as the metrics derive them: zones from the unrounded LTHR.
    const derived = heartRateFromMaxHr(maxHrBpm.value);
    lthrBpm = { ...maxHrBpm, value: Math.round(derived.lthrBpm) };
    zones = { zones: zonesFromUpperBounds(derived.zoneUpperBoundsBpm), source: maxHrBpm.source, asOf: maxHrBpm.asOf, evidence: maxHrBpm.evidence };
  }
  return { maxHrBpm, restingHrBpm, lthrBpm, zones };
}

/**
 * The one effective value of each threshold (ADR 0025): what the athlete set in Kairo, else what
 * Strava's athlete profile states, else Kairo's estimate from recent activities. Heart-rate zones
 * follow the same order, the estimate being Friel's zones from 90 % of the highest heart rate
 * recorded; LTHR is where the effective zone 5 starts. Cycling and running each have their own
 * heart rate (ADR 0055): what the athlete set for the sport, or derives from it by the same rules,
 * else the value for all sports.
 */
export function resolveEffectiveThresholds(input: {
  set: AthleteSetThresholds;
  strava: StravaThresholds | null;
  estimates: ThresholdEstimates;
}): EffectiveThresholds {
  const { set, strava, estimates } = input;
  const estimatedFtp = ftpEstimate(estimates);
  const ftpW = set.ftpW !== null ? stated(set.ftpW, 'athlete') : strava?.ftpW ? stated(Math.round(strava.ftpW), 'strava') : estimatedFtp;

  const estimatedMaxHr = maxHrEstimate(estimates.maxHeartrate);
  const estimatedMaxHrBySport: Record<HrSport, EffectiveThreshold | null> = {
    cycling: maxHrEstimate(estimates.maxHeartrateBySport.cycling),
    running: maxHrEstimate(estimates.maxHeartrateBySport.running),
  };
  const restingHrBpm = set.restingHrBpm !== null ? stated(set.restingHrBpm, 'athlete') : null;
  const forAllSports = resolveHeartRate(set, restingHrBpm, strava, estimatedMaxHr);
  // A value the athlete set for the sport, or derived from one (zones from its LTHR), wins over one for all sports (ADR 0055);
  // what is left to estimate is estimated from the sport's own activities when it has a heart rate (ADR 0060), and the
  // LTHR and zones derived from that estimate here, the one place they are, so they follow it when it changes.
  const heartRateOf = (sport: HrSport): EffectiveHeartRate => {
    const own = resolveHeartRate(set.bySport[sport], restingHrBpm, null, null);
    const sportEstimate = estimatedMaxHrBySport[sport];
    const shared = sportEstimate ? resolveHeartRate(set, restingHrBpm, strava, sportEstimate) : forAllSports;
    return { maxHrBpm: own.maxHrBpm ?? shared.maxHrBpm, restingHrBpm, lthrBpm: own.lthrBpm ?? shared.lthrBpm, zones: own.zones ?? shared.zones };
  };
  const cyclingHeartRate = heartRateOf('cycling');
  const runningHeartRate = heartRateOf('running');

  const { thresholdPace } = estimates;
  const estimatedPace: EffectiveThreshold | null = thresholdPace && {
    value: Math.round(thresholdPace.paceSPerKm),
    source: 'estimate',
    asOf: iso(thresholdPace.startDate),
    evidence: [evidenceOf(thresholdPace, Math.round(thresholdPace.paceSPerKm), 'best efforts by Riegel, s/km')],
  };
  const thresholdPaceSPerKm = set.thresholdPaceSPerKm !== null ? stated(set.thresholdPaceSPerKm, 'athlete') : estimatedPace;

  const departures: EffectiveThresholds['departures'] = [];
  const departure = (threshold: EffectiveThresholds['departures'][number]['threshold'], effective: EffectiveThreshold | null, estimate: EffectiveThreshold | null) => {
    if (!effective || effective.source === 'estimate' || !estimate) return;
    const departurePct = Math.round(((estimate.value - effective.value) / effective.value) * 1000) / 10;
    if (Math.abs(departurePct) > THRESHOLD_DEPARTURE_PCT) {
      departures.push({ threshold, effectiveValue: effective.value, effectiveSource: effective.source, estimate, departurePct });
    }
  };
  departure('ftpW', ftpW, estimatedFtp);
  departure('thresholdPaceSPerKm', thresholdPaceSPerKm, estimatedPace);
  // A sport's max heart rate set by the athlete (for the sport or for all) that its own estimate departs from (ADR 0060).
  departure('cyclingMaxHrBpm', cyclingHeartRate.maxHrBpm, estimatedMaxHrBySport.cycling);
  departure('runningMaxHrBpm', runningHeartRate.maxHrBpm, estimatedMaxHrBySport.running);

  return {
    cycling: { ftpW, heartRate: cyclingHeartRate },
    running: { thresholdPaceSPerKm, heartRate: runningHeartRate },
    heartRate: forAllSports,
    estimates: { ftpW: estimatedFtp, thresholdPaceSPerKm: estimatedPace, maxHrBpm: estimatedMaxHr, maxHrBpmBySport: estimatedMaxHrBySport },
    departures,
  };
}
