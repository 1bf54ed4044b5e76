import { Session } from 'node:inspector/promises';
import { computeActivityMetrics } from '../src/metrics/activity-metrics.ts';
import type { ActivityStreams } from '../src/metrics/activity-streams.ts';
import { computeMeanMaximalPower } from '../src/metrics/mean-maximal-power.ts';
import { writeBuiltinAnalysis } from '../src/server/features/analysis/coach/builtin.ts';
import { coachingStyles } from '../src/shared/domain/coaching-style.ts';
import { contextOf, sources, type SourceKind } from '../test/unit/support/analysis-context.ts';
import { computeMeanMaximalPowerNaively } from '../test/unit/support/naive-mean-maximal-power.ts';
import { median, seededRandom, timeMs } from './measure.ts';

export interface RideMetricsRun {
  hours: number;
  samples: number;
  /** Every metric of the activity, the full power-duration curve included (median of the runs). */
  allMetricsMs: number;
  /** The exact mean-maximal power for every duration alone. */
  meanMaximalPowerMs: number;
  /** The floor: one bare pass over every sample of every channel, adding them up (median of the runs). */
  singlePassMs: number;
  /**
   * What one computation of every metric allocates on the JavaScript heap, collected objects
   * included: what the collector then has to clear, in the worker that scores an import too.
   */
  allMetricsAllocatedBytes: number;
}

export interface MetricsRun {
  rides: RideMetricsRun[];
  /** The exact curve of a 4 h ride against the O(n²) scan of every window, in one run. */
  meanMaximalPower4h: { fastMs: number; naiveMs: number; speedup: number };
  /** The built-in coach writing one analysis, over every activity kind and coaching style. */
  builtinAnalysis: { analyses: number; medianMs: number; maxMs: number };
}

const RIDE_HOURS = [1, 4, 10] as const;
/** Runs per figure, of which the median is taken: on a 2-core machine single runs of the 10 h ride vary by ±10 %. */
const RUNS = 9;

/**
 * A ride at 1 Hz that looks like one to the metrics: endurance pace with surges, climbs, coasting
 * and a short stop every hour, heart rate lagging the power, altitude and distance consistent.
 */
export function syntheticRide(hours: number): ActivityStreams {
  const next = seededRandom(hours * 7919);
  const samples = hours * 3600;
  const streams: Required<Pick<ActivityStreams, 'timeS' | 'powerW' | 'heartrateBpm' | 'cadenceRpm' | 'altitudeM' | 'distanceM' | 'speedMps'>> = {
    timeS: [],
    powerW: [],
    heartrateBpm: [],
    cadenceRpm: [],
    altitudeM: [],
    distanceM: [],
    speedMps: [],
  };
  let heartRate = 100;
  let altitude = 200;
  let distance = 0;
  for (let second = 0; second < samples; second++) {
    const inHour = second % 3600;
    const stopped = inHour >= 3500 && inHour < 3560;
    const climbing = Math.floor(second / 900) % 3 === 1;
    const surge = inHour % 600 < 30;
    const coasting = next() < 0.05;
    const targetW = stopped || coasting ? 0 : (climbing ? 250 : 190) + (surge ? 200 : 0) + (next() - 0.5) * 40;
    const powerW = Math.max(0, Math.round(targetW));
    heartRate += ((stopped ? 95 : 110 + powerW * 0.22) - heartRate) / 30;
    const speed = stopped ? 0 : climbing ? 5.5 : 9 + (next() - 0.5);
    altitude += climbing ? speed * 0.06 : -speed * 0.02;
    distance += speed;
    streams.timeS.push(second);
    streams.powerW.push(stopped ? null : powerW);
    streams.heartrateBpm.push(Math.round(heartRate));
    streams.cadenceRpm.push(powerW === 0 ? 0 : 85 + Math.round((next() - 0.5) * 10));
    streams.altitudeM.push(Math.max(0, altitude));
    streams.distanceM.push(distance);
    streams.speedMps.push(speed);
  }
  return streams;
}

