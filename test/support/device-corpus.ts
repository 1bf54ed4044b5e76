import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { computeActivityMetrics, type ActivityMetrics } from '../../src/metrics/activity-metrics.ts';
import type { ActivityValues } from '../../src/server/features/activities/index.ts';
import { sportFamilyOf } from '../../src/shared/domain/sport-family.ts';
import { parseActivityFiles } from '../../src/server/features/imports/parse-activity-file.ts';
import type { ParsedActivity } from '../../src/server/features/imports/parsed-activity.ts';
import { toActivityValues } from '../../src/server/features/imports/to-activity-values.ts';
import { packActivity } from '../../src/server/features/imports/pack-activity.ts';
import { sharedFixture } from './shared-fixtures.ts';

/**
 * The device corpus (the shared fixtures' devices/, plus the reference rides) imported through
 * Kairo's real path (parse, clean, activity values, metrics) and compared with the figures that
 * test/corpus/reference/compute.py computes independently (reference.json, which Kairo keeps: its
 * own script's output, not the recordings).
 */

type ReferenceFigures = Partial<Record<FigureName, number | null>> & {
  device?: { elevationGainM?: number | null };
  legs?: ReferenceFigures[];
};

interface Reference {
  ftpW: number;
  files: Record<string, ReferenceFigures>;
}

export const reference = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../corpus/reference/reference.json'), 'utf8'),
) as Reference;

export type FigureName =
  | 'distanceM'
  | 'elapsedTimeS'
  | 'movingTimeS'
  | 'averageHeartrateBpm'
  | 'maxHeartrateBpm'
  | 'averagePowerW'
  | 'normalizedPowerW'
  | 'tss'
  | 'elevationGainM';

export interface FigureCheck {
  file: string;
  /** Index of the activity within the file (multisport legs), 0 otherwise. */
  leg: number;
  figure: string;
  kairo: number | null;
  expected: number | null;
  ok: boolean;
}

export interface ImportedActivity {
  parsed: ParsedActivity;
  values: ActivityValues;
  metrics: ActivityMetrics;
}

/** An activity's metrics as scoring computes them from its streams and stored values, at the reference FTP. */
export function corpusMetrics(streams: ParsedActivity['streams'], values: ActivityValues): ActivityMetrics {
  return computeActivityMetrics({
    streams,
    summary: {
      sport: sportFamilyOf(values.sportType),
      distanceM: values.distance,
      movingTimeS: values.movingTime,
      elapsedTimeS: values.elapsedTime,
      elevationGainM: values.totalElevationGain,
      averagePowerW: values.averageWatts,
      maxPowerW: values.maxWatts,
      weightedAveragePowerW: values.weightedAverageWatts,
      workKj: values.kilojoules,
      averageHeartrateBpm: values.averageHeartrate,
      maxHeartrateBpm: values.maxHeartrate,
    },
    athlete: { ftpW: reference.ftpW },
  });
}

/** One corpus file imported as Kairo imports an upload: one activity per leg, each with its metrics. */
export async function importCorpusFile(file: string): Promise<ImportedActivity[]> {
  const bytes = sharedFixture(file);
  return (await parseActivityFiles(file, bytes)).map((parsed) => {
    const values = toActivityValues(packActivity(parsed), { source: 'file', sourceKey: parsed.contentHash });
    return { parsed, values, metrics: corpusMetrics(parsed.streams, values) };
  });
}

function within(kairo: number | null, expected: number | null, tolerance: (expected: number) => number): boolean {
  if (expected === null) return kairo === null;
  return kairo !== null && Math.abs(kairo - expected) <= tolerance(expected);
}

const relative = (fraction: number) => (expected: number) => Math.abs(expected) * fraction;
const absolute = (amount: number) => () => amount;
const powerTolerance = (expected: number) => Math.max(1.5, Math.abs(expected) * 0.01);

/** Where the reference's elevation gain comes from (compute.py, ADR 0063). */
interface ElevationReference {
  /** 'device': the file's stated total ascent; 'reference rule': compute.py's own distance-profile rule. */
  elevationGainFrom?: 'device' | 'reference rule' | null;
  /** How compute.py reads the altitude (its roughness along the distance): GPS altitude wanders. */
  elevationAltitude?: 'gps' | 'barometric' | null;
}

/**
 * Elevation gain (ADR 0063): where the file states the device's total ascent, Kairo must show that
 * figure (0.5 m for rounding); otherwise within 10 % of compute.py's independent rule, and at least
 * 15 m (Kairo's GPS threshold: below it, whether one undulation is a climb is the rules' choice).
 * Raw GPS altitude without a stated ascent (the reference reads it as GPS) has no right answer
 * without a terrain model: two reasonable rules differ by a factor, so there the band is a factor
 * of 2.5 either way (the old rule was 8 times the reference on the Polar M400 run).
 */
