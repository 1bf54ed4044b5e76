import { Decoder, Stream } from '@garmin/fitsdk';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { datedSessions } from '../../src/server/features/plans/dated-sessions.ts';
import { sessionSport, stepsOf, type DeviceThresholds } from '../../src/server/features/plans/device-files.ts';
import { lengthInput } from '../../src/server/features/plans/plan-on-day.ts';
import type { AdjustedPlanView } from '../../src/server/features/plans/view.ts';
import { planWorkoutFiles, zipWorkouts } from '../../src/server/features/plans/workouts.ts';
import { MAX_PLAN_WEEKS, planSchedule } from '../../src/shared/domain/plan-phases.ts';
import { planSource } from './support/analysis-context.ts';
import { readZip } from '../support/zip-files.ts';

/**
 * The plan's workouts zip at its largest (ADR 0057): a 104-week plan of rides and runs, every
 * dated session in each format it offers, read back with yauzl (the writer is yazl) and the FIT
 * SDK's decoder. The integration test (plan-files) follows an accepted change and its undo.
 */

const THRESHOLDS: DeviceThresholds = { ftpW: 260, thresholdPaceSPerKm: 250, hrZones: null, maxHrBpm: null, lthrBpm: null, restingHrBpm: null };
/** Far above what the longest plan writes (about 1 MB), far below what a phone minds downloading. */
const MAX_ZIP_BYTES = 2_000_000;

describe("a plan's workouts zip", () => {
  it('holds every dated session of a 104-week plan in each format it offers, sorted by date, in about 1 MB', async () => {
    const generatedAt = new Date('2026-03-02T08:00:00Z');
    const row = planSource(
      { preparationType: 'general-fitness', planName: 'Two years', selectedActivities: '["Cycling","Running"]', planDuration: `${MAX_PLAN_WEEKS} weeks`, weeklyTrainingTime: '12 hours' },
      generatedAt,
    );
    const plan = { ...row, phases: planSchedule(lengthInput(row, generatedAt)).phases, updatedAt: generatedAt.toISOString(), sessionChanges: [] } as unknown as AdjustedPlanView;
    expect(plan.phases.reduce((sum, phase) => sum + phase.weeks, 0)).toBe(MAX_PLAN_WEEKS);

    const result = await planWorkoutFiles(plan, 'Two years', THRESHOLDS);
    if (!('files' in result)) throw new Error(result.unavailable);
    const zip = await zipWorkouts(result.files, generatedAt);
    expect(zip.length).toBeLessThan(MAX_ZIP_BYTES);
    const files = await readZip(zip);

    const sessions = datedSessions(plan).filter((dated) => stepsOf(dated) !== null);
    const rides = sessions.filter((dated) => sessionSport(dated.scheduled) === 'cycling');
    const runs = sessions.filter((dated) => sessionSport(dated.scheduled) === 'running');
    expect(rides.length).toBeGreaterThan(100);
    expect(runs.length).toBeGreaterThan(100);
    const inFolder = (folder: string) => [...files.keys()].filter((name) => name.startsWith(`${folder}/`)).map((name) => name.slice(folder.length + 1, name.lastIndexOf('.')));
    // One FIT and one .zwo per session, rides and runs; .mrc and .erg per ride; each folder in date order, one file a day.
    const dates = (names: string[]) => names.map((name) => name.slice(0, 10));
    expect(dates(inFolder('fit'))).toEqual(sessions.map((dated) => dated.date));
    expect(inFolder('zwo')).toEqual(inFolder('fit'));
    expect(dates(inFolder('mrc'))).toEqual(rides.map((dated) => dated.date));
    expect(inFolder('erg')).toEqual(inFolder('mrc'));
    expect(files.size).toBe(2 * sessions.length + 2 * rides.length);

    const parser = new XMLParser({ ignoreAttributes: false });
    for (const [name, bytes] of files) {
      if (name.startsWith('fit/')) expect(new Decoder(Stream.fromByteArray(bytes)).checkIntegrity(), name).toBe(true);
      if (name.startsWith('zwo/')) expect(parser.parse(bytes.toString('utf8')).workout_file.sportType).toBe(name.includes('-run-') ? 'run' : 'bike');
    }
    // About 3 s alone; over 30 s with the CPUs busy (npm run test:awkward -- --load): sized for that.
  }, 120_000);
});
