import { resolve } from 'node:path';
import { freePort, startServerProcess, type ServerProcess } from './processes.ts';
import { movedClockEnv } from './moved-clock.ts';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../src/server/heap.ts';

const mainScript = resolve(import.meta.dirname, '../../src/server/main.ts');

export interface KairoProcess extends ServerProcess {
  port: number;
}

/**
 * Kairo as production runs it, `node src/server/main.ts`, for tests and benches that load it from
 * outside or kill and restart it. On PGlite (no `databaseUrl`) the data lives in `dataDir`; either
 * way `dataDir` keeps the generated secrets, so a restart on the same `dataDir` and `port` keeps
 * sessions and stored tokens valid and the origin unchanged.
 */
export async function startKairoProcess(options: {
  dataDir: string;
  databaseUrl?: string;
  port?: number;
  /** Added to (or overriding) the defaults below, e.g. the Strava simulator's settings. */
  env?: Record<string, string>;
  /** Node flags after SERVER_NODE_FLAGS, e.g. `--import` of a module hook. */
  nodeFlags?: readonly string[];
}): Promise<KairoProcess> {
  const port = options.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServerProcess({
    script: mainScript,
    nodeFlags: [...SERVER_NODE_FLAGS, ...(options.nodeFlags ?? [])],
    env: {
      ...SERVER_ENV,
      PATH: process.env.PATH ?? '',
      ...movedClockEnv(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      // One process on its own test database: its secrets may stay in dataDir (a cluster passes them in env).
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl, KAIRO_CLUSTER: '0' } : {}),
      ...options.env,
    },
    port,
    readyPath: '/readyz',
  });
  return { ...server, port };
}
