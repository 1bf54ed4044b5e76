/**
 * The arithmetic of the small charts beside Kai's answers: scales, paths and axis ticks. Hand
 * written because the charts are three fixed shapes of a few dozen points each; the app's chart
 * library (uPlot, canvas) is for the activity streams and would add its weight to this screen.
 */

export interface Range {
  min: number;
  max: number;
}

/** A function from a value in `domain` to a position in `range`; a domain of one value maps to the range's middle. */
export function linearScale(domain: Range, range: Range): (value: number) => number {
  const span = domain.max - domain.min;
  if (span === 0) return () => (range.min + range.max) / 2;
  return (value) => range.min + ((value - domain.min) / span) * (range.max - range.min);
}

/** The same over log₁₀ of the value: durations from seconds to hours spread evenly per decade. */
export function logScale(domain: Range, range: Range): (value: number) => number {
  const linear = linearScale({ min: Math.log10(domain.min), max: Math.log10(domain.max) }, range);
  return (value) => linear(Math.log10(value));
}

/** The smallest and largest of the values, ignoring nulls; null when there is none. */
export function extent(values: readonly (number | null)[]): Range | null {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const value of values) {
    if (value === null || !Number.isFinite(value)) continue;
    min = Math.min(min, value);
    max = Math.max(max, value);
  }
  return min <= max ? { min, max } : null;
}

/** An SVG path through the points, lifting the pen over nulls (a period with no effort that long). */
export function linePath(points: readonly { x: number; y: number | null }[]): string {
  let path = '';
  let drawing = false;
  for (const { x, y } of points) {
    if (y === null) {
      drawing = false;
      continue;
    }
    path += `${drawing ? 'L' : 'M'}${x.toFixed(1)},${y.toFixed(1)}`;
    drawing = true;
  }
  return path;
}

/** About `count` round values inside the range (steps of 1, 2 or 5 times a power of ten, the one nearest range / count). */
export function niceTicks(range: Range, count = 4): number[] {
  const span = range.max - range.min;
  if (span <= 0) return [range.min];
  const rough = span / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).reduce((best, candidate) => (Math.abs(candidate - rough) < Math.abs(best - rough) ? candidate : best));
  const ticks: number[] = [];
  for (let tick = Math.ceil(range.min / step) * step; tick <= range.max + step * 1e-9; tick += step) ticks.push(Number(tick.toFixed(10)));
  return ticks;
}

/** The power curve's duration ticks: 5 s, 1 min, 5 min, 20 min, 1 h, 3 h, those inside the range. */
export const DURATION_TICKS_S = [5, 60, 300, 1200, 3600, 10_800] as const;

export function durationTicks(range: Range): number[] {
  return DURATION_TICKS_S.filter((duration) => duration >= range.min && duration <= range.max);
}

/** '5 s', '1 min', '20 min', '1 h': a power curve's duration, short. */
export function shortDuration(durationS: number): string {
  if (durationS < 60) return `${Math.round(durationS)} s`;
  if (durationS < 3600) return `${Math.round(durationS / 60)} min`;
  const hours = durationS / 3600;
  return `${Number.isInteger(hours) ? hours : hours.toFixed(1)} h`;
}

/** The drawing box of every answer chart (SVG units; the chart scales to its column). */
export const PLOT = { width: 320, height: 150, left: 34, right: 8, top: 8, bottom: 22 } as const;
export const PLOT_X: Range = { min: PLOT.left, max: PLOT.width - PLOT.right };
/** Screen y grows downwards: the range runs from the bottom edge up. */
export const PLOT_Y: Range = { min: PLOT.height - PLOT.bottom, max: PLOT.top };
