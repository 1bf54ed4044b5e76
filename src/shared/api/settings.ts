import { z } from 'zod';
import { coachingStyles } from '../domain/coaching-style.ts';
import { MESOCYCLE_WEEKS } from '../domain/mesocycle.ts';
import { unitSystems } from '../domain/unit-system.ts';

/**
 * Contracts of the user settings and the athlete profile (spec §3 User settings, §5, §7).
 *
 * PUT /api/user/settings takes one of three shapes, told apart by their fields:
 * - the coaching style: { coachingStyle, systemPrompt? } (instructions only with custom);
 * - the units: { unitSystem };
 * - the whole coaching profile: preferredActivities plus everything else of the overlay. It
 *   replaces the profile: a threshold, weight or zone that is absent (the client leaves out what
 *   does not parse, spec §5) or null is cleared.
 * Any invalid field rejects the whole request and nothing is saved.
 *
 * Zone rules (heart rate in bpm, whole numbers 30-250): zone 1 has only a max and zone 5 only a
 * min (a zone-1 min or zone-5 max in the body is accepted and not saved, as spec §3 says); zones 2-4
 * need both bounds or neither, with min below max; and going up the zones the bounds never go down
 * (zone n+1 starts at or above where zone n ends: Strava's own zones share their boundaries).
 */

export const preferredActivities = ['running', 'cycling', 'lifting'] as const;
export type PreferredActivity = (typeof preferredActivities)[number];

export const FTP_RANGE_W = { min: 1, max: 2000 } as const;
export const WEIGHT_RANGE_KG = { min: 20, max: 300 } as const;
export const HEART_RATE_RANGE_BPM = { min: 30, max: 250 } as const;

/** The five heart-rate zones as stored: zone 1 without a min, zone 5 without a max. */
export const hrZoneFields = ['hrZone1Max', 'hrZone2Min', 'hrZone2Max', 'hrZone3Min', 'hrZone3Max', 'hrZone4Min', 'hrZone4Max', 'hrZone5Min'] as const;
export type HrZoneField = (typeof hrZoneFields)[number];
export type HrZoneValues = Record<HrZoneField, number | null>;

const styleFields = {
  coachingStyle: z.enum(coachingStyles, { error: 'Coaching style must be chill, performance, marginal_gains or custom' }),
  systemPrompt: z.string({ error: 'Custom instructions must be text' }).nullable(),
};

export const userSettings = z.object({
  unitSystem: z.enum(unitSystems),
  ...styleFields,
  preferredActivities: z.array(z.enum(preferredActivities)),
  athleteName: z.string().nullable(),
  athleteWeight: z.number().nullable(),
  athleteFtp: z.number().int().nullable(),
  hrZone1Max: z.number().int().nullable(),
  hrZone2Min: z.number().int().nullable(),
  hrZone2Max: z.number().int().nullable(),
  hrZone3Min: z.number().int().nullable(),
  hrZone3Max: z.number().int().nullable(),
  hrZone4Min: z.number().int().nullable(),
  hrZone4Max: z.number().int().nullable(),
  hrZone5Min: z.number().int().nullable(),
  mesocycleEnabled: z.boolean(),
  mesocycleCurrentWeek: z.number().int().min(1).max(MESOCYCLE_WEEKS),
  mesocycleWeekStartDate: z.iso.datetime().nullable(),
  athleteDataCachedAt: z.iso.datetime().nullable(),
});
export type UserSettings = z.infer<typeof userSettings>;

