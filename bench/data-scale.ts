import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { computeFitnessSeries, fitnessDayJson } from '../src/metrics/fitness.ts';
import type { Database, DatabaseHandle } from '../src/server/db/client.ts';
import * as schema from '../src/server/db/schema.ts';
import { createActivitiesRepo } from '../src/server/features/activities/repo.ts';
import { createAnalysisRepo } from '../src/server/features/analysis/repo.ts';
import { createMetricsRepo } from '../src/server/features/scoring/repo.ts';
import { createSeasonRepo } from '../src/server/features/season/repo.ts';
import { seasonAnswer } from '../src/shared/api/season.ts';
import { wholeHistorySeries } from '../src/server/features/scoring/fitness-window.ts';
import { createTestDatabase } from '../test/support/databases.ts';
import { startKairoProcess } from '../test/support/kairo-process.ts';
import { measureLoad, type LoadResult } from './load.ts';
import { signInCookie, signUpCookie } from './production-kairo.ts';
import { DAY_MS } from '../src/shared/time.ts';
import { weekOf, weekPageRange } from '../src/web/features/calendar/calendar-range.ts';
import type { NextSession } from '../src/shared/api/analysis.ts';

/**
 * Issue 17's data-scale run: 1,000 athletes with 1,000 activities each (one a day for 1,000 days,
 * with their metrics, a fitness series over the whole span and Kai's analyses of the latest ones;
 * the 50 the load runs sign in have five years of them, issue 30) in one PostgreSQL database,
 * seeded by set-based SQL. Then the reads athletes make most, under
 * load and spread over many of them, and the query plans of the hot queries read with EXPLAIN:
 * none may scan a big table sequentially. The database is dropped afterwards.
 */
const ATHLETES = 1_000;
const ACTIVITIES_PER_ATHLETE = 1_000;
/** Analyses are long rows; the latest activities of each athlete have one, as after a sync. */
const ANALYSED_PER_ATHLETE = 100;
/** The athletes signed in for the load (every sign-in counts against the per-address login limit of 100). */
const LOADED_ATHLETES = 50;
/**
 * The loaded athletes train on: five years of days, one activity each (issue 30: the all-time
 * curve and the calendar of an athlete with five years of activities), the others' 1,000 days.
 */
const LOADED_ATHLETE_DAYS = 1_826;
const LIST_PAGE = 50;
/** The tables no hot query may read sequentially. */
const BIG_TABLES = ['activities', 'activity_metrics', 'fitness_days', 'analyses'];

export const DATA_SCALE_LIST_P99_MS_MAX = 25;
export const DATA_SCALE_FITNESS_P99_MS_MAX = 50;
export const DATA_SCALE_PAGE_P99_MS_MAX = 50;
/** Issue 30: a year of calendar weeks (the week view's pages), and all-time year totals, at 100 connections. */
export const DATA_SCALE_CALENDAR_P99_MS_MAX = 50;
/** Issue 30: the season's all-time power curve (GET /api/season), the answer kept per athlete, at 100 connections. */
export const DATA_SCALE_SEASON_P99_MS_MAX = 50;
/**
 * The week view's pages that show the last year of weeks: page 0 (four weeks back to eight ahead)
 * and the four before it, as the athlete scrolls back (calendar-range.ts).
 */
const YEAR_OF_WEEK_PAGES = [0, -1, -2, -3, -4];
/**
 * Seven pages further back, each athlete asking for them in turn: one more than the calendar keeps
 * per athlete, so the least recently read, the next one asked, is never kept.
 */
const UNCACHED_WEEK_PAGES = [-5, -6, -7, -8, -9, -10, -11];
/** What Chromium and Firefox send. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
/** The time zones an athlete switches between in the season's uncached run: the same all-time range, another key each request. */
const UNCACHED_SEASON_ZONES = ['UTC', 'Europe/Ljubljana', 'America/New_York'];
/** Entries of the grid curve seeded on the loaded athletes' rides (POWER_CURVE_GRID_S up to 2 h). */
const SEEDED_CURVE_ENTRIES = 41;
/** The chart windows an athlete switches between in the uncached run: three, so that with 50 athletes in turn each one's next request asks for another window. */
const UNCACHED_CHART_WINDOWS = [89, 90, 91];

export interface QueryPlanCheck {
  name: string;
  sql: string;
  /** Every scan node of the plan: its type, relation and index. */
  scans: { nodeType: string; relation: string | null; index: string | null }[];
  /** Relations among BIG_TABLES the plan reads with a Seq Scan. */
  seqScans: string[];
  planningMs: number;
  executionMs: number;
  /** Shared buffers the statement found in PostgreSQL's cache and read from the operating system (EXPLAIN BUFFERS). */
  sharedHitBlocks: number;
  sharedReadBlocks: number;
}

/** Figures of the fitness chart apart from the load runs. */
export interface FitnessReads {
  /** Each signed-in athlete's first GET /api/fitness?days=90 (nothing kept yet), one at a time: milliseconds, median and slowest. */
  firstReadP50Ms: number;
  firstReadMaxMs: number;
  /** Index scans of fitness_days while the uncached run ran (two per database read of a chart). */
  uncachedIndexScans: number;
  uncachedSeqScans: number;
  /** True when the product's own rewrite of a seeded athlete's series left it exactly as seeded. */
  seededSeriesAsProductStores: boolean;
}

