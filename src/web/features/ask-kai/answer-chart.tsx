import clsx from 'clsx';
import type { AskChart } from '../../../shared/api/coach-conversations.ts';
import { PLOT } from './chart-geometry.ts';
import { chartSummary, sportName } from './chart-summary.ts';
import { FitnessMiniChart } from './fitness-mini-chart.tsx';
import { PowerCurveMiniChart } from './power-curve-mini-chart.tsx';
import { sportColour, WeeklyHoursMiniChart } from './weekly-hours-mini-chart.tsx';

const titles: Record<AskChart['kind'], string> = {
  fitness: 'Fitness, fatigue and form',
  'power-curve': 'Power-duration curve',
  'weekly-hours': 'Weekly hours by sport',
};

interface LegendEntry {
  label: string;
  /** A swatch: a line for a series, a square for a bar's share. */
  swatch: string;
  shape: 'line' | 'dashed' | 'square';
}

function legend(chart: AskChart): LegendEntry[] {
  switch (chart.kind) {
    case 'fitness':
      return [
        { label: 'Fitness (CTL)', swatch: 'bg-accent', shape: 'line' },
        { label: 'Fatigue (ATL)', swatch: 'bg-danger', shape: 'line' },
        { label: 'Form (TSB)', swatch: 'border-fg-muted', shape: 'dashed' },
      ];
    case 'power-curve':
      return chart.series.slice(0, 2).map((series, index) => ({ label: series.label, swatch: index === 0 ? 'bg-accent' : 'border-pulse', shape: index === 0 ? 'line' : 'dashed' }));
    case 'weekly-hours':
      return [...new Set(chart.weeks.flatMap((week) => week.hours.map((entry) => entry.sport)))].map((sport) => ({
        label: sportName(sport),
        swatch: sportColour(sport).swatch,
        shape: 'square',
      }));
  }
}

function Plot({ chart }: { chart: AskChart }) {
  switch (chart.kind) {
    case 'fitness':
      return <FitnessMiniChart chart={chart} />;
    case 'power-curve':
      return <PowerCurveMiniChart chart={chart} />;
    case 'weekly-hours':
      return <WeeklyHoursMiniChart chart={chart} />;
  }
}

/**
 * The small chart beside an answer about a trend or a comparison. The drawing is an image with a
 * summary of what it shows as its name; the legend is text.
 */
export function AnswerChart({ chart }: { chart: AskChart }) {
  return (
    <figure className="flex w-full max-w-md flex-col gap-2 rounded-xl border border-line bg-canvas/60 p-3">
      <figcaption className="text-xs font-semibold text-fg-muted">{titles[chart.kind]}</figcaption>
      <svg role="img" aria-label={chartSummary(chart)} viewBox={`0 0 ${PLOT.width} ${PLOT.height}`} className="h-auto w-full overflow-visible">
        <Plot chart={chart} />
      </svg>
      <ul aria-hidden className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-fg-muted">
        {legend(chart).map((entry) => (
          <li key={entry.label} className="flex items-center gap-1.5">
            <span
              className={clsx(
                entry.shape === 'square' && `size-2.5 rounded-sm ${entry.swatch}`,
                entry.shape === 'line' && `h-0.5 w-3.5 rounded-full ${entry.swatch}`,
                entry.shape === 'dashed' && `w-3.5 border-t-2 border-dashed ${entry.swatch}`,
              )}
            />
            {entry.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}