const bpm = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of beats per minute` })
    .int(`${label} must be a whole number of beats per minute`)
    .min(HEART_RATE_RANGE_BPM.min, `${label} must be between ${HEART_RATE_RANGE_BPM.min} and ${HEART_RATE_RANGE_BPM.max} bpm`)
    .max(HEART_RATE_RANGE_BPM.max, `${label} must be between ${HEART_RATE_RANGE_BPM.min} and ${HEART_RATE_RANGE_BPM.max} bpm`)
    .nullish();

const zoneBounds = {
  hrZone1Min: bpm('Zone 1 min'),
  hrZone1Max: bpm('Zone 1 max'),
  hrZone2Min: bpm('Zone 2 min'),
  hrZone2Max: bpm('Zone 2 max'),
  hrZone3Min: bpm('Zone 3 min'),
  hrZone3Max: bpm('Zone 3 max'),
  hrZone4Min: bpm('Zone 4 min'),
  hrZone4Max: bpm('Zone 4 max'),
  hrZone5Min: bpm('Zone 5 min'),
  hrZone5Max: bpm('Zone 5 max'),
};

/** The order the stored bounds must keep going up the zones (see the rules above). */
const ZONE_LABELS: Record<HrZoneField, string> = {
  hrZone1Max: 'Zone 1 max',
  hrZone2Min: 'Zone 2 min',
  hrZone2Max: 'Zone 2 max',
  hrZone3Min: 'Zone 3 min',
  hrZone3Max: 'Zone 3 max',
  hrZone4Min: 'Zone 4 min',
  hrZone4Max: 'Zone 4 max',
  hrZone5Min: 'Zone 5 min',
};

/**
 * The saved bounds as the five heart-rate zones (zone 1 has only a max, zone 5 only a min, spec
 * §3); null when none is set. Bounds that are not numbers count as unset.
 */
export function heartRateZonesOf(values: Readonly<Record<string, unknown>>): { min: number | null; max: number | null }[] | null {
  const bound = (field: HrZoneField) => {
    const value = values[field];
    return typeof value === 'number' ? value : null;
  };
  if (hrZoneFields.every((field) => bound(field) === null)) return null;
  return [
    { min: null, max: bound('hrZone1Max') },
    { min: bound('hrZone2Min'), max: bound('hrZone2Max') },
    { min: bound('hrZone3Min'), max: bound('hrZone3Max') },
    { min: bound('hrZone4Min'), max: bound('hrZone4Max') },
    { min: bound('hrZone5Min'), max: null },
  ];
}

/** The first broken zone rule of these bounds, as the 400 message, or null when they are fine. */
export function hrZoneProblem(zones: Partial<Record<HrZoneField, number | null | undefined>>): string | null {
  for (const zone of [2, 3, 4] as const) {
    const min = zones[`hrZone${zone}Min`] ?? null;
    const max = zones[`hrZone${zone}Max`] ?? null;
    if ((min === null) !== (max === null)) return `Zone ${zone} needs both a min and a max`;
    if (min !== null && max !== null && min >= max) return `Zone ${zone} min must be below its max`;
  }
  let previous: { field: HrZoneField; value: number } | null = null;
  for (const field of hrZoneFields) {
    const value = zones[field] ?? null;
    if (value === null) continue;
    if (previous && value < previous.value) {
      return `${ZONE_LABELS[field]} (${value}) must not be below ${ZONE_LABELS[previous.field]} (${previous.value}): zones may not overlap`;
    }
    previous = { field, value };
  }
  return null;
}

const PROFILE_ONLY_FIELDS = [
  'athleteName',
  'mesocycleEnabled',
  'mesocycleCurrentWeek',
  'mesocycleWeekStartDate',
  'athleteFtp',
  'athleteWeight',
  ...(Object.keys(zoneBounds) as (keyof typeof zoneBounds)[]),
] as const;

/** One object for the three shapes (see the top of this file), so a bad field gets its own message. */
export const userSettingsUpdate = z
  .strictObject({
    unitSystem: z.enum(unitSystems, { error: 'Unit system must be metric or imperial' }).optional(),
    coachingStyle: styleFields.coachingStyle.optional(),
    systemPrompt: styleFields.systemPrompt.optional(),
    preferredActivities: z
      .array(z.enum(preferredActivities, { error: 'Preferred activities may be running, cycling or lifting' }), {
        error: 'Preferred activities must be a list',
      })
      .refine((list) => new Set(list).size === list.length, 'Preferred activities must not repeat')
      .optional(),
    athleteName: z.string().trim().max(100, 'Athlete name must be at most 100 characters').nullish(),
    mesocycleEnabled: z.boolean({ error: 'mesocycleEnabled must be true or false' }).optional(),
    mesocycleCurrentWeek: z
      .number({ error: 'Mesocycle week must be 1, 2, 3 or 4' })
      .int('Mesocycle week must be 1, 2, 3 or 4')
      .min(1, 'Mesocycle week must be 1, 2, 3 or 4')
      .max(MESOCYCLE_WEEKS, 'Mesocycle week must be 1, 2, 3 or 4')
      .optional(),
    mesocycleWeekStartDate: z.iso.datetime({ offset: true, error: 'Mesocycle week start must be an ISO date-time' }).nullish(),
    athleteFtp: z
      .number({ error: 'FTP must be a whole number of watts' })
      .int('FTP must be a whole number of watts')
      .min(FTP_RANGE_W.min, `FTP must be between ${FTP_RANGE_W.min} and ${FTP_RANGE_W.max} W`)
      .max(FTP_RANGE_W.max, `FTP must be between ${FTP_RANGE_W.min} and ${FTP_RANGE_W.max} W`)
      .nullish(),
    athleteWeight: z
      .number({ error: 'Weight must be a number of kilograms' })
      .min(WEIGHT_RANGE_KG.min, `Weight must be between ${WEIGHT_RANGE_KG.min} and ${WEIGHT_RANGE_KG.max} kg`)
      .max(WEIGHT_RANGE_KG.max, `Weight must be between ${WEIGHT_RANGE_KG.min} and ${WEIGHT_RANGE_KG.max} kg`)
      .nullish(),
    ...zoneBounds,
  })
  .superRefine((body, context) => {
    const problem = hrZoneProblem(body);
    if (problem) context.addIssue({ code: 'custom', message: problem });
    if (body.preferredActivities === undefined && PROFILE_ONLY_FIELDS.some((field) => body[field] !== undefined)) {
      context.addIssue({ code: 'custom', message: 'The coaching profile is saved whole: include preferredActivities' });
    }
    if (body.preferredActivities === undefined && body.unitSystem === undefined && body.coachingStyle === undefined) {
      context.addIssue({ code: 'custom', message: 'Send a coachingStyle, a unitSystem or the coaching profile' });
    }
  });
export type UserSettingsUpdate = z.infer<typeof userSettingsUpdate>;

const hrZone = z.object({ min: z.number().nullable(), max: z.number().nullable() });

/**
 * GET /api/athlete/profile (spec §3 "Athlete profile from the tracking service", §7). Name, weight,
 * ftp and zones are what the athlete states: Strava's athlete when connected (`source: 'strava'`),
 * and whatever Strava leaves unset, or everything when not connected, from the coaching profile
 * they saved; values of zero or less are null. Forms may prefill from them (spec §5). Kairo's own
 * estimates are never among them: `suggestions` are what Kairo reads from the athlete's activities,
 * with the evidence, to be offered and accepted in one click.
 */
export const athleteProfile = z.object({
  name: z.string().nullable(),
  weight: z.number().nullable(),
  ftp: z.number().nullable(),
  /** Five heart-rate zones, zone 1 first; zone 5's max is null (open). */
  zones: z.array(hrZone).nullable(),
  source: z.enum(['strava', 'coaching-profile']),
  suggestions: z.object({
    ftp: z
      .object({
        ftpW: z.number().int(),
        best20MinPowerW: z.number(),
        activityId: z.string(),
        activityName: z.string(),
        startDate: z.iso.datetime(),
      })
      .nullable(),
    hrZones: z
      .object({
        /** The highest heart rate recorded, and where: the evidence of the zones. */
        maxHeartrateBpm: z.number(),
        activityId: z.string(),
        activityName: z.string(),
        startDate: z.iso.datetime(),
        zones: z.array(hrZone),
      })
      .nullable(),
  }),
});
export type AthleteProfile = z.infer<typeof athleteProfile>;
