import { CONTOUR_HEIGHT, contourPath } from './contour-lines.ts';

/** One plane of the landing page's backdrop. */
export interface ContourLayer {
  /** One full repeat takes this long; nearer layers move faster, which reads as depth. */
  durationS: number;
  stroke: string;
  lines: { d: string; opacity: number; width: number }[];
}

function layer(durationS: number, stroke: string, firstSeed: number, count: number, opacity: number, amplitude: number): ContourLayer {
  return {
    durationS,
    stroke,
    lines: Array.from({ length: count }, (_, index) => ({
      d: contourPath({
        seed: firstSeed + index,
        baselineY: CONTOUR_HEIGHT * (0.22 + (0.7 * (index + 0.5)) / count),
        amplitude: amplitude * (0.7 + (index % 3) * 0.2),
      }),
      opacity,
      width: 1,
    })),
  };
}

/** The backdrop's planes, far to near: the same terrain on every visit. */
export function contourLayers(): ContourLayer[] {
  const farLayer = layer(150, 'var(--color-fg)', 11, 9, 0.07, 70);
  const midLayer = layer(100, 'var(--color-pulse)', 41, 6, 0.16, 90);
  const nearLayer = layer(64, 'var(--color-accent)', 71, 4, 0.3, 110);
  // One bright line in front, the "effort trace" the eye follows.
  nearLayer.lines.push({ d: contourPath({ seed: 97, baselineY: CONTOUR_HEIGHT * 0.7, amplitude: 110 }), opacity: 0.7, width: 2 });
  return [farLayer, midLayer, nearLayer];
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * Draws the lines into a backdrop rendered without them (`<ContourBackground lines="deferred" />`):
 * the landing page's HTML stays small, and the page draws its terrain itself (ADR 0054).
 */
export function drawContourLines(backdrop: ParentNode): void {
  const layers = contourLayers();
  for (const svg of backdrop.querySelectorAll<SVGSVGElement>('svg[data-contour-layer]')) {
    const plane = layers[Number(svg.dataset.contourLayer)];
    if (!plane) continue;
    for (const { d, opacity, width } of plane.lines) {
      const path = document.createElementNS(SVG_NS, 'path');
      path.setAttribute('d', d);
      path.setAttribute('fill', 'none');
      path.setAttribute('stroke', plane.stroke);
      path.setAttribute('stroke-opacity', String(opacity));
      path.setAttribute('stroke-width', String(width));
      path.setAttribute('vector-effect', 'non-scaling-stroke');
      svg.append(path);
    }
  }
}
