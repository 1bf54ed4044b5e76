import { gzipSync } from 'node:zlib';
import { Decoder, Stream } from '@garmin/fitsdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStravaSim } from '../../tools/strava-sim/sim.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import { createClient, type TestClient } from '../support/http-client.ts';
import { signUp, startTestKairo, uniqueEmail, type TestKairo } from '../support/kairo.ts';
import { springBasePlan } from '../support/plans.ts';
import { exportRunTcx, hikeGpx, powerRide } from '../support/recordings.ts';
import { zipOf } from '../support/strava-export.ts';
import { connectStrava, startSimForKairo, waitFor, waitForJobs } from '../support/strava.ts';
import { uploadActivityFile, waitForImport } from '../support/uploads.ts';
import { readZip } from '../support/zip-files.ts';

/**
 * "Download my data" (issue 31, ADR 0078) on the real server: the zip holds the account's rows and
 * its uploads byte for byte, a FIT file Kairo writes for an activity without an upload kept (one
 * from a Strava export archive), leaves Strava's activities out under the strict policy and says
 * so, its link works once and only for its account, and deleting the account deletes it.
 */

const kinds = await testDatabaseKinds();
const PASSWORD = 'correct horse';
const CHECK_IN_DAY = '2024-05-13';

async function register(server: TestKairo, prefix: string): Promise<{ browser: TestClient; id: string }> {
  const browser = createClient(server.url);
  expect((await signUp(browser, { email: uniqueEmail(prefix), password: PASSWORD, firstName: 'Ellis', lastName: 'Export' })).status).toBe(201);
  return { browser, id: (await browser.get('/api/auth/user')).body.id as string };
}

const readyStatus = (browser: TestClient) =>
  waitFor(
    async () => (await browser.get('/api/account/export')).body,
    (status) => status.state === 'ready' || status.state === 'failed',
    60_000,
  );

const parse = (files: Map<string, Buffer>, name: string) => JSON.parse(files.get(name)!.toString('utf8'));