const round = (ms: number) => Number(ms.toFixed(2));

/** Where the single pass leaves its sum, so the loop is not optimised away. */
let passSink = 0;

/** One pass over the samples, reading every channel once: what any metric costs at the least. */
function singlePass(streams: ActivityStreams): number {
  const channels = [streams.powerW, streams.heartrateBpm, streams.cadenceRpm, streams.altitudeM, streams.distanceM, streams.speedMps].filter(
    (channel): channel is (number | null)[] => Array.isArray(channel),
  );
  let sum = 0;
  for (let i = 0; i < streams.timeS.length; i++) {
    sum += streams.timeS[i]!;
    for (const channel of channels) sum += channel[i] ?? 0;
  }
  return sum;
}

/**
 * Bytes allocated while `work` runs, read off V8's sampling heap profiler with the objects already
 * collected kept in its count (sampled every 1 KiB on average and scaled up to the whole, so it is
 * an estimate within a few per cent; the same run twice gives close figures).
 */
async function allocatedBytes(work: () => void): Promise<number> {
  const session = new Session();
  session.connect();
  try {
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 1024,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    work();
    const { profile } = await session.post('HeapProfiler.stopSampling');
    let bytes = 0;
    const pending = [profile.head];
    for (let node = pending.pop(); node; node = pending.pop()) {
      bytes += node.selfSize;
      pending.push(...node.children);
    }
    return bytes;
  } finally {
    session.disconnect();
  }
}

async function benchRide(hours: number): Promise<RideMetricsRun> {
  const streams = syntheticRide(hours);
  const power = streams.powerW!.map((watts) => watts ?? 0);
  const input = {
    streams,
    summary: { sport: 'ride' as const, elapsedTimeS: hours * 3600 },
    athlete: { ftpW: 250, maxHrBpm: 185, restHrBpm: 50 },
  };
  computeActivityMetrics(input); // warm-up: the first call also compiles
  return {
    hours,
    samples: streams.timeS.length,
    allMetricsMs: round(median(Array.from({ length: RUNS }, () => timeMs(() => computeActivityMetrics(input))))),
    meanMaximalPowerMs: round(median(Array.from({ length: RUNS }, () => timeMs(() => computeMeanMaximalPower(power))))),
    singlePassMs: round(median(Array.from({ length: RUNS }, () => timeMs(() => (passSink += singlePass(streams)))))),
    allMetricsAllocatedBytes: Math.round(await allocatedBytes(() => computeActivityMetrics(input))),
  };
}

function benchBuiltinCoach(): MetricsRun['builtinAnalysis'] {
  const contexts = (Object.keys(sources) as SourceKind[]).flatMap((kind) =>
    coachingStyles.map((coachingStyle) =>
      contextOf(kind, { coachingStyle, systemPrompt: coachingStyle === 'custom' ? 'Be brief and direct.' : null }),
    ),
  );
  for (const context of contexts) writeBuiltinAnalysis(context);
  const timings = contexts.map((context) => timeMs(() => writeBuiltinAnalysis(context)));
  return { analyses: contexts.length, medianMs: round(median(timings)), maxMs: round(Math.max(...timings)) };
}

/** Kairo's own domain code, timed in this process: metrics of long rides and the built-in coach. */
export async function benchMetrics(): Promise<MetricsRun> {
  const rides: RideMetricsRun[] = [];
  for (const hours of RIDE_HOURS) rides.push(await benchRide(hours));
  const fourHours = syntheticRide(4).powerW!.map((watts) => watts ?? 0);
  const fastMs = median(Array.from({ length: RUNS }, () => timeMs(() => computeMeanMaximalPower(fourHours))));
  const naiveMs = timeMs(() => computeMeanMaximalPowerNaively(fourHours));
  return {
    rides,
    meanMaximalPower4h: { fastMs: round(fastMs), naiveMs: round(naiveMs), speedup: round(naiveMs / fastMs) },
    builtinAnalysis: benchBuiltinCoach(),
  };
}
