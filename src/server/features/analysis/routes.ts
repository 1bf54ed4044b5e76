import type { FastifyInstance } from 'fastify';
import { activityDetailUpdate, analysisRefresh, analysisView, coachingStyleUpdate } from '../../../shared/api/analysis.ts';
import { analysisContextExport } from '../../../shared/api/exports.ts';
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
  route(app, {
    method: 'POST',
    url: '/api/activities/:id/generate-zwift-workout',
    summary: 'Pro: the next session as a Zwift workout file (.zwo download); failures answer { error, message }',
    tags,
    auth: 'required',
    errorField: true,
    handler: async ({ account, params, reply }) => {
      const { fileName, xml } = await analysis.workoutFile(account, activityId(params));
      reply.header('content-type', 'application/xml; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`);
      return xml;
    },
  });
  route(app, {
    method: 'GET',
    url: '/api/activities/:id/analysis/export',
    summary: 'Pro: the analysis context as one JSON document (never the custom instructions); the client saves it as a file',
    tags,
    auth: 'required',
    response: analysisContextExport,
    handler: ({ account, params }) => analysis.contextExport(account, activityId(params)),
  });
}
