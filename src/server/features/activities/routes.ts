import type { FastifyInstance } from 'fastify';
import {
  activityDetail,
  activityList,
  activityListQuery,
  activityStreams,
  bestPowerCurve,
  bestPowerCurveQuery,
  fitnessQuery,
  fitnessSeries,
  powerCurve,
} from '../../../shared/api/activities.ts';
import { activityIntervals } from '../../../shared/api/activity-intervals.ts';
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
    handler: ({ account, query }) => activities.list(account.id, query),
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
    url: '/api/activities/:id/power-curve',
    summary: 'Exact mean-maximal power for every duration from 1 s to the whole activity',
    tags,
    auth: 'required',
    response: powerCurve,
    handler: ({ account, params }) => activities.powerCurve(account.id, activityId(params)),
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
    handler: ({ account, query }) => activities.bestPowerCurve(account.id, query.days),
  });
  route(app, {
    method: 'GET',
    url: '/api/fitness',
    summary: 'Daily training load with fitness (CTL, 42 d), fatigue (ATL, 7 d) and form (TSB) for the last N days',
    tags,
    auth: 'required',
    query: fitnessQuery,
    response: fitnessSeries,
    handler: ({ account, query }) => activities.fitness(account.id, query.days),
  });
  route(app, {
    method: 'GET',
    url: '/api/activities/:id/intervals',
    summary: 'The laps of one activity and its work/rest intervals (from the laps, or detected in power, pace or heart rate)',
    tags,
    auth: 'required',
    response: activityIntervals,
    handler: ({ account, params }) => activities.intervals(account.id, activityId(params)),
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
