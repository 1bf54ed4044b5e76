import { readRssBytes, sampleMaxRss } from '../test/support/processes.ts';
import { healthWhile, type HealthDuring } from './big-import.ts';
import { signUpCookie, withProductionKairo } from './production-kairo.ts';

/**
 * Issue 27: three wellness CSV uploads of 2 MB of short lines at once (three athletes), as the
 * issue's try sent them: one held the event loop ~20 s and three took RSS from 0.6 to 3.4 GB. One
 * Kairo process as in production (PostgreSQL); another client checks /healthz one request after
 * another while the uploads run. Reports the checks' latencies, the uploads' answers and how far
 * RSS grew over the idle server's.
 */
export interface WellnessUploadRun extends HealthDuring {
  uploads: number;
  fileBytes: number;
  /** The answers of the first round (a file of mostly bad lines is refused with 400 after the first bad rows). */
  statuses: number[];
  /** Rounds of three uploads sent during the measurement, and the median time of one round. */
  rounds: number;
  roundMedianS: number;
  rssIdleBytes: number | null;
  rssMaxBytes: number | null;
  rssGrowthBytes: number | null;
}

const UPLOADS = 3;
const FILE_BYTES = 2 * 1024 * 1024;
/** The three uploads are sent again, round after round, until this long has passed: enough health checks for a p99. */
const MEASURE_S = 8;
const RSS_SAMPLE_INTERVAL_MS = 100;

/** 2 MB of short lines after a valid header: 'x,1' over and over, none of them a day. */
function shortLinesCsv(): Buffer {
  const header = 'date,hrv\n';
  const line = 'x,1\n';
  return Buffer.from(header + line.repeat(Math.floor((FILE_BYTES - header.length) / line.length)));
}

export async function benchWellnessUpload(): Promise<WellnessUploadRun> {
  return withProductionKairo('wellness-upload', async ({ origin, pid }) => {
    const cookies = await Promise.all(
      Array.from({ length: UPLOADS }, (_, index) => signUpCookie(origin, { email: `wellness-upload-${index}@example.test`, firstName: 'Csv', lastName: `Upload${index}` })),
    );
    const file = shortLinesCsv();
    const rssIdleBytes = readRssBytes(pid);
    const rss = sampleMaxRss(pid, RSS_SAMPLE_INTERVAL_MS);
    const round = () =>
      Promise.all(
        cookies.map(async (cookie) => {
          const answer = await fetch(`${origin}/api/wellness/import`, { method: 'POST', headers: { cookie, origin, 'content-type': 'text/csv' }, body: new Uint8Array(file) });
          await answer.arrayBuffer();
          return answer.status;
        }),
      );
    const rounds = async () => {
      const startedAt = performance.now();
      const times: number[] = [];
      let first: number[] | null = null;
      while (performance.now() - startedAt < MEASURE_S * 1000) {
        const roundStart = performance.now();
        const statuses = await round();
        first ??= statuses;
        times.push((performance.now() - roundStart) / 1000);
      }
      times.sort((a, b) => a - b);
      return { statuses: first ?? [], rounds: times.length, roundMedianS: Number((times[Math.floor(times.length / 2)] ?? 0).toFixed(2)) };
    };
    const { result, health } = await healthWhile(origin, rounds());
    const rssMaxBytes = rss.stop();
    return {
      uploads: UPLOADS,
      fileBytes: file.length,
      ...result,
      ...health,
      rssIdleBytes,
      rssMaxBytes,
      rssGrowthBytes: rssIdleBytes !== null && rssMaxBytes !== null ? Math.max(0, rssMaxBytes - rssIdleBytes) : null,
    };
  });
}
