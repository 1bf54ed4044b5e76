import { createHash, randomBytes } from 'node:crypto';
import { execFile, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { parseAccountPlan } from '../../src/server/admin/accounts.ts';
import { restoreBackup, tablesInDependencyOrder, writeBackup } from '../../src/server/admin/backup.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { AppError } from '../../src/server/http/errors.ts';
import { startKairo, type Kairo } from '../../src/server/kairo.ts';
import { tokenKeyFingerprint } from '../../src/server/security/token-cipher.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase, type TestDatabaseKind } from '../support/databases.ts';
import { migratedPgliteSnapshot } from '../support/pglite-snapshot.ts';
import { createClient } from '../support/http-client.ts';
import { uniqueEmail, signUp } from '../support/kairo.ts';
import { DAY_MS } from '../../src/shared/time.ts';
import { movedClockEnv } from '../support/moved-clock.ts';

const kinds = await testDatabaseKinds();
const root = resolve(import.meta.dirname, '../..');
/** Each CLI run is a fresh Node process that loads PGlite: about a second, more on a busy machine. */
const CLI_TEST_TIMEOUT_MS = 90_000;

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * A Kairo installation as an operator sees it: a data directory, plus a PostgreSQL database when
 * the kind is postgres. The CLI runs against it as a child process with only that configuration.
 */
interface Installation {
  dataDir: string;
  env: Record<string, string>;
  cli(...args: string[]): Promise<CliResult>;
  startServer(): Promise<Kairo>;
  /** Runs queries on the installation's database; a PGlite directory is opened only for the call. */
  withDatabase<T>(use: (database: DatabaseHandle) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const SHARED_TOKEN_KEY = randomBytes(32).toString('base64');

let migratedDataDir: Promise<string> | undefined;

/**
 * A DATA_DIR holding a migrated PGlite database, made once for this file from the run's migrated
 * snapshot. Each PGlite installation starts as a copy of it, as a server's first start would leave
 * it, instead of running initdb and every migration again (several seconds each on a busy machine).
 */
function migratedPgliteDataDir(): Promise<string> {
  migratedDataDir ??= (async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kairo-cli-migrated-'));
    const client = await PGlite.create({ dataDir: join(dataDir, 'pglite'), loadDataDir: await migratedPgliteSnapshot() });
    await client.close();
    return dataDir;
  })();
  return migratedDataDir;
}

afterAll(async () => {
  if (migratedDataDir) rmSync(await migratedDataDir, { recursive: true, force: true });
});

async function createInstallation(kind: TestDatabaseKind): Promise<Installation> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kairo-cli-'));
  if (kind === 'pglite') cpSync(await migratedPgliteDataDir(), dataDir, { recursive: true });
  const postgres: TestDatabase | undefined = kind === 'postgres' ? await createTestDatabase('postgres') : undefined;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    // One operator's installations share the token key, as a move between them requires (ADR 0023).
    TOKEN_ENCRYPTION_KEY: SHARED_TOKEN_KEY,
    // A single installation on its own database, its other secrets in DATA_DIR.
    ...(postgres?.url ? { DATABASE_URL: postgres.url, KAIRO_CLUSTER: '0' } : {}),
  };
  return {
    dataDir,
    env,
    cli: (...args) => runCli(env, args),
    startServer: () => startKairo(loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env })),
    async withDatabase(use) {
      if (postgres) return use(postgres.handle);
      const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
      try {
        return await use(database);
      } finally {
        await database.close();
      }
    },
    async close() {
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function runCli(env: Record<string, string>, args: string[]): Promise<CliResult> {
  return runNode(['src/server/cli.ts', ...args], env);
}

/** Node on a script of this repository, in a process whose environment is only `env` (and PATH). */
function runNode(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolvePromise) => {
    execFile(
      process.execPath,
      args,
      { cwd: root, env: { PATH: process.env.PATH ?? '', ...movedClockEnv(), LOG_LEVEL: 'silent', ...env } },
      (error, stdout, stderr) => resolvePromise({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A user error is one line on stderr, never a stack trace. */
function expectOneLineError(result: CliResult, message: string | RegExp): void {
  expect(result.code).toBe(1);
  expect(result.stdout).toBe('');
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(message);
}

interface RestoreFlags {
  allowEmpty?: boolean;
  allowUnverified?: boolean;
}

/** What `db:restore` passes restoreBackup on this installation with these flags. */
function restoreOptions(installation: Installation, flags: RestoreFlags = {}): Parameters<typeof restoreBackup>[2] {
  return { tokenKeyFingerprint: tokenKeyFingerprint(loadConfig(installation.env).tokenEncryptionKey), ...flags };
}

/**
 * `db:restore` refuses a file in restoreBackup, which the CLI calls with the installation's token key
 * and its flags, and prints the AppError as one line (expectOneLineError). One CLI run per way of
 * refusing shows that; the many files each way refuses are checked here, in this process, through
 * the same call and the same messages.
 */
async function expectRestoreRefused(
  installation: Installation,
  database: DatabaseHandle,
  file: string,
  message: string | RegExp,
  flags: RestoreFlags = {},
): Promise<void> {
  const error: unknown = await restoreBackup(database, file, restoreOptions(installation, flags)).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  const lines = (error as AppError).message.split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(message);
}

/** Registers accounts over HTTP, exactly as users do, on a server that is stopped afterwards. */
async function registerAccounts(installation: Installation, count: number): Promise<string[]> {
  const kairo = await installation.startServer();
  try {
    const emails: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const email = uniqueEmail('cli');
      const response = await signUp(createClient(kairo.url), {
        email,
        password: 'correct horse',
        firstName: 'Ada',
        lastName: `Lovelace ${i}`,
      });
      expect(response.status).toBe(201);
      emails.push(email);
    }
    await createClient(kairo.url).post('/api/auth/forgot-password', { email: emails[0] });
    return emails;
  } finally {
    await kairo.close();
  }
}

/**
 * Every row of every Kairo table as PostgreSQL prints it in JSON (timestamps in UTC), sorted: equal
 * snapshots mean equal data, down to microseconds and jsonb digits. Independent of the backup file.
 */
async function snapshot(database: DatabaseHandle): Promise<Record<string, string[]>> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    const rows: Record<string, string[]> = {};
    for (const table of tablesInDependencyOrder()) {
      const result = (await tx.execute(sql`select row_to_json(t)::text as row from ${table} t order by 1`)) as unknown as {
        rows: { row: string }[];
      };
      rows[getTableConfig(table).name] = result.rows.map(({ row }) => row);
    }
    return rows;
  });
}

describe.each(kinds)('admin CLI account commands on %s', (kind) => {
  let installation: Installation;
  let emails: string[];
  beforeAll(async () => {
    installation = await createInstallation(kind);
    emails = await registerAccounts(installation, 2);
  });
  afterAll(async () => {
    await installation?.close();
  });

  const accountRow = (email: string) =>
    installation.withDatabase(async (database) => {
      const [row] = await database.query<{
        plan: string;
        previous_plan: string | null;
        trial_expiry_date: Date | null;
        downgraded_at: Date | null;
      }>('select plan, previous_plan, trial_expiry_date, downgraded_at from accounts where email = $1', [email]);
      return row!;
    });

  it('lists the registered accounts in a table', async () => {
    const result = await installation.cli('users:list');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^E-mail\s+Name\s+Plan\s+Trial expiry \(UTC\)\s+Created \(UTC\)$/);
    expect(lines[1]).toMatch(/^-+( +-+){4}$/);
    for (const [i, email] of emails.entries()) {
      const line = lines.find((candidate) => candidate.startsWith(email));
      expect(line).toMatch(new RegExp(`Ada Lovelace ${i}\\s+Trial14\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d \\(14 days left\\)\\s+\\d{4}-`));
    }
    expect(lines.at(-1)).toBe('2 accounts');
  }, CLI_TEST_TIMEOUT_MS);

  it('sets a plan: trials run from now, Pro clears the expiry, Free records the downgrade', async () => {
    const [email] = emails as [string];

    const toPro = await installation.cli('users:set-plan', email.toUpperCase(), 'pro');
    expect(toPro).toMatchObject({ code: 0, stderr: '', stdout: `${email}: Trial14 -> Pro\n` });
    expect(await accountRow(email)).toMatchObject({ plan: 'Pro', previous_plan: 'Trial14', trial_expiry_date: null, downgraded_at: null });

    const toTrial = await installation.cli('users:set-plan', email, 'Trial30');
    expect(toTrial.stdout).toMatch(new RegExp(`^${email}: Pro -> Trial30, trial until \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\n$`));
    const trial = await accountRow(email);
    expect(trial).toMatchObject({ plan: 'Trial30', previous_plan: 'Pro' });
    const trialDays = (trial.trial_expiry_date!.getTime() - Date.now()) / DAY_MS;
    expect(trialDays).toBeGreaterThan(29.9);
    expect(trialDays).toBeLessThanOrEqual(30);

    expect((await installation.cli('users:set-plan', email, 'Free')).stdout).toBe(`${email}: Trial30 -> Free\n`);
    const free = await accountRow(email);
    expect(free).toMatchObject({ plan: 'Free', previous_plan: 'Trial30', trial_expiry_date: null });
    expect(Date.now() - free.downgraded_at!.getTime()).toBeLessThan(60_000);
  }, CLI_TEST_TIMEOUT_MS);

  it('rejects an unknown plan, an unknown e-mail and bad usage with exit code 1, changing nothing', async () => {
    const email = emails[1]!;
    const before = await accountRow(email);
    // Bad usage is refused before the database is opened, so those runs go alongside the one that
    // opens it (a PGlite directory serves one process at a time).
    const [unknownEmail, usage, unknownCommand] = await Promise.all([
      installation.cli('users:set-plan', 'nobody@example.test', 'Pro'),
      installation.cli('users:set-plan', email),
      installation.cli('users:delete', email),
    ]);
    expectOneLineError(unknownEmail, /^kairo: No account with e-mail nobody@example\.test$/);
    expectOneLineError(usage, /^kairo: Usage: npm run kairo -- users:set-plan <email> <Free\|Trial14\|Trial30\|Pro>$/);
    expectOneLineError(unknownCommand, /^kairo: Unknown command "users:delete"/);
    // `users:set-plan` reads the plan with parseAccountPlan ("pro" above became Pro); an unknown one
    // is an AppError, which the CLI prints as the one line the refusals above show.
    expect(() => parseAccountPlan('Gold')).toThrow(AppError);
    expect(() => parseAccountPlan('Gold')).toThrow(/^Unknown plan "Gold"; use one of Free, Trial14, Trial30, Pro$/);
    expect(await accountRow(email)).toEqual(before);
  }, CLI_TEST_TIMEOUT_MS);

  it('migrates, and prints help', async () => {
    const [migrate, help] = await Promise.all([installation.cli('db:migrate'), installation.cli('help')]);
    expect(migrate).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(new RegExp(`^The ${kind} database is up to date \\(migration level \\d+\\)\\n$`)),
    });
    expect(help.code).toBe(0);
    for (const command of ['users:list', 'users:set-plan', 'db:migrate', 'db:backup', 'db:restore', 'help']) {
      expect(help.stdout).toContain(`  ${command}`);
    }
  }, CLI_TEST_TIMEOUT_MS);
});

