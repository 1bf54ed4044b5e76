import type { CSSProperties } from 'react';
import { CONTOUR_HEIGHT, CONTOUR_REPEAT_WIDTH } from './contour-lines.ts';
import { contourLayers } from './contour-layers.ts';

const layers = contourLayers();

interface ContourBackgroundProps {
  /**
   * 'inline' draws the lines here; 'deferred' leaves them out for drawContourLines to add in the
   * browser (the landing page rendered at build time, whose HTML would otherwise carry ~60 KB of
   * path data).
   */
  lines?: 'inline' | 'deferred';
}

/**
 * The landing page's full-screen backdrop: slowly drifting terrain lines and two soft glows, all
 * CSS transforms on inline SVG (no video, no remote asset). Under prefers-reduced-motion the global
 * stylesheet stops the animations and the picture stays still.
 */
export function ContourBackground({ lines: drawn = 'inline' }: ContourBackgroundProps) {
  return (
    <div aria-hidden className="pointer-events-none fixed inset-0 -z-10 overflow-hidden">
      <div className="absolute -top-1/3 left-1/3 size-[64rem] animate-glow rounded-full bg-[radial-gradient(closest-side,color-mix(in_oklab,var(--color-accent)_16%,transparent),transparent)]" />
      <div className="absolute -bottom-1/2 -left-1/4 size-[60rem] animate-glow rounded-full bg-[radial-gradient(closest-side,color-mix(in_oklab,var(--color-pulse)_12%,transparent),transparent)] [animation-delay:-9s]" />
      <div className="absolute inset-0 [mask-image:linear-gradient(to_bottom,transparent,black_30%,black_75%,transparent)]">
        {layers.map(({ durationS, stroke, lines }, index) => (
          <div
            key={durationS}
            className="absolute inset-y-0 left-0 w-[max(200%,2400px)] animate-drift will-change-transform"
            style={{ '--drift-duration': `${durationS}s` } as CSSProperties}
          >
            <svg
              viewBox={`0 0 ${CONTOUR_REPEAT_WIDTH * 2} ${CONTOUR_HEIGHT}`}
              preserveAspectRatio="none"
              className="size-full"
              data-contour-layer={index}
            >
              {drawn === 'inline' &&
                lines.map(({ d, opacity, width }) => (
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
