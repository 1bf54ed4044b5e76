import { z } from 'zod';
import { activitySources } from './activities.ts';
import { coachingStyles } from '../domain/coaching-style.ts';
import { MESOCYCLE_WEEKS } from '../domain/mesocycle.ts';
import { unitSystems } from '../domain/unit-system.ts';
import { weekdays } from '../domain/week-start.ts';

/**
 * Contracts of the user settings and the athlete profile (spec §3 User settings, §5, §7).
 *
 * PUT /api/user/settings changes only the fields it carries (ADR 0025): a field that is absent is
 * left as it is, and null clears it. So a form that saves only the heart-rate zones cannot turn
 * the FTP it showed from Strava into one the athlete set. The custom style's instructions go with
 * the style; a zone's bounds go together. Any invalid field rejects the whole request and nothing
 * is saved; zones that would overlap the stored ones once merged are refused too.
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
/** Where the stored body weight came from (ADR 0071): typed in the settings, a check-in (or an imported day), or Strava. */
export const weightSources = ['athlete', 'check-in', 'strava'] as const;
export type WeightSource = (typeof weightSources)[number];
export const HEART_RATE_RANGE_BPM = { min: 30, max: 250 } as const;
/** Threshold pace, seconds per km: 2:30 to 15:00 /km covers elite to walking pace. */
export const THRESHOLD_PACE_RANGE_S_PER_KM = { min: 150, max: 900 } as const;

/** The five heart-rate zones as stored: zone 1 without a min, zone 5 without a max. */
export const hrZoneFields = ['hrZone1Max', 'hrZone2Min', 'hrZone2Max', 'hrZone3Min', 'hrZone3Max', 'hrZone4Min', 'hrZone4Max', 'hrZone5Min'] as const;
export type HrZoneField = (typeof hrZoneFields)[number];
export type HrZoneValues = Record<HrZoneField, number | null>;

/**
 * The sports with heart-rate thresholds of their own (ADR 0055): a run's heart rate sits higher
 * than a ride's at the same effort, so runs and rides may have their own zones, LTHR and max HR.
 * What a sport leaves unset falls back to the values for all sports (the fields at the top of the
 * settings, which were the only ones before); other sports (swims, hikes…) use those.
 */
export const hrSports = ['cycling', 'running'] as const;
export type HrSport = (typeof hrSports)[number];
/** What the athlete may set per sport: its zones, LTHR and max heart rate (resting heart rate is one for all). */
export const sportHeartRateFields = [...hrZoneFields, 'athleteMaxHrBpm', 'athleteLthrBpm'] as const;
export type SportHeartRateField = (typeof sportHeartRateFields)[number];
export type SportHeartRateValues = Record<SportHeartRateField, number | null>;
/** The sport whose heart-rate thresholds score an activity of this family; null: the values for all sports. */
export function hrSportOf(family: string): HrSport | null {
  return family === 'ride' ? 'cycling' : family === 'run' ? 'running' : null;
}

const styleFields = {
  coachingStyle: z.enum(coachingStyles, { error: 'Coaching style must be chill, performance, marginal_gains or custom' }),
  systemPrompt: z.string({ error: 'Custom instructions must be text' }).nullable(),
};

/** Where an effective threshold comes from, in the order one wins over the next (ADR 0025). */
export const thresholdSources = ['athlete', 'strava', 'estimate'] as const;
export type ThresholdSource = (typeof thresholdSources)[number];

/** An activity an estimate was read from, and what it showed (best 20-min power, highest heart rate, a best effort). */
const thresholdEvidence = z.object({
  activityId: z.string(),
  activityName: z.string(),
  startDate: z.iso.datetime(),
  /** Where the activity came from: an estimate from a Strava activity is Strava data (ADR 0007). */
  source: z.enum(activitySources),
  /** What the activity showed, in the unit of `label` ('best 20 min 224 W'). */
  value: z.number(),
  label: z.string(),
});
export type ThresholdEvidence = z.infer<typeof thresholdEvidence>;

/**
 * One threshold as every consumer uses it: the value, where it comes from, and for an estimate
 * when it was read (the newest activity it looked at) and from which activities.
 */
export const effectiveThreshold = z.object({
  value: z.number(),
  source: z.enum(thresholdSources),
  /** For an estimate, the day it is as of; null for a value the athlete or Strava states. */
  asOf: z.iso.datetime().nullable(),
  evidence: z.array(thresholdEvidence),
});
export type EffectiveThreshold = z.infer<typeof effectiveThreshold>;

const zoneBoundsPair = z.object({ min: z.number().nullable(), max: z.number().nullable() });

