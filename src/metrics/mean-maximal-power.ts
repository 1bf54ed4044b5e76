/**
 * Mean-maximal power: for every duration d = 1 … n seconds of a 1 Hz power series, the highest
 * average power held over d consecutive seconds. Every duration is computed exactly; none is
 * sampled or interpolated.
 *
 * Each answer is a maximum over window sums read from prefix sums (cumulative work). Checking
 * all n²/2 windows of a 4 h ride means 10⁸ sums (100–200 ms); instead each duration runs a
 * branch-and-bound search over blocks of window starts. For a block of starts [a, h] and duration
 * d, two upper bounds on every window sum in the block are read in O(1), from the minima of the
 * aligned blocks of starts and from the maxima over the window ends [a + d, h + d]. Those come
 * from a sparse table (the maximum of every run of 2^k entries, so any range is two overlapping
 * runs): the maxima of the aligned blocks around the range, up to twice as wide, were looser
 * (36 % more blocks bounded on a 10 h ride).
 *
 * - span bound: the work in a window is W(i + d) − W(i) ≤ max W over [a + d, h + d] − min W over
 *   [a, h]. Using W(i) − m·i with m the mean power (subtracting m·d back) keeps the climb of the
 *   cumulative work out of the bound, so it stays tight on long rides.
 * - drift bound: moving the start from a to i adds the power entering the window and removes the
 *   power leaving it, so a window at i holds at most the window at a plus (i − a) × (max power
 *   entering − min power leaving). This one is exact on constant power and steady ramps.
 *
 * A block whose bound does not beat the best window found so far cannot hold the answer and is
 * skipped; otherwise it is halved, down to 16 starts that are checked one by one. The drift bound
 * is read only where the span bound fails, and only while it pays (`DRIFT_PAYS_ONE_IN`): on the
 * bench's 10 h ride of surges and coasting it pruned 1 block in 400 of those it was read for and
 * cost a quarter of the search's time; on ramps and steady swells it prunes 1 in 3 or 4. Reading
 * it less only prunes less, so the answer is the same. Every window is
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
  const search = createSearchState();
  const count = powerW1Hz.length;
  const watts = new Array<number>(count);
  let bestStart = 0;
  for (let durationS = count; durationS >= 1; durationS--) {
    bestStart = findBestWindowStart(index, search, durationS, bestStart);
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
   * The minimum of each aligned block of 2^l entries of the detrended work (`cumulativeJ[i] − trendW · i`)
   * and of the power, every level l in one array: level l's block b is at `levelStart[l] + b`.
   */
  levelStart: Int32Array;
  detrendedMinJ: Float64Array;
  powerMinW: Float64Array;
  /** The maximum of the detrended work and of the power over any range of up to 2^TOP_BLOCK_LOG2 entries. */
  detrendedMaxJ: RangeMaxima;
  powerMaxW: RangeMaxima;
  /** Slack for floating-point rounding in the bounds; zero in effect for whole watts. */
  roundingJ: number;
}

/**
 * A sparse table: `runs[(k − SCANNED_BLOCK_LOG2) * length + i]` is the maximum of the entries
 * i … i + 2^k − 1 (those that exist). Only runs of 2^SCANNED_BLOCK_LOG2 and more are kept: a block
 * that is bounded has more starts than that, so its ranges are never shorter. The two tables take
 * 128 bytes per second of the ride while the curve is computed (4.6 MB for 10 h).
 */
interface RangeMaxima {
  length: number;
  runs: Float64Array;
}

function buildWorkIndex(powerW: readonly number[]): WorkIndex {
  const count = powerW.length;
  const cumulativeJ = new Float64Array(count + 1);
  for (let i = 0; i < count; i++) cumulativeJ[i + 1] = cumulativeJ[i]! + powerW[i]!;
  const trendW = count === 0 ? 0 : Math.round(cumulativeJ[count]! / count);
  const detrendedJ = new Float64Array(count + 1);
  for (let i = 0; i <= count; i++) detrendedJ[i] = cumulativeJ[i]! - trendW * i;
  let magnitudeJ = Math.abs(trendW) * count;
  for (let i = 0; i <= count; i++) magnitudeJ = Math.max(magnitudeJ, Math.abs(cumulativeJ[i]!));
  // Level 0 holds the values themselves; the cumulative work has one entry more than the power.
  const levelStart = new Int32Array(TOP_BLOCK_LOG2 + 1);
  let length = count + 1;
  for (let level = 1; level <= TOP_BLOCK_LOG2; level++) {
    levelStart[level] = levelStart[level - 1]! + length;
    length = Math.ceil(length / 2);
  }
  const power = Float64Array.from(powerW);
  return {
    sampleCount: count,
    cumulativeJ,
    trendW,
    levelStart,
    detrendedMinJ: buildBlockMinima(detrendedJ, levelStart),
    powerMinW: buildBlockMinima(power, levelStart),
    detrendedMaxJ: buildRangeMaxima(detrendedJ),
    powerMaxW: buildRangeMaxima(power),
    roundingJ: 64 * Number.EPSILON * (magnitudeJ + 1),
  };
}

