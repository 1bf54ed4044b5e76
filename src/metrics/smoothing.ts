/**
 * Mean of each full trailing window of `windowLength` samples, over the included samples joined
 * end to end (pauses cut out, as a head unit's timer does). Aligned with `values`: null where the
 * sample is not included or fewer than `windowLength` included samples end there. Leaving the
 * first windowLength − 1 out, rather than padding them with zeros, is Coggan's definition of
 * Normalized Power; it makes a steady effort's NP equal its power.
 */
export function computeFullWindowMeans(
  values: readonly number[],
  included: readonly boolean[],
  windowLength: number,
): (number | null)[] {
  const means = new Array<number | null>(values.length).fill(null);
  const window: number[] = [];
  let windowSum = 0;
  values.forEach((value, k) => {
    if (!included[k]) return;
    window.push(value);
    windowSum += value;
    if (window.length > windowLength) windowSum -= window.shift()!;
    if (window.length === windowLength) means[k] = windowSum / windowLength;
  });
  return means;
}

/** The fourth root of the mean fourth power: a mean that weighs hard efforts the way physiology does. */
export function computeFourthPowerMeanRoot(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const value of values) sum += value ** 4;
  return (sum / values.length) ** 0.25;
}

export function computeMean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

export function selectIncluded<T>(values: readonly T[], included: readonly boolean[]): T[] {
  return values.filter((_, k) => included[k]);
}

export function selectPresent(values: readonly (number | null)[]): number[] {
  return values.filter((value) => value !== null);
}
