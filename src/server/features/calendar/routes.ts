import type { FastifyInstance } from 'fastify';
import { calendarAnswer, calendarQuery, calendarTotalsAnswer, calendarTotalsQuery } from '../../../shared/api/calendar.ts';
import { sendKeptJson } from '../../http/kept-json.ts';
import { route } from '../../http/route.ts';
import type { CalendarService } from './service.ts';

/** ADR 0080: the training calendar's days, weeks, months and years, on the athlete's week start. */
export function registerCalendarRoutes(app: FastifyInstance, calendar: CalendarService): void {
  const tags = ['calendar'];
  route(app, {
    method: 'GET',
    url: '/api/calendar',
    summary:
      "Each day from `from` to `to` (at most 400 days): its activities (compliance-marked where done for a planned session) and the day plan's decision; and each week meeting the range, on the athlete's week start, with totals of time, distance, elevation and load, overall and per sport",
    tags,
    auth: 'required',
    query: calendarQuery,
    response: calendarAnswer,
    handler: async ({ account, query, request, reply }) => sendKeptJson(request, reply, await calendar.calendar(account.id, query)),
  });
  route(app, {
    method: 'GET',
    url: '/api/calendar/totals',
    summary:
      'Totals of time, distance, elevation and load, overall and per sport, for every month or year (`period`) meeting `from`..`to` (at most 20 years); a figure no activity recorded is null, and each total counts the activities that lacked it',
    tags,
    auth: 'required',
    query: calendarTotalsQuery,
    response: calendarTotalsAnswer,
    handler: async ({ account, query, request, reply }) => sendKeptJson(request, reply, await calendar.totals(account.id, query)),
  });
}
