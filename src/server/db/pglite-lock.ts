import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';

/**
 * PGlite is single-process: a second process opening the same data directory would corrupt it.
 * Whoever opens a PGlite directory holds `<dir>.lock`, a file with its pid. A lock whose process
 * is gone (crash, kill -9) is stale and is taken over, so no one ever has to delete it by hand.
 */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  readonly pid: number | undefined;

  constructor(pid: number | undefined) {
    const owner = pid === undefined ? '' : ` (pid ${pid})`;
    super(`Kairo is running on this data directory${owner}; stop it first or use the HTTP API (its built-in database serves one process: to run several instances, use PostgreSQL with DATABASE_URL)`);
    this.pid = pid;
  }
}

/** Lock files this process holds; a lock with our own pid that is not here was left by an earlier life of this pid. */
const heldLockFiles = new Set<string>();

/** Takes the lock on a PGlite data directory or throws DataDirInUseError. Returns the release function. */
export function acquirePgliteLock(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  let ownerPid: number | undefined;
  // A second round is only needed after removing a stale lock; losing a third means another opener won.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(lockFile, `${process.pid}\n`, { flag: 'wx' });
      heldLockFiles.add(lockFile);
      return () => releaseLock(lockFile);
    } catch (error) {
      if (!isErrorCode(error, 'EEXIST')) throw error;
    }
    const content = readLockFile(lockFile);
    if (content === undefined) continue;
    ownerPid = Number.parseInt(content, 10) || undefined;
    if (isLiveOwner(lockFile, ownerPid)) throw new DataDirInUseError(ownerPid);
    // Remove the stale lock only if it is still the one we judged, not a fresh one just written by another opener.
    if (readLockFile(lockFile) === content) unlinkSync(lockFile);
  }
  throw new DataDirInUseError(ownerPid);
}

function releaseLock(lockFile: string): void {
  if (!heldLockFiles.delete(lockFile)) return;
  if (readLockFile(lockFile)?.trim() === String(process.pid)) unlinkSync(lockFile);
}

function isLiveOwner(lockFile: string, pid: number | undefined): boolean {
  if (pid === undefined || pid < 0) return false;
  // In a container the server is often pid 1 on every start: our own pid only counts if we took the lock.
  if (pid === process.pid) return heldLockFiles.has(lockFile);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return isErrorCode(error, 'EPERM');
  }
}

function readLockFile(lockFile: string): string | undefined {
  try {
    return readFileSync(lockFile, 'utf8');
  } catch (error) {
    if (isErrorCode(error, 'ENOENT')) return undefined;
    throw error;
  }
}

function isErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