describe.each(kinds)('Downloading my data on %s', (kind) => {
  let sim: RunningStravaSim;
  let server: TestKairo;
  let athlete: { browser: TestClient; id: string };
  let other: { browser: TestClient; id: string };
  const uploads = [
    ['morning ride.fit', powerRide().bytes],
    ['hike.gpx', hikeGpx().bytes],
  ] as const;
  const uploadedIds: string[] = [];
  /** The run imported from a Strava export archive: no original is kept of it. */
  let archivedId: string;
  let planId: string;
  let files: Map<string, Buffer>;
  let downloadUrl: string;

  const query = <T extends object>(text: string, params: unknown[] = []) => server.database.handle.query<T>(text, params);

  beforeAll(async () => {
    let env: Record<string, string>;
    ({ sim, env } = await startSimForKairo());
    server = await startTestKairo(kind, { ...env, STRAVA_DATA_POLICY: 'strict' });
    athlete = await register(server, 'exporting');
    other = await register(server, 'other');
    expect(await connectStrava(athlete.browser, sim, sim.control.createAthlete({ historyDays: 5 }).id)).toBe('/strava-success');
    for (const [name, bytes] of uploads) uploadedIds.push(await uploadActivityFile(athlete.browser, name, bytes));
    const archive = await zipOf({
      'activities.csv': [
        'Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Filename',
        '201,"May 14, 2024, 10:12:05 AM",Archived run,Run,,960,2.9,activities/201.tcx.gz',
        '',
      ].join('\n'),
      'activities/201.tcx.gz': gzipSync(exportRunTcx().bytes),
    });
    const archiveImport = await athlete.browser.upload('/api/imports', 'export_2024.zip', archive);
    expect(archiveImport.status).toBe(202);
    expect(await waitForImport(athlete.browser, archiveImport.body.import.id)).toMatchObject({ status: 'done', imported: 1 });
    [{ id: archivedId }] = (await query<{ id: string }>(`select id::text as id from activities where user_id = $1 and source = 'archive'`, [athlete.id])) as [{ id: string }];
    await uploadActivityFile(other.browser, 'ride.fit', powerRide().bytes);
    expect((await athlete.browser.put(`/api/wellness/${CHECK_IN_DAY}`, { sleepHours: 7.5, hrvRmssdMs: 61 })).status).toBe(200);
    expect((await athlete.browser.put(`/api/activities/${uploadedIds[0]}/feel`, { rpe: 6, note: 'legs fine' })).status).toBe(200);
    const plan = await athlete.browser.post('/api/training-plans', springBasePlan);
    expect(plan.status).toBe(201);
    planId = plan.body.id as string;
    const conversation = await athlete.browser.post('/api/coach/conversations', { activityId: uploadedIds[0] });
    expect(conversation.status).toBe(201);
    expect((await athlete.browser.post(`/api/coach/conversations/${conversation.body.id}/messages`, { text: 'How hard was this ride?' })).status).toBe(201);
    expect((await athlete.browser.post('/api/api-tokens', { name: 'spreadsheet', scopes: ['read'] })).status).toBe(201);
    await waitForJobs(server);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await sim?.close();
  });

  it('builds one export at a time in the background and reports its progress and one-time link', async () => {
    expect((await athlete.browser.get('/api/account/export')).body.state).toBe('none');
    // Held in the queue while the second request comes, whatever the machine's speed.
    await server.kairo.queue.pause();
    const started = await athlete.browser.post('/api/account/export');
    expect(started.status).toBe(202);
    expect(started.body.state).toBe('queued');
    const second = await athlete.browser.post('/api/account/export');
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/still being built/);
    await server.kairo.queue.work();
    const status = await readyStatus(athlete.browser);
    expect(status.state).toBe('ready');
    const [{ own }] = (await query<{ own: number }>(`select count(*)::int as own from activities where user_id = $1 and source <> 'strava'`, [athlete.id])) as [{ own: number }];
    expect(status.progress).toEqual({ done: own, total: await countActivities(athlete.id) });
    const hours = (Date.parse(status.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect(status.downloadUrl).toMatch(/^\/api\/account\/export\/download\/[A-Za-z0-9_-]{43}$/);
    // The token is kept only as its hash.
    const token = status.downloadUrl.split('/').pop()!;
    const stored = await query<{ tokenHash: string }>(`select token_hash as "tokenHash" from data_exports where account_id = $1`, [athlete.id]);
    expect(stored.map((row) => row.tokenHash)).not.toContain(token);
    downloadUrl = status.downloadUrl;
  }, 90_000);

  async function countActivities(accountId: string): Promise<number> {
    const [{ n }] = (await query<{ n: number }>('select count(*)::int as n from activities where user_id = $1', [accountId])) as [{ n: number }];
    return n;
  }

  it("refuses another account's link (404) and a bearer token (session only)", async () => {
    expect((await other.browser.get(downloadUrl)).status).toBe(404);
    expect((await createClient(server.url).get(downloadUrl)).status).toBe(401);
  });

  it('downloads once: the zip, then 410', async () => {
    // A HEAD (a link checker, a prefetch) does not use the link.
    expect((await athlete.browser.request('HEAD', downloadUrl)).status).toBe(200);
    const download = await athlete.browser.get(downloadUrl);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    files = await readZip(download.bytes);
    const again = await athlete.browser.get(downloadUrl);
    expect(again.status).toBe(410);
    expect(again.body.error).toMatch(/used or has expired/);
    const status = (await athlete.browser.get('/api/account/export')).body;
    expect(status.downloadUrl).toBeUndefined();
    expect(status.downloadedAt).not.toBeNull();
  });

  it("holds every uploaded file byte for byte and each own activity's figures and streams", async () => {
    const own = await query<{ id: string; startDate: Date }>(
      `select id::text as id, start_date as "startDate" from activities where user_id = $1 and source <> 'strava' order by start_date`,
      [athlete.id],
    );
    const folders = [...new Set([...files.keys()].filter((name) => name.startsWith('activities/')).map((name) => name.split('/')[1]!))].sort();
    expect(folders).toEqual(own.map((row) => `${new Date(row.startDate).toISOString().slice(0, 10)}-${row.id}`).sort());
    for (const [index, [fileName, bytes]] of uploads.entries()) {
      const folder = folders.find((name) => name.endsWith(uploadedIds[index]!))!;
      expect(Buffer.compare(files.get(`activities/${folder}/original/${fileName}`)!, Buffer.from(bytes))).toBe(0);
      // The upload is the activity's file: Kairo writes none of its own beside it.
      expect(files.has(`activities/${folder}/activity.fit`)).toBe(false);
      const activity = parse(files, `activities/${folder}/activity.json`);
      const [row] = await query<{ name: string; distance: number }>('select name, distance from activities where id = $1', [uploadedIds[index]]);
      expect({ id: activity.id, name: activity.name, distance: activity.distance }).toEqual({ id: uploadedIds[index], name: row!.name, distance: row!.distance });
      const [metrics] = await query<{ trainingLoad: number | null }>('select training_load as "trainingLoad" from activity_metrics where activity_id = $1', [uploadedIds[index]]);
      expect(parse(files, `activities/${folder}/metrics.json`).training_load).toEqual(metrics!.trainingLoad);
      const [stored] = await query<{ sampleCount: number }>('select sample_count as "sampleCount" from activity_streams where activity_id = $1', [uploadedIds[index]]);
      expect(parse(files, `activities/${folder}/streams.json`).timeS).toHaveLength(stored!.sampleCount);
    }
  });

  it('writes a FIT file of its samples for an activity without an original, and says so in README.txt', async () => {
    const folder = [...files.keys()].find((name) => name.startsWith('activities/') && name.includes(archivedId))!.split('/')[1]!;
    expect([...files.keys()].filter((name) => name.startsWith(`activities/${folder}/`)).sort()).toEqual(
      ['activity.fit', 'activity.json', 'analysis.json', 'metrics.json', 'streams.json'].map((name) => `activities/${folder}/${name}`),
    );
    const bytes = files.get(`activities/${folder}/activity.fit`)!;
    // Read with Garmin's decoder, not Kairo's import.
    expect(new Decoder(Stream.fromBuffer(bytes)).checkIntegrity()).toBe(true);
    const { messages, errors } = new Decoder(Stream.fromBuffer(bytes)).read();
    expect(errors).toEqual([]);
    const [row] = await query<{ sampleCount: number; startDate: Date; elapsedTime: number }>(
      `select s.sample_count as "sampleCount", a.start_date as "startDate", a.elapsed_time as "elapsedTime"
         from activities a join activity_streams s on s.activity_id = a.id where a.id = $1`,
      [archivedId],
    );
    expect(messages.recordMesgs).toHaveLength(row!.sampleCount);
    expect(messages.recordMesgs!.every((record) => typeof record.heartRate === 'number')).toBe(true);
    expect(messages.fileIdMesgs![0]!.type).toBe('activity');
    expect(messages.sessionMesgs).toEqual([expect.objectContaining({ sport: 'running', startTime: new Date(row!.startDate), totalElapsedTime: row!.elapsedTime })]);
    expect(files.get('README.txt')!.toString('utf8')).toContain('for apps that read FIT (1 activity has one)');
  });

  it("holds the account's wellness, plans, conversations, settings and token names, and no secret", async () => {
    expect(parse(files, 'wellness-days.json').map((day: { date: string }) => day.date)).toEqual([CHECK_IN_DAY]);
    expect(parse(files, 'activity-feels.json')).toMatchObject([{ activity_id: uploadedIds[0], rpe: 6, note: 'legs fine' }]);
    const plans = parse(files, 'plans.json');
    expect(plans.map((plan: { id: string }) => plan.id)).toEqual([planId]);
    expect(JSON.stringify(plans[0].generated_plan)).toMatch(/\d{4}-\d{2}-\d{2}/);
    const [conversation] = parse(files, 'ask-kai-conversations.json');
    expect(conversation.messages.map((message: { role: string }) => message.role)).toEqual(['athlete', 'kai']);
    expect(conversation.messages[0].text).toBe('How hard was this ride?');
    expect(parse(files, 'account.json')).toMatchObject({ id: athlete.id, first_name: 'Ellis' });
    expect(parse(files, 'account.json')).not.toHaveProperty('hashed_password');
    expect(parse(files, 'settings.json')).toMatchObject({ account_id: athlete.id });
    expect(parse(files, 'api-tokens.json')).toMatchObject([{ name: 'spreadsheet', scopes: ['read'] }]);
    const [{ tokenHash }] = (await query<{ tokenHash: string }>('select token_hash as "tokenHash" from api_tokens where account_id = $1', [athlete.id])) as [{ tokenHash: string }];
    const everything = [...files.values()].map((bytes) => bytes.toString('latin1')).join('\n');
    expect(everything).not.toContain(tokenHash);
    // Nothing of the other account.
    expect(everything).not.toContain(other.id);
  });

  it('leaves the Strava activities out under the strict policy and says so in README.txt', async () => {
    const strava = await query<{ id: string; stravaActivityId: string }>(
      `select id::text as id, strava_activity_id as "stravaActivityId" from activities where user_id = $1 and source = 'strava'`,
      [athlete.id],
    );
    expect(strava.length).toBeGreaterThan(0);
    const everything = [...files.entries()].map(([name, bytes]) => `${name}\n${bytes.toString('latin1')}`).join('\n');
    for (const activity of strava) {
      expect(everything).not.toContain(activity.id);
      expect(everything).not.toContain(`"strava_activity_id": "${activity.stravaActivityId}"`);
    }
    const readme = files.get('README.txt')!.toString('utf8');
    expect(readme).toContain(`${strava.length} ${strava.length === 1 ? 'activity' : 'activities'} synced from Strava`);
    expect(readme).toMatch(/Request Your Archive/);
    expect(readme).toContain('2 activities have one');
    // The fitness series adds up Strava loads: left out, and said.
    expect(files.has('fitness.json')).toBe(false);
    expect(readme).toMatch(/fitness\.json is left out/);
  });

  it('goes with the account: rows, zip parts and kept uploads', async () => {
    const counts = async () =>
      query<{ exports: number; parts: number; originals: number }>(
        `select (select count(*)::int from data_exports where account_id = $1) as exports,
                (select count(*)::int from data_export_parts p join data_exports e on e.id = p.export_id where e.account_id = $1) as parts,
                (select count(*)::int from activity_originals where user_id = $1) as originals`,
        [athlete.id],
      );
    const [before] = await counts();
    expect(before!.exports).toBe(1);
    expect(before!.parts).toBeGreaterThan(0);
    expect(before!.originals).toBe(2);
    const [partsBefore] = await query<{ n: number }>('select count(*)::int as n from data_export_parts');
    expect((await athlete.browser.post('/api/account/deletion', { password: PASSWORD })).status).toBe(200);
    const [after] = await counts();
    expect(after).toEqual({ exports: 0, parts: 0, originals: 0 });
    const [partsAfter] = await query<{ n: number }>('select count(*)::int as n from data_export_parts');
    expect(partsAfter!.n).toBe(partsBefore!.n - before!.parts);
    const [otherOriginals] = await query<{ n: number }>('select count(*)::int as n from activity_originals where user_id = $1', [other.id]);
    expect(otherOriginals!.n).toBe(1);
  });
});
