import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { activityOriginals, importUploadParts, imports } from '../../db/schema.ts';

export type ImportRow = typeof imports.$inferSelect;
type Counter = 'imported' | 'duplicates' | 'skipped' | 'failed';

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

    /** One part of a stored upload; undefined past the last. Read one at a time, so an archive is never whole in memory. */
    async uploadPart(importId: string, part: number): Promise<Uint8Array | undefined> {
      const [row] = await db
        .select({ bytes: importUploadParts.bytes })
        .from(importUploadParts)
        .where(and(eq(importUploadParts.importId, importId), eq(importUploadParts.part, part)));
      return row?.bytes;
    },

    async deleteUpload(importId: string): Promise<void> {
      await db.delete(importUploadParts).where(eq(importUploadParts.importId, importId));
    },

    /** Ends an import (done, or failed with the reason) and drops its stored upload, together. */
    async finish(id: string, outcome: { status: 'done' } | { status: 'failed'; error: string }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(importUploadParts).where(eq(importUploadParts.importId, id));
        await tx.update(imports).set({ ...outcome, storagePath: null, updatedAt: new Date() }).where(eq(imports.id, id));
      });
    },

    async increment(id: string, counter: Counter): Promise<void> {
      const column = imports[counter];
      await db
        .update(imports)
        .set({ [counter]: sql`${column} + 1`, updatedAt: new Date() })
        .where(eq(imports.id, id));
    },
  };
}

export type ImportsRepo = ReturnType<typeof createImportsRepo>;
