import { parentPort } from 'node:worker_threads';
import { Decoder, Stream } from '@garmin/fitsdk';

/**
 * The floor the archive import is measured against (bench/fit-archive.ts): Garmin's FIT SDK reading
 * a file, nothing else. Answers each file's count of record messages, so the work cannot be skipped.
 */
parentPort!.on('message', (bytes: Uint8Array) => {
  const { messages, errors } = new Decoder(Stream.fromBuffer(bytes)).read();
  parentPort!.postMessage({ records: messages.recordMesgs?.length ?? 0, errors: errors.length });
});