describe.each(kinds)('backup of a PGlite install restored into %s', (targetKind) => {
  let source: Installation;
  let target: Installation;
  let backupDir: string;
  let sourceSnapshot: Record<string, string[]>;
  const backupFile = (name: string) => join(backupDir, name);

  // Values where a lossy round trip would show: microseconds, a number beyond double precision, unicode.
  // Written as jsonb prints it (keys sorted), so the text read back must be identical.
  const eventData = '{"nested": {"big": 123456789012345678901234567890, "list": [1, 2.5, "zwölf"]}}';
  const eventTime = '2026-03-10 12:34:56.123456+00';

  beforeAll(async () => {
    backupDir = mkdtempSync(join(tmpdir(), 'kairo-backups-'));
    [source, target] = await Promise.all([createInstallation('pglite'), createInstallation(targetKind)]);
    await registerAccounts(source, 3);
    sourceSnapshot = await source.withDatabase(async (database) => {
      await database.query(
        `insert into user_events (event_type, event_name, account_id, event_data, created_at)
         select 'analysis', 'viewed', id, $1::jsonb, $2::timestamptz from accounts limit 1`,
        [eventData, eventTime],
      );
      await database.query(`insert into page_views (path, user_agent) values ('/', 'Mozilla/5.0 "quoted"')`);
      return snapshot(database);
    });
    const backup = await source.cli('db:backup', backupFile('source.json.gz'));
    expect(backup).toMatchObject({ code: 0, stderr: '' });
    expect(backup.stdout).toBe(`Backed up ${Object.values(sourceSnapshot).flat().length} rows from ${Object.keys(sourceSnapshot).length} tables to ${backupFile('source.json.gz')}\n`);
  }, CLI_TEST_TIMEOUT_MS);
  afterAll(async () => {
    await source?.close();
    await target?.close();
    if (backupDir) rmSync(backupDir, { recursive: true, force: true });
  });

  it('restores every row exactly, and the way back too', async () => {
    const lines = gunzipSync(readFileSync(backupFile('source.json.gz'))).toString('utf8').split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({ format: 'kairo-backup', version: 2, migrations: { count: expect.any(Number) } });
    // The last line names every table's rows and the checksum of the lines before it.
    expect(lines.at(-1)).toBe('');
    const trailer = JSON.parse(lines.at(-2)!) as { trailer: string; rows: Record<string, number>; sha256: string };
    expect(trailer.trailer).toBe('kairo-backup-end');
    expect(trailer.rows).toEqual(Object.fromEntries(Object.entries(sourceSnapshot).map(([table, rows]) => [table, rows.length])));
    expect(trailer.sha256).toBe(createHash('sha256').update(`${lines.slice(0, -2).join('\n')}\n`).digest('hex'));
    expect(sourceSnapshot.accounts).toHaveLength(3);
    expect(sourceSnapshot.sessions).toHaveLength(3);
    expect(sourceSnapshot.password_resets).toHaveLength(1);

    const restore = await target.cli('db:restore', backupFile('source.json.gz'));
    expect(restore.stderr).toBe('');
    expect(restore.stdout).toMatch(/^Restored \d+ rows into \d+ tables from .*source\.json\.gz \(backup of \d{4}-.*\)\n$/);
    const [event] = await target.withDatabase(async (database) => {
      expect(await snapshot(database)).toEqual(sourceSnapshot);
      return database.query<{ data: string; epoch: string }>(
        "select event_data::text as data, extract(epoch from created_at)::text as epoch from user_events where event_name = 'viewed'",
      );
    });
    expect(event).toEqual({ data: eventData, epoch: `${Date.parse('2026-03-10T12:34:56Z') / 1000}.123456` });

    // Change the source, then bring it back from a backup the CLI makes of the target. The two
    // installations are independent, so the change and the backup run side by side.
    const [, targetBackup] = await Promise.all([
      source.withDatabase((database) => database.query("update accounts set plan = 'Pro', first_name = 'Changed'")),
      target.cli('db:backup', backupFile('target.json.gz')),
    ]);
    expect(targetBackup.code).toBe(0);
    // The CLI's restore into PGlite is the one above (PGlite target); this proves the data's way back.
    await source.withDatabase(async (database) => {
      await restoreBackup(database, backupFile('target.json.gz'), restoreOptions(source));
      expect(await snapshot(database)).toEqual(sourceSnapshot);
    });
  }, CLI_TEST_TIMEOUT_MS);

  it('refuses a corrupt or foreign file and changes nothing', async () => {
    const good = readFileSync(backupFile('source.json.gz'));
    const [headerLine, firstBatch] = gunzipSync(good).toString('utf8').split('\n');
    const header = JSON.parse(headerLine!);

    const damaged: [string, Buffer, RegExp][] = [
      ['cut.json.gz', good.subarray(0, 200), /is not a usable Kairo backup \(not gzip data, or cut short\); nothing was changed$/],
      ['other.json.gz', gzipSync('{"format":"something-else"}\n'), /is not a Kairo backup$/],
      // The bad line follows a good batch: the restore has emptied and refilled a table when it fails.
      ['broken.json.gz', gzipSync(`${headerLine}\n${firstBatch}\n{"table":"accounts","rows":[{"id":\n`), /a line is not valid JSON/],
      [
        'future.json.gz',
        gzipSync(`${JSON.stringify({ ...header, migrations: { count: 999, lastHash: 'f'.repeat(64) } })}\n`),
        /was made at migration level 999 and this Kairo is at \d+: restore it with the Kairo version that made it$/,
      ],
    ];
    for (const [name, content] of damaged) writeFileSync(backupFile(name), content);

    const before = await target.withDatabase(async (database) => {
      const rows = await snapshot(database);
      for (const [name, , message] of damaged) await expectRestoreRefused(target, database, backupFile(name), message);
      await expectRestoreRefused(target, database, backupFile('missing.json.gz'), /missing\.json\.gz does not exist$/);
      expect(await snapshot(database)).toEqual(rows);
      return rows;
    });
    // The CLI on the file that fails after the restore has refilled a table.
    expectOneLineError(await target.cli('db:restore', backupFile('broken.json.gz')), /a line is not valid JSON/);
    expect(await target.withDatabase(snapshot)).toEqual(before);
  }, CLI_TEST_TIMEOUT_MS);

  it('refuses a backup cut at a line boundary, header only, or whose counts or checksum differ, and changes nothing', async () => {
    const lines = gunzipSync(readFileSync(backupFile('source.json.gz'))).toString('utf8').split('\n').slice(0, -1);
    const [headerLine, ...rest] = lines as [string, ...string[]];
    const trailerLine = rest.at(-1)!;
    const batches = rest.slice(0, -1);
    expect(batches.length).toBeGreaterThan(1);
    const trailer = JSON.parse(trailerLine) as { rows: Record<string, number> };
    const file = (...fileLines: string[]) => gzipSync(`${fileLines.join('\n')}\n`);
    const accountsBatch = batches.findIndex((line) => line.startsWith('{"table":"accounts"'));
    const tampered = batches.map((line, index) => (index === accountsBatch ? line.replace('Lovelace 0', 'Lovelace 9') : line));
    expect(tampered[accountsBatch]).not.toBe(batches[accountsBatch]);
    const rowsBeforeCut = batches
      .slice(0, -1)
      .reduce((sum, line) => sum + (JSON.parse(line) as { rows: unknown[] }).rows.length, 0);
    const lineCut = new RegExp(`it ends without its trailer line, so it was cut short after ${rowsBeforeCut} rows\\); nothing was changed$`);

    const incomplete: [string, Buffer, RegExp][] = [
      // Every batch but the last, each line whole: what the old restore took for a complete backup.
      ['line-cut.json.gz', file(headerLine, ...batches.slice(0, -1)), lineCut],
      ['header-only.json.gz', file(headerLine), /it ends without its trailer line, so it was cut short after 0 rows\); nothing was changed$/],
      [
        'counts.json.gz',
        file(headerLine, ...batches, JSON.stringify({ ...trailer, rows: { ...trailer.rows, accounts: 4 } })),
        /table "accounts" has 3 rows where the trailer names 4; \d+ of \d+ rows in all\); nothing was changed$/,
      ],
      ['checksum.json.gz', file(headerLine, ...tampered, trailerLine), /its checksum does not match its contents\); nothing was changed$/],
      ['after-trailer.json.gz', file(headerLine, ...batches, trailerLine, batches[0]!), /a line follows the trailer\); nothing was changed$/],
      ['bad-trailer.json.gz', file(headerLine, ...batches, '{"trailer":"kairo-backup-end","rows":[]}'), /the trailer line is not valid\); nothing was changed$/],
    ];
    for (const [name, content] of incomplete) writeFileSync(backupFile(name), content);

    const before = await target.withDatabase(async (database) => {
      const rows = await snapshot(database);
      expect(rows.accounts).toHaveLength(3);
      for (const [name, , message] of incomplete) {
        await expectRestoreRefused(target, database, backupFile(name), message);
        // Flags that allow other things do not let an incomplete file through.
        await expectRestoreRefused(target, database, backupFile(name), message, { allowEmpty: true, allowUnverified: true });
      }
      expect(await snapshot(database)).toEqual(rows);
      return rows;
    });
    // The CLI on the file the old restore took for complete, with every flag that allows something else.
    expectOneLineError(await target.cli('db:restore', backupFile('line-cut.json.gz'), '--allow-empty', '--allow-unverified'), lineCut);
    expect(await target.withDatabase(snapshot)).toEqual(before);
  }, CLI_TEST_TIMEOUT_MS);

  it('restores a backup without rows only with --allow-empty', async () => {
    // A backup of a migrated installation nobody has used yet.
    const empty = await createTestDatabase('pglite');
    try {
      const written = await writeBackup(empty.handle, backupFile('empty.json.gz'), {
        tokenKeyFingerprint: tokenKeyFingerprint(loadConfig(target.env).tokenEncryptionKey),
      });
      expect(written.rowCount).toBe(0);
    } finally {
      await empty.drop();
    }
    await target.withDatabase(async (database) => {
      const before = await snapshot(database);
      expect(before.accounts).toHaveLength(3);
      await expectRestoreRefused(
        target,
        database,
        backupFile('empty.json.gz'),
        /empty\.json\.gz holds no rows at all: restoring it would empty every table\. Add --allow-empty to do so; nothing was changed$/,
      );
      expect(await snapshot(database)).toEqual(before);
    });

    const restored = await target.cli('db:restore', backupFile('empty.json.gz'), '--allow-empty');
    expect(restored).toMatchObject({ code: 0, stderr: '', stdout: expect.stringMatching(/^Restored 0 rows into \d+ tables/) });
    await target.withDatabase(async (database) => {
      expect(Object.values(await snapshot(database)).flat()).toEqual([]);
      await restoreBackup(database, backupFile('source.json.gz'), restoreOptions(target));
      expect(await snapshot(database)).toEqual(sourceSnapshot);
    });
  }, CLI_TEST_TIMEOUT_MS);

  it('restores a backup from before the trailer (format version 1) only with --allow-unverified', async () => {
    const lines = gunzipSync(readFileSync(backupFile('source.json.gz'))).toString('utf8').split('\n').slice(0, -2);
    const header = JSON.parse(lines[0]!) as Record<string, unknown>;
    const versionOne = [JSON.stringify({ ...header, version: 1 }), ...lines.slice(1)];
    writeFileSync(backupFile('version-1.json.gz'), gzipSync(`${versionOne.join('\n')}\n`));
    writeFileSync(backupFile('version-1-empty.json.gz'), gzipSync(`${versionOne[0]}\n`));
    await target.withDatabase(async (database) => {
      await database.query("update accounts set first_name = 'Changed'");
      const before = await snapshot(database);
      await expectRestoreRefused(
        target,
        database,
        backupFile('version-1.json.gz'),
        /version-1\.json\.gz is a Kairo backup in format version 1, made before backups carried row counts and a checksum, so whether it is complete cannot be checked\. Restore it with the Kairo version that made it, or add --allow-unverified to restore it as it is\. Nothing was changed$/,
      );
      await expectRestoreRefused(target, database, backupFile('version-1-empty.json.gz'), /holds no rows at all/, { allowUnverified: true });
      expect(await snapshot(database)).toEqual(before);
    });

    expect((await target.cli('db:restore', backupFile('version-1.json.gz'), '--allow-unverified')).code).toBe(0);
    expect(await target.withDatabase(snapshot)).toEqual(sourceSnapshot);
  }, CLI_TEST_TIMEOUT_MS);

  it('never overwrites an existing file', async () => {
    writeFileSync(backupFile('taken.json.gz'), 'precious');
    expectOneLineError(await target.cli('db:backup', backupFile('taken.json.gz')), /taken\.json\.gz already exists; choose another file name$/);
    expect(readFileSync(backupFile('taken.json.gz'), 'utf8')).toBe('precious');
  }, CLI_TEST_TIMEOUT_MS);
});

