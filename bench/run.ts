import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { LIST_PAGE_SIZE } from '../src/server/features/strava/jobs.ts';
import { createTestDatabase } from '../test/support/databases.ts';
import { freePort, readRssBytes, sampleMaxRss, startServerProcess } from '../test/support/processes.ts';
import { benchActivityData, type ActivityDataRun } from './activity-data.ts';
import { benchCluster, type ClusterRun } from './cluster.ts';
import { benchEnumeration } from './enumeration.ts';
import { benchDemoConnect, type DemoConnectRun } from './demo-connect.ts';
import { measureWebJs, type WebJs } from './landing-js.ts';
import { measureLoad, type LoadResult } from './load.ts';
import { benchFidelity, type FidelityRun } from './fidelity.ts';
import { benchMetrics, type MetricsRun } from './metrics.ts';
import { benchPlanCompliance, type PlanComplianceRun } from './plan-compliance.ts';
import { benchReadiness, type ReadinessRun } from './readiness.ts';

/**
 * `npm run bench`: Kairo's performance figures against their targets. The API is measured on
 * PostgreSQL against a bare Fastify hello route started in the same run, so the ratio says what
 * Kairo's own work costs on this machine; then the data paths (Strava backfill, archive import,
 * the activity list) on a second Kairo process (see activity-data.ts). Prints the JSON and a
 * summary, writes the JSON to bench/results/<timestamp>.json, and exits 1 when the run is invalid
 * or a figure misses its target.
 */
const root = resolve(import.meta.dirname, '..');
const resultsDir = join(root, 'bench/results');

const CONNECTIONS = 100;
const WARM_UP_S = 2;
const DURATION_S = 10;
const RSS_SAMPLE_INTERVAL_MS = 200;
/** Let the server settle after boot and sign-up before reading its idle memory. */
const IDLE_SETTLE_MS = 1_000;

const THROUGHPUT_RATIO_MIN = 0.3;
const AUTH_USER_P99_MS_MAX = 25;
/** Issue 12 item 14: compressed JavaScript (brotli, as served) of the landing page and of Home signed in. */
const LANDING_JS_BYTES_MAX = 60_000;
const SIGNED_IN_HOME_JS_BYTES_MAX = 150_000;
/** One detail and one streams request per activity; the list pages come on top. */
const STRAVA_REQUESTS_PER_ACTIVITY_MAX = 2;
const ACTIVITY_LIST_P99_MS_MAX = 25;
/** Issue 16: the fitness chart and a page past the first, read from a year of history or more. */
const HISTORY_READ_P99_MS_MAX = 50;
/** Issue target: the exact curve of a 4 h ride in 30 ms; the O(n²) scan takes about 200 ms. */
const MMP_4H_MS_MAX = 30;
const BUILTIN_ANALYSIS_MS_MAX = 50;
/** Issue 18: planned vs done of a 24-week plan against a year of activities. */
const PLAN_COMPLIANCE_P99_MS_MAX = 50;
/** Issue 18: readiness over a year of wellness (the sparkline of a year, the adjustments review) within 50 ms at p99. */
const READINESS_YEAR_P99_MS_MAX = 50;
/** The pool swim's average heart rate, twice (activity and metrics): see test/unit/device-corpus.test.ts. */
const KNOWN_CORPUS_DEVIATIONS = 2;

interface Figure {
  name: string;
  value: number | null;
  unit: 'ratio' | 'ms' | 'bytes' | 's' | 'count' | 'activities/s' | 'req/s';
  /** The target, as a bound; figures without one are reported only. */
  min?: number;
  max?: number;
  /** null when there is no target or no value. */
  pass: boolean | null;
  note?: string;
}

function figure(name: string, value: number | null, unit: Figure['unit'], bounds: { min?: number; max?: number } = {}): Figure {
  const hasTarget = bounds.min !== undefined || bounds.max !== undefined;
  const pass =
    value === null || !hasTarget ? null : value >= (bounds.min ?? -Infinity) && value <= (bounds.max ?? Infinity);
  return { name, value, unit, ...bounds, pass };
}

interface KairoApiRun {
  authUser: LoadResult;
  rssIdleBytes: number | null;
  rssUnderLoadMaxBytes: number | null;
}

