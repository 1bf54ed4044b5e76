import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

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
    const chart = new uPlot({ ...options, width: element.clientWidth, height: heightPx }, data, element);
    let width = element.clientWidth;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth === width) return;
      width = element.clientWidth;
      chart.setSize({ width, height: heightPx });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [options, data, heightPx]);

  return <div ref={box} role="img" aria-label={summary} className="w-full" style={{ minHeight: heightPx }} />;
}
