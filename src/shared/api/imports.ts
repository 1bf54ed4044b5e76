import { z } from 'zod';
import { activityListItem } from './activities.ts';

/** Contracts of activity-file and archive imports. */
export const importStatus = z.object({
  id: z.string(),
  kind: z.enum(['file', 'archive']),
  fileName: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  total: z.number(),
  imported: z.number(),
  duplicates: z.number(),
  skipped: z.number(),
  failed: z.number(),
  error: z.string().nullable(),
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
/** Largest Strava export archive accepted. */
export const MAX_ARCHIVE_BYTES = 1024 * 1024 * 1024;
