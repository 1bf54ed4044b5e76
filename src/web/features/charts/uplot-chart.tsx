import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import { loadUplot } from './uplot-loader.ts';

interface UplotChartProps {
  /** Everything but the size: the width follows the chart's box, the height is given. */
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  heightPx: number;
  /** What the chart shows, in words, for those who cannot see it. */
  summary: string;
}

/**
 * One uPlot canvas in React. The plot is rebuilt when its options or data change (callers memoise
 * both) and resized, not rebuilt, when its box changes width.
 */
export function UplotChart({ options, data, heightPx, summary }: UplotChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let unmounted = false;
    void loadUplot().then((UPlot) => {
      if (unmounted) return;
      chart = new UPlot({ ...options, width: element.clientWidth, height: heightPx }, data, element);
      let width = element.clientWidth;
      observer = new ResizeObserver(() => {
        if (element.clientWidth === width) return;
        width = element.clientWidth;
        chart?.setSize({ width, height: heightPx });
      });
      observer.observe(element);
    });
    return () => {
      unmounted = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [options, data, heightPx]);

  return <div ref={box} role="img" aria-label={summary} className="w-full" style={{ minHeight: heightPx }} />;
}
