import type { CSSProperties } from 'react';
import { CONTOUR_HEIGHT, CONTOUR_REPEAT_WIDTH, contourPath } from './contour-lines.ts';

interface ContourLayer {
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

const farLayer = layer(150, 'var(--color-fg)', 11, 9, 0.07, 70);
const midLayer = layer(100, 'var(--color-pulse)', 41, 6, 0.16, 90);
const nearLayer = layer(64, 'var(--color-accent)', 71, 4, 0.3, 110);
// One bright line in front, the "effort trace" the eye follows.
nearLayer.lines.push({ d: contourPath({ seed: 97, baselineY: CONTOUR_HEIGHT * 0.7, amplitude: 110 }), opacity: 0.7, width: 2 });

const layers = [farLayer, midLayer, nearLayer];

/**
 * The landing page's full-screen backdrop: slowly drifting terrain lines and two soft glows, all
 * CSS transforms on inline SVG (no video, no remote asset). Under prefers-reduced-motion the global
 * stylesheet stops the animations and the picture stays still.
 */
export function ContourBackground() {
  return (
    <div aria-hidden className="pointer-events-none fixed inset-0 -z-10 overflow-hidden">
      <div className="absolute -top-1/3 left-1/3 size-[64rem] animate-glow rounded-full bg-[radial-gradient(closest-side,color-mix(in_oklab,var(--color-accent)_16%,transparent),transparent)]" />
      <div className="absolute -bottom-1/2 -left-1/4 size-[60rem] animate-glow rounded-full bg-[radial-gradient(closest-side,color-mix(in_oklab,var(--color-pulse)_12%,transparent),transparent)] [animation-delay:-9s]" />
      <div className="absolute inset-0 [mask-image:linear-gradient(to_bottom,transparent,black_30%,black_75%,transparent)]">
        {layers.map(({ durationS, stroke, lines }) => (
          <div
            key={durationS}
            className="absolute inset-y-0 left-0 w-[max(200%,2400px)] animate-drift will-change-transform"
            style={{ '--drift-duration': `${durationS}s` } as CSSProperties}
          >
            <svg viewBox={`0 0 ${CONTOUR_REPEAT_WIDTH * 2} ${CONTOUR_HEIGHT}`} preserveAspectRatio="none" className="size-full">
              {lines.map(({ d, opacity, width }) => (
                <path key={d} d={d} fill="none" stroke={stroke} strokeOpacity={opacity} strokeWidth={width} vectorEffect="non-scaling-stroke" />
              ))}
            </svg>
          </div>
        ))}
      </div>
      <div className="absolute inset-0 bg-[radial-gradient(ellipse_at_50%_40%,transparent_35%,var(--color-canvas)_100%)]" />
    </div>
  );
}
