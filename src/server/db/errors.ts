/**
 * Reading a database's errors. Drizzle wraps the driver's error (node-postgres or PGlite, both
 * with a SQLSTATE `code`) in a DrizzleQueryError, and Kairo may wrap either again: the causes are
 * walked, a few deep.
 */

/** SQLSTATE 23503: the row names a parent (a plan, an account) that is not there, or no longer. */
export const FOREIGN_KEY_VIOLATION = '23503';

const SQLSTATE = /^[0-9A-Z]{5}$/;
const MAX_CAUSES = 5;

/** The error and the errors it wraps, outermost first. */
export function errorChain(error: unknown): Error[] {
  const chain: Error[] = [];
  for (let current = error; current instanceof Error && chain.length < MAX_CAUSES && !chain.includes(current); current = current.cause) chain.push(current);
  return chain;
}

/** The SQLSTATE a database answered with, wherever it sits in the chain; undefined for any other error. */
export function sqlState(error: unknown): string | undefined {
  for (const current of errorChain(error)) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && SQLSTATE.test(code) && 'severity' in current) return code;
  }
  return undefined;
}
