import { resolve } from 'node:path';
import { DrizzleQueryError } from 'drizzle-orm';
import { listAccounts, parseAccountPlan, setAccountPlan, type AccountSummary } from './admin/accounts.ts';
import { restoreBackup, writeBackup } from './admin/backup.ts';
import { rotateSecret } from './admin/rotate-secret.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { configuredDatabase, openDatabase, type DatabaseHandle } from './db/client.ts';
import { databaseMigrationLevel, requireCurrentSchema } from './db/migration-level.ts';
import { DataDirInUseError } from './db/pglite-lock.ts';
import { AppError } from './http/errors.ts';
import { SHARED_SECRETS, type SharedSecret } from './security/shared-secrets.ts';
import { tokenKeyFingerprint } from './security/token-cipher.ts';
import { accountPlans, trialDaysLeft } from '../shared/domain/account-plan.ts';

/**
 * The admin CLI: `npm run kairo -- <command>`. It reads the same configuration as the server
 * (DATABASE_URL, else PGlite in DATA_DIR), prints plain lines, and exits non-zero on any error.
 */
interface Command {
  /** Names of the positional arguments, all required. */
  params: string[];
  summary: string;
  run(database: DatabaseHandle, args: string[], context: { config: Config; flags: Set<string> }): Promise<string>;
  /** Flags (`--name`) the command accepts besides its positional arguments. */
  flags?: string[];
}

const INVOCATION = 'npm run kairo --';

const commands: Record<string, Command> = {
  'users:list': {
    params: [],
    summary: 'List the accounts: e-mail, name, plan, trial expiry, created',
    async run(database) {
      await requireCurrentSchema(database);
      return formatAccounts(await listAccounts(database.db));
    },
  },
  'users:set-plan': {
    params: ['email', accountPlans.join('|')],
    summary: 'Set an account\'s plan; a trial runs its full length from now',
    async run(database, [email = '', planName = '']) {
      const plan = parseAccountPlan(planName);
      await requireCurrentSchema(database);
      const { email: accountEmail, from, change } = await setAccountPlan(database.db, email, plan);
      const trial = change.trialExpiryDate ? `, trial until ${formatTime(change.trialExpiryDate)} UTC` : '';
      return `${accountEmail}: ${from} -> ${change.plan}${trial}`;
    },
  },
  'db:migrate': {
    params: [],
    summary: 'Apply pending database migrations',
    async run(database) {
      const before = await databaseMigrationLevel(database);
      await database.migrate();
      const after = await requireCurrentSchema(database);
      const applied = after.count - before.count;
      return applied === 0
        ? `The ${database.kind} database is up to date (migration level ${after.count})`
        : `Applied ${plural(applied, 'migration')}; the ${database.kind} database is at migration level ${after.count}`;
    },
  },
  'db:backup': {
    params: ['file'],
    summary: 'Write every table to a new gzip\'d JSON file, portable between PGlite and PostgreSQL',
    async run(database, [file = ''], { config }) {
      const path = resolve(file);
      const { rowCount, tableCount } = await writeBackup(database, path, { tokenKeyFingerprint: tokenKeyFingerprint(config.tokenEncryptionKey) });
      return `Backed up ${plural(rowCount, 'row')} from ${plural(tableCount, 'table')} to ${path}`;
    },
  },
  'db:restore': {
    params: ['file'],
    summary:
      'Replace every table\'s rows with a backup\'s (migrates the database first); refuses an incomplete backup, one made with another ' +
      'token key unless --allow-other-key, one without rows unless --allow-empty, and one made before backups carried a checksum ' +
      'unless --allow-unverified',
    flags: ['--allow-other-key', '--allow-empty', '--allow-unverified'],
    async run(database, [file = ''], { config, flags }) {
      const path = resolve(file);
      const { rowCount, tableCount, header, connectionsToRenew } = await restoreBackup(database, path, {
        tokenKeyFingerprint: tokenKeyFingerprint(config.tokenEncryptionKey),
        allowOtherKey: flags.has('--allow-other-key'),
        allowEmpty: flags.has('--allow-empty'),
        allowUnverified: flags.has('--allow-unverified'),
      });
      const restored = `Restored ${plural(rowCount, 'row')} into ${plural(tableCount, 'table')} from ${path} (backup of ${header.createdAt})`;
      return connectionsToRenew > 0
        ? `${restored}\nWarning: the backup was made with another token key; ${plural(connectionsToRenew, 'Strava connection')} will show "Reconnect Strava" until the athlete reconnects`
        : restored;
    },
  },
  'secrets:rotate': {
    params: [SHARED_SECRETS.join('|')],
    summary:
      'With every instance stopped, make the configured value of a shared secret the database\'s own: SESSION_SECRET ends every session; ' +
      'TOKEN_ENCRYPTION_KEY re-encrypts the Strava tokens from PREVIOUS_TOKEN_ENCRYPTION_KEY (or --forget-tokens: athletes reconnect)',
    flags: ['--forget-tokens'],
    async run(database, [setting = ''], { config, flags }) {
      if (!(SHARED_SECRETS as readonly string[]).includes(setting)) {
        throw new AppError('bad_request', `secrets:rotate: "${setting}" is not a shared secret; one of ${SHARED_SECRETS.join(', ')}`);
      }
      const previous = process.env.PREVIOUS_TOKEN_ENCRYPTION_KEY;
      return rotateSecret(database, setting as SharedSecret, config, {
        previousTokenKey: previous ? Buffer.from(previous, 'base64') : undefined,
        forgetTokens: flags.has('--forget-tokens'),
      });
    },
  },
};

