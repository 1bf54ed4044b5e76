import type { ImportResult, ImportStatus } from '../../../shared/api/imports.ts';
import { AppError } from '../../http/errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { ActivitiesService, ActivityRow } from '../activities/index.ts';
import type { ArchiveImportJob } from './jobs.ts';
import type { ActivityFileParser } from './activity-file-parser.ts';
import { fileSourceKey } from './parse-activity-file.ts';
import { openStravaArchive } from './strava-archive.ts';
import type { ImportRow, ImportsRepo } from './repo.ts';
import { storeUpload } from './stored-upload.ts';
import { toActivityValues } from './to-activity-values.ts';

/**
 * Seconds an archive import still needs at its rate so far (entries handled by the job since it
 * started); null until it has handled one, and once it has ended.
 */
export function importSecondsLeft(row: Pick<ImportRow, 'status' | 'startedAt' | 'total' | 'imported' | 'duplicates' | 'skipped' | 'failed'>, now: Date): number | null {
  if (row.status !== 'running' || !row.startedAt) return null;
  const handled = row.imported + row.duplicates + row.failed;
  if (handled === 0) return null;
  const left = Math.max(0, row.total - row.skipped - handled);
  const elapsedS = Math.max(0, (now.getTime() - row.startedAt.getTime()) / 1000);
  return Math.round((elapsedS / handled) * left);
}

export function toImportStatus(row: ImportRow, now = new Date()): ImportStatus {
  return {
    id: row.id,
    kind: row.kind,
    fileName: row.fileName,
    status: row.status,
    total: row.total,
    imported: row.imported,
    duplicates: row.duplicates,
    skipped: row.skipped,
    failed: row.failed,
    error: row.error,
    startedAt: row.startedAt?.toISOString() ?? null,
    secondsLeft: importSecondsLeft(row, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** How a refused duplicate names what the account already has: its name and start, e.g. "16 Apr 2021, 13:37 UTC". */
export function alreadyRecordedMessage(fileName: string, existing: { name: string; startDate: Date }): string {
  const start = existing.startDate.toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  });
  return `${fileName} was not imported: it is the same activity as "${existing.name}" (${start} UTC), already in your activities.`;
}

/**
 * Activities from the athlete's own files. A file is parsed before anything is stored, so a bad
 * file changes nothing; an activity the account already has (the same file, or the same activity
 * from another file or from Strava) is refused, so each real activity is counted once.
 */
export function createImportsService(deps: {
  repo: ImportsRepo;
  activities: ActivitiesService;
  queue: JobQueue;
  archiveJob: ArchiveImportJob;
  parser: ActivityFileParser;
}) {
  const { repo, activities, parser } = deps;

  return {
    /**
     * Imports one file, or refuses it (409, nothing stored) when the account already has the
     * activity it records: the same file, or another recording of it (duplicate rule). A
     * multisport file imports one activity per leg; the answer names the first. A leg the account
     * already has is skipped; the file is refused only when it has them all. The file is read by
     * a worker thread (its bytes move there), so other requests go on meanwhile.
     */
    async importFile(accountId: string, fileName: string, bytes: Uint8Array): Promise<ImportResult> {
      // The parser takes the bytes away to its worker; the file is kept as uploaded (ADR 0078).
      const original = Buffer.from(bytes);
      const legs = await parser.parse(fileName, bytes);
      const inserted: ActivityRow[] = [];
      let duplicateOf: { name: string; startDate: Date } | null = null;
      for (const parsed of legs) {
        const values = toActivityValues(parsed, { source: 'file', sourceKey: fileSourceKey(parsed) });
        const outcome = await activities.insertUnlessRecorded(accountId, values, parsed.streams);
        if (outcome.duplicateOf) duplicateOf ??= outcome.duplicateOf;
        else inserted.push(outcome.inserted);
      }
      const first = inserted[0];
      if (!first) throw new AppError('conflict', alreadyRecordedMessage(fileName, duplicateOf!));
      await repo.keepOriginal({ activityId: first.id, userId: accountId, fileName, bytes: original });
      for (const row of inserted) await activities.ingested(accountId, row.id);
      const row = await repo.create({
        accountId,
        kind: 'file',
        fileName,
        status: 'done',
        total: legs.length,
        imported: inserted.length,
        duplicates: legs.length - inserted.length,
      });
      return { import: toImportStatus(row), activity: activities.toListItem(first) };
    },

    /**
     * Checks the archive (a corrupt one is refused now, storing nothing), stores it in the database
     * for the job, which any instance may run, and queues the job. The answer carries the import
     * to poll for progress. The caller removes its file at `uploadedPath` afterwards.
     */
    async startArchiveImport(accountId: string, fileName: string, uploadedPath: string): Promise<ImportResult> {
      const archive = await openStravaArchive(fileName, { filePath: uploadedPath });
      const total = archive.entries.length + archive.skipped.length;
      archive.close();
      if (total === 0) throw new AppError('bad_request', `${fileName} lists no activities`);
      const row = await repo.create({ accountId, kind: 'archive', fileName, status: 'queued', total, skipped: archive.skipped.length });
      try {
        await storeUpload(repo, row.id, uploadedPath);
      } catch (error) {
        await repo.deleteUpload(row.id);
        await repo.update(row.id, { status: 'failed', error: 'The archive could not be stored. Please upload it again.' });
        throw error;
      }
      await deps.queue.send(deps.archiveJob, { importId: row.id }, { singletonKey: row.id });
      return { import: toImportStatus(row), activity: null };
    },

    async status(accountId: string, id: string): Promise<ImportStatus> {
      const row = await repo.find(accountId, id);
      if (!row) throw new AppError('not_found', 'Import not found');
      return toImportStatus(row);
    },

    /**
     * Stops an archive import between two entries: what came in stays and is scored. 404 for
     * another account's import; 409 for a single file or an import that has already ended.
     */
    async cancel(accountId: string, id: string): Promise<ImportStatus> {
      const row = await repo.find(accountId, id);
      if (!row) throw new AppError('not_found', 'Import not found');
      if (row.kind !== 'archive') throw new AppError('conflict', 'A single file is imported at once; there is nothing to cancel');
      const cancelled = await repo.cancel(accountId, id);
      if (!cancelled) {
        const current = await repo.find(accountId, id);
        throw new AppError('conflict', current?.status === 'cancelled' ? 'This import was already cancelled' : 'This import has already ended');
      }
      return toImportStatus(cancelled);
    },

    async recent(accountId: string): Promise<ImportStatus[]> {
      const now = new Date();
      return (await repo.recent(accountId, 20)).map((row) => toImportStatus(row, now));
    },
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
