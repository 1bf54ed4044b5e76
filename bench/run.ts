import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { LIST_PAGE_SIZE } from '../src/server/features/strava/jobs.ts';
import { freePort, readRssBytes, sampleMaxRss, startServerProcess } from '../test/support/processes.ts';
import { benchActivityData, type ActivityDataRun } from './activity-data.ts';
import { benchBigImport, type BigImportRun } from './big-import.ts';
import { benchWellnessUpload, type WellnessUploadRun } from './wellness-upload.ts';
import { benchCluster, type ClusterRun } from './cluster.ts';
import { benchEnumeration } from './enumeration.ts';
import { benchDemoConnect, type DemoConnectRun } from './demo-connect.ts';
import { measureWebJs, type WebJs } from './landing-js.ts';
import { loadToolFor, measureLoad, type LoadResult } from './load.ts';
import { hasSharedFixtures, SHARED_FIXTURES_ABSENT } from '../test/support/shared-fixtures.ts';
import { benchFidelity, type FidelityRun } from './fidelity.ts';
import { benchMetrics, type MetricsRun } from './metrics.ts';
import { signUpCookie, withProductionKairo } from './production-kairo.ts';
import { benchPlanAdjustments, type PlanAdjustmentsRun } from './plan-adjustments.ts';
import { benchPlanCompliance, type PlanComplianceRun } from './plan-compliance.ts';
import { benchReadiness, type ReadinessRun } from './readiness.ts';
import { benchDataScale, dataScaleFigures, dataScaleProblems, type DataScaleRun } from './data-scale.ts';
import { benchAskKai } from './ask-kai.ts';
import { benchFitArchive, FIT_ARCHIVE_ENTRIES } from './fit-archive.ts';
import { benchDemoConnectBrowser, DEMO_CONNECT_BROWSER_S_MAX } from './demo-connect-browser.ts';

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
/** Issue 29: from a Strava webhook to the stored analysis on one instance. */
const WEBHOOK_TO_ANALYSIS_MEDIAN_S_MAX = 0.5;
const WEBHOOK_TO_ANALYSIS_P95_S_MAX = 1;
/** Issue 16: the fitness chart and a page past the first, read from a year of history or more. */
const HISTORY_READ_P99_MS_MAX = 50;
/** Issue target: the exact curve of a 4 h ride in 30 ms; the O(n²) scan takes about 200 ms. */
const MMP_4H_MS_MAX = 30;
/** Issue 29: every metric of a 10-hour ride, the exact power-duration curve included. */
const TEN_HOUR_METRICS_MS_MAX = 40;
const BUILTIN_ANALYSIS_MS_MAX = 50;
/** Issue 18: planned vs done of a 24-week plan against a year of activities. */
const PLAN_COMPLIANCE_P99_MS_MAX = 50;
/** Issue 18: readiness over a year of wellness (the sparkline of a year, the adjustments review) within 50 ms at p99. */
const READINESS_YEAR_P99_MS_MAX = 50;
/** Issue 18: Kai's proposals after an activity (a year of activities and wellness, a 24-week plan) within 50 ms at p99. */
const PLAN_ADJUSTMENTS_P99_MS_MAX = 50;
/** Issue 16 item 1: another client's /healthz while a big file is imported (and scored). */
const BIG_IMPORT_HEALTH_P99_MS_MAX = 200;
/** Issue 27: /healthz while three 2 MB wellness CSVs are uploaded at once, and the memory they may take. */
const WELLNESS_UPLOAD_HEALTH_P99_MS_MAX = 200;
const WELLNESS_UPLOAD_RSS_GROWTH_BYTES_MAX = 256 * 1024 * 1024;
/** Issue 28: Ask Kai's built-in answer over a year of activities, and what a model would read of it. */
const ASK_KAI_ANSWER_P99_MS_MAX = 50;
const ASK_KAI_BUNDLE_TOKENS_MAX = 3_000;
/** Issue 29: the archive import's throughput over the bare FIT SDK decode of the same files on as many workers, and its memory. */
const FIT_ARCHIVE_RATIO_MIN = 0.7;
const FIT_ARCHIVE_RSS_BYTES_MAX = 400 * 1024 * 1024;
/** Issue 29: the list and the fitness chart at 100 connections while another athlete's archive import runs. */
const READS_WHILE_IMPORTING_P99_MS_MAX = 50;

