import { lazy } from 'react';
import { loadUplot } from './uplot-loader.ts';

/*
 * The charts' drawing code loads when a chart has data to draw, together with uPlot, which it
 * needs anyway (uplot-loader.ts): it is not part of what Home needs to appear (ADR 0054).
 * ChartFigure shows its placeholder meanwhile.
 */
function withUplot<Module>(load: () => Promise<Module>): Promise<Module> {
  void loadUplot();
  return load();
}

export const FitnessChart = lazy(() => withUplot(() => import('./fitness-chart.tsx')).then((module) => ({ default: module.FitnessChart })));
export const PowerCurveChart = lazy(() =>
  withUplot(() => import('./power-curve-chart.tsx')).then((module) => ({ default: module.PowerCurveChart })),
);
export const StreamsChart = lazy(() => withUplot(() => import('./streams-chart.tsx')).then((module) => ({ default: module.StreamsChart })));
export const SeasonCurveChart = lazy(() =>
  withUplot(() => import('./season-curve-chart.tsx')).then((module) => ({ default: module.SeasonCurveChart })),
);
