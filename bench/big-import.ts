import { setTimeout as sleep } from 'node:timers/promises';
import { bigGpxGz } from '../test/support/big-activity-file.ts';
import { sampleMaxRss } from '../test/support/processes.ts';
import { signUpCookie, withProductionKairo } from './production-kairo.ts';

/** What the bench reports: how /healthz fared during each of the two imports. */
export interface BigImportRun {
  issueFile: HealthDuringImport;
  ironman: HealthDuringImport;
}

export interface HealthDuringImport extends HealthDuring {
  points: number;
  fileBytes: number;
  /** The import's answer. */
  status: number;
  message: string | null;
  importS: number;
  /** Until the activity's metrics were stored too (null: refused, nothing to score). */
  scoredS: number | null;
  rssMaxBytes: number | null;
}

/** The file of issue 16 item 1: 264,000 one-second points, gzipped. */
const ISSUE_FILE_POINTS = 264_000;
/** An Ironman at one point a second: about 17 h. */
const IRONMAN_POINTS = 61_200;
/** A pause between health checks, so they sample the import rather than load the server. */
const HEALTH_INTERVAL_MS = 20;
const SCORED_TIMEOUT_MS = 300_000;
const RSS_SAMPLE_INTERVAL_MS = 200;

/**
 * Issue 16 item 1: how another client's GET /healthz fares while Kairo takes in a big file. One
 * Kairo process as in production (PostgreSQL); a client checks /healthz one request after another
 * while the same athlete uploads (1) the issue's 264,000-point .gpx.gz and (2) a 17 h ride at 1 Hz,
 * the latter until its metrics are stored. Reports the health checks' p50, p99 and max latency.
 */
export async function benchBigImport(): Promise<BigImportRun> {
  return withProductionKairo('big', async ({ origin, pid }) => {
    const cookie = await signUpCookie(origin, { email: 'big-import@example.test', firstName: 'Big', lastName: 'File' });
    const rss = () => sampleMaxRss(pid, RSS_SAMPLE_INTERVAL_MS);
    const issueFile = await healthDuringImport(origin, cookie, 'issue-16.gpx.gz', ISSUE_FILE_POINTS, rss());
    const ironman = await healthDuringImport(origin, cookie, 'ironman.gpx.gz', IRONMAN_POINTS, rss());
    return { issueFile, ironman };
  });
}

async function healthDuringImport(
  origin: string,
  cookie: string,
  fileName: string,
  points: number,
  rss: { stop(): number | null },
): Promise<HealthDuringImport> {
  const file = bigGpxGz(points, { startMs: Date.UTC(2025, 0, 1) + points * 1000 });
  const startedAt = performance.now();
  const imported = (async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), fileName);
    try {
      const answer = await fetch(`${origin}/api/imports`, { method: 'POST', headers: { cookie, origin }, body: form });
      const importS = (performance.now() - startedAt) / 1000;
      const body = (await answer.json()) as { message?: string; activity?: { id: string } | null };
      const activityId = body.activity?.id;
      if (answer.status === 201 && activityId) await waitForMetrics(origin, cookie, activityId);
      const scoredS = answer.status === 201 && activityId ? (performance.now() - startedAt) / 1000 : null;
      return { status: answer.status, message: body.message ?? null, importS, scoredS };
    } catch (error) {
      // The import's connection failed (reset, or the server died): that is the answer measured.
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      return { status: 0, message: `${error instanceof Error ? error.message : String(error)}${cause}`, importS: (performance.now() - startedAt) / 1000, scoredS: null };
    }
  })();
  const { result, health } = await healthWhile(origin, imported);
  const { status, message, importS, scoredS } = result;
  return {
    points,
    fileBytes: file.length,
    status,
    message,
    importS: round(importS),
    scoredS: scoredS === null ? null : round(scoredS),
    ...health,
    rssMaxBytes: rss.stop(),
  };
}

/** How another client's GET /healthz fared while some work ran: checks one after another, with a short pause between. */
export interface HealthDuring {
  healthChecks: number;
  /** Checks answered other than 200, or whose connection failed. */
  healthFailures: number;
  healthP50Ms: number;
  healthP99Ms: number;
  healthMaxMs: number;
}

/** Checks /healthz from another client until `work` settles; the work's result and the checks' latencies. */
export async function healthWhile<T>(origin: string, work: Promise<T>): Promise<{ result: T; health: HealthDuring }> {
  const latenciesMs: number[] = [];
  let done = false;
  let healthFailures = 0;
  const checking = (async () => {
    while (!done) {
      const startedAt = performance.now();
      try {
        const health = await fetch(`${origin}/healthz`);
        await health.arrayBuffer();
        if (!health.ok) healthFailures++;
      } catch {
        // A reset connection (the old event loop held it past the keep-alive) is a failed check.
        healthFailures++;
      }
      latenciesMs.push(performance.now() - startedAt);
      await sleep(HEALTH_INTERVAL_MS);
    }
  })();
  const result = await work.finally(async () => {
    done = true;
    await checking;
  });
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const percentile = (p: number) => round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);
  return {
    result,
    health: { healthChecks: sorted.length, healthFailures, healthP50Ms: percentile(50), healthP99Ms: percentile(99), healthMaxMs: round(sorted.at(-1) ?? 0) },
  };
}

async function waitForMetrics(origin: string, cookie: string, activityId: string): Promise<void> {
  const deadline = Date.now() + SCORED_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const detail = await fetch(`${origin}/api/activities/${activityId}`, { headers: { cookie } });
    if (detail.ok && ((await detail.json()) as { metrics: unknown }).metrics) return;
    await sleep(250);
  }
  throw new Error(`the metrics of ${activityId} were not stored within ${SCORED_TIMEOUT_MS / 1000} s`);
}

function round(value: number): number {
  return Number(value.toFixed(1));
}
