import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

/**
 * Preloaded with `node --import` by tests that ask which modules a process loads: appends every
 * resolved module URL, one per line, to the file named by KAIRO_MODULE_LOG.
 */
const logFile = process.env.KAIRO_MODULE_LOG;
if (logFile) {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      appendFileSync(logFile, `${resolved.url}\n`);
      return resolved;
    },
  });
}
