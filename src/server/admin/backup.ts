import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { link, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { is, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Database, DatabaseHandle } from '../db/client.ts';
import {
  codeMigrationLevel,
  requireCurrentSchema,
  sameMigrationLevel,
  type MigrationLevel,
} from '../db/migration-level.ts';
import * as schema from '../db/schema.ts';
import { AppError } from '../http/errors.ts';

/**
 * Logical backups, portable between PGlite and PostgreSQL: an embedded install moves to PostgreSQL
 * by restoring its backup there. The file is gzip'd JSON Lines: a header line, then batches of
 * rows, `{"table":"accounts","rows":[…]}`. PostgreSQL writes the rows (row_to_json) and reads them
 * back (json_populate_recordset); Node passes their text through untouched, so timestamps to the
 * microsecond, uuids, jsonb and enums round-trip exactly. Batches keep memory bounded whatever the
 * size of a table. Kairo's tables have uuid keys; a table with a sequence would also need its
 * sequence set after a restore.
 *
 * The last line is the trailer, `{"trailer":"kairo-backup-end","rows":{"accounts":3,…},"sha256":"…"}`:
 * every table's row count and the SHA-256 of every line before it (header included, each with its
 * newline). A file without it, or whose counts or checksum differ, is incomplete and is refused
 * (ADR 0005). Version 1 files, written before the trailer, restore only with `allowUnverified`.
 */
export const BACKUP_FORMAT = 'kairo-backup';
export const BACKUP_VERSION = 2;
/** The format version written before backups carried a trailer: readable, but not checkable. */
export const UNVERIFIED_BACKUP_VERSION = 1;
export const BACKUP_TRAILER = 'kairo-backup-end';

export interface BackupTrailer {
  trailer: typeof BACKUP_TRAILER;
  /** Rows per table, every table named, 0 included. */
  rows: Record<string, number>;
  /** Hex SHA-256 of every line before the trailer, each with its newline. */
  sha256: string;
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION | typeof UNVERIFIED_BACKUP_VERSION;
  createdAt: string;
  migrations: MigrationLevel;
  /**
   * Fingerprint of the key the stored OAuth tokens are encrypted with (TOKEN_ENCRYPTION_KEY or
   * DATA_DIR/secrets/token-encryption-key). Absent in backups made before it was recorded.
   */
  tokenKeyFingerprint?: string;
}

export interface BackupSummary {
  rowCount: number;
  tableCount: number;
}

/** Rows fetched from the cursor per round trip, and the size at which a batch line is written out. */
const FETCH_ROWS = 500;
const BATCH_TARGET_CHARS = 4_000_000;

type Executor = Pick<Database, 'execute'>;

/** Kairo's tables, parents before children, so inserting in this order satisfies every foreign key. */
export function tablesInDependencyOrder(): PgTable[] {
  const ordered: PgTable[] = [];
  const visit = (table: PgTable, path: PgTable[]) => {
    if (ordered.includes(table)) return;
    if (path.includes(table)) throw new Error(`Foreign keys form a cycle through table ${getTableConfig(table).name}`);
    for (const foreignKey of getTableConfig(table).foreignKeys) {
      const parent = foreignKey.reference().foreignTable;
      if (parent !== table) visit(parent, [...path, table]);
    }
    ordered.push(table);
  };
  // The order is part of the file format: a restore refuses a table that comes before one it has
  // read. Visiting by export name is the order of an ES module namespace (code unit order), made
  // explicit so it does not depend on how the schema module was loaded (a test runner's loader
  // keeps declaration order).
  const exports = Object.entries(schema).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [, value] of exports) {
    // The installation's secret fingerprints describe this installation, not its data (ADR 0066).
    if (is(value, PgTable) && value !== schema.installationSecrets) visit(value, []);
  }
  return ordered;
}

/**
 * Writes a consistent snapshot of every Kairo table to `file`, which must not exist yet. The file
 * appears only once complete: it is written under a temporary name and then linked into place.
 */