export interface DataScaleRun {
  /** What the server logged at warn level or above over the run, each message once with its count: a non-2xx answer's reason. */
  serverLog: string[];
  athletes: number;
  activitiesPerAthlete: number;
  rows: { accounts: number; activities: number; activityMetrics: number; fitnessDays: number; analyses: number };
  /** Wall time of the set-based seeding (inserts and ANALYZE), migrations not included. */
  seedS: number;
  /** The seeding's steps: each table's INSERT … SELECT, building the secondary indexes, ANALYZE. */
  seedStepsS: Record<string, number>;
  loadedAthletes: number;
  /** The loaded athletes' days of training, one activity a day (the others': activitiesPerAthlete). */
  loadedAthleteDays: number;
  /** GET /api/activities (first page), the requests spread over LOADED_ATHLETES accounts. */
  activityList: LoadResult;
  /** GET /api/activities?before=… (a page of half a year ago, no cache holds it). */
  uncachedPage: LoadResult;
  /** GET /api/fitness?days=90. */
  fitness90: LoadResult;
  /**
   * GET /api/fitness?days=89|90|91, each athlete's requests changing window, so the kept chart never
   * answers: a database read, shared only by requests for the same athlete and window that come together.
   */
  fitnessUncached: LoadResult;
  /**
   * Issue 30: a year of the calendar's weeks as the week view asks for it: GET /api/calendar of its
   * five 12-week pages (each day's activities and plan, each week's totals), each athlete's pages
   * in turn, after each athlete's first read of them.
   */
  calendarWeekPages: LoadResult;
  /** The same pages asked as a browser asks (Accept-Encoding: brotli, gzip). */
  calendarWeekPagesBrowser: LoadResult;
  /** Each athlete's first read of each of the five pages, one at a time, nothing kept: milliseconds. */
  calendarPageFirstReads: { p50Ms: number; maxMs: number };
  /** GET /api/calendar over the last 364 days in one request (no screen asks for it so), after each athlete's first read. */
  calendarYear: LoadResult;
  /** The same year asked as a browser asks (Accept-Encoding: brotli, gzip): the kept answer's compressed bytes. */
  calendarYearBrowser: LoadResult;
  /** Pages of weeks with the kept answer never answering (seven pages each athlete asks for in turn): the day plan decides 84 days each time. */
  calendarPagesUncached: LoadResult;
  /** Each athlete's first year of the calendar, one at a time, nothing kept: milliseconds. */
  calendarFirstReads: { p50Ms: number; maxMs: number };
  /** Issue 30: GET /api/calendar/totals?period=year over every year the athletes trained (all time), after each athlete's first read. */
  calendarTotalsAllTime: LoadResult;
  /** Each athlete's first all-time totals, one at a time, nothing kept: milliseconds. */
  calendarTotalsFirstReads: { p50Ms: number; maxMs: number };
  /** Issue 30: GET /api/season (all time: the best of every ride's stored curve, with the timeline), kept per athlete. */
  seasonAllTime: LoadResult;
  /** The same all-time season with each athlete's requests changing time zone, so the kept answer never answers: a database read each. */
  seasonUncached: LoadResult;
  /** Each athlete's all-time season read once, one at a time, nothing kept: milliseconds (the aggregate over every ride's curve). */
  seasonFirstReads: { p50Ms: number; maxMs: number };
  fitnessReads: FitnessReads;
  /** The 1-minute load average when the load runs started and ended (the machine is shared). */
  loadAverage: { start: number; end: number };
  plans: QueryPlanCheck[];
  /** True when no hot query plan reads a big table sequentially. */
  plansIndexed: boolean;
}

