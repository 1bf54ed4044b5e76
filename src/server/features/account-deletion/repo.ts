import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** What the account's sign-in looks like, for the check before deleting it. */
export interface DeletionSubject {
  id: string;
  email: string;
  firstName: string | null;
  hashedPassword: string | null;
}

/** What is left to do once the rows are gone: files on disk the transaction could not delete. */
export interface DeletedAccount {
  importIds: string[];
  /** Archives an earlier version kept on disk (imports.storage_path). */
  storedPaths: string[];
}

type Rows<T> = T[] | { rows: T[] };
const rowsOf = <T>(result: Rows<T>): T[] => (Array.isArray(result) ? result : result.rows);

/**
 * Account deletion's SQL (ADR 0075). Every table that names the account by a foreign key is
 * emptied by `on delete cascade` when its `accounts` row goes; this repository deletes what no
 * foreign key reaches, in the same transaction: jobs whose payload names the account or one of its
 * activities or imports, throttle entries keyed by its id or address, a pending registration of its
 * address, remembered Strava webhook events of its athlete and activities, and tracking events
 * that name it (their foreign key would only set it to null).
 */
export function createAccountDeletionRepo(db: Database) {
  return {
    async findSubject(accountId: string): Promise<DeletionSubject | undefined> {
      const rows = rowsOf(
        (await db.execute(
          sql`select id, email, first_name as "firstName", hashed_password as "hashedPassword" from accounts where id = ${accountId}`,
        )) as Rows<DeletionSubject>,
      );
      return rows[0];
    },

    /** How and when this session was signed in; undefined when it is gone. */
    async sessionSignIn(sid: string): Promise<{ provider: string; createdAt: Date } | undefined> {
      const rows = rowsOf(
        (await db.execute(sql`select sess->>'provider' as provider, created_at as "createdAt" from sessions where sid = ${sid}`)) as Rows<{
          provider: string;
          createdAt: Date | string;
        }>,
      );
      const row = rows[0];
      return row ? { provider: row.provider, createdAt: new Date(row.createdAt) } : undefined;
    },

    async stravaConnected(accountId: string): Promise<boolean> {
      const rows = rowsOf((await db.execute(sql`select 1 as one from strava_connections where account_id = ${accountId}`)) as Rows<unknown>);
      return rows.length > 0;
    },

    /**
     * Deletes the account and everything of it in one transaction; undefined when the account was
     * already gone (a second request, another instance). The account row is locked first: a write
     * of the account on another connection (an upload, a sync job) waits for it and then fails its
     * foreign key, so nothing of the account is written back after.
     */
    async deleteAccount(accountId: string): Promise<DeletedAccount | undefined> {
      return db.transaction(async (tx) => {
        const [account] = rowsOf(
          (await tx.execute(sql`select id, email from accounts where id = ${accountId} for update`)) as Rows<{ id: string; email: string }>,
        );
        if (!account) return undefined;
        const activities = rowsOf(
          (await tx.execute(sql`select id::text as id, strava_activity_id as "stravaActivityId" from activities where user_id = ${accountId}`)) as Rows<{
            id: string;
            stravaActivityId: string | null;
          }>,
        );
        const imports = rowsOf(
          (await tx.execute(sql`select id::text as id, storage_path as "storagePath" from imports where account_id = ${accountId}`)) as Rows<{
            id: string;
            storagePath: string | null;
          }>,
        );
        const [strava] = rowsOf(
          (await tx.execute(sql`select strava_id as "stravaId" from strava_connections where account_id = ${accountId}`)) as Rows<{ stravaId: string }>,
        );
        const activityIds = activities.map((activity) => activity.id);
        const importIds = imports.map((row) => row.id);
        const stravaActivityIds = activities.flatMap((activity) => (activity.stravaActivityId ? [activity.stravaActivityId] : []));

        await tx.execute(deleteJobsSql(accountId, activityIds, importIds, strava?.stravaId ?? null));
        await tx.execute(forgetSingletonKeysSql([accountId, ...activityIds, ...importIds, ...stravaActivityIds]));
        await tx.execute(sql`delete from throttles
          where key = ${accountId} or key = ${account.email} or starts_with(key, ${`${account.email}\n`})`);
        await tx.execute(sql`delete from pending_registrations where email = ${account.email}`);
        await tx.execute(sql`delete from user_events where user_id = ${accountId} or account_id = ${accountId}`);
        await tx.execute(sql`delete from button_interactions where user_id = ${accountId}`);
        if (strava) {
          // Keys are `<object type>:<object id>:…` (strava/jobs.ts webhookKey).
          await tx.execute(sql`delete from strava_webhook_events
            where (split_part(event_key, ':', 1) = 'athlete' and split_part(event_key, ':', 2) = ${strava.stravaId})
               or (split_part(event_key, ':', 1) = 'activity' and split_part(event_key, ':', 2) = any(${sql.param(stravaActivityIds)}::text[]))`);
        }
        // Every other table of the account follows by its foreign key's `on delete cascade`.
        await tx.execute(sql`delete from accounts where id = ${accountId}`);
        return { importIds, storedPaths: imports.flatMap((row) => (row.storagePath ? [row.storagePath] : [])) };
      });
    },

    /**
     * Jobs naming the account that were sent after the transaction had read the queue (a request
     * on another instance that was already past its own writes): deleted once more after commit.
     */
    async deleteLateJobs(accountId: string): Promise<void> {
      await db.execute(deleteJobsSql(accountId, [], [], null));
      await db.execute(forgetSingletonKeysSql([accountId]));
    },

    /**
     * Jobs, in any state, whose payload names an account that no longer exists: sent by a job
     * that was already running when its account was deleted. Answers how many went.
     */
    async deleteOrphanJobs(): Promise<number> {
      const deleted = rowsOf(
        (await db.execute(sql`delete from pgboss.job j
          where j.data->>'accountId' is not null
            and not exists (select 1 from accounts a where a.id::text = j.data->>'accountId')
          returning j.id`)) as Rows<unknown>,
      );
      return deleted.length;
    },
  };
}

/** Every pg-boss job, waiting, running or finished, whose payload names the account or one of its rows. */
function deleteJobsSql(accountId: string, activityIds: string[], importIds: string[], stravaId: string | null) {
  return sql`delete from pgboss.job
    where data->>'accountId' = ${accountId}
       or data->>'activityId' = any(${sql.param(activityIds)}::text[])
       or data->>'importId' = any(${sql.param(importIds)}::text[])
       or (${stravaId}::text is not null and data->'event'->>'owner_id' = ${stravaId}::text)`;
}

/**
 * pg-boss's monitor keeps each queue's active singleton keys (here account, activity and import
 * ids) in `queue.singletons_active` until its next pass: the deleted jobs' keys leave it now.
 */
function forgetSingletonKeysSql(keys: string[]) {
  return sql`update pgboss.queue
    set singletons_active = array(select key from unnest(singletons_active) as key where key <> all(${sql.param(keys)}::text[]))
    where singletons_active && ${sql.param(keys)}::text[]`;
}

export type AccountDeletionRepo = ReturnType<typeof createAccountDeletionRepo>;
