/** What the benchmarks share: a repeatable random sequence and timing of synchronous work. */

/** A deterministic pseudo-random sequence in [0, 1) (mulberry32), so every run measures the same input. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How long `work` took, in milliseconds. */
export function timeMs(work: () => unknown): number {
  const startedAt = performance.now();
  work();
  return performance.now() - startedAt;
}

/** The median of the values (the upper one of an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** How long one piece of work took over many runs, in milliseconds to 0.01. */
export interface RunTimes {
  runs: number;
  /** The median run (nearest rank). */
  p50Ms: number;
  /** The 99th percentile run (nearest rank). */
  p99Ms: number;
}

/** Times `work` over `runs` runs, one after the other. */
export function timeRuns(runs: number, work: () => void): RunTimes {
  const times = Array.from({ length: runs }, () => timeMs(work)).sort((a, b) => a - b);
  const percentile = (p: number) => Number(times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!.toFixed(2));
  return { runs, p50Ms: percentile(50), p99Ms: percentile(99) };
}
