/** The theme tokens (styles.css @theme) a chart draws with. */
export type ChartColor = 'accent' | 'danger' | 'pulse' | 'muted';

const TOKENS = {
  accent: '--color-accent',
  danger: '--color-danger',
  pulse: '--color-pulse',
  muted: '--color-fg-muted',
  axis: '--color-fg-subtle',
  grid: '--color-line',
  text: '--color-fg',
  surface: '--color-surface',
} as const;

export type ChartPalette = Record<keyof typeof TOKENS, string>;

/**
 * The theme's colours as canvas can use them: a canvas does not resolve CSS variables, so they are
 * read from the document once per chart build (the app has one theme; a chart built after a theme
 * change picks the new values up).
 */
export function readChartPalette(): ChartPalette {
  const style = getComputedStyle(document.documentElement);
  const palette = {} as ChartPalette;
  for (const [name, variable] of Object.entries(TOKENS) as [keyof typeof TOKENS, string][]) {
    palette[name] = style.getPropertyValue(variable).trim();
  }
  return palette;
}

/** A theme colour ('#rrggbb', as styles.css defines them) at some opacity, for canvas fills. */
export function withAlpha(hexColor: string, alpha: number): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hexColor);
  if (!match) return hexColor;
  const [r, g, b] = match.slice(1).map((hex) => parseInt(hex, 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** The Tailwind text class of a chart colour, for legends and readouts drawn in HTML. */
export const CHART_TEXT_CLASS: Record<ChartColor, string> = {
  accent: 'text-accent',
  danger: 'text-danger',
  pulse: 'text-pulse',
  muted: 'text-fg-muted',
};
