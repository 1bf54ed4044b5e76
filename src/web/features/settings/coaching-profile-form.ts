import {
  hrSports,
  hrZoneFields,
  preferredActivities,
  type AthleteProfile,
  type HrSport,
  type HrZoneField,
  type PreferredActivity,
  type SportHeartRateValues,
  type UserSettings,
  type UserSettingsUpdate,
  WEIGHT_RANGE_KG,
} from '../../../shared/api/settings.ts';
import type { CoachingStyle } from '../../../shared/domain/coaching-style.ts';
import { advanceMesocycle, isMesocycleWeek, type MesocycleWeek } from '../../../shared/domain/mesocycle.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { formatPace, METRES_PER_MILE, weightInUnits, weightKgFrom, weightUnit } from '../../../shared/format.ts';

/** What the coaching-profile overlay edits: numbers as typed, so a half-typed value is kept as is. */
export interface CoachingProfileForm {
  preferredActivities: PreferredActivity[];
  coachingStyle: CoachingStyle;
  customInstructions: string;
  athleteName: string;
  athleteWeight: string;
  athleteFtp: string;
  athleteMaxHr: string;
  athleteRestingHr: string;
  athleteLthr: string;
  /** Minutes and seconds per km, or per mile for an imperial athlete: '4:05', '6:34'. */
  athleteThresholdPace: string;
  /** The units the threshold pace and the weight are typed in: the athlete's unit system when the form opened (not edited here). */
  paceUnits: UnitSystem;
  zones: Record<HrZoneField, string>;
  /** Max heart rate, LTHR and zones for one sport alone (ADR 0055); blank: the values above (all sports). */
  sportHeartRate: Record<HrSport, SportHeartRateForm>;
  mesocycleEnabled: boolean;
  mesocycleCurrentWeek: MesocycleWeek;
  mesocycleWeekStartDate: string | null;
}

/** One sport's heart-rate fields as typed. */
export interface SportHeartRateForm {
  athleteMaxHr: string;
  athleteLthr: string;
  zones: Record<HrZoneField, string>;
}

const text = (value: number | null) => (value === null ? '' : String(value));

function sportHeartRateForm(values: SportHeartRateValues): SportHeartRateForm {
  return {
    athleteMaxHr: text(values.athleteMaxHrBpm),
    athleteLthr: text(values.athleteLthrBpm),
    zones: Object.fromEntries(hrZoneFields.map((field) => [field, text(values[field])])) as Record<HrZoneField, string>,
  };
}

