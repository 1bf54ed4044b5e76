import { z } from 'zod';
import { activityListItem } from './activities.ts';

/** Contracts of activity-file and archive imports. */
export const importStatus = z.object({
  id: z.string(),
  kind: z.enum(['file', 'archive']),
  fileName: z.string(),
  /** cancelled: stopped by the athlete; what was imported before stays. */
  status: z.enum(['queued', 'running', 'done', 'failed', 'cancelled']),
  total: z.number(),
  imported: z.number(),
  duplicates: z.number(),
  skipped: z.number(),
  failed: z.number(),
  error: z.string().nullable(),
  /** When the job took the archive up; null while queued. */
  startedAt: z.string().nullable(),
  /** Seconds left at the rate so far, while an archive import runs and has handled some; null otherwise. */
  secondsLeft: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ImportStatus = z.infer<typeof importStatus>;

export const importResult = z.object({
  import: importStatus,
  /** The activity a single file created or matched; absent for archives (they import in the background). */
  activity: activityListItem.nullable(),
});
export type ImportResult = z.infer<typeof importResult>;

/** Largest single activity file accepted (compressed or not). */
export const MAX_ACTIVITY_FILE_BYTES = 64 * 1024 * 1024;
/**
 * What one activity file may hold (issue 16; README "Limits"). Defaults, each changeable by an
 * environment variable (IMPORT_MAX_UNPACKED_MB, IMPORT_MAX_POINTS, IMPORT_MAX_HOURS): 64 MB
 * unpacked, 200,000 track points (55 h at one point a second) and 48 h from the first sample to the
 * last. An Ironman at one point a second is about 61,000 points and 17 h; multi-day events are
 * recorded day by day.
 */
export const DEFAULT_ACTIVITY_FILE_LIMITS = {
  maxUnpackedBytes: MAX_ACTIVITY_FILE_BYTES,
  maxPoints: 200_000,
  maxDurationS: 48 * 3600,
} as const;
export interface ActivityFileLimits {
  maxUnpackedBytes: number;
  maxPoints: number;
  maxDurationS: number;
}
/** Largest Strava export archive accepted. */
export const MAX_ARCHIVE_BYTES = 1024 * 1024 * 1024;
