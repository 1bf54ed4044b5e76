import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { defaultImportWorkers } from '../src/server/config.ts';
import { importStatus, type ImportStatus } from '../src/shared/api/imports.ts';
import { FIT_SHIFT_STEP_S, firstFitTimestamp, shiftFitTime } from '../test/support/fit-time-shift.ts';
import { sampleMaxRss } from '../test/support/processes.ts';
import { sharedFixturePath } from '../test/support/shared-fixtures.ts';
import { waitFor } from '../test/support/strava.ts';
import { zipOf } from '../test/support/strava-export.ts';
import { measureLoad, type LoadResult } from './load.ts';
import { signUpCookie, withProductionKairo } from './production-kairo.ts';

/** Issue 29: the archive of mixed real recordings the import is measured on. */
export const FIT_ARCHIVE_ENTRIES = 1_000;
/** FIT times count from 1989-12-31T00:00:00Z; the copies start from 2015-01-01 on, one slot each. */
const FIT_EPOCH_MS = Date.UTC(1989, 11, 31);
const FIRST_SLOT_MS = Date.UTC(2015, 0, 1);
/**
 * Two shift steps (36 h) between the starts of two copies: a copy starts within one step of its
 * slot and no recording of the set lasts over 18 h, so no two overlap and each is an activity of its own.
 */
const SLOT_S = 2 * FIT_SHIFT_STEP_S;
const STAGE_TIMEOUT_MS = 900_000;
const RSS_SAMPLE_INTERVAL_MS = 200;

export interface FitArchiveRun {
  entries: number;
  /** Distinct real FIT recordings the entries are copies of (each moved in time). */
  recordings: number;
  archiveBytes: number;
  fitBytes: number;
  /** Kairo's import workers (IMPORT_WORKERS unset: its default on this machine), and the bare decode's. */
  workers: number;
  /** Garmin's FIT SDK decoding every file of the archive on `workers` threads: nothing else. */
  bareDecode: { wallS: number; activitiesPerS: number };
  /** Kairo: from the upload until the import said done, and until every job it caused (scoring, fitness) had run. */
  pipeline: { importedS: number; scoredS: number; activitiesPerS: number; activities: number };
  /** Pipeline throughput (to scored) over the bare decode's. */
  ratio: number;
  /** Kairo's resident memory during the import and scoring (max), and during the import alone. */
  rssMaxBytes: number | null;
  rssImportMaxBytes: number | null;
  /** A second athlete's import of the same archive, and the first athlete reading meanwhile at 100 connections. */
  whileImporting: { activityList: LoadResult; fitness90: LoadResult; importStillRunning: boolean };
}

interface ArchiveFile {
  name: string;
  bytes: Uint8Array;
}

/**
 * Issue 29's archive import: a Strava export of FIT_ARCHIVE_ENTRIES real recordings of the shared
 * fixtures (every distinct FIT file that reads to its end, each copy moved in time so that Kairo
 * takes it for an activity of its own), imported by one Kairo process as in production, against
 * Garmin's SDK decoding the same files on the same number of worker threads in this process. Then,
 * while another athlete imports the same archive, the first one's list and fitness chart at
 * `connections`.
 */