export async function benchDataScale(load: { connections: number; warmUpS: number; durationS: number }): Promise<DataScaleRun> {
  const database = await createTestDatabase('postgres');
  const dataDir = mkdtempSync(join(tmpdir(), 'kairo-bench-scale-'));
  try {
    const kairo = await startKairoProcess({ dataDir, databaseUrl: database.url! });
    try {
      const first = await signUpCookie(kairo.url, { email: athleteEmail(1), firstName: 'Athlete', lastName: '1' });
      const seedStarted = performance.now();
      const seedStepsS = await seed(database.url!);
      const curvesStarted = performance.now();
      await seedPowerCurves(database.url!);
      seedStepsS['power curves of the loaded athletes'] = Number(((performance.now() - curvesStarted) / 1000).toFixed(1));
      const seedS = Number(((performance.now() - seedStarted) / 1000).toFixed(1));
      const query = database.handle.query.bind(database.handle);
      const rows = await countRows(query);
      const seededSeriesAsProductStores = await seededSeriesMatchesProduct(database.url!);

      const cookies = [first];
      for (let n = 2; n <= LOADED_ATHLETES; n++) cookies.push(await signInCookie(kairo.url, athleteEmail(n)));
      const rotateHeaders = cookies.map((cookie) => ({ cookie }));
      const firstReads = await firstFitnessReads(kairo.url, cookies);
      const loadStart = Number(loadavg()[0]!.toFixed(2));
      const before = new Date(Date.now() - 180 * DAY_MS).toISOString();
      const activityList = await measureLoad({ url: `${kairo.url}/api/activities?limit=${LIST_PAGE}`, rotateHeaders, ...load });
      const uncachedPage = await measureLoad({
        url: `${kairo.url}/api/activities?limit=${LIST_PAGE}&before=${encodeURIComponent(before)}`,
        rotateHeaders,
        ...load,
      });
      const fitness90 = await measureLoad({ url: `${kairo.url}/api/fitness?days=90`, rotateHeaders, ...load });
      const scansBefore = await fitnessDaysScans(query);
      const fitnessUncached = await measureLoad({
        url: `${kairo.url}/api/fitness?days=90`,
        rotateHeaders,
        rotatePaths: UNCACHED_CHART_WINDOWS.map((days) => `/api/fitness?days=${days}`),
        ...load,
      });
      const scansAfter = await fitnessDaysScans(query);
      // Issue 30's season before the calendar's runs, so a backlog a slow calendar run leaves cannot spill into it.
      // Each athlete's season read once first, as an athlete opens it, so the load run measures the reads that follow.
      const seasonFirstReads = await firstReadsOf(kairo.url, cookies, '/api/season?tz=UTC', isSeededSeason);
      const seasonAllTime = await measureLoad({ url: `${kairo.url}/api/season?tz=UTC`, rotateHeaders, ...load });
      const seasonUncached = await measureLoad({
        url: `${kairo.url}/api/season?tz=UTC`,
        rotateHeaders,
        rotatePaths: UNCACHED_SEASON_ZONES.map((tz) => `/api/season?tz=${encodeURIComponent(tz)}`),
        ...load,
      });
      // The never-kept season leaves a backlog of all-time aggregates: the first reads below wait for none of it.
      await settled(kairo.url, cookies[0]!);
      const today = new Date().toISOString().slice(0, 10);
      const yearAgo = new Date(Date.now() - 363 * DAY_MS).toISOString().slice(0, 10);
      const firstYear = new Date(Date.now() - (LOADED_ATHLETE_DAYS + 1) * DAY_MS).toISOString().slice(0, 10);
      const yearPath = `/api/calendar?from=${yearAgo}&to=${today}`;
      // The week view's pages over the last year, as the browser asks for them (the seeded athletes' weeks start on Monday, the default).
      const anchor = weekOf(today, 'monday');
      const pagePaths = weekPagePaths(anchor, today, YEAR_OF_WEEK_PAGES);
      const calendarPageFirstReads = await firstReadsOfEach(kairo.url, cookies, pagePaths, (body) => (body as { days?: unknown[] }).days?.length === 84);
      const calendarWeekPages = await measureLoad({ url: `${kairo.url}${pagePaths[0]}`, rotateHeaders, rotatePaths: pagePaths, ...load });
      const calendarWeekPagesBrowser = await measureLoad({
        url: `${kairo.url}${pagePaths[0]}`,
        rotateHeaders: cookies.map((cookie) => ({ cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING })),
        rotatePaths: pagePaths,
        ...load,
      });
      // Each athlete's year read once first, as an athlete opens it, so the load run measures the reads that follow.
      const calendarFirstReads = await firstReadsOf(kairo.url, cookies, yearPath, (body) => (body as { days?: unknown[] }).days?.length === 364);
      const calendarYear = await measureLoad({ url: `${kairo.url}${yearPath}`, rotateHeaders, ...load });
      // As a browser asks: compressed answers accepted (a kept answer is compressed once).
      const calendarYearBrowser = await measureLoad({
        url: `${kairo.url}${yearPath}`,
        rotateHeaders: cookies.map((cookie) => ({ cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING })),
        ...load,
      });
      // Pages further back, seven in turn per athlete: one more than is kept per athlete, so nothing kept answers.
      const uncachedPagePaths = weekPagePaths(anchor, today, UNCACHED_WEEK_PAGES);
      const calendarPagesUncached = await measureLoad({ url: `${kairo.url}${uncachedPagePaths[0]}`, rotateHeaders, rotatePaths: uncachedPagePaths, ...load });
      const totalsPath = `/api/calendar/totals?period=year&from=${firstYear}&to=${today}`;
      // Each athlete's all-time totals read once first, as an athlete opens the year view, after the backlog of the pages never kept.
      await settled(kairo.url, cookies[0]!);
      const calendarTotalsFirstReads = await firstReadsOf(kairo.url, cookies, totalsPath, (body) => ((body as { periods?: unknown[] }).periods?.length ?? 0) >= 6);
      const calendarTotalsAllTime = await measureLoad({ url: `${kairo.url}${totalsPath}`, rotateHeaders, ...load });
      const loadEnd = Number(loadavg()[0]!.toFixed(2));
      const plans = await checkPlans(database.url!, before);
      return {
        athletes: ATHLETES,
        activitiesPerAthlete: ACTIVITIES_PER_ATHLETE,
        rows,
        seedS,
        seedStepsS,
        loadedAthletes: LOADED_ATHLETES,
        loadedAthleteDays: LOADED_ATHLETE_DAYS,
        activityList,
        uncachedPage,
        fitness90,
        fitnessUncached,
        calendarWeekPages,
        calendarWeekPagesBrowser,
        calendarPageFirstReads,
        calendarYear,
        calendarYearBrowser,
        calendarPagesUncached,
        calendarFirstReads,
        calendarTotalsAllTime,
        calendarTotalsFirstReads,
        seasonAllTime,
        seasonUncached,
        seasonFirstReads,
        fitnessReads: {
          firstReadP50Ms: firstReads.p50Ms,
          firstReadMaxMs: firstReads.maxMs,
          uncachedIndexScans: scansAfter.indexScans - scansBefore.indexScans,
          uncachedSeqScans: scansAfter.seqScans - scansBefore.seqScans,
          seededSeriesAsProductStores,
        },
        loadAverage: { start: loadStart, end: loadEnd },
        plans,
        plansIndexed: plans.every((plan) => plan.seqScans.length === 0),
        serverLog: distinctWarnings(kairo.output()),
      };
    } finally {
      await kairo.stop();
    }
  } finally {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The median and the slowest of first reads made one at a time, as two figures. */
const firstReadFigures = (what: string, reads: { p50Ms: number; maxMs: number }) => [
  { name: `data scale: ${what}, one at a time, median`, value: reads.p50Ms, unit: 'ms' as const },
  { name: `data scale: ${what}, one at a time, slowest`, value: reads.maxMs, unit: 'ms' as const },
];

export function dataScaleFigures(run: DataScaleRun) {
  const at = `${run.athletes} athletes × ${run.activitiesPerAthlete} activities`;
  return [
    { name: `data scale: seeding ${at}`, value: run.seedS, unit: 's' as const },
    { name: 'data scale: 1-minute load average, load runs start', value: run.loadAverage.start, unit: 'ratio' as const },
    { name: 'data scale: 1-minute load average, load runs end', value: run.loadAverage.end, unit: 'ratio' as const },
    { name: `data scale: p99, GET /api/activities (${at})`, value: run.activityList.latencyP99Ms, unit: 'ms' as const, max: DATA_SCALE_LIST_P99_MS_MAX },
    { name: 'data scale: p99, GET /api/activities?before=', value: run.uncachedPage.latencyP99Ms, unit: 'ms' as const, max: DATA_SCALE_PAGE_P99_MS_MAX },
    { name: 'data scale: p99, GET /api/fitness?days=90', value: run.fitness90.latencyP99Ms, unit: 'ms' as const, max: DATA_SCALE_FITNESS_P99_MS_MAX },
    {
      name: 'data scale: p99, GET /api/fitness, never the kept chart',
      value: run.fitnessUncached.latencyP99Ms,
      unit: 'ms' as const,
      max: DATA_SCALE_FITNESS_P99_MS_MAX,
    },
    {
      name: "data scale: p99, GET /api/calendar (a year of weeks: the week view's five pages)",
      value: run.calendarWeekPages.latencyP99Ms,
      unit: 'ms' as const,
      max: DATA_SCALE_CALENDAR_P99_MS_MAX,
    },
    { name: 'data scale: p99, GET /api/calendar (the five pages), as a browser asks (compressed)', value: run.calendarWeekPagesBrowser.latencyP99Ms, unit: 'ms' as const },
    ...firstReadFigures("an athlete's first read of a page of weeks", run.calendarPageFirstReads),
    { name: 'data scale: p99, GET /api/calendar (364 days in one request)', value: run.calendarYear.latencyP99Ms, unit: 'ms' as const },
    { name: 'data scale: p99, GET /api/calendar (364 days), as a browser asks (compressed)', value: run.calendarYearBrowser.latencyP99Ms, unit: 'ms' as const },
    { name: 'data scale: p99, GET /api/calendar (a page of weeks), never the kept answer', value: run.calendarPagesUncached.latencyP99Ms, unit: 'ms' as const },
    ...firstReadFigures("an athlete's first year of the calendar", run.calendarFirstReads),
    {
      name: 'data scale: p99, GET /api/calendar/totals?period=year (all time)',
      value: run.calendarTotalsAllTime.latencyP99Ms,
      unit: 'ms' as const,
      max: DATA_SCALE_CALENDAR_P99_MS_MAX,
    },
    ...firstReadFigures("an athlete's first all-time year totals", run.calendarTotalsFirstReads),
    { name: 'data scale: p99, GET /api/season (all-time power curve of 5 years, kept)', value: run.seasonAllTime.latencyP99Ms, unit: 'ms' as const, max: DATA_SCALE_SEASON_P99_MS_MAX },
    { name: 'data scale: p99, GET /api/season (all time, never the kept answer)', value: run.seasonUncached.latencyP99Ms, unit: 'ms' as const },
    ...firstReadFigures("an athlete's first all-time season", run.seasonFirstReads),
    { name: "data scale: an athlete's first chart, one at a time, median", value: run.fitnessReads.firstReadP50Ms, unit: 'ms' as const },
    { name: "data scale: an athlete's first chart, one at a time, slowest", value: run.fitnessReads.firstReadMaxMs, unit: 'ms' as const },
    {
      name: 'data scale: fitness_days index scans in the uncached run',
      value: run.fitnessReads.uncachedIndexScans,
      unit: 'count' as const,
    },
    { name: 'data scale: fitness_days sequential scans in the uncached run', value: run.fitnessReads.uncachedSeqScans, unit: 'count' as const, max: 0 },
    {
      name: "data scale: seeded fitness series unlike the product's rewrite",
      value: run.fitnessReads.seededSeriesAsProductStores ? 0 : 1,
      unit: 'count' as const,
      max: 0,
    },
    {
      name: `data scale: hot query plans with a Seq Scan on ${BIG_TABLES.join('/')}`,
      value: run.plans.filter((plan) => plan.seqScans.length > 0).length,
      unit: 'count' as const,
      max: 0,
    },
  ];
}

export function dataScaleProblems(run: DataScaleRun): string[] {
  return [
    ...(run.fitnessReads.seededSeriesAsProductStores ? [] : ["data scale: the seeded fitness series is not what the product's rewrite stores"]),
    ...(run.fitnessReads.uncachedSeqScans > 0 ? [`data scale: fitness_days was read sequentially ${run.fitnessReads.uncachedSeqScans} times under load`] : []),
    ...[
      ['data scale GET /api/activities', run.activityList],
      ['data scale GET /api/activities?before=', run.uncachedPage],
      ['data scale GET /api/fitness?days=90', run.fitness90],
      ['data scale GET /api/fitness (uncached)', run.fitnessUncached],
      ['data scale GET /api/calendar (the week pages of a year)', run.calendarWeekPages],
      ['data scale GET /api/calendar (the week pages, as a browser asks)', run.calendarWeekPagesBrowser],
      ['data scale GET /api/calendar (a year)', run.calendarYear],
      ['data scale GET /api/calendar (a year, as a browser asks)', run.calendarYearBrowser],
      ['data scale GET /api/calendar (a page, uncached)', run.calendarPagesUncached],
      ['data scale GET /api/calendar/totals (all time)', run.calendarTotalsAllTime],
      ['data scale GET /api/season (all time)', run.seasonAllTime],
      ['data scale GET /api/season (uncached)', run.seasonUncached],
    ].flatMap(([name, result]) => {
    const { non2xx, errors } = result as LoadResult;
    return [
      ...(non2xx > 0 ? [`${name as string} answered ${non2xx} non-2xx responses (the server logged: ${run.serverLog.join('; ') || 'nothing'})`] : []),
      ...(errors > 0 ? [`${name as string} had ${errors} connection errors or timeouts`] : []),
    ];
    }),
  ];
}

const athleteEmail = (n: number) => `athlete${n}@bench.example`;

/** GET /api/calendar of the week view's pages around the anchor week, as the browser asks for them (calendar-range.ts). */
const weekPagePaths = (anchor: string, today: string, pages: readonly number[]) =>
  pages.map((page) => weekPageRange(anchor, page)).map(({ from, to }) => `/api/calendar?from=${from}&to=${to}&today=${today}`);

/** The server's log lines at warn level or above (pino JSON), each message once with how often it came. */
function distinctWarnings(output: string): string[] {
  const counts = new Map<string, number>();
  for (const line of output.split('\n')) {
    let entry: { level?: number; msg?: string; err?: { message?: string } };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue;
    }
    if ((entry.level ?? 0) < 40) continue;
    const text = `${entry.msg ?? ''}${entry.err?.message ? ` (${entry.err.message})` : ''}`;
    counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  return [...counts].map(([text, n]) => `${n}× ${text}`);
}

type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** Each athlete's first read of `path`, one at a time (nothing kept yet), each answer checked: the median and the slowest. */
function firstReadsOf(origin: string, cookies: string[], path: string, check: (body: unknown) => boolean): Promise<{ p50Ms: number; maxMs: number }> {
  return firstReadsOfEach(origin, cookies, [path], check);
}

/** Each athlete's first read of each path (the paths one after another), one request at a time: the median and slowest of them all. */
async function firstReadsOfEach(origin: string, cookies: string[], paths: string[], check: (body: unknown) => boolean): Promise<{ p50Ms: number; maxMs: number }> {
  const times: number[] = [];
  for (const path of paths) {
    for (const cookie of cookies) {
      const startedAt = performance.now();
      const response = await fetch(`${origin}${path}`, { headers: { cookie } });
      const body: unknown = await response.json();
      if (response.status !== 200 || !check(body)) throw new Error(`GET ${path} answered ${response.status}: ${JSON.stringify(body).slice(0, 200)}`);
      times.push(performance.now() - startedAt);
    }
  }
  times.sort((a, b) => a - b);
  return { p50Ms: Number(times[times.length >> 1]!.toFixed(1)), maxMs: Number(times.at(-1)!.toFixed(1)) };
}

/** Each athlete's first chart, one request at a time: nothing is kept for them yet, so each is a database read. */
const firstFitnessReads = (origin: string, cookies: string[]) =>
  firstReadsOf(origin, cookies, '/api/fitness?days=90', (body) => Array.isArray(body) && body.length === 90);

/**
 * Waits until the server answers a cheap read at once (three in a row within 20 ms, at most 60 s):
 * what a load run left queued (the aggregates of answers never kept) is done with before the next
 * step measures single requests.
 */
async function settled(origin: string, cookie: string): Promise<void> {
  const deadline = performance.now() + 60_000;
  let quick = 0;
  while (quick < 3 && performance.now() < deadline) {
    const startedAt = performance.now();
    await (await fetch(`${origin}/api/auth/user`, { headers: { cookie } })).arrayBuffer();
    quick = performance.now() - startedAt < 20 ? quick + 1 : 0;
    if (quick < 3) await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A season answer whose curve holds every seeded entry, over five years of rides (two days in three: 1,217). */
function isSeededSeason(json: unknown): boolean {
  const body = seasonAnswer.parse(json);
  return body.power.watts.length === SEEDED_CURVE_ENTRIES && body.power.activityCount >= LOADED_ATHLETE_DAYS / 2;
}

/**
 * The loaded athletes' rides get a stored grid curve (the product stores one with each activity's
 * metrics; the seed leaves them empty): a falling curve to 2 h, a little different per ride.
 */
async function seedPowerCurves(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const emails = Array.from({ length: LOADED_ATHLETES }, (_, index) => athleteEmail(index + 1));
    await client.query(
      `update activity_metrics m
          set power_curve_w = (select array_agg(round((180 + 900 * exp(-k / 8.0) + (abs(hashtext(m.activity_id::text)) % 60))::numeric, 1)::float8 order by k)
                                 from generate_series(0, $2::int - 1) k)
         from accounts a
        where a.id = m.user_id and a.email = any($1) and m.best_20min_power_w is not null`,
      [emails, SEEDED_CURVE_ENTRIES],
    );
    await client.query('analyze activity_metrics');
  } finally {
    await client.end();
  }
}

/** How often fitness_days has been scanned, by index and sequentially (PostgreSQL's statistics, flushed first). */
async function fitnessDaysScans(query: DatabaseHandle['query']): Promise<{ indexScans: number; seqScans: number }> {
  // Backends send their counts at most once a second; wait for that, then read a fresh snapshot.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  await query(`select pg_stat_clear_snapshot()`);
  const [row] = await query<{ indexScans: number; seqScans: number }>(
    `select coalesce(idx_scan, 0)::int as "indexScans", seq_scan::int as "seqScans" from pg_stat_user_tables where relname = 'fitness_days'`,
  );
  return row!;
}

/**
 * The seeded series must be what the product stores: a seeded athlete's series is rewritten by the
 * product's own rewrite (the metrics jobs' `refreshFitness`: the loads of its activities, per UTC
 * day, through the same computation) and compared row for row with what the seed wrote.
 */
async function seededSeriesMatchesProduct(url: string): Promise<boolean> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const [athlete] = (await pool.query<{ id: string }>(`select id from accounts where email = $1`, [athleteEmail(ATHLETES)])).rows;
    if (!athlete) throw new Error('no seeded athlete');
    const stored = async () =>
      (await pool.query(`select date::text as date, load, ctl, atl, tsb, item from fitness_days where user_id = $1 order by date`, [athlete.id])).rows;
    const seeded = await stored();
    const db = drizzle({ client: pool, schema }) as unknown as Database;
    await createMetricsRepo(db).rewriteFitness(athlete.id, wholeHistorySeries);
    const rewritten = await stored();
    return seeded.length === ACTIVITIES_PER_ATHLETE && JSON.stringify(seeded) === JSON.stringify(rewritten);
  } finally {
    await pool.end();
  }
}

/** A ride or a run a day, its load a function of the day alone, so every athlete's fitness series is the same one. */
const loadOfDay = (day: number) => 30 + ((day * 37) % 70);

/**
 * The accounts (sharing the registered athlete's password hash, so any of them can sign in), their
 * activities, metrics, fitness series and analyses, each one INSERT … SELECT over generate_series,
 * on one connection. Rows made consistent by construction need no foreign-key triggers, and an
 * index built once over the rows is several times faster than a million inserts into it: the
 * secondary indexes of the seeded tables are dropped first and created again, from their own
 * definitions, afterwards.
 */
export async function seed(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const stepsS: Record<string, number> = {};
  const timed = async (step: string, run: () => Promise<unknown>) => {
    const startedAt = performance.now();
    await run();
    stepsS[step] = Number(((performance.now() - startedAt) / 1000).toFixed(1));
  };
  try {
    await client.query(`set session_replication_role = replica`);
    await client.query(`set maintenance_work_mem = '256MB'`);
    await client.query(`set synchronous_commit = off`);
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `select i.indexname as name, i.indexdef as definition
         from pg_indexes i
        where i.schemaname = 'public' and i.tablename = any($1)
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      [SEEDED_TABLES],
    );
    for (const index of indexes) await client.query(`drop index "${index.name}"`);
    await insertRows(async (text, params) => (await client.query(text, params)).rows, timed);
    await timed('secondary indexes', async () => {
      for (const index of indexes) await client.query(index.definition);
    });
    await client.query(`set session_replication_role = origin`);
    await timed('analyze', () => client.query('analyze'));
    return stepsS;
  } finally {
    await client.end();
  }
}

const SEEDED_TABLES = ['accounts', 'activities', 'activity_metrics', 'fitness_days', 'analyses'];

async function insertRows(query: Query, timed: (step: string, run: () => Promise<unknown>) => Promise<void>): Promise<void> {
  /** Today's UTC midnight: day d is d days before it. */
  const today = Date.parse(new Date().toISOString().slice(0, 10));
  const todayIso = new Date(today).toISOString();
  const [registered] = await query(`select hashed_password as hashed from accounts where email = $1`, [athleteEmail(1)]);
  if (!registered) throw new Error('the registered athlete is missing');
  await timed('accounts', () => query(
    `insert into accounts (email, hashed_password, first_name, last_name)
     select 'athlete' || n || '@bench.example', $1, 'Athlete', n::text from generate_series(2, $2::int) n`,
    [registered.hashed, ATHLETES],
  ));
  const loadedEmails = Array.from({ length: LOADED_ATHLETES }, (_, index) => athleteEmail(index + 1));
  // Day d (1 … 1000, the loaded athletes' 1 … 1826) is d days before today, the activity at 06:00 UTC plus up to four hours.
  await timed('activities', () => query(
    `insert into activities (user_id, source, source_key, name, type, sport_type, distance, moving_time, elapsed_time,
                             total_elevation_gain, start_date, average_heartrate, max_heartrate, average_watts, device_watts, trainer)
     select a.id, 'file', 'bench-' || d,
            case when d % 3 = 1 then 'Easy run' else 'Endurance ride' end,
            case when d % 3 = 1 then 'Run' else 'Ride' end,
            case when d % 3 = 1 then 'Run' else 'Ride' end,
            case when d % 3 = 1 then 10000 + d % 5000 else 40000 + d % 30000 end,
            3600 + d % 3600, 3700 + d % 3600, d % 800,
            $2::timestamptz - make_interval(days => d) + make_interval(hours => 6, mins => (hashtext(a.id::text) & 255)),
            130 + d % 30, 170 + d % 20,
            case when d % 3 = 1 then null else 180 + d % 80 end,
            d % 3 <> 1, d % 7 = 0
       from accounts a cross join lateral generate_series(1, case when a.email = any($3::text[]) then $4::int else $1::int end) d`,
    [ACTIVITIES_PER_ATHLETE, todayIso, loadedEmails, LOADED_ATHLETE_DAYS],
  ));
  await timed('activity_metrics', () => query(
    `insert into activity_metrics (activity_id, user_id, metrics, training_load, training_load_method, best_20min_power_w,
                                   max_heartrate_bpm, power_curve_w, ftp_w, ftp_source)
     select id, user_id,
            jsonb_build_object('trainingLoad', ${loadSql}, 'trainingLoadMethod', 'tss', 'averageHeartrateBpm', average_heartrate,
                               'maxHeartrateBpm', max_heartrate, 'ftpW', 250, 'ftpSource', 'estimate'),
            ${loadSql}, 'tss', average_watts * 1.05, max_heartrate, '{}', 250, 'estimate'
       from activities`,
    [todayIso],
  ));
  // Every athlete's series is the same (the same load on the same day) over as many days as they
  // trained: computed once per length, as the metrics jobs do, and stored for each account in one
  // run of rows, as the jobs' rewrite leaves it.
  const seriesOf = (days: number) => {
    const loads = Array.from({ length: days }, (_, index) => {
      const day = index + 1;
      return { date: new Date(today - day * DAY_MS).toISOString().slice(0, 10), load: loadOfDay(day) };
    });
    return computeFitnessSeries(loads, loads.at(-1)!.date, loads[0]!.date);
  };
  for (const [days, loaded] of [[ACTIVITIES_PER_ATHLETE, false], [LOADED_ATHLETE_DAYS, true]] as const) {
    const series = seriesOf(days);
    await timed(loaded ? 'fitness_days of the loaded athletes' : 'fitness_days', () => query(
      `insert into fitness_days (user_id, date, load, ctl, atl, tsb, item)
       select a.id, s.date, s.load, s.ctl, s.atl, s.tsb, s.item
         from accounts a cross join unnest($1::date[], $2::float8[], $3::float8[], $4::float8[], $5::float8[], $6::text[]) as s(date, load, ctl, atl, tsb, item)
        where (a.email = any($7::text[])) = $8
        order by a.id, s.date`,
      [
        series.map((day) => day.date),
        series.map((day) => day.load),
        series.map((day) => day.ctl),
        series.map((day) => day.atl),
        series.map((day) => day.tsb),
        series.map(fitnessDayJson),
        loadedEmails,
        loaded,
      ],
    ));
  }
  await timed('analyses', () => query(
    `insert into analyses (activity_id, user_id, subject_line, executive_summary, feedback, summary, recovery,
                           training_plan_progress, next_activity, next_session, coach, facts, context_hash)
     select id, user_id, name || ': steady work', 'A steady session at the planned intensity.', 'Pacing held.', 'Even effort.',
            'Easy day next.', 'On plan.', 'Recovery ride', $3::jsonb, 'builtin', '{}', md5(id::text)
       from activities
      where start_date >= $2::timestamptz - make_interval(days => $1::int)`,
    [ANALYSED_PER_ATHLETE, todayIso, JSON.stringify(SEEDED_NEXT_SESSION)],
  ));
}

/** The next session every seeded analysis suggests, in the shape the coach stores (the day plan and the calendar read it). */
const SEEDED_NEXT_SESSION: NextSession = {
  sport: 'ride',
  focus: 'recovery',
  title: 'Recovery ride',
  totalDurationS: 2_700,
  steps: [{ type: 'steady', durationS: 2_700, intensity: { kind: 'power', ftpPct: { low: 45, high: 55 }, watts: null } }],
};

/** An activity's load from its day number (days before $1, today's UTC midnight), as loadOfDay. */
const loadSql = `(30 + ((($1::timestamptz at time zone 'UTC')::date - (start_date at time zone 'UTC')::date) * 37) % 70)::float8`;

async function countRows(query: DatabaseHandle['query']): Promise<DataScaleRun['rows']> {
  const [row] = await query<DataScaleRun['rows']>(
    `select (select count(*)::int from accounts) as accounts, (select count(*)::int from activities) as activities,
            (select count(*)::int from activity_metrics) as "activityMetrics", (select count(*)::int from fitness_days) as "fitnessDays",
            (select count(*)::int from analyses) as analyses`,
  );
  return row!;
}

/**
 * Runs the hot reads through the product's own repositories on a connection that records each
 * statement, then EXPLAINs (ANALYZE, FORMAT JSON) every one of them with its parameters.
 */
async function checkPlans(url: string, before: string): Promise<QueryPlanCheck[]> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const recorded: { query: string; params: unknown[] }[] = [];
    const db = drizzle({ client: pool, schema, logger: { logQuery: (query, params) => recorded.push({ query, params }) } }) as unknown as Database;
    const activities = createActivitiesRepo(db);
    const scoring = createMetricsRepo(db);
    const season = createSeasonRepo(db);
    const analyses = createAnalysisRepo(db);
    const [athlete] = (await pool.query<{ id: string }>(`select id from accounts where email = $1`, [athleteEmail(ATHLETES / 2)])).rows;
    if (!athlete) throw new Error('no seeded athlete');
    const [newest] = await activities.list(athlete.id, { limit: 1 });
    if (!newest) throw new Error('the seeded athlete has no activities');
    const to = new Date();
    const fromDate = new Date(to.getTime() - 89 * DAY_MS).toISOString().slice(0, 10);
    const reads: [string, () => Promise<unknown>][] = [
      ['activity list, first page', () => activities.list(athlete.id, { limit: LIST_PAGE })],
      // What GET /api/activities?before= reads: the page's kept list items as JSON text (ADR 0059).
      ['activity list, page before=', () => activities.listItems(athlete.id, { limit: LIST_PAGE, before: new Date(before) })],
      // What GET /api/fitness reads: the stored days' kept JSON (ADR 0059).
      ['fitness, 90 days', () => scoring.storedFitnessText(athlete.id, fromDate, to.toISOString().slice(0, 10))],
      ['activity detail: activity', () => activities.find(athlete.id, newest.id)],
      ['activity detail: stream keys', () => activities.streamKeys(newest.id)],
      ['activity detail: metrics', () => scoring.find(athlete.id, newest.id)],
      ['activity detail: analysis', () => analyses.find(athlete.id, newest.id)],
      ["plan compliance's activity read (training log of 24 weeks)", () => scoring.trainingLog(athlete.id, new Date(to.getTime() - 168 * DAY_MS), to)],
      // What GET /api/season reads for all time (ADR 0083): the stored curves per month, the counts, efforts and peaks.
      ['season, all time: month curves', () => season.monthCurves(athlete.id, { from: null, to: null, tz: 'UTC' })],
      ['season, all time: counts', () => season.counts(athlete.id, { from: null, to: null, tz: 'UTC' })],
      ['season, all time: best efforts', () => season.fastestEfforts(athlete.id, { from: null, to: null, tz: 'UTC' })],
      ['season, all time: heart-rate peaks', () => season.monthPeakHeartRates(athlete.id, { from: null, to: null, tz: 'UTC' })],
    ];
    const plans: QueryPlanCheck[] = [];
    for (const [name, read] of reads) {
      recorded.length = 0;
      await read();
      for (const [index, statement] of recorded.entries()) {
        const explained = await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Planning Time': number; 'Execution Time': number }] }>(
          `explain (analyze, buffers, format json) ${statement.query}`,
          statement.params,
        );
        const [root] = explained.rows[0]!['QUERY PLAN'];
        const scans = scanNodes(root.Plan);
        plans.push({
          name: recorded.length > 1 ? `${name} (${index + 1})` : name,
          sql: statement.query,
          scans,
          seqScans: scans.filter((scan) => scan.nodeType === 'Seq Scan' && BIG_TABLES.includes(scan.relation ?? '')).map((scan) => scan.relation!),
          planningMs: Number(root['Planning Time'].toFixed(3)),
          executionMs: Number(root['Execution Time'].toFixed(3)),
          sharedHitBlocks: root.Plan['Shared Hit Blocks'] ?? 0,
          sharedReadBlocks: root.Plan['Shared Read Blocks'] ?? 0,
        });
      }
    }
    return plans;
  } finally {
    await pool.end();
  }
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

function scanNodes(node: PlanNode): QueryPlanCheck['scans'] {
  const own = node['Node Type'].includes('Scan') ? [{ nodeType: node['Node Type'], relation: node['Relation Name'] ?? null, index: node['Index Name'] ?? null }] : [];
  return [...own, ...(node.Plans ?? []).flatMap(scanNodes)];
}
