import { hrSports, hrZoneFields, type AthleteProfile, type HrSport, type EffectiveThreshold, type EffectiveThresholds, type HrZoneField, type ThresholdSource, type UserSettings } from '../../../shared/api/settings.ts';
import { wattsPerKg } from '../../../metrics/power-to-weight.ts';
import { formatNumber } from '../../../shared/format.ts';
import { parseInteger, zonesFromProfile, type CoachingProfileForm } from './coaching-profile-form.ts';

type Zone = { min: number | null; max: number | null };
type FtpSuggestion = NonNullable<AthleteProfile['suggestions']['ftp']>;
type HrZonesSuggestion = NonNullable<AthleteProfile['suggestions']['hrZones']>;

/** Zones the overlay offers to fill in, with where they come from (the evidence shown beside them). */
export type ZonesOffer = { fields: Record<HrZoneField, string>; zones: readonly Zone[] } & (
  | { from: 'strava' }
  | { from: 'heart-rate'; evidence: HrZonesSuggestion }
);

const sameFields = (a: Record<HrZoneField, string>, b: Record<HrZoneField, string>) => hrZoneFields.every((field) => a[field].trim() === b[field].trim());

/**
 * Kairo's FTP estimate, offered while the FTP field is empty or says something else. It is never
 * typed in for the athlete: they accept it in one click, having seen the ride it comes from.
 */
export function ftpOffer(form: CoachingProfileForm, profile: AthleteProfile | null): FtpSuggestion | null {
  const suggestion = profile?.suggestions.ftp ?? null;
  return suggestion && parseInteger(form.athleteFtp) !== suggestion.ftpW ? suggestion : null;
}

/**
 * The heart-rate zones offered beside the zone fields, at most one set: Strava's zones when they
 * differ from the fields, else Kairo's estimate from the highest heart rate recorded when that
 * differs. The athlete profile answers the saved zones where Strava has none, so zones equal to
 * the saved ones are not offered as Strava's (they may not be).
 */
export function zonesOffer(form: CoachingProfileForm, settings: UserSettings, profile: AthleteProfile | null): ZonesOffer | null {
  const saved = Object.fromEntries(hrZoneFields.map((field) => [field, settings[field] === null ? '' : String(settings[field])])) as Record<HrZoneField, string>;
  const offers: ZonesOffer[] = [];
  if (profile?.source === 'strava' && profile.zones) {
    const fields = zonesFromProfile(profile.zones);
    if (!sameFields(fields, saved)) offers.push({ from: 'strava', fields, zones: profile.zones });
  }
  const estimate = profile?.suggestions.hrZones;
  if (estimate) offers.push({ from: 'heart-rate', evidence: estimate, fields: zonesFromProfile(estimate.zones), zones: estimate.zones });
  return offers.find((offer) => !sameFields(offer.fields, form.zones)) ?? null;
}

/** 'Z1 0-134, Z2 135-150, …, Z5 185+': five zones in a line of text. */
export function zonesText(zones: readonly Zone[]): string {
  return zones.map((zone, index) => `Z${index + 1} ${zone.min ?? 0}${zone.max === null ? '+' : `-${zone.max}`}`).join(', ');
}

const SOURCE_WORDS: Record<ThresholdSource, string> = {
  athlete: 'set by you',
  strava: 'from Strava',
  estimate: 'estimated from your activities',
};

/**
 * What the FTP in use is and where it comes from, shown under the field (ADR 0025): 'In use: 248 W,
 * from Strava.'; with an estimate, the ride it comes from. Null when there is none.
 */
export function ftpInUseText(effective: EffectiveThresholds, formatDay: (iso: string) => string, weightKg: number | null = null): string | null {
  const ftp = effective.cycling.ftpW;
  if (!ftp) return null;
  const [ride] = ftp.evidence;
  const from = ftp.source === 'estimate' && ride ? `estimated from ${ride.label} on ${ride.activityName} (${formatDay(ride.startDate)})` : SOURCE_WORDS[ftp.source];
  return `In use: ${ftp.value} W${perKgAfter(ftp.value, weightKg)}, ${from}.`;
}

/** ' (3.44 W/kg)' after a threshold's watts when the weight is known (ADR 0071: one W/kg for every screen); '' without one, never a made-up ratio. */
export function perKgAfter(watts: number, weightKg: number | null): string {
  const ratio = wattsPerKg(watts, weightKg);
  return ratio === null ? '' : ` (${formatNumber(ratio, 2)} W/kg)`;
}

/** Where the stored weight came from, under the field (ADR 0071); null for the athlete's own typed value or none. */
export function weightSourceText(settings: Pick<UserSettings, 'athleteWeight' | 'athleteWeightSource'>): string | null {
  if (settings.athleteWeight === null) return null;
  if (settings.athleteWeightSource === 'strava') return 'From Strava. A weight you type here, or record in a check-in, is used instead.';
  if (settings.athleteWeightSource === 'check-in') return 'From your latest check-in.';
  return null;
}

