import { and, asc, desc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import { lockAccount } from '../../db/account-lock.ts';
import type { Database } from '../../db/client.ts';
import { activityFeels, wellnessDays } from '../../db/schema.ts';
import type { WellnessDay, WellnessField } from '../../../shared/api/wellness.ts';

export type WellnessValues = Omit<WellnessDay, 'date'>;

const dayColumns = {
  date: wellnessDays.date,
  sleepHours: wellnessDays.sleepHours,
  sleepQuality: wellnessDays.sleepQuality,
  fatigue: wellnessDays.fatigue,
  soreness: wellnessDays.soreness,
  stress: wellnessDays.stress,
  mood: wellnessDays.mood,
  restingHrBpm: wellnessDays.restingHrBpm,
  hrvRmssdMs: wellnessDays.hrvRmssdMs,
  weightKg: wellnessDays.weightKg,
  note: wellnessDays.note,
};

/** The SQL column name of each field, for `excluded.<column>` in an upsert. */
const COLUMN_NAMES: Record<WellnessField, string> = {
  sleepHours: 'sleep_hours',
  sleepQuality: 'sleep_quality',
  fatigue: 'fatigue',
  soreness: 'soreness',
  stress: 'stress',
  mood: 'mood',
  restingHrBpm: 'resting_hr_bpm',
  hrvRmssdMs: 'hrv_rmssd_ms',
  weightKg: 'weight_kg',
  note: 'note',
};

/** Rows per insert statement: well below PostgreSQL's 65,535 parameters at 13 columns a row. */
const IMPORT_BATCH_ROWS = 1000;

export function createWellnessRepo(db: Database) {
  return {
    async day(userId: string, date: string): Promise<WellnessDay | null> {
      const [row] = await db
        .select(dayColumns)
        .from(wellnessDays)
        .where(and(eq(wellnessDays.userId, userId), eq(wellnessDays.date, date)));
      return row ?? null;
    },

    range(userId: string, from: string, to: string): Promise<WellnessDay[]> {
      return db
        .select(dayColumns)
        .from(wellnessDays)
        .where(and(eq(wellnessDays.userId, userId), gte(wellnessDays.date, from), lte(wellnessDays.date, to)))
        .orderBy(asc(wellnessDays.date));
    },

    /** Replaces the whole day. */
    async putDay(userId: string, date: string, values: WellnessValues): Promise<void> {
      await db
        .insert(wellnessDays)
        .values({ userId, date, ...values })
        .onConflictDoUpdate({ target: [wellnessDays.userId, wellnessDays.date], set: { ...values, updatedAt: new Date() } });
    },

    /** The newest day with a body weight, and that weight; null when no day has one. */
    async latestWeight(userId: string): Promise<{ date: string; weightKg: number } | null> {
      const [row] = await db
        .select({ date: wellnessDays.date, weightKg: wellnessDays.weightKg })
        .from(wellnessDays)
        .where(and(eq(wellnessDays.userId, userId), isNotNull(wellnessDays.weightKg)))
        .orderBy(desc(wellnessDays.date))
        .limit(1);
      return row?.weightKg == null ? null : { date: row.date, weightKg: row.weightKg };
    },

    async deleteDay(userId: string, date: string): Promise<void> {
      await db.delete(wellnessDays).where(and(eq(wellnessDays.userId, userId), eq(wellnessDays.date, date)));
    },

    /**
     * Writes imported days in one transaction: a day already stored keeps the fields the file has
     * no column for, and takes the file's value (null for an empty cell) for those it has; with
     * `keepStoredDays` a day already stored is left alone. Answers how many days were written.
     *
     * Two imports of one account never deadlock (ADR 0037): the transaction first waits for the
     * account's import lock, so one import of the account writes at a time and the last one to
     * take the lock wins whole; and the days are written oldest first, so row locks are taken in one
     * order also against a check-in saved meanwhile.
     */
    async importDays(
      userId: string,
      fields: readonly WellnessField[],
      rows: readonly ({ date: string } & Partial<WellnessValues>)[],
      { keepStoredDays }: { keepStoredDays: boolean },
    ): Promise<number> {
      if (rows.length === 0) return 0;
      const set: Record<string, unknown> = { updatedAt: new Date() };
      for (const field of fields) set[field] = sql.raw(`excluded.${COLUMN_NAMES[field]}`);
      const target = [wellnessDays.userId, wellnessDays.date];
      const ordered = [...rows].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
      return db.transaction(async (tx) => {
        await lockAccount(tx, 'wellnessImport', userId);
        let written = 0;
        for (let start = 0; start < ordered.length; start += IMPORT_BATCH_ROWS) {
          const batch = ordered.slice(start, start + IMPORT_BATCH_ROWS).map((row) => ({ ...row, userId }));
          const insert = tx.insert(wellnessDays).values(batch);
          const upserted = keepStoredDays ? insert.onConflictDoNothing({ target }) : insert.onConflictDoUpdate({ target, set });
          written += (await upserted.returning({ date: wellnessDays.date })).length;
        }
        return written;
      });
    },

    async feel(userId: string, activityId: string): Promise<{ rpe: number | null; note: string | null } | null> {
      const [row] = await db
        .select({ rpe: activityFeels.rpe, note: activityFeels.note })
        .from(activityFeels)
        .where(and(eq(activityFeels.userId, userId), eq(activityFeels.activityId, activityId)));
      return row ?? null;
    },

    async putFeel(userId: string, activityId: string, feel: { rpe: number | null; note: string | null }): Promise<void> {
      await db
        .insert(activityFeels)
        .values({ userId, activityId, ...feel })
        .onConflictDoUpdate({ target: activityFeels.activityId, set: { ...feel, updatedAt: new Date() } });
    },

    async deleteFeel(userId: string, activityId: string): Promise<void> {
      await db.delete(activityFeels).where(and(eq(activityFeels.userId, userId), eq(activityFeels.activityId, activityId)));
    },
  };
}

export type WellnessRepo = ReturnType<typeof createWellnessRepo>;
