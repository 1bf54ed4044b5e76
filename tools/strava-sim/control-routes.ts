import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { StravaSimControl } from './control.ts';
import { SPORTS, WORKOUT_KINDS } from './demo/workouts.ts';
import { SCOPES } from './tokens.ts';

/**
 * The control API over HTTP, under /_sim, for driving a standalone simulator from another
 * process (the same operations as `control`). JSON in, JSON out; a bad request or an unknown
 * athlete or activity answers 400 with `{ message }`. Never exposed unless asked for.
 */

const id = z.coerce.number().int().positive();
const idParams = z.object({ id });

const clientInput = z.object({
  clientId: z.string().min(1).optional(),
  clientSecret: z.string().min(1).optional(),
  name: z.string().optional(),
  inactive: z.boolean().optional(),
  athleteLimit: z.number().int().min(0).nullable().optional(),
});
const clientStatus = z.strictObject({ inactive: z.boolean().optional(), athleteLimit: z.number().int().min(0).nullable().optional() });
const athleteInput = z.object({
  athleteId: id.optional(),
  seed: z.number().int().optional(),
  history: z.enum(['demo', 'empty']).optional(),
  historyDays: z.number().int().min(0).max(730).optional(),
});
const statedSettings = z.strictObject({ weightKg: z.number().nullable().optional(), ftpW: z.number().nullable().optional() });
const activityInput = z.object({
  sportType: z.enum(SPORTS).optional(),
  workout: z.enum(WORKOUT_KINDS).optional(),
  startS: z.number().int().optional(),
  durationS: z.number().int().min(300).max(12 * 3600).optional(),
  trainer: z.boolean().optional(),
  name: z.string().min(1).optional(),
  description: z.string().optional(),
  private: z.boolean().optional(),
});
const activityChanges = z.object({
  name: z.string().min(1).optional(),
  sportType: z.string().optional(),
  description: z.string().nullable().optional(),
  commute: z.boolean().optional(),
  trainer: z.boolean().optional(),
  hideFromHome: z.boolean().optional(),
  gearId: z.string().nullable().optional(),
  private: z.boolean().optional(),
});
const nextAuthorization = z.object({ athleteId: id.optional(), scopes: z.array(z.enum(SCOPES)).optional(), deny: z.boolean().optional() });
const matcher = {
  method: z.string().optional(),
  path: z.string().optional(),
  /** A regular expression's source, for matchers a prefix cannot express. */
  pathPattern: z.string().optional(),
  count: z.number().int().positive().optional(),
};
const fault = z.union([
  z.object({ status: z.number().int().min(400).max(599), ...matcher }),
  z.object({ delayMs: z.number().int().min(0).max(120_000), ...matcher }),
]);
const rateLimitSettings = z
  .object({
    enabled: z.boolean(),
    shortWindowS: z.number().int().positive(),
    longWindowS: z.number().int().positive(),
    overallShortLimit: z.number().int().min(0),
    overallLongLimit: z.number().int().min(0),
    readShortLimit: z.number().int().min(0),
    readLongLimit: z.number().int().min(0),
  })
  .partial();
const rateLimitUsage = z.object({ overallShort: z.number().int().min(0), overallLong: z.number().int().min(0), readShort: z.number().int().min(0), readLong: z.number().int().min(0) }).partial();
const requestFilter = z.object({ method: z.string().optional(), route: z.string().optional(), path: z.string().optional(), clientId: z.string().optional() });

