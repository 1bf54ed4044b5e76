import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { calendarFeedCreated, calendarFeedStatus, planSessionFiles, planSessionsQuery, SESSION_NOT_FOUND, WORKOUT_FORMATS, type WorkoutFormat } from '../../../shared/api/plan-files.ts';
import { AppError } from '../../http/errors.ts';
import { pathUuid, route } from '../../http/route.ts';
import type { PlanFilesService } from './files-service.ts';

const planId = (params: Record<string, string>) => pathUuid(params, 'Training plan not found');

/**
 * How long a calendar app or proxy may keep the feed before asking again; each later poll is a
 * conditional request that costs a 304 when the plan has not changed. Private: the URL is a secret.
 */
const FEED_CACHE_CONTROL = 'private, max-age=300';

/** 'workout.fit' → 'fit'; any other name → 404, like an unknown path. */
function fileFormat(name: string | undefined): WorkoutFormat {
  const match = /^workout\.([a-z]+)$/.exec(name ?? '');
  const format = WORKOUT_FORMATS.find((candidate) => candidate === match?.[1]);
  if (!format) throw new AppError('not_found', SESSION_NOT_FOUND);
  return format;
}

function sessionDate(text: string | undefined): string {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) throw new AppError('not_found', SESSION_NOT_FOUND);
  return text;
}

/** ADR 0039, 0040: the workout files of a plan's sessions and the plan's private calendar feed. */
export function registerPlanFileRoutes(app: FastifyInstance, files: PlanFilesService): void {
  const tags = ['training-plans'];
  route(app, {
    method: 'GET',
    url: '/api/training-plans/:id/sessions',
    summary: 'The dated sessions of a plan (today and the next 13 days unless from/to are given), each with the workout files it offers and why not',
    tags,
    auth: 'required',
    query: planSessionsQuery,
    response: planSessionFiles,
    handler: ({ account, params, query }) => files.sessions(account.id, planId(params), query),
  });
  route(app, {
    method: 'GET',
    url: '/api/training-plans/:id/sessions/:date/:file',
    summary: "Pro: one dated session's workout file, :file being workout.fit, workout.zwo, workout.mrc or workout.erg; failures answer { error, message }",
    tags,
    auth: 'required',
    errorField: true,
    handler: async ({ account, params, reply }) => {
      const file = await files.sessionFile(account, planId(params), sessionDate(params.date), fileFormat(params.file));
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.bytes);
    },
  });
  route(app, {
    method: 'GET',
    url: '/api/training-plans/:id/workouts.zip',
    summary: "Pro: the plan's workouts in one .zip, a folder per format (fit, zwo, mrc, erg); failures answer { error, message }",
    tags,
    auth: 'required',
    errorField: true,
    handler: async ({ account, params, reply }) => {
      const { fileName, zip } = await files.zip(account, planId(params));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(zip);
    },
  });
  route(app, {
    method: 'GET',
    url: '/api/training-plans/:id/calendar-feed',
    summary: 'Whether the plan has a calendar feed URL (shown once, when made)',
    tags,
    auth: 'required',
    response: calendarFeedStatus,
    handler: ({ account, params }) => files.feedStatus(account.id, planId(params)),
  });
  route(app, {
    method: 'POST',
    url: '/api/training-plans/:id/calendar-feed',
    summary: 'Makes a new private calendar feed URL for the plan; an earlier URL stops working',
    tags,
    auth: 'required',
    response: calendarFeedCreated,
    status: 201,
    handler: ({ account, params }) => files.createFeed(account.id, planId(params)),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/training-plans/:id/calendar-feed',
    summary: "Revokes the plan's calendar feed URL",
    tags,
    auth: 'required',
    handler: ({ account, params }) => files.revokeFeed(account.id, planId(params)),
  });
  route(app, {
    method: 'GET',
    url: '/calendar/:file',
    summary: "A plan's calendar feed (webcal), read by calendar apps with the token in the URL and no cookie: /calendar/<token>.ics",
    tags,
    auth: 'optional',
    handler: async ({ params, request, reply }) => {
      const token = /^(.+)\.ics$/.exec(params.file ?? '')?.[1] ?? '';
      const { ics } = await files.readFeed(token);
      const etag = `"${createHash('sha256').update(ics).digest('base64url').slice(0, 27)}"`;
      reply.header('cache-control', FEED_CACHE_CONTROL).header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.header('content-type', 'text/calendar; charset=utf-8').send(ics);
    },
  });
}
