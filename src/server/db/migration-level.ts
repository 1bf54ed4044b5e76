import { readMigrationFiles } from 'drizzle-orm/migrator';
import { AppError } from '../http/errors.ts';
import { migrationsFolder, type DatabaseHandle } from './client.ts';

/**
 * How far a schema has come along the one migration history: how many migrations are applied and
 * the hash of the last one (drizzle's sha256 of its SQL file), as drizzle records them.
 */
export interface MigrationLevel {
  count: number;
  lastHash: string | null;
}

/** The level this build of Kairo migrates a database to. */
export function codeMigrationLevel(): MigrationLevel {
  const migrations = readMigrationFiles({ migrationsFolder });
  return { count: migrations.length, lastHash: migrations.at(-1)?.hash ?? null };
}

/** The level a database is at, read from drizzle's journal table (level 0 when never migrated). */
export async function databaseMigrationLevel(database: DatabaseHandle): Promise<MigrationLevel> {
  const [journal] = await database.query<{ present: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  if (!journal?.present) return { count: 0, lastHash: null };
  const [level] = await database.query<{ count: number; last_hash: string | null }>(
    `select count(*)::int as count,
            (select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1) as last_hash
       from drizzle.__drizzle_migrations`,
  );
  return { count: level?.count ?? 0, lastHash: level?.last_hash ?? null };
}

export function sameMigrationLevel(a: MigrationLevel, b: MigrationLevel): boolean {
  return a.count === b.count && a.lastHash === b.lastHash;
}

/** Refuses to work on a database whose schema is not the one this Kairo's code expects. */
export async function requireCurrentSchema(database: DatabaseHandle): Promise<MigrationLevel> {
  const expected = codeMigrationLevel();
  const actual = await databaseMigrationLevel(database);
  if (sameMigrationLevel(actual, expected)) return actual;
  if (actual.count < expected.count) {
    throw new AppError(
      'conflict',
      `The database is at migration level ${actual.count} and this Kairo at ${expected.count}: run \`npm run kairo -- db:migrate\` first`,
    );
  }
  throw new AppError(
    'conflict',
    `The database was migrated by another Kairo version (level ${actual.count}, this Kairo ${expected.count}); use that version`,
  );
}
