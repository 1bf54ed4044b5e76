import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, trainingPlans } from '../../db/schema.ts';
import type { AccountPlan } from '../../../shared/domain/account-plan.ts';
import { planChangedAt } from './plan-changed-at.ts';

export type TrainingPlanRow = typeof trainingPlans.$inferSelect;
export type TrainingPlanValues = Omit<typeof trainingPlans.$inferInsert, 'id' | 'accountId' | 'isActive' | 'updatedAt'>;

export interface AccountAccess {
  plan: AccountPlan;
  trialExpiryDate: Date | null;
}

/**
 * The active plans a plan about to be active pushes off (ADR 0070), chosen by the service from the
 * other active plans, the account's access and the plan itself (absent while it is being created).
 */
export type MakeWay = (otherActive: TrainingPlanRow[], access: AccountAccess, plan?: TrainingPlanRow) => TrainingPlanRow[];

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Locks the account's row for the transaction: the plan changes of one account run one after
 * another. FOR NO KEY UPDATE, not FOR UPDATE: a row written elsewhere that refers to the account
 * (a plan review storing a proposal while it holds the plan's row) checks its foreign key with a
 * KEY SHARE lock, which FOR UPDATE blocks. The switch then waited for the review's plan row while
 * the review waited for the account: a deadlock, and PostgreSQL failed the switch with 500.
 */
async function lockAccount(tx: Transaction, accountId: string): Promise<AccountAccess | undefined> {
  const [account] = await tx
    .select({ plan: accounts.plan, trialExpiryDate: accounts.trialExpiryDate })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('no key update');
  return account;
}

function activeOf(tx: Transaction, accountId: string): Promise<TrainingPlanRow[]> {
  return tx.select().from(trainingPlans).where(and(eq(trainingPlans.accountId, accountId), eq(trainingPlans.isActive, true)));
}

/** Switches the given plans of the account off; returns them as they now are. */
async function switchOff(tx: Transaction, accountId: string, plans: readonly TrainingPlanRow[]): Promise<TrainingPlanRow[]> {
  if (plans.length === 0) return [];
  return tx
    .update(trainingPlans)
    .set({ isActive: false, updatedAt: planChangedAt() })
    .where(and(eq(trainingPlans.accountId, accountId), inArray(trainingPlans.id, plans.map((plan) => plan.id))))
    .returning();
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
     * Inserts a plan if `allowed` says the account may have another. An active plan switches off,
     * in the same transaction, the active plans `makeWay` names (ADR 0070: those whose days meet
     * its own); they are returned. The account row is locked for the transaction, so concurrent
     * creates of one account run one after another and each sees what the previous one committed:
     * two can never both pass a limit of one, nor both stay active on the same days.
     */
    async insertWithinLimit(
      accountId: string,
      allowed: (access: AccountAccess, existingPlans: number) => boolean,
      values: TrainingPlanValues,
      options: { active?: boolean; makeWay?: MakeWay } = {},
    ): Promise<{ row: TrainingPlanRow; switchedOff: TrainingPlanRow[] } | { refused: 'limit' }> {
      const { active = true, makeWay = () => [] } = options;
      return db.transaction(async (tx) => {
        const account = await lockAccount(tx, accountId);
        if (!account) return { refused: 'limit' as const };
        const [existing] = await tx.select({ n: count() }).from(trainingPlans).where(eq(trainingPlans.accountId, accountId));
        if (!allowed(account, existing?.n ?? 0)) return { refused: 'limit' as const };
        const switchedOff = active ? await switchOff(tx, accountId, makeWay(await activeOf(tx, accountId), account)) : [];
        const [row] = await tx
          .insert(trainingPlans)
          .values({ ...values, accountId, isActive: active })
          .returning();
        await tx
          .update(accounts)
          .set({ trainingPlansGenerated: sql`${accounts.trainingPlansGenerated} + 1` })
          .where(eq(accounts.id, accountId));
        return { row: row!, switchedOff };
      });
    },

    /**
     * Replaces the plan's inputs and generated plan; undefined when the account has no such plan.
     * An active plan switches off the other active plans `makeWay` names for its new dates, in the
     * same transaction and under the account's lock, as creates do.
     */
    async replace(
      accountId: string,
      id: string,
      values: TrainingPlanValues,
      makeWay: MakeWay = () => [],
    ): Promise<{ row: TrainingPlanRow; switchedOff: TrainingPlanRow[] } | undefined> {
      return db.transaction(async (tx) => {
        const account = await lockAccount(tx, accountId);
        if (!account) return undefined;
        const active = await activeOf(tx, accountId);
        const [row] = await tx
          .update(trainingPlans)
          .set({ ...values, updatedAt: planChangedAt() })
          .where(and(eq(trainingPlans.accountId, accountId), eq(trainingPlans.id, id)))
          .returning();
        if (!row) return undefined;
        const switchedOff = row.isActive ? await switchOff(tx, accountId, makeWay(active.filter((plan) => plan.id !== id), account, row)) : [];
        await tx
          .update(accounts)
          .set({ trainingPlansGenerated: sql`${accounts.trainingPlansGenerated} + 1` })
          .where(eq(accounts.id, accountId));
        return { row, switchedOff };
      });
    },

    /**
     * Flips isActive under the account's lock, so two toggles never both read the same state; a
     * plan switched on switches off, in the same transaction, the other active plans `makeWay` names.
     */
    async toggle(
      accountId: string,
      id: string,
      makeWay: MakeWay = () => [],
    ): Promise<{ row: TrainingPlanRow; switchedOff: TrainingPlanRow[] } | undefined> {
      return db.transaction(async (tx) => {
        const account = await lockAccount(tx, accountId);
        if (!account) return undefined;
        const [current] = await tx
          .select()
          .from(trainingPlans)
          .where(and(eq(trainingPlans.accountId, accountId), eq(trainingPlans.id, id)));
        if (!current) return undefined;
        const others = current.isActive ? [] : (await activeOf(tx, accountId)).filter((plan) => plan.id !== id);
        const switchedOff = current.isActive ? [] : await switchOff(tx, accountId, makeWay(others, account, current));
        const [row] = await tx
          .update(trainingPlans)
          .set({ isActive: !current.isActive, updatedAt: planChangedAt() })
          .where(and(eq(trainingPlans.accountId, accountId), eq(trainingPlans.id, id)))
          .returning();
        return row ? { row, switchedOff } : undefined;
      });
    },

    /**
     * Undoes a switch (ADR 0070): plan `offId` goes off and the plans `onIds` back on, all or
     * nothing, under the account's lock. Undefined when the account lacks one of the plans;
     * `refuse` sees the plans to switch on and those that stay active, and a message it returns
     * refuses the whole change.
     */
    async switchBack(
      accountId: string,
      offId: string,
      onIds: readonly string[],
      refuse: (switchOn: TrainingPlanRow[], stayActive: TrainingPlanRow[], access: AccountAccess) => string | null,
    ): Promise<{ off: TrainingPlanRow; on: TrainingPlanRow[] } | { refused: string } | undefined> {
      return db.transaction(async (tx) => {
        const account = await lockAccount(tx, accountId);
        if (!account) return undefined;
        const named = await tx
          .select()
          .from(trainingPlans)
          .where(and(eq(trainingPlans.accountId, accountId), inArray(trainingPlans.id, [offId, ...onIds])));
        const off = named.find((plan) => plan.id === offId);
        const on = onIds.map((id) => named.find((plan) => plan.id === id));
        if (!off || on.some((plan) => !plan)) return undefined;
        const switchOn = on as TrainingPlanRow[];
        const stayActive = (await activeOf(tx, accountId)).filter((plan) => plan.id !== offId && !onIds.includes(plan.id));
        const refused = refuse(switchOn, stayActive, account);
        if (refused) return { refused };
        const now = new Date();
        const [offRow] = await tx
          .update(trainingPlans)
          .set({ isActive: false, updatedAt: now })
          .where(and(eq(trainingPlans.accountId, accountId), eq(trainingPlans.id, offId)))
          .returning();
        const onRows = await tx
          .update(trainingPlans)
          .set({ isActive: true, updatedAt: now })
          .where(and(eq(trainingPlans.accountId, accountId), inArray(trainingPlans.id, [...onIds])))
          .returning();
        return { off: offRow!, on: onIds.map((id) => onRows.find((row) => row.id === id)!) };
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
        .set({ isActive: false, updatedAt: planChangedAt() })
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