/** Five heart-rate zones with their source; zone 1 has no min and zone 5 no max. */
export const effectiveHeartRateZones = z.object({
  zones: z.array(zoneBoundsPair),
  source: z.enum(thresholdSources),
  asOf: z.iso.datetime().nullable(),
  evidence: z.array(thresholdEvidence),
});
export type EffectiveHeartRateZones = z.infer<typeof effectiveHeartRateZones>;

/** The heart-rate thresholds of one sport (or of all sports), each with its source. */
export const effectiveHeartRate = z.object({
  maxHrBpm: effectiveThreshold.nullable(),
  /** Only as the athlete set it; unset, the metrics assume 60 bpm (src/metrics/athlete-settings.ts). */
  restingHrBpm: effectiveThreshold.nullable(),
  lthrBpm: effectiveThreshold.nullable(),
  zones: effectiveHeartRateZones.nullable(),
});
export type EffectiveHeartRate = z.infer<typeof effectiveHeartRate>;

/**
 * The thresholds every consumer reads (metrics scoring, Kai, the profile, plans, exports), per
 * sport: cycling has FTP, running threshold pace, and each its heart rate (max, LTHR, zones, ADR
 * 0055); `heartRate` is the values for all sports, which other sports use and which each sport
 * falls back to for what it leaves unset (read them with `heartRateFor`). `estimates` are what Kairo reads from recent activities whatever the
 * effective source; `departures` list the estimates more than THRESHOLD_DEPARTURE_PCT away from an
 * effective value the athlete or Strava states, to be offered as an update.
 */
export const effectiveThresholds = z.object({
  cycling: z.object({ ftpW: effectiveThreshold.nullable(), heartRate: effectiveHeartRate }),
  running: z.object({ thresholdPaceSPerKm: effectiveThreshold.nullable(), heartRate: effectiveHeartRate }),
  heartRate: effectiveHeartRate,
  estimates: z.object({
    ftpW: effectiveThreshold.nullable(),
    thresholdPaceSPerKm: effectiveThreshold.nullable(),
    maxHrBpm: effectiveThreshold.nullable(),
    /** Max heart rate from the rides alone and from the runs alone; null for a sport without a heart rate (ADR 0060). */
    maxHrBpmBySport: z.object({ cycling: effectiveThreshold.nullable(), running: effectiveThreshold.nullable() }),
  }),
  departures: z.array(
    z.object({
      /** cyclingMaxHrBpm / runningMaxHrBpm: the sport's max heart rate in use against the sport's own estimate (ADR 0060). */
      threshold: z.enum(['ftpW', 'thresholdPaceSPerKm', 'cyclingMaxHrBpm', 'runningMaxHrBpm']),
      effectiveValue: z.number(),
      effectiveSource: z.enum(thresholdSources),
      estimate: effectiveThreshold,
      /** (estimate − effective) / effective, in percent, one decimal. */
      departurePct: z.number(),
    }),
  ),
});
export type EffectiveThresholds = z.infer<typeof effectiveThresholds>;

/** The heart-rate thresholds an activity of this sport family is scored and coached with (ADR 0055). */
export function heartRateFor(effective: EffectiveThresholds, family: string): EffectiveHeartRate {
  const sport = hrSportOf(family);
  return sport ? effective[sport].heartRate : effective.heartRate;
}

/** An estimate further than this from a stated threshold is offered as an update (TrainerRoad and intervals.icu do the same). */
export const THRESHOLD_DEPARTURE_PCT = 5;