export const ELEVATION_TOLERANCE = { fraction: 0.1, floorM: 15, deviceM: 0.5, gpsFactor: 2.5 } as const;

function withinFactor(kairo: number | null, expected: number | null, factor: number): boolean {
  if (expected === null || kairo === null) return expected === kairo;
  return kairo <= expected * factor + ELEVATION_TOLERANCE.floorM && kairo >= expected / factor - ELEVATION_TOLERANCE.floorM;
}

/**
 * The tolerances: distance 1 %, elapsed and moving time 2 % (moving never above elapsed),
 * heart rate 1 bpm, average power and NP 1.5 W or 1 %, TSS 2 %, elevation gain as
 * `ELEVATION_TOLERANCE` says. A figure the reference leaves null (not recorded) must be null in
 * Kairo too. Figures shown twice (activity and metrics) are checked in both places.
 */
export function checkActivity(
  file: string,
  leg: number,
  activity: ImportedActivity,
  expected: ReferenceFigures & ElevationReference,
): FigureCheck[] {
  const { values, metrics } = activity;
  const checks: FigureCheck[] = [];
  const add = (figure: string, kairoValue: number | null | undefined, wanted: number | null | undefined, ok: (k: number | null, e: number | null) => boolean) => {
    const expectedValue = wanted ?? null;
    const kairo = kairoValue ?? null;
    checks.push({ file, leg, figure, kairo, expected: expectedValue, ok: ok(kairo, expectedValue) });
  };
  const distance = (k: number | null, e: number | null) =>
    e === null || e === 0 ? (k ?? 0) === 0 : within(k, e, relative(0.01));
  add('distanceM', values.distance, expected.distanceM, distance);
  add('metrics.distanceM', metrics.distanceM, expected.distanceM, distance);
  add('elapsedTimeS', values.elapsedTime, expected.elapsedTimeS, (k, e) => within(k, e, relative(0.02)));
  add('movingTimeS', values.movingTime, expected.movingTimeS, (k, e) =>
    within(k, e, relative(0.02)) && k !== null && k <= (values.elapsedTime ?? Infinity));
  add('metrics.movingTimeS', metrics.movingTimeS, expected.movingTimeS, (k, e) =>
    within(k, e, relative(0.02)) && k !== null && k <= (values.elapsedTime ?? Infinity));
  const hr = (k: number | null, e: number | null) => within(k, e, absolute(1));
  add('averageHeartrateBpm', values.averageHeartrate, expected.averageHeartrateBpm, hr);
  add('metrics.averageHeartrateBpm', metrics.averageHeartrateBpm, expected.averageHeartrateBpm, hr);
  add('maxHeartrateBpm', values.maxHeartrate, expected.maxHeartrateBpm, hr);
  add('metrics.maxHeartrateBpm', metrics.maxHeartrateBpm, expected.maxHeartrateBpm, hr);
  add('averagePowerW', values.averageWatts, expected.averagePowerW, (k, e) => within(k, e, powerTolerance));
  add('metrics.averagePowerW', metrics.averagePowerW, expected.averagePowerW, (k, e) => within(k, e, powerTolerance));
  add('metrics.normalizedPowerW', metrics.normalizedPowerW, expected.normalizedPowerW, (k, e) => within(k, e, powerTolerance));
  add('metrics.tss', metrics.tss, expected.tss, (k, e) => within(k, e, relative(0.02)));
  const gain = (k: number | null, e: number | null) => {
    if (expected.elevationGainFrom === 'device') return within(k, e, absolute(ELEVATION_TOLERANCE.deviceM));
    if (expected.elevationAltitude === 'gps') return withinFactor(k, e, ELEVATION_TOLERANCE.gpsFactor);
    return within(k, e, (x) => Math.max(relative(ELEVATION_TOLERANCE.fraction)(x), ELEVATION_TOLERANCE.floorM));
  };
  add('elevationGainM', values.totalElevationGain, expected.elevationGainM, gain);
  add('metrics.elevationGainM', metrics.elevationGainM, expected.elevationGainM, gain);
  return checks;
}

/** Every figure of every corpus file; a file that fails to import counts every figure as wrong. */
export async function checkCorpus(): Promise<FigureCheck[]> {
  const checks: FigureCheck[] = [];
  for (const [file, expected] of Object.entries(reference.files)) {
    const legs = expected.legs ?? [expected];
    let activities: ImportedActivity[] = [];
    try {
      activities = await importCorpusFile(file);
    } catch {
      activities = [];
    }
    legs.forEach((legExpected, leg) => {
      const activity = activities[leg];
      if (activity) {
        checks.push(...checkActivity(file, leg, activity, legExpected));
      } else {
        checks.push({ file, leg, figure: 'imported', kairo: null, expected: null, ok: false });
      }
    });
  }
  return checks;
}