export async function benchFitArchive(load: { connections: number; warmUpS: number; durationS: number }): Promise<FitArchiveRun> {
  const { files, recordings } = fitArchiveFiles();
  const archive = await zipOf(stravaExport(files));
  const workers = defaultImportWorkers();
  return withProductionKairo('fit-archive', async ({ origin, pid, databaseUrl }) => {
    const database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    try {
      const cookie = await signUpCookie(origin, { email: 'fit-archive@example.test', firstName: 'Fit', lastName: 'Archive' });
      const rss = sampleMaxRss(pid, RSS_SAMPLE_INTERVAL_MS);
      const rssImport = sampleMaxRss(pid, RSS_SAMPLE_INTERVAL_MS);
      const startedAt = performance.now();
      const importId = await upload(origin, cookie, archive);
      const done = await waitForImport(origin, cookie, importId, (status) => status.status === 'done' || status.status === 'failed');
      const importedS = (performance.now() - startedAt) / 1000;
      const rssImportMaxBytes = rssImport.stop();
      if (done.status !== 'done' || done.imported !== files.length) throw new Error(`the FIT archive import ended ${done.status}: ${JSON.stringify(done)}`);
      await waitForIdleJobs(database);
      const scoredS = (performance.now() - startedAt) / 1000;
      const rssMaxBytes = rss.stop();
      const activities = await activityCount(database);

      const bare = await bareDecode(files, workers);
      const pipelineRate = files.length / scoredS;
      const bareRate = files.length / bare.wallS;

      const whileImporting = await readsWhileImporting(origin, cookie, archive, load);
      return {
        entries: files.length,
        recordings,
        archiveBytes: archive.length,
        fitBytes: files.reduce((sum, file) => sum + file.bytes.length, 0),
        workers,
        bareDecode: { wallS: round(bare.wallS, 2), activitiesPerS: round(bareRate, 1) },
        pipeline: { importedS: round(importedS, 2), scoredS: round(scoredS, 2), activitiesPerS: round(pipelineRate, 1), activities },
        ratio: round(pipelineRate / bareRate, 3),
        rssMaxBytes,
        rssImportMaxBytes,
        whileImporting,
      };
    } finally {
      await database.end();
    }
  });
}

/** The archive's FIT files: each distinct real recording that reads to its end, copied in turn, copy i moved to slot i. */
function fitArchiveFiles(): { files: ArchiveFile[]; recordings: number } {
  const root = sharedFixturePath('.');
  const seen = new Set<string>();
  const recordings: { name: string; bytes: Uint8Array; firstS: number }[] = [];
  for (const path of fitFilesUnder(root).sort()) {
    const bytes = new Uint8Array(readFileSync(path));
    const hash = createHash('sha256').update(bytes).digest('hex');
    const firstS = firstFitTimestamp(bytes);
    if (seen.has(hash) || firstS === null) continue;
    seen.add(hash);
    recordings.push({ name: relative(root, path), bytes, firstS });
  }
  if (recordings.length === 0) throw new Error(`no readable FIT recording under ${root}`);
  const files = Array.from({ length: FIT_ARCHIVE_ENTRIES }, (_, index) => {
    const recording = recordings[index % recordings.length]!;
    const slotS = (FIRST_SLOT_MS - FIT_EPOCH_MS) / 1000 + index * SLOT_S;
    const shiftS = Math.round((slotS - recording.firstS) / FIT_SHIFT_STEP_S) * FIT_SHIFT_STEP_S;
    const bytes = shiftFitTime(recording.bytes, shiftS);
    if (!bytes) throw new Error(`${recording.name} could not be moved in time`);
    return { name: `${index}-${recording.name.replaceAll('/', '-')}`, bytes };
  });
  return { files, recordings: recordings.length };
}

function fitFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return fitFilesUnder(path);
    return entry.name.toLowerCase().endsWith('.fit') ? [path] : [];
  });
}

/** A Strava bulk export: activities.csv naming each file under activities/. */
function stravaExport(files: ArchiveFile[]): Record<string, Uint8Array | string> {
  const rows = ['Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Filename'];
  const entries: Record<string, Uint8Array> = {};
  files.forEach((file, index) => {
    const activityId = 7_000_000 + index;
    const fileName = `activities/${activityId}.fit`;
    entries[fileName] = file.bytes;
    rows.push(`${activityId},,${file.name},Workout,,,,${fileName}`);
  });
  return { 'activities.csv': `${rows.join('\n')}\n`, ...entries };
}

async function upload(origin: string, cookie: string, archive: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(archive)]), 'export_fit_bench.zip');
  const answer = await fetch(`${origin}/api/imports`, { method: 'POST', headers: { cookie, origin }, body: form });
  const body = (await answer.json()) as { import?: { id: string }; message?: string };
  if (answer.status !== 202 || !body.import) throw new Error(`POST /api/imports answered ${answer.status}: ${body.message ?? ''}`);
  return body.import.id;
}