export async function registerControlRoutes(app: FastifyInstance, control: StravaSimControl): Promise<void> {
  app.setErrorHandler((error, _request, reply) => {
    const message = error instanceof z.ZodError ? z.prettifyError(error) : error instanceof Error ? error.message : String(error);
    return reply.code(400).send({ message });
  });

  app.get('/clients', async () => control.clients());
  app.post('/clients', async (request) => control.registerClient(clientInput.parse(request.body ?? {})));
  app.patch('/clients/:clientId', async (request) => {
    const { clientId } = z.object({ clientId: z.string().min(1) }).parse(request.params);
    return control.setClientStatus(clientId, clientStatus.parse(request.body ?? {}));
  });

  app.get('/athletes', async () => control.athletes());
  app.post('/athletes', async (request) => control.createAthlete(athleteInput.parse(request.body ?? {})));
  app.get('/athletes/:id', async (request) => {
    const athlete = control.athlete(idParams.parse(request.params).id);
    if (!athlete) throw new Error('Unknown athlete');
    return athlete;
  });
  app.put('/athletes/:id/settings', async (request, reply) => {
    control.setAthleteSettings(idParams.parse(request.params).id, statedSettings.parse(request.body ?? {}));
    return reply.code(204).send();
  });
  app.get('/athletes/:id/activities', async (request) => control.activities(idParams.parse(request.params).id));
  app.post('/athletes/:id/activities', async (request) => control.addActivity(idParams.parse(request.params).id, activityInput.parse(request.body ?? {})));
  app.post('/athletes/:id/deauthorize', async (request) => {
    const { clientId } = z.object({ clientId: z.string().optional() }).parse(request.body ?? {});
    return { deauthorized: control.deauthorizeAthlete(idParams.parse(request.params).id, clientId) };
  });
  app.post('/athletes/:id/expire-tokens', async (request) => ({ expired: control.expireAthleteTokens(idParams.parse(request.params).id) }));

  app.get('/activities/:id', async (request) => control.activity(idParams.parse(request.params).id));
  app.patch('/activities/:id', async (request) => control.updateActivity(idParams.parse(request.params).id, activityChanges.parse(request.body ?? {})));
  app.delete('/activities/:id', async (request, reply) => {
    control.deleteActivity(idParams.parse(request.params).id);
    return reply.code(204).send();
  });

  app.put('/next-authorization', async (request, reply) => {
    control.nextAuthorization(nextAuthorization.parse(request.body ?? {}));
    return reply.code(204).send();
  });
  app.delete('/next-authorization', async (_request, reply) => {
    control.nextAuthorization(null);
    return reply.code(204).send();
  });

  app.post('/tokens/expire', async (request) => ({ expired: control.expireAccessToken(z.object({ accessToken: z.string() }).parse(request.body).accessToken) }));
  app.post('/tokens/revoke', async (request) => ({ revoked: control.revokeRefreshToken(z.object({ refreshToken: z.string() }).parse(request.body).refreshToken) }));

  app.post('/faults', async (request, reply) => {
    const { pathPattern, path, ...rest } = fault.parse(request.body);
    const where = pathPattern === undefined ? path : new RegExp(pathPattern);
    if ('status' in rest) control.faults.failNext({ ...rest, ...(where === undefined ? {} : { path: where }) });
    else control.faults.delay({ ...rest, ...(where === undefined ? {} : { path: where }) });
    return reply.code(204).send();
  });
  app.delete('/faults', async (_request, reply) => {
    control.faults.clear();
    return reply.code(204).send();
  });

  app.get('/requests', async (request) => ({ counts: control.requests.counts(), requests: control.requests.list(requestFilter.parse(request.query)) }));
  app.delete('/requests', async (_request, reply) => {
    control.requests.reset();
    return reply.code(204).send();
  });

  app.get('/rate-limits', async (request) => {
    const { clientId } = z.object({ clientId: z.string().optional() }).parse(request.query);
    return { settings: control.rateLimits.current(), ...(clientId === undefined ? {} : { usage: control.rateLimits.usage(clientId) }) };
  });
  app.patch('/rate-limits', async (request) => control.rateLimits.configure(rateLimitSettings.parse(request.body ?? {})));
  app.put('/rate-limits/usage/:clientId', async (request) => {
    const { clientId } = z.object({ clientId: z.string() }).parse(request.params);
    return control.rateLimits.setUsage(clientId, rateLimitUsage.parse(request.body ?? {}));
  });
  app.delete('/rate-limits/usage', async (_request, reply) => {
    control.rateLimits.reset();
    return reply.code(204).send();
  });

  app.get('/webhooks', async () => ({ subscriptions: control.webhooks.subscriptions(), deliveries: control.webhooks.deliveries() }));
  app.post('/webhooks/settled', async () => {
    await control.webhooks.settled();
    return { deliveries: control.webhooks.deliveries() };
  });
}
