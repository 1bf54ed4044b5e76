import { readFile, writeFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding a migrated PGlite data directory, written once per run by the global setup. */
    pgliteSnapshotFile?: string;
  }
}

/**
 * A fresh PGlite runs initdb (about 1 s of CPU); a copy of a migrated data directory loads in a
 * quarter of that. The migrations run for real once, here, and every suite's in-memory database
 * starts as a copy of their result — the same tables, indexes and journal `migrate()` leaves.
 */
export async function migratedPgliteDump(): Promise<Blob> {
  const handle = await openDatabase({ kind: 'pglite', dataDir: undefined });
  try {
    await handle.migrate();
    if (handle.driver.kind !== 'pglite') throw new Error('expected PGlite');
    return await (handle.driver.client as PGlite).dumpDataDir('none');
  } finally {
    await handle.close();
  }
}

export async function writeMigratedPgliteDump(file: string): Promise<void> {
  await writeFile(file, new Uint8Array(await (await migratedPgliteDump()).arrayBuffer()));
}

let snapshot: Promise<Blob> | undefined;

/** The run's migrated snapshot; made in this process when no global setup provided one (a script, another tier). */
export function migratedPgliteSnapshot(): Promise<Blob> {
  snapshot ??= (async () => {
    const file = providedFile();
    return file ? new Blob([await readFile(file)]) : migratedPgliteDump();
  })();
  return snapshot;
}

function providedFile(): string | undefined {
  try {
    return inject('pgliteSnapshotFile');
  } catch {
    return undefined;
  }
}
