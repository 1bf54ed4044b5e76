import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { imports } from '../../db/schema.ts';

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
