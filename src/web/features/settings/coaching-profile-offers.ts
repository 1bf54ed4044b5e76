import { hrZoneFields, type AthleteProfile, type HrZoneField, type UserSettings } from '../../../shared/api/settings.ts';
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
