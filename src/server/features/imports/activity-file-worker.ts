import { parentPort, workerData } from 'node:worker_threads';
import type { ActivityFileLimits } from '../../../shared/api/imports.ts';
import { ImportFileError } from './import-file-error.ts';
import { parseActivityFiles } from './parse-activity-file.ts';
import { computeActivityMetrics } from '../../../metrics/activity-metrics.ts';
import type { WorkerReply, WorkerRequest } from './activity-file-parser.ts';

/**
 * A worker thread of the activity pool (activity-file-parser.ts): parses one file, or computes one
 * activity's metrics, at a time off the server's event loop and posts back the result, or why the
 * file was refused.
 */
const { limits } = workerData as { limits: ActivityFileLimits };
const port = parentPort!;

port.on('message', async (request: WorkerRequest) => {
  const { id } = request;
  let reply: WorkerReply;
  try {
    reply =
      request.kind === 'parse'
        ? { id, activities: await parseActivityFiles(request.fileName, new Uint8Array(request.bytes), limits) }
        : { id, metrics: computeActivityMetrics(request.input) };
  } catch (error) {
    reply =
      error instanceof ImportFileError
        ? { id, refused: { reason: error.reason, message: error.message } }
        : { id, failed: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(reply);
});
