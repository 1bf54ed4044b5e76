import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_ACTIVITY_FILE_BYTES } from '../../src/shared/api/imports.ts';
import { ImportFileError } from '../../src/server/features/imports/import-file-error.ts';
import { parseActivityFile } from '../../src/server/features/imports/parse-activity-file.ts';
import { isZipArchive, openStravaArchive } from '../../src/server/features/imports/strava-archive.ts';
import type { StravaArchive } from '../../src/server/features/imports/strava-archive.ts';
import { zipOf } from '../support/strava-export.ts';
import { hikeGpx, sameRun } from '../support/recordings.ts';

/** Strava's header repeats names ('Elapsed Time', 'Distance'); Kairo reads the first of each. */
const stravaCsv = [
  'Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Filename,Elapsed Time,Distance,Activity Type',
  '111,"Apr 16, 2021, 1:37:53 PM",Boulder shakeout,Run,,222,0.16,activities/111.fit.gz,222.0,158.7,Ride',
  '222,"Aug 5, 2010, 2:23:59 PM","Cerknica, ""the lake""",Hike,,7190,13.7,activities/222.gpx,7190.0,13665.0,',
  '333,"Jan 2, 2024, 6:00:00 PM",Gym,Weight Training,,3600,0,,3600.0,0.0,',
  '444,"Jan 3, 2024, 6:00:00 PM",Lost ride,Ride,,3600,30,activities/444.tcx.gz,3600.0,30000.0,',
  '',
].join('\n');

const stravaExport = () =>
  zipOf({
    'activities.csv': `\uFEFF${stravaCsv}`,
    'activities/111.fit.gz': gzipSync(sameRun('fit').bytes),
    'activities/222.gpx': hikeGpx().bytes,
    'media/photo.jpg': new Uint8Array([0xff, 0xd8, 0xff]),
    'profile.csv': 'Athlete ID\n1\n',
  });

async function withArchive<T>(archive: StravaArchive, use: (archive: StravaArchive) => Promise<T>): Promise<T> {
  try {
    return await use(archive);
  } finally {
    archive.close();
  }
}

async function importFailure(promise: Promise<unknown>): Promise<ImportFileError> {
  const error = await promise.then(
    () => null,
    (rejection: unknown) => rejection,
  );
  if (error instanceof ImportFileError) return error;
  throw new Error(`expected an ImportFileError, got ${String(error)}`);
}

describe('isZipArchive', async () => {
  it('tells a zip from activity files', async () => {
    expect(isZipArchive(await stravaExport())).toBe(true);
    expect(isZipArchive(await zipOf({}))).toBe(true);
    expect(isZipArchive(sameRun('fit').bytes)).toBe(false);
    expect(isZipArchive(gzipSync(sameRun('gpx').bytes))).toBe(false);
    expect(isZipArchive(new Uint8Array())).toBe(false);
  });
});

