import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ImportsRepo } from './repo.ts';

/**
 * One row of a stored upload. A part comes back from PostgreSQL as hex text twice its size, and its
 * buffers wait for the next collection, so parts are kept small (ADR 0094): a 1 GB archive is
 * about a thousand rows.
 */
export const UPLOAD_PART_BYTES = 1024 * 1024;

/**
 * An archive upload kept in the database for its job (ADR 0049), so whichever instance runs the job
 * can read it: written part by part from the file the upload streamed to, read back part by part
 * into a local working copy, because a zip is read from its end (the central directory) first.
 */
export async function storeUpload(repo: ImportsRepo, importId: string, filePath: string): Promise<void> {
  let part = 0;
  for await (const chunk of createReadStream(filePath, { highWaterMark: UPLOAD_PART_BYTES })) {
    await repo.storeUploadPart(importId, part, chunk as Buffer);
    part += 1;
  }
}

/** Writes the stored upload to a new file in `workDir` and returns its path; null when nothing is stored for it. */
export async function restoreUpload(repo: ImportsRepo, importId: string, workDir: string): Promise<string | null> {
  const first = await repo.uploadPart(importId, 0);
  if (!first) return null;
  await mkdir(workDir, { recursive: true, mode: 0o700 });
  // A copy left by a run that died (a crash, a kill) is of no more use.
  for (const name of await readdir(workDir)) {
    if (name.startsWith(`${importId}-`)) await rm(join(workDir, name), { force: true });
  }
  // Its own name per run, so a run never reads a file another one is still writing.
  const path = join(workDir, `${importId}-${randomBytes(4).toString('hex')}.zip`);
  async function* parts() {
    yield first!;
    for (let part = 1; ; part += 1) {
      const bytes = await repo.uploadPart(importId, part);
      if (!bytes) return;
      yield bytes;
    }
  }
  await pipeline(Readable.from(parts()), createWriteStream(path, { mode: 0o600 }));
  return path;
}
