import { describe, expect, it } from 'vitest';
import { writeBuiltinAnalysis } from '../../src/server/features/analysis/coach/builtin.ts';
import { ungroundedNumbers } from '../../src/server/features/analysis/coach/grounding.ts';
import { resolveEffectiveThresholds, type ThresholdEstimates } from '../../src/server/features/settings/thresholds.ts';
import { hrZoneFields, type HrZoneValues } from '../../src/shared/api/settings.ts';
import { ATHLETE_ZONES } from '../support/athlete-settings.ts';
import { contextOf } from './support/analysis-context.ts';

const NO_ZONES = Object.fromEntries(hrZoneFields.map((field) => [field, null])) as HrZoneValues;
const UNSET_HEART_RATE = { zones: NO_ZONES, maxHrBpm: null, lthrBpm: null };
const UNSET = { ftpW: null, zones: NO_ZONES, maxHrBpm: null, restingHrBpm: null, lthrBpm: null, thresholdPaceSPerKm: null, bySport: { cycling: UNSET_HEART_RATE, running: UNSET_HEART_RATE } };
const RIDE = { activityId: 'a1', name: 'Hill reps 4x8', startDate: new Date('2026-11-20T07:00:00Z'), source: 'file' as const };
const ESTIMATES: ThresholdEstimates = {
  ftp: { ...RIDE, ftpW: 216, best20MinPowerW: 227.4 },
  maxHeartrate: { ...RIDE, maxHeartrateBpm: 188 },
  thresholdPace: null,
};
const NO_ESTIMATES: ThresholdEstimates = { ftp: null, maxHeartrate: null, thresholdPace: null };

