import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

/**
 * Loaded with `node --import` before a Kairo process's own code: appends the URL of every module
 * the process resolves to the file KAIRO_TEST_RESOLVED_LOG names, so a test can tell which
 * packages a start loads.
 */
const log = process.env.KAIRO_TEST_RESOLVED_LOG;
if (!log) throw new Error('KAIRO_TEST_RESOLVED_LOG names the file the resolved modules are written to');
registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    appendFileSync(log, `${resolved.url}\n`);
    return resolved;
  },
});
