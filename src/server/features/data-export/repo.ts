import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

type Rows<T> = T[] | { rows: T[] };
const rowsOf = <T>(result: Rows<T>): T[] => (Array.isArray(result) ? result : result.rows);

export type ExportState = 'queued' | 'running' | 'ready' | 'failed';

export interface ExportRow {
  id: string;
  accountId: string;
  state: ExportState;
  done: number;
  total: number;
  error: string | null;
  byteSize: number | null;
  createdAt: Date;
  readyAt: Date | null;
  expiresAt: Date | null;
  downloadedAt: Date | null;
}

/** An activity of the account as the export lists it: enough to name its folder and decide what of it goes in. */
export interface ExportActivity {
  id: string;
  source: 'strava' | 'demo' | 'file' | 'archive';
  startDate: Date;
  /** How many samples its stored streams hold; 0 without streams. */
  samples: number;
}

/** A JSON document of the account: one table's rows, secrets and caches left out by the query. */
export type Document = Record<string, unknown>;

const EXPORT_COLUMNS = sql`id::text as id, account_id::text as "accountId", state, done, total, error, byte_size::float8 as "byteSize",
  created_at as "createdAt", ready_at as "readyAt", expires_at as "expiresAt", downloaded_at as "downloadedAt"`;

const toDate = (value: Date | string | null) => (value === null ? null : new Date(value));
function toExportRow(row: ExportRow): ExportRow {
  return {
    ...row,
    createdAt: new Date(row.createdAt),
    readyAt: toDate(row.readyAt),
    expiresAt: toDate(row.expiresAt),
    downloadedAt: toDate(row.downloadedAt),
    byteSize: row.byteSize === null ? null : Number(row.byteSize),
  };
}

/** Whether a database error is the partial unique index that allows one export building per account. */
export function isOneBuildingViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint, message } = cause as { code?: string; constraint?: string; message?: string };
    if (code === '23505' && (constraint === 'data_exports_one_building' || message?.includes('data_exports_one_building'))) return true;
  }
  return false;
}

/**
 * The data export's SQL (ADR 0078): its own rows and parts, and the reads of everything the
 * account holds. Every read names the account, so an export never holds another account's row.
 * The documents are each table's rows as JSON (`to_jsonb`), less what is a secret (password and
 * token hashes) or a cache of another column (list items, chart texts).
 */