async function importOf(origin: string, cookie: string, importId: string): Promise<ImportStatus> {
  const answer = await fetch(`${origin}/api/imports/${importId}`, { headers: { cookie } });
  if (!answer.ok) throw new Error(`GET /api/imports/${importId} answered ${answer.status}`);
  return importStatus.parse(await answer.json());
}

function waitForImport(origin: string, cookie: string, importId: string, until: (status: ImportStatus) => boolean): Promise<ImportStatus> {
  return waitFor(() => importOf(origin, cookie, importId), until, STAGE_TIMEOUT_MS);
}

/** Until no job waits or runs: the import's scoring, fitness and analyses are all done. */
async function waitForIdleJobs(database: pg.Client): Promise<void> {
  const waiting = async () =>
    (await database.query<{ n: number }>(`select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')`)).rows[0]!.n;
  await waitFor(waiting, (jobs) => jobs === 0, STAGE_TIMEOUT_MS);
}

async function activityCount(database: pg.Client): Promise<number> {
  const { rows } = await database.query<{ n: number }>('select count(*)::int as n from activities');
  return rows[0]!.n;
}

/** Garmin's SDK reading every file on `workers` threads, each taking the next file when it is done. */
async function bareDecode(files: ArchiveFile[], workers: number): Promise<{ wallS: number }> {
  const threads = Array.from({ length: workers }, () => new Worker(new URL('./fit-decode-worker.ts', import.meta.url)));
  try {
    // Each thread decodes one small file first, so that starting threads is not counted.
    await Promise.all(threads.map((thread) => decodeOn(thread, files[0]!.bytes)));
    const startedAt = performance.now();
    let next = 0;
    await Promise.all(
      threads.map(async (thread) => {
        while (next < files.length) {
          const file = files[next++]!;
          const { errors } = await decodeOn(thread, file.bytes);
          if (errors > 0) throw new Error(`the SDK could not read ${file.name}`);
        }
      }),
    );
    return { wallS: (performance.now() - startedAt) / 1000 };
  } finally {
    await Promise.all(threads.map((thread) => thread.terminate()));
  }
}

function decodeOn(thread: Worker, bytes: Uint8Array): Promise<{ records: number; errors: number }> {
  return new Promise((resolve, reject) => {
    // Each listener goes once the file is done either way, so a thread decoding 1,000 files holds none of earlier files.
    const done = (reply: { records: number; errors: number }) => {
      thread.off('error', failed);
      resolve(reply);
    };
    const failed = (error: Error) => {
      thread.off('message', done);
      reject(error);
    };
    thread.once('message', done);
    thread.once('error', failed);
    // A copy of its own moves to the thread, as Kairo's import moves each file's bytes to its worker.
    const copy = bytes.slice();
    thread.postMessage(copy, [copy.buffer]);
  });
}

/** Another athlete imports the same archive; meanwhile the first reads their list and chart at `connections`. */
async function readsWhileImporting(
  origin: string,
  cookie: string,
  archive: Buffer,
  load: { connections: number; warmUpS: number; durationS: number },
): Promise<FitArchiveRun['whileImporting']> {
  const other = await signUpCookie(origin, { email: 'fit-archive-2@example.test', firstName: 'Second', lastName: 'Archive' });
  const importId = await upload(origin, other, archive);
  await waitForImport(origin, other, importId, (status) => status.status === 'running' && status.imported > 0);
  const options = { headers: { cookie }, ...load };
  const activityList = await measureLoad({ url: `${origin}/api/activities`, ...options });
  const fitness90 = await measureLoad({ url: `${origin}/api/fitness?days=90`, ...options });
  const importStillRunning = (await importOf(origin, other, importId)).status === 'running';
  // Stopped here: what it took in stays; the server stops without waiting for the rest.
  const cancelled = await fetch(`${origin}/api/imports/${importId}/cancel`, { method: 'POST', headers: { cookie: other, origin } });
  if (!cancelled.ok && cancelled.status !== 409) throw new Error(`cancelling the second import answered ${cancelled.status}`);
  return { activityList, fitness90, importStillRunning };
}

function round(value: number, digits: number): number {
  return Number(value.toFixed(digits));
}
