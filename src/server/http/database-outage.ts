import type { FastifyBaseLogger } from 'fastify';
import { errorChain } from '../db/errors.ts';

/** Seconds a client is asked to wait before trying again while the database is away. */
export const OUTAGE_RETRY_AFTER_S = 5;
export const OUTAGE_MESSAGE = 'Kairo cannot reach its database right now. Nothing was changed; please try again in a few seconds.';
const PROBE_INTERVAL_MS = 1_000;

/** SQLSTATE classes and codes that mean "no database to talk to", not "this query is wrong". */
const UNREACHABLE_SQLSTATE = /^(08|57P0[1-4]$|53300$)/;
const UNREACHABLE_SYSCALL = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
const UNREACHABLE_MESSAGE = /Connection terminated|not currently accepting connections|Client has encountered a connection error|Connection refused|the database system is (starting up|shutting down)|PGlite is closed/i;
/**
 * pg-pool's answer when every connection of the pool stayed busy for its whole connection timeout:
 * the database answers, but this instance has more requests in hand than connections (an
 * overload). A new connection that cannot be made says "Connection terminated due to connection
 * timeout" instead, which is an outage.
 */
const POOL_BUSY_MESSAGE = /^timeout exceeded when trying to connect$/;

/** Seconds a client is asked to wait before trying again while every connection is busy. */
export const BUSY_RETRY_AFTER_S = 2;
export const BUSY_MESSAGE = 'Kairo is very busy right now. Nothing was changed; please try again in a few seconds.';

/**
 * Whether an error (or any error it wraps: drizzle wraps the driver's) says the database is
 * unreachable. The causes are walked as db/errors' `errorChain` walks them (the same 5 deep; a
 * cause cycle visits each error once, where a loop of its own would visit them again to no other
 * answer). Like it, it follows `cause` only: an AggregateError's `errors` are not searched. Node
 * refusing a connection to a host of several addresses throws one, but it carries the first
 * error's `code` (ECONNREFUSED) itself, which the first step reads.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (const current of errorChain(error)) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_SQLSTATE.test(code) || UNREACHABLE_SYSCALL.has(code))) return true;
    if (UNREACHABLE_MESSAGE.test(current.message)) return true;
  }
  return false;
}

/**
 * Whether an error (or one it wraps) says this instance waited its whole connection timeout for a
 * free connection of its pool: an overload to answer 503 with a Retry-After, not an outage to
 * report (the database answered every statement it was sent).
 */
export function isDatabaseBusy(error: unknown): boolean {
  return errorChain(error).some((current) => POOL_BUSY_MESSAGE.test(current.message));
}

/**
 * Tracks a database outage so it is logged once when it starts and once when it ends, however many
 * requests and job polls meet it in between. While it lasts, a probe checks every second.
 */
export function createDatabaseOutage(deps: { ping: () => Promise<void>; log: FastifyBaseLogger }) {
  let since: number | null = null;
  let probe: NodeJS.Timeout | null = null;

  function recovered() {
    if (since === null) return;
    deps.log.warn({ outageS: Math.round((Date.now() - since) / 100) / 10 }, 'Database reachable again');
    since = null;
    if (probe) clearInterval(probe);
    probe = null;
  }

  return {
    get down(): boolean {
      return since !== null;
    },

    /** True (and logged only the first time) when the error means the database is unreachable. */
    report(error: unknown): boolean {
      if (!isDatabaseUnreachable(error)) return false;
      if (since !== null) return true;
      since = Date.now();
      deps.log.error({ err: error }, 'Database unreachable: answering 503 until it is back');
      probe = setInterval(() => {
        deps.ping().then(recovered, () => undefined);
      }, PROBE_INTERVAL_MS);
      probe.unref();
      return true;
    },

    stop(): void {
      if (probe) clearInterval(probe);
      probe = null;
    },
  };
}

export type DatabaseOutage = ReturnType<typeof createDatabaseOutage>;
