import { createHash, createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { DATA_EXPORT_LINK_HOURS, type DataExportStatus } from '../../../shared/api/data-export.ts';
import { AppError } from '../../http/errors.ts';
import type { JobAddress, JobQueue } from '../../jobs/queue.ts';
import { buildExportZip, type BuildDeps } from './build.ts';
import { isOneBuildingViolation, type ExportRow } from './repo.ts';
import type { DataExportPayload, dataExportPayload } from './jobs.ts';

const HOUR_MS = 3_600_000;
export const EXPORT_RUNNING_MESSAGE = 'Your data export is still being built. Wait for it to finish, then start a new one if you need to.';
export const EXPORT_NOT_FOUND_MESSAGE = 'This download link is not yours, or it never existed.';
export const EXPORT_GONE_MESSAGE = 'This download link has been used or has expired. Start a new export in Settings.';
export const EXPORT_FAILED_MESSAGE = 'Your data export could not be built. Please try again.';

/** Where the link points; the token is the last segment. */
export const DOWNLOAD_PATH = '/api/account/export/download';

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * "Download my data" (issue 31, ADR 0078): one export per account at a time, built by a durable job
 * into database parts, downloadable once for 24 hours through a link whose token is an HMAC of
 * the export's id under the server's secret (so every status read shows the same link) and is
 * stored only as its SHA-256.
 */
export function createDataExportService(deps: BuildDeps & {
  queue: JobQueue;
  job: JobAddress<typeof dataExportPayload>;
  /** The server's session secret: the link's token is derived from it, never stored. */
  secret: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { repo, log } = deps;
  const now = deps.now ?? (() => new Date());
  const tokenOf = (exportId: string) => createHmac('sha256', deps.secret).update(`kairo data export\n${exportId}`).digest('base64url');

  function toStatus(row: ExportRow | undefined): DataExportStatus {
    if (!row || (row.expiresAt && row.expiresAt <= now())) {
      return { state: 'none', progress: { done: 0, total: 0 }, createdAt: null, expiresAt: null, downloadedAt: null, byteSize: null, error: null };
    }
    const usable = row.state === 'ready' && row.downloadedAt === null;
    return {
      state: row.state,
      progress: { done: row.done, total: row.total },
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt?.toISOString() ?? null,
      downloadedAt: row.downloadedAt?.toISOString() ?? null,
      byteSize: row.byteSize,
      error: row.state === 'failed' ? (row.error ?? EXPORT_FAILED_MESSAGE) : null,
      ...(usable ? { downloadUrl: `${DOWNLOAD_PATH}/${tokenOf(row.id)}` } : {}),
    };
  }

  return {
    async status(accountId: string): Promise<DataExportStatus> {
      return toStatus(await repo.latest(accountId));
    },

    /** Queues a new export; 409 while one is queued or running (on any instance: a unique index decides). */
    async start(accountId: string): Promise<DataExportStatus> {
      let row: ExportRow;
      try {
        row = await repo.create(accountId);
      } catch (error) {
        if (isOneBuildingViolation(error)) throw new AppError('conflict', EXPORT_RUNNING_MESSAGE);
        throw error;
      }
      await deps.queue.send(deps.job, { exportId: row.id, accountId }, { singletonKey: row.id });
      return toStatus(row);
    },

    /**
     * The zip of the link's export, as a stream of its parts, taken once: 404 when the link is not
     * the account's, 410 once used or expired. The link counts as used when the download starts.
     */
    async download(accountId: string, token: string, options: { peek?: boolean } = {}): Promise<{ stream: Readable; byteSize: number; fileName: string }> {
      const row = await repo.findByTokenHash(accountId, sha256(token));
      if (!row) throw new AppError('not_found', EXPORT_NOT_FOUND_MESSAGE);
      const usable = row.state === 'ready' && row.downloadedAt === null && row.expiresAt !== null && row.expiresAt > now();
      // A HEAD request (a link checker, a browser's prefetch) is answered without using the link.
      if (options.peek) {
        if (!usable) throw new AppError('gone', EXPORT_GONE_MESSAGE);
      } else if (!(await repo.takeDownload(row.id))) throw new AppError('gone', EXPORT_GONE_MESSAGE);
      async function* parts() {
        for (let part = 0; ; part += 1) {
          const bytes = await repo.part(row!.id, part);
          if (!bytes) return;
          yield Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        }
      }
      const day = row.createdAt.toISOString().slice(0, 10);
      return { stream: Readable.from(options.peek ? [] : parts()), byteSize: row.byteSize ?? 0, fileName: `kairo-data-${day}.zip` };
    },

    /** The job's work: builds the zip; a run that fails for good marks the export failed. */
    async build(payload: DataExportPayload, job: { retryCount: number }, retryLimit: number): Promise<void> {
      const row = await repo.find(payload.exportId);
      // Swept, superseded or its account deleted meanwhile: nothing to build.
      if (!row || row.accountId !== payload.accountId || row.state === 'ready' || row.state === 'failed') return;
      const activities = await repo.activities(row.accountId);
      await repo.begin(row.id, activities.length);
      try {
        const byteSize = await buildExportZip(deps, row.id, row.accountId, activities);
        await repo.ready(row.id, { tokenHash: sha256(tokenOf(row.id)), byteSize, expiresAt: new Date(now().getTime() + DATA_EXPORT_LINK_HOURS * HOUR_MS) });
        log.info({ exportId: row.id, accountId: row.accountId, byteSize, activities: activities.length }, 'data export ready');
      } catch (error) {
        if (job.retryCount >= retryLimit) {
          log.error({ err: error, exportId: row.id }, 'data export failed');
          await repo.failed(row.id, EXPORT_FAILED_MESSAGE);
          return;
        }
        throw error;
      }
    },

    async sweep(): Promise<number> {
      return repo.sweepExpired(now());
    },
  };
}

export type DataExportService = ReturnType<typeof createDataExportService>;
