import { Decoder, Stream } from '@garmin/fitsdk';
import { XMLParser } from 'fast-xml-parser';
import FitParser from 'fit-file-parser';
import { describe, expect, it } from 'vitest';
import {
  deviceWorkout,
  effortDistanceM,
  formatAvailability,
  runStepsAsSpeedPct,
  stepsOf,
  stepsText,
  type DeviceThresholds,
} from '../../src/server/features/plans/device-files.ts';
import { WORKOUT_FORMAT_UNAVAILABLE } from '../../src/shared/api/plan-files.ts';
import { sessionSteps, timeTrialSteps, TIME_TRIAL_NAME, type MainSet } from '../../src/server/features/plans/session-steps.ts';
import type { ScheduledDay } from '../../src/shared/api/training-plans.ts';
import { workoutDurationS } from '../../src/server/workouts/device-workout.ts';
import { encodeFitWorkout } from '../../src/server/workouts/fit.ts';
import { buildCourseFile } from '../../src/server/workouts/mrc-erg.ts';
import { datedWorkoutSession, workoutFile } from '../../src/server/features/plans/workouts.ts';
import { progressChecks } from '../../src/server/features/plans/checks.ts';
import { generatePlan } from '../../src/server/features/plans/generator.ts';
import { summariseTraining } from '../../src/server/features/plans/athlete-facts.ts';
import { datedSessions } from '../../src/server/features/plans/dated-sessions.ts';
import { renderUnitsDeep, unitTokens } from '../../src/shared/domain/unit-tokens.ts';
import { trainingPlanInput } from '../../src/shared/api/training-plans.ts';
import { planSchedule } from '../../src/shared/domain/plan-phases.ts';

const THRESHOLD: MainSet = { kind: 'intervals', repeats: 3, workMin: 10, work: [91, 105], recoveryMin: 5, recovery: [45, 55] };
const TEMPO: MainSet = { kind: 'intervals', repeats: 2, workMin: 15, work: [76, 90], recoveryMin: 5, recovery: [56, 75] };
const NONE: DeviceThresholds = { ftpW: null, thresholdPaceSPerKm: null, hrZones: null, maxHrBpm: null, lthrBpm: null, restingHrBpm: null };
const CREATED = new Date('2026-03-02T06:00:00Z');

const ride = (ftpW: number | null) =>
  deviceWorkout({ name: 'Build - threshold (1:15)', description: 'Threshold intervals: 3 x 10 min.', sport: 'cycling', steps: sessionSteps(THRESHOLD, 75, null) }, { ...NONE, ftpW });

/** Garmin's own decoder: the messages, and whether the header and file CRCs hold. */
function sdkDecode(bytes: Uint8Array) {
  const decoder = new Decoder(Stream.fromByteArray(bytes));
  const integrity = decoder.checkIntegrity();
  const { messages, errors } = new Decoder(Stream.fromByteArray(bytes)).read();
  return { integrity, errors, messages };
}

/** An independent decoder (fit-file-parser): its own reading of the same bytes, snake_case and raw values. */
async function parserDecode(bytes: Uint8Array) {
  const parsed = await new FitParser({ force: false, mode: 'list' }).parseAsync(Buffer.from(bytes));
  const messages = (parsed as unknown as { messages: Record<string, Record<string, unknown>[]> }).messages;
  return { fileId: messages.file_id![0]!, workout: messages.workout![0]!, steps: messages.workout_step! };
}

