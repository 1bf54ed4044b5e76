import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { ActivitiesService } from '../activities/index.ts';
import { createArchiveImportJob } from './jobs.ts';
import { createImportsRepo } from './repo.ts';
import { createImportsService } from './service.ts';

/** Activity files and Strava archives the athlete uploads. */
export type { ImportsService } from './service.ts';
export type { ArchiveImportJob } from './jobs.ts';
export { registerImportRoutes } from './routes.ts';

export function createImports(deps: { database: Database; activities: ActivitiesService; queue: JobQueue; uploadDir: string; log: FastifyBaseLogger }) {
  const { database, activities, queue, uploadDir, log } = deps;
  const repo = createImportsRepo(database);
  const archiveJob = createArchiveImportJob({ repo, activities, log, workDir: uploadDir });
  return { service: createImportsService({ repo, activities, queue, archiveJob }), archiveJob };
}
