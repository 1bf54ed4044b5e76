import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import type { RunningStravaSim } from '../../tools/strava-sim/sim.ts';
import { createTestDatabase, readStoppedKairoDatabase, type TestDatabase, type TestDatabaseKind } from './databases.ts';
import { startKairoProcess, type KairoProcess } from './kairo-process.ts';
import { startSimForKairo } from './strava.ts';

/**
 * A killed instance's jobs are found by their stopped heartbeat (10 s, pg-boss's least) and
 * retried: looked for every second and retried after 1-2 s instead of every 10 s and after
 * 10-20 s, so a restarted instance takes them up without idling through production's waits. A
 * stop hands back any job still running after 2 s.
 */
export const RECOVERY_ENV = { JOB_SUPERVISE_SECONDS: '1', JOB_RETRY_DELAY_SECONDS: '1', SHUTDOWN_GRACE_SECONDS: '2' };

export interface KairoChildWithSim {
  sim: RunningStravaSim;
  dataDir: string;
  /** Starts Kairo as a child process on the Strava simulator; given the port of one killed or stopped, it comes back on the same origin. */
  start(port?: number): Promise<KairoProcess>;
  /** The database as the killed or stopped server left it (PGlite is opened only while no child holds it). */
  inDatabase<T>(read: (database: DatabaseHandle) => Promise<T>): Promise<T>;
}

/**
 * For one describe block of the tests that kill Kairo and start it again on the same data: the
 * Strava simulator, a data folder, a PostgreSQL test database when `kind` says so, and
 * `node src/server/main.ts` started with RECOVERY_ENV (plus `env`) on demand. The block's last
 * process is killed and everything removed after it. Filled in by the time the block's tests run.
 */
export function useKairoChildWithSim(kind: TestDatabaseKind, options: { env?: Record<string, string>; prepareSim?: (sim: RunningStravaSim) => void } = {}): KairoChildWithSim {
  let simEnv: Record<string, string> = {};
  let postgres: TestDatabase | undefined;
  let last: KairoProcess | undefined;
  const rig = {
    async start(port?: number) {
      last = await startKairoProcess({
        dataDir: rig.dataDir,
        env: { ...simEnv, ...RECOVERY_ENV, ...options.env },
        ...(postgres?.url ? { databaseUrl: postgres.url } : {}),
        ...(port ? { port } : {}),
      });
      return last;
    },
    inDatabase: <T>(read: (database: DatabaseHandle) => Promise<T>) => readStoppedKairoDatabase({ dataDir: rig.dataDir, postgres }, read),
  } as KairoChildWithSim;

  beforeAll(async () => {
    const started = await startSimForKairo();
    rig.sim = started.sim;
    simEnv = started.env;
    options.prepareSim?.(rig.sim);
    rig.dataDir = mkdtempSync(join(tmpdir(), 'kairo-child-'));
    if (kind === 'postgres') postgres = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await last?.kill();
    await postgres?.drop();
    await rig.sim?.close();
    if (rig.dataDir) rmSync(rig.dataDir, { recursive: true, force: true });
  });
  return rig;
}