describe('FIT workout files', () => {
  it('write a ride with watts from FTP (1000 + W) and its intervals as a repeat step, read the same by two decoders', async () => {
    const bytes = encodeFitWorkout(ride(250), CREATED);
    const sdk = sdkDecode(bytes);
    expect(sdk.integrity).toBe(true);
    expect(sdk.errors).toEqual([]);
    expect(sdk.messages.fileIdMesgs![0]).toMatchObject({ type: 'workout', timeCreated: CREATED });
    expect(sdk.messages.workoutMesgs![0]).toMatchObject({ wktName: 'Build - threshold (1:15)', sport: 'cycling', numValidSteps: 7 });

    const parsed = await parserDecode(bytes);
    expect(parsed.fileId.type).toBe('workout');
    expect(parsed.workout).toMatchObject({ wkt_name: 'Build - threshold (1:15)', sport: 'cycling', num_valid_steps: 7 });
    const steps = parsed.steps.map((step) => [step.duration_type, step.duration_value, step.intensity ?? null, step.target_type ?? null, step.target_value, step.custom_target_value_low ?? null, step.custom_target_value_high ?? null]);
    // 75 min: 10 min warm-up 45-70 %, 5 min zone 2, 3 x (10 min 91-105 %, 5 min 45-55 %), 5 min zone 2, 10 min cool-down 45-65 %; FTP 250 W.
    expect(steps).toEqual([
      ['time', 600_000, 'warmup', 'power', 0, 1113, 1175],
      ['time', 300_000, 'active', 'power', 0, 1140, 1188],
      ['time', 600_000, 'active', 'power', 0, 1228, 1263],
      ['time', 300_000, 'rest', 'power', 0, 1113, 1138],
      // Repeat from step 2, three rounds.
      ['repeat_until_steps_cmplt', 2, null, null, 3, null, null],
      ['time', 300_000, 'active', 'power', 0, 1140, 1188],
      ['time', 600_000, 'cooldown', 'power', 0, 1113, 1163],
    ]);
    // Both decoders agree on the whole step list.
    expect(sdk.messages.workoutStepMesgs!.map((step) => [step.durationValue, step.customTargetValueLow ?? null])).toEqual(parsed.steps.map((step) => [step.duration_value, step.custom_target_value_low ?? null]));
    // The repeat's rounds count in the workout's time.
    expect(workoutDurationS(ride(250))).toBe(75 * 60);
  });

  it('write % FTP (0-1000) when no FTP is known, and the same plan writes the same bytes', async () => {
    const bytes = encodeFitWorkout(ride(null), CREATED);
    const parsed = await parserDecode(bytes);
    expect(parsed.steps.filter((step) => step.target_type === 'power').map((step) => [step.custom_target_value_low, step.custom_target_value_high])).toEqual([
      [45, 70],
      [56, 75],
      [91, 105],
      [45, 55],
      [56, 75],
      [45, 65],
    ]);
    expect(Buffer.from(encodeFitWorkout(ride(null), CREATED)).equals(Buffer.from(bytes))).toBe(true);
  });

  it('fail the CRC check when a byte changes', async () => {
    const bytes = encodeFitWorkout(ride(250), CREATED);
    const damaged = Uint8Array.from(bytes);
    damaged[40] = damaged[40]! ^ 0xff;
    expect(sdkDecode(damaged).integrity).toBe(false);
    await expect(new FitParser({ force: false }).parseAsync(Buffer.from(damaged))).rejects.toBeDefined();
  });

  it('write a run with speed targets from threshold pace (Friel pace zones)', async () => {
    const run = deviceWorkout({ name: 'Run tempo', description: 'Tempo', sport: 'running', steps: sessionSteps(TEMPO, 60, null) }, { ...NONE, thresholdPaceSPerKm: 240 });
    const parsed = await parserDecode(encodeFitWorkout(run, CREATED));
    expect(parsed.workout.sport).toBe('running');
    const work = parsed.steps.find((step) => step.intensity === 'active' && step.duration_value === 900_000)!;
    // Zone 3 is 106-113 % of a 4:00 /km threshold pace: 4:31.2 to 4:14.4 /km, i.e. 3.687 to 3.931 m/s.
    expect(work).toMatchObject({ target_type: 'speed', custom_target_value_low: Math.round(1_000_000 / (240 * 1.13)), custom_target_value_high: Math.round(1_000_000 / (240 * 1.06)) });
    expect([work.custom_target_value_low, work.custom_target_value_high]).toEqual([3687, 3931]);
  });

  it('write a run with heart-rate targets (100 + bpm) from the zones when no threshold pace is known', async () => {
    // Friel's zones from LTHR 170: zone 1 up to 136, 2 137-151, 3 152-158, 4 159-168, 5 from 169.
    const hrZones = [{ min: null, max: 136 }, { min: 137, max: 151 }, { min: 152, max: 158 }, { min: 159, max: 168 }, { min: 169, max: null }];
    const run = deviceWorkout({ name: 'Run tempo', description: 'Tempo', sport: 'running', steps: sessionSteps(TEMPO, 60, null) }, { ...NONE, hrZones, lthrBpm: 170 });
    const sdk = sdkDecode(encodeFitWorkout(run, CREATED));
    const targets = sdk.messages.workoutStepMesgs!.filter((step) => step.targetType === 'heartRate').map((step) => [step.intensity, step.customTargetValueLow, step.customTargetValueHigh]);
    expect(targets).toEqual([
      // Warm-up 45-70 % spans zones 1-2: from the resting heart rate the metrics assume (60) to 151.
      ['warmup', 160, 251],
      ['active', 252, 258],
      ['rest', 237, 251],
      ['cooldown', 160, 251],
    ]);
  });
});

