/**
 * Two readings of the same thing merged: each of `first`'s values, and where it has none (null or
 * absent) the `fallback`'s. Used where a recording repeats a sample, and where a lap's stated
 * figures stand in for those its streams cannot give.
 */
export function fillMissing<T extends object>(first: T, fallback: T): T {
  const merged = { ...fallback, ...first };
  for (const key of Object.keys(merged) as (keyof T)[]) merged[key] = first[key] ?? fallback[key];
  return merged;
}
