/** The O(n²) reference: every window of every duration, summed directly. */
export function computeMeanMaximalPowerNaively(powerW: readonly number[]): number[] {
  const bestW: number[] = [];
  for (let durationS = 1; durationS <= powerW.length; durationS++) {
    let bestJ = -Infinity;
    let windowJ = 0;
    for (let end = 0; end < powerW.length; end++) {
      windowJ += powerW[end]!;
      if (end >= durationS) windowJ -= powerW[end - durationS]!;
      if (end >= durationS - 1 && windowJ > bestJ) bestJ = windowJ;
    }
    bestW.push(bestJ / durationS);
  }
  return bestW;
}
