/**
 * A small seeded pseudo-random source. Every generated value in the demo data comes from one of
 * these, seeded from the athlete's seed and a purpose, so the same seed always yields the same
 * athlete, the same history and the same streams, whatever order things are asked for in.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  between(min: number, max: number): number;
  /** Integer uniform in [min, max]. */
  integer(min: number, max: number): number;
  /** Approximately standard normal (mean 0, standard deviation 1, within ±3.5). */
  normal(): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
}

/** Mixes a 32-bit state (the finaliser of MurmurHash3), so nearby seeds give unrelated streams. */
function mix32(value: number): number {
  let h = value | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Derives a seed for one purpose (e.g. "activity 17") from a parent seed. */
export function deriveSeed(seed: number, ...parts: (number | string)[]): number {
  let h = mix32(Math.floor(seed) ^ 0x9e3779b9);
  for (const part of parts) {
    if (typeof part === 'number') {
      h = mix32(h ^ mix32(Math.floor(part)));
    } else {
      for (let i = 0; i < part.length; i += 1) h = mix32(h ^ part.charCodeAt(i));
    }
  }
  return h;
}

/**
 * mulberry32 (Tommy Ettinger): tiny, fast and good enough for synthetic data. The state lives in a
 * typed array: storing a 32-bit value beyond V8's small-integer range in a plain variable or field
 * allocates a heap number on every step, millions of times per athlete.
 */
class Mulberry32 implements Random {
  private readonly state = new Uint32Array(1);

  constructor(seed: number) {
    this.state[0] = seed >>> 0;
  }

  next(): number {
    const t0 = ((this.state[0] ?? 0) + 0x6d2b79f5) >>> 0;
    this.state[0] = t0;
    let t = t0;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  integer(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  // Irwin–Hall: the sum of four uniforms is close to normal and several times cheaper than
  // Box–Muller, which matters at millions of samples per athlete; tails beyond ±3.5 σ are cut.
  normal(): number {
    return (this.next() + this.next() + this.next() + this.next() - 2) * Math.sqrt(3);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
}

export function createRandom(seed: number): Random {
  return new Mulberry32(seed);
}

/**
 * First-order autoregressive noise: each value keeps `persistence` of the previous one, so the
 * wobble of power or pace drifts smoothly instead of jumping every second. The stationary standard
 * deviation is `sd` whatever the persistence.
 */
export class AutoregressiveNoise {
  private value = 0;
  private readonly innovation: number;
  private readonly random: Random;
  private readonly persistence: number;

  constructor(random: Random, sd: number, persistence: number) {
    this.random = random;
    this.persistence = persistence;
    this.innovation = sd * Math.sqrt(1 - persistence * persistence);
  }

  next(): number {
    this.value = this.persistence * this.value + this.innovation * this.random.normal();
    return this.value;
  }
}
