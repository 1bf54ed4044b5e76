/** Halves shorter than 10 min mostly measure the heart rate's lag behind a change in effort. */
const MIN_DECOUPLING_DURATION_S = 20 * 60;

/**
 * Aerobic decoupling (Friel's Pw:HR, or Pa:HR for pace), the usual definition as GoldenCheetah
 * computes it (ADR 0021): the activity's counted seconds are cut into two halves of equal
 * duration; each half's ratio is its average output over its average heart rate; decoupling is how
 * far the second ratio fell below the first, in percent. Positive means heart rate drifted up for
 * the same output. Null below 20 min of counted seconds, or when a half has no heart rate.
 *
 * `outputPerS` is the 1 Hz output, null where a second does not count (power, 0 W while coasting,
 * null in pauses; or grade-adjusted speed, null when standing), and `summarizeOutput` turns one
 * half of it into one number (its mean).
 */
export function computeDecouplingPct(
  outputPerS: readonly (number | null)[],
  heartrateBpm: readonly (number | null)[],
  summarizeOutput: (values: number[]) => number | null,
): number | null {
  const seconds: number[] = [];
  for (let k = 0; k < outputPerS.length; k++) if (outputPerS[k] != null) seconds.push(k);
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
  const outputs = new Array<number>(seconds.length);
  for (let i = 0; i < seconds.length; i++) outputs[i] = outputPerS[seconds[i]!]!;
  const output = summarizeOutput(outputs);
  let heartrateSumBpm = 0;
  let heartrateCount = 0;
  for (let i = 0; i < seconds.length; i++) {
    const bpm = heartrateBpm[seconds[i]!];
    if (bpm == null) continue;
    heartrateSumBpm += bpm;
    heartrateCount++;
  }
  if (output === null || heartrateCount === 0) return null;
  const averageHeartrateBpm = heartrateSumBpm / heartrateCount;
  return averageHeartrateBpm <= 0 ? null : output / averageHeartrateBpm;
}