export function createDataExportRepo(db: Database) {
  async function documents(query: SQL): Promise<Document[]> {
    return rowsOf((await db.execute(query)) as Rows<{ doc: Document }>).map((row) => row.doc);
  }

  return {
    /** A new export, queued; throws the one-building violation when one is queued or running. Older exports of the account go. */
    async create(accountId: string): Promise<ExportRow> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`delete from data_exports where account_id = ${accountId} and state in ('ready', 'failed')`);
        const [row] = rowsOf((await tx.execute(sql`insert into data_exports (account_id) values (${accountId}) returning ${EXPORT_COLUMNS}`)) as Rows<ExportRow>);
        return toExportRow(row!);
      });
    },

    async latest(accountId: string): Promise<ExportRow | undefined> {
      const [row] = rowsOf(
        (await db.execute(sql`select ${EXPORT_COLUMNS} from data_exports where account_id = ${accountId} order by created_at desc limit 1`)) as Rows<ExportRow>,
      );
      return row ? toExportRow(row) : undefined;
    },

    async find(id: string): Promise<ExportRow | undefined> {
      const [row] = rowsOf((await db.execute(sql`select ${EXPORT_COLUMNS} from data_exports where id = ${id}`)) as Rows<ExportRow>);
      return row ? toExportRow(row) : undefined;
    },

    /** The account's export whose link token has this hash. */
    async findByTokenHash(accountId: string, tokenHash: string): Promise<ExportRow | undefined> {
      const [row] = rowsOf(
        (await db.execute(sql`select ${EXPORT_COLUMNS} from data_exports where account_id = ${accountId} and token_hash = ${tokenHash}`)) as Rows<ExportRow>,
      );
      return row ? toExportRow(row) : undefined;
    },

    /** A run begins: parts a dead earlier run left go, the progress starts again. */
    async begin(id: string, total: number): Promise<void> {
      await db.execute(sql`delete from data_export_parts where export_id = ${id}`);
      await db.execute(sql`update data_exports set state = 'running', done = 0, total = ${total}, error = null where id = ${id}`);
    },

    async progress(id: string, done: number): Promise<void> {
      await db.execute(sql`update data_exports set done = ${done} where id = ${id}`);
    },

    async storePart(id: string, part: number, bytes: Uint8Array): Promise<void> {
      await db.execute(sql`insert into data_export_parts (export_id, part, bytes) values (${id}, ${part}, ${bytes})`);
    },

    /** One part of the zip; undefined past the last. */
    async part(id: string, part: number): Promise<Uint8Array | undefined> {
      const [row] = rowsOf((await db.execute(sql`select bytes from data_export_parts where export_id = ${id} and part = ${part}`)) as Rows<{ bytes: Uint8Array }>);
      return row?.bytes;
    },

    async ready(id: string, values: { tokenHash: string; byteSize: number; expiresAt: Date }): Promise<void> {
      await db.execute(sql`update data_exports set state = 'ready', token_hash = ${values.tokenHash}, byte_size = ${values.byteSize},
        ready_at = now(), expires_at = ${values.expiresAt.toISOString()}::timestamptz where id = ${id}`);
    },

    async failed(id: string, error: string): Promise<void> {
      await db.execute(sql`delete from data_export_parts where export_id = ${id}`);
      await db.execute(sql`update data_exports set state = 'failed', error = ${error} where id = ${id}`);
    },

    /** Takes the link's one download: true for the first caller while it works, false once used or expired. */
    async takeDownload(id: string): Promise<boolean> {
      const taken = rowsOf(
        (await db.execute(sql`update data_exports set downloaded_at = now()
          where id = ${id} and state = 'ready' and downloaded_at is null and expires_at > now() returning id`)) as Rows<unknown>,
      );
      return taken.length > 0;
    },

    /** Zips past their link's expiry lose their parts and row; answers how many went. */
    async sweepExpired(now: Date): Promise<number> {
      const swept = rowsOf((await db.execute(sql`delete from data_exports where expires_at <= ${now.toISOString()}::timestamptz returning id`)) as Rows<unknown>);
      return swept.length;
    },

    // What the account holds.

    async activities(accountId: string): Promise<ExportActivity[]> {
      const rows = rowsOf(
        (await db.execute(sql`select a.id::text as id, a.source, a.start_date as "startDate", coalesce(s.sample_count, 0) as samples
          from activities a left join activity_streams s on s.activity_id = a.id
          where a.user_id = ${accountId} order by a.start_date, a.id`)) as Rows<ExportActivity>,
      );
      return rows.map((row) => ({ ...row, startDate: new Date(row.startDate), samples: Number(row.samples) }));
    },

    /** The activity's row; `list_item` is the list's cache of the same columns. */
    async activity(accountId: string, id: string): Promise<Document | undefined> {
      const [doc] = await documents(sql`select to_jsonb(a) - 'list_item' as doc from activities a where user_id = ${accountId} and id = ${id}`);
      return doc;
    },

    async metrics(accountId: string, activityId: string): Promise<Document | undefined> {
      const [doc] = await documents(sql`select to_jsonb(m) as doc from activity_metrics m where user_id = ${accountId} and activity_id = ${activityId}`);
      return doc;
    },

    async analysis(accountId: string, activityId: string): Promise<Document | undefined> {
      const [doc] = await documents(sql`select to_jsonb(t) as doc from analyses t where user_id = ${accountId} and activity_id = ${activityId}`);
      return doc;
    },

    /** The uploaded file's name per activity that has one kept. */
    async originalNames(accountId: string): Promise<Map<string, string>> {
      const rows = rowsOf(
        (await db.execute(sql`select activity_id::text as "activityId", file_name as "fileName" from activity_originals where user_id = ${accountId}`)) as Rows<{
          activityId: string;
          fileName: string;
        }>,
      );
      return new Map(rows.map((row) => [row.activityId, row.fileName]));
    },

    async original(accountId: string, activityId: string): Promise<{ fileName: string; bytes: Uint8Array } | undefined> {
      const [row] = rowsOf(
        (await db.execute(sql`select file_name as "fileName", bytes from activity_originals where user_id = ${accountId} and activity_id = ${activityId}`)) as Rows<{
          fileName: string;
          bytes: Uint8Array;
        }>,
      );
      return row;
    },

    /** The account without its password hash. */
    account: (accountId: string) => documents(sql`select to_jsonb(a) - 'hashed_password' as doc from accounts a where id = ${accountId}`),
    settings: (accountId: string) => documents(sql`select to_jsonb(t) as doc from user_settings t where account_id = ${accountId}`),
    athleticProfile: (accountId: string) => documents(sql`select to_jsonb(t) as doc from athletic_profiles t where account_id = ${accountId}`),
    plans: (accountId: string) => documents(sql`select to_jsonb(t) as doc from training_plans t where account_id = ${accountId} order by generated_at`),
    planAdjustments: (accountId: string) => documents(sql`select to_jsonb(t) as doc from plan_adjustments t where account_id = ${accountId} order by created_at`),
    wellnessDays: (accountId: string) => documents(sql`select to_jsonb(t) as doc from wellness_days t where user_id = ${accountId} order by date`),
    /** Feels of the activities in the export only (a Strava activity's feel names it). */
    activityFeels: (accountId: string, activityIds: string[]) =>
      documents(sql`select to_jsonb(t) as doc from activity_feels t where user_id = ${accountId} and activity_id::text = any(${sql.param(activityIds)}::text[]) order by created_at`),
    /** The fitness series without its chart text (`item`, the same figures). */
    fitnessDays: (accountId: string) => documents(sql`select to_jsonb(t) - 'item' as doc from fitness_days t where user_id = ${accountId} order by date`),
    conversations: (accountId: string) =>
      documents(sql`select to_jsonb(c) || jsonb_build_object('messages', coalesce(
          (select jsonb_agg(to_jsonb(m) order by m.created_at, m.id) from coach_messages m where m.conversation_id = c.id), '[]'::jsonb)) as doc
        from coach_conversations c where user_id = ${accountId} order by created_at`),
    /** Names, scopes and dates; never the token's hash. */
    apiTokens: (accountId: string) =>
      documents(sql`select jsonb_build_object('name', name, 'scopes', to_jsonb(scopes), 'createdAt', created_at, 'expiresAt', expires_at, 'lastUsedAt', last_used_at) as doc
        from api_tokens where account_id = ${accountId} order by created_at`),
  };
}

export type DataExportRepo = ReturnType<typeof createDataExportRepo>;
