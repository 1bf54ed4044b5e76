/** Halves shorter than 10 min mostly measure the heart rate's lag behind a change in effort. */
const MIN_DECOUPLING_DURATION_S = 20 * 60;

/**
 * Aerobic decoupling (Friel's Pw:HR, or Pa:HR for pace): how far the efficiency factor (output
 * per heartbeat) of the second half of the activity fell below the first half's, in percent.
 * Positive means heart rate drifted up for the same output. The halves split the seconds that have
 * both an output and a heart rate into two equal counts; null below 20 min of such seconds.
 *
 * `outputPerS` is the 1 Hz output the efficiency factor measures, null where it does not count
 * (30 s power means, null in pauses; or grade-adjusted speed, null when standing), and
 * `summarizeOutput` turns one half of it into one number (the half's Normalized Power, or its
 * mean speed).
 */
export function computeDecouplingPct(
  outputPerS: readonly (number | null)[],
  heartrateBpm: readonly (number | null)[],
  summarizeOutput: (values: number[]) => number | null,
): number | null {
  const seconds = outputPerS.flatMap((output, k) => (output !== null && heartrateBpm[k] != null ? [k] : []));
  if (seconds.length < MIN_DECOUPLING_DURATION_S) return null;
  const middle = Math.floor(seconds.length / 2);
  const firstHalf = efficiencyOf(seconds.slice(0, middle), outputPerS, heartrateBpm, summarizeOutput);
  const secondHalf = efficiencyOf(seconds.slice(middle), outputPerS, heartrateBpm, summarizeOutput);
  if (firstHalf === null || secondHalf === null || firstHalf === 0) return null;
  return ((firstHalf - secondHalf) / firstHalf) * 100;
}

function efficiencyOf(
  seconds: number[],
  outputPerS: readonly (number | null)[],
  heartrateBpm: readonly (number | null)[],
  summarizeOutput: (values: number[]) => number | null,
): number | null {
  const output = summarizeOutput(seconds.map((k) => outputPerS[k]!));
  let heartrateSumBpm = 0;
  for (const k of seconds) heartrateSumBpm += heartrateBpm[k]!;
  const averageHeartrateBpm = heartrateSumBpm / seconds.length;
  return output === null || averageHeartrateBpm <= 0 ? null : output / averageHeartrateBpm;
}