export async function writeBackup(database: DatabaseHandle, file: string, options: { tokenKeyFingerprint: string }): Promise<BackupSummary> {
  // Checked first to fail before the work; the final link() is what really refuses to overwrite.
  if (existsSync(file)) throw fileExists(file);
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    migrations: await requireCurrentSchema(database),
    tokenKeyFingerprint: options.tokenKeyFingerprint,
  };
  const tables = tablesInDependencyOrder();
  const partialFile = `${file}.${process.pid}.partial`;
  let rowCount = 0;
  try {
    await database.db.transaction(
      async (tx) => {
        // Timestamps are written in UTC whatever the server's time zone, so backups compare as text.
        await tx.execute(sql`set local time zone 'UTC'`);
        const hash = createHash('sha256');
        const rows: Record<string, number> = {};
        const hashed = (line: string) => {
          hash.update(line, 'utf8');
          return line;
        };
        async function* lines() {
          yield hashed(`${JSON.stringify(header)}\n`);
          for (const table of tables) {
            const name = getTableConfig(table).name;
            rows[name] = 0;
            for await (const batch of tableBatches(tx, table)) {
              rowCount += batch.length;
              rows[name] += batch.length;
              yield hashed(`{"table":${JSON.stringify(name)},"rows":[${batch.join(',')}]}\n`);
            }
          }
          const trailer: BackupTrailer = { trailer: BACKUP_TRAILER, rows, sha256: hash.digest('hex') };
          yield `${JSON.stringify(trailer)}\n`;
        }
        await pipeline(Readable.from(lines()), createGzip(), createWriteStream(partialFile, { flags: 'wx' }));
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    await link(partialFile, file).catch((error: unknown) => {
      throw isErrorCode(error, 'EEXIST') ? fileExists(file) : error;
    });
  } finally {
    await rm(partialFile, { force: true });
  }
  return { rowCount, tableCount: tables.length };
}

/** A table's rows as JSON texts, in batches of about BATCH_TARGET_CHARS, read through a cursor. */
async function* tableBatches(tx: Executor, table: PgTable): AsyncGenerator<string[]> {
  await tx.execute(sql`declare backup_rows no scroll cursor for select row_to_json(t)::text as row from ${table} t`);
  let batch: string[] = [];
  let batchChars = 0;
  for (;;) {
    const rows = await queryRows<{ row: string }>(tx, sql.raw(`fetch forward ${FETCH_ROWS} from backup_rows`));
    if (rows.length === 0) break;
    for (const { row } of rows) {
      batch.push(row);
      batchChars += row.length;
      if (batchChars >= BATCH_TARGET_CHARS) {
        yield batch;
        batch = [];
        batchChars = 0;
      }
    }
  }
  if (batch.length > 0) yield batch;
  await tx.execute(sql`close backup_rows`);
}

/**
 * Replaces every Kairo table's rows with the backup's, in one transaction: a file that turns out
 * corrupt or incomplete leaves the database as it was. The trailer's counts and checksum are
 * compared after the last batch and before the commit, so a file cut short, even at a line
 * boundary, changes nothing. The database is migrated first; the backup must come from the same
 * migration level, which is checked before the database is touched.
 */
export async function restoreBackup(
  database: DatabaseHandle,
  file: string,
  /**
   * `allowOtherKey`: restore even though the backup's tokens were sealed with another key; every
   * Strava connection is then marked for reconnection, since its tokens cannot be opened.
   * `allowEmpty`: restore a backup without a single row, which empties every table.
   * `allowUnverified`: restore a version 1 backup, which has no trailer to check it against.
   */
  options: { tokenKeyFingerprint: string; allowOtherKey?: boolean; allowEmpty?: boolean; allowUnverified?: boolean },
): Promise<BackupSummary & { header: BackupHeader; connectionsToRenew: number }> {
  const lines = readLines(file);
  try {
    const headerLine = (await lines.next()).value;
    const header = parseHeader(file, headerLine);
    const verified = header.version === BACKUP_VERSION;
    if (!verified && !options.allowUnverified) {
      throw new AppError(
        'bad_request',
        `${file} is a Kairo backup in format version ${header.version}, made before backups carried row counts and a checksum, ` +
          'so whether it is complete cannot be checked. Restore it with the Kairo version that made it, or add --allow-unverified ' +
          'to restore it as it is. Nothing was changed',
      );
    }
    // An old backup without a fingerprint cannot be checked: treated as made with another key only
    // when the operator says so; the runtime check (a token that will not open) still catches it.
    const otherKey = header.tokenKeyFingerprint !== undefined && header.tokenKeyFingerprint !== options.tokenKeyFingerprint;
    if (otherKey && !options.allowOtherKey) {
      throw new AppError(
        'conflict',
        `${file} was made with another token encryption key (fingerprint ${header.tokenKeyFingerprint}; this installation's is ` +
          `${options.tokenKeyFingerprint}). Restore with the same TOKEN_ENCRYPTION_KEY or DATA_DIR/secrets/token-encryption-key as ` +
          'the installation that made it, or add --allow-other-key to restore anyway: every athlete will then have to reconnect Strava. ' +
          'Nothing was changed',
      );
    }
    const codeLevel = codeMigrationLevel();
    if (!sameMigrationLevel(header.migrations, codeLevel)) {
      throw new AppError(
        'conflict',
        `${file} was made at migration level ${header.migrations.count} and this Kairo is at ${codeLevel.count}: ` +
          'restore it with the Kairo version that made it',
      );
    }
    await database.migrate();
    await requireCurrentSchema(database);

    const tables = tablesInDependencyOrder();
    const tableByName = new Map(tables.map((table) => [getTableConfig(table).name, table]));
    let rowCount = 0;
    let connectionsToRenew = 0;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`truncate table ${sql.join(tables, sql`, `)}`);
      const hash = createHash('sha256').update(`${headerLine}\n`, 'utf8');
      const rowsByTable = new Map<string, number>();
      let trailer: BackupTrailer | undefined;
      let previousIndex = 0;
      for await (const line of lines) {
        if (trailer) throw corrupt(file, 'a line follows the trailer');
        if (verified && line.startsWith('{"trailer":')) {
          trailer = parseTrailer(file, line);
          continue;
        }
        hash.update(`${line}\n`, 'utf8');
        const batch = parseBatch(file, line);
        const table = tableByName.get(batch.table);
        if (!table) throw corrupt(file, `unknown table "${batch.table}"`);
        const index = tables.indexOf(table);
        if (index < previousIndex) throw corrupt(file, `table "${batch.table}" is out of order`);
        previousIndex = index;
        // The line goes to PostgreSQL as sent, so no value is reinterpreted by JavaScript on the way.
        await tx.execute(
          sql`insert into ${table} select * from json_populate_recordset(null::${table}, ${line}::json -> 'rows')`,
        );
        rowCount += batch.rowCount;
        rowsByTable.set(batch.table, (rowsByTable.get(batch.table) ?? 0) + batch.rowCount);
      }
      // Everything below throws before the commit, so the truncate and the inserts are rolled back.
      if (verified) {
        if (!trailer) {
          throw corrupt(file, `it ends without its trailer line, so it was cut short after ${formatCount(rowCount)} rows`);
        }
        const expectedTotal = Object.values(trailer.rows).reduce((sum, count) => sum + count, 0);
        for (const name of new Set([...Object.keys(trailer.rows), ...rowsByTable.keys()])) {
          const expected = trailer.rows[name] ?? 0;
          const found = rowsByTable.get(name) ?? 0;
          if (expected !== found) {
            throw corrupt(
              file,
              `table "${name}" has ${formatCount(found)} rows where the trailer names ${formatCount(expected)}; ` +
                `${formatCount(rowCount)} of ${formatCount(expectedTotal)} rows in all`,
            );
          }
        }
        if (hash.digest('hex') !== trailer.sha256) throw corrupt(file, 'its checksum does not match its contents');
      }
      if (rowCount === 0 && !options.allowEmpty) {
        throw new AppError(
          'bad_request',
          `${file} holds no rows at all: restoring it would empty every table. Add --allow-empty to do so; nothing was changed`,
        );
      }
      if (otherKey) {
        const renewed = await tx.execute(sql`update strava_connections set status = 'broken' returning account_id`);
        connectionsToRenew = (renewed as unknown as { rows: unknown[] }).rows.length;
      }
    });
    return { header, rowCount, tableCount: tables.length, connectionsToRenew };
  } finally {
    // Closes the file when the restore stops before its end.
    await lines.return(undefined);
  }
}