/** A test-side reader of ERG-mode course files: the header's keys and the (minutes, value) points. */
function parseCourse(text: string) {
  const lines = text.split('\r\n');
  const section = (start: string, end: string) => lines.slice(lines.indexOf(start) + 1, lines.indexOf(end));
  const header = Object.fromEntries(section('[COURSE HEADER]', '[END COURSE HEADER]').filter((line) => line.includes('=')).map((line) => line.split(/\s*=\s*/)));
  const columns = section('[COURSE HEADER]', '[END COURSE HEADER]').find((line) => line.startsWith('MINUTES'));
  const points = section('[COURSE DATA]', '[END COURSE DATA]').map((line) => line.split('\t').map(Number) as [number, number]);
  return { header, columns, points };
}

describe('.mrc and .erg files', () => {
  it('write the ride as minutes against % FTP (.mrc) and watts (.erg), ramps for warm-up and cool-down', () => {
    const mrc = parseCourse(buildCourseFile(ride(null), 'mrc', null, 'threshold.mrc'));
    expect(mrc.columns).toBe('MINUTES PERCENT');
    expect(mrc.header['FILE NAME']).toBe('threshold.mrc');
    expect(mrc.points.slice(0, 6)).toEqual([
      [0, 45],
      [10, 70],
      [10, 65.5],
      [15, 65.5],
      [15, 98],
      [25, 98],
    ]);
    expect(mrc.points.at(-2)).toEqual([65, 65]);
    expect(mrc.points.at(-1)).toEqual([75, 45]);
    // Three rounds of work and recovery, unrolled: 2 points per step, 1 + 1 + 3 x 2 + 1 + 1 steps.
    expect(mrc.points).toHaveLength(20);
    // Time never goes back.
    expect(mrc.points.every(([minute], index) => index === 0 || minute >= mrc.points[index - 1]![0])).toBe(true);

    const erg = parseCourse(buildCourseFile(ride(250), 'erg', 250, 'threshold.erg'));
    expect(erg.columns).toBe('MINUTES WATTS');
    expect(erg.header.FTP).toBe('250');
    expect(erg.points.slice(0, 6)).toEqual([
      [0, 113],
      [10, 175],
      [10, 164],
      [15, 164],
      [15, 245],
      [25, 245],
    ]);
    expect(erg.points.at(-1)).toEqual([75, 113]);
  });

  it('refuse an .erg without FTP', () => {
    expect(() => buildCourseFile(ride(null), 'erg', null, 'x.erg')).toThrow(/FTP/);
  });
});