/** Whose heart-rate values the form shows: those for all sports, or one sport's own (ADR 0055). */
export type HeartRateScope = 'all' | HrSport;

/** The heart rate in use for a scope: a sport's own, or the values for all sports. */
export const heartRateInUse = (effective: EffectiveThresholds, scope: HeartRateScope) => (scope === 'all' ? effective.heartRate : effective[scope].heartRate);

/** The zones in use and their source, shown under the zone fields: 'In use, from Strava: Z1 0-120, …'. */
export function zonesInUseText(effective: EffectiveThresholds, scope: HeartRateScope = 'all'): string | null {
  const { zones } = heartRateInUse(effective, scope);
  if (!zones) return null;
  const from = zones.source === 'estimate' ? `estimated from your ${zones.evidence[0]?.label ?? 'highest heart rate'}` : SOURCE_WORDS[zones.source];
  return `In use, ${from}: ${zonesText(zones.zones)}.`;
}

/** How far Kairo's estimate is from the FTP in use, when more than the threshold (ADR 0025): '13% below'. */
export function ftpDepartureText(effective: EffectiveThresholds): string | null {
  const departure = effective.departures.find((entry) => entry.threshold === 'ftpW');
  if (!departure) return null;
  return `${Math.abs(Math.round(departure.departurePct))}% ${departure.departurePct < 0 ? 'below' : 'above'} the ${departure.effectiveValue} W in use`;
}

/** 'In use: 185 bpm, estimated from highest heart rate 185 bpm on Morning Ride.' for a heart-rate or pace threshold. */
export function thresholdInUseText(threshold: EffectiveThreshold | null, unit: (value: number) => string): string | null {
  if (!threshold) return null;
  const [activity] = threshold.evidence;
  const from = threshold.source === 'estimate' && activity ? `estimated from ${activity.activityName}` : SOURCE_WORDS[threshold.source];
  return `In use: ${unit(threshold.value)}, ${from}.`;
}

const SPORT_ACTIVITIES: Record<HrSport, string> = { cycling: 'rides', running: 'runs' };
const SPORT_WORDS: Record<HrSport, string> = { cycling: 'cycling', running: 'running' };

/**
 * Where a sport's max-HR estimate comes from (ADR 0060), its activities and dates: 'From your rides
 * of the last 12 months: 178 bpm on Long ride (6 Nov 2026); the one higher peak, 236 bpm on Commute
 * (16 Nov 2026), is set aside as a possible spike.' A second activity at the same number confirms
 * the peak and is named as such, never as a higher one. `sport` null is every sport together.
 */
export function maxHrEvidenceText(estimate: EffectiveThreshold, sport: HrSport | null, formatDay: (iso: string) => string): string {
  const [counted, other] = estimate.evidence;
  const on = (entry: { activityName: string; startDate: string }) => `${entry.activityName} (${formatDay(entry.startDate)})`;
  const from = `From your ${sport === null ? 'activities' : SPORT_ACTIVITIES[sport]} of the last 12 months: `;
  if (!counted) return `${from}${estimate.value} bpm.`;
  const reached = `${counted.value} bpm on ${on(counted)}`;
  if (!other) return `${from}${reached}, the only one with a heart rate.`;
  // Every sport together sets aside each sport's spike: the highest of them is named.
  if (other.value > counted.value) return `${from}${reached}; ${sport === null ? 'the highest peak' : 'the one higher peak'}, ${other.value} bpm on ${on(other)}, is set aside as a possible spike.`;
  return `${from}${reached}, reached again on ${on(other)}.`;
}

/** A sport's max-HR estimate offered beside its field, departing from the value in use by more than the threshold. */
export interface MaxHrOffer {
  sport: HrSport;
  /** 'Suggested running max HR' */
  label: string;
  estimate: EffectiveThreshold;
  /** '6% above the 180 bpm in use' */
  departure: string;
}

/**
 * The max-HR estimates to offer (ADR 0060), by the FTP's rule (ADR 0025): a sport's estimate more
 * than 5 % from the max HR in use for it, until the sport's field holds that value. Accepting one
 * fills the sport's own field, never the value for all sports.
 */
export function maxHrOffers(form: CoachingProfileForm, effective: EffectiveThresholds): MaxHrOffer[] {
  return hrSports.flatMap((sport) => {
    const departure = effective.departures.find((entry) => entry.threshold === `${sport}MaxHrBpm`);
    if (!departure || parseInteger(form.sportHeartRate[sport].athleteMaxHr) === departure.estimate.value) return [];
    const pct = Math.abs(Math.round(departure.departurePct));
    return [{ sport, label: `Suggested ${SPORT_WORDS[sport]} max HR`, estimate: departure.estimate, departure: `${pct}% ${departure.departurePct < 0 ? 'below' : 'above'} the ${departure.effectiveValue} bpm in use` }];
  });
}