function parseTrailer(file: string, line: string): BackupTrailer {
  const trailer = parseJsonLine(file, line) as Partial<BackupTrailer> | null;
  const rows = trailer?.rows;
  const countsValid =
    typeof rows === 'object' &&
    rows !== null &&
    !Array.isArray(rows) &&
    Object.values(rows).every((count) => Number.isSafeInteger(count) && count >= 0);
  if (trailer?.trailer !== BACKUP_TRAILER || !countsValid || typeof trailer.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(trailer.sha256)) {
    throw corrupt(file, 'the trailer line is not valid');
  }
  return trailer as BackupTrailer;
}

const formatCount = (count: number) => count.toLocaleString('en-US');

async function* readLines(file: string): AsyncGenerator<string, undefined> {
  const gunzip = createGunzip();
  // pipeline() forwards an error of either stream (missing file, bad gzip data) to the line reader.
  pipeline(createReadStream(file), gunzip).catch(() => undefined);
  try {
    for await (const line of createInterface({ input: gunzip })) yield line;
  } catch (error) {
    if (isErrorCode(error, 'ENOENT')) throw new AppError('not_found', `${file} does not exist`);
    if (error instanceof Error && (error as NodeJS.ErrnoException).code?.startsWith('Z_')) {
      throw corrupt(file, 'not gzip data, or cut short');
    }
    throw error;
  }
  return undefined;
}

