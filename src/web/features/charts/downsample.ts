/** A series to draw: x ascending, y null where nothing was recorded (the line breaks there). */
export interface XySeries {
  x: number[];
  y: (number | null)[];
}

/**
 * Thins a series to about `targetPoints` points for drawing, by Largest-Triangle-Three-Buckets
 * (Steinarsson, "Downsampling Time Series for Visual Representation", 2013): each bucket keeps the
 * point that spans the largest triangle with its neighbours, so peaks and troughs survive where an
 * average would flatten them. Gaps stay gaps: each recorded run is thinned on its own, in
 * proportion to its length, and runs are joined by one null point. Series no longer than the
 * target come back as they are.
 */
export function downsampleSeries(series: XySeries, targetPoints: number): XySeries {
  const { x, y } = series;
  if (x.length <= targetPoints) return series;
  const runs = recordedRuns(y);
  const recordedCount = runs.reduce((sum, run) => sum + run.end - run.start, 0);
  const out: XySeries = { x: [], y: [] };
  runs.forEach((run, r) => {
    if (r > 0) {
      // The line breaks at the first missing sample after the previous run.
      out.x.push(x[runs[r - 1]!.end]!);
      out.y.push(null);
    }
    const length = run.end - run.start;
    const share = Math.max(2, Math.round((targetPoints * length) / recordedCount));
    largestTriangles(x, y as number[], run.start, run.end, share, out);
  });
  return out;
}

/** Half-open index ranges [start, end) of consecutive recorded (non-null) values. */
function recordedRuns(y: readonly (number | null)[]): { start: number; end: number }[] {
  const runs: { start: number; end: number }[] = [];
  let start = -1;
  for (let i = 0; i <= y.length; i++) {
    const recorded = i < y.length && y[i] !== null && y[i] !== undefined;
    if (recorded && start < 0) start = i;
    if (!recorded && start >= 0) {
      runs.push({ start, end: i });
      start = -1;
    }
  }
  return runs;
}

/** LTTB over x/y[start, end), appending to `out`; the first and last points are always kept. */
function largestTriangles(x: readonly number[], y: readonly number[], start: number, end: number, points: number, out: XySeries): void {
  const length = end - start;
  if (length <= points) {
    for (let i = start; i < end; i++) {
      out.x.push(x[i]!);
      out.y.push(y[i]!);
    }
    return;
  }
  const bucketSize = (length - 2) / (points - 2);
  let kept = start;
  out.x.push(x[kept]!);
  out.y.push(y[kept]!);
  for (let bucket = 0; bucket < points - 2; bucket++) {
    const from = start + 1 + Math.floor(bucket * bucketSize);
    const to = start + 1 + Math.floor((bucket + 1) * bucketSize);
    // The next bucket's mean is the third corner of the triangle (the last point for the last bucket).
    const nextFrom = to;
    const nextTo = Math.min(start + 1 + Math.floor((bucket + 2) * bucketSize), end - 1);
    let meanX = 0;
    let meanY = 0;
    const nextCount = Math.max(1, nextTo - nextFrom);
    for (let i = nextFrom; i < nextFrom + nextCount; i++) {
      meanX += x[i]!;
      meanY += y[i]!;
    }
    meanX /= nextCount;
    meanY /= nextCount;
    let bestArea = -1;
    let best = from;
    for (let i = from; i < to; i++) {
      const area = Math.abs((x[kept]! - meanX) * (y[i]! - y[kept]!) - (x[kept]! - x[i]!) * (meanY - y[kept]!));
      if (area > bestArea) {
        bestArea = area;
        best = i;
      }
    }
    out.x.push(x[best]!);
    out.y.push(y[best]!);
    kept = best;
  }
  out.x.push(x[end - 1]!);
  out.y.push(y[end - 1]!);
}
