import type { FastifyInstance } from 'fastify';
import {
  trainingPlanCreate,
  trainingPlanDeleted,
  trainingPlanList,
  trainingPlanSaved,
  trainingPlanSwitchBack,
  trainingPlanSwitchedBack,
  trainingPlanToggle,
  trainingPlanUpdate,
  trainingPlanView,
} from '../../../shared/api/training-plans.ts';
import { planComplianceQuery, planComplianceView } from '../../../shared/api/plan-compliance.ts';
import { pathUuid, route } from '../../http/route.ts';
import type { PlansService } from './service.ts';

const planId = (params: Record<string, string>) => pathUuid(params, 'Training plan not found');

/** Spec §7 /api/training-plans, plus the plan as a calendar file (its workout files and feed: files-routes.ts). */
export function registerPlanRoutes(app: FastifyInstance, plans: PlansService): void {
  const tags = ['training-plans'];
  route(app, {
    method: 'GET',
    url: '/api/training-plans',
    summary: "The account's training plans, newest first, each with its phases and current phase",
    tags,
    auth: 'required',
    response: trainingPlanList,
    handler: ({ account }) => plans.list(account.id),
  });
  route(app, {
    method: 'POST',
    url: '/api/training-plans',
    summary:
      'Generates and stores a training plan (Free accounts: at most 1 plan); active unless active: false, it switches off the active plans whose days meet its own and names them in switchedOff',
    tags,
    auth: 'required',
    body: trainingPlanCreate,
    response: trainingPlanSaved,
    status: 201,
    handler: ({ account, body }) => plans.create(account.id, body),
  });
  route(app, {
    method: 'PUT',
    url: '/api/training-plans',
    summary: 'Regenerates a training plan from new inputs; an active one switches off the active plans its new days meet (switchedOff)',
    tags,
    auth: 'required',
    body: trainingPlanUpdate,
    response: trainingPlanSaved,
    handler: ({ account, body }) => plans.update(account.id, body),
  });
  route(app, {
    method: 'GET',
    url: '/api/training-plans/:id',
    summary: 'One training plan with its generated plan',
    tags,
    auth: 'required',
    response: trainingPlanView,
    handler: ({ account, params }) => plans.get(account.id, planId(params)),
  });
  route(app, {
    method: 'GET',
    url: '/api/training-plans/:id/compliance',
    summary:
      'Planned vs done: each day of the plan (from..to, at most 366 days; the whole plan by default) with its session, matched activities, status and band; each week; the plan so far',
    tags,
    auth: 'required',
    query: planComplianceQuery,
    response: planComplianceView,
    handler: ({ account, params, query }) => plans.compliance(account.id, planId(params), query),
  });
  route(app, {
    method: 'PATCH',
    url: '/api/training-plans/:id/toggle',
    summary: 'Activates or deactivates a plan (active plans feed the analysis); activated, it switches off the active plans whose days meet its own (switchedOff)',
    tags,
    auth: 'required',
    response: trainingPlanToggle,
    handler: ({ account, params }) => plans.toggle(account.id, planId(params)),
  });
  route(app, {
    method: 'POST',
    url: '/api/training-plans/:id/switch-back',
    summary:
      'Undoes a switch: the plan goes off and the plans it switched off (switchOn) back on, all at once; 409 when one would now run alongside another active plan',
    tags,
    auth: 'required',
    body: trainingPlanSwitchBack,
    response: trainingPlanSwitchedBack,
    handler: ({ account, params, body }) => plans.switchBack(account.id, planId(params), body.switchOn),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/training-plans/:id',
    summary: 'Deletes a training plan',
    tags,
    auth: 'required',
    response: trainingPlanDeleted,
    handler: ({ account, params }) => plans.delete(account.id, planId(params)),
  });
  route(app, {
    method: 'GET',
    url: '/api/training-plans/:id/calendar.ics',
    summary: 'The plan as an iCalendar file: one all-day event per scheduled session',
    tags,
    auth: 'required',
    handler: async ({ account, params, reply }) => {
      const { fileName, ics } = await plans.calendar(account.id, planId(params));
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(ics);
    },
  });
}
