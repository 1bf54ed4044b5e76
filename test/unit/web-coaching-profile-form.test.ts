import { describe, expect, it } from 'vitest';
import { userSettings, userSettingsUpdate, type AthleteProfile, type UserSettings } from '../../src/shared/api/settings.ts';
import {
  weightProblem,
  formFromSettings,
  initialForm,
  parseDecimal,
  paceText,
  parseInteger,
  parsePace,
  parsePacePerKm,
  profileUpdate,
  withMesocycleEnabled,
  withMesocycleWeek,
  type CoachingProfileForm,
} from '../../src/web/features/settings/coaching-profile-form.ts';
import { ftpDepartureText, ftpInUseText, ftpOffer, maxHrEvidenceText, maxHrOffers, weightSourceText, zonesInUseText, zonesOffer, zonesText } from '../../src/web/features/settings/coaching-profile-offers.ts';
import { startedRelative } from '../../src/web/lib/format/started-relative.ts';
import { UNSAVED_SETTINGS } from '../support/athlete-settings.ts';

const DEFAULTS: UserSettings = userSettings.parse({
  ...UNSAVED_SETTINGS,
  effective: {
    cycling: { ftpW: null, heartRate: { maxHrBpm: null, restingHrBpm: null, lthrBpm: null, zones: null } },
    running: { thresholdPaceSPerKm: null, heartRate: { maxHrBpm: null, restingHrBpm: null, lthrBpm: null, zones: null } },
    heartRate: { maxHrBpm: null, restingHrBpm: null, lthrBpm: null, zones: null },
    estimates: { ftpW: null, thresholdPaceSPerKm: null, maxHrBpm: null, maxHrBpmBySport: { cycling: null, running: null } },
    departures: [],
  },
});
const EMPTY = formFromSettings(DEFAULTS);
const NO_PROFILE: AthleteProfile = { name: null, weight: null, ftp: null, zones: null, source: 'coaching-profile', suggestions: { ftp: null, hrZones: null } };
const STRAVA_ZONES = [
  { min: null, max: 120 },
  { min: 120, max: 150 },
  { min: 150, max: 165 },
  { min: 165, max: 180 },
  { min: 180, max: null },
];
const SUGGESTIONS: AthleteProfile['suggestions'] = {
  ftp: { ftpW: 262, best20MinPowerW: 276, activityId: 'a1', activityName: 'Col du Galibier', startDate: '2026-03-01T08:00:00.000Z' },
  hrZones: {
    maxHeartrateBpm: 190,
    activityId: 'a1',
    activityName: 'Col du Galibier',
    startDate: '2026-03-01T08:00:00.000Z',
    zones: [
      { min: null, max: 136 },
      { min: 137, max: 152 },
      { min: 153, max: 159 },
      { min: 160, max: 169 },
      { min: 170, max: null },
    ],
  },
};
const edited = (changes: Partial<CoachingProfileForm>): CoachingProfileForm => ({ ...EMPTY, ...changes });
const zones = (changes: Partial<CoachingProfileForm['zones']>) => ({ ...EMPTY.zones, ...changes });

