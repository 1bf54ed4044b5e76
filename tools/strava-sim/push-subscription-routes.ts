import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SimClient } from './clients.ts';
import { applicationInactive, invalidApplication, notFound } from './errors.ts';
import { idParam, requestParams, requiredParam } from './params.ts';
import { isoSeconds } from './representation/dates.ts';
import type { StravaSimulator } from './simulator.ts';
import type { Subscription } from './webhooks.ts';

/**
 * /api/v3/push_subscriptions: create (after the callback answers the challenge), list, delete.
 * These authenticate with the application's client_id and client_secret, not a token, and do not
 * count against the rate limits. Served at both API addresses (`base`: /api/v3 and /api-v3).
 */
function subscriptionJson(subscription: Subscription) {
  return {
    id: subscription.id,
    resource_state: 2,
    application_id: Number(subscription.clientId),
    callback_url: subscription.callbackUrl,
    created_at: isoSeconds(subscription.createdAtS),
    updated_at: isoSeconds(subscription.updatedAtS),
  };
}

export async function registerPushSubscriptionRoutes(app: FastifyInstance, sim: StravaSimulator, base: string): Promise<void> {
  function application(request: FastifyRequest): SimClient {
    const params = requestParams(request);
    const client = sim.clients.verify(params.client_id, params.client_secret);
    if (!client) throw invalidApplication();
    if (client.inactive) throw applicationInactive();
    return client;
  }

  app.post(`${base}/push_subscriptions`, async (request, reply) => {
    const client = application(request);
    const params = requestParams(request);
    const callbackUrl = requiredParam(params, 'callback_url', 'PushSubscription');
    const verifyToken = requiredParam(params, 'verify_token', 'PushSubscription');
    const subscription = await sim.webhooks.subscribe(client.clientId, callbackUrl, verifyToken);
    return reply.code(201).send({ id: subscription.id });
  });

  app.get(`${base}/push_subscriptions`, async (request) => {
    const subscription = sim.webhooks.subscriptionOf(application(request).clientId);
    return subscription ? [subscriptionJson(subscription)] : [];
  });

  app.delete(`${base}/push_subscriptions/:id`, async (request, reply) => {
    const client = application(request);
    if (!sim.webhooks.unsubscribe(client.clientId, idParam(request, 'PushSubscription'))) throw notFound('PushSubscription');
    return reply.code(204).send();
  });
}