interface Figure {
  name: string;
  value: number | null;
  unit: 'ratio' | 'ms' | 'bytes' | 's' | 'count' | 'activities/s' | 'req/s' | 'tokens';
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
  /** The same read, one request after another, with the session's cookie and with a personal access token (ADR 0074). */
  sessionRead: SequentialRead;
  tokenRead: SequentialRead;
}

interface SequentialRead {
  requests: number;
  p50Ms: number;
  p99Ms: number;
}

/**
 * A token may make API_TOKEN_REQUESTS_PER_MINUTE requests a minute, so its read is timed one request
 * after another, below that, beside the same read with the session: the cost of the token lookup.
 */
const SEQUENTIAL_READS = 100;

async function sequentialRead(url: string, headers: Record<string, string>): Promise<SequentialRead> {
  const times: number[] = [];
  for (let index = 0; index < SEQUENTIAL_READS; index++) {
    const startedAt = performance.now();
    const answer = await fetch(url, { headers });
    await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
    times.push(performance.now() - startedAt);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => Number(times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!.toFixed(2));
  return { requests: times.length, p50Ms: at(50), p99Ms: at(99) };
}

/** Kairo as in production, on a fresh PostgreSQL database, loaded with GET /api/auth/user as a signed-in user. */
async function benchKairoApi(): Promise<KairoApiRun> {
  return withProductionKairo('api', async ({ origin, pid }) => {
    const cookie = await signUpCookie(origin, { email: 'bench@example.test', firstName: 'Bench', lastName: 'Mark' });
    await sleep(IDLE_SETTLE_MS);
    const rssIdleBytes = readRssBytes(pid);
    const rss = sampleMaxRss(pid, RSS_SAMPLE_INTERVAL_MS);
    const authUser = await measureLoad({
      url: `${origin}/api/auth/user`,
      headers: { cookie },
      connections: CONNECTIONS,
      warmUpS: WARM_UP_S,
      durationS: DURATION_S,
    });
    const rssUnderLoadMaxBytes = rss.stop();
    const created = await fetch(`${origin}/api/api-tokens`, {
      method: 'POST',
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench', scopes: ['read'] }),
    });
    if (created.status !== 201) throw new Error(`creating a token answered ${created.status}`);
    const { token } = (await created.json()) as { token: string };
    const sessionRead = await sequentialRead(`${origin}/api/activities`, { cookie });
    const tokenRead = await sequentialRead(`${origin}/api/activities`, { authorization: `Bearer ${token}` });
    return { authUser, rssIdleBytes, rssUnderLoadMaxBytes, sessionRead, tokenRead };
  });
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

/** The runs of the parts that ran (BENCH_ONLY); a part left out is null and gives no figures. */
interface Runs {
  api: KairoApiRun | null;
  hello: LoadResult | null;
  web: WebJs | null;
  data: ActivityDataRun | null;
  metrics: MetricsRun | null;
  fidelity: FidelityRun | null;
  compliance: PlanComplianceRun | null;
  demo: DemoConnectRun | null;
  readiness: ReadinessRun | null;
  dataScale: DataScaleRun | null;
}

function figures({ api, hello, web, data, metrics, fidelity, compliance, demo, readiness, dataScale }: Runs): Figure[] {
  const webJs = (name: string, bytes: number | null, max: number) => {
    const item = figure(name, bytes, 'bytes', { max });
    return web?.landing === null ? { ...item, note: web.reason } : item;
  };
  return [
    ...(api && hello
      ? [figure('throughput ratio, GET /api/auth/user / Fastify hello', round(api.authUser.requestsPerS / hello.requestsPerS, 3), 'ratio', { min: THROUGHPUT_RATIO_MIN })]
      : []),
    ...(api ? [figure('p99 latency, GET /api/auth/user', api.authUser.latencyP99Ms, 'ms', { max: AUTH_USER_P99_MS_MAX })] : []),
    ...(api
      ? [
          figure(`GET /api/activities with the session, ${api.sessionRead.requests} one after another (p50)`, api.sessionRead.p50Ms, 'ms'),
          figure('the same with a personal access token (p50)', api.tokenRead.p50Ms, 'ms'),
          figure('token read / session read (p50)', round(api.tokenRead.p50Ms / api.sessionRead.p50Ms, 3), 'ratio'),
          figure('the same with a personal access token (p99)', api.tokenRead.p99Ms, 'ms'),
        ]
      : []),
    ...(web
      ? [
          webJs('landing page JS, brotli', web.landing?.brotliBytes ?? null, LANDING_JS_BYTES_MAX),
          figure('landing page JS, gzip', web.landing?.gzipBytes ?? null, 'bytes'),
          webJs('first signed-in screen JS, brotli', web.signedInHome?.brotliBytes ?? null, SIGNED_IN_HOME_JS_BYTES_MAX),
          figure('first signed-in screen JS, gzip', web.signedInHome?.gzipBytes ?? null, 'bytes'),
        ]
      : []),
    ...(demo ? [figure('demo mode: Connect with Strava to the first analysed activity', round(demo.toFirstAnalysisS, 1), 's')] : []),
    ...(api
      ? [figure('server RSS, idle', api.rssIdleBytes, 'bytes'), figure('server RSS, under load (max)', api.rssUnderLoadMaxBytes, 'bytes')]
      : []),
    ...(data ? activityDataFigures(data) : []),
    ...(metrics
      ? [
          ...metrics.rides.flatMap((ride) => [
            figure(`all metrics incl. full MMP, ${ride.hours} h ride at 1 Hz`, ride.allMetricsMs, 'ms', ride.hours === 10 ? { max: TEN_HOUR_METRICS_MS_MAX } : {}),
            figure(`exact MMP alone, ${ride.hours} h ride`, ride.meanMaximalPowerMs, 'ms'),
            figure(`one bare pass over every sample, ${ride.hours} h ride (the floor)`, ride.singlePassMs, 'ms'),
            figure(`all metrics / the bare pass, ${ride.hours} h ride`, Number((ride.allMetricsMs / ride.singlePassMs).toFixed(1)), 'ratio'),
            figure(`all metrics, ${ride.hours} h ride: JavaScript heap allocated`, ride.allMetricsAllocatedBytes, 'bytes'),
          ]),
          figure('exact MMP, 4 h ride', metrics.meanMaximalPower4h.fastMs, 'ms', { max: MMP_4H_MS_MAX }),
          figure('exact MMP speed-up over the O(n²) scan, 4 h', metrics.meanMaximalPower4h.speedup, 'ratio'),
          figure(`built-in analysis, max of ${metrics.builtinAnalysis.analyses}`, metrics.builtinAnalysis.maxMs, 'ms', { max: BUILTIN_ANALYSIS_MS_MAX }),
        ]
      : []),
    ...(compliance
      ? [
          figure(`plan compliance, ${compliance.weeks}-week plan and ${compliance.activities} activities (p50)`, compliance.p50Ms, 'ms'),
          figure(`plan compliance, ${compliance.weeks}-week plan and ${compliance.activities} activities (p99)`, compliance.p99Ms, 'ms', {
            max: PLAN_COMPLIANCE_P99_MS_MAX,
          }),
        ]
      : []),
    ...(fidelity
      ? [
          figure(
            `device corpus import (${fidelity.corpusImport.activities} activities, parse to metrics)`,
            fidelity.corpusImport.activitiesPerS,
            'activities/s',
          ),
          figure('sample cleaning, 4 h ride at 1 Hz', fidelity.cleaning4hMs, 'ms'),
        ]
      : []),
    ...(readiness
      ? [
          figure(`readiness of every day of a year (${readiness.wellnessDays} days of wellness), p99`, readiness.yearSeries.p99Ms, 'ms', {
            max: READINESS_YEAR_P99_MS_MAX,
          }),
        ]
      : []),
    ...(fidelity
      ? [
          figure(
            `device corpus figures within tolerance (of ${fidelity.corpusFiguresChecked})`,
            fidelity.corpusFiguresWithinTolerance,
            'count',
            // Every figure, as test/unit/device-corpus.test.ts holds it (its list of known deviations is empty).
            { min: fidelity.corpusFiguresChecked },
          ),
        ]
      : []),
    ...(dataScale ? dataScaleFigures(dataScale).map((item) => figure(item.name, item.value, item.unit, 'max' in item ? { max: item.max } : {})) : []),
  ];
}

function activityDataFigures(data: ActivityDataRun): Figure[] {
  const { backfill, rateLimitedBackfill: limited, archiveImport, activityList } = data;
  return [
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
    figure('p99 latency, the same page right after the import (not vacuumed)', data.historyReads.uncachedPageAfterImport.latencyP99Ms, 'ms'),
    figure('webhook to analysis stored (median)', data.webhookToAnalysis.medianS, 's', { max: WEBHOOK_TO_ANALYSIS_MEDIAN_S_MAX }),
    figure('webhook to analysis stored (p95)', data.webhookToAnalysis.p95S, 's', { max: WEBHOOK_TO_ANALYSIS_P95_S_MAX }),
    figure('webhook to analysis: time its jobs waited in the queue (median run)', data.webhookToAnalysis.queueWaitS, 's'),
    ...data.webhookToAnalysis.hops.flatMap((hop) => [
      figure(`webhook to analysis: ${hop.job} waited`, hop.queueWaitS, 's'),
      figure(`webhook to analysis: ${hop.job} ran`, hop.workS, 's'),
    ]),
  ];
}

function planAdjustmentFigures(run: PlanAdjustmentsRun): Figure[] {
  const name = `proposal computation after an activity, ${run.weeks}-week plan, ${run.activities} activities, ${run.wellnessDays} days of wellness`;
  return [figure(`${name} (p50)`, run.p50Ms, 'ms'), figure(`${name} (p99)`, run.p99Ms, 'ms', { max: PLAN_ADJUSTMENTS_P99_MS_MAX })];
}

function bigImportFigures(run: BigImportRun): Figure[] {
  const { issueFile, ironman } = run;
  return [
    figure(`p99 latency, GET /healthz during the ${issueFile.points.toLocaleString('en-GB')}-point .gpx.gz import`, issueFile.healthP99Ms, 'ms', {
      max: BIG_IMPORT_HEALTH_P99_MS_MAX,
    }),
    figure('max latency, GET /healthz during that import', issueFile.healthMaxMs, 'ms'),
    figure('failed GET /healthz during that import', issueFile.healthFailures, 'count', { max: 0 }),
    figure(`that import answered (${issueFile.status})`, issueFile.importS, 's'),
    figure('server RSS during that import (max)', issueFile.rssMaxBytes, 'bytes'),
    figure(`p99 latency, GET /healthz while a ${ironman.points.toLocaleString('en-GB')}-point ride is imported and scored`, ironman.healthP99Ms, 'ms', {
      max: BIG_IMPORT_HEALTH_P99_MS_MAX,
    }),
    figure('max latency, GET /healthz during that import and scoring', ironman.healthMaxMs, 'ms'),
    figure('failed GET /healthz during that import and scoring', ironman.healthFailures, 'count', { max: 0 }),
    figure(`that ride imported (${ironman.status}) and scored`, ironman.scoredS, 's'),
  ];
}

function wellnessUploadFigures(run: WellnessUploadRun): Figure[] {
  const what = `${run.uploads} wellness CSVs of ${(run.fileBytes / 1024 / 1024).toFixed(0)} MB of short lines uploaded at once`;
  return [
    figure(`p99 latency, GET /healthz while ${what}`, run.healthP99Ms, 'ms', { max: WELLNESS_UPLOAD_HEALTH_P99_MS_MAX }),
    figure('max latency, GET /healthz during those uploads', run.healthMaxMs, 'ms'),
    figure('failed GET /healthz during those uploads', run.healthFailures, 'count', { max: 0 }),
    figure(`one round of those uploads (${run.rounds} rounds, answered ${run.statuses.join(', ')}), median`, run.roundMedianS, 's'),
    figure('server RSS growth over idle during those uploads (max)', run.rssGrowthBytes, 'bytes', { max: WELLNESS_UPLOAD_RSS_GROWTH_BYTES_MAX }),
  ];
}

function summary(
  figuresToShow: Figure[],
  api: Partial<Record<'authUser' | 'helloFastify' | 'activityList' | 'fitness90' | 'uncachedPage' | 'uncachedPageAfterImport', LoadResult | null>>,
  problems: string[],
  resultsFile: string,
): string {
  const loadLine = (name: string, result: LoadResult | null | undefined): string[] =>
    !result
      ? []
      : [
          `  ${name.padEnd(20)} ${Math.round(result.requestsPerS).toString().padStart(7)} req/s  ` +
            `p50 ${result.latencyP50Ms} ms  p99 ${result.latencyP99Ms} ms  non-2xx ${result.non2xx}  errors ${result.errors}  (${result.tool})`,
        ];
  const figureLine = (item: Figure) => {
    const target =
      item.min !== undefined ? `target >= ${format(item.min, item.unit)}` : item.max !== undefined ? `target <= ${format(item.max, item.unit)}` : '';
    const verdict = item.pass === null ? '' : item.pass ? 'PASS' : 'FAIL';
    const value = item.value === null ? `null (${item.note ?? 'not measured'})` : format(item.value, item.unit);
    return `  ${item.name.padEnd(54)} ${value.padEnd(10)}  ${target.padEnd(18)} ${verdict}`.trimEnd();
  };
  return [
    `Kairo bench: ${CONNECTIONS} connections, ${DURATION_S} s after ${WARM_UP_S} s warm-up, PostgreSQL, ${cpus().length} CPUs, Node ${process.version}` +
      (benchOnly ? ` (only ${[...benchOnly].join(', ')})` : ''),
    ...loadLine('GET /api/auth/user', api.authUser),
    ...loadLine('Fastify hello', api.helloFastify),
    ...loadLine('GET /api/activities', api.activityList),
    ...loadLine('GET /api/fitness', api.fitness90),
    ...loadLine('uncached page', api.uncachedPage),
    ...loadLine('  (after import)', api.uncachedPageAfterImport),
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
 * BENCH_ONLY=<part,part,…> runs only the parts named (see BENCH_PARTS), e.g.
 * `BENCH_ONLY=data-scale npm run bench`; BENCH_SKIP=<part,…> runs all but those (a quick run:
 * `BENCH_SKIP=data-scale`). Unset, every part runs.
 */
const BENCH_PARTS = ['web-js', 'metrics', 'fidelity', 'compliance', 'readiness', 'plan-adjustments', 'api', 'activity-data', 'demo-connect', 'big-import', 'wellness-upload', 'data-scale', 'cluster', 'enumeration', 'ask-kai', 'fit-archive', 'demo-connect-browser'] as const;
const benchOnly = selectedParts(process.env.BENCH_ONLY, process.env.BENCH_SKIP);

function partNames(variable: string, value: string | undefined): string[] {
  const names = (value ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = names.filter((name) => !(BENCH_PARTS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`${variable} names unknown parts: ${unknown.join(', ')} (parts: ${BENCH_PARTS.join(', ')})`);
  return names;
}

function selectedParts(only: string | undefined, skip: string | undefined): Set<string> | null {
  const named = partNames('BENCH_ONLY', only);
  const skipped = new Set(partNames('BENCH_SKIP', skip));
  if (named.length === 0 && skipped.size === 0) return null;
  return new Set((named.length > 0 ? named : BENCH_PARTS).filter((name) => !skipped.has(name)));
}

async function part<T>(name: (typeof BENCH_PARTS)[number], run: () => T | Promise<T>): Promise<T | null> {
  return benchOnly && !benchOnly.has(name) ? null : run();
}

interface PartResult {
  figures: Figure[];
  problems: string[];
  /** Written to the JSON report as is. */
  report: Record<string, unknown>;
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

/** Issue 28: Ask Kai's built-in answers over a year of activities and the fact bundle's size (bench/ask-kai.ts). */
async function benchAskKaiPart(): Promise<PartResult> {
  const run = await benchAskKai();
  const set = `${run.questions} questions × ${run.rounds}, ${run.activities} activities in a year`;
  const { answer, bundleTokens } = run;
  return {
    figures: [
      figure(`Ask Kai: built-in answer, ${set} (p50)`, answer.p50Ms, 'ms'),
      figure(`Ask Kai: built-in answer, ${set} (p99)`, answer.p99Ms, 'ms', { max: ASK_KAI_ANSWER_P99_MS_MAX }),
      figure(`Ask Kai: fact bundle, largest of ${bundleTokens.bundles}`, bundleTokens.maxTokens, 'tokens', { max: ASK_KAI_BUNDLE_TOKENS_MAX }),
      figure(`Ask Kai: fact bundle, median of ${bundleTokens.bundles}`, bundleTokens.medianTokens, 'tokens'),
    ],
    // The set must be what it says: its questions answered and the two unknown ones not.
    problems: [
      ...run.unanswered.map((text) => `Ask Kai did not answer "${text}"`),
      ...run.answeredUnknown.map((text) => `Ask Kai answered "${text}", which it should not understand`),
    ],
    report: { askKai: run },
  };
}

/** Issue 29: demo mode's Connect with Strava as a visitor sees it, in Chromium (bench/demo-connect-browser.ts). */
async function benchDemoConnectBrowserPart(): Promise<PartResult | null> {
  const run = await benchDemoConnectBrowser();
  if ('skipped' in run) {
    console.log(`bench part demo-connect-browser left out: ${run.skipped}`);
    return null;
  }
  return {
    figures: [
      figure('demo mode in Chromium: Connect with Strava to the success screen', run.toSuccessScreenS, 's'),
      figure("demo mode in Chromium: to Home (2 s after the success screen's page arrived)", run.toHomeS, 's'),
      figure('demo mode in Chromium: to the first activity in the sidebar', run.toFirstActivityS, 's'),
      figure("demo mode in Chromium: Connect with Strava to Kai's analysis on Home", run.toAnalysisOnHomeS, 's', { max: DEMO_CONNECT_BROWSER_S_MAX }),
    ],
    problems: [],
    report: { demoConnectBrowser: run },
  };
}

/** Issue 29: a 1,000-entry archive of real FIT recordings, the import against the bare SDK decode (bench/fit-archive.ts). */
async function benchFitArchivePart(): Promise<PartResult | null> {
  // The recordings are the shared fixtures' (ADR 0061): without them this part is left out, saying so.
  if (!hasSharedFixtures) {
    console.log(`bench part fit-archive ${SHARED_FIXTURES_ABSENT}`);
    return null;
  }
  const run = await benchFitArchive({ connections: CONNECTIONS, warmUpS: WARM_UP_S, durationS: DURATION_S });
  const set = `${run.entries.toLocaleString('en-GB')} real FIT recordings (${run.recordings} distinct), ${run.workers} worker${run.workers === 1 ? '' : 's'}`;
  const { activityList, fitness90, importStillRunning } = run.whileImporting;
  return {
    figures: [
      figure(`FIT archive of ${set}: bare FIT SDK decode`, run.bareDecode.activitiesPerS, 'activities/s'),
      figure('FIT archive: import, from upload until scored', run.pipeline.activitiesPerS, 'activities/s'),
      figure('FIT archive: import over bare decode', run.ratio, 'ratio', { min: FIT_ARCHIVE_RATIO_MIN }),
      figure('FIT archive: import, from upload until the import said done', run.pipeline.importedS, 's'),
      figure('FIT archive: import, from upload until every job it caused had run', run.pipeline.scoredS, 's'),
      figure('FIT archive: server RSS during the import alone (max)', run.rssImportMaxBytes, 'bytes'),
      figure('FIT archive: server RSS during the import and scoring (max)', run.rssMaxBytes, 'bytes', { max: FIT_ARCHIVE_RSS_BYTES_MAX }),
      figure('p99 latency, GET /api/activities while another archive import runs', activityList.latencyP99Ms, 'ms', { max: READS_WHILE_IMPORTING_P99_MS_MAX }),
      figure('p99 latency, GET /api/fitness?days=90 while another archive import runs', fitness90.latencyP99Ms, 'ms', { max: READS_WHILE_IMPORTING_P99_MS_MAX }),
    ],
    problems: [
      ...loadProblems('GET /api/activities while importing', activityList),
      ...loadProblems('GET /api/fitness?days=90 while importing', fitness90),
      ...(importStillRunning ? [] : ['the second archive import ended before the reads beside it did: they were not measured while importing']),
      ...(run.entries === FIT_ARCHIVE_ENTRIES ? [] : [`the FIT archive held ${run.entries} entries, not ${FIT_ARCHIVE_ENTRIES}`]),
    ],
    report: { fitArchive: run },
  };
}

async function main(): Promise<number> {
  const startedAt = new Date();
  // Built first, while the machine is quiet; a failing web build is reported, not fatal.
  const webJs = await part('web-js', () => measureWebJs(root));
  const metrics = await part('metrics', benchMetrics);
  // The device corpus is the shared fixtures' (ADR 0061): without them this part is left out, saying so.
  if (!hasSharedFixtures) console.log(`bench part fidelity ${SHARED_FIXTURES_ABSENT}`);
  const fidelity = hasSharedFixtures ? await part('fidelity', benchFidelity) : null;
  const compliance = await part('compliance', benchPlanCompliance);
  const readiness = await part('readiness', benchReadiness);
  const adjustments = await part('plan-adjustments', benchPlanAdjustments);
  const api = await part('api', benchKairoApi);
  const helloFastify = await part('api', benchHelloFastify);
  const activityData = await part('activity-data', () =>
    benchActivityData({ connections: CONNECTIONS, warmUpS: WARM_UP_S, durationS: DURATION_S }),
  );
  const demoConnect = await part('demo-connect', benchDemoConnect);
  const bigImport = await part('big-import', benchBigImport);
  const wellnessUpload = await part('wellness-upload', benchWellnessUpload);
  const dataScale = await part('data-scale', () => benchDataScale({ connections: CONNECTIONS, warmUpS: WARM_UP_S, durationS: DURATION_S }));
  const standalone = [await part('cluster', benchClusterPart), await part('enumeration', benchEnumerationPart), await part('ask-kai', benchAskKaiPart), await part('fit-archive', benchFitArchivePart), await part('demo-connect-browser', benchDemoConnectBrowserPart)].filter((run) => run !== null && run !== undefined);
  const loads: [string, LoadResult | undefined][] = [
    ['GET /api/auth/user', api?.authUser],
    ['Fastify hello', helloFastify ?? undefined],
    ['GET /api/activities', activityData?.activityList],
    ['GET /api/fitness?days=90', activityData?.historyReads.fitness90],
    ['GET /api/activities?before=', activityData?.historyReads.uncachedPage],
    ['GET /api/activities?before= after import', activityData?.historyReads.uncachedPageAfterImport],
  ];
  const problems = [
    ...loads.flatMap(([name, load]) => (load ? loadProblems(name, load) : [])),
    ...(dataScale ? dataScaleProblems(dataScale) : []),
    ...standalone.flatMap((run) => run.problems),
  ];
  const standaloneReports: Record<string, unknown> = Object.assign({}, ...standalone.map((run) => run.report));
  const report = {
    createdAt: startedAt.toISOString(),
    environment: { node: process.version, cpus: cpus().length, cpuModel: cpus()[0]?.model ?? null, platform: process.platform, loadTool: loadToolFor({ url: '' }) },
    only: benchOnly ? [...benchOnly] : null,
    valid: problems.length === 0,
    problems,
    figures: [
      ...figures({
      api,
      hello: helloFastify,
      web: webJs,
      data: activityData,
      metrics,
      fidelity,
      compliance,
      demo: demoConnect,
      readiness,
      dataScale,
      }),
      ...(adjustments ? planAdjustmentFigures(adjustments) : []),
      ...(bigImport ? bigImportFigures(bigImport) : []),
      ...(wellnessUpload ? wellnessUploadFigures(wellnessUpload) : []),
      ...standalone.flatMap((run) => run.figures),
    ],
    demoConnect,
    api: {
      connections: CONNECTIONS,
      warmUpS: WARM_UP_S,
      durationS: DURATION_S,
      database: 'postgres',
      authUser: api?.authUser ?? null,
      helloFastify,
      activityList: activityData?.activityList ?? null,
      fitness90: activityData?.historyReads.fitness90 ?? null,
      uncachedPage: activityData?.historyReads.uncachedPage ?? null,
      uncachedPageAfterImport: activityData?.historyReads.uncachedPageAfterImport ?? null,
    },
    backfill: activityData?.backfill ?? null,
    rateLimitedBackfill: activityData?.rateLimitedBackfill ?? null,
    archiveImport: activityData?.archiveImport ?? null,
    rss: api && { idleBytes: api.rssIdleBytes, underLoadMaxBytes: api.rssUnderLoadMaxBytes },
    webJs,
    metrics,
    readiness,
    fidelity,
    compliance,
    adjustments,
    webhookToAnalysis: activityData?.webhookToAnalysis ?? null,
    dataScale,
    bigImport,
    wellnessUpload,
    ...standaloneReports,
  };
  mkdirSync(resultsDir, { recursive: true });
  const resultsFile = join(resultsDir, `${startedAt.toISOString().replaceAll(':', '-')}.json`);
  const json = JSON.stringify(report, null, 2);
  writeFileSync(resultsFile, `${json}\n`);
  console.log(json);
  console.log(`\n${summary(report.figures, report.api, problems, resultsFile)}`);
  return report.valid && report.figures.every((item) => item.pass !== false) ? 0 : 1;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
}
