import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';

const READY_TIMEOUT_MS = 2_000;

/** Liveness says the process answers; readiness says it can reach its database right now. */
export function registerHealthRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
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
