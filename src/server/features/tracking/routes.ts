import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buttonInteractionBody, pageViewBody, userEventBody } from '../../../shared/api/tracking.ts';
import { route } from '../../http/route.ts';
import type { TrackingMeta, TrackingService } from './service.ts';

function trackingMeta(request: FastifyRequest): TrackingMeta {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    referrer: request.headers.referer,
    accountId: request.auth?.account.id ?? null,
    sid: request.auth?.sid ?? null,
  };
}

export function registerTrackingRoutes(app: FastifyInstance, tracking: TrackingService): void {
  const tags = ['tracking'];
  route(app, {
    method: 'POST',
    url: '/api/track/page-view',
    summary: 'Record a page view',
    tags,
    auth: 'optional',
    body: pageViewBody,
    status: 204,
    handler: async ({ request, body }) => tracking.pageView(body, trackingMeta(request)),
  });
  route(app, {
    method: 'POST',
    url: '/api/track/user-event',
    summary: 'Record a usage event',
    tags,
    auth: 'optional',
    body: userEventBody,
    status: 204,
    handler: async ({ request, body }) => tracking.userEvent(body, trackingMeta(request)),
  });
  route(app, {
    method: 'POST',
    url: '/api/track/button-interaction',
    summary: 'Record a copy or share of an analysis section',
    tags,
    auth: 'optional',
    body: buttonInteractionBody,
    status: 204,
    handler: async ({ request, body }) => tracking.buttonInteraction(body, trackingMeta(request)),
  });
}