/** Every level's aligned block minima of `values` in one array, laid out by `levelStart` (sized for one entry more than `values` may have). */
function buildBlockMinima(values: Float64Array, levelStart: Int32Array): Float64Array {
  let length = values.length;
  const sizes = [length];
  for (let level = 1; level <= TOP_BLOCK_LOG2; level++) sizes.push((length = Math.ceil(length / 2)));
  const minima = new Float64Array(levelStart[TOP_BLOCK_LOG2]! + sizes[TOP_BLOCK_LOG2]!);
  minima.set(values, 0);
  for (let level = 1; level <= TOP_BLOCK_LOG2; level++) {
    const below = levelStart[level - 1]!;
    const belowLength = sizes[level - 1]!;
    const at = levelStart[level]!;
    for (let b = 0; b < sizes[level]!; b++) {
      const right = 2 * b + 1;
      minima[at + b] = right < belowLength ? Math.min(minima[below + 2 * b]!, minima[below + right]!) : minima[below + 2 * b]!;
    }
  }
  return minima;
}

function buildRangeMaxima(values: Float64Array): RangeMaxima {
  const length = values.length;
  const runs = new Float64Array((TOP_BLOCK_LOG2 - SCANNED_BLOCK_LOG2 + 1) * length);
  // Runs of 2, 4, … 2^SCANNED_BLOCK_LOG2 in place in the first row: going up, entry i + half still
  // holds the shorter run when entry i reads it.
  runs.set(values, 0);
  for (let k = 1; k <= SCANNED_BLOCK_LOG2; k++) {
    const half = 1 << (k - 1);
    for (let i = 0; i + half < length; i++) runs[i] = Math.max(runs[i]!, runs[i + half]!);
  }
  for (let k = SCANNED_BLOCK_LOG2 + 1; k <= TOP_BLOCK_LOG2; k++) {
    const below = (k - 1 - SCANNED_BLOCK_LOG2) * length;
    const at = below + length;
    const half = 1 << (k - 1);
    for (let i = 0; i < length; i++) runs[at + i] = i + half < length ? Math.max(runs[below + i]!, runs[below + i + half]!) : runs[below + i]!;
  }
  return { length, runs };
}

/**
 * Where the search is: the depth-first stack of blocks still to search (at most two per level), and
 * per level how often the drift bound was read and how often it pruned.
 */
interface SearchState {
  levels: Int32Array;
  blocks: Int32Array;
  driftRead: Float64Array;
  driftPruned: Float64Array;
  driftSkipped: Int32Array;
}

/**
 * The drift bound is read for every block of a level while it prunes at least one in this many
 * reads there, and otherwise for one block in this many, so that it is found again where it
 * starts to pay.
 */
const DRIFT_PAYS_ONE_IN = 32;

function createSearchState(): SearchState {
  return {
    levels: new Int32Array(2 * (TOP_BLOCK_LOG2 + 1)),
    blocks: new Int32Array(2 * (TOP_BLOCK_LOG2 + 1)),
    driftRead: new Float64Array(TOP_BLOCK_LOG2 + 1),
    driftPruned: new Float64Array(TOP_BLOCK_LOG2 + 1),
    driftSkipped: new Int32Array(TOP_BLOCK_LOG2 + 1),
  };
}

function windowWorkJ(index: WorkIndex, start: number, durationS: number): number {
  return index.cumulativeJ[start + durationS]! - index.cumulativeJ[start]!;
}

/** Start of a window of `durationS` seconds with the most work. */
function findBestWindowStart(index: WorkIndex, search: SearchState, durationS: number, previousBestStart: number): number {
  const { levels: pendingLevels, blocks: pendingBlocks } = search;
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
      } else if (blockMayExceed(index, search, level, block, last, durationS, bestJ + index.roundingJ)) {
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
 * by the span bound, then (where it pays, see `DRIFT_PAYS_ONE_IN`) the drift bound.
 */
function blockMayExceed(
  index: WorkIndex,
  search: SearchState,
  level: number,
  block: number,
  last: number,
  durationS: number,
  thresholdJ: number,
): boolean {
  const first = block << level;
  const spanBoundJ =
    maxOverRange(index.detrendedMaxJ, first + durationS, last + durationS) -
    index.detrendedMinJ[index.levelStart[level]! + block]! +
    index.trendW * durationS;
  if (spanBoundJ <= thresholdJ) return false;
  return !readsDriftBound(search, level) || driftBoundExceeds(index, search, level, block, last, durationS, thresholdJ);
}

/** Whether to read the drift bound of this block (see `DRIFT_PAYS_ONE_IN`). Kept apart so that the span bound stays small enough to inline. */
function readsDriftBound(search: SearchState, level: number): boolean {
  if (search.driftPruned[level]! * DRIFT_PAYS_ONE_IN >= search.driftRead[level]!) return true;
  if (++search.driftSkipped[level]! < DRIFT_PAYS_ONE_IN) return false;
  search.driftSkipped[level] = 0;
  return true;
}

function driftBoundExceeds(index: WorkIndex, search: SearchState, level: number, block: number, last: number, durationS: number, thresholdJ: number): boolean {
  search.driftRead[level]!++;
  const first = block << level;
  const enteringMaxW = maxOverRange(index.powerMaxW, first + durationS, last + durationS - 1);
  const leavingMinW = index.powerMinW[index.levelStart[level]! + block]!;
  const driftBoundJ = windowWorkJ(index, first, durationS) + (last - first) * Math.max(0, enteringMaxW - leavingMinW);
  if (driftBoundJ > thresholdJ) return true;
  search.driftPruned[level]!++;
  return false;
}

/** Maximum over [from, to], a range of 2^SCANNED_BLOCK_LOG2 to 2^TOP_BLOCK_LOG2 entries: the two runs of 2^k that cover it. */
function maxOverRange({ length, runs }: RangeMaxima, from: number, to: number): number {
  const k = 31 - Math.clz32(to - from + 1);
  const at = (k - SCANNED_BLOCK_LOG2) * length;
  return Math.max(runs[at + from]!, runs[at + to - (1 << k) + 1]!);
}
