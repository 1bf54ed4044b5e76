import { rm } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { JobDefinition } from '../../jobs/queue.ts';
import type { ActivitiesService } from '../activities/index.ts';
import type { ActivityFileParser } from './activity-file-parser.ts';
import { AppError } from '../../http/errors.ts';
import { ImportFileError } from './import-file-error.ts';
import type { PackedActivity } from './parsed-activity.ts';
import type { ImportRow, ImportsRepo } from './repo.ts';
import { openStravaArchive } from './strava-archive.ts';
import { restoreUpload } from './stored-upload.ts';
import { toActivityValues } from './to-activity-values.ts';

const archiveJob = z.object({ importId: z.uuid() });
const RETRY_LIMIT = 3;
/** An entry's parsed activities (a multisport file's legs), or why it could not be read. */
type Parsed = { legs: PackedActivity[] } | { error: unknown };
export type ArchiveImportJob = JobDefinition<typeof archiveJob>;

/**
 * Imports a stored Strava export entry by entry, counting as it goes. An entry the account already
 * has (synced from Strava, uploaded as a file, or in an earlier export) is skipped and counted as
 * a duplicate. The counters say how far it got, so a job resumed after a crash continues where it
 * stopped; an entry imported just before the crash is found again and counted as a duplicate.
 * The archive comes from the database (stored-upload.ts), copied to a working file in `workDir`
 * on whichever instance runs the job; the copy is removed after each run, the stored parts once
 * the import is done or has failed for good. The athlete may cancel it: the job stops after the
 * entry in hand (each count answers the import's status), keeps what came in, and scores it.
 */
export function createArchiveImportJob(deps: {
  repo: ImportsRepo;
  activities: ActivitiesService;
  parser: ActivityFileParser;
  log: FastifyBaseLogger;
  workDir: string;
  /**
   * Entries read and decoded ahead of the one being stored (ADR 0091): enough to keep the parser's
   * workers busy, few enough that the parsed activities held at once (a long ride's streams are
   * megabytes) stay small.
   */
  readAhead: number;
}): ArchiveImportJob {
  const { repo, activities, parser, log } = deps;
  return {
    name: 'imports.archive',
    payload: archiveJob,
    policy: 'stately',
    expireInS: 3600,
    retryLimit: RETRY_LIMIT,
    async handler({ importId }, job) {
      const row = await repo.findById(importId);
      if (!row || row.status === 'done' || row.status === 'failed') return;
      if (row.status === 'cancelled') {
        // Cancelled before it started: nothing was imported; the stored upload goes.
        await repo.finish(importId, { status: 'cancelled' });
        return;
      }
      const restored = await restoreUpload(repo, importId, deps.workDir);
      // An archive an earlier version kept on this host's disk is still read from there.
      const filePath = restored ?? row.storagePath;
      if (!filePath) return;
      let outcome: 'done' | 'cancelled';
      try {
        outcome = await importArchive(row, filePath);
      } catch (error) {
        if (job.retryCount >= RETRY_LIMIT) await repo.finish(importId, { status: 'failed', error: 'The archive could not be imported. Please try again later.' });
        throw error;
      } finally {
        if (restored) await rm(restored, { force: true });
      }
      await repo.finish(importId, { status: outcome });
      if (!restored && row.storagePath) await rm(row.storagePath, { force: true });
      // A cancelled import's activities stay, and are scored as a whole history like a finished one's.
      await activities.historyImported(row.accountId);
    },
  };

  /**
   * Imports the entries not handled yet; 'cancelled' when the athlete stopped it between two entries.
   * Up to `readAhead` entries are read from the archive and decoded in the worker pool while the one
   * in hand is stored, so the workers never wait for the database; entries are still stored and
   * counted in the archive's order, which is what lets a resumed job continue from its counters.
   */
  async function importArchive(row: ImportRow, filePath: string): Promise<'done' | 'cancelled'> {
    const importId = row.id;
    if (!(await repo.start(importId))) return 'cancelled';
    const archive = await openStravaArchive(row.fileName, { filePath });
    const entries = archive.entries.slice(row.imported + row.duplicates + row.failed);
    /** One entry read from the archive and parsed in the worker pool; never rejects. */
    const read = (fileName: string): Promise<Parsed> =>
      archive
        .readActivityFile(fileName)
        .then((bytes) => parser.parse(fileName, bytes))
        .then((legs) => ({ legs }), (error: unknown) => ({ error }));
    const ahead: Promise<Parsed>[] = [];
    let started = 0;
    const fill = () => {
      while (started < entries.length && ahead.length < Math.max(1, deps.readAhead)) {
        const { fileName } = entries[started++]!;
        ahead.push(read(fileName));
      }
    };
    try {
      for (const entry of entries) {
        fill();
        let parsed = await ahead.shift()!;
        // Read ahead while the worker pool was full of other athletes' files: read again, in turn.
        if ('error' in parsed && parsed.error instanceof AppError && parsed.error.code === 'unavailable') {
          parsed = await read(entry.fileName);
        }
        let counted: 'imported' | 'duplicates' | 'failed';
        if ('error' in parsed) {
          if (!(parsed.error instanceof ImportFileError)) throw parsed.error;
          log.info({ importId, entry: entry.fileName, reason: parsed.error.reason }, 'archive entry not imported');
          counted = 'failed';
        } else {
          // One entry is one activity on Strava; a multisport file's legs all count as that entry.
          let anyInserted = false;
          for (const leg of parsed.legs) {
            const legSuffix = leg.leg && leg.leg.index > 0 ? `:leg${leg.leg.index + 1}` : '';
            const values = toActivityValues(leg, { source: 'archive', sourceKey: `strava-export:${entry.activityId}${legSuffix}`, name: entry.name });
            const outcome = await activities.insertUnlessRecorded(row.accountId, values, leg.streams);
            anyInserted ||= outcome.inserted !== undefined;
          }
          counted = anyInserted ? 'imported' : 'duplicates';
        }
        if ((await repo.increment(importId, counted)) === 'cancelled') return 'cancelled';
      }
      return 'done';
    } finally {
      // Reads still under way end (their outcome unused) before the archive they read from is closed.
      await Promise.all(ahead);
      archive.close();
    }
  }
}
