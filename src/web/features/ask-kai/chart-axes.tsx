import { PLOT } from './chart-geometry.ts';

interface YTick {
  at: number;
  label: string;
}

interface XTick {
  at: number;
  label: string;
  anchor?: 'start' | 'middle' | 'end';
}

/** The grid lines and labels every answer chart shares: values on the left, durations or days along the bottom. */
export function ChartAxes({ yTicks, xTicks }: { yTicks: YTick[]; xTicks: XTick[] }) {
  return (
    <g aria-hidden className="text-[10px]">
      {yTicks.map((tick) => (
        <g key={`y${tick.label}`}>
          <line x1={PLOT.left} x2={PLOT.width - PLOT.right} y1={tick.at} y2={tick.at} className="stroke-line" strokeWidth={0.75} />
          <text x={PLOT.left - 4} y={tick.at} dy="0.32em" textAnchor="end" className="fill-fg-subtle">
            {tick.label}
          </text>
        </g>
      ))}
      {xTicks.map((tick) => (
        <text key={`x${tick.label}`} x={tick.at} y={PLOT.height - 6} textAnchor={tick.anchor ?? 'middle'} className="fill-fg-subtle">
          {tick.label}
        </text>
      ))}
    </g>
  );
}
