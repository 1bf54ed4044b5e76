import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImportsRepo } from './repo.ts';

/**
 * One row of a stored upload. A part comes back from PostgreSQL as hex text twice its size, and
 * that text waits for the next collection, so parts are kept small (ADR 0094): a 1 GB archive is
 * about a thousand rows.
 */
export const UPLOAD_PART_BYTES = 1024 * 1024;

/**
 * An archive upload kept in the database for its job (ADR 0049), so whichever instance runs the job
 * can read it: written part by part from the file the upload streamed to, read back part by part
 * into a local working copy, because a zip is read from its end (the central directory) first.
 *
 * Both ways go through one buffer of a part's size. With a new buffer per part (a read stream's
 * chunks, the driver's bytea values), up to 144 MB of them waited for a collection while a 112 MB
 * archive was copied back, and the memory taken for them was not given back to the system for the
 * rest of the import (ADR 0094, amended).
 */
export async function storeUpload(repo: ImportsRepo, importId: string, filePath: string): Promise<void> {
  const file = await open(filePath, 'r');
  try {
    const buffer = Buffer.allocUnsafe(UPLOAD_PART_BYTES);
    for (let part = 0; ; part += 1) {
      const { bytesRead } = await file.read(buffer, 0, UPLOAD_PART_BYTES, null);
      if (bytesRead === 0) return;
      // Stored before the next read refills the buffer.
      await repo.storeUploadPart(importId, part, buffer.subarray(0, bytesRead));
    }
  } finally {
    await file.close();
  }
}

/** Writes the stored upload to a new file in `workDir` and returns its path; null when nothing is stored for it. */
export async function restoreUpload(repo: ImportsRepo, importId: string, workDir: string): Promise<string | null> {
  let hex = await repo.uploadPartHex(importId, 0);
  if (hex === undefined) return null;
  await mkdir(workDir, { recursive: true, mode: 0o700 });
  // A copy left by a run that died (a crash, a kill) is of no more use.
  for (const name of await readdir(workDir)) {
    if (name.startsWith(`${importId}-`)) await rm(join(workDir, name), { force: true });
  }
  // Its own name per run, so a run never reads a file another one is still writing.
  const path = join(workDir, `${importId}-${randomBytes(4).toString('hex')}.zip`);
  const file = await open(path, 'w', 0o600);
  try {
    let buffer = Buffer.allocUnsafe(UPLOAD_PART_BYTES);
    for (let part = 1; hex !== undefined; part += 1) {
      // An upload stored by an earlier version may have larger parts (4 MB).
      if (hex.length / 2 > buffer.length) buffer = Buffer.allocUnsafe(Math.ceil(hex.length / 2));
      const length = buffer.write(hex, 'hex');
      if (length * 2 !== hex.length) throw new Error(`Part ${part - 1} of the stored upload of ${importId} is not a whole part`);
      for (let written = 0; written < length; ) written += (await file.write(buffer, written, length - written)).bytesWritten;
      hex = await repo.uploadPartHex(importId, part);
    }
  } catch (error) {
    await file.close();
    await rm(path, { force: true });
    throw error;
  }
  await file.close();
  return path;
}
