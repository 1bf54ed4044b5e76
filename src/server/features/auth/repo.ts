import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, oauthAccounts, passwordResets, pendingRegistrations } from '../../db/schema.ts';

export type AccountRow = typeof accounts.$inferSelect;

export function createAuthRepo(db: Database) {
  return {
    async findAccountByEmail(email: string): Promise<AccountRow | undefined> {
      const [row] = await db.select().from(accounts).where(eq(accounts.email, email)).limit(1);
      return row;
    },

    async findAccountById(id: string): Promise<AccountRow | undefined> {
      const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
      return row;
    },

    /** Inserts unless the e-mail is taken; returns undefined when it was. */
    async insertAccount(values: {
      email: string;
      hashedPassword: string | null;
      firstName: string | null;
      lastName: string | null;
      profileImage?: string | null;
      emailVerified: boolean;
    }): Promise<AccountRow | undefined> {
      const [row] = await db.insert(accounts).values(values).onConflictDoNothing({ target: accounts.email }).returning();
      return row;
    },

    /** Completing a reset proves the person reads the address's mail: it counts as verification. */
    async setPasswordAfterReset(accountId: string, hashedPassword: string): Promise<void> {
      await db
        .update(accounts)
        .set({ hashedPassword, emailVerified: true, updatedAt: new Date() })
        .where(eq(accounts.id, accountId));
    },

    /** The verified owner of the address takes over: whatever password was set before is dropped. */
    async claimUnverifiedAccount(accountId: string, profileImage: string | null): Promise<void> {
      await db
        .update(accounts)
        .set({ emailVerified: true, hashedPassword: null, updatedAt: new Date(), ...(profileImage ? { profileImage } : {}) })
        .where(eq(accounts.id, accountId));
    },

    async findOauthAccount(provider: string, providerId: string) {
      const [row] = await db
        .select()
        .from(oauthAccounts)
        .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerId, providerId)))
        .limit(1);
      return row;
    },

    async linkOauthAccount(values: { accountId: string; provider: string; providerId: string }): Promise<void> {
      await db
        .insert(oauthAccounts)
        .values(values)
        .onConflictDoNothing({ target: [oauthAccounts.provider, oauthAccounts.providerId] });
    },

    async insertPasswordReset(values: { accountId: string; email: string; token: string; expiresAt: Date }): Promise<void> {
      await db.insert(passwordResets).values(values);
    },

    /** Every reset link of the account stops working: a new password makes all of them stale. */
    async invalidatePasswordResets(accountId: string): Promise<void> {
      await db
        .update(passwordResets)
        .set({ used: true })
        .where(and(eq(passwordResets.accountId, accountId), eq(passwordResets.used, false)));
    },

    async insertPendingRegistration(values: {
      email: string;
      hashedPassword: string;
      firstName: string;
      lastName: string;
      token: string;
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(pendingRegistrations).values(values);
    },

    /** Deletes an unexpired pending registration and returns it; undefined when no such one exists. */
    async consumePendingRegistration(tokenHash: string, now: Date) {
      const [row] = await db
        .delete(pendingRegistrations)
        .where(and(eq(pendingRegistrations.token, tokenHash), gt(pendingRegistrations.expiresAt, now)))
        .returning();
      return row;
    },

    /** Every other pending registration of the address: one confirmed (or one that never can be) voids them. */
    async deletePendingRegistrations(where: { email: string } | { tokenHash: string }): Promise<void> {
      await db
        .delete(pendingRegistrations)
        .where('email' in where ? eq(pendingRegistrations.email, where.email) : eq(pendingRegistrations.token, where.tokenHash));
    },

    async purgeExpiredPendingRegistrations(now: Date): Promise<number> {
      const deleted = await db.delete(pendingRegistrations).where(lt(pendingRegistrations.expiresAt, now)).returning({ id: pendingRegistrations.id });
      return deleted.length;
    },

    /** Marks an unused, unexpired reset used and returns it; undefined when no such reset exists. */
    async consumePasswordReset(tokenHash: string, now: Date) {
      const [row] = await db
        .update(passwordResets)
        .set({ used: true })
        .where(and(eq(passwordResets.token, tokenHash), eq(passwordResets.used, false), gt(passwordResets.expiresAt, now)))
        .returning();
      return row;
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
