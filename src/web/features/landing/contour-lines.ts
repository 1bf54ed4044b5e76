/**
 * Geometry of the landing page's moving terrain lines. Each line is a sum of sine harmonics whose
 * periods divide the repeat width, drawn across two repeats: shifting it left by exactly one repeat
 * gives the same picture, so a CSS animation to -50% loops without a seam.
 */
export const CONTOUR_REPEAT_WIDTH = 1200;
export const CONTOUR_HEIGHT = 800;

const HARMONICS = [
  { cycles: 1, weight: 1 },
  { cycles: 2, weight: 0.55 },
  { cycles: 3, weight: 0.35 },
  { cycles: 5, weight: 0.18 },
] as const;
const TOTAL_WEIGHT = HARMONICS.reduce((sum, harmonic) => sum + harmonic.weight, 0);
const SAMPLE_STEP = 12;

/** Deterministic pseudo-random numbers (mulberry32), so the terrain looks the same on every visit. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface ContourLineSpec {
  seed: number;
  /** Vertical centre of the line, in viewBox units. */
  baselineY: number;
  /** Largest distance from the baseline, in viewBox units. */
  amplitude: number;
}

/** The SVG path of one line over two repeats (x from 0 to 2 × CONTOUR_REPEAT_WIDTH). */
export function contourPath({ seed, baselineY, amplitude }: ContourLineSpec): string {
  const random = seededRandom(seed);
  const phases = HARMONICS.map(() => random() * Math.PI * 2);
  const points: string[] = [];
  for (let x = 0; x <= CONTOUR_REPEAT_WIDTH * 2; x += SAMPLE_STEP) {
    const angle = (x / CONTOUR_REPEAT_WIDTH) * Math.PI * 2;
    const height = HARMONICS.reduce((sum, { cycles, weight }, index) => sum + weight * Math.sin(cycles * angle + (phases[index] ?? 0)), 0);
    const y = baselineY - (amplitude * height) / TOTAL_WEIGHT;
    points.push(`${x} ${y.toFixed(1)}`);
  }
  return `M${points.join('L')}`;
}
