import { ConfigError, loadConfig, type Config } from './config.ts';
import { DataDirInUseError } from './db/pglite-lock.ts';
import { startKairo, type Kairo } from './kairo.ts';
import { shutDownGracefully } from './shutdown.ts';

/** Process entry point: boot, then shut down gracefully on SIGINT/SIGTERM (ADR 0049). */
const FORCE_EXIT_MARGIN_MS = 5_000;

let config: Config;
let kairo: Kairo;
try {
  config = loadConfig();
  kairo = await startKairo(config);
} catch (error) {
  // The operator's to fix (a bad setting, a data directory another process holds): say it plainly.
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
kairo.app.log.info(`Kairo is running at ${kairo.url} (database: ${kairo.database.kind})`);

for (const warning of config.warnings) kairo.app.log.warn(warning);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // A second signal (Ctrl-C twice) does not wait for the grace period.
    if (stopping) process.exit(1);
    stopping = true;
    // Past the grace period (and a margin for closing connections), the process goes regardless.
    const forceExit = setTimeout(() => process.exit(1), config.shutdown.graceMs + FORCE_EXIT_MARGIN_MS);
    forceExit.unref();
    shutDownGracefully(kairo, config.shutdown, signal).then(
      () => process.exit(0),
      (error: unknown) => {
        kairo.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
