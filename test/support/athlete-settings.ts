import { sportHeartRateFields, type HrZoneValues, type SportHeartRateValues, type UserSettings } from '../../src/shared/api/settings.ts';
import { DEFAULT_SYSTEM_PROMPT } from '../../src/shared/domain/coaching-style.ts';

/** What GET /api/user/settings answers for an account that has saved nothing yet (its `effective` thresholds aside). */
export const UNSAVED_SETTINGS: Omit<UserSettings, 'effective'> = {
  unitSystem: 'metric',
  coachingStyle: 'performance',
  systemPrompt: DEFAULT_SYSTEM_PROMPT,
  preferredActivities: [],
  athleteName: null,
  athleteWeight: null,
  athleteWeightSource: null,
  athleteFtp: null,
  athleteMaxHrBpm: null,
  athleteRestingHrBpm: null,
  athleteLthrBpm: null,
  athleteThresholdPaceSPerKm: null,
  hrZone1Max: null,
  hrZone2Min: null,
  hrZone2Max: null,
  hrZone3Min: null,
  hrZone3Max: null,
  hrZone4Min: null,
  hrZone4Max: null,
  hrZone5Min: null,
  hrBySport: {
    cycling: Object.fromEntries(sportHeartRateFields.map((field) => [field, null])) as SportHeartRateValues,
    running: Object.fromEntries(sportHeartRateFields.map((field) => [field, null])) as SportHeartRateValues,
  },
  mesocycleEnabled: false,
  mesocycleCurrentWeek: 1,
  mesocycleWeekStartDate: null,
  athleteDataCachedAt: null,
  weekStartsOn: 'monday',
};

/** Five heart-rate zones an athlete might enter (each zone's floor one beat over the last one's ceiling). */
export const ATHLETE_ZONES: HrZoneValues = {
  hrZone1Max: 130,
  hrZone2Min: 131,
  hrZone2Max: 145,
  hrZone3Min: 146,
  hrZone3Max: 158,
  hrZone4Min: 159,
  hrZone4Max: 170,
  hrZone5Min: 171,
};
