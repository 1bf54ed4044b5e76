import type { FastifyInstance } from 'fastify';
import { seasonAnswer, seasonQuery } from '../../../shared/api/season.ts';
import { sendKeptJson } from '../../http/kept-json.ts';
import { route } from '../../http/route.ts';
import type { SeasonService } from './service.ts';

/** ADR 0083: the season's curves and timeline for one range of days. */
export function registerSeasonRoutes(app: FastifyInstance, season: SeasonService): void {
  route(app, {
    method: 'GET',
    url: '/api/season',
    summary:
      "For the days `from`..`to` in the athlete's time zone `tz` (neither day: all time; at most 20 years): the best power-duration curve of the activities' stored curves with W/kg, the fastest best efforts of the runs, and each month's FTP, critical power and highest heart rate, every figure with the activity it came from",
    tags: ['activities'],
    auth: 'required',
    query: seasonQuery,
    response: seasonAnswer,
    handler: async ({ account, query, request, reply }) => sendKeptJson(request, reply, await season.season(account.id, query)),
  });
}
