import { createRandom, deriveSeed, type Random } from '../strava-sim/demo/random.ts';
import type { GroundSecond, RecordPoint } from './model.ts';

/** Which streams a device writes and how it damages them (the shapes real devices produce). */
export interface PointOptions {
  seed: number;
  position?: boolean;
  distance?: boolean;
  speed?: boolean;
  power?: boolean;
  heartRate?: boolean;
  cadence?: boolean;
  temperature?: boolean;
  /** Noise-free, barometric (±0.3–1 m, slowly wandering) or GPS-only (±3–8 m); 'none' writes no altitude. */
  altitude?: 'true' | 'barometric' | 'gps' | 'none';
  /** Seconds between points: 1, or a [min, max] range drawn per point (smart recording). */
  interval?: number | [number, number];
  /** How a coasting rider's 0 W is written: as 0, or by leaving power out of the point. */
  coasting?: 'zero' | 'missing';
  /** One absurd power reading (a power meter's glitch) at this second. */
  powerSpike?: { atS: number; watts: number };
  /** Heart-rate readings of 0 (a strap losing contact) for `count` points from this second. */
  heartRateZeros?: { fromS: number; count: number };
  /** Points without heart rate for a stretch (the strap's signal lost). */
  heartRateDropout?: { fromS: number; durationS: number };
  /** How many single points (spread over the activity) lack power. */
  powerDropouts?: number;
  /** Power goes into a developer field (Stryd-style "Power"), not the native field. */
  developerPower?: boolean;
}

/** First-order autoregressive noise: standard deviation `sigma`, correlation `phi` from one second to the next. */
export function autocorrelatedNoise(random: Random, length: number, sigma: number, phi: number): number[] {
  const noise: number[] = [];
  let value = sigma * random.normal();
  const innovation = sigma * Math.sqrt(1 - phi * phi);
  for (let i = 0; i < length; i++) {
    value = phi * value + innovation * random.normal();
    noise.push(value);
  }
  return noise;
}

const ALTITUDE_NOISE = { true: null, none: null, barometric: { sigma: 0.6, phi: 0.985 }, gps: { sigma: 5, phi: 0.97 } } as const;

/** Seconds at which the device writes a point: the timer runs, at the chosen interval, always at timer starts and stops and at the end. */
function pointSeconds(seconds: GroundSecond[], interval: PointOptions['interval'], random: Random): number[] {
  const running = (i: number) => i <= 0 || seconds[i]!.timerRunning;
  const chosen: number[] = [];
  let next = 0;
  for (let i = 0; i < seconds.length; i++) {
    if (!running(i)) continue;
    const edge = i === seconds.length - 1 || !running(i + 1) || !running(i - 1);
    if (i >= next || edge) {
      chosen.push(i);
      const step = typeof interval === 'number' ? interval : interval ? random.integer(interval[0], interval[1]) : 1;
      next = i + step;
    }
  }
  return chosen;
}

/** The points a device writes from the ground truth. */
export function recordPoints(seconds: GroundSecond[], options: PointOptions): RecordPoint[] {
  const random = createRandom(deriveSeed(options.seed, 'points'));
  const altitudeMode = options.altitude ?? 'true';
  const noiseSpec = ALTITUDE_NOISE[altitudeMode];
  const noise = noiseSpec ? autocorrelatedNoise(random, seconds.length, noiseSpec.sigma, noiseSpec.phi) : null;
  const chosen = pointSeconds(seconds, options.interval, random);
  const dropouts = new Set<number>();
  for (let k = 1; k <= (options.powerDropouts ?? 0); k++) dropouts.add(chosen[Math.floor((k * chosen.length) / ((options.powerDropouts ?? 0) + 1))]!);
  let zerosLeft = options.heartRateZeros?.count ?? 0;
  return chosen.map((i) => {
    const second = seconds[i]!;
    const point: RecordPoint = { t: second.t };
    if (options.position) {
      point.lat = second.lat;
      point.lon = second.lon;
    }
    if (second.altitudeM !== null && altitudeMode !== 'none') point.altitudeM = second.altitudeM + (noise?.[i] ?? 0);
    if (options.distance) point.distanceM = second.distanceM;
    if (options.speed) point.speedMps = second.speedMps;
    if (options.power && !dropouts.has(i)) {
      const coastingMissing = options.coasting === 'missing' && second.powerW === 0 && second.moving;
      const watts = options.powerSpike?.atS === i ? options.powerSpike.watts : second.powerW;
      if (!coastingMissing) {
        if (options.developerPower) point.developerPowerW = watts;
        else point.powerW = watts;
      }
    }
    const dropout = options.heartRateDropout;
    const inDropout = dropout !== undefined && i >= dropout.fromS && i < dropout.fromS + dropout.durationS;
    if (options.heartRate && !inDropout) {
      const zero = options.heartRateZeros !== undefined && i >= options.heartRateZeros.fromS && zerosLeft > 0;
      if (zero) zerosLeft--;
      point.heartRateBpm = zero ? 0 : second.heartRateBpm;
    }
    if (options.cadence) point.cadence = second.cadence;
    if (options.temperature) point.temperatureC = Math.round(second.temperatureC);
    return point;
  });
}

/** The timer's running spans as [start s, stop s] pairs, with the trigger of the stop that ends each (FIT events). */
export function timerSpans(seconds: GroundSecond[]): { startS: number; stopS: number; auto: boolean }[] {
  const spans: { startS: number; stopS: number; auto: boolean }[] = [];
  let startS: number | null = 0;
  for (let i = 1; i < seconds.length; i++) {
    const second = seconds[i]!;
    if (!second.timerRunning && startS !== null) {
      spans.push({ startS, stopS: i - 1, auto: second.pauseTimer === 'auto' });
      startS = null;
    } else if (second.timerRunning && startS === null) {
      startS = i - 1;
    }
  }
  if (startS !== null) spans.push({ startS, stopS: seconds.length - 1, auto: false });
  return spans;
}
