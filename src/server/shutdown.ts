import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';

/** What a shutdown needs of a running Kairo. */
export interface Stoppable {
  app: FastifyInstance;
  /** From now on /readyz answers 503; requests are still served. */
  drain(): void;
  close(options?: { graceMs?: number }): Promise<void>;
}

/** Time left for closing after the last step: the database and the job queue's own connections. */
const CLOSE_MARGIN_MS = 1_000;

/**
 * The graceful stop of ADR 0049, in order: readiness fails (the load balancer stops sending new
 * requests) while everything is still served for `noticeMs`; then the server stops accepting
 * connections and the job queue stops fetching, while in-flight requests and running jobs get the
 * rest of `graceMs`; jobs still running then are handed back to the queue; the database closes.
 * Resolves when the process may exit 0.
 */
export async function shutDownGracefully(kairo: Stoppable, settings: Config['shutdown'], reason: string): Promise<void> {
  const startedAt = Date.now();
  kairo.drain();
  kairo.app.log.info({ noticeMs: settings.noticeMs, graceMs: settings.graceMs }, `${reason}: shutting down; /readyz now answers 503`);
  if (settings.noticeMs > 0) await new Promise((resolve) => setTimeout(resolve, settings.noticeMs));
  const graceMs = Math.max(CLOSE_MARGIN_MS, settings.graceMs - (Date.now() - startedAt) - CLOSE_MARGIN_MS);
  await kairo.close({ graceMs });
  kairo.app.log.info(`stopped after ${Date.now() - startedAt} ms`);
}

/**
 * Closes the HTTP server: no new connections, idle keep-alive connections closed, in-flight
 * requests answered. A request still running after `graceMs` has its connection cut, so a stuck
 * client cannot hold the shutdown past the grace period.
 */
export async function closeHttpServer(app: FastifyInstance, graceMs: number): Promise<void> {
  const timer = setTimeout(() => {
    app.log.warn('shutdown grace period over: closing the connections of requests still running');
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
}
