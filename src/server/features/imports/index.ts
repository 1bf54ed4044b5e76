import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { ActivityFileLimits } from '../../../shared/api/imports.ts';
import type { ActivitiesService } from '../activities/index.ts';
import { createActivityFileParser } from './activity-file-parser.ts';
import type { PackedScoreInput } from './score-packed.ts';
import { createArchiveImportJob } from './jobs.ts';
import { createImportsRepo } from './repo.ts';
import { createImportsService } from './service.ts';

/** Activity files and Strava archives the athlete uploads. */
export type { ImportsService } from './service.ts';
export type { ArchiveImportJob } from './jobs.ts';
export { scorePacked, type PackedScoreInput } from './score-packed.ts';
export { registerImportRoutes } from './routes.ts';

/** How files are read: the worker pool's size, queue and heap, and what one file may hold (config.imports). */
export interface ActivityFileReading {
  workers: number;
  maxQueued: number;
  workerMemoryMb: number;
  limits: ActivityFileLimits;
}

/**
 * The imports feature. Its worker pool also computes activity metrics for scoring
 * (`scoreActivity`), the other CPU-heavy step an upload brings; `close` stops the workers.
 */
export function createImports(deps: {
  database: Database;
  activities: ActivitiesService;
  queue: JobQueue;
  uploadDir: string;
  reading: ActivityFileReading;
  log: FastifyBaseLogger;
}) {
  const { database, activities, queue, uploadDir, log } = deps;
  const repo = createImportsRepo(database);
  const parser = createActivityFileParser({ ...deps.reading, log });
  // One entry read ahead per worker, and one more: each worker has the next file the moment it is free.
  const archiveJob = createArchiveImportJob({ repo, activities, parser, log, workDir: uploadDir, readAhead: deps.reading.workers + 1 });
  return {
    service: createImportsService({ repo, activities, queue, archiveJob, parser }),
    archiveJob,
    scoreActivity: (input: PackedScoreInput) => parser.score(input),
    close: () => parser.close(),
  };
}
