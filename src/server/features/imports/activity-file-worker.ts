import { parentPort, workerData } from 'node:worker_threads';
import type { ActivityFileLimits } from '../../../shared/api/imports.ts';
import { ImportFileError } from './import-file-error.ts';
import { parseActivityFiles } from './parse-activity-file.ts';
import { ownBuffer } from './own-buffer.ts';
import { packActivity } from './pack-activity.ts';
import { scorePacked } from './score-packed.ts';
import type { WorkerReply, WorkerRequest } from './activity-file-parser.ts';

/**
 * A worker thread of the activity pool (activity-file-parser.ts): parses one file (its activities'
 * streams packed for storage here), or scores one activity from its packed streams, at a time off
 * the server's event loop and posts back the result, or why the file was refused.
 */
const { limits } = workerData as { limits: ActivityFileLimits };
const port = parentPort!;

port.on('message', async (request: WorkerRequest) => {
  const { id } = request;
  let reply: WorkerReply;
  const transfer: ArrayBuffer[] = [];
  try {
    if (request.kind === 'parse') {
      const activities = (await parseActivityFiles(request.fileName, new Uint8Array(request.bytes), limits)).map(packActivity);
      for (const { streams } of activities) {
        // Each activity's packed bytes in a buffer of their own, moved to the server rather than copied.
        const buffer = ownBuffer(streams.data);
        streams.data = new Uint8Array(buffer);
        transfer.push(buffer);
      }
      reply = { id, activities };
    } else {
      reply = { id, score: scorePacked({ ...request.input, packedStreams: request.input.packedStreams && new Uint8Array(request.input.packedStreams) }) };
    }
  } catch (error) {
    reply =
      error instanceof ImportFileError
        ? { id, refused: { reason: error.reason, message: error.message } }
        : { id, failed: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(reply, transfer);
});