describe('effective thresholds (ADR 0025)', () => {
  it('takes what the athlete set over Strava, and Strava over the estimate, each with its source', () => {
    const strava = { ftpW: 248, zones: [{ min: 0, max: 120 }, { min: 120, max: 150 }, { min: 150, max: 165 }, { min: 165, max: 180 }, { min: 180, max: null }] };
    const fromAthlete = resolveEffectiveThresholds({ set: { ...UNSET, ftpW: 230, zones: ATHLETE_ZONES }, strava, estimates: ESTIMATES });
    expect(fromAthlete.cycling.ftpW).toEqual({ value: 230, source: 'athlete', asOf: null, evidence: [] });
    expect(fromAthlete.heartRate.zones).toMatchObject({ source: 'athlete', zones: [{ min: null, max: 130 }, { min: 131, max: 145 }, { min: 146, max: 158 }, { min: 159, max: 170 }, { min: 171, max: null }] });
    expect(fromAthlete.heartRate.lthrBpm).toMatchObject({ value: 170, source: 'athlete' });

    const fromStrava = resolveEffectiveThresholds({ set: { ...UNSET, ftpW: null, zones: NO_ZONES }, strava, estimates: ESTIMATES });
    expect(fromStrava.cycling.ftpW).toMatchObject({ value: 248, source: 'strava' });
    // Strava's zones share their bounds; a bound belongs to the zone below it, as the metrics count.
    expect(fromStrava.heartRate.zones).toMatchObject({ source: 'strava', zones: [{ min: null, max: 120 }, { min: 121, max: 150 }, { min: 151, max: 165 }, { min: 166, max: 180 }, { min: 181, max: null }] });

    const estimated = resolveEffectiveThresholds({ set: { ...UNSET, ftpW: null, zones: NO_ZONES }, strava: null, estimates: ESTIMATES });
    expect(estimated.cycling.ftpW).toEqual({
      value: 216,
      source: 'estimate',
      asOf: '2026-11-20T07:00:00.000Z',
      evidence: [{ activityId: 'a1', activityName: 'Hill reps 4x8', startDate: '2026-11-20T07:00:00.000Z', source: 'file', value: 227, label: 'best 20 min 227 W' }],
    });
    // Friel's zones from LTHR at 90 % of the highest heart rate recorded.
    expect(estimated.heartRate.lthrBpm).toMatchObject({ value: Math.round(0.9 * 188), source: 'estimate' });
    expect(estimated.heartRate.zones?.zones[0]).toEqual({ min: null, max: Math.round(0.8 * 0.9 * 188) });
    expect(estimated.departures).toEqual([]);

    expect(resolveEffectiveThresholds({ set: { ...UNSET, ftpW: null, zones: NO_ZONES }, strava: null, estimates: NO_ESTIMATES }).cycling.ftpW).toBeNull();
  });

  it("uses the athlete's max heart rate, LTHR and threshold pace over the estimates, and Friel's zones from their LTHR", () => {
    const estimates: ThresholdEstimates = { ...ESTIMATES, thresholdPace: { ...RIDE, paceSPerKm: 262.4 } };
    const estimated = resolveEffectiveThresholds({ set: UNSET, strava: null, estimates });
    expect(estimated.running.thresholdPaceSPerKm).toMatchObject({ value: 262, source: 'estimate' });
    expect(estimated.heartRate.restingHrBpm).toBeNull();

    const set = resolveEffectiveThresholds({ set: { ...UNSET, maxHrBpm: 192, restingHrBpm: 48, lthrBpm: 172, thresholdPaceSPerKm: 240 }, strava: null, estimates });
    expect(set.heartRate.maxHrBpm).toMatchObject({ value: 192, source: 'athlete' });
    expect(set.heartRate.restingHrBpm).toMatchObject({ value: 48, source: 'athlete' });
    expect(set.heartRate.lthrBpm).toMatchObject({ value: 172, source: 'athlete' });
    expect(set.heartRate.zones).toMatchObject({ source: 'athlete', zones: [{ min: null, max: Math.round(0.8 * 172) }, {}, {}, { max: Math.round(0.99 * 172) }, {}] });
    expect(set.estimates.maxHrBpm).toMatchObject({ value: 188, source: 'estimate' });
    // 262 s/km estimated against 240 set: 9.2 % slower, offered.
    expect(set.departures).toEqual([
      { threshold: 'thresholdPaceSPerKm', effectiveValue: 240, effectiveSource: 'athlete', estimate: set.estimates.thresholdPaceSPerKm, departurePct: 9.2 },
    ]);
    // A max heart rate alone: LTHR is 90 % of it.
    expect(resolveEffectiveThresholds({ set: { ...UNSET, maxHrBpm: 190 }, strava: null, estimates }).heartRate.lthrBpm).toMatchObject({ value: 171, source: 'athlete' });
  });

  it('lists an estimate more than 5 % from a stated FTP as a departure, and not one within 5 %', () => {
    const far = resolveEffectiveThresholds({ set: { ...UNSET, ftpW: null, zones: NO_ZONES }, strava: { ftpW: 248, zones: null }, estimates: ESTIMATES });
    expect(far.departures).toEqual([
      { threshold: 'ftpW', effectiveValue: 248, effectiveSource: 'strava', estimate: far.estimates.ftpW, departurePct: -12.9 },
    ]);
    const near = resolveEffectiveThresholds({ set: { ...UNSET, ftpW: 226, zones: NO_ZONES }, strava: null, estimates: ESTIMATES });
    expect(near.departures).toEqual([]);
  });

  it('has Kai say so on a ride, with the evidence, in words grounded in the facts', () => {
    const thresholds = resolveEffectiveThresholds({ set: { ...UNSET, ftpW: null, zones: NO_ZONES }, strava: { ftpW: 248, zones: null }, estimates: ESTIMATES });
    const context = contextOf('ridePower', { athlete: { weightKg: null, thresholds } });
    expect(context.ftpUpdate).toMatchObject({ provenance: ['strava', 'file'], current: { value: 248 }, estimate: { value: 216 }, currentOrigin: 'from Strava' });
    const answer = writeBuiltinAnalysis(context);
    expect(answer.summary).toContain('Your FTP of 248 W (from Strava) is 13% above what your recent rides show: your best 20 minutes, 227 W on Hill reps 4x8');
    expect(answer.summary).toContain('Update it in Settings to 216 W');
    const { nextSession, ...sections } = answer;
    expect(ungroundedNumbers(sections, nextSession, context)).toEqual([]);

    // A run is not scored with FTP: no such note there.
    expect(contextOf('run', { athlete: { weightKg: null, thresholds } }).ftpUpdate).toBeNull();
  });
});

