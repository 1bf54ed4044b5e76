import type { AskChart } from '../../../shared/api/coach-conversations.ts';
import { formatShortCalendarDay } from '../../../shared/format.ts';
import { linearScale, niceTicks, PLOT_X, PLOT_Y } from './chart-geometry.ts';
import { ChartAxes } from './chart-axes.tsx';

type WeeklyHoursChart = Extract<AskChart, { kind: 'weekly-hours' }>;

/** A sport family's colour, in the bars (fill) and the legend (swatch); sports outside the five share the last. */
const SPORT_COLOURS: Record<string, { fill: string; swatch: string }> = {
  ride: { fill: 'fill-accent', swatch: 'bg-accent' },
  run: { fill: 'fill-pulse', swatch: 'bg-pulse' },
  hike: { fill: 'fill-band-amber', swatch: 'bg-band-amber' },
  workout: { fill: 'fill-band-orange', swatch: 'bg-band-orange' },
  other: { fill: 'fill-fg-muted', swatch: 'bg-fg-muted' },
};
export const sportColour = (sport: string) => SPORT_COLOURS[sport] ?? SPORT_COLOURS.other!;

/** Each week's hours as one bar, its sports stacked in a fixed order (so a sport keeps its place week to week). */
export function WeeklyHoursMiniChart({ chart }: { chart: WeeklyHoursChart }) {
  const { weeks } = chart;
  if (weeks.length === 0) return null;
  const sports = [...new Set(weeks.flatMap((week) => week.hours.map((entry) => entry.sport)))];
  const most = Math.max(...weeks.map((week) => week.hours.reduce((sum, entry) => sum + entry.hours, 0)), 1);
  const yTicks = niceTicks({ min: 0, max: most });
  const y = linearScale({ min: 0, max: Math.max(most, yTicks.at(-1)!) }, PLOT_Y);
  const slot = (PLOT_X.max - PLOT_X.min) / weeks.length;
  const barWidth = Math.min(28, slot * 0.7);
  const labelEvery = Math.ceil(weeks.length / 4);
  return (
    <>
      <ChartAxes
        yTicks={yTicks.map((value) => ({ at: y(value), label: `${value} h` }))}
        xTicks={weeks.flatMap((week, index) => (index % labelEvery === 0 ? [{ at: PLOT_X.min + slot * (index + 0.5), label: formatShortCalendarDay(week.from) }] : []))}
      />
      {weeks.map((week, index) => {
        let top = y(0);
        const left = PLOT_X.min + slot * (index + 0.5) - barWidth / 2;
        return (
          <g key={week.from}>
            {sports.map((sport) => {
              const hours = week.hours.filter((entry) => entry.sport === sport).reduce((sum, entry) => sum + entry.hours, 0);
              if (hours <= 0) return null;
              const height = y(0) - y(hours);
              top -= height;
              return <rect key={sport} x={left} y={top} width={barWidth} height={height} className={sportColour(sport).fill} />;
            })}
          </g>
        );
      })}
    </>
  );
}
