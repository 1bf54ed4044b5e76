import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { trainingPlans } from '../../../db/schema.ts';

/** Whether the account has a plan switched on: enough to offer plan questions, without building the plan's days. */
export async function hasActivePlan(db: Database, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: trainingPlans.id })
    .from(trainingPlans)
    .where(and(eq(trainingPlans.accountId, accountId), eq(trainingPlans.isActive, true)))
    .limit(1);
  return row !== undefined;
}
