import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * `npm run test:awkward -- [--date <ISO instant>] [--tz <IANA zone>] [--load <workers>] [vitest args]`
 *
 * The whole suite as `npm test` runs it, on a day and a machine that are not today's and not quiet
 * (issue #27): the clock of every process — the test runner, the servers it starts, Chromium and a
 * throwaway PostgreSQL cluster — moved to `--date` (one offset for all, so they agree and the clock
 * goes on ticking: libfaketime for Chromium and PostgreSQL, a moved JavaScript `Date` for Node), the
 * time zone set to `--tz`, and `--load` busy processes keeping the CPUs occupied beside it. PostgreSQL runs on a cluster of its own on a free port, because a shared
 * cluster would stamp rows with the real date while Kairo's processes see the fake one.
 *
 * Needs Debian's `faketime` package (libfaketime) for `--date`, and PostgreSQL's server binaries
 * (`/usr/lib/postgresql/<version>/bin`) to give the moved clock its own database; without them it
 * says so and stops. Ends with `npm test`'s own last line.
 */

const root = resolve(import.meta.dirname, '..');

/** Kairo's own options; everything else goes to Vitest untouched (e.g. `--project unit`). */
const options: { date?: string; tz?: string; load?: string } = {};
const vitestArgs: string[] = [];
const argv = process.argv.slice(2);
for (let index = 0; index < argv.length; index += 1) {
  const name = /^--(date|tz|load)(?:=(.*))?$/.exec(argv[index]!);
  if (!name) {
    vitestArgs.push(argv[index]!);
    continue;
  }
  const value = name[2] ?? argv[(index += 1)];
  if (value === undefined) fail(`--${name[1]} needs a value.`);
  options[name[1] as 'date' | 'tz' | 'load'] = value;
}

function fail(message: string): never {
  console.error(`test:awkward: ${message}`);
  process.exit(2);
}

const { date: dateOption, tz: tzOption, load: loadOption } = options;

const target = dateOption === undefined ? null : Date.parse(dateOption);
if (target !== null && Number.isNaN(target)) fail(`--date ${dateOption} is not a date and time (e.g. 2028-02-29T23:40:00Z).`);
if (tzOption !== undefined) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tzOption });
  } catch {
    fail(`--tz ${tzOption} is not an IANA time zone (e.g. Europe/Berlin).`);
  }
}
const loadWorkers = loadOption === undefined ? 0 : Number(loadOption);
if (!Number.isInteger(loadWorkers) || loadWorkers < 0 || loadWorkers > 64) fail(`--load ${loadOption} must be a whole number of busy processes from 0 to 64.`);
if (target === null && loadWorkers === 0 && tzOption === undefined) fail('say at least one of --date, --tz or --load (see the README, "Tests on awkward days and a busy machine").');

const FAKETIME_LIB = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';

/** Seconds from the real clock to `--date`, fixed once so every process agrees and time runs on. */
const offsetS = target === null ? 0 : Math.round((target - Date.now()) / 1000);

/** The environment that moves a native process's clock (Chromium, PostgreSQL) by libfaketime. */
function nativeClockEnv(): NodeJS.ProcessEnv {
  if (target === null) return {};
  if (!existsSync(FAKETIME_LIB)) fail(`--date needs libfaketime (${FAKETIME_LIB}): apt-get install faketime`);
  return {
    LD_PRELOAD: [FAKETIME_LIB, process.env.LD_PRELOAD].filter(Boolean).join(':'),
    FAKETIME: `${offsetS >= 0 ? '+' : ''}${offsetS}`,
    // Timers and timeouts run on the monotonic clock: leave it real so nothing waits on a jump.
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
    // Read the offset once; no config file lookups per call.
    FAKETIME_NO_CACHE: '0',
    // libfaketime's rewrite of condition-variable deadlines ("monotonic fix") made Chromium wait out
    // its timeouts: a page that loads in 1 s took 63 s. With the monotonic clock left real there is
    // nothing to fix.
    FAKETIME_FORCE_MONOTONIC_FIX: '0',
  };
}

