import { describe, expect, it } from 'vitest';
import { userSettings, userSettingsUpdate, type UserSettings } from '../../src/shared/api/settings.ts';
import { DEFAULT_SYSTEM_PROMPT } from '../../src/shared/domain/coaching-style.ts';
import {
  formFromSettings,
  initialForm,
  parseDecimal,
  parseInteger,
  profileUpdate,
  withMesocycleEnabled,
  withMesocycleWeek,
  type CoachingProfileForm,
} from '../../src/web/features/settings/coaching-profile-form.ts';
import { startedRelative } from '../../src/web/features/settings/started-relative.ts';

const DEFAULTS: UserSettings = userSettings.parse({
  unitSystem: 'metric',
  coachingStyle: 'performance',
  systemPrompt: DEFAULT_SYSTEM_PROMPT,
  preferredActivities: [],
  athleteName: null,
  athleteWeight: null,
  athleteFtp: null,
  hrZone1Max: null,
  hrZone2Min: null,
  hrZone2Max: null,
  hrZone3Min: null,
  hrZone3Max: null,
  hrZone4Min: null,
  hrZone4Max: null,
  hrZone5Min: null,
  mesocycleEnabled: false,
  mesocycleCurrentWeek: 1,
  mesocycleWeekStartDate: null,
  athleteDataCachedAt: null,
});
const EMPTY = formFromSettings(DEFAULTS);
const edited = (changes: Partial<CoachingProfileForm>): CoachingProfileForm => ({ ...EMPTY, ...changes });
const zones = (changes: Partial<CoachingProfileForm['zones']>) => ({ ...EMPTY.zones, ...changes });

describe('coaching profile send rules (spec §5)', () => {
  it('parses whole numbers and decimals as typed, nothing else', () => {
    expect(['245', ' 245 ', '245.0', '245w', '', '2e2'].map(parseInteger)).toEqual([245, 245, null, null, null, null]);
    expect(['71.4', '71', '.5', '71.', '71,4', 'abc', ''].map(parseDecimal)).toEqual([71.4, 71, 0.5, 71, null, null, null]);
  });

  it('sends FTP only as a whole number and weight only as a number', () => {
    expect(profileUpdate(edited({ athleteFtp: '250', athleteWeight: '70.5' }))).toMatchObject({ athleteFtp: 250, athleteWeight: 70.5 });
    const update = profileUpdate(edited({ athleteFtp: '250.5', athleteWeight: 'heavy' }));
    expect(update).not.toHaveProperty('athleteFtp');
    expect(update).not.toHaveProperty('athleteWeight');
  });

  it('sends zone 1 only as a max, zone 5 only as a min, and zones 2-4 only with both bounds', () => {
    const update = profileUpdate(
      edited({ zones: zones({ hrZone1Max: '130', hrZone2Min: '131', hrZone2Max: '145', hrZone3Min: '146', hrZone3Max: '', hrZone4Min: '159', hrZone4Max: '170.5', hrZone5Min: '171' }) }),
    );
    expect(update).toMatchObject({ hrZone1Max: 130, hrZone2Min: 131, hrZone2Max: 145, hrZone5Min: 171 });
    for (const field of ['hrZone1Min', 'hrZone3Min', 'hrZone3Max', 'hrZone4Min', 'hrZone4Max', 'hrZone5Max']) expect(update).not.toHaveProperty(field);
  });

  it('sends custom instructions trimmed, only with the custom style and when not blank', () => {
    expect(profileUpdate(edited({ coachingStyle: 'custom', customInstructions: '  Be blunt.  ' })).systemPrompt).toBe('Be blunt.');
    expect(profileUpdate(edited({ coachingStyle: 'custom', customInstructions: '   ' }))).not.toHaveProperty('systemPrompt');
    expect(profileUpdate(edited({ coachingStyle: 'chill', customInstructions: 'Be blunt.' }))).not.toHaveProperty('systemPrompt');
  });

  it('builds a body the server contract accepts, activities in their fixed order', () => {
    const update = profileUpdate(edited({ preferredActivities: ['lifting', 'running'], athleteFtp: '250' }));
    expect(update.preferredActivities).toEqual(['running', 'lifting']);
    expect(userSettingsUpdate.safeParse(update).success).toBe(true);
  });
});

