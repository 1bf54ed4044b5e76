import { describe, expect, it } from 'vitest';
import { CONTOUR_REPEAT_WIDTH, contourPath } from '../../src/web/features/landing/contour-lines.ts';

/** [x, y] points of an "M x yLx y..." path. */
function pointsOf(path: string): [number, number][] {
  return path
    .slice(1)
    .split('L')
    .map((pair) => pair.split(' ').map(Number) as [number, number]);
}

describe('landing background contour lines', () => {
  const spec = { seed: 7, baselineY: 400, amplitude: 100 };

  it('spans two repeats and loops without a seam when shifted by one', () => {
    const points = pointsOf(contourPath(spec));
    expect(points[0]?.[0]).toBe(0);
    expect(points.at(-1)?.[0]).toBe(CONTOUR_REPEAT_WIDTH * 2);
    const yAt = (x: number) => points.find(([px]) => px === x)?.[1];
    for (const x of [0, 120, 600, 1080]) {
      expect(yAt(x)).toBeCloseTo(yAt(x + CONTOUR_REPEAT_WIDTH)!, 1);
    }
  });

  it('stays within its amplitude around the baseline', () => {
    for (const [, y] of pointsOf(contourPath(spec))) {
      expect(Math.abs(y - spec.baselineY)).toBeLessThanOrEqual(spec.amplitude + 0.05);
    }
  });

  it('draws the same line for the same seed, and another for another seed', () => {
    expect(contourPath(spec)).toBe(contourPath(spec));
    expect(contourPath({ ...spec, seed: 8 })).not.toBe(contourPath(spec));
  });
});
