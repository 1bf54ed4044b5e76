/** Plot heights the figures reserve before their charts (loaded apart, lazy-charts.ts) draw. */
export const FITNESS_CHART_HEIGHT_PX = 220;
export const POWER_CURVE_HEIGHT_PX = 220;
