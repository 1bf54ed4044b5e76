import type { FastifyInstance } from 'fastify';
import { ADJUSTMENT_NOT_FOUND, adjustmentActions, pendingAdjustments, planAdjustment, planAdjustmentList, type AdjustmentAction } from '../../../../shared/api/plan-adjustments.ts';
import { planEdit } from '../../../../shared/api/plan-edits.ts';
import { pathUuid, route } from '../../../http/route.ts';
import type { PlanEditsService } from './edits.ts';
import type { AdjustmentsService } from './service.ts';

const SUMMARIES: Record<AdjustmentAction, string> = {
  accept: "Accepts a pending proposal: its changes are laid over the plan's dated sessions (calendar, feed, device files follow); 409 unless pending",
  decline: 'Declines a pending proposal: the plan stays as it is; 409 unless pending',
  undo: 'Undoes an accepted change: the days hold again exactly what they held before; 409 unless accepted, or when a later accepted change touches the same day',
};

/** ADR 0050: a plan's proposals and history, and the athlete's answer to each. */
export function registerAdjustmentRoutes(app: FastifyInstance, adjustments: AdjustmentsService, edits: PlanEditsService): void {
  const tags = ['training-plans'];
  const planId = (params: Record<string, string>) => pathUuid(params, 'Training plan not found');
  route(app, {
    method: 'GET',
    url: '/api/training-plans/adjustments/pending',
    summary: "The pending proposals of all the athlete's plans, newest first, each with its plan's title (Home)",
    tags,
    auth: 'required',
    response: pendingAdjustments,
    handler: ({ account }) => adjustments.pending(account.id),
  });
  route(app, {
    method: 'GET',
    url: '/api/training-plans/:id/adjustments',
    summary: "Kai's proposals for the plan: the pending ones and the history (accepted, declined, undone, superseded), newest first, each with its reason, evidence and changes",
    tags,
    auth: 'required',
    response: planAdjustmentList,
    handler: ({ account, params }) => adjustments.list(account.id, planId(params)),
  });
  for (const action of adjustmentActions) {
    route(app, {
      method: 'POST',
      url: `/api/training-plans/:id/adjustments/:adjustmentId/${action}`,
      summary: SUMMARIES[action],
      tags,
      auth: 'required',
      response: planAdjustment,
      handler: ({ account, params }) => {
        const id = planId(params);
        const adjustmentId = pathUuid({ id: params.adjustmentId ?? '' }, ADJUSTMENT_NOT_FOUND);
        return adjustments.decide(account.id, id, adjustmentId, action);
      },
    });
  }
  route(app, {
    method: 'POST',
    url: '/api/training-plans/:id/edits',
    summary:
      "The athlete's own edit of the plan (ADR 0082): move, change, replace, delete or add a session, or put a workout built from steps on a day; stored as an accepted adjustment (trigger athlete-edit) that the undo takes off again; 400 with the reason when it does not fit the plan",
    tags,
    auth: 'required',
    body: planEdit,
    status: 201,
    response: planAdjustment,
    handler: ({ account, params, body }) => edits.edit(account.id, planId(params), body),
  });
}