function usage(name: string, command: Command): string {
  return [name, ...command.params.map((param) => `<${param}>`), ...(command.flags ?? []).map((flag) => `[${flag}]`)].join(' ');
}

function helpText(): string {
  const entries = [
    ...Object.entries(commands).map(([name, command]) => [usage(name, command), command.summary] as const),
    ['help', 'Show this help'] as const,
  ];
  const width = Math.max(...entries.map(([synopsis]) => synopsis.length));
  return [
    `Usage: ${INVOCATION} <command>`,
    '',
    ...entries.map(([synopsis, summary]) => `  ${synopsis.padEnd(width)}  ${summary}`),
    '',
    'Configuration comes from the environment, as for the server: DATABASE_URL, else PGlite in DATA_DIR.',
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rawArgs] = argv;
  if (name === undefined || name === 'help' || name === '--help') {
    console.log(helpText());
    return name === undefined ? 1 : 0;
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) throw new AppError('bad_request', `Unknown command "${name}"; run \`${INVOCATION} help\``);
  const flags = new Set(rawArgs.filter((arg) => arg.startsWith('--')));
  const args = rawArgs.filter((arg) => !arg.startsWith('--'));
  const unknownFlag = [...flags].find((flag) => !(command.flags ?? []).includes(flag));
  if (unknownFlag || args.length !== command.params.length || args.some((arg) => arg.trim() === '')) {
    throw new AppError('bad_request', `Usage: ${INVOCATION} ${usage(name, command)}`);
  }
  const config = loadConfig();
  const database = await openDatabase(configuredDatabase(config));
  try {
    console.log(await command.run(database, args, { config, flags }));
  } finally {
    await database.close();
  }
  return 0;
}

function formatAccounts(accounts: AccountSummary[]): string {
  if (accounts.length === 0) return 'No accounts.';
  const rows = accounts.map((account) => [
    account.email,
    account.name,
    account.plan,
    formatTrialExpiry(account),
    formatTime(account.createdAt),
  ]);
  const table = formatTable(['E-mail', 'Name', 'Plan', 'Trial expiry (UTC)', 'Created (UTC)'], rows);
  return `${table}\n${plural(accounts.length, 'account')}`;
}

function formatTrialExpiry(account: AccountSummary): string {
  if (!account.trialExpiryDate) return '-';
  const daysLeft = trialDaysLeft(account.plan, account.trialExpiryDate);
  const remaining = daysLeft === null ? '' : daysLeft === 0 ? ' (expired)' : ` (${plural(daysLeft, 'day')} left)`;
  return `${formatTime(account.trialExpiryDate)}${remaining}`;
}

function formatTable(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

/** 2026-03-10 12:00, in UTC. */
function formatTime(date: Date): string {
  return date.toISOString().slice(0, 16).replace('T', ' ');
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * Errors the operator can act on: Kairo's own, and those the environment reports with a code
 * (a missing file, a refused connection, a PostgreSQL error). Their message says what to fix; a
 * stack trace would only hide it. Anything else is a bug and keeps its stack.
 */
function isOperatorError(error: unknown): error is Error {
  if (error instanceof AppError || error instanceof ConfigError || error instanceof DataDirInUseError) return true;
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string';
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (thrown) {
  // Drizzle wraps a database's error in one whose message is only the failed SQL.
  const error = thrown instanceof DrizzleQueryError && thrown.cause ? thrown.cause : thrown;
  if (isOperatorError(error)) {
    // A connection refused on every address comes as an AggregateError with an empty message.
    console.error(`kairo: ${error.message || (error as NodeJS.ErrnoException).code}`);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
}
