import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { JobDefinition } from '../../jobs/queue.ts';

/** Every hour, at minute 41: exports whose link has expired lose their zip. */
export const DATA_EXPORT_SWEEP_CRON = '41 * * * *';
const BUILD_RETRIES = 2;

export const dataExportPayload = z.object({ exportId: z.uuid(), accountId: z.uuid() });
export type DataExportPayload = z.infer<typeof dataExportPayload>;

/** The job's address, for the service to send to before the handler exists. */
export const dataExportJob = { name: 'data-export.build', payload: dataExportPayload } as const;

/** Builds one export (ADR 0078); a run that died is retried from the start, its parts replaced. */
export function createDataExportJob(build: (payload: DataExportPayload, job: { retryCount: number }, retryLimit: number) => Promise<void>): JobDefinition<typeof dataExportPayload> {
  return {
    ...dataExportJob,
    retryLimit: BUILD_RETRIES,
    retryDelayS: 10,
    // A large account's zip (thousands of activities) takes minutes; one run may take up to an hour.
    expireInS: 3600,
    async handler(payload, job) {
      await build(payload, job, BUILD_RETRIES);
    },
  };
}

/** Deletes the zips whose 24 hours are over (and their rows: the status then reads `none`). */
export function createDataExportSweep(deps: { sweep: () => Promise<number>; log: FastifyBaseLogger }): JobDefinition<z.ZodObject<Record<string, never>>> {
  return {
    name: 'data-export.sweep',
    payload: z.object({}),
    // A missed run is made good by the next one.
    retryLimit: 0,
    async handler() {
      const swept = await deps.sweep();
      if (swept > 0) deps.log.info({ swept }, 'expired data exports deleted');
    },
  };
}
