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
  maxHeartrateBySport: { cycling: null, running: null },
  thresholdPace: null,
};
const NO_ESTIMATES: ThresholdEstimates = { ftp: null, maxHeartrate: null, maxHeartrateBySport: { cycling: null, running: null }, thresholdPace: null };

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

describe('max heart rate estimated per sport (ADR 0060)', () => {
  const HILLS = { activityId: 'r1', name: 'Hill repeats', startDate: new Date('2026-10-02T06:00:00Z'), source: 'file' as const };
  const SPIKE = { activityId: 'r2', name: 'Commute', startDate: new Date('2026-09-12T17:00:00Z'), source: 'file' as const };
  const PARKRUN = { activityId: 'u1', name: 'Parkrun', startDate: new Date('2026-11-08T09:00:00Z'), source: 'file' as const };
  const BY_SPORT: ThresholdEstimates = {
    ...ESTIMATES,
    maxHeartrate: { ...PARKRUN, maxHeartrateBpm: 193, setAside: null },
    maxHeartrateBySport: { cycling: { ...HILLS, maxHeartrateBpm: 184, setAside: { ...SPIKE, maxHeartrateBpm: 231 } }, running: { ...PARKRUN, maxHeartrateBpm: 193, setAside: null } },
  };

  it("gives each sport its own estimate with its evidence, and derives the sport's LTHR and zones from it", () => {
    const effective = resolveEffectiveThresholds({ set: UNSET, strava: null, estimates: BY_SPORT });
    expect(effective.cycling.heartRate.maxHrBpm).toEqual({
      value: 184,
      source: 'estimate',
      asOf: '2026-10-02T06:00:00.000Z',
      evidence: [
        { activityId: 'r1', activityName: 'Hill repeats', startDate: '2026-10-02T06:00:00.000Z', source: 'file', value: 184, label: 'second-highest peak 184 bpm' },
        { activityId: 'r2', activityName: 'Commute', startDate: '2026-09-12T17:00:00.000Z', source: 'file', value: 231, label: 'highest peak 231 bpm, set aside as one recording' },
      ],
    });
    expect(effective.running.heartRate.maxHrBpm).toMatchObject({ value: 193, source: 'estimate', evidence: [{ activityName: 'Parkrun', label: 'highest heart rate 193 bpm' }] });
    // LTHR 90 % of max: 165.6 (shown 166) and 173.7 (174); Friel's bounds 80/89/93/99 % of it, in whole beats:
    // 132.5, 147.4, 154.0, 163.9 and 139.0, 154.6, 161.5, 172.0.
    expect(effective.cycling.heartRate.lthrBpm).toMatchObject({ value: 166, source: 'estimate' });
    expect(effective.cycling.heartRate.zones?.zones.slice(0, 4).map((zone) => zone.max)).toEqual([132, 147, 154, 164]);
    expect(effective.running.heartRate.zones?.zones.slice(0, 4).map((zone) => zone.max)).toEqual([139, 155, 162, 172]);
    expect(effective.estimates.maxHrBpmBySport).toMatchObject({ cycling: { value: 184 }, running: { value: 193 } });
    expect(effective.departures).toEqual([]);
  });

  it('falls back to the estimate from every activity for a sport without a heart rate of its own', () => {
    const effective = resolveEffectiveThresholds({ set: UNSET, strava: null, estimates: { ...BY_SPORT, maxHeartrateBySport: { ...BY_SPORT.maxHeartrateBySport, cycling: null } } });
    expect(effective.cycling.heartRate.maxHrBpm).toMatchObject({ value: 193, source: 'estimate' });
    expect(effective.estimates.maxHrBpmBySport.cycling).toBeNull();
  });

  it("uses the athlete's value over the estimate, and offers the estimate when it departs by more than 5 %", () => {
    // 180 for all sports: cycling's 184 is 2.2 % above it, running's 193 is 7.2 % above it.
    const forAll = resolveEffectiveThresholds({ set: { ...UNSET, maxHrBpm: 180 }, strava: null, estimates: BY_SPORT });
    expect(forAll.cycling.heartRate.maxHrBpm).toMatchObject({ value: 180, source: 'athlete' });
    expect(forAll.running.heartRate.maxHrBpm).toMatchObject({ value: 180, source: 'athlete' });
    expect(forAll.departures).toEqual([
      { threshold: 'runningMaxHrBpm', effectiveValue: 180, effectiveSource: 'athlete', estimate: forAll.estimates.maxHrBpmBySport.running, departurePct: 7.2 },
    ]);
    // Running's own 192 is within 5 % of 193: nothing offered.
    const ownRunning = resolveEffectiveThresholds({ set: { ...UNSET, maxHrBpm: 180, bySport: { ...UNSET.bySport, running: { ...UNSET_HEART_RATE, maxHrBpm: 192 } } }, strava: null, estimates: BY_SPORT });
    expect(ownRunning.running.heartRate.maxHrBpm).toMatchObject({ value: 192, source: 'athlete' });
    expect(ownRunning.departures).toEqual([]);
  });

  it('has Kai say so on a run, naming the run the estimate comes from, in words grounded in the facts; not on a ride', () => {
    const thresholds = resolveEffectiveThresholds({ set: { ...UNSET, maxHrBpm: 180 }, strava: null, estimates: BY_SPORT });
    const context = contextOf('run', { athlete: { weightKg: null, thresholds } });
    expect(context.maxHrUpdate).toMatchObject({ provenance: ['athlete', 'file'], activities: 'runs', current: { value: 180 }, estimate: { value: 193 } });
    const answer = writeBuiltinAnalysis(context);
    expect(answer.summary).toContain('Your max heart rate of 180 bpm (set by you) is 7% below what your runs of the last 12 months show: 193 bpm on Parkrun (');
    expect(answer.summary).toContain('Update it in Settings to 193 bpm so your heart-rate zones and load are scored right.');
    const { nextSession, ...sections } = answer;
    expect(ungroundedNumbers(sections, nextSession, context)).toEqual([]);
    // Cycling's estimate is within 5 %: nothing on a ride, and the ride's facts carry no such block.
    expect('maxHrUpdate' in contextOf('ridePower', { athlete: { weightKg: null, thresholds } })).toBe(false);
  });

  it('offers at more than 5 %, not at 5 % exactly', () => {
    const at = (set: number, estimate: number) =>
      resolveEffectiveThresholds({ set: { ...UNSET, bySport: { ...UNSET.bySport, cycling: { ...UNSET_HEART_RATE, maxHrBpm: set } } }, strava: null, estimates: { ...BY_SPORT, maxHeartrateBySport: { ...BY_SPORT.maxHeartrateBySport, cycling: { ...HILLS, maxHeartrateBpm: estimate } } } }).departures.map((entry) => [entry.threshold, entry.departurePct]);
    expect(at(180, 189)).toEqual([]);
    expect(at(180, 190)).toEqual([['cyclingMaxHrBpm', 5.6]]);
    expect(at(200, 189)).toEqual([['cyclingMaxHrBpm', -5.5]]);
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
