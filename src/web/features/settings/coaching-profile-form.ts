import { hrZoneFields, preferredActivities, type AthleteProfile, type HrZoneField, type PreferredActivity, type UserSettings, type UserSettingsUpdate } from '../../../shared/api/settings.ts';
import type { CoachingStyle } from '../../../shared/domain/coaching-style.ts';
import { advanceMesocycle, isMesocycleWeek, type MesocycleWeek } from '../../../shared/domain/mesocycle.ts';

/** What the coaching-profile overlay edits: numbers as typed, so a half-typed value is kept as is. */
export interface CoachingProfileForm {
  preferredActivities: PreferredActivity[];
  coachingStyle: CoachingStyle;
  customInstructions: string;
  athleteName: string;
  athleteWeight: string;
  athleteFtp: string;
  zones: Record<HrZoneField, string>;
  mesocycleEnabled: boolean;
  mesocycleCurrentWeek: MesocycleWeek;
  mesocycleWeekStartDate: string | null;
}

const text = (value: number | null) => (value === null ? '' : String(value));

/** The form as the saved settings fill it (spec §4: the profile initialises once from settings). */
export function formFromSettings(settings: UserSettings): CoachingProfileForm {
  return {
    preferredActivities: settings.preferredActivities,
    coachingStyle: settings.coachingStyle,
    // The expert-coach default is not the athlete's own text: the box starts empty until they write.
    customInstructions: settings.coachingStyle === 'custom' ? (settings.systemPrompt ?? '') : '',
    athleteName: settings.athleteName ?? '',
    athleteWeight: text(settings.athleteWeight),
    athleteFtp: text(settings.athleteFtp),
    zones: Object.fromEntries(hrZoneFields.map((field) => [field, text(settings[field])])) as Record<HrZoneField, string>,
    mesocycleEnabled: settings.mesocycleEnabled,
    mesocycleCurrentWeek: isMesocycleWeek(settings.mesocycleCurrentWeek) ? settings.mesocycleCurrentWeek : 1,
    mesocycleWeekStartDate: settings.mesocycleWeekStartDate,
  };
}

/** A whole number as typed ('245', ' 245 '), else null; '245.5' or '245w' do not parse. */
export function parseInteger(value: string): number | null {
  const trimmed = value.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/** A decimal number as typed ('71.4', '71'), else null. */
export function parseDecimal(value: string): number | null {
  const trimmed = value.trim();
  return /^-?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * The PUT body of a profile save, by spec §5's rules: FTP only if it parses as a whole number,
 * weight only if it parses as a number, each zone bound only if it parses as a whole number; zone
 * 1 sends only its max and zone 5 only its min (the form has no other field for them), and a zone
 * 2-4 only with both bounds; custom instructions only with the custom style and when not blank.
 * What is left out is cleared by the server (the profile is saved whole); so is a blank name.
 */
export function profileUpdate(form: CoachingProfileForm): UserSettingsUpdate {
  const update: UserSettingsUpdate = {
    preferredActivities: preferredActivities.filter((activity) => form.preferredActivities.includes(activity)),
    coachingStyle: form.coachingStyle,
    mesocycleEnabled: form.mesocycleEnabled,
    mesocycleCurrentWeek: form.mesocycleCurrentWeek,
    mesocycleWeekStartDate: form.mesocycleWeekStartDate,
    athleteName: form.athleteName.trim() || null,
  };
  const instructions = form.customInstructions.trim();
  if (form.coachingStyle === 'custom' && instructions) update.systemPrompt = instructions;
  const ftp = parseInteger(form.athleteFtp);
  if (ftp !== null) update.athleteFtp = ftp;
  const weight = parseDecimal(form.athleteWeight);
  if (weight !== null) update.athleteWeight = weight;
  const zone = (field: HrZoneField) => parseInteger(form.zones[field]);
  const zone1Max = zone('hrZone1Max');
  if (zone1Max !== null) update.hrZone1Max = zone1Max;
  for (const n of [2, 3, 4] as const) {
    const min = zone(`hrZone${n}Min`);
    const max = zone(`hrZone${n}Max`);
    if (min !== null && max !== null) {
      update[`hrZone${n}Min`] = min;
      update[`hrZone${n}Max`] = max;
    }
  }
  const zone5Min = zone('hrZone5Min');
  if (zone5Min !== null) update.hrZone5Min = zone5Min;
  return update;
}

/** Spec §4: enabling starts week 1 today unless a start exists; choosing a week starts it now. */
export function withMesocycleEnabled(form: CoachingProfileForm, enabled: boolean, now: Date): CoachingProfileForm {
  if (!enabled || form.mesocycleWeekStartDate) return { ...form, mesocycleEnabled: enabled };
  return { ...form, mesocycleEnabled: true, mesocycleCurrentWeek: 1, mesocycleWeekStartDate: now.toISOString() };
}

export function withMesocycleWeek(form: CoachingProfileForm, week: MesocycleWeek, now: Date): CoachingProfileForm {
  return { ...form, mesocycleCurrentWeek: week, mesocycleWeekStartDate: now.toISOString() };
}

/** Zones as the form holds them, from five { min, max } zones (a suggestion or Strava's). */
export function zonesFromProfile(zones: readonly { min: number | null; max: number | null }[]): Record<HrZoneField, string> {
  const bound = (index: number, side: 'min' | 'max') => text(zones[index]?.[side] ?? null);
  return {
    hrZone1Max: bound(0, 'max'),
    hrZone2Min: bound(1, 'min'),
    hrZone2Max: bound(1, 'max'),
    hrZone3Min: bound(2, 'min'),
    hrZone3Max: bound(2, 'max'),
    hrZone4Min: bound(3, 'min'),
    hrZone4Max: bound(3, 'max'),
    hrZone5Min: bound(4, 'min'),
  };
}

/**
 * Spec §5 startup fallback: name, weight, FTP and zones the athlete has not set come from the
 * athlete profile, whose values of zero or less are unset. Those are what the athlete stated on
 * Strava (or saved here); Kairo's own estimates (`profile.suggestions`) are never filled in, only
 * offered beside the fields (see coaching-profile-offers.ts).
 */
export function initialForm(settings: UserSettings, profile: AthleteProfile | null, now: Date): { form: CoachingProfileForm; changed: boolean } {
  let form = formFromSettings(settings);
  const positive = (value: number | null | undefined) => (value != null && value > 0 ? value : null);
  const weight = positive(profile?.weight);
  const ftp = positive(profile?.ftp);
  const name = profile?.name?.trim();
  if (!form.athleteName && name) form = { ...form, athleteName: name };
  // Strava keeps weight to the gram (74.813); the field steps by 0.1 kg.
  if (!form.athleteWeight && weight !== null) form = { ...form, athleteWeight: String(Math.round(weight * 10) / 10) };
  if (!form.athleteFtp && ftp !== null) form = { ...form, athleteFtp: String(Math.round(ftp)) };
  if (Object.values(form.zones).every((value) => value === '') && profile?.zones) form = { ...form, zones: zonesFromProfile(profile.zones) };
  // Spec §4: a week that ran its 7 days moves on when the profile loads, and counts as a change.
  const { state, advanced } = advanceMesocycle(
    {
      enabled: form.mesocycleEnabled,
      currentWeek: form.mesocycleCurrentWeek,
      weekStartDate: form.mesocycleWeekStartDate ? new Date(form.mesocycleWeekStartDate) : null,
    },
    now,
  );
  if (advanced) form = { ...form, mesocycleCurrentWeek: state.currentWeek, mesocycleWeekStartDate: state.weekStartDate?.toISOString() ?? null };
  return { form, changed: advanced };
}
