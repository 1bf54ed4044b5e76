import type { FastifyInstance } from 'fastify';
import { activityDetailUpdate, analysisRefresh, analysisView, coachingStyleUpdate } from '../../../shared/api/analysis.ts';
import { pathUuid, route } from '../../http/route.ts';
import type { AnalysisService } from './service.ts';

const activityId = (params: Record<string, string>) => pathUuid(params, 'Activity not found');

export function registerAnalysisRoutes(app: FastifyInstance, analysis: AnalysisService): void {
  const tags = ['analysis'];
  route(app, {
    method: 'GET',
    url: '/api/activities/:id/analysis',
    summary: "Kai's analysis of the activity, written on the first request if the job has not written it yet",
    tags,
    auth: 'required',
    response: analysisView,
    handler: ({ account, params }) => analysis.get(account.id, activityId(params)),
  });
  route(app, {
    method: 'PUT',
    url: '/api/activities/:id/analysis/coaching-style',
    summary: 'Rewrites the analysis in another coaching style (custom needs instructions in systemPrompt)',
    tags,
    auth: 'required',
    body: coachingStyleUpdate,
    response: analysisView,
    handler: ({ account, params, body }) => analysis.setCoachingStyle(account.id, activityId(params), body),
  });
  route(app, {
    method: 'PUT',
    url: '/api/activities/:id/analysis/activity-detail',
    summary: 'Sets (or with null clears) the ride-detail context and rewrites the analysis',
    tags,
    auth: 'required',
    body: activityDetailUpdate,
    response: analysisView,
    handler: ({ account, params, body }) => analysis.setActivityDetail(account.id, activityId(params), body.detail),
  });
  route(app, {
    method: 'POST',
    url: '/api/activities/:id/analysis/refresh',
    summary: 'Rewrites the analysis, optionally with new ride-detail context; at most 5 per 10 minutes per account',
    tags,
    auth: 'required',
    body: analysisRefresh,
    response: analysisView,
    handler: ({ account, params, body }) => analysis.refresh(account.id, activityId(params), body),
  });
}
