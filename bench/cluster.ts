import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { AnalysisView } from '../src/shared/api/analysis.ts';
import type { ActivityListItem } from '../src/shared/api/activities.ts';
import { createTestDatabase } from '../test/support/databases.ts';
import { createClient, type TestClient } from '../test/support/http-client.ts';
import { startKairoProcess, type KairoProcess } from '../test/support/kairo-process.ts';
import { GENEROUS_LIMITS, startSimForKairo, subscribeToSimWebhooks, waitFor } from '../test/support/strava.ts';
import { queueIdle } from './activity-data.ts';
import { measureLoad, type LoadResult } from './load.ts';
import { benchBackfill } from './strava-backfill.ts';

const INSTANCES = 3;
/** A couple of months of rides for the signed-in athlete: a full first page of the activity list. */
const HISTORY_DAYS = 75;
const WEBHOOK_RUNS = 5;
const RIDE_S = 3_600;
const RIDES_APART_S = 3 * RIDE_S;
const BUDGET_WARM_UP = 200;
const BUDGET_RESERVATIONS = 2_000;
const STAGE_TIMEOUT_MS = 120_000;
const budgetWorker = resolve(import.meta.dirname, 'budget-worker.ts');

/** One route loaded on one instance, then on three behind a round-robin, with the same total connections. */
export interface ScaleOut {
  route: string;
  one: LoadResult;
  three: LoadResult;
  /** Requests per second of three instances over one. */
  ratio: number;
}

export interface BudgetLatency {
  reservations: number;
  p50Ms: number;
  p99Ms: number;
}

export interface ClusterRun {
  instances: number;
  connections: number;
  /** The first page of the activity list and the signed-in user, as a browser reads them. */
  scaleOut: ScaleOut[];
  /** One reservation from the shared Strava budget (one statement on one row), back to back. */
  budget: { oneInstance: BudgetLatency; threeAtOnce: BudgetLatency };
  /** Strava's webhook to instance A, until instance B lists the ride and instance C serves its analysis. */
  webhookToAnalysis: { runs: number; medianS: number; maxS: number };
}

/**
 * Kairo as a club runs it (ADR 0041, 0053): three processes on one PostgreSQL database with the
 * shared secrets, and one standalone simulated Strava. Loads one instance, then all three through
 * autocannon's round-robin over their URLs with the same number of connections; times the Strava
 * budget's reservation from one process and from three at once; and times a webhook delivered to
 * one instance until the analysis is readable from another.
 */
