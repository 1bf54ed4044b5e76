import { parentPort, workerData } from 'node:worker_threads';
import type { ActivityFileLimits } from '../../../shared/api/imports.ts';
import { ImportFileError } from './import-file-error.ts';
import { parseActivityFiles } from './parse-activity-file.ts';
import type { ParseReply, ParseRequest } from './activity-file-parser.ts';

/**
 * A worker thread of the activity file parser (activity-file-parser.ts): parses one file at a time
 * off the server's event loop and posts back the parsed activities, or why the file was refused.
 */
const { limits } = workerData as { limits: ActivityFileLimits };
const port = parentPort!;

port.on('message', async ({ id, fileName, bytes }: ParseRequest) => {
  let reply: ParseReply;
  try {
    reply = { id, activities: await parseActivityFiles(fileName, new Uint8Array(bytes), limits) };
  } catch (error) {
    reply =
      error instanceof ImportFileError
        ? { id, refused: { reason: error.reason, message: error.message } }
        : { id, failed: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(reply);
});