describe('the PGlite data directory lock', () => {
  let installation: Installation;
  beforeAll(async () => {
    installation = await createInstallation('pglite');
  });
  afterAll(async () => {
    await installation?.close();
  });
  const lockFile = () => join(installation.dataDir, 'pglite.lock');
  const refusal = (pid: number) =>
    new RegExp(`Kairo is running on this data directory \\(pid ${pid}\\); stop it first or use the HTTP API \\(its built-in database serves one process: to run several instances, use PostgreSQL with DATABASE_URL\\)$`);

  it('refuses a CLI and a second server while Kairo runs, and opens after it stops', async () => {
    const kairo = await installation.startServer();
    try {
      expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid));
      const [cli, secondServer] = await Promise.all([
        installation.cli('users:list'),
        runNode(['src/server/main.ts'], { PORT: '0', ...installation.env }),
      ]);
      expectOneLineError(cli, refusal(process.pid));
      expect(secondServer.code).toBe(1);
      expect(secondServer.stderr.trim()).toMatch(refusal(process.pid));
    } finally {
      await kairo.close();
    }
    expect(existsSync(lockFile())).toBe(false);
    expect((await installation.cli('users:list')).code).toBe(0);
  }, CLI_TEST_TIMEOUT_MS);

  it('takes over the lock of a process that is gone, or of an earlier life of its own pid', async () => {
    const exited = spawnSync(process.execPath, ['-e', ''], { encoding: 'utf8' });
    writeFileSync(lockFile(), `${exited.pid}\n`);
    expect((await installation.cli('users:list')).code).toBe(0);
    expect(existsSync(lockFile())).toBe(false);

    // A container restarts the server with the same pid: a lock with our pid that we did not take is stale.
    writeFileSync(lockFile(), `${process.pid}\n`);
    await installation.withDatabase(async () => {
      expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid));
      await expect(openDatabase({ kind: 'pglite', dataDir: join(installation.dataDir, 'pglite') })).rejects.toThrow(refusal(process.pid));
    });
    expect(existsSync(lockFile())).toBe(false);
  }, CLI_TEST_TIMEOUT_MS);
});
