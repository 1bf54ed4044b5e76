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
  webhookToAnalysis: { runs: number; medianS: number; maxS: number };
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
  for (let run = 0; run < WEBHOOK_RUNS; run++) {
    const startedAt = performance.now();
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
  }
  const sorted = [...timingsS].sort((a, b) => a - b);
  return { runs: WEBHOOK_RUNS, medianS: round(sorted[Math.floor(sorted.length / 2)]!), maxS: round(sorted.at(-1)!) };
}

const round = (seconds: number) => Number(seconds.toFixed(2));
