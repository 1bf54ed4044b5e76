/**
 * Mean-maximal power: for every duration d = 1 … n seconds of a 1 Hz power series, the highest
 * average power held over d consecutive seconds. Every duration is computed exactly; none is
 * sampled or interpolated.
 *
 * Each answer is a maximum over window sums read from prefix sums (cumulative work). Checking
 * all n²/2 windows of a 4 h ride means 10⁸ sums (100–200 ms); instead each duration runs a
 * branch-and-bound search
 * over blocks of window starts. For a block of starts [a, h] and duration d, two upper bounds on
 * every window sum in the block are read in O(1) from precomputed block minima and maxima:
 *
 * - span bound: the work in a window is W(i + d) − W(i) ≤ max W over [a + d, h + d] − min W over
 *   [a, h]. Using W(i) − m·i with m the mean power (subtracting m·d back) keeps the climb of the
 *   cumulative work out of the bound, so it stays tight on long rides.
 * - drift bound: moving the start from a to i adds the power entering the window and removes the
 *   power leaving it, so a window at i holds at most the window at a plus (i − a) × (max power
 *   entering − min power leaving). This one is exact on constant power and steady ramps.
 *
 * A block whose bound does not beat the best window found so far cannot hold the answer and is
 * skipped; otherwise it is halved, down to 16 starts that are checked one by one. Every window is
 * therefore either checked or proven no better, so the result is the true maximum. For whole-watt
 * power (what power meters record) the arithmetic is exact integer arithmetic; otherwise results
 * can differ from a plain scan only by floating-point rounding (< 1e-6 J per window).
 *
 * Durations are visited from longest to shortest, starting each search from the two windows inside
 * the previous duration's best window: usually at or near the answer, so most blocks are pruned at
 * once.
 *
 * The exact curve is not always non-increasing: in [500, 0, 500] the best 2 s average 250 W and
 * the best 3 s 333 W. `computePowerDurationCurve` gives the non-increasing form.
 */
export interface MeanMaximalPowerCurve {
  /** 1, 2, … n. */
  durationsS: number[];
  /** `watts[k]` is the best average power over `durationsS[k]` seconds. */
  watts: number[];
}

export function computeMeanMaximalPower(powerW1Hz: readonly number[]): MeanMaximalPowerCurve {
  const index = buildWorkIndex(powerW1Hz);
  const pending = createPendingBlocks();
  const count = powerW1Hz.length;
  const watts = new Array<number>(count);
  let bestStart = 0;
  for (let durationS = count; durationS >= 1; durationS--) {
    bestStart = findBestWindowStart(index, pending, durationS, bestStart);
    watts[durationS - 1] = windowWorkJ(index, bestStart, durationS) / durationS;
  }
  return { durationsS: watts.map((_, k) => k + 1), watts };
}

/**
 * The power-duration curve: at each duration, the best average power held for that long or longer,
 * i.e. the non-increasing envelope of the mean-maximal power. This is the curve to chart and to fit
 * critical power to: a rider who averaged 388 W for 33 s has shown 388 W for 32 s too. It keeps
 * both ends: the best second is the maximum power, the whole series its mean.
 */
export function computePowerDurationCurve(meanMaximal: MeanMaximalPowerCurve): MeanMaximalPowerCurve {
  const watts = [...meanMaximal.watts];
  for (let k = watts.length - 2; k >= 0; k--) watts[k] = Math.max(watts[k]!, watts[k + 1]!);
  return { durationsS: [...meanMaximal.durationsS], watts };
}

/** Blocks of fewer than 2^4 + 1 starts are checked one by one: cheaper than bounding them. */
const SCANNED_BLOCK_LOG2 = 4;
/** The search starts from blocks of 2^11 = 2048 starts. */
const TOP_BLOCK_LOG2 = 11;

interface WorkIndex {
  sampleCount: number;
  /** `cumulativeJ[i]` is the work of the first i seconds. */
  cumulativeJ: Float64Array;
  /** Whole-watt mean power, so that the detrended work stays exact for whole-watt input. */
  trendW: number;
  /**
   * Per level l, the minimum / maximum of each aligned block of 2^l entries of the detrended
   * work (`cumulativeJ[i] − trendW · i`) and of the power.
   */
  detrendedMinJ: Float64Array[];
  detrendedMaxJ: Float64Array[];
  powerMinW: Float64Array[];
  powerMaxW: Float64Array[];
  /** Slack for floating-point rounding in the bounds; zero in effect for whole watts. */
  roundingJ: number;
}