describe('openStravaArchive', async () => {
  const workDir = mkdtemp(join(tmpdir(), 'kairo-strava-export-'));
  afterAll(async () => rm(await workDir, { recursive: true, force: true }));

  it('lists the activities that have a file, in CSV order, by the first of each repeated column', async () => {
    const archive = await openStravaArchive('export_1.zip', { bytes: await stravaExport() });
    await withArchive(archive, async () => {
      expect(archive.entries).toEqual([
        { activityId: '111', name: 'Boulder shakeout', type: 'Run', sportType: 'Run', fileName: 'activities/111.fit.gz' },
        { activityId: '222', name: 'Cerknica, "the lake"', type: 'Hike', sportType: 'Hike', fileName: 'activities/222.gpx' },
      ]);
    });
  });

  it('reports manual activities and missing files as skipped, with the reason', async () => {
    const archive = await openStravaArchive('export_1.zip', { bytes: await stravaExport() });
    await withArchive(archive, async () => {
      expect(archive.skipped).toEqual([
        expect.objectContaining({ activityId: '333', type: 'Weight Training', sportType: 'WeightTraining', reason: 'no_file' }),
        expect.objectContaining({
          activityId: '444',
          reason: 'missing_file',
          message: 'The archive does not contain activities/444.tcx.gz.',
        }),
      ]);
    });
  });

  it('reads each file lazily, ready for parseActivityFile', async () => {
    const archive = await openStravaArchive('export_1.zip', { bytes: await stravaExport() });
    await withArchive(archive, async () => {
      const parsed = await Promise.all(
        archive.entries.map(async (entry) => await parseActivityFile(entry.fileName, await archive.readActivityFile(entry.fileName))),
      );
      expect(parsed.map((activity) => [activity.format, activity.startDate.toISOString()])).toEqual([
        ['fit', '2021-04-16T13:37:53.000Z'],
        ['gpx', '2010-08-05T14:23:59.000Z'],
      ]);
    });
  });

  it('reads an export from disk, also when it was re-zipped inside a folder', async () => {
    const nested = await zipOf({
      'export_1/activities.csv': stravaCsv,
      'export_1/activities/111.fit.gz': gzipSync(sameRun('fit').bytes),
    });
    const filePath = join(await workDir, 'nested.zip');
    await writeFile(filePath, nested);
    const archive = await openStravaArchive('nested.zip', { filePath });
    await withArchive(archive, async () => {
      expect(archive.entries.map((entry) => entry.fileName)).toEqual(['export_1/activities/111.fit.gz']);
      const bytes = await archive.readActivityFile('export_1/activities/111.fit.gz');
      expect((await parseActivityFile('111.fit.gz', bytes)).sportType).toBe('Run');
    });
  });

  it('skips an activity file over the size limit without reading it', async () => {
    const huge = await zipOf({
      'activities.csv': 'Activity ID,Activity Name,Activity Type,Filename\n9,Huge,Ride,activities/9.gpx\n',
      'activities/9.gpx': new Uint8Array(MAX_ACTIVITY_FILE_BYTES + 1),
    });
    const archive = await openStravaArchive('huge.zip', { bytes: huge });
    await withArchive(archive, async () => {
      expect(archive.entries).toEqual([]);
      expect(archive.skipped).toEqual([expect.objectContaining({ activityId: '9', reason: 'too_large' })]);
    });
  });

  it('refuses what is not a Strava export', async () => {
    expect(await importFailure(openStravaArchive('x.zip', { bytes: new Uint8Array([1, 2, 3]) }))).toMatchObject({
      reason: 'corrupt',
      message: 'x.zip is not a valid zip archive.',
    });
    const withoutCsv = await zipOf({ 'activities/1.gpx': sameRun('gpx').bytes });
    expect(await importFailure(openStravaArchive('x.zip', { bytes: withoutCsv }))).toMatchObject({
      reason: 'unsupported',
      message: expect.stringMatching(/^x\.zip is not a Strava export: it has no activities\.csv/),
    });
    const otherCsv = await zipOf({ 'activities.csv': 'id,name\n1,Ride\n' });
    expect(await importFailure(openStravaArchive('x.zip', { bytes: otherCsv }))).toMatchObject({
      reason: 'unsupported',
      message: "activities.csv in x.zip has no 'Activity ID' column; is it a Strava export?",
    });
    const brokenCsv = await zipOf({ 'activities.csv': 'Activity ID,Activity Name,Activity Type,Filename\n1,"unclosed\n' });
    expect(await importFailure(openStravaArchive('x.zip', { bytes: brokenCsv }))).toMatchObject({ reason: 'corrupt' });
  });

  it('refuses a read of a file the archive does not list', async () => {
    const archive = await openStravaArchive('export_1.zip', { bytes: await stravaExport() });
    await withArchive(archive, async () => {
      expect(await importFailure(archive.readActivityFile('activities/444.tcx.gz'))).toMatchObject({ reason: 'corrupt' });
    });
  });
});
