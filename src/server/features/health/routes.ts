import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';

const READY_TIMEOUT_MS = 2_000;

/**
 * Liveness says the process answers (restart it when this fails); readiness says it should get
 * requests: it can reach its database right now and is not shutting down. A load balancer routes
 * on /readyz, an orchestrator restarts on /healthz (README, "Running more than one instance").
 */
export function registerHealthRoutes(app: FastifyInstance, database: DatabaseHandle, state: { draining(): boolean }): void {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    // First thing on SIGTERM: the balancer takes this instance out while it still serves what it has.
    if (state.draining()) return reply.code(503).send({ status: 'draining', message: 'Shutting down' });
    try {
      await withTimeout(database.ping(), READY_TIMEOUT_MS);
      return { status: 'ready', database: database.kind };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.code(503).send({ status: 'unavailable', message: 'Database unreachable' });
    }
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
