import type { FastifyInstance } from 'fastify';
import { dayPlanAnswer, dayPlanQuery } from '../../../../shared/api/day-plan.ts';
import { route } from '../../../http/route.ts';
import type { DayPlanService } from './service.ts';

/** ADR 0068: the one decision per day that Home, the plan view, the analyses and the files read. */
export function registerDayPlanRoutes(app: FastifyInstance, dayPlan: DayPlanService): void {
  route(app, {
    method: 'GET',
    url: '/api/day-plan',
    summary:
      "What to do on each day (from `from`, today by default; `days` days, at most 62): the active plan's session with the accepted changes, today's readiness holding a hard session back, or Kai's next session where no plan covers the day; each with its source and why",
    tags: ['training-plans'],
    auth: 'required',
    query: dayPlanQuery,
    response: dayPlanAnswer,
    handler: ({ account, query }) => dayPlan.days(account.id, query),
  });
}
