import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { writeMigratedPgliteDump } from './pglite-snapshot.ts';

/** Vitest global setup: one migrated PGlite data directory for the tier's suites to start from (pglite-snapshot.ts). */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'kairo-pglite-snapshot-'));
  const file = join(dir, 'migrated.tar');
  await writeMigratedPgliteDump(file);
  project.provide('pgliteSnapshotFile', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