describe('which files a session offers', () => {
  it('offers a ride every format with FTP, and says why there is no .erg without one', () => {
    expect(formatAvailability('cycling', true, { ...NONE, ftpW: 250 }).every((entry) => entry.available)).toBe(true);
    const withoutFtp = formatAvailability('cycling', true, NONE);
    expect(withoutFtp.find((entry) => entry.format === 'erg')).toEqual({ format: 'erg', available: false, reason: WORKOUT_FORMAT_UNAVAILABLE.ergNeedsFtp });
    expect(withoutFtp.filter((entry) => entry.available).map((entry) => entry.format)).toEqual(['fit', 'zwo', 'mrc']);
  });

  it('offers a run FIT with threshold pace or heart-rate zones, and a Zwift run workout with threshold pace; no ERG-mode files', () => {
    const withPace = formatAvailability('running', true, { ...NONE, thresholdPaceSPerKm: 240 });
    expect(withPace.filter((entry) => entry.available).map((entry) => entry.format)).toEqual(['fit', 'zwo']);
    expect(withPace.find((entry) => entry.format === 'mrc')!.reason).toBe(WORKOUT_FORMAT_UNAVAILABLE.notCycling);
    const hrZones = [{ min: null, max: 130 }, { min: 131, max: 145 }, { min: 146, max: 160 }, { min: 161, max: 172 }, { min: 173, max: null }];
    const withZones = formatAvailability('running', true, { ...NONE, hrZones });
    expect(withZones.filter((entry) => entry.available).map((entry) => entry.format)).toEqual(['fit']);
    expect(withZones.find((entry) => entry.format === 'zwo')).toEqual({ format: 'zwo', available: false, reason: WORKOUT_FORMAT_UNAVAILABLE.runZwoNeedsPace });
    expect(formatAvailability('running', true, NONE)[0]).toEqual({ format: 'fit', available: false, reason: WORKOUT_FORMAT_UNAVAILABLE.runNeedsThresholds });
    expect(formatAvailability('cycling', false, NONE)[0]!.reason).toBe(WORKOUT_FORMAT_UNAVAILABLE.noSteps);
  });

  it('fits a session to the minutes of its day (a lighter week rides fewer minutes)', () => {
    const session: ScheduledDay = {
      dayOfWeek: 'Tuesday',
      activityType: 'Cycling - threshold',
      duration: '1:15',
      durationMin: 75,
      zones: 'Z4',
      description: 'Threshold intervals: 3 x 10 min, 5 min easy between.',
      notes: '',
      steps: sessionSteps(THRESHOLD, 75, 250),
    };
    expect(stepsOf({ phase: { key: 'build' }, scheduled: session, durationMin: 75 })).toBe(session.steps);
    const lighter = stepsOf({ phase: { key: 'build' }, scheduled: session, durationMin: 50 })!;
    expect(lighter).toEqual(sessionSteps(THRESHOLD, 50, null));
    expect(workoutDurationS(deviceWorkout({ name: 'x', description: '', sport: 'cycling', steps: lighter }, NONE))).toBe(50 * 60);
    // A run has no stored steps: built from the same catalogue.
    expect(stepsOf({ phase: { key: 'build' }, scheduled: { ...session, activityType: 'Running - threshold', steps: undefined }, durationMin: 60 })).toEqual(sessionSteps(THRESHOLD, 60, null));
    expect(stepsOf({ phase: { key: 'build' }, scheduled: { ...session, activityType: 'Lifting - strength', steps: undefined }, durationMin: 45 })).toBeNull();
    // A ride of a plan generated before steps existed.
    expect(stepsOf({ phase: { key: 'build' }, scheduled: { ...session, steps: undefined }, durationMin: 75 })).toBeNull();
  });
});

describe('Zwift run workouts', () => {
  it("write a run's zones as fractions of threshold pace (Friel's pace zones), read back with an XML parser", () => {
    const file = workoutFile({ title: 'Base - run tempo (1 h)', description: 'Tempo', sport: 'running', steps: sessionSteps(TEMPO, 60, null), effortDistanceM: null }, 'zwo', { ...NONE, thresholdPaceSPerKm: 240 }, '2026-03-05-thu-run-tempo-2x15', CREATED);
    expect(file.fileName).toBe('2026-03-05-thu-run-tempo-2x15.zwo');
    const { workout_file: document } = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseAttributeValue: true }).parse(file.bytes.toString('utf8'));
    expect(document.sportType).toBe('run');
    expect(document.description).toContain('set the same threshold pace in Zwift');
    // Zone 3 work (106-113 % of threshold pace) at its middle, zone 2 recovery (114-129 %) at its middle, as shares of threshold speed.
    expect(document.workout.IntervalsT).toMatchObject({ Repeat: 2, OnDuration: 900, OffDuration: 300, OnPower: 0.914, OffPower: 0.826 });
    // The warm-up ramps from zone 1's slow end (145 %, a jog) to zone 2's fast end (114 %); the cool-down back down.
    expect(document.workout.Warmup).toMatchObject({ PowerLow: 0.69, PowerHigh: 0.877 });
    expect(document.workout.Cooldown).toMatchObject({ PowerLow: 0.877, PowerHigh: 0.69 });
  });

  it('match the speed targets of the same run in its FIT file', () => {
    const steps = sessionSteps(THRESHOLD, 60, null);
    const asSpeed = runStepsAsSpeedPct(steps, null);
    const fit = deviceWorkout({ name: 'x', description: '', sport: 'running', steps }, { ...NONE, thresholdPaceSPerKm: 300 });
    const work = fit.steps.find((step) => step.kind === 'repeat')!;
    const zwiftWork = asSpeed.find((step) => step.type === 'intervals')!;
    if (work.kind !== 'repeat' || zwiftWork.type !== 'intervals' || zwiftWork.work.intensity.kind !== 'power' || work.steps[0]!.target.kind !== 'speed') throw new Error('an interval set');
    const thresholdSpeed = 1000 / 300;
    expect(work.steps[0]!.target.metresPerS.low).toBeCloseTo((thresholdSpeed * zwiftWork.work.intensity.ftpPct.low) / 100, 3);
    expect(work.steps[0]!.target.metresPerS.high).toBeCloseTo((thresholdSpeed * zwiftWork.work.intensity.ftpPct.high) / 100, 3);
  });
});

