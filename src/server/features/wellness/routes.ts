import type { FastifyInstance } from 'fastify';
import {
  WELLNESS_IMPORT_MAX_BYTES,
  activityFeel,
  activityFeelBody,
  readinessAnswer,
  readinessQuery,
  wellnessDayAnswer,
  wellnessDayBody,
  wellnessImportAnswer,
  wellnessRangeAnswer,
  wellnessRangeQuery,
} from '../../../shared/api/wellness.ts';
import { wellnessTrendsAnswer, wellnessTrendsQuery } from '../../../shared/api/wellness-trends.ts';
import { AppError } from '../../http/errors.ts';
import { pathUuid, route } from '../../http/route.ts';
import type { WellnessService } from './service.ts';

const CSV_TYPES = ['text/csv', 'application/csv'];

export async function registerWellnessRoutes(app: FastifyInstance, wellness: WellnessService): Promise<void> {
  const tags = ['wellness'];
  const dateParam = (params: Record<string, string>) => params.date ?? '';
  route(app, {
    method: 'GET',
    url: '/api/wellness',
    summary: 'The check-ins of the days from..to (YYYY-MM-DD, at most 731 days), oldest first',
    tags,
    auth: 'required',
    query: wellnessRangeQuery,
    response: wellnessRangeAnswer,
    handler: ({ account, query }) => wellness.range(account.id, query.from, query.to),
  });
  route(app, {
    method: 'GET',
    url: '/api/wellness/trends',
    summary:
      "HRV, resting HR, sleep and body weight over the days=90 or 365 days up to date (the athlete's today), each on the days it was recorded, with each day's normal range as readiness judges it",
    tags,
    auth: 'required',
    query: wellnessTrendsQuery,
    response: wellnessTrendsAnswer,
    handler: ({ account, query }) => wellness.trends(account.id, query),
  });
  route(app, {
    method: 'GET',
    url: '/api/wellness/:date',
    summary: "One day's check-in (null when nothing was recorded)",
    tags,
    auth: 'required',
    response: wellnessDayAnswer,
    handler: ({ account, params }) => wellness.day(account.id, dateParam(params)),
  });
  route(app, {
    method: 'PUT',
    url: '/api/wellness/:date',
    summary: "Saves one day's check-in as a whole (a field left out is cleared); a day in the future is refused",
    tags,
    auth: 'required',
    body: wellnessDayBody,
    response: wellnessDayAnswer,
    handler: ({ account, params, body }) => wellness.putDay(account.id, dateParam(params), body),
  });
  route(app, {
    method: 'GET',
    url: '/api/readiness',
    summary: "Readiness on a day (the athlete's today by default): state, inputs with values and baselines, reasons; and the days before it",
    tags,
    auth: 'required',
    query: readinessQuery,
    response: readinessAnswer,
    handler: ({ account, query }) => wellness.readiness(account.id, query),
  });
  route(app, {
    method: 'GET',
    url: '/api/activities/:id/feel',
    summary: "The athlete's RPE (1–10) and note for one activity",
    tags,
    auth: 'required',
    response: activityFeel,
    handler: ({ account, params }) => wellness.feel(account.id, pathUuid(params, 'Activity not found')),
  });
  route(app, {
    method: 'PUT',
    url: '/api/activities/:id/feel',
    summary: "Saves the athlete's RPE (1–10) and note for one activity; null clears",
    tags,
    auth: 'required',
    body: activityFeelBody,
    response: activityFeel,
    handler: ({ account, params, body }) => wellness.putFeel(account.id, pathUuid(params, 'Activity not found'), body),
  });

  // The CSV body is read only on this route, and only up to its own limit.
  await app.register(async (scope) => {
    scope.addContentTypeParser(CSV_TYPES, { parseAs: 'buffer', bodyLimit: WELLNESS_IMPORT_MAX_BYTES }, (_request, body, done) => {
      done(null, body);
    });
    route(scope, {
      method: 'POST',
      url: '/api/wellness/import',
      summary: `Imports wellness history from a CSV body (Content-Type text/csv, at most ${WELLNESS_IMPORT_MAX_BYTES / 1024 / 1024} MB; README "Wellness CSV")`,
      tags,
      auth: 'required',
      response: wellnessImportAnswer,
      handler: async ({ account, request }) => {
        if (!Buffer.isBuffer(request.body)) throw new AppError('unsupported_media_type', 'Send the file as text/csv');
        return wellness.importCsv(account.id, request.body);
      },
    });
  });
}
