import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * Per-account advisory locks (the two-key form, kept apart from pg-boss's single-key ones): each
 * kind of write that must not race itself for one account has its own key class, and the lock is
 * held until the transaction ends.
 */
export const ACCOUNT_LOCK = {
  /** Activity writes: two uploads of one activity, or an upload racing a sync, see each other. */
  activityWrites: 0x4b41_4301,
  /** Rewrites of the stored fitness series: of two racing, the later stores the newer loads. */
  fitnessRewrite: 0x4b41_4602,
  /** Wellness imports: one import of the account writes at a time (ADR 0037). */
  wellnessImport: 0x4b41_5703,
} as const;

/** Waits for the account's lock of this kind and holds it until `tx` ends. */
export async function lockAccount(tx: Pick<Database, 'execute'>, kind: keyof typeof ACCOUNT_LOCK, accountId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_LOCK[kind]}, hashtext(${accountId}))`);
}