function buildWorkIndex(powerW: readonly number[]): WorkIndex {
  const count = powerW.length;
  const cumulativeJ = new Float64Array(count + 1);
  for (let i = 0; i < count; i++) cumulativeJ[i + 1] = cumulativeJ[i]! + powerW[i]!;
  const trendW = count === 0 ? 0 : Math.round(cumulativeJ[count]! / count);
  const detrendedJ = cumulativeJ.map((workJ, i) => workJ - trendW * i);
  let magnitudeJ = Math.abs(trendW) * count;
  for (const workJ of cumulativeJ) magnitudeJ = Math.max(magnitudeJ, Math.abs(workJ));
  return {
    sampleCount: count,
    cumulativeJ,
    trendW,
    detrendedMinJ: buildBlockExtremes(detrendedJ, Math.min),
    detrendedMaxJ: buildBlockExtremes(detrendedJ, Math.max),
    powerMinW: buildBlockExtremes(Float64Array.from(powerW), Math.min),
    powerMaxW: buildBlockExtremes(Float64Array.from(powerW), Math.max),
    roundingJ: 64 * Number.EPSILON * (magnitudeJ + 1),
  };
}

function buildBlockExtremes(values: Float64Array, pick: (a: number, b: number) => number): Float64Array[] {
  const levels = [values];
  for (let level = 1; level <= TOP_BLOCK_LOG2; level++) {
    const below = levels[level - 1]!;
    const blocks = new Float64Array(Math.ceil(below.length / 2));
    for (let b = 0; b < blocks.length; b++) {
      const right = 2 * b + 1;
      blocks[b] = right < below.length ? pick(below[2 * b]!, below[right]!) : below[2 * b]!;
    }
    levels.push(blocks);
  }
  return levels;
}

/** The depth-first stack of blocks still to search: at most two per level. */
interface PendingBlocks {
  levels: Int32Array;
  blocks: Int32Array;
}

function createPendingBlocks(): PendingBlocks {
  return { levels: new Int32Array(2 * (TOP_BLOCK_LOG2 + 1)), blocks: new Int32Array(2 * (TOP_BLOCK_LOG2 + 1)) };
}

function windowWorkJ(index: WorkIndex, start: number, durationS: number): number {
  return index.cumulativeJ[start + durationS]! - index.cumulativeJ[start]!;
}

/** Start of a window of `durationS` seconds with the most work. */
function findBestWindowStart(
  index: WorkIndex,
  { levels: pendingLevels, blocks: pendingBlocks }: PendingBlocks,
  durationS: number,
  previousBestStart: number,
): number {
  const { cumulativeJ } = index;
  const lastStart = index.sampleCount - durationS;
  let bestStart = Math.min(previousBestStart, lastStart);
  let bestJ = windowWorkJ(index, bestStart, durationS);
  if (bestStart + 1 <= lastStart && windowWorkJ(index, bestStart + 1, durationS) > bestJ) {
    bestStart++;
    bestJ = windowWorkJ(index, bestStart, durationS);
  }

  for (let topBlock = 0; topBlock << TOP_BLOCK_LOG2 <= lastStart; topBlock++) {
    pendingLevels[0] = TOP_BLOCK_LOG2;
    pendingBlocks[0] = topBlock;
    let pending = 1;
    while (pending > 0) {
      pending--;
      const level = pendingLevels[pending]!;
      const block = pendingBlocks[pending]!;
      const first = block << level;
      if (first > lastStart) continue;
      const last = Math.min(first + (1 << level) - 1, lastStart);
      if (last - first < 1 << SCANNED_BLOCK_LOG2) {
        for (let start = first; start <= last; start++) {
          const workJ = cumulativeJ[start + durationS]! - cumulativeJ[start]!;
          if (workJ > bestJ) {
            bestJ = workJ;
            bestStart = start;
          }
        }
      } else if (blockMayExceed(index, level, block, last, durationS, bestJ + index.roundingJ)) {
        pendingLevels[pending] = level - 1;
        pendingBlocks[pending] = 2 * block + 1;
        pendingLevels[pending + 1] = level - 1;
        pendingBlocks[pending + 1] = 2 * block;
        pending += 2;
      }
    }
  }
  return bestStart;
}

/**
 * Whether a window of `durationS` starting in the block might hold more than `thresholdJ` of work,
 * by the span bound, then the drift bound (see the module comment).
 */
function blockMayExceed(
  index: WorkIndex,
  level: number,
  block: number,
  last: number,
  durationS: number,
  thresholdJ: number,
): boolean {
  const first = block << level;
  const spanBoundJ =
    maxOverRange(index.detrendedMaxJ[level]!, level, first + durationS, last + durationS) -
    index.detrendedMinJ[level]![block]! +
    index.trendW * durationS;
  if (spanBoundJ <= thresholdJ) return false;
  const enteringMaxW = maxOverRange(index.powerMaxW[level]!, level, first + durationS, last + durationS - 1);
  const leavingMinW = index.powerMinW[level]![block]!;
  const driftBoundJ = windowWorkJ(index, first, durationS) + (last - first) * Math.max(0, enteringMaxW - leavingMinW);
  return driftBoundJ > thresholdJ;
}

/** Maximum over [from, to], a range no longer than one block, so it lies in at most two blocks. */
function maxOverRange(blocks: Float64Array, level: number, from: number, to: number): number {
  const firstBlock = from >> level;
  const lastBlock = to >> level;
  return Math.max(blocks[firstBlock]!, blocks[lastBlock]!);
}
