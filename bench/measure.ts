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
