import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseHandle } from '../src/server/db/client.ts';
import { createTestDatabase } from '../test/support/databases.ts';
import { startKairoProcess } from '../test/support/kairo-process.ts';
import { GENEROUS_LIMITS, startSimForKairo, subscribeToSimWebhooks, waitFor } from '../test/support/strava.ts';
import type { RunningStravaSim } from '../tools/strava-sim/sim.ts';
import { stravaExportWith } from '../test/support/strava-export.ts';
import { benchArchiveImport, type ArchiveImportRun } from './archive-import.ts';
import { benchHistoryReads, type HistoryReadsRun } from './history-reads.ts';
import { measureLoad, type LoadResult } from './load.ts';
import { benchBackfill, type BackfillRun } from './strava-backfill.ts';

/** The first simulated athlete's history over these days holds about 500 activities. */
const BACKFILL_HISTORY_DAYS = 545;
/** The list is loaded for an account holding this many activities: the backfill's plus an archive's. */
const LISTED_ACTIVITIES = 1_000;
/**
 * The rate-limited backfill: Strava's windows shrunk to 2 s with 20 reads each. A month of
 * history needs about 60 reads, so the limiter has to spread the sync over three windows or more.
 */
const LIMITED_WINDOW_S = 2;
const LIMITED_READS_PER_WINDOW = 20;
const LIMITED_HISTORY_DAYS = 30;
const STAGE_TIMEOUT_MS = 120_000;

export interface RateLimitedBackfillRun extends BackfillRun {
  readLimitPerWindow: number;
  windowS: number;
}

export interface ActivityDataRun {
  /** Strava's limits out of the way: how fast Kairo syncs, and with how many requests. */
  backfill: BackfillRun;
  /** Strava's limits in force (shrunk windows): Kairo must never meet a 429. */
  rateLimitedBackfill: RateLimitedBackfillRun;
  archiveImport: ArchiveImportRun;
  /** GET /api/activities (the default page of 50) for an account with LISTED_ACTIVITIES. */
  activityList: LoadResult & { activities: number };
  /** The fitness chart and an uncached list page for the same account (its history spans well over a year). */
  historyReads: HistoryReadsRun;
  /** A ride finished at Strava: from its webhook until Kai's analysis of it is stored (median of the runs). */
  webhookToAnalysis: WebhookToAnalysisRun;
}

/** One job of the chain from a webhook to the stored analysis, as pg-boss timed it (medians over the runs). */
export interface ChainHop {
  job: string;
  /** From the job's creation to a worker starting it: time spent waiting for the queue. */
  queueWaitS: number;
  /** From its start to its completion: the work itself. */
  workS: number;
}

export interface WebhookToAnalysisRun {
  runs: number;
  medianS: number;
  p95S: number;
  maxS: number;
  /** The median run's sum of the hops' queue waits (ADR 0086: near 0 once the queue is woken on send). */
  queueWaitS: number;
  /** Each job of the chain, in the order they ran. */
  hops: ChainHop[];
}

const WEBHOOK_RUNS = 5;
const RIDE_S = 3_600;
/** Far enough apart that no ride overlaps another, and each has ended (rides on the road run long). */
const RIDES_APART_S = 3 * RIDE_S;

/**
 * Kairo's data paths, measured on one Kairo process on a fresh PostgreSQL database with a Strava
 * simulator in this process: a backfill of ~500 activities, the same under the rate limit, an
 * archive import topping the account up to 1,000 activities, then the activity list under load.
 * Each stage starts once the job queue is idle, so none measures the previous one's tail.
 */