export const userSettings = z.object({
  unitSystem: z.enum(unitSystems),
  ...styleFields,
  preferredActivities: z.array(z.enum(preferredActivities)),
  athleteName: z.string().nullable(),
  athleteWeight: z.number().nullable(),
  /** Where `athleteWeight` came from; null without a weight. */
  athleteWeightSource: z.enum(weightSources).nullable(),
  athleteFtp: z.number().int().nullable(),
  athleteMaxHrBpm: z.number().int().nullable(),
  athleteRestingHrBpm: z.number().int().nullable(),
  athleteLthrBpm: z.number().int().nullable(),
  athleteThresholdPaceSPerKm: z.number().int().nullable(),
  hrZone1Max: z.number().int().nullable(),
  hrZone2Min: z.number().int().nullable(),
  hrZone2Max: z.number().int().nullable(),
  hrZone3Min: z.number().int().nullable(),
  hrZone3Max: z.number().int().nullable(),
  hrZone4Min: z.number().int().nullable(),
  hrZone4Max: z.number().int().nullable(),
  hrZone5Min: z.number().int().nullable(),
  /** What the athlete set for one sport alone (ADR 0055); null where that sport uses the values for all sports. */
  hrBySport: z.object({ cycling: z.record(z.enum(sportHeartRateFields), z.number().int().nullable()), running: z.record(z.enum(sportHeartRateFields), z.number().int().nullable()) }),
  mesocycleEnabled: z.boolean(),
  mesocycleCurrentWeek: z.number().int().min(1).max(MESOCYCLE_WEEKS),
  mesocycleWeekStartDate: z.iso.datetime().nullable(),
  athleteDataCachedAt: z.iso.datetime().nullable(),
  /** The weekday the athlete's calendar weeks start on (ADR 0080); monday until they choose another. */
  weekStartsOn: z.enum(weekdays),
  /** athleteFtp and the zone fields above are what the athlete set (null: not set); this is what is used. */
  effective: effectiveThresholds,
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

/**
 * Five zones from the four upper bounds the metrics count with (a bound belongs to the zone below
 * it): whole beats, each zone starting one above the last one's max.
 */
export function zonesFromUpperBounds(bounds: readonly number[]): { min: number | null; max: number | null }[] {
  const rounded = bounds.map(Math.round);
  return [null, ...rounded].map((below, index) => ({ min: below === null ? null : below + 1, max: rounded[index] ?? null }));
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

const heartRateThresholds = {
  athleteMaxHrBpm: bpm('Max heart rate'),
  athleteLthrBpm: bpm('Threshold heart rate (LTHR)'),
};

/** The heart-rate thresholds one sport sets (ADR 0055): as the fields for all sports, with the same rules. */
const sportHeartRateUpdate = (sport: string) =>
  z.strictObject(
    { ...zoneBounds, ...heartRateThresholds },
    { error: `${sport} heart rate takes zone bounds (hrZone1Max … hrZone5Min), athleteMaxHrBpm and athleteLthrBpm` },
  );

/** Max above LTHR and resting heart rate, and the zones in order, of what one request sets together. */
function heartRateProblems(
  body: { athleteMaxHrBpm?: number | null; athleteRestingHrBpm?: number | null; athleteLthrBpm?: number | null } & Partial<Record<HrZoneField, number | null>>,
  prefix: string,
): string[] {
  const { athleteMaxHrBpm: maxHr, athleteRestingHrBpm: restingHr, athleteLthrBpm: lthr } = body;
  const problems: string[] = [];
  if (maxHr != null && restingHr != null && restingHr >= maxHr) problems.push('Resting heart rate must be below max heart rate');
  if (maxHr != null && lthr != null && lthr >= maxHr) problems.push(`${prefix}Threshold heart rate (LTHR) must be below max heart rate`);
  const zones = hrZoneProblem(body);
  if (zones) problems.push(`${prefix}${zones}`);
  return problems;
}

/** 'Cycling: ' before a message about cycling's own heart rate. */
export const SPORT_LABELS: Record<HrSport, string> = { cycling: 'Cycling', running: 'Running' };

/** Only the fields it carries change (see the top of this file); each bad field gets its own message. */
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
    weekStartsOn: z.enum(weekdays, { error: `weekStartsOn must be a weekday: ${weekdays.join(', ')}` }).optional(),
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
    ...heartRateThresholds,
    athleteRestingHrBpm: bpm('Resting heart rate'),
    athleteThresholdPaceSPerKm: z
      .number({ error: 'Threshold pace must be a whole number of seconds per km' })
      .int('Threshold pace must be a whole number of seconds per km')
      .min(THRESHOLD_PACE_RANGE_S_PER_KM.min, 'Threshold pace must be between 2:30 and 15:00 per km')
      .max(THRESHOLD_PACE_RANGE_S_PER_KM.max, 'Threshold pace must be between 2:30 and 15:00 per km')
      .nullish(),
    ...zoneBounds,
    /**
     * Heart-rate thresholds for one sport alone (ADR 0055), with the same partial rule: a field
     * absent is untouched, null clears it (the sport then uses the value for all sports).
     */
    hrBySport: z
      .strictObject(
        { cycling: sportHeartRateUpdate('Cycling').optional(), running: sportHeartRateUpdate('Running').optional() },
        { error: 'hrBySport takes cycling and running' },
      )
      .optional(),
  })
  .superRefine((body, context) => {
    for (const message of heartRateProblems(body, '')) context.addIssue({ code: 'custom', message });
    for (const sport of hrSports) {
      const own = body.hrBySport?.[sport];
      if (own) for (const message of heartRateProblems(own, `${SPORT_LABELS[sport]}: `)) context.addIssue({ code: 'custom', message });
    }
    if (Object.values(body).every((value) => value === undefined)) {
      context.addIssue({ code: 'custom', message: 'Send at least one setting to change' });
    }
    if (body.systemPrompt !== undefined && body.coachingStyle === undefined) {
      context.addIssue({ code: 'custom', message: 'Custom instructions go with coachingStyle: custom' });
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
        /** The estimate of max heart rate (ADR 0060) and the activity it is read from: the evidence of the zones. */
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
