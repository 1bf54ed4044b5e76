import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { activityOriginals, importUploadParts, imports } from '../../db/schema.ts';

export type ImportRow = typeof imports.$inferSelect;
type Counter = 'imported' | 'duplicates' | 'skipped' | 'failed';
/** An import a job may still take up, or the athlete cancel. */
const UNFINISHED: ImportRow['status'][] = ['queued', 'running'];

export function createImportsRepo(db: Database) {
  return {
    async create(values: typeof imports.$inferInsert): Promise<ImportRow> {
      const [row] = await db.insert(imports).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async find(accountId: string, id: string): Promise<ImportRow | undefined> {
      const [row] = await db.select().from(imports).where(and(eq(imports.accountId, accountId), eq(imports.id, id))).limit(1);
      return row;
    },

    async findById(id: string): Promise<ImportRow | undefined> {
      const [row] = await db.select().from(imports).where(eq(imports.id, id)).limit(1);
      return row;
    },

    async recent(accountId: string, limit: number): Promise<ImportRow[]> {
      return db.select().from(imports).where(eq(imports.accountId, accountId)).orderBy(desc(imports.createdAt)).limit(limit);
    },

    /**
     * The job takes the archive up: running from now, unless the athlete cancelled it meanwhile
     * (false then). The first start is kept, so a job resumed after a crash keeps its rate.
     */
    async start(id: string): Promise<boolean> {
      const started = await db
        .update(imports)
        .set({ status: 'running', startedAt: sql`coalesce(${imports.startedAt}, now())`, updatedAt: new Date() })
        .where(and(eq(imports.id, id), inArray(imports.status, UNFINISHED)))
        .returning({ id: imports.id });
      return started.length > 0;
    },

    /** Cancels an archive import that has not ended and answers it; undefined when it had (done, failed or cancelled already). */
    async cancel(accountId: string, id: string): Promise<ImportRow | undefined> {
      const [cancelled] = await db
        .update(imports)
        .set({ status: 'cancelled', updatedAt: new Date() })
        .where(and(eq(imports.accountId, accountId), eq(imports.id, id), eq(imports.kind, 'archive'), inArray(imports.status, UNFINISHED)))
        .returning();
      return cancelled;
    },

    async update(id: string, values: Partial<Pick<ImportRow, 'status' | 'total' | 'error' | 'storagePath'>>): Promise<void> {
      await db.update(imports).set({ ...values, updatedAt: new Date() }).where(eq(imports.id, id));
    },

    /** The uploaded file of an activity, as uploaded, for the athlete's data export (ADR 0078). */
    async keepOriginal(values: { activityId: string; userId: string; fileName: string; bytes: Uint8Array }): Promise<void> {
      await db.insert(activityOriginals).values(values).onConflictDoNothing();
    },

    async storeUploadPart(importId: string, part: number, bytes: Uint8Array): Promise<void> {
      await db.insert(importUploadParts).values({ importId, part, bytes });
    },

    /**
     * One part of a stored upload as hex text; undefined past the last. Read one at a time, so an
     * archive is never whole in memory; as text, so the caller decodes it into a buffer of its own
     * instead of the driver making a new one per part (stored-upload.ts).
     */
    async uploadPartHex(importId: string, part: number): Promise<string | undefined> {
      const [row] = await db
        .select({ hex: sql<string>`encode(${importUploadParts.bytes}, 'hex')` })
        .from(importUploadParts)
        .where(and(eq(importUploadParts.importId, importId), eq(importUploadParts.part, part)));
      return row?.hex;
    },

    async deleteUpload(importId: string): Promise<void> {
      await db.delete(importUploadParts).where(eq(importUploadParts.importId, importId));
    },

    /**
     * Ends an import (done, or failed with the reason) and drops its stored upload, together. A
     * cancelled import stays cancelled: only its upload goes.
     */
    async finish(id: string, outcome: { status: 'done' } | { status: 'failed'; error: string } | { status: 'cancelled' }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(importUploadParts).where(eq(importUploadParts.importId, id));
        await tx
          .update(imports)
          .set({ ...outcome, storagePath: null, updatedAt: new Date() })
          .where(outcome.status === 'cancelled' ? eq(imports.id, id) : and(eq(imports.id, id), sql`${imports.status} <> 'cancelled'`));
      });
    },

    /** Counts one handled entry; answers the import's status, so the job sees a cancel without asking again. */
    async increment(id: string, counter: Counter): Promise<ImportRow['status'] | undefined> {
      const column = imports[counter];
      const [row] = await db
        .update(imports)
        .set({ [counter]: sql`${column} + 1`, updatedAt: new Date() })
        .where(eq(imports.id, id))
        .returning({ status: imports.status });
      return row?.status;
    },
  };
}

export type ImportsRepo = ReturnType<typeof createImportsRepo>;
