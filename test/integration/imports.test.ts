import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { createImportsRepo } from '../../src/server/features/imports/repo.ts';
import { restoreUpload, storeUpload, UPLOAD_PART_BYTES } from '../../src/server/features/imports/stored-upload.ts';
import { waitForImport } from '../support/uploads.ts';
import { itWithFixtures } from '../support/fixture-suites.ts';
import { sharedFixture } from '../support/shared-fixtures.ts';
import { startKairo } from '../../src/server/kairo.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import { createClient, type TestClient } from '../support/http-client.ts';
import { startTestKairo, uniqueEmail, type TestKairo, signUp } from '../support/kairo.ts';
import { waitForJobs } from '../support/strava.ts';
import { stravaExportArchive, zipOf } from '../support/strava-export.ts';
import { exportRunTcx, hikeGpx, powerRide, sameRun, trainerRide } from '../support/recordings.ts';

const kinds = await testDatabaseKinds();

async function signedIn(server: TestKairo): Promise<TestClient> {
  const browser = createClient(server.url);
  const email = uniqueEmail();
  const response = await signUp(browser, { email, password: 'correct horse', firstName: 'Ida', lastName: 'Import' });
  expect(response.status).toBe(201);
  return browser;
}


describe.each(kinds)('activity imports on %s', (kind) => {
  let server: TestKairo;
  beforeAll(async () => {
    server = await startTestKairo(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('imports FIT, GPX and gzipped TCX files into activities with streams, once each', async () => {
    const browser = await signedIn(server);
    const fit = await browser.upload('/api/imports', 'ride.fit', powerRide().bytes);
    expect(fit.status).toBe(201);
    expect(fit.body.import).toMatchObject({ kind: 'file', status: 'done', imported: 1, duplicates: 0 });
    expect(fit.body.activity).toMatchObject({ source: 'file', sportType: 'Ride', deviceWatts: true });
    // Kairo's own recording (test/support/recordings.ts): its distance is known.
    expect(Math.abs(fit.body.activity.distance - powerRide().truth.distanceM!)).toBeLessThan(powerRide().truth.distanceM! * 0.01);

    const gpx = await browser.upload('/api/imports', 'lake.gpx', hikeGpx().bytes);
    expect(gpx.status).toBe(201);
    const tcx = await browser.upload('/api/imports', 'run.tcx.gz', gzipSync(exportRunTcx().bytes));
    expect(tcx.status).toBe(201);
    expect(tcx.body.activity.sportType).toBe('Run');

    const again = await browser.upload('/api/imports', 'renamed.fit', powerRide().bytes);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^renamed\.fit was not imported: it is the same activity as ".+" \(16 Aug 2013, 15:35 UTC\)/);

    const list = await browser.get('/api/activities');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(3);
    const starts = list.body.map((activity: { startDate: string }) => Date.parse(activity.startDate));
    expect([...starts].sort((a, b) => b - a)).toEqual(starts);

    const detail = await browser.get(`/api/activities/${fit.body.activity.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ source: 'file', hasStreams: true });
    expect(detail.body.streamKeys).toEqual(expect.arrayContaining(['powerW', 'heartrateBpm', 'latlng']));
    const streams = await browser.get(`/api/activities/${fit.body.activity.id}/streams`);
    expect(streams.body.timeS.length).toBe(powerRide().truth.sampleCount);
    expect(streams.body.powerW.length).toBe(streams.body.timeS.length);
  });

  itWithFixtures('salvages a file cut short, splits a triathlon into its legs and says what it cleaned', async () => {
    const browser = await signedIn(server);
    const device = (path: string) => sharedFixture(`devices/${path}`);

    const truncated = await browser.upload('/api/imports', 'sigma.fit', device('python-fitparse/sigma-ride-truncated.fit'));
    expect(truncated.status).toBe(201);
    const salvaged = await browser.get(`/api/activities/${truncated.body.activity.id}`);
    expect(salvaged.body.dataQuality.truncatedRecoveredS).toBe(salvaged.body.elapsedTime);
    expect(salvaged.body).toMatchObject({ averageWatts: null, weightedAverageWatts: null, deviceWatts: false });

    const triathlon = await browser.upload('/api/imports', 'tri.fit', device('python-fitparse/garmin-fr920xt-triathlon.fit'));
    expect(triathlon.status).toBe(201);
    expect(triathlon.body.import).toMatchObject({ total: 3, imported: 3, duplicates: 0 });
    const again = await browser.upload('/api/imports', 'tri-again.fit', device('python-fitparse/garmin-fr920xt-triathlon.fit'));
    expect(again.status).toBe(409);

    const spike = await browser.upload('/api/imports', 'spike.fit', device('derived/garmin-edge1000-spike-21733w.fit'));
    expect(spike.status).toBe(201);
    await waitForJobs(server);
    const spikeDetail = (await browser.get(`/api/activities/${spike.body.activity.id}`)).body;
    expect(spikeDetail.maxWatts).toBe(1022);
    expect(spikeDetail.metrics.maxPowerW).toBe(1022);
    expect(spikeDetail.dataQuality).toMatchObject({ powerSpikesRemoved: 1, truncatedRecoveredS: null });

    const list = (await browser.get('/api/activities')).body as { sportType: string }[];
    expect(list).toHaveLength(5);
    expect(list.filter((activity) => ['Swim', 'Ride', 'Run'].includes(activity.sportType)).length).toBeGreaterThanOrEqual(5);

    const stranger = await signedIn(server);
    expect((await stranger.get(`/api/activities/${spike.body.activity.id}`)).status).toBe(404);
  });

  itWithFixtures("takes a pool swim's heart rate over the lengths swum: one figure in the list, the detail and the metrics", async () => {
    const browser = await signedIn(server);
    const swim = await browser.upload('/api/imports', 'swim.fit', sharedFixture('devices/python-fitparse/garmin-fr735xt-pool-swim.fit'));
    expect(swim.status).toBe(201);
    await waitForJobs(server);
    const detail = (await browser.get(`/api/activities/${swim.body.activity.id}`)).body;
    const [listed] = (await browser.get('/api/activities')).body as { averageHeartrate: number }[];
    // The list shows the value stored at import; the metrics are computed again from the stored streams.
    expect(detail.metrics.averageHeartrateBpm).toBeGreaterThan(139.5);
    expect(listed!.averageHeartrate).toBe(detail.metrics.averageHeartrateBpm);
    expect(detail.maxHeartrate).toBe(161);
    expect(detail.dataQuality.activeLengths).toBe(114);
    expect(detail.streamKeys).toContain('active');
  });

  it('refuses bad files with a clear 4xx and stores nothing', async () => {
    const browser = await signedIn(server);
    const cases: [string, Uint8Array, number, RegExp][] = [
      ['empty.fit', new Uint8Array(0), 400, /empty/i],
      ['noise.fit', new Uint8Array(4096).map((_, i) => (i * 7919) % 251), 415, /noise\.fit/],
      ['picture.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 415, /./],
      ['truncated.fit', trainerRide().bytes.subarray(0, 120), 400, /cut short, before any recorded sample/],
      ['nothing.zip', await zipOf({ 'readme.txt': 'hello' }), 415, /nothing\.zip/],
    ];
    for (const [name, bytes, status, message] of cases) {
      const response = await browser.upload('/api/imports', name, bytes);
      expect(response.status, name).toBe(status);
      expect(response.body.message, name).toMatch(message);
    }
    const noFile = await browser.post('/api/imports', { file: 'not a file' });
    expect(noFile.status).toBe(415);
    expect((await browser.get('/api/activities')).body).toEqual([]);
    expect((await browser.get('/api/imports')).body).toEqual([]);
  });

  it('imports a Strava export archive as a job with progress, idempotently', async () => {
    const browser = await signedIn(server);
    const archive = await stravaExportArchive();
    const started = await browser.upload('/api/imports', 'export_123.zip', archive);
    expect(started.status).toBe(202);
    expect(started.body.import).toMatchObject({ kind: 'archive', total: 4, skipped: 1 });
    const done = await waitForImport(browser, started.body.import.id);
    expect(done).toMatchObject({ status: 'done', imported: 3, duplicates: 0, failed: 0, skipped: 1 });

    const names = (await browser.get('/api/activities')).body.map((activity: { name: string }) => activity.name).sort();
    expect(names).toEqual(['Col hike', 'Interval ride', 'Shakeout']);

    const again = await browser.upload('/api/imports', 'export_123.zip', archive);
    const second = await waitForImport(browser, again.body.import.id);
    expect(second).toMatchObject({ imported: 0, duplicates: 3 });
    expect((await browser.get('/api/activities')).body).toHaveLength(3);

    // Nothing of either archive is left behind: no stored parts, no file in the data folder.
    const parts = await server.database.handle.query<{ n: number }>('select count(*)::int as n from import_upload_parts where import_id = any($1)', [
      [started.body.import.id, again.body.import.id],
    ]);
    expect(parts[0]?.n).toBe(0);
    expect(readdirSync(join(server.dataDir, 'imports'))).toEqual([]);
  });

  it('keeps an archive in the database, so another instance runs its job', async () => {
    const browser = await signedIn(server);
    // This instance takes the upload but runs no jobs: they are left to a second instance.
    await server.kairo.queue.pause();
    const started = await browser.upload('/api/imports', 'export_456.zip', await stravaExportArchive());
    expect(started.status).toBe(202);
    expect((await browser.get(`/api/imports/${started.body.import.id}`)).body.status).toBe('queued');
    expect(readdirSync(join(server.dataDir, 'imports'))).toEqual([]);

    const otherDataDir = mkdtempSync(join(tmpdir(), 'kairo-other-'));
    const other = await startKairo(
      loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: otherDataDir, LOG_LEVEL: 'silent', ...server.secrets }),
      { database: server.database.handle },
    );
    try {
      const done = await waitForImport(browser, started.body.import.id);
      expect(done).toMatchObject({ status: 'done', imported: 3, duplicates: 0, failed: 0, skipped: 1 });
      expect((await browser.get('/api/activities')).body).toHaveLength(3);
      expect(readdirSync(join(otherDataDir, 'imports'))).toEqual([]);
    } finally {
      await other.close();
      rmSync(otherDataDir, { recursive: true, force: true });
    }
  });

  it('stores an upload in parts and restores it byte for byte', async () => {
    const repo = createImportsRepo(server.database.handle.db);
    const browser = await signedIn(server);
    const anyImport = (await browser.upload('/api/imports', 'run.fit', sameRun('fit').bytes)).body.import.id as string;
    const workDir = mkdtempSync(join(tmpdir(), 'kairo-parts-'));
    try {
      const original = randomBytes(2 * UPLOAD_PART_BYTES + 12_345);
      writeFileSync(join(workDir, 'upload'), original);
      await storeUpload(repo, anyImport, join(workDir, 'upload'));
      const parts = await server.database.handle.query<{ part: number; size: number }>(
        'select part, length(bytes) as size from import_upload_parts where import_id = $1 order by part',
        [anyImport],
      );
      expect(parts).toEqual([
        { part: 0, size: UPLOAD_PART_BYTES },
        { part: 1, size: UPLOAD_PART_BYTES },
        { part: 2, size: 12_345 },
      ]);
      const restored = await restoreUpload(repo, anyImport, workDir);
      expect(restored && readFileSync(restored).equals(original)).toBe(true);
      await repo.deleteUpload(anyImport);
      expect(await restoreUpload(repo, anyImport, workDir)).toBeNull();

      // An upload stored by an earlier version, in parts of 4 MB, restores whole too.
      const earlier = [randomBytes(4 * UPLOAD_PART_BYTES), randomBytes(7)];
      for (const [part, bytes] of earlier.entries()) await repo.storeUploadPart(anyImport, part, bytes);
      const restoredEarlier = await restoreUpload(repo, anyImport, workDir);
      expect(restoredEarlier && readFileSync(restoredEarlier).equals(Buffer.concat(earlier))).toBe(true);
      await repo.deleteUpload(anyImport);
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  });

  it("answers 404 for another account's activities and imports", async () => {
    const owner = await signedIn(server);
    const imported = await owner.upload('/api/imports', 'run.fit', sameRun('fit').bytes);
    const stranger = await signedIn(server);
    for (const path of [
      `/api/activities/${imported.body.activity.id}`,
      `/api/activities/${imported.body.activity.id}/streams`,
      `/api/imports/${imported.body.import.id}`,
      '/api/activities/not-a-uuid',
    ]) {
      const response = await stranger.get(path);
      expect(response.status, path).toBe(404);
    }
    expect((await stranger.get('/api/activities')).body).toEqual([]);
    expect((await createClient(server.url).get('/api/activities')).status).toBe(401);
  });
});