function parseHeader(file: string, line: string | undefined): BackupHeader {
  const header = parseJsonLine(file, line ?? '') as Partial<BackupHeader> | null;
  if (header?.format !== BACKUP_FORMAT) throw new AppError('bad_request', `${file} is not a Kairo backup`);
  if (header.version !== BACKUP_VERSION && header.version !== UNVERIFIED_BACKUP_VERSION) {
    throw new AppError('bad_request', `${file} is a Kairo backup in format version ${String(header.version)}, which this Kairo cannot read`);
  }
  const level = header.migrations;
  if (typeof level?.count !== 'number' || (level.lastHash !== null && typeof level.lastHash !== 'string')) {
    throw corrupt(file, 'the header has no migration level');
  }
  if (header.tokenKeyFingerprint !== undefined && typeof header.tokenKeyFingerprint !== 'string') {
    throw corrupt(file, 'the token key fingerprint is not text');
  }
  return header as BackupHeader;
}

function parseBatch(file: string, line: string): { table: string; rowCount: number } {
  const batch = parseJsonLine(file, line) as { table?: unknown; rows?: unknown } | null;
  if (typeof batch?.table !== 'string' || !Array.isArray(batch.rows)) throw corrupt(file, 'a line is not a batch of rows');
  return { table: batch.table, rowCount: batch.rows.length };
}

function parseJsonLine(file: string, line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw corrupt(file, 'a line is not valid JSON');
  }
}

/** Both drivers (node-postgres and PGlite) answer execute() with a result that carries `rows`. */
async function queryRows<Row>(tx: Executor, query: SQL): Promise<Row[]> {
  const result = (await tx.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

const corrupt = (file: string, reason: string) =>
  new AppError('bad_request', `${file} is not a usable Kairo backup (${reason}); nothing was changed`);

const fileExists = (file: string) => new AppError('conflict', `${file} already exists; choose another file name`);

function isErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
