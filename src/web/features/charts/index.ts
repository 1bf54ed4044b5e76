/** The charts feature's public face (ADR 0045): all that app/ and other features may import from it. */
export { ChartFigure } from './chart-figure.tsx';
export { FitnessFigure } from './fitness-figure.tsx';
export { PowerCurveFigure } from './power-curve-figure.tsx';
export { STREAMS_LOADING_HEIGHT_PX, StreamsFigure } from './streams-figure.tsx';
export { readChartPalette } from './chart-theme.ts';
export { SeasonCurveChart } from './lazy-charts.ts';
export type { SeasonCurve, SeasonCurveChartProps } from './season-curve-chart.tsx';