/** Kairo as in production, on a fresh PostgreSQL database, loaded with GET /api/auth/user as a signed-in user. */
async function benchKairoApi(): Promise<KairoApiRun> {
  const database = await createTestDatabase('postgres');
  const dataDir = mkdtempSync(join(tmpdir(), 'kairo-bench-'));
  try {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const kairo = await startServerProcess({
      script: join(root, 'src/server/main.ts'),
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        DATABASE_URL: database.url!,
        // One instance: its generated secrets may stay in its data folder.
        KAIRO_CLUSTER: '0',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: origin,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      port,
      readyPath: '/readyz',
    });
    try {
      const cookie = await signUp(origin);
      await sleep(IDLE_SETTLE_MS);
      const rssIdleBytes = readRssBytes(kairo.pid);
      const rss = sampleMaxRss(kairo.pid, RSS_SAMPLE_INTERVAL_MS);
      const authUser = await measureLoad({
        url: `${origin}/api/auth/user`,
        headers: { cookie },
        connections: CONNECTIONS,
        warmUpS: WARM_UP_S,
        durationS: DURATION_S,
      });
      return { authUser, rssIdleBytes, rssUnderLoadMaxBytes: rss.stop() };
    } finally {
      await kairo.stop();
    }
  } finally {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Registers an account and returns its session cookie, checked to open GET /api/auth/user. */
async function signUp(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/register`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.test', password: 'bench password', firstName: 'Bench', lastName: 'Mark' }),
  });
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (response.status !== 201 || !cookie) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const check = await fetch(`${origin}/api/auth/user`, { headers: { cookie } });
  if (check.status !== 200) throw new Error(`GET /api/auth/user with the new session answered ${check.status}`);
  return cookie;
}

async function benchHelloFastify(): Promise<LoadResult> {
  const port = await freePort();
  const hello = await startServerProcess({
    script: join(root, 'bench/hello-server.ts'),
    args: [String(port)],
    env: { PATH: process.env.PATH ?? '' },
    port,
    readyPath: '/',
  });
  try {
    return await measureLoad({
      url: `${hello.url}/`,
      connections: CONNECTIONS,
      warmUpS: WARM_UP_S,
      durationS: DURATION_S,
    });
  } finally {
    await hello.stop();
  }
}

/** Non-2xx answers or connection errors mean the load did not measure the route: the run is invalid. */
function loadProblems(name: string, load: LoadResult): string[] {
  const problems: string[] = [];
  if (load.non2xx > 0) problems.push(`${name} answered ${load.non2xx} non-2xx responses`);
  if (load.errors > 0) problems.push(`${name} had ${load.errors} connection errors or timeouts`);
  return problems;
}

function figures(
  api: KairoApiRun,
  hello: LoadResult,
  web: WebJs,
  data: ActivityDataRun,
  metrics: MetricsRun,
  fidelity: FidelityRun,
  compliance: PlanComplianceRun,
  demo: DemoConnectRun,
  readiness: ReadinessRun,
): Figure[] {
  const ratio = round(api.authUser.requestsPerS / hello.requestsPerS, 3);
  const webJs = (name: string, bytes: number | null, max: number) => {
    const item = figure(name, bytes, 'bytes', { max });
    return web.landing === null ? { ...item, note: web.reason } : item;
  };
  const { backfill, rateLimitedBackfill: limited, archiveImport, activityList } = data;
  return [
    figure('throughput ratio, GET /api/auth/user / Fastify hello', ratio, 'ratio', { min: THROUGHPUT_RATIO_MIN }),
    figure('p99 latency, GET /api/auth/user', api.authUser.latencyP99Ms, 'ms', { max: AUTH_USER_P99_MS_MAX }),
    webJs('landing page JS, brotli', web.landing?.brotliBytes ?? null, LANDING_JS_BYTES_MAX),
    figure('landing page JS, gzip', web.landing?.gzipBytes ?? null, 'bytes'),
    webJs('first signed-in screen JS, brotli', web.signedInHome?.brotliBytes ?? null, SIGNED_IN_HOME_JS_BYTES_MAX),
    figure('first signed-in screen JS, gzip', web.signedInHome?.gzipBytes ?? null, 'bytes'),
    figure('demo mode: Connect with Strava to the first analysed activity', round(demo.toFirstAnalysisS, 1), 's'),
    figure('server RSS, idle', api.rssIdleBytes, 'bytes'),
    figure('server RSS, under load (max)', api.rssUnderLoadMaxBytes, 'bytes'),
    figure(`backfill of ${backfill.activities}: Strava requests per activity`, backfill.requestsPerActivity, 'count', {
      max: STRAVA_REQUESTS_PER_ACTIVITY_MAX,
    }),
    // A full last page means one more, empty, page to learn that the history ended.
    figure(`backfill of ${backfill.activities}: list pages`, backfill.listPages, 'count', {
      max: Math.floor(backfill.activities / LIST_PAGE_SIZE) + 1,
    }),
    figure(`backfill of ${backfill.activities}: wall time, limits off`, backfill.wallS, 's'),
    figure(`backfill of ${backfill.activities}: rate, limits off`, backfill.activitiesPerS, 'activities/s'),
    figure(`backfill at ${limited.readLimitPerWindow} reads / ${limited.windowS} s: 429 answers`, limited.rateLimited, 'count', { max: 0 }),
    // A job deferred by the limiter between its two requests fetches the detail again when it resumes.
    figure(`backfill at ${limited.readLimitPerWindow} reads / ${limited.windowS} s: requests per activity`, limited.requestsPerActivity, 'count'),
    figure(`archive import of ${archiveImport.activities}: rate`, archiveImport.activitiesPerS, 'activities/s'),
    figure(`p99 latency, GET /api/activities (${activityList.activities} activities)`, activityList.latencyP99Ms, 'ms', {
      max: ACTIVITY_LIST_P99_MS_MAX,
    }),
    figure('throughput, GET /api/activities', Math.round(activityList.requestsPerS), 'req/s'),
    figure('p99 latency, GET /api/fitness?days=90', data.historyReads.fitness90.latencyP99Ms, 'ms', { max: HISTORY_READ_P99_MS_MAX }),
    figure('p99 latency, GET /api/activities?before= (uncached page)', data.historyReads.uncachedPage.latencyP99Ms, 'ms', {
      max: HISTORY_READ_P99_MS_MAX,
    }),
    figure('webhook to analysis stored (median)', data.webhookToAnalysis.medianS, 's'),
    ...metrics.rides.map((ride) => figure(`all metrics incl. full MMP, ${ride.hours} h ride at 1 Hz`, ride.allMetricsMs, 'ms')),
    figure('exact MMP, 4 h ride', metrics.meanMaximalPower4h.fastMs, 'ms', { max: MMP_4H_MS_MAX }),
    figure('exact MMP speed-up over the O(n²) scan, 4 h', metrics.meanMaximalPower4h.speedup, 'ratio'),
    figure(`built-in analysis, max of ${metrics.builtinAnalysis.analyses}`, metrics.builtinAnalysis.maxMs, 'ms', { max: BUILTIN_ANALYSIS_MS_MAX }),
    figure(`plan compliance, ${compliance.weeks}-week plan and ${compliance.activities} activities (p50)`, compliance.p50Ms, 'ms'),
    figure(`plan compliance, ${compliance.weeks}-week plan and ${compliance.activities} activities (p99)`, compliance.p99Ms, 'ms', { max: PLAN_COMPLIANCE_P99_MS_MAX }),
    figure(
      `device corpus import (${fidelity.corpusImport.activities} activities, parse to metrics)`,
      fidelity.corpusImport.activitiesPerS,
      'activities/s',
    ),
    figure('sample cleaning, 4 h ride at 1 Hz', fidelity.cleaning4hMs, 'ms'),
    figure(`readiness of every day of a year (${readiness.wellnessDays} days of wellness), p99`, readiness.yearSeries.p99Ms, 'ms', {
      max: READINESS_YEAR_P99_MS_MAX,
    }),
    figure(
      `device corpus figures within tolerance (of ${fidelity.corpusFiguresChecked})`,
      fidelity.corpusFiguresWithinTolerance,
      'count',
      { min: fidelity.corpusFiguresChecked - KNOWN_CORPUS_DEVIATIONS },
    ),
  ];
}

function summary(
  figuresToShow: Figure[],
  api: { authUser: LoadResult; helloFastify: LoadResult; activityList: LoadResult; fitness90: LoadResult; uncachedPage: LoadResult } | undefined,
  problems: string[],
  resultsFile: string,
): string {
  const loadLine = (name: string, result: LoadResult) =>
    `  ${name.padEnd(20)} ${Math.round(result.requestsPerS).toString().padStart(7)} req/s  ` +
    `p50 ${result.latencyP50Ms} ms  p99 ${result.latencyP99Ms} ms  non-2xx ${result.non2xx}  errors ${result.errors}`;
  const figureLine = (item: Figure) => {
    const target =
      item.min !== undefined ? `target >= ${format(item.min, item.unit)}` : item.max !== undefined ? `target <= ${format(item.max, item.unit)}` : '';
    const verdict = item.pass === null ? '' : item.pass ? 'PASS' : 'FAIL';
    const value = item.value === null ? `null (${item.note ?? 'not measured'})` : format(item.value, item.unit);
    return `  ${item.name.padEnd(54)} ${value.padEnd(10)}  ${target.padEnd(18)} ${verdict}`.trimEnd();
  };
  return [
    `Kairo bench: ${CONNECTIONS} connections, ${DURATION_S} s after ${WARM_UP_S} s warm-up, PostgreSQL, ${cpus().length} CPUs, Node ${process.version}`,
    ...(api
      ? [
          loadLine('GET /api/auth/user', api.authUser),
          loadLine('Fastify hello', api.helloFastify),
          loadLine('GET /api/activities', api.activityList),
          loadLine('GET /api/fitness', api.fitness90),
          loadLine('uncached page', api.uncachedPage),
        ]
      : []),
    ...figuresToShow.map(figureLine),
    ...problems.map((problem) => `  INVALID: ${problem}`),
    `Results: ${relative(process.cwd(), resultsFile)}`,
  ].join('\n');
}

function format(value: number, unit: Figure['unit']): string {
  if (unit === 'ratio' || unit === 'count') return String(value);
  if (unit === 'bytes') return value >= 1e6 ? `${(value / 1e6).toFixed(1)} MB` : `${(value / 1e3).toFixed(1)} kB`;
  return `${value} ${unit}`;
}

function round(value: number, digits: number): number {
  return Number(value.toFixed(digits));
}

/**
 * The parts of a run, by the name BENCH_ONLY takes: `core` is every figure above (API, data paths,
 * web bundle, metrics, fidelity, compliance, demo, readiness); the others stand on their own.
 */
const PARTS = ['core', 'cluster', 'enumeration'] as const;
type PartName = (typeof PARTS)[number];

/** BENCH_ONLY=cluster (comma-separated part names) runs only those parts; unset runs every part. */
function selectedParts(setting: string | undefined): ReadonlySet<PartName> {
  if (!setting?.trim()) return new Set(PARTS);
  const names = setting.split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = names.filter((name) => !(PARTS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`BENCH_ONLY names unknown parts (${unknown.join(', ')}); the parts are ${PARTS.join(', ')}`);
  return new Set(names as PartName[]);
}

interface PartResult {
  figures: Figure[];
  problems: string[];
  /** Written to the JSON report as is. */
  report: Record<string, unknown>;
  api?: Parameters<typeof summary>[1];
}

async function benchCore(): Promise<PartResult> {
  // Built first, while the machine is quiet; a failing web build is reported, not fatal.
  const webJs = measureWebJs(root);
  const metrics = benchMetrics();
  const fidelity = benchFidelity();
  const compliance = benchPlanCompliance();
  const readiness = benchReadiness();
  const api = await benchKairoApi();
  const helloFastify = await benchHelloFastify();
  const activityData = await benchActivityData({ connections: CONNECTIONS, warmUpS: WARM_UP_S, durationS: DURATION_S });
  const demoConnect = await benchDemoConnect();
  const problems = [
    ...loadProblems('GET /api/auth/user', api.authUser),
    ...loadProblems('Fastify hello', helloFastify),
    ...loadProblems('GET /api/activities', activityData.activityList),
    ...loadProblems('GET /api/fitness?days=90', activityData.historyReads.fitness90),
    ...loadProblems('GET /api/activities?before=', activityData.historyReads.uncachedPage),
  ];
  const apiLoads = {
    connections: CONNECTIONS,
    warmUpS: WARM_UP_S,
    durationS: DURATION_S,
    database: 'postgres',
    authUser: api.authUser,
    helloFastify,
    activityList: activityData.activityList,
    fitness90: activityData.historyReads.fitness90,
    uncachedPage: activityData.historyReads.uncachedPage,
  };
  return {
    figures: figures(api, helloFastify, webJs, activityData, metrics, fidelity, compliance, demoConnect, readiness),
    problems,
    api: apiLoads,
    report: {
      demoConnect,
      api: apiLoads,
      backfill: activityData.backfill,
      rateLimitedBackfill: activityData.rateLimitedBackfill,
      archiveImport: activityData.archiveImport,
      rss: { idleBytes: api.rssIdleBytes, underLoadMaxBytes: api.rssUnderLoadMaxBytes },
      webJs,
      metrics,
      readiness,
      fidelity,
      compliance,
      webhookToAnalysis: activityData.webhookToAnalysis,
    },
  };
}

/** Issue 17: 1 vs 3 instances on one PostgreSQL database (bench/cluster.ts, ADR 0053). Reported, no targets. */
async function benchClusterPart(): Promise<PartResult> {
  const cluster: ClusterRun = await benchCluster({ connections: CONNECTIONS, warmUpS: WARM_UP_S, durationS: DURATION_S });
  const figuresOf = cluster.scaleOut.flatMap((scale) => [
    figure(`cluster: throughput, GET ${scale.route}, 1 instance`, Math.round(scale.one.requestsPerS), 'req/s'),
    figure(`cluster: throughput, GET ${scale.route}, ${cluster.instances} instances`, Math.round(scale.three.requestsPerS), 'req/s'),
    figure(`cluster: throughput ratio, GET ${scale.route}, ${cluster.instances} / 1`, scale.ratio, 'ratio'),
    figure(`cluster: p99 latency, GET ${scale.route}, ${cluster.instances} instances`, scale.three.latencyP99Ms, 'ms'),
  ]);
  const { oneInstance, threeAtOnce } = cluster.budget;
  return {
    figures: [
      ...figuresOf,
      figure('cluster: Strava budget reservation, 1 instance (p50)', oneInstance.p50Ms, 'ms'),
      figure('cluster: Strava budget reservation, 1 instance (p99)', oneInstance.p99Ms, 'ms'),
      figure(`cluster: Strava budget reservation, ${cluster.instances} at once (p50)`, threeAtOnce.p50Ms, 'ms'),
      figure(`cluster: Strava budget reservation, ${cluster.instances} at once (p99)`, threeAtOnce.p99Ms, 'ms'),
      figure(`cluster: webhook on one instance to analysis read on another (median)`, cluster.webhookToAnalysis.medianS, 's'),
    ],
    problems: cluster.scaleOut.flatMap((scale) => [
      ...loadProblems(`cluster, GET ${scale.route} on 1 instance`, scale.one),
      ...loadProblems(`cluster, GET ${scale.route} on ${cluster.instances} instances`, scale.three),
    ]),
    report: { cluster },
  };
}

/** Issue 16 item 8: answer times for existing vs unknown addresses (bench/enumeration.ts, ADR 0053). Reported, no targets. */
async function benchEnumerationPart(): Promise<PartResult> {
  const enumeration = await benchEnumeration();
  const { forgotPassword, register } = enumeration;
  const cases = [
    ['forgot-password, existing address', forgotPassword.existing],
    ['forgot-password, unknown address', forgotPassword.unknown],
    ['register, taken address', register.taken],
    ['register, fresh address', register.fresh],
  ] as const;
  return {
    figures: cases.flatMap(([name, timed]) => [figure(`enumeration: ${name} (p50)`, timed.p50Ms, 'ms'), figure(`enumeration: ${name} (max)`, timed.maxMs, 'ms')]),
    problems: cases.flatMap(([name, timed]) => (timed.status.length === 1 ? [] : [`enumeration: ${name} answered with several statuses (${timed.status.join(', ')})`])),
    report: { enumeration },
  };
}

async function main(): Promise<number> {
  const startedAt = new Date();
  const parts = selectedParts(process.env.BENCH_ONLY);
  const results: PartResult[] = [];
  if (parts.has('core')) results.push(await benchCore());
  if (parts.has('cluster')) results.push(await benchClusterPart());
  if (parts.has('enumeration')) results.push(await benchEnumerationPart());
  const problems = results.flatMap((result) => result.problems);
  const allFigures = results.flatMap((result) => result.figures);
  const report = {
    createdAt: startedAt.toISOString(),
    environment: { node: process.version, cpus: cpus().length, cpuModel: cpus()[0]?.model ?? null, platform: process.platform },
    parts: [...parts],
    valid: problems.length === 0,
    problems,
    figures: allFigures,
    ...Object.assign({}, ...results.map((result) => result.report)),
  };
  mkdirSync(resultsDir, { recursive: true });
  const resultsFile = join(resultsDir, `${startedAt.toISOString().replaceAll(':', '-')}.json`);
  const json = JSON.stringify(report, null, 2);
  writeFileSync(resultsFile, `${json}\n`);
  console.log(json);
  const api = results.find((result) => result.api)?.api;
  console.log(`\n${summary(allFigures, api, problems, resultsFile)}`);
  return problems.length === 0 && allFigures.every((item) => item.pass !== false) ? 0 : 1;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
}
