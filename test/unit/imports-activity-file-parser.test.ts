import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_ACTIVITY_FILE_LIMITS } from '../../src/shared/api/imports.ts';
import { AppError } from '../../src/server/http/errors.ts';
import { createActivityFileParser, type ActivityFileParser } from '../../src/server/features/imports/activity-file-parser.ts';
import { ImportFileError } from '../../src/server/features/imports/import-file-error.ts';
import { parseActivityFiles } from '../../src/server/features/imports/parse-activity-file.ts';
import { packActivity } from '../../src/server/features/imports/pack-activity.ts';
import { decodeStreams, encodeStreams } from '../../src/server/db/stream-codec.ts';
import { computeActivityMetrics, type ActivityMetricsInput } from '../../src/metrics/activity-metrics.ts';
import { best20MinPowerW } from '../../src/metrics/critical-power.ts';
import { samplePowerCurveOnGrid } from '../../src/metrics/power-curve-grid.ts';
import { bigGpxGz } from '../support/big-activity-file.ts';
import { exportRunTcx, hikeGpx, powerRide } from '../support/recordings.ts';

const log = { info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;
let pool: ActivityFileParser | undefined;

function startPool(options: { maxQueued?: number; workerMemoryMb?: number } = {}): ActivityFileParser {
  pool = createActivityFileParser({ workers: 1, maxQueued: options.maxQueued ?? 4, workerMemoryMb: options.workerMemoryMb ?? 512, limits: DEFAULT_ACTIVITY_FILE_LIMITS, log });
  return pool;
}

afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('the activity worker pool', () => {
  it('parses in a worker exactly as in this thread, and packs the streams there', async () => {
    const parser = startPool();
    for (const recording of [powerRide(), hikeGpx(), exportRunTcx()]) {
      const here = await parseActivityFiles(recording.fileName, recording.bytes);
      const fromWorker = await parser.parse(recording.fileName, recording.bytes);
      // The packed bytes arrive in a Uint8Array of their own (moved, not copied), packed here in a Buffer.
      const packedHere = here.map(packActivity).map((activity) => ({ ...activity, streams: { ...activity.streams, data: new Uint8Array(activity.streams.data) } }));
      expect(fromWorker).toEqual(packedHere);
      expect(fromWorker.map((activity) => activity.streams.sampleCount)).toEqual(here.map((activity) => activity.streams.timeS.length));
    }
  });

  it('scores an activity from its packed streams, decoded in the worker, as the metrics score the decoded streams here', async () => {
    const parser = startPool();
    const [parsed] = await parseActivityFiles(powerRide().fileName, powerRide().bytes);
    const packed = encodeStreams(parsed!.streams);
    const input: Omit<ActivityMetricsInput, 'streams'> = {
      summary: { sport: 'ride' },
      athlete: { ftpW: 250, maxHrBpm: 190 },
    };
    const { powerDurationCurve, ...expected } = computeActivityMetrics({ ...input, streams: decodeStreams(packed) });
    expect(powerDurationCurve).not.toBeNull();
    const score = await parser.score({ ...input, packedStreams: new Uint8Array(packed), withoutPower: false });
    expect(score).toEqual({
      metrics: expected,
      powerCurveW: samplePowerCurveOnGrid(powerDurationCurve!),
      best20MinPowerW: best20MinPowerW(powerDurationCurve!),
      impliedThresholdSpeedMps: null,
    });
    expect(score.metrics.normalizedPowerW).toBeGreaterThan(0);

    // An estimated power stream (Strava's, for a ride without a meter) is left out: no power figure at all.
    const withoutPower = await parser.score({ ...input, packedStreams: new Uint8Array(packed), withoutPower: true });
    expect(withoutPower).toMatchObject({ powerCurveW: [], best20MinPowerW: null, metrics: { normalizedPowerW: null, averagePowerW: null, tss: null } });
    expect(withoutPower.metrics.averageHeartrateBpm).toBe(expected.averageHeartrateBpm);
  });

  it("answers a refused file with the worker's ImportFileError", async () => {
    await expect(startPool().parse('photo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]))).rejects.toSatisfy(
      (error) => error instanceof ImportFileError && error.reason === 'unsupported' && error.message === 'photo.png is not a FIT, GPX or TCX activity file.',
    );
  });

  it('refuses one file more than its queue holds, 503 with Retry-After', async () => {
    const parser = startPool({ maxQueued: 1 });
    const file = () => powerRide().bytes;
    const running = parser.parse('a.fit', file());
    const waiting = parser.parse('b.fit', file());
    const refused = parser.parse('c.fit', file());
    await expect(refused).rejects.toSatisfy((error) => error instanceof AppError && error.status === 503 && error.retryAfterS === 30);
    expect(await running).toHaveLength(1);
    expect(await waiting).toHaveLength(1);
  });

  it('refuses a file that needs more than the heap limit, and reads the next file in a new worker', async () => {
    const parser = startPool({ workerMemoryMb: 64 });
    await expect(parser.parse('long.gpx.gz', bigGpxGz(170_000))).rejects.toSatisfy(
      (error) => error instanceof ImportFileError && error.status === 413 && /needs more memory than one activity may use \(64 MB\)/.test(error.message),
    );
    expect((await parser.parse('run.tcx', exportRunTcx().bytes))[0]!.sportType).toBe('Run');
  }, 300_000);

  it('refuses what waits when it closes', async () => {
    const parser = startPool();
    const running = parser.parse('a.fit', powerRide().bytes);
    const waiting = parser.parse('b.fit', powerRide().bytes);
    const outcomes = Promise.allSettled([running, waiting]);
    await parser.close();
    for (const outcome of await outcomes) {
      expect(outcome.status === 'rejected' && outcome.reason instanceof AppError && outcome.reason.status === 503).toBe(true);
    }
  });
});
