import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, trainingPlans } from '../../db/schema.ts';
import type { AccountPlan } from '../../../shared/domain/account-plan.ts';

export type TrainingPlanRow = typeof trainingPlans.$inferSelect;
export type TrainingPlanValues = Omit<typeof trainingPlans.$inferInsert, 'id' | 'accountId' | 'isActive' | 'updatedAt'>;

export interface AccountAccess {
  plan: AccountPlan;
  trialExpiryDate: Date | null;
}

/** Training plans, always scoped to one account. */
export function createPlansRepo(db: Database) {
  return {
    async list(accountId: string): Promise<TrainingPlanRow[]> {
      return db.select().from(trainingPlans).where(eq(trainingPlans.accountId, accountId)).orderBy(desc(trainingPlans.generatedAt));
    },

    async listActive(accountId: string): Promise<TrainingPlanRow[]> {
      return db
        .select()
        .from(trainingPlans)
        .where(and(eq(trainingPlans.accountId, accountId), eq(trainingPlans.isActive, true)))
        .orderBy(desc(trainingPlans.generatedAt));
    },

    async find(accountId: string, id: string): Promise<TrainingPlanRow | undefined> {
      const [row] = await db
        .select()
        .from(trainingPlans)
        .where(and(eq(trainingPlans.accountId, accountId), eq(trainingPlans.id, id)))
        .limit(1);
      return row;
    },

    /** The account's plan level and how many training plans it has, read without a lock; undefined without the account. */
    async standing(accountId: string): Promise<{ access: AccountAccess; plans: number } | undefined> {
      const [account] = await db
        .select({ plan: accounts.plan, trialExpiryDate: accounts.trialExpiryDate })
        .from(accounts)
        .where(eq(accounts.id, accountId));
      if (!account) return undefined;
      const [existing] = await db.select({ n: count() }).from(trainingPlans).where(eq(trainingPlans.accountId, accountId));
      return { access: account, plans: existing?.n ?? 0 };
    },

    /**
     * Inserts a plan if `allowed` says the account may have another and `overlapping` finds no
     * active plan it would run alongside (ADR 0029). The account row is locked for the
     * transaction, so concurrent creates of one account run one after another and each sees what
     * the previous one committed: two can never both pass a limit of one, nor both start at once.
     */
    async insertWithinLimit(
      accountId: string,
      allowed: (access: AccountAccess, existingPlans: number) => boolean,
      values: TrainingPlanValues,
      overlapping: (active: TrainingPlanRow[]) => TrainingPlanRow | undefined = () => undefined,
    ): Promise<{ row: TrainingPlanRow } | { refused: 'limit' } | { refused: 'overlap'; plan: TrainingPlanRow }> {
      return db.transaction(async (tx) => {
        const [account] = await tx
          .select({ plan: accounts.plan, trialExpiryDate: accounts.trialExpiryDate })
          .from(accounts)
          .where(eq(accounts.id, accountId))
          .for('update');
        if (!account) return { refused: 'limit' as const };
        const [existing] = await tx.select({ n: count() }).from(trainingPlans).where(eq(trainingPlans.accountId, accountId));
        if (!allowed(account, existing?.n ?? 0)) return { refused: 'limit' as const };
        const active = await tx.select().from(trainingPlans).where(and(eq(trainingPlans.accountId, accountId), eq(trainingPlans.isActive, true)));
        const clash = overlapping(active);
        if (clash) return { refused: 'overlap' as const, plan: clash };
        const [row] = await tx
          .insert(trainingPlans)
          .values({ ...values, accountId })
          .returning();
        await tx
          .update(accounts)
          .set({ trainingPlansGenerated: sql`${accounts.trainingPlansGenerated} + 1` })
          .where(eq(accounts.id, accountId));
        return { row: row! };
      });
    },

    /**
     * Replaces the plan's inputs and generated plan; undefined when the account has no such plan.
     * An active plan is not replaced when `overlapping` finds another active plan its new dates
     * would run alongside; checked under the account's lock, as creates are.
     */
    async replace(
      accountId: string,
      id: string,
      values: TrainingPlanValues,
      overlapping: (otherActive: TrainingPlanRow[]) => TrainingPlanRow | undefined = () => undefined,
    ): Promise<{ row: TrainingPlanRow } | { refused: 'overlap'; plan: TrainingPlanRow } | undefined> {
      return db.transaction(async (tx) => {
        await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
        const active = await tx.select().from(trainingPlans).where(and(eq(trainingPlans.accountId, accountId), eq(trainingPlans.isActive, true)));
        if (active.some((plan) => plan.id === id)) {
          const clash = overlapping(active.filter((plan) => plan.id !== id));
          if (clash) return { refused: 'overlap' as const, plan: clash };
        }
        const [row] = await tx
          .update(trainingPlans)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(trainingPlans.accountId, accountId), eq(trainingPlans.id, id)))
          .returning();
        if (!row) return undefined;
        await tx
          .update(accounts)
          .set({ trainingPlansGenerated: sql`${accounts.trainingPlansGenerated} + 1` })
          .where(eq(accounts.id, accountId));
        return { row };
      });
    },

    /**
     * Flips isActive under the account's lock, so two toggles never both read the same state; a
     * plan is not switched on when `overlapping` finds another active plan it would run alongside.
     */
    async toggle(
      accountId: string,
      id: string,
      overlapping: (plan: TrainingPlanRow, otherActive: TrainingPlanRow[]) => TrainingPlanRow | undefined = () => undefined,
    ): Promise<{ row: TrainingPlanRow } | { refused: 'overlap'; plan: TrainingPlanRow } | undefined> {
      return db.transaction(async (tx) => {
        await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
        const [current] = await tx
          .select()
          .from(trainingPlans)
          .where(and(eq(trainingPlans.accountId, accountId), eq(trainingPlans.id, id)));
        if (!current) return undefined;
        if (!current.isActive) {
          const others = await tx.select().from(trainingPlans).where(and(eq(trainingPlans.accountId, accountId), eq(trainingPlans.isActive, true)));
          const clash = overlapping(current, others);
          if (clash) return { refused: 'overlap' as const, plan: clash };
        }
        const [row] = await tx
          .update(trainingPlans)
          .set({ isActive: !current.isActive, updatedAt: new Date() })
          .where(and(eq(trainingPlans.accountId, accountId), eq(trainingPlans.id, id)))
          .returning();
        return row ? { row } : undefined;
      });
    },

    /**
     * Leaves at most one plan of the account active (ADR 0031): `keepId` when given, else the newest
     * active one. One statement, so it is safe to run on every read. Returns how many it deactivated.
     */
    async keepOneActive(accountId: string, keepId: string | null): Promise<number> {
      const keep =
        keepId ??
        sql`(select ${trainingPlans.id} from ${trainingPlans} where ${trainingPlans.accountId} = ${accountId} and ${trainingPlans.isActive} order by ${trainingPlans.generatedAt} desc limit 1)`;
      const rows = await db
        .update(trainingPlans)
        .set({ isActive: false, updatedAt: new Date() })
        .where(and(eq(trainingPlans.accountId, accountId), eq(trainingPlans.isActive, true), sql`${trainingPlans.id} <> ${keep}`))
        .returning({ id: trainingPlans.id });
      return rows.length;
    },

    async delete(accountId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(trainingPlans)
        .where(and(eq(trainingPlans.accountId, accountId), eq(trainingPlans.id, id)))
        .returning({ id: trainingPlans.id });
      return rows.length > 0;
    },
  };
}

export type PlansRepo = ReturnType<typeof createPlansRepo>;
