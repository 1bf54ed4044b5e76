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
  for (let k = 0; k < values.length; k++) {
    if (!included[k]) continue;
    window.push(values[k]!);
    windowSum += values[k]!;
    if (window.length > windowLength) windowSum -= window.shift()!;
    if (window.length === windowLength) means[k] = windowSum / windowLength;
  }
  return means;
}

/** The fourth root of the mean fourth power: a mean that weighs hard efforts the way physiology does. */
export function computeFourthPowerMeanRoot(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]! ** 4;
  return (sum / values.length) ** 0.25;
}

export function computeMean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]!;
  return sum / values.length;
}

export function selectIncluded<T>(values: readonly T[], included: readonly boolean[]): T[] {
  const selected: T[] = [];
  for (let k = 0; k < values.length; k++) if (included[k]) selected.push(values[k]!);
  return selected;
}

export function selectPresent(values: readonly (number | null)[]): number[] {
  const present: number[] = [];
  for (let k = 0; k < values.length; k++) {
    const value = values[k];
    if (value != null) present.push(value);
  }
  return present;
}
