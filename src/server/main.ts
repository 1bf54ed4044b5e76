import { ConfigError, loadConfig } from './config.ts';
import { DataDirInUseError } from './db/pglite-lock.ts';
import { startKairo, type Kairo } from './kairo.ts';

/** Process entry point: boot, then shut down gracefully on SIGINT/SIGTERM. */
let kairo: Kairo;
try {
  kairo = await startKairo(loadConfig());
} catch (error) {
  // The operator's to fix (a bad setting, a data directory another process holds): say it plainly.
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
kairo.app.log.info(`Kairo is running at ${kairo.url} (database: ${kairo.database.kind})`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    kairo.app.log.info(`${signal} received, shutting down`);
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    kairo.close().then(
      () => process.exit(0),
      (error: unknown) => {
        kairo.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
