import type { FastifyBaseLogger } from 'fastify';
import type { ActivityStreams } from '../../../metrics/activity-streams.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { createDataExportJob, createDataExportSweep, dataExportJob } from './jobs.ts';
import { createDataExportRepo } from './repo.ts';
import { createDataExportService } from './service.ts';

/** "Download my data": the whole account as one zip, built in the background (issue 31, ADR 0078). */
export type { DataExportService } from './service.ts';
export { registerDataExportRoutes } from './routes.ts';
export { DATA_EXPORT_SWEEP_CRON } from './jobs.ts';

export function createDataExport(deps: {
  database: Database;
  queue: JobQueue;
  /** The activity's decoded samples, null when it has none. */
  streams: (accountId: string, activityId: string) => Promise<ActivityStreams | null>;
  dataPolicy: 'strict' | 'relaxed';
  secret: string;
  log: FastifyBaseLogger;
}) {
  const { database, ...rest } = deps;
  const service = createDataExportService({ ...rest, repo: createDataExportRepo(database), job: dataExportJob });
  return {
    service,
    job: createDataExportJob((payload, job, retryLimit) => service.build(payload, job, retryLimit)),
    sweepJob: createDataExportSweep({ sweep: () => service.sweep(), log: deps.log }),
  };
}