export async function benchActivityData(load: { connections: number; warmUpS: number; durationS: number }): Promise<ActivityDataRun> {
  const database = await createTestDatabase('postgres');
  const dataDir = mkdtempSync(join(tmpdir(), 'kairo-bench-data-'));
  const { sim, env } = await startSimForKairo({ ...GENEROUS_LIMITS, shortWindowS: LIMITED_WINDOW_S });
  try {
    const kairo = await startKairoProcess({ dataDir, databaseUrl: database.url!, env });
    try {
      const { run: backfill, browser } = await benchBackfill({
        kairoUrl: kairo.url,
        sim,
        database: database.handle,
        historyDays: BACKFILL_HISTORY_DAYS,
        timeoutMs: STAGE_TIMEOUT_MS,
      });
      await queueIdle(database.handle);
      const webhookToAnalysis = await benchWebhookToAnalysis(sim, database.handle, kairo.url);
      await queueIdle(database.handle);

      sim.control.rateLimits.configure({ readShortLimit: LIMITED_READS_PER_WINDOW, overallShortLimit: LIMITED_READS_PER_WINDOW * 2 });
      sim.control.rateLimits.reset();
      const { run: limited } = await benchBackfill({
        kairoUrl: kairo.url,
        sim,
        database: database.handle,
        historyDays: LIMITED_HISTORY_DAYS,
        timeoutMs: STAGE_TIMEOUT_MS,
      });
      await queueIdle(database.handle);

      const archive = await stravaExportWith(LISTED_ACTIVITIES - backfill.activities);
      const archiveImport = await benchArchiveImport(browser, archive, STAGE_TIMEOUT_MS);
      await queueIdle(database.handle);

      const cookie = [...browser.jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const activityList = await measureLoad({ url: `${kairo.url}/api/activities`, headers: { cookie }, ...load });
      const historyReads = await benchHistoryReads(kairo.url, browser, load, async () => {
        await database.handle.query('vacuum analyze activities');
      });
      return {
        backfill,
        rateLimitedBackfill: { ...limited, readLimitPerWindow: LIMITED_READS_PER_WINDOW, windowS: LIMITED_WINDOW_S },
        archiveImport,
        activityList: { ...activityList, activities: backfill.activities + archiveImport.activities },
        historyReads,
        webhookToAnalysis,
      };
    } finally {
      await kairo.stop();
    }
  } finally {
    await sim.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Resolves once no job is queued, waiting or running (work started by the previous stage, such as metrics). */
export async function queueIdle(database: DatabaseHandle): Promise<void> {
  await waitFor(
    async () => {
      const [row] = await database.query<{ n: number }>(`select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')`);
      return row?.n ?? 0;
    },
    (pending) => pending === 0,
    STAGE_TIMEOUT_MS,
  );
}

/**
 * The connected athlete finishes rides one after another; each is timed from Strava's webhook
 * until its analysis row exists: event, detail and streams, metrics, then Kai's analysis.
 */
async function benchWebhookToAnalysis(
  sim: RunningStravaSim,
  database: DatabaseHandle,
  kairoUrl: string,
): Promise<ActivityDataRun['webhookToAnalysis']> {
  const subscription = await subscribeToSimWebhooks(sim, kairoUrl);
  if (subscription.status !== 201) throw new Error(`the webhook subscription answered ${subscription.status}: ${await subscription.text()}`);
  const athlete = sim.control.athletes().at(-1);
  if (!athlete) throw new Error('no simulated athlete is connected');
  const timingsS: number[] = [];
  const hopsByRun: ChainHop[][] = [];
  for (let run = 0; run < WEBHOOK_RUNS; run++) {
    const startedAt = performance.now();
    const since = new Date();
    // Rides at different times: rides that ended together would be one activity recorded twice,
    // which Kairo keeps as a duplicate without an analysis of its own (ADR 13).
    const startS = Math.floor(Date.now() / 1000) - (run + 1) * RIDES_APART_S;
    const activity = sim.control.addActivity(athlete.id, { sportType: 'Ride', durationS: RIDE_S, startS });
    await waitFor(
      async () => {
        const [row] = await database.query<{ n: number }>(
          `select count(*)::int as n from analyses n join activities a on a.id = n.activity_id where a.strava_activity_id = $1`,
          [String(activity.id)],
        );
        return row?.n ?? 0;
      },
      (stored) => stored === 1,
      STAGE_TIMEOUT_MS,
    );
    timingsS.push((performance.now() - startedAt) / 1000);
    await queueIdle(database);
    hopsByRun.push(await chainHops(database, since));
  }
  const medianRun = [...timingsS.keys()].sort((a, b) => timingsS[a]! - timingsS[b]!)[Math.floor(timingsS.length / 2)]!;
  const sorted = [...timingsS].sort((a, b) => a - b);
  const jobs = [...new Set(hopsByRun.flatMap((hops) => hops.map((hop) => hop.job)))];
  return {
    runs: WEBHOOK_RUNS,
    medianS: round(sorted[Math.floor(sorted.length / 2)]!),
    p95S: round(sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!),
    maxS: round(sorted.at(-1)!),
    queueWaitS: round(hopsByRun[medianRun]!.reduce((sum, hop) => sum + hop.queueWaitS, 0)),
    hops: jobs.map((job) => {
      const of = hopsByRun.map((hops) => hops.filter((hop) => hop.job === job));
      const total = (pick: (hop: ChainHop) => number) => of.map((hops) => hops.reduce((sum, hop) => sum + pick(hop), 0)).sort((a, b) => a - b);
      const middle = (values: number[]) => round(values[Math.floor(values.length / 2)]!);
      return { job, queueWaitS: middle(total((hop) => hop.queueWaitS)), workS: middle(total((hop) => hop.workS)) };
    }),
  };
}

/** The jobs created since `since` (one run's chain; the queue was idle before it), oldest first, with pg-boss's own timestamps. */
async function chainHops(database: DatabaseHandle, since: Date): Promise<ChainHop[]> {
  const rows = await database.query<{ name: string; wait: number; work: number }>(
    `select name,
            extract(epoch from started_on - created_on)::float8 as wait,
            extract(epoch from completed_on - started_on)::float8 as work
       from pgboss.job
      where created_on >= $1 and state = 'completed' and left(name, 2) <> '__'
      order by created_on`,
    [since],
  );
  return rows.map((row) => ({ job: row.name, queueWaitS: Number(row.wait), workS: Number(row.work) }));
}

const round = (seconds: number) => Number(seconds.toFixed(2));
