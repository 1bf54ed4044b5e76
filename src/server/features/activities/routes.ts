import type { FastifyInstance } from 'fastify';
import {
  activityDetail,
  activityList,
  activityListQuery,
  activityStreams,
} from '../../../shared/api/activities.ts';
import { sendJsonText, sendKeptJson } from '../../http/kept-json.ts';
import { pathUuid, route } from '../../http/route.ts';
import type { ActivitiesService } from './service.ts';

const activityId = (params: Record<string, string>) => pathUuid(params, 'Activity not found');

export function registerActivityRoutes(app: FastifyInstance, activities: ActivitiesService): void {
  const tags = ['activities'];
  route(app, {
    method: 'GET',
    url: '/api/activities',
    summary: 'Activities of the signed-in athlete, newest first (page with ?before=<startDate>)',
    tags,
    auth: 'required',
    query: activityListQuery,
    response: activityList,
    handler: async ({ account, query, request, reply }) => {
      // A page past the first is read as the activities' kept list items (ADR 0059); the first page
      // is kept per account, with its bytes and ETag (ADR 0052).
      if (query.before) return sendJsonText(reply, await activities.pageJson(account.id, { limit: query.limit, before: query.before }));
      return sendKeptJson(request, reply, await activities.list(account.id, { limit: query.limit }));
    },
  });
  route(app, {
    method: 'GET',
    url: '/api/activities/:id',
    summary: 'One activity with every recorded field and its source',
    tags,
    auth: 'required',
    response: activityDetail,
    handler: ({ account, params }) => activities.detail(account.id, activityId(params)),
  });
  route(app, {
    method: 'GET',
    url: '/api/activities/:id/streams',
    summary: 'The sample streams of one activity',
    tags,
    auth: 'required',
    response: activityStreams,
    handler: ({ account, params }) => activities.streams(account.id, activityId(params)),
  });
}