describe('coaching profile send rules (spec §5)', () => {
  it('parses whole numbers and decimals as typed, nothing else', () => {
    expect(['245', ' 245 ', '245.0', '245w', '', '2e2'].map(parseInteger)).toEqual([245, 245, null, null, null, null]);
    expect(['71.4', '71', '.5', '71.', '71,4', 'abc', ''].map(parseDecimal)).toEqual([71.4, 71, 0.5, 71, null, null, null]);
  });

  it('sends FTP only as a whole number and weight only as a number, a cleared one as null', () => {
    expect(profileUpdate(edited({ athleteFtp: '250', athleteWeight: '70.5' }), EMPTY)).toEqual({ athleteFtp: 250, athleteWeight: 70.5 });
    const update = profileUpdate(edited({ athleteFtp: '250.5', athleteWeight: 'heavy' }), EMPTY);
    expect(update).not.toHaveProperty('athleteFtp');
    expect(update).not.toHaveProperty('athleteWeight');
    expect(profileUpdate(edited({ athleteFtp: '' }), edited({ athleteFtp: '240' }))).toEqual({ athleteFtp: null });
  });

  it('sends only what the athlete changed: saving the zones alone leaves the FTP and everything else out (issue 14)', () => {
    const opened = edited({ athleteName: 'Ada Watts', athleteWeight: '74.8' });
    expect(profileUpdate(opened, opened)).toEqual({});
    const changedZones = zones({ hrZone1Max: '130', hrZone2Min: '131', hrZone2Max: '145', hrZone3Min: '146', hrZone3Max: '', hrZone4Min: '159', hrZone4Max: '170.5', hrZone5Min: '171' });
    // All eight bounds go as a set once one changed; blank or unparseable ones as null, for the server to judge.
    expect(profileUpdate({ ...opened, zones: changedZones }, opened)).toEqual({
      hrZone1Max: 130,
      hrZone2Min: 131,
      hrZone2Max: 145,
      hrZone3Min: 146,
      hrZone3Max: null,
      hrZone4Min: 159,
      hrZone4Max: null,
      hrZone5Min: 171,
    });
  });

  it('reads a threshold pace as m:ss and sends the heart-rate and pace thresholds the athlete changed', () => {
    expect(['4:05', ' 12:30 ', '4:5', '4.05', '245', ''].map(parsePace)).toEqual([245, 750, null, null, null, null]);
    expect(paceText(245, 'metric')).toBe('4:05');
    const opened = edited({ athleteMaxHr: '190' });
    expect(profileUpdate({ ...opened, athleteMaxHr: '' , athleteRestingHr: '48', athleteLthr: '172', athleteThresholdPace: '4:05' }, opened)).toEqual({
      athleteMaxHrBpm: null,
      athleteRestingHrBpm: 48,
      athleteLthrBpm: 172,
      athleteThresholdPaceSPerKm: 245,
    });
    expect(profileUpdate({ ...opened, athleteThresholdPace: 'fast' }, opened)).toEqual({});
    expect(formFromSettings({ ...DEFAULTS, athleteThresholdPaceSPerKm: 245, athleteLthrBpm: 170 })).toMatchObject({ athleteThresholdPace: '4:05', athleteLthr: '170' });
  });

  it('shows and reads the threshold pace per mile for an imperial athlete, storing it per km', () => {
    // 245 s/km x 1.60934 = 394.3 s/mi.
    expect(paceText(245, 'imperial')).toBe('6:34');
    const imperial = formFromSettings({ ...DEFAULTS, unitSystem: 'imperial', athleteThresholdPaceSPerKm: 245 });
    expect(imperial).toMatchObject({ athleteThresholdPace: '6:34', paceUnits: 'imperial' });
    // Untouched, the pace is not sent, although 6:34 /mi read back would be 245.4 s/km.
    expect(profileUpdate(imperial, imperial)).toEqual({});
    // 7:00 /mi is 420 s / 1.60934 = 261 s/km.
    expect(profileUpdate({ ...imperial, athleteThresholdPace: '7:00' }, imperial)).toEqual({ athleteThresholdPaceSPerKm: 261 });
    expect(parsePacePerKm('7:00', 'metric')).toBe(420);
    expect(parsePacePerKm('7', 'imperial')).toBeNull();
  });

  it('sends custom instructions trimmed, only with the custom style and when not blank', () => {
    expect(profileUpdate(edited({ coachingStyle: 'custom', customInstructions: '  Be blunt.  ' }), EMPTY)).toEqual({ coachingStyle: 'custom', systemPrompt: 'Be blunt.' });
    expect(profileUpdate(edited({ coachingStyle: 'custom', customInstructions: '   ' }), EMPTY)).not.toHaveProperty('systemPrompt');
    expect(profileUpdate(edited({ coachingStyle: 'chill', customInstructions: 'Be blunt.' }), EMPTY)).not.toHaveProperty('systemPrompt');
  });

  it('sends the athlete name trimmed, and a blank one as null (cleared)', () => {
    expect(profileUpdate(edited({ athleteName: '  Ada Watts ' }), EMPTY).athleteName).toBe('Ada Watts');
    expect(profileUpdate(edited({ athleteName: '   ' }), edited({ athleteName: 'Ada' })).athleteName).toBeNull();
  });

  it('builds a body the server contract accepts, activities in their fixed order', () => {
    const update = profileUpdate(edited({ preferredActivities: ['lifting', 'running'], athleteFtp: '250' }), EMPTY);
    expect(update.preferredActivities).toEqual(['running', 'lifting']);
    expect(userSettingsUpdate.safeParse(update).success).toBe(true);
  });
});

