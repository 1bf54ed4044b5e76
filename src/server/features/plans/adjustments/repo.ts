import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { planAdjustments, trainingPlans } from '../../../db/schema.ts';
import type { AdjustmentStatus } from '../../../../shared/api/plan-adjustments.ts';
import type { TrainingPlanRow } from '../repo.ts';
import { planChangedAt } from '../plan-changed-at.ts';

export type PlanAdjustmentRow = typeof planAdjustments.$inferSelect;
export type PlanAdjustmentValues = Pick<typeof planAdjustments.$inferInsert, 'trigger' | 'situation' | 'reason' | 'evidence' | 'changes'>;

/** The statements on a plan's adjustments, against the database or inside a transaction. */
function statements(db: Database) {
  return {
    /** Every adjustment of the plan, oldest first. */
    async ofPlan(accountId: string, planId: string): Promise<PlanAdjustmentRow[]> {
      return db
        .select()
        .from(planAdjustments)
        .where(and(eq(planAdjustments.accountId, accountId), eq(planAdjustments.planId, planId)))
        .orderBy(asc(planAdjustments.createdAt), asc(planAdjustments.id));
    },

    async insert(accountId: string, planId: string, values: PlanAdjustmentValues, now: Date): Promise<PlanAdjustmentRow> {
      const [row] = await db
        .insert(planAdjustments)
        .values({ ...values, accountId, planId, createdAt: now })
        .returning();
      return row!;
    },

    /**
     * A pending proposal kept for the same situation and changes takes the review's latest numbers
     * and their sentence; a wording of the old sentence no longer says the same and goes.
     */
    async refresh(accountId: string, id: string, values: Pick<PlanAdjustmentValues, 'reason' | 'evidence'>): Promise<void> {
      await db
        .update(planAdjustments)
        .set({ ...values, reasonWorded: null })
        .where(and(eq(planAdjustments.accountId, accountId), eq(planAdjustments.id, id), eq(planAdjustments.status, 'pending')));
    },

    /** The model's wording of `reason`, kept only while the proposal still has that reason. */
    async setWorded(accountId: string, id: string, reason: string, worded: string): Promise<boolean> {
      const rows = await db
        .update(planAdjustments)
        .set({ reasonWorded: worded })
        .where(and(eq(planAdjustments.accountId, accountId), eq(planAdjustments.id, id), eq(planAdjustments.reason, reason)))
        .returning({ id: planAdjustments.id });
      return rows.length > 0;
    },

    async setStatus(accountId: string, ids: readonly string[], status: AdjustmentStatus, now: Date): Promise<void> {
      if (ids.length === 0) return;
      const when = status === 'undone' ? { undoneAt: now } : { decidedAt: now };
      await db
        .update(planAdjustments)
        .set({ status, ...when })
        .where(and(eq(planAdjustments.accountId, accountId), inArray(planAdjustments.id, [...ids])));
    },

    /** The plan changed: its calendar's SEQUENCE and the feed's ETag follow its updatedAt (ADR 0040). */
    async touchPlan(accountId: string, planId: string, now: Date): Promise<void> {
      await db
        .update(trainingPlans)
        .set({ updatedAt: planChangedAt(now) })
        .where(and(eq(trainingPlans.accountId, accountId), eq(trainingPlans.id, planId)));
    },
  };
}

export type AdjustmentStatements = ReturnType<typeof statements>;

/** Plan adjustments (ADR 0050), always scoped to one account. */
export function createAdjustmentsRepo(db: Database) {
  return {
    ...statements(db),

    /** The accepted adjustments of these plans in the order they were accepted, for laying over their dated sessions. */
    async acceptedOf(accountId: string, planIds: readonly string[]): Promise<PlanAdjustmentRow[]> {
      if (planIds.length === 0) return [];
      return db
        .select()
        .from(planAdjustments)
        .where(and(eq(planAdjustments.accountId, accountId), inArray(planAdjustments.planId, [...planIds]), eq(planAdjustments.status, 'accepted')))
        .orderBy(asc(planAdjustments.decidedAt), asc(planAdjustments.id));
    },

    /** The plan was regenerated or switched off: its pending proposals describe a plan that no longer stands. */
    async supersedePending(accountId: string, planId: string, now: Date): Promise<void> {
      await db
        .update(planAdjustments)
        .set({ status: 'superseded', decidedAt: now })
        .where(and(eq(planAdjustments.accountId, accountId), eq(planAdjustments.planId, planId), eq(planAdjustments.status, 'pending')));
    },

    /** The account's pending proposals, newest first. */
    async pendingOf(accountId: string): Promise<PlanAdjustmentRow[]> {
      return db
        .select()
        .from(planAdjustments)
        .where(and(eq(planAdjustments.accountId, accountId), eq(planAdjustments.status, 'pending')))
        .orderBy(desc(planAdjustments.createdAt), desc(planAdjustments.id));
    },

    /**
     * Runs `work` in a transaction holding the plan's row lock, so a review and the athlete's
     * accept of the same plan run one after the other and each sees what the other wrote.
     * Undefined when the account has no such plan.
     */
    async withPlanLocked<T>(accountId: string, planId: string, work: (plan: TrainingPlanRow, tx: AdjustmentStatements) => Promise<T>): Promise<T | undefined> {
      return db.transaction(async (tx) => {
        const [plan] = await tx
          .select()
          .from(trainingPlans)
          .where(and(eq(trainingPlans.accountId, accountId), eq(trainingPlans.id, planId)))
          .for('update');
        if (!plan) return undefined;
        return work(plan, statements(tx as unknown as Database));
      });
    },
  };
}

export type AdjustmentsRepo = ReturnType<typeof createAdjustmentsRepo>;