export async function benchCluster(load: { connections: number; warmUpS: number; durationS: number }): Promise<ClusterRun> {
  const database = await createTestDatabase('postgres');
  const { sim, env } = await startSimForKairo(GENEROUS_LIMITS);
  const dataDirs: string[] = [];
  const instances: KairoProcess[] = [];
  try {
    const shared = {
      ...env,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      KAIRO_CLUSTER: '1',
      // The bench stops them itself; no load balancer waits for a notice.
      SHUTDOWN_NOTICE_SECONDS: '0',
      SHUTDOWN_GRACE_SECONDS: '5',
    };
    // All at once on the fresh database, as a rollout starts them (migrations under the advisory lock).
    instances.push(
      ...(await Promise.all(
        Array.from({ length: INSTANCES }, () => {
          const dataDir = mkdtempSync(join(tmpdir(), 'kairo-bench-cluster-'));
          dataDirs.push(dataDir);
          return startKairoProcess({ dataDir, databaseUrl: database.url!, env: shared });
        }),
      )),
    );
    const urls = instances.map((instance) => instance.url);

    const { browser } = await benchBackfill({ kairoUrl: urls[0]!, sim, database: database.handle, historyDays: HISTORY_DAYS, timeoutMs: STAGE_TIMEOUT_MS });
    await queueIdle(database.handle);
    const cookie = [...browser.jar].map(([name, value]) => `${name}=${value}`).join('; ');

    const scaleOut: ScaleOut[] = [];
    for (const route of ['/api/activities', '/api/auth/user']) {
      // One tool for both: wrk loads one URL only, so the three instances' run takes autocannon, and the one's too.
      const one = await measureLoad({ url: `${urls[0]}${route}`, headers: { cookie }, tool: 'autocannon', ...load });
      const three = await measureLoad({ url: urls.map((url) => `${url}${route}`), headers: { cookie }, ...load });
      scaleOut.push({ route, one, three, ratio: round(three.requestsPerS / one.requestsPerS, 2) });
    }

    const budget = {
      oneInstance: await budgetLatency(database.url!, 1),
      threeAtOnce: await budgetLatency(database.url!, INSTANCES),
    };

    const webhookToAnalysis = await webhookAcrossInstances(sim, browser, urls);
    await queueIdle(database.handle);
    return { instances: INSTANCES, connections: load.connections, scaleOut, budget, webhookToAnalysis };
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
    await sim.close();
    await database.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

/** `processes` workers reserving from one budget row at the same time; the percentiles of all their reservations. */
async function budgetLatency(databaseUrl: string, processes: number): Promise<BudgetLatency> {
  const clientId = `bench-${randomBytes(4).toString('hex')}`;
  const run = promisify(execFile);
  const outputs = await Promise.all(
    Array.from({ length: processes }, () =>
      run(process.execPath, [budgetWorker, databaseUrl, clientId, String(BUDGET_WARM_UP), String(BUDGET_RESERVATIONS)], { maxBuffer: 16 * 1024 * 1024 }),
    ),
  );
  const durations = outputs.flatMap((output) => JSON.parse(output.stdout) as number[]).sort((a, b) => a - b);
  const at = (quantile: number) => round(durations[Math.min(durations.length - 1, Math.floor(quantile * durations.length))]!, 3);
  return { reservations: durations.length, p50Ms: at(0.5), p99Ms: at(0.99) };
}

/**
 * Strava announces each new ride to the first instance (its subscription); the clock stops when the
 * second instance lists the ride and the third serves Kai's analysis of it, as a browser balanced
 * over the instances would see it.
 */
async function webhookAcrossInstances(
  sim: Awaited<ReturnType<typeof startSimForKairo>>['sim'],
  signedIn: TestClient,
  urls: string[],
): Promise<ClusterRun['webhookToAnalysis']> {
  const subscription = await subscribeToSimWebhooks(sim, urls[0]!);
  if (subscription.status !== 201) throw new Error(`the webhook subscription answered ${subscription.status}: ${await subscription.text()}`);
  const athlete = sim.control.athletes().at(-1);
  if (!athlete) throw new Error('no simulated athlete is connected');
  const [lister, reader] = [urls[1]!, urls[2]!].map((url) => {
    const client = createClient(url);
    for (const [name, value] of signedIn.jar) client.jar.set(name, value);
    return client;
  });
  const timingsS: number[] = [];
  for (let run = 0; run < WEBHOOK_RUNS; run++) {
    const startedAt = performance.now();
    const startS = Math.floor(Date.now() / 1000) - (run + 1) * RIDES_APART_S;
    const ride = sim.control.addActivity(athlete.id, { sportType: 'Ride', durationS: RIDE_S, startS }) as { id: number };
    const listed = await waitFor(
      async () => ((await lister!.get<ActivityListItem[]>('/api/activities')).body ?? []).find((item) => item.stravaActivityId === String(ride.id)),
      (item) => item !== undefined,
      STAGE_TIMEOUT_MS,
    );
    await waitFor(
      async () => {
        const answer = await reader!.get<AnalysisView>(`/api/activities/${listed!.id}/analysis`);
        return answer.status === 200 && typeof answer.body?.executiveSummary === 'string';
      },
      (ready) => ready,
      STAGE_TIMEOUT_MS,
    );
    timingsS.push((performance.now() - startedAt) / 1000);
  }
  const sorted = [...timingsS].sort((a, b) => a - b);
  return { runs: WEBHOOK_RUNS, medianS: round(sorted[Math.floor(sorted.length / 2)]!, 2), maxS: round(sorted.at(-1)!, 2) };
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));