describe('the thresholds in use, beside the fields (ADR 0025)', () => {
  const heartRate: UserSettings['effective']['heartRate'] = { maxHrBpm: null, restingHrBpm: null, lthrBpm: null, zones: { zones: STRAVA_ZONES, source: 'strava', asOf: null, evidence: [] } };
  const effective: UserSettings['effective'] = {
    cycling: { ftpW: { value: 248, source: 'strava', asOf: null, evidence: [] }, heartRate },
    running: { thresholdPaceSPerKm: null, heartRate },
    heartRate,
    estimates: { ftpW: null, thresholdPaceSPerKm: null, maxHrBpm: null, maxHrBpmBySport: { cycling: null, running: null } },
    departures: [],
  };
  const ride = { activityId: 'a1', activityName: 'Col du Galibier', startDate: '2026-03-01T08:00:00.000Z', source: 'file' as const, value: 227, label: 'best 20 min 227 W' };
  const estimate = { value: 216, source: 'estimate' as const, asOf: ride.startDate, evidence: [ride] };

  it('says which FTP and zones are used and where they come from', () => {
    expect(ftpInUseText(effective, () => '1 Mar 2026')).toBe('In use: 248 W, from Strava.');
    expect(ftpInUseText({ ...effective, cycling: { ftpW: estimate, heartRate } }, () => '1 Mar 2026')).toBe('In use: 216 W, estimated from best 20 min 227 W on Col du Galibier (1 Mar 2026).');
    expect(ftpInUseText(DEFAULTS.effective, () => '')).toBeNull();
    // W/kg beside the watts when the weight is known (issue 26, ADR 0071); never made up without one.
    expect(ftpInUseText(effective, () => '1 Mar 2026', 72.5)).toBe('In use: 248 W (3.42 W/kg), from Strava.');
    expect(ftpInUseText(effective, () => '1 Mar 2026', null)).toBe('In use: 248 W, from Strava.');
    expect(ftpInUseText(effective, () => '1 Mar 2026', 0)).toBe('In use: 248 W, from Strava.');
    expect(zonesInUseText(effective)).toBe('In use, from Strava: Z1 0-120, Z2 120-150, Z3 150-165, Z4 165-180, Z5 180+.');
  });

  it('names how far the estimate departs from the FTP in use', () => {
    const departing = { ...effective, estimates: { ...effective.estimates, ftpW: estimate }, departures: [{ threshold: 'ftpW' as const, effectiveValue: 248, effectiveSource: 'strava' as const, estimate, departurePct: -12.9 }] };
    expect(ftpDepartureText(departing)).toBe('13% below the 248 W in use');
    expect(ftpDepartureText(effective)).toBeNull();
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

  it('fills a name and weight that are unset from the athlete profile, never a threshold (issue 14)', () => {
    const profile: AthleteProfile = { ...NO_PROFILE, name: 'Ada Watts', weight: 0, ftp: 262, zones: STRAVA_ZONES, source: 'strava' };
    const { form, changed } = initialForm(DEFAULTS, profile, now);
    expect(form).toMatchObject({ athleteName: 'Ada Watts', athleteWeight: '', athleteFtp: '' });
    expect(Object.values(form.zones).every((value) => value === '')).toBe(true);
    expect(changed).toBe(false);
    expect(initialForm({ ...DEFAULTS, athleteFtp: 240, athleteName: 'Ada' }, profile, now).form).toMatchObject({ athleteFtp: '240', athleteName: 'Ada' });
    // Strava's weight to the gram shows to the field's 0.1 kg step.
    expect(initialForm(DEFAULTS, { ...profile, weight: 74.813 }, now).form.athleteWeight).toBe('74.8');
  });

  it("never fills in Kairo's estimates: with nothing stated the FTP and zones start empty", () => {
    const { form, changed } = initialForm(DEFAULTS, { ...NO_PROFILE, suggestions: SUGGESTIONS }, now);
    expect(form.athleteFtp).toBe('');
    expect(Object.values(form.zones).every((value) => value === '')).toBe(true);
    expect(changed).toBe(false);
  });

  it('says when the week started', () => {
    expect(startedRelative('2026-03-18T09:59:30Z', now)).toBe('just now');
    expect(startedRelative('2026-03-18T07:00:00Z', now)).toBe('3 hours ago');
    expect(startedRelative('2026-03-17T09:00:00Z', now)).toBe('yesterday');
    expect(startedRelative('2026-03-13T10:00:00Z', now)).toBe('5 days ago');
  });
});

describe("Kairo's suggestions beside the fields", () => {
  const withSuggestions: AthleteProfile = { ...NO_PROFILE, suggestions: SUGGESTIONS };

  it('offers the FTP estimate while the field is empty or differs, not once it holds that value', () => {
    expect(ftpOffer(EMPTY, withSuggestions)).toMatchObject({ ftpW: 262, best20MinPowerW: 276, activityName: 'Col du Galibier' });
    expect(ftpOffer(edited({ athleteFtp: '250' }), withSuggestions)?.ftpW).toBe(262);
    expect(ftpOffer(edited({ athleteFtp: '262' }), withSuggestions)).toBeNull();
    expect(ftpOffer(EMPTY, NO_PROFILE)).toBeNull();
    expect(ftpOffer(EMPTY, null)).toBeNull();
  });

  it('offers the zones from the highest heart rate with their evidence, filling the form fields', () => {
    const offer = zonesOffer(EMPTY, DEFAULTS, withSuggestions);
    expect(offer).toMatchObject({ from: 'heart-rate', evidence: { maxHeartrateBpm: 190, activityName: 'Col du Galibier' } });
    expect(offer?.fields).toEqual({
      hrZone1Max: '136',
      hrZone2Min: '137',
      hrZone2Max: '152',
      hrZone3Min: '153',
      hrZone3Max: '159',
      hrZone4Min: '160',
      hrZone4Max: '169',
      hrZone5Min: '170',
    });
    // Accepted: the fields hold them, so nothing is offered any more.
    expect(zonesOffer(edited({ zones: offer!.fields }), DEFAULTS, withSuggestions)).toBeNull();
    expect(zonesText(SUGGESTIONS.hrZones!.zones)).toBe('Z1 0-136, Z2 137-152, Z3 153-159, Z4 160-169, Z5 170+');
  });

  it("offers Strava's zones first when they differ from the fields, but never the saved zones under Strava's name", () => {
    const strava: AthleteProfile = { ...withSuggestions, source: 'strava', zones: STRAVA_ZONES };
    const ownZones = zones({ hrZone1Max: '125', hrZone2Min: '126', hrZone2Max: '150', hrZone3Min: '151', hrZone3Max: '165', hrZone4Min: '166', hrZone4Max: '180', hrZone5Min: '181' });
    expect(zonesOffer(edited({ zones: ownZones }), DEFAULTS, strava)?.from).toBe('strava');
    // Strava's zones taken into the fields: the estimate is offered beside them.
    const taken = edited({ zones: zonesOffer(EMPTY, DEFAULTS, strava)!.fields });
    expect(zonesOffer(taken, DEFAULTS, strava)?.from).toBe('heart-rate');
    // Strava has no zones and the profile answers the saved ones: they are not Strava's to offer.
    const saved = { ...DEFAULTS, hrZone1Max: 125, hrZone2Min: 126, hrZone2Max: 150, hrZone3Min: 151, hrZone3Max: 165, hrZone4Min: 166, hrZone4Max: 180, hrZone5Min: 181 };
    const savedAsProfile: AthleteProfile = {
      ...strava,
      zones: [
        { min: null, max: 125 },
        { min: 126, max: 150 },
        { min: 151, max: 165 },
        { min: 166, max: 180 },
        { min: 181, max: null },
      ],
    };
    expect(zonesOffer(edited({ zones: zones({ hrZone1Max: '120' }) }), saved, savedAsProfile)?.from).toBe('heart-rate');
  });
});


describe('heart rate per sport in the form (ADR 0055)', () => {
  const runZones = { hrZone1Max: '140', hrZone2Min: '141', hrZone2Max: '155', hrZone3Min: '156', hrZone3Max: '166', hrZone4Min: '167', hrZone4Max: '178', hrZone5Min: '179' };

  it("sends only the sport whose fields changed, and only those fields; the values for all sports stay untouched", () => {
    const form = edited({ sportHeartRate: { ...EMPTY.sportHeartRate, running: { ...EMPTY.sportHeartRate.running, zones: runZones, athleteMaxHr: '196' } } });
    const update = profileUpdate(form, EMPTY);
    expect(update).toEqual({
      hrBySport: {
        running: { athleteMaxHrBpm: 196, hrZone1Max: 140, hrZone2Min: 141, hrZone2Max: 155, hrZone3Min: 156, hrZone3Max: 166, hrZone4Min: 167, hrZone4Max: 178, hrZone5Min: 179 },
      },
    });
    expect(userSettingsUpdate.safeParse(update).success).toBe(true);
    expect(profileUpdate(EMPTY, EMPTY)).toEqual({});
  });

  it("clears a sport's value when its field is emptied, and reads a sport's saved values into its fields", () => {
    const saved = userSettings.parse({ ...DEFAULTS, hrBySport: { ...DEFAULTS.hrBySport, cycling: { ...DEFAULTS.hrBySport.cycling, athleteLthrBpm: 162 } } });
    const initial = formFromSettings(saved);
    expect(initial.sportHeartRate.cycling.athleteLthr).toBe('162');
    expect(initial.sportHeartRate.running.athleteLthr).toBe('');
    const cleared = { ...initial, sportHeartRate: { ...initial.sportHeartRate, cycling: { ...initial.sportHeartRate.cycling, athleteLthr: ' ' } } };
    expect(profileUpdate(cleared, initial)).toEqual({ hrBySport: { cycling: { athleteLthrBpm: null } } });
  });

  it("says which zones a sport uses and where they come from", () => {
    const own = { zones: [{ min: null, max: 140 }, { min: 141, max: 155 }, { min: 156, max: 166 }, { min: 167, max: 178 }, { min: 179, max: null }], source: 'athlete' as const, asOf: null, evidence: [] };
    const effective = { ...DEFAULTS.effective, running: { ...DEFAULTS.effective.running, heartRate: { ...DEFAULTS.effective.running.heartRate, zones: own } } };
    expect(zonesInUseText(effective, 'running')).toBe('In use, set by you: Z1 0-140, Z2 141-155, Z3 156-166, Z4 167-178, Z5 179+.');
    expect(zonesInUseText(effective, 'cycling')).toBeNull();
  });
});

describe('max heart rate estimated per sport in the form (ADR 0060)', () => {
  const day = (iso: string) => iso.slice(0, 10);
  const evidence = (activityName: string, startDate: string, value: number, label: string) => ({ activityId: activityName, activityName, startDate, source: 'file' as const, value, label });
  const running = {
    value: 191,
    source: 'estimate' as const,
    asOf: '2026-11-21T07:00:00.000Z',
    evidence: [evidence('Parkrun', '2026-11-21T07:00:00.000Z', 191, 'second-highest peak 191 bpm'), evidence('Tempo run', '2026-11-11T07:00:00.000Z', 192, 'highest peak 192 bpm, set aside as one recording')],
  };
  const effective = { ...DEFAULTS.effective, departures: [{ threshold: 'runningMaxHrBpm' as const, effectiveValue: 180, effectiveSource: 'athlete' as const, estimate: running, departurePct: 6.1 }] };

  it('names the activities and dates an estimate comes from, and the peak set aside', () => {
    expect(maxHrEvidenceText(running, 'running', day)).toBe(
      'From your runs of the last 12 months: 191 bpm on Parkrun (2026-11-21); the one higher peak, 192 bpm on Tempo run (2026-11-11), is set aside as a possible spike.',
    );
    expect(maxHrEvidenceText({ ...running, evidence: running.evidence.slice(0, 1) }, 'cycling', day)).toBe('From your rides of the last 12 months: 191 bpm on Parkrun (2026-11-21), the only one with a heart rate.');
  });

  it('says where a stored weight came from unless the athlete typed it', () => {
    expect(weightSourceText({ athleteWeight: 72.4, athleteWeightSource: 'strava' })).toBe('From Strava. A weight you type here, or record in a check-in, is used instead.');
    expect(weightSourceText({ athleteWeight: 71.6, athleteWeightSource: 'check-in' })).toBe('From your latest check-in.');
    expect(weightSourceText({ athleteWeight: 70, athleteWeightSource: 'athlete' })).toBeNull();
    expect(weightSourceText({ athleteWeight: null, athleteWeightSource: null })).toBeNull();
  });

  it('names two different numbers, or says the same peak was reached again, never one number as higher than itself (issue 26)', () => {
    const [counted] = running.evidence;
    const again = { ...counted!, activityId: 'again', activityName: 'Intervals', startDate: '2026-11-02T07:00:00.000Z', value: 191, label: 'the same peak 191 bpm, reached again' };
    expect(maxHrEvidenceText({ ...running, evidence: [counted!, again] }, null, day)).toBe(
      'From your activities of the last 12 months: 191 bpm on Parkrun (2026-11-21), reached again on Intervals (2026-11-02).',
    );
  });

  it("offers a sport's estimate that departs from the max HR in use until the sport's field holds it", () => {
    expect(maxHrOffers(EMPTY, effective)).toEqual([{ sport: 'running', label: 'Suggested running max HR', estimate: running, departure: '6% above the 180 bpm in use' }]);
    const accepted = edited({ sportHeartRate: { ...EMPTY.sportHeartRate, running: { ...EMPTY.sportHeartRate.running, athleteMaxHr: '191' } } });
    expect(maxHrOffers(accepted, effective)).toEqual([]);
    expect(maxHrOffers(EMPTY, DEFAULTS.effective)).toEqual([]);
    // Accepting sends running's own max HR and nothing else.
    expect(profileUpdate(accepted, EMPTY)).toEqual({ hrBySport: { running: { athleteMaxHrBpm: 191 } } });
  });
});

describe('weight in the athlete unit (issue 14 item 5)', () => {
  it('shows the stored kg in lb for an imperial athlete, sends nothing untouched, and sends a typed lb as kg', () => {
    const imperial = formFromSettings(userSettings.parse({ ...DEFAULTS, unitSystem: 'imperial', athleteWeight: 70.5 }));
    expect(imperial.athleteWeight).toBe('155.4');
    expect(profileUpdate(imperial, imperial)).toEqual({});
    expect(profileUpdate({ ...imperial, athleteWeight: '160' }, imperial)).toEqual({ athleteWeight: 72.6 });
    const metric = formFromSettings(userSettings.parse({ ...DEFAULTS, athleteWeight: 70.5 }));
    expect(profileUpdate({ ...metric, athleteWeight: '72' }, metric)).toEqual({ athleteWeight: 72 });
    // Out of range is said in the unit typed, before the server's kg could answer.
    expect(weightProblem({ ...imperial, athleteWeight: '700' }, imperial)).toBe('Weight must be between 45 and 661 lb');
    expect(weightProblem({ ...imperial, athleteWeight: '661' }, imperial)).toBeNull();
    expect(weightProblem({ ...metric, athleteWeight: '301' }, metric)).toBe('Weight must be between 20 and 300 kg');
    expect(weightProblem(imperial, imperial)).toBeNull();
  });
});
