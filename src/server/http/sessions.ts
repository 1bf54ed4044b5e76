import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, or } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { InvalidationChannel } from '../db/invalidation.ts';
import { accounts, sessions } from '../db/schema.ts';
import type { AccountPlan } from '../../shared/domain/account-plan.ts';

/**
 * Database sessions. The browser holds a random 256-bit token; the database holds only its keyed
 * hash, so a leaked table cannot be replayed. Idle expiry slides while the session is used,
 * absolute expiry never moves.
 */
export interface SessionAccount {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImage: string | null;
  plan: AccountPlan;
  trialExpiryDate: Date | null;
}

/** The columns of `accounts` a session carries, to select a SessionAccount with. */
export const sessionAccountColumns = {
  id: accounts.id,
  email: accounts.email,
  firstName: accounts.firstName,
  lastName: accounts.lastName,
  profileImage: accounts.profileImage,
  plan: accounts.plan,
  trialExpiryDate: accounts.trialExpiryDate,
};

/** Only the fields a session carries, whatever row the caller holds. */
function sessionAccountOf(account: SessionAccount): SessionAccount {
  const { id, email, firstName, lastName, profileImage, plan, trialExpiryDate } = account;
  return { id, email, firstName, lastName, profileImage, plan, trialExpiryDate };
}

export interface ResolvedSession {
  sid: string;
  account: SessionAccount;
}

export type SessionOrigin = 'password' | 'google' | 'register' | 'reset' | 'strava';

/** Slide the idle expiry at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 10 * 60_000;
const CACHE_MAX_ENTRIES = 10_000;
const SESSION_ENDED = 'session-ended';
const ACCOUNT_SESSIONS_ENDED = 'account-sessions-ended';

export interface SessionStore {
  create(account: SessionAccount, origin: SessionOrigin, userAgent: string | undefined): Promise<{ token: string; expiresAt: Date }>;
  resolve(token: string): Promise<ResolvedSession | null>;
  destroy(sid: string): Promise<void>;
  destroyAllFor(accountId: string): Promise<void>;
  purgeExpired(): Promise<number>;
  sidOf(token: string): string;
}

export function createSessionStore(
  db: Database,
  /**
   * `cacheMs`: a resolved session is remembered this long, so a burst of API calls costs one query
   * (measured in ADR 0041: a sixth of the throughput without it). A sign-out or the end of an
   * account's sessions reaches every instance's cache through `invalidation` at once; a change
   * made outside the server (the admin CLI setting a plan) shows within this time.
   */
  options: { secret: string; idleMs: number; absoluteMs: number; cacheMs: number },
  invalidation: InvalidationChannel,
): SessionStore {
  const sidOf = (token: string) => createHmac('sha256', options.secret).update(token).digest('base64url');
  // Keyed by the browser's token, so a cached answer costs no keyed hash (this process holds the
  // token for the request anyway; it is never written anywhere).
  const cache = new Map<string, { session: ResolvedSession; until: number }>();
  /** Bumped by every change heard, so a lookup that overlapped one never caches what it read. */
  let changes = 0;
  const forget = (predicate: (session: ResolvedSession) => boolean) => {
    changes += 1;
    for (const [token, entry] of cache) if (predicate(entry.session)) cache.delete(token);
  };
  invalidation.subscribe(SESSION_ENDED, (sid) => forget((session) => sid === null || session.sid === sid));
  invalidation.subscribe(ACCOUNT_SESSIONS_ENDED, (accountId) => forget((session) => accountId === null || session.account.id === accountId));
  const caching = () => options.cacheMs > 0 && invalidation.live();

  return {
    sidOf,

    async create(account, origin, userAgent) {
      const token = randomBytes(32).toString('base64url');
      const sid = sidOf(token);
      const now = Date.now();
      const absoluteExpire = new Date(now + options.absoluteMs);
      const expire = new Date(Math.min(now + options.idleMs, absoluteExpire.getTime()));
      await db.insert(sessions).values({
        sid,
        accountId: account.id,
        sess: { provider: origin, ...(userAgent ? { userAgent: userAgent.slice(0, 256) } : {}) },
        expire,
        absoluteExpire,
      });
      // The browser's next request comes at once (the page after sign-in): answer it from memory.
      if (caching()) cache.set(token, { session: { sid, account: sessionAccountOf(account) }, until: now + options.cacheMs });
      return { token, expiresAt: absoluteExpire };
    },

    async resolve(token) {
      if (token.length < 32 || token.length > 64) return null;
      const cached = invalidation.live() ? cache.get(token) : undefined;
      if (cached && cached.until > Date.now()) return cached.session;
      const changesBefore = changes;
      const sid = sidOf(token);
      const now = new Date();
      const [row] = await db
        .select({
          expire: sessions.expire,
          absoluteExpire: sessions.absoluteExpire,
          account: sessionAccountColumns,
        })
        .from(sessions)
        .innerJoin(accounts, eq(accounts.id, sessions.accountId))
        .where(and(eq(sessions.sid, sid), gt(sessions.expire, now), gt(sessions.absoluteExpire, now)))
        .limit(1);
      if (!row) {
        cache.delete(token);
        return null;
      }
      const slidTo = Math.min(now.getTime() + options.idleMs, row.absoluteExpire.getTime());
      if (slidTo - row.expire.getTime() > TOUCH_INTERVAL_MS) {
        await db.update(sessions).set({ expire: new Date(slidTo) }).where(eq(sessions.sid, sid));
      }
      const session = { sid, account: row.account };
      if (caching() && changes === changesBefore) {
        if (cache.size >= CACHE_MAX_ENTRIES) cache.clear();
        // Never cache past the session's own end.
        cache.set(token, { session, until: Math.min(Date.now() + options.cacheMs, slidTo, row.absoluteExpire.getTime()) });
      }
      return session;
    },

    // Published once the row is gone, so no instance can read it back into its cache after hearing.
    async destroy(sid) {
      forget((session) => session.sid === sid);
      await db.delete(sessions).where(eq(sessions.sid, sid));
      await invalidation.publish(SESSION_ENDED, sid);
    },

    async destroyAllFor(accountId) {
      forget((session) => session.account.id === accountId);
      await db.delete(sessions).where(eq(sessions.accountId, accountId));
      await invalidation.publish(ACCOUNT_SESSIONS_ENDED, accountId);
    },

    async purgeExpired() {
      const now = new Date();
      for (const [token, entry] of cache) if (entry.until <= now.getTime()) cache.delete(token);
      const removed = await db
        .delete(sessions)
        .where(or(lt(sessions.expire, now), lt(sessions.absoluteExpire, now)))
        .returning({ sid: sessions.sid });
      return removed.length;
    },
  };
}