/**
 * The environment that moves a Node process's clock (the runner, the servers it starts, their
 * children): JavaScript's `Date` by the same offset (test/support/moved-date.ts), not libfaketime, under
 * which Playwright's driver lost its pages. Chromium gets libfaketime through
 * `KAIRO_TEST_BROWSER_ENV`, which the browser tests' launcher adds to the browser's environment.
 */
function nodeClockEnv(): NodeJS.ProcessEnv {
  if (target === null) return {};
  const movedClock = `${pathToFileURL(join(root, 'test/support/moved-date.ts')).href}?offsetMs=${offsetS * 1000}`;
  return {
    NODE_OPTIONS: [process.env.NODE_OPTIONS, `--import=${movedClock}`].filter(Boolean).join(' '),
    // For the children a test starts with a clean environment (test/support/moved-clock.ts).
    KAIRO_TEST_MOVED_DATE: movedClock,
    KAIRO_TEST_BROWSER_ENV: JSON.stringify(nativeClockEnv()),
  };
}

function postgresBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((version) => join(base, version, 'bin')).find((dir) => existsSync(join(dir, 'initdb')));
  if (!found) fail('--date needs PostgreSQL server binaries (/usr/lib/postgresql/<version>/bin) for a cluster on the same clock.');
  return found;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Runs a PostgreSQL tool as the `postgres` user when this is root (initdb refuses root). */
function asPostgres(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const isRoot = process.getuid?.() === 0;
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return spawnSync(file, argv, { env: { ...process.env, ...env }, encoding: 'utf8' });
}

interface Cluster {
  url: string;
  stop: () => void;
}

async function startCluster(env: NodeJS.ProcessEnv): Promise<Cluster> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'kairo-awkward-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  const init = asPostgres(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8'], env);
  if (init.status !== 0) fail(`initdb failed:\n${init.stderr}`);
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=400`;
  const start = asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), '-o', settings, '-w', 'start'], env);
  if (start.status !== 0) fail(`PostgreSQL did not start:\n${start.stderr}${start.stdout}`);
  const create = asPostgres(join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'test'], env);
  if (create.status !== 0) fail(`createdb failed:\n${create.stderr}`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/test`,
    stop: () => {
      asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop'], env);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A process that keeps one CPU busy until it is killed. */
function busyWorker(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'for (;;) { Math.sqrt(Math.random()); }'], { stdio: 'ignore' });
  child.unref();
  return child;
}

const zoneEnv = tzOption ? { TZ: tzOption } : {};
const cluster = target === null ? null : await startCluster({ ...nativeClockEnv(), ...zoneEnv });
const workers = Array.from({ length: loadWorkers }, busyWorker);
const cleanUp = () => {
  for (const worker of workers) worker.kill('SIGKILL');
  cluster?.stop();
};
const shown = [
  target !== null ? `clock at ${new Date(target).toISOString()}` : null,
  tzOption ? `TZ=${tzOption}` : null,
  loadWorkers > 0 ? `${loadWorkers} busy processes beside it (${availableParallelism()} CPUs)` : null,
  cluster ? `PostgreSQL on the same clock at ${cluster.url}` : null,
].filter(Boolean);
console.log(`test:awkward: ${shown.join('; ')}`);

const run = spawn(process.execPath, [join(root, 'scripts/test.ts'), ...vitestArgs], {
  cwd: root,
  stdio: 'inherit',
  // Its own process group, so a signal here ends every process of the suite.
  detached: true,
  env: { ...process.env, ...nodeClockEnv(), ...zoneEnv, ...(cluster ? { KAIRO_TEST_POSTGRES_URL: cluster.url } : {}) },
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    // The suite's processes go too: a run cut short must not go on against a cluster that is gone.
    try {
      if (run.pid) process.kill(-run.pid, 'SIGTERM');
    } catch {
      run.kill('SIGTERM');
    }
    cleanUp();
    process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
  });
}
const status = await new Promise<number>((done) => run.on('exit', (code) => done(code ?? 1)));
cleanUp();
process.exit(status);
