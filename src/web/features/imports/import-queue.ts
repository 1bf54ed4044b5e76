import { MAX_ACTIVITY_FILE_BYTES, MAX_ARCHIVE_BYTES, type ImportResult, type ImportStatus } from '../../../shared/api/imports.ts';
import { formatDurationWords } from '../../../shared/format.ts';
import { HttpError, userFacingMessage } from '../../lib/api-request.ts';

/** What the file picker offers (the server decides in the end, by content). */
export const IMPORT_ACCEPT = '.fit,.gpx,.tcx,.gz,.zip';

const activityFilePattern = /\.(fit|gpx|tcx)(\.gz)?$/i;
const archivePattern = /\.zip$/i;

/** Where one chosen file stands, shown as its own line in the import dialog. */
export type UploadState =
  | { kind: 'waiting' }
  | { kind: 'uploading' }
  | { kind: 'imported'; activityName: string }
  /** The account already has this activity; the server's message names it. */
  | { kind: 'duplicate'; message: string }
  | { kind: 'archive'; importId: string }
  | { kind: 'failed'; message: string };

export interface UploadItem {
  key: string;
  fileName: string;
  state: UploadState;
}

/**
 * Why a file is not even sent, or null when it may be: only activity files (also gzipped) and
 * Strava export archives, within the server's size limits.
 */
export function rejectionOf(file: { name: string; size: number }): string | null {
  if (archivePattern.test(file.name)) {
    return file.size > MAX_ARCHIVE_BYTES ? `${file.name} is larger than the 1 GB import limit` : null;
  }
  if (activityFilePattern.test(file.name)) {
    return file.size > MAX_ACTIVITY_FILE_BYTES ? `${file.name} is larger than the 64 MB limit for one activity file` : null;
  }
  return `${file.name} is not a file Kairo can import: choose .fit, .gpx or .tcx files (also .gz) or a Strava export .zip.`;
}

/** What the server's answer to an upload means for its line. */
export function stateOfResult(result: ImportResult, fileName: string): UploadState {
  const { import: status, activity } = result;
  if (status.kind === 'archive') return { kind: 'archive', importId: status.id };
  if (status.status === 'failed') return { kind: 'failed', message: status.error ?? `${fileName} could not be imported.` };
  if (activity === null) return { kind: 'failed', message: status.error ?? `${fileName} has no activity to import.` };
  return { kind: 'imported', activityName: activity.name };
}

/** What a refused upload means for its line: a 409 is an activity the account already has, not a failure. */
export function stateOfError(error: unknown, fileName: string): UploadState {
  const message = userFacingMessage(error, `${fileName} could not be imported.`);
  return error instanceof HttpError && error.status === 409 ? { kind: 'duplicate', message } : { kind: 'failed', message };
}

export function isImportSettled(status: Pick<ImportStatus, 'status'>): boolean {
  return status.status === 'done' || status.status === 'failed' || status.status === 'cancelled';
}

/** 'About 3 min left', 'About 1 h 5 min left', 'Less than a minute left'; null when the server has no estimate yet. */
export function timeLeftText(secondsLeft: number | null): string | null {
  if (secondsLeft === null) return null;
  if (secondsLeft < 60) return 'Less than a minute left';
  return `About ${formatDurationWords(secondsLeft)} left`;
}

/** Lines still waiting for their upload or for the server's answer. */
export function isUploadPending(state: UploadState): boolean {
  return state.kind === 'waiting' || state.kind === 'uploading';
}

export interface ArchiveProgress {
  processed: number;
  total: number;
  /** 0 to 1, or null while the archive has not been counted yet. */
  fraction: number | null;
}

/** An archive import's progress: every activity handled so far, whatever became of it. */
export function archiveProgress(status: Pick<ImportStatus, 'status' | 'total' | 'imported' | 'duplicates' | 'skipped' | 'failed'>): ArchiveProgress {
  const processed = status.imported + status.duplicates + status.skipped + status.failed;
  if (status.status === 'done') return { processed, total: status.total, fraction: 1 };
  if (status.total <= 0) return { processed, total: 0, fraction: null };
  return { processed, total: status.total, fraction: Math.min(1, processed / status.total) };
}

/**
 * The counts of an archive import, e.g. '12 imported · 3 skipped as duplicates · 1 skipped'
 * (duplicates: activities the account already has; skipped: entries without a file to import).
 * Zeros are left out, except 'imported'.
 */
export function archiveCounts(status: Pick<ImportStatus, 'imported' | 'duplicates' | 'skipped' | 'failed'>): string {
  const parts = [`${status.imported} imported`];
  if (status.duplicates > 0) parts.push(`${status.duplicates} skipped as duplicate${status.duplicates === 1 ? '' : 's'}`);
  if (status.skipped > 0) parts.push(`${status.skipped} skipped`);
  if (status.failed > 0) parts.push(`${status.failed} failed`);
  return parts.join(' · ');
}
