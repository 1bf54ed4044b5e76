import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { JobDefinition } from './queue.ts';

/** How often expired sessions, throttle rows and registration links are deleted (a pg-boss cron, in UTC). */
export const HOUSEKEEPING_CRON = '*/10 * * * *';

/**
 * Deleting what has expired (sessions, throttle windows, unconfirmed registrations) as a pg-boss schedule: however many
 * instances run, pg-boss sends each occurrence once and one of them runs it (ADR 0041).
 */
export function createHousekeepingJob(deps: {
  purgeSessions: () => Promise<number>;
  purgeThrottles: () => Promise<number>;
  purgeRegistrations: () => Promise<number>;
  log: FastifyBaseLogger;
}): JobDefinition<z.ZodObject<Record<string, never>>> {
  return {
    name: 'housekeeping.purge',
    payload: z.object({}),
    // A missed run is made good by the next one; retrying an old one is no use.
    retryLimit: 0,
    async handler() {
      const sessions = await deps.purgeSessions();
      const throttles = await deps.purgeThrottles();
      const registrations = await deps.purgeRegistrations();
      if (sessions + throttles + registrations > 0) {
        deps.log.debug({ sessions, throttles, registrations }, 'purged expired sessions, throttle windows and registration links');
      }
    },
  };
}
