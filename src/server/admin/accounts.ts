import { asc, eq } from 'drizzle-orm';
import { accountPlans, planChange, type AccountPlan, type PlanChange } from '../../shared/domain/account-plan.ts';
import type { Database } from '../db/client.ts';
import { accounts } from '../db/schema.ts';
import { toAuthUser } from '../features/auth/index.ts';
import { AppError } from '../http/errors.ts';
import { sessionAccountColumns } from '../http/sessions.ts';

/** Account administration for operators (the admin CLI); no HTTP route reaches these. */
export interface AccountSummary {
  email: string;
  /** The display name the app shows, e-mail local part when no name is set. */
  name: string;
  plan: AccountPlan;
  trialExpiryDate: Date | null;
  createdAt: Date;
}

export async function listAccounts(db: Database): Promise<AccountSummary[]> {
  const rows = await db
    .select({ ...sessionAccountColumns, createdAt: accounts.createdAt })
    .from(accounts)
    .orderBy(asc(accounts.createdAt), asc(accounts.email));
  return rows.map((row) => ({
    email: row.email,
    name: toAuthUser(row).name,
    plan: row.plan,
    trialExpiryDate: row.trialExpiryDate,
    createdAt: row.createdAt,
  }));
}

/** Accepts a plan name in any letter case ("pro", "TRIAL30") and returns its canonical spelling. */
export function parseAccountPlan(text: string): AccountPlan {
  const plan = accountPlans.find((candidate) => candidate.toLowerCase() === text.trim().toLowerCase());
  if (!plan) throw new AppError('bad_request', `Unknown plan "${text}"; use one of ${accountPlans.join(', ')}`);
  return plan;
}

export async function setAccountPlan(
  db: Database,
  email: string,
  plan: AccountPlan,
  now = new Date(),
): Promise<{ email: string; from: AccountPlan; change: PlanChange }> {
  const normalizedEmail = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: accounts.id, plan: accounts.plan })
      .from(accounts)
      .where(eq(accounts.email, normalizedEmail))
      .for('update');
    if (!account) throw new AppError('not_found', `No account with e-mail ${normalizedEmail}`);
    const change = planChange(account.plan, plan, now);
    await tx
      .update(accounts)
      .set({ ...change, updatedAt: now })
      .where(eq(accounts.id, account.id));
    return { email: normalizedEmail, from: account.plan, change };
  });
}