describe('coaching profile state (spec §4)', () => {
  const now = new Date('2026-03-18T10:00:00Z');

  it('starts the custom box empty unless the style is custom (the default prompt is not the athlete’s text)', () => {
    expect(EMPTY.customInstructions).toBe('');
    expect(formFromSettings({ ...DEFAULTS, coachingStyle: 'custom', systemPrompt: 'Be blunt.' }).customInstructions).toBe('Be blunt.');
  });

  it('enabling starts week 1 today when no start exists; choosing a week starts it now', () => {
    expect(withMesocycleEnabled(EMPTY, true, now)).toMatchObject({ mesocycleEnabled: true, mesocycleCurrentWeek: 1, mesocycleWeekStartDate: now.toISOString() });
    const started = edited({ mesocycleCurrentWeek: 3, mesocycleWeekStartDate: '2026-03-16T06:00:00.000Z' });
    expect(withMesocycleEnabled(started, true, now)).toMatchObject({ mesocycleCurrentWeek: 3, mesocycleWeekStartDate: '2026-03-16T06:00:00.000Z' });
    expect(withMesocycleWeek(started, 2, now)).toMatchObject({ mesocycleCurrentWeek: 2, mesocycleWeekStartDate: now.toISOString() });
  });

  it('advances a week that ran its 7 days when the profile loads, and marks the profile changed', () => {
    const settings = { ...DEFAULTS, mesocycleEnabled: true, mesocycleCurrentWeek: 4, mesocycleWeekStartDate: '2026-03-04T06:00:00.000Z' };
    const { form, changed } = initialForm(settings, null, now);
    expect(form).toMatchObject({ mesocycleCurrentWeek: 2, mesocycleWeekStartDate: '2026-03-18T06:00:00.000Z' });
    expect(changed).toBe(true);
    expect(initialForm({ ...settings, mesocycleWeekStartDate: '2026-03-12T06:00:00.000Z' }, null, now).changed).toBe(false);
  });

  it('fills what is unset from the athlete profile, values of zero or less being unset', () => {
    const profile = {
      name: 'Ada',
      weight: 0,
      ftp: 262,
      zones: [
        { min: null, max: 120 },
        { min: 120, max: 150 },
        { min: 150, max: 165 },
        { min: 165, max: 180 },
        { min: 180, max: null },
      ],
      source: 'strava' as const,
      suggestions: { ftp: null, hrZones: null },
    };
    const { form, changed } = initialForm(DEFAULTS, profile, now);
    expect(form).toMatchObject({ athleteWeight: '', athleteFtp: '262', zones: { hrZone1Max: '120', hrZone2Min: '120', hrZone5Min: '180' } });
    expect(changed).toBe(false);
    expect(initialForm({ ...DEFAULTS, athleteFtp: 240 }, profile, now).form.athleteFtp).toBe('240');
    // Strava's weight to the gram shows to the field's 0.1 kg step.
    expect(initialForm(DEFAULTS, { ...profile, weight: 74.813 }, now).form.athleteWeight).toBe('74.8');
  });

  it('says when the week started', () => {
    expect(startedRelative('2026-03-18T09:59:30Z', now)).toBe('just now');
    expect(startedRelative('2026-03-18T07:00:00Z', now)).toBe('3 hours ago');
    expect(startedRelative('2026-03-17T09:00:00Z', now)).toBe('yesterday');
    expect(startedRelative('2026-03-13T10:00:00Z', now)).toBe('5 days ago');
  });
});
