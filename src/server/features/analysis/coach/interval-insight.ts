import type { AnalysisContext, IntervalFacts } from '../../facts/index.ts';

/** Heart rate that moved less than this across a set held steady. */
const STEADY_DRIFT_BPM = 2;
/** Efforts within this many % FTP of each other were paced evenly. */
const EVEN_PACING_SPREAD_PCT = 5;

/** The set in one phrase: '4 × 8 min at 97–101% FTP, heart rate drifting 6 bpm across the set'. */
export function intervalSetText(intervals: IntervalFacts): string {
  const { set } = intervals;
  const intensity = set.ftpShareRange ? ` at ${set.ftpShareRange.text} FTP` : set.powerRange ? ` at ${set.powerRange.text}` : '';
  const drift = set.heartRateDrift;
  const heartRate =
    drift === null || set.repeats.value < 2
      ? ''
      : drift.value >= STEADY_DRIFT_BPM
        ? `, heart rate drifting ${drift.text} across the set`
        : drift.value <= -STEADY_DRIFT_BPM
          ? `, heart rate ${drift.text} lower in the last than in the first`
          : ', heart rate steady across the set';
  return `${set.repeats.text} × ${set.duration.text}${intensity}${heartRate}`;
}

/** How the set was paced, when its power says. */
export function intervalPacing(intervals: IntervalFacts): string | null {
  const shares = intervals.work.map((interval) => interval.ftpShare?.value ?? interval.averagePower?.value ?? null);
  if (shares.length < 2 || shares.some((share) => share === null)) return null;
  const values = shares as number[];
  const first = values[0]!;
  const spreadPct = ((Math.max(...values) - Math.min(...values)) / first) * 100;
  if (spreadPct <= EVEN_PACING_SPREAD_PCT) return 'Evenly paced: the last effort held what the first one did.';
  return values.at(-1)! < first ? 'The efforts faded towards the end: start the next set a touch lower.' : 'You built through the set, finishing stronger than you started.';
}

/** Key insight for an interval session (the structured-workout detail says it in its own words). */
export function intervalInsight(context: AnalysisContext): string | null {
  const intervals = context.intervals;
  if (!intervals || context.rideDetail?.type === 'structured-workout') return null;
  const pacing = intervalPacing(intervals);
  return `Intervals (from ${intervals.foundBy}): ${intervalSetText(intervals)}.${pacing ? ` ${pacing}` : ''}`;
}