/** The form as the saved settings fill it (spec §4: the profile initialises once from settings). */
export function formFromSettings(settings: UserSettings): CoachingProfileForm {
  return {
    preferredActivities: settings.preferredActivities,
    coachingStyle: settings.coachingStyle,
    // The expert-coach default is not the athlete's own text: the box starts empty until they write.
    customInstructions: settings.coachingStyle === 'custom' ? (settings.systemPrompt ?? '') : '',
    athleteName: settings.athleteName ?? '',
    // Stored in kg; shown and typed in lb for an imperial athlete.
    athleteWeight: settings.athleteWeight === null ? '' : String(weightInUnits(settings.athleteWeight, settings.unitSystem)),
    athleteFtp: text(settings.athleteFtp),
    athleteMaxHr: text(settings.athleteMaxHrBpm),
    athleteRestingHr: text(settings.athleteRestingHrBpm),
    athleteLthr: text(settings.athleteLthrBpm),
    athleteThresholdPace: settings.athleteThresholdPaceSPerKm === null ? '' : paceText(settings.athleteThresholdPaceSPerKm, settings.unitSystem),
    paceUnits: settings.unitSystem,
    zones: Object.fromEntries(hrZoneFields.map((field) => [field, text(settings[field])])) as Record<HrZoneField, string>,
    sportHeartRate: { cycling: sportHeartRateForm(settings.hrBySport.cycling), running: sportHeartRateForm(settings.hrBySport.running) },
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

/** A pace stored per km as the athlete reads it, by the one formatting module: '4:05' (per km) from 245 s/km, '6:34' per mile. */
export function paceText(secondsPerKm: number, units: UnitSystem): string {
  return formatPace(secondsPerKm, units).value;
}

/** Seconds per unit (km or mile) from 'm:ss' as typed ('4:05', ' 4:5 ' is not: seconds take two digits), else null. */
export function parsePace(value: string): number | null {
  const match = /^(\d{1,2}):([0-5]\d)$/.exec(value.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** Seconds per km, as stored, from a pace typed per km or per mile; null when it does not parse. */
export function parsePacePerKm(value: string, units: UnitSystem): number | null {
  const perUnit = parsePace(value);
  if (perUnit === null) return null;
  return units === 'imperial' ? Math.round((perUnit * 1000) / METRES_PER_MILE) : perUnit;
}

/** A decimal number as typed ('71.4', '71'), else null. */
export function parseDecimal(value: string): number | null {
  const trimmed = value.trim();
  return /^-?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * The PUT body of a profile save: only what the athlete changed since the form opened (ADR 0025),
 * so a value they did not touch (an FTP Strava states, a weight shown from Strava) is never saved
 * as theirs. A changed FTP or weight that does not parse is left out (spec §5) and a blank one is
 * sent as null (cleared); when any zone bound changed, all eight are sent (the server checks them
 * as a set), blank or unparseable bounds as null. Custom instructions go only with the custom
 * style and when not blank; a blank name is null.
 */
export function profileUpdate(form: CoachingProfileForm, initial: CoachingProfileForm): UserSettingsUpdate {
  const update: UserSettingsUpdate = {};
  const ordered = (list: readonly PreferredActivity[]) => preferredActivities.filter((activity) => list.includes(activity));
  if (ordered(form.preferredActivities).join() !== ordered(initial.preferredActivities).join()) update.preferredActivities = ordered(form.preferredActivities);
  const instructions = form.customInstructions.trim();
  if (form.coachingStyle !== initial.coachingStyle || instructions !== initial.customInstructions.trim()) {
    update.coachingStyle = form.coachingStyle;
    if (form.coachingStyle === 'custom' && instructions) update.systemPrompt = instructions;
  }
  if (form.mesocycleEnabled !== initial.mesocycleEnabled || form.mesocycleCurrentWeek !== initial.mesocycleCurrentWeek || form.mesocycleWeekStartDate !== initial.mesocycleWeekStartDate) {
    update.mesocycleEnabled = form.mesocycleEnabled;
    update.mesocycleCurrentWeek = form.mesocycleCurrentWeek;
    update.mesocycleWeekStartDate = form.mesocycleWeekStartDate;
  }
  if (form.athleteName.trim() !== initial.athleteName.trim()) update.athleteName = form.athleteName.trim() || null;
  if (form.athleteFtp.trim() !== initial.athleteFtp.trim()) {
    const ftp = parseInteger(form.athleteFtp);
    if (ftp !== null) update.athleteFtp = ftp;
    else if (form.athleteFtp.trim() === '') update.athleteFtp = null;
  }
  if (form.athleteWeight.trim() !== initial.athleteWeight.trim()) {
    const weight = parseDecimal(form.athleteWeight);
    if (weight !== null) update.athleteWeight = weightKgFrom(weight, initial.paceUnits);
    else if (form.athleteWeight.trim() === '') update.athleteWeight = null;
  }
  const changedNumber = (field: 'athleteMaxHr' | 'athleteRestingHr' | 'athleteLthr' | 'athleteThresholdPace', parse: (value: string) => number | null) => {
    if (form[field].trim() === initial[field].trim()) return undefined;
    return form[field].trim() === '' ? null : (parse(form[field]) ?? undefined);
  };
  const maxHr = changedNumber('athleteMaxHr', parseInteger);
  if (maxHr !== undefined) update.athleteMaxHrBpm = maxHr;
  const restingHr = changedNumber('athleteRestingHr', parseInteger);
  if (restingHr !== undefined) update.athleteRestingHrBpm = restingHr;
  const lthr = changedNumber('athleteLthr', parseInteger);
  if (lthr !== undefined) update.athleteLthrBpm = lthr;
  const pace = changedNumber('athleteThresholdPace', (value) => parsePacePerKm(value, initial.paceUnits));
  if (pace !== undefined) update.athleteThresholdPaceSPerKm = pace;
  if (hrZoneFields.some((field) => form.zones[field].trim() !== initial.zones[field].trim())) {
    for (const field of hrZoneFields) update[field] = parseInteger(form.zones[field]);
  }
  for (const sport of hrSports) {
    const changes = sportHeartRateUpdate(form.sportHeartRate[sport], initial.sportHeartRate[sport]);
    if (changes) update.hrBySport = { ...update.hrBySport, [sport]: changes };
  }
  return update;
}

/** One sport's changed heart-rate fields, by the rules above (blank clears, zones go as a set); null when none changed. */
function sportHeartRateUpdate(form: SportHeartRateForm, initial: SportHeartRateForm): NonNullable<UserSettingsUpdate['hrBySport']>[HrSport] | null {
  const changes: NonNullable<NonNullable<UserSettingsUpdate['hrBySport']>[HrSport]> = {};
  const changedBpm = (field: 'athleteMaxHr' | 'athleteLthr') => {
    if (form[field].trim() === initial[field].trim()) return undefined;
    return form[field].trim() === '' ? null : (parseInteger(form[field]) ?? undefined);
  };
  const maxHr = changedBpm('athleteMaxHr');
  if (maxHr !== undefined) changes.athleteMaxHrBpm = maxHr;
  const lthr = changedBpm('athleteLthr');
  if (lthr !== undefined) changes.athleteLthrBpm = lthr;
  if (hrZoneFields.some((field) => form.zones[field].trim() !== initial.zones[field].trim())) {
    for (const field of hrZoneFields) changes[field] = parseInteger(form.zones[field]);
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

/**
 * Why a typed weight cannot be saved, said in the unit it was typed in ('Weight must be between 45
 * and 661 lb'), before the server's check in kg could answer in kg; null when it can (or is untouched).
 */
export function weightProblem(form: CoachingProfileForm, initial: CoachingProfileForm): string | null {
  if (form.athleteWeight.trim() === initial.athleteWeight.trim()) return null;
  const typed = parseDecimal(form.athleteWeight);
  if (typed === null) return null;
  const kg = weightKgFrom(typed, initial.paceUnits);
  if (kg >= WEIGHT_RANGE_KG.min && kg <= WEIGHT_RANGE_KG.max) return null;
  const low = Math.ceil(weightInUnits(WEIGHT_RANGE_KG.min, initial.paceUnits));
  const high = Math.floor(weightInUnits(WEIGHT_RANGE_KG.max, initial.paceUnits));
  return `Weight must be between ${low} and ${high} ${weightUnit(initial.paceUnits)}`;
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
 * Spec §5 startup fallback: a name and weight the athlete has not set show from the athlete
 * profile, whose values of zero or less are unset. Thresholds are not filled in (ADR 0025): the
 * FTP and zone fields hold what the athlete set, and the value in use, with its source (Strava's
 * or Kairo's estimate), is shown beside them; saving sends only what the athlete changed.
 */
export function initialForm(settings: UserSettings, profile: AthleteProfile | null, now: Date): { form: CoachingProfileForm; changed: boolean } {
  let form = formFromSettings(settings);
  const positive = (value: number | null | undefined) => (value != null && value > 0 ? value : null);
  const weight = positive(profile?.weight);
  const name = profile?.name?.trim();
  if (!form.athleteName && name) form = { ...form, athleteName: name };
  // Strava keeps weight to the gram (74.813); the field steps by 0.1 kg (or lb).
  if (!form.athleteWeight && weight !== null) form = { ...form, athleteWeight: String(weightInUnits(weight, form.paceUnits)) };
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
