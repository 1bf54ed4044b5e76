import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { ActivityStreams } from '../../../metrics/activity-streams.ts';
import { encodeActivityFit, fitActivityOf } from './activity-fit.ts';
import type { ExportActivity, DataExportRepo, Document } from './repo.ts';
import { exportReadme, type ReadmeCounts } from './readme.ts';

/** Parts of a few MB: the zip is never whole in memory, and any instance serves the download part by part. */
export const EXPORT_PART_BYTES = 4 * 1024 * 1024;
/** Progress is written after this many activities (and at the end), not after each. */
const PROGRESS_EVERY = 25;

export interface BuildDeps {
  repo: DataExportRepo;
  /** The activity's samples as stored (decoded), null when it has none. */
  streams: (accountId: string, activityId: string) => Promise<ActivityStreams | null>;
  dataPolicy: 'strict' | 'relaxed';
}

/** Under the strict policy an activity synced from Strava is Strava's payload, and stays out (ADR 0007). */
export function leftOutByPolicy(activity: Pick<ExportActivity, 'source'>, dataPolicy: 'strict' | 'relaxed'): boolean {
  return dataPolicy === 'strict' && activity.source === 'strava';
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
/** A file name from the athlete's upload, safe as one path segment of an entry. */
const safeName = (name: string) => [...name].map((char) => (char === '/' || char === '\\' || char.charCodeAt(0) < 32 ? '_' : char)).join('').replace(/^\.+/, '_').slice(0, 200) || 'upload';
export const activityFolder = (activity: ExportActivity) => `activities/${activity.startDate.toISOString().slice(0, 10)}-${activity.id}`;

/**
 * Writes the account's zip into the export's parts and answers its size (ADR 0078). Each entry's
 * bytes are read from the database only when yazl reaches it (`addReadStreamLazy`), and the
 * output goes into parts as it comes, so memory holds one activity and one part at a time
 * however large the account. JSON is deflated; an uploaded file is stored as it came. An
 * activity without an uploaded file, and with samples, gets an `activity.fit` Kairo writes from
 * what it stores (activity-fit.ts).
 */
export async function buildExportZip(deps: BuildDeps, exportId: string, accountId: string, activities: ExportActivity[]): Promise<number> {
  const { repo, dataPolicy } = deps;
  const zip = new yazl.ZipFile();
  const now = new Date();
  const lazy = (name: string, produce: () => Promise<Uint8Array | undefined>, compress = true) =>
    zip.addReadStreamLazy(name, { mtime: now, compress }, (callback) => {
      produce().then(
        (bytes) => callback(null, Readable.from(bytes ? [bytes] : [])),
        (error: unknown) => callback(error as Error, undefined as never),
      );
    });

  const included = activities.filter((activity) => !leftOutByPolicy(activity, dataPolicy));
  const counts: ReadmeCounts = {
    activities: included.length,
    originals: 0,
    fitFiles: 0,
    stravaLeftOut: activities.length - included.length,
    fitnessLeftOut: false,
    dataPolicy,
  };

  // Small documents first; an empty document is still written, so the athlete sees it was looked for.
  const documents: [string, () => Promise<unknown>][] = [
    ['account.json', async () => (await repo.account(accountId))[0] ?? null],
    ['settings.json', async () => (await repo.settings(accountId))[0] ?? null],
    ['athletic-profile.json', async () => (await repo.athleticProfile(accountId))[0] ?? null],
    ['plans.json', () => repo.plans(accountId)],
    ['plan-adjustments.json', () => repo.planAdjustments(accountId)],
    ['wellness-days.json', () => repo.wellnessDays(accountId)],
    ['activity-feels.json', () => repo.activityFeels(accountId, included.map((activity) => activity.id))],
    ['ask-kai-conversations.json', () => repo.conversations(accountId)],
    ['api-tokens.json', () => repo.apiTokens(accountId)],
  ];
  // The fitness series sums every activity's load: with Strava's in it, it is computed from Strava data.
  if (counts.stravaLeftOut > 0) counts.fitnessLeftOut = true;
  else documents.push(['fitness.json', () => repo.fitnessDays(accountId)]);
  for (const [name, read] of documents) lazy(name, async () => json(await read()));

  const originals = await repo.originalNames(accountId);
  let done = 0;
  for (const activity of included) {
    const folder = activityFolder(activity);
    // Read together when yazl reaches the activity; the other entries of its folder take their part.
    let read: Promise<{ activity?: Document; metrics?: Document; analysis?: Document; streams: ActivityStreams | null }> | undefined;
    const readActivity = () =>
      (read ??= (async () => ({
        activity: await repo.activity(accountId, activity.id),
        metrics: await repo.metrics(accountId, activity.id),
        analysis: await repo.analysis(accountId, activity.id),
        streams: await deps.streams(accountId, activity.id),
      }))());
    lazy(`${folder}/activity.json`, async () => json((await readActivity()).activity ?? null));
    lazy(`${folder}/metrics.json`, async () => json((await readActivity()).metrics ?? null));
    const originalName = originals.get(activity.id);
    if (originalName !== undefined) {
      counts.originals += 1;
      lazy(`${folder}/original/${safeName(originalName)}`, async () => (await repo.original(accountId, activity.id))?.bytes, false);
    }
    lazy(`${folder}/analysis.json`, async () => json((await readActivity()).analysis ?? null));
    // Without the file the athlete uploaded, a FIT file of Kairo's own carries the samples to
    // other apps; an activity without samples gets none. Deflated like the JSON: records of
    // neighbouring seconds differ little, and the file shrinks to about half.
    if (originalName === undefined && activity.samples > 0) {
      counts.fitFiles += 1;
      lazy(`${folder}/activity.fit`, async () => {
        const { activity: row, streams } = await readActivity();
        const fit = row ? fitActivityOf(row, streams) : null;
        return (fit && (await encodeActivityFit(fit, streams))) ?? undefined;
      });
    }
    lazy(`${folder}/streams.json`, async () => {
      const bytes = json((await readActivity()).streams ?? null);
      // The activity's last entry: its documents can go, and it counts as done.
      read = undefined;
      done += 1;
      if (done % PROGRESS_EVERY === 0) await repo.progress(exportId, done);
      return bytes;
    });
  }
  lazy('README.txt', async () => Buffer.from(exportReadme(counts, now)));
  zip.end();

  let part = 0;
  let size = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const bytes = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await repo.storePart(exportId, part, bytes);
    part += 1;
  };
  await pipeline(
    zip.outputStream,
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        size += chunk.length;
        if (pendingBytes < EXPORT_PART_BYTES) return callback();
        flush().then(() => callback(), callback);
      },
      final(callback) {
        flush().then(() => callback(), callback);
      },
    }),
  );
  await repo.progress(exportId, done);
  return size;
}