describe('heart rate per sport (ADR 0055)', () => {
  const RUN_ZONES: HrZoneValues = { hrZone1Max: 140, hrZone2Min: 141, hrZone2Max: 155, hrZone3Min: 156, hrZone3Max: 166, hrZone4Min: 167, hrZone4Max: 178, hrZone5Min: 179 };

  it('gives both sports the values for all sports when neither sets its own (settings stored before)', () => {
    const effective = resolveEffectiveThresholds({ set: { ...UNSET, zones: ATHLETE_ZONES, lthrBpm: 168 }, strava: null, estimates: ESTIMATES });
    expect(effective.cycling.heartRate).toEqual(effective.heartRate);
    expect(effective.running.heartRate).toEqual(effective.heartRate);
    expect(effective.heartRate.zones).toMatchObject({ source: 'athlete' });
    expect(effective.heartRate.lthrBpm).toMatchObject({ value: 168, source: 'athlete' });
  });

  it("uses a sport's own zones for that sport only; the other sport and other sports keep the values for all sports", () => {
    const set = { ...UNSET, zones: ATHLETE_ZONES, bySport: { cycling: UNSET_HEART_RATE, running: { ...UNSET_HEART_RATE, zones: RUN_ZONES } } };
    const effective = resolveEffectiveThresholds({ set, strava: null, estimates: ESTIMATES });
    const uppers = (zones: { max: number | null }[] | undefined) => zones?.slice(0, 4).map((zone) => zone.max);
    expect(uppers(effective.running.heartRate.zones?.zones)).toEqual([140, 155, 166, 178]);
    expect(effective.running.heartRate.lthrBpm).toMatchObject({ value: 178, source: 'athlete' });
    expect(uppers(effective.cycling.heartRate.zones?.zones)).toEqual([130, 145, 158, 170]);
    expect(uppers(effective.heartRate.zones?.zones)).toEqual([130, 145, 158, 170]);
    // The max heart rate nobody set stays the estimate, the same for both sports.
    expect(effective.running.heartRate.maxHrBpm).toMatchObject({ value: 188, source: 'estimate' });
  });

  it("derives a sport's zones from its own LTHR or max heart rate before the zones for all sports, and Strava's zones serve a sport with nothing of its own", () => {
    const strava = { ftpW: null, zones: [{ min: 0, max: 120 }, { min: 120, max: 150 }, { min: 150, max: 165 }, { min: 165, max: 180 }, { min: 180, max: null }] };
    const set = { ...UNSET, bySport: { cycling: { ...UNSET_HEART_RATE, lthrBpm: 160 }, running: { ...UNSET_HEART_RATE, maxHrBpm: 195 } } };
    const effective = resolveEffectiveThresholds({ set, strava, estimates: ESTIMATES });
    expect(effective.cycling.heartRate.lthrBpm).toMatchObject({ value: 160, source: 'athlete' });
    expect(effective.cycling.heartRate.zones).toMatchObject({ source: 'athlete', zones: [{ min: null, max: 128 }, {}, {}, { max: 158 }, {}] });
    expect(effective.running.heartRate.maxHrBpm).toMatchObject({ value: 195, source: 'athlete' });
    expect(effective.running.heartRate.lthrBpm).toMatchObject({ value: 176, source: 'athlete' });
    expect(effective.heartRate.zones).toMatchObject({ source: 'strava' });
    const runOnly = resolveEffectiveThresholds({ set: { ...UNSET, bySport: { cycling: UNSET_HEART_RATE, running: { ...UNSET_HEART_RATE, maxHrBpm: 195 } } }, strava, estimates: ESTIMATES });
    expect(runOnly.cycling.heartRate.zones).toMatchObject({ source: 'strava' });
  });
});

describe("the athlete's profile facts in the athlete's units and sport", () => {
  it('states the weight in lb for an imperial athlete, and the zones of the activity sport', () => {
    const RUN_ZONES: HrZoneValues = { hrZone1Max: 140, hrZone2Min: 141, hrZone2Max: 155, hrZone3Min: 156, hrZone3Max: 166, hrZone4Min: 167, hrZone4Max: 178, hrZone5Min: 179 };
    const set = { ...UNSET, zones: ATHLETE_ZONES, bySport: { cycling: UNSET_HEART_RATE, running: { ...UNSET_HEART_RATE, zones: RUN_ZONES } } };
    const thresholds = resolveEffectiveThresholds({ set, strava: null, estimates: NO_ESTIMATES });
    const run = contextOf('run', { units: 'imperial', athlete: { weightKg: 70.5, thresholds } });
    expect(run.athleteProfile?.weight).toEqual({ value: 155.4, text: '155.4 lb' });
    expect(run.athleteProfile?.hrZones?.[0]?.max?.value).toBe(140);
    const ride = contextOf('ridePower', { athlete: { weightKg: 70.5, thresholds } });
    expect(ride.athleteProfile?.weight).toEqual({ value: 70.5, text: '70.5 kg' });
    expect(ride.athleteProfile?.hrZones?.[0]?.max?.value).toBe(130);
  });
});
