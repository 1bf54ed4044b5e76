import { z } from 'zod';

/** Contracts of "Download my data", the whole account as one zip (issue 31, ADR 0078). */

/** How long a ready export's link works, and the zip is kept. */
export const DATA_EXPORT_LINK_HOURS = 24;

export const dataExportStates = ['none', 'queued', 'running', 'ready', 'failed'] as const;

export const dataExportStatus = z.object({
  /** `none`: no export, or the last one expired or was downloaded and swept. */
  state: z.enum(dataExportStates),
  /** Activities written so far of all there are (the bulk of the work). */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  createdAt: z.string().nullable(),
  /** When the link stops working; null until the zip is ready. */
  expiresAt: z.string().nullable(),
  /** The one-time link while it still works (ready, not yet downloaded, not expired). */
  downloadUrl: z.string().optional(),
  /** Set once the link has been used. */
  downloadedAt: z.string().nullable(),
  byteSize: z.number().int().nullable(),
  /** Why a failed export failed, in words for the athlete. */
  error: z.string().nullable(),
});
export type DataExportStatus = z.infer<typeof dataExportStatus>;