describe('the workout as text', () => {
  it("reads a ride's steps in % FTP and a run's as zones", () => {
    const steps = sessionSteps(TEMPO, 60, null);
    expect(stepsText(steps, 'cycling', 'metric').split('\n')).toEqual([
      'Warm-up: 10 min at 45-70 % FTP',
      '2 x (15 min at 76-90 % FTP, 5 min at 56-75 % FTP)',
      'Cool-down: 10 min at 45-65 % FTP',
    ]);
    expect(stepsText(steps, 'running', 'metric').split('\n')).toEqual(['Warm-up: 10 min at zones 1-2', '2 x (15 min at zone 3, 5 min at zone 2)', 'Cool-down: 10 min at zones 1-2']);
    expect(stepsText(sessionSteps(TEMPO, 65, null), 'cycling', 'metric').split('\n')[1]).toBe('Steady: 2 min at 56-75 % FTP');
  });
});

describe("the running plan's 5 km time trial", () => {
  const now = new Date('2026-03-10T12:00:00Z');
  /** Four weeks of runs at 3 m/s (5:33 /km) and a threshold pace of 4:10 /km. */
  const runs = Array.from({ length: 12 }, (_, index) => ({
    family: 'run' as const,
    startDate: new Date(now.getTime() - (27 - index * 2) * 86_400_000),
    movingTimeS: 50 * 60,
    distanceM: 50 * 60 * 3,
    trainingLoad: 50,
  }));
  const runner = summariseTraining(runs, now, { fitness: null, ftp: null, thresholdPaceSPerKm: 250 });
  const input = trainingPlanInput.parse({ preparationType: 'pr', prGoal: 'Faster 10k', eventType: 'running', prDistance: '10 km', prTimeline: '2026-06-14' });
  const schedule = planSchedule({ targetDate: '2026-06-14', generatedAt: now });
  const stored = generatePlan(input, runner, schedule, new Date('2026-06-14T00:00:00Z'), unitTokens).generatedPlan;

  it('is a session of the plan with its steps: a 15 min warm-up, the 5 km at threshold pace or faster, 10 min easy', () => {
    const check = stored.progressChecks.find((candidate) => candidate.name === TIME_TRIAL_NAME)!;
    expect(check.session).toMatchObject({ activityType: `Running - ${TIME_TRIAL_NAME}` });
    // 5 km at 4:10 /km is 20 min 50 s: with the warm-up and cool-down 45 minutes (to the nearest 5).
    expect(check.session!.durationMin).toBe(45);
    expect(check.session!.steps).toEqual(timeTrialSteps(20));
    expect(check.session!.steps!.reduce((total, step) => total + (step.type === 'intervals' ? 0 : step.durationS), 0)).toBe(45 * 60);
    // progressChecks is what placed it; the check the generator stores is the same.
    expect(progressChecks({ ...stored, progressChecks: [] }, schedule, { sport: 'running', general: false, ftpW: null, thresholdPaceSPerKm: 250, runSpeedMps: 3, write: unitTokens })[0]).toEqual(check);
  });

  it('downloads as a FIT run whose effort ends at 5 km, with a speed target from threshold pace, between a timed warm-up and cool-down', async () => {
    const plan = { phases: schedule.phases, generatedPlan: renderUnitsDeep(stored, 'imperial') };
    const dated = datedSessions(plan).find((session) => session.scheduled.activityType === `Running - ${TIME_TRIAL_NAME}`)!;
    const session = datedWorkoutSession(dated, 'Faster 10k')!;
    expect(session).toMatchObject({ sport: 'running', effortDistanceM: 5000 });
    expect(session.description).toContain('run 5K (3.1 mi) as evenly and as fast as you can');
    expect(session.description).not.toMatch(/[\uE000\uE001]/);
    const file = workoutFile(session, 'fit', { ...NONE, thresholdPaceSPerKm: 250 }, 'tt', CREATED);
    const sdk = sdkDecode(file.bytes);
    expect(sdk.integrity).toBe(true);
    expect(sdk.errors).toEqual([]);
    expect(sdk.messages.workoutMesgs![0]).toMatchObject({ sport: 'running', numValidSteps: 3 });
    const parsed = await parserDecode(file.bytes);
    const steps = parsed.steps.map((step) => [step.duration_type, step.duration_value, step.intensity, step.target_type]);
    // Distance in cm (FIT's scale 100 on metres), time in ms.
    expect(steps).toEqual([
      ['time', 15 * 60_000, 'warmup', 'speed'],
      ['distance', 500_000, 'active', 'speed'],
      ['time', 10 * 60_000, 'cooldown', 'speed'],
    ]);
    // The effort's target: Friel's zones 4-5 from a 4:10 /km threshold (4.0 m/s): 99-105 % of its pace to 90-97 %.
    const effort = sdk.messages.workoutStepMesgs![1]!;
    expect(effort.customTargetValueLow).toBe(Math.round((4 * 100 * 1000) / 105));
    expect(effort.customTargetValueHigh).toBe(Math.round((4 * 100 * 1000) / 90));
  });

  it('keeps every other session on time steps, and a time trial without a single steady effort on time too', () => {
    const tempo = deviceWorkout({ name: 'x', description: '', sport: 'running', steps: sessionSteps(TEMPO, 60, null), effortDistanceM: 5000 }, { ...NONE, thresholdPaceSPerKm: 250 });
    expect(tempo.steps.every((step) => step.kind === 'repeat' || step.distanceM === undefined)).toBe(true);
    const trial = deviceWorkout({ name: 'x', description: '', sport: 'running', steps: timeTrialSteps(20), effortDistanceM: 5000 }, { ...NONE, thresholdPaceSPerKm: 250 });
    expect(trial.steps.map((step) => (step.kind === 'step' ? (step.distanceM ?? null) : null))).toEqual([null, 5000, null]);
  });

  it('has its steps in a plan made before they were stored, under its earlier metric name too', () => {
    const check = stored.progressChecks.find((candidate) => candidate.name === TIME_TRIAL_NAME)!;
    const { steps: _steps, ...earlier } = check.session!;
    for (const activityType of ['Running - 5 km time trial', 'Running - 5K time trial']) {
      const scheduled = { ...earlier, activityType };
      expect(stepsOf({ phase: { key: 'base' }, scheduled, durationMin: 45 })).toEqual(timeTrialSteps(20));
      expect(effortDistanceM(scheduled)).toBe(5000);
    }
    // Too short for its warm-up and cool-down: no structure to write.
    expect(stepsOf({ phase: { key: 'base' }, scheduled: { ...earlier }, durationMin: 25 })).toBeNull();
    expect(effortDistanceM({ activityType: 'Running - tempo' })).toBeNull();
    expect(effortDistanceM({ activityType: 'Cycling - 5K time trial' })).toBeNull();
  });

  it('has a file in every sport format a run has, for a runner with a threshold pace', () => {
    expect(formatAvailability('running', true, { ...NONE, thresholdPaceSPerKm: 250 }).filter((offer) => offer.available).map((offer) => offer.format)).toEqual(['fit', 'zwo']);
  });
});
