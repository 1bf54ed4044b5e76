import type { FastifyInstance } from 'fastify';
import { bestPowerCurve, bestPowerCurveQuery, fitnessQuery, fitnessSeries, powerCurve } from '../../../shared/api/activities.ts';
import { activityIntervals } from '../../../shared/api/activity-intervals.ts';
import { activityRange, activityRangeQuery } from '../../../shared/api/activity-range.ts';
import { sendKeptJson } from '../../http/kept-json.ts';
import { pathUuid, route } from '../../http/route.ts';
import type { MetricsService } from './service.ts';

const activityId = (params: Record<string, string>) => pathUuid(params, 'Activity not found');

/** The scores' own reads: an activity's power curve, the best curve and the fitness series. */
export function registerScoringRoutes(app: FastifyInstance, scoring: MetricsService): void {
  const tags = ['activities'];
  route(app, {
    method: 'GET',
    url: '/api/activities/:id/power-curve',
    summary: 'Exact mean-maximal power for every duration from 1 s to the whole activity',
    tags,
    auth: 'required',
    response: powerCurve,
    handler: ({ account, params }) => scoring.powerCurve(account.id, activityId(params)),
  });
  route(app, {
    method: 'GET',
    url: '/api/power-curve/best',
    summary:
      "The athlete's best power-duration curve over the activities of the last N days (default 90), on the standard duration grid",
    tags,
    auth: 'required',
    query: bestPowerCurveQuery,
    response: bestPowerCurve,
    handler: ({ account, query }) => scoring.bestPowerCurve(account.id, query.days),
  });
  route(app, {
    method: 'GET',
    url: '/api/fitness',
    summary: 'Daily training load with fitness (CTL, 42 d), fatigue (ATL, 7 d) and form (TSB) for the last N days',
    tags,
    auth: 'required',
    query: fitnessQuery,
    response: fitnessSeries,
    handler: async ({ account, query, request, reply }) => sendKeptJson(request, reply, await scoring.fitnessChart(account.id, query.days)),
  });
  route(app, {
    method: 'GET',
    url: '/api/activities/:id/intervals',
    summary: 'The laps of one activity and its work/rest intervals (from the laps, or detected in power, pace or heart rate)',
    tags,
    auth: 'required',
    response: activityIntervals,
    handler: ({ account, params }) => scoring.intervals(account.id, activityId(params)),
  });
  route(app, {
    method: 'GET',
    url: '/api/activities/:id/range',
    summary:
      'The figures of a stretch from..to (seconds of elapsed time) of one activity: duration, average and Normalized Power, heart rate, speed, distance and elevation gain; null where not recorded',
    tags,
    auth: 'required',
    query: activityRangeQuery,
    response: activityRange,
    handler: ({ account, params, query }) => scoring.range(account.id, activityId(params), query.from, query.to),
  });
}
