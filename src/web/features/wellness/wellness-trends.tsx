import clsx from 'clsx';
import { useState } from 'react';
import { WELLNESS_TREND_SPANS, type WellnessTrendSpan, type WellnessTrendsAnswer } from '../../../shared/api/wellness-trends.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { formatNumber, weightInUnits, weightUnit } from '../../../shared/format.ts';
import { addCalendarDays } from '../../../shared/time.ts';
import { Alert } from '../../ui/alert.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useWellnessTrends } from './api/wellness-trends.ts';
import { TrendChart } from './trend-chart.tsx';

const SPAN_LABELS: Record<WellnessTrendSpan, string> = { 90: '90 days', 365: '1 year' };

/**
 * HRV, resting HR, sleep and body weight over 90 days or a year (issue 30), each with the normal
 * range readiness judges a day by, as the server computes it for that day: nothing is recomputed here.
 */
export function WellnessTrends({ today, units }: { today: string; units: UnitSystem }) {
  const [days, setDays] = useState<WellnessTrendSpan>(90);
  const trends = useWellnessTrends(today, days);

  return (
    <section id="trends" aria-labelledby="trends-title" className="flex scroll-mt-20 flex-col gap-4 rounded-2xl border border-line bg-surface p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="trends-title" className="text-base font-semibold text-fg">
            Trends
          </h2>
          <p className="text-sm text-fg-muted">Each reading on the days you recorded it, against the normal range readiness reads it by.</p>
        </div>
        <div role="group" aria-label="Days shown" className="flex gap-1.5">
          {WELLNESS_TREND_SPANS.map((span) => (
            <button
              key={span}
              type="button"
              aria-pressed={days === span}
              onClick={() => setDays(span)}
              className={clsx(
                'min-h-11 rounded-lg border px-3.5 text-sm font-medium transition-colors sm:min-h-9',
                days === span ? 'border-accent bg-accent/10 text-fg' : 'border-line text-fg-muted hover:border-line-strong hover:text-fg',
              )}
            >
              {SPAN_LABELS[span]}
            </button>
          ))}
        </div>
      </div>
      {trends.isPending ? (
        <div aria-label="Loading the trends" className="grid gap-5 md:grid-cols-2">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} className="h-40" />
          ))}
        </div>
      ) : trends.isError ? (
        <Alert tone="error" action={{ label: 'Retry', onClick: () => void trends.refetch() }}>
          <p>The trends could not be loaded.</p>
        </Alert>
      ) : (
        <TrendCharts trends={trends.data} units={units} days={days} />
      )}
    </section>
  );
}

function TrendCharts({ trends, units, days }: { trends: WellnessTrendsAnswer; units: UnitSystem; days: WellnessTrendSpan }) {
  const { from, to } = trends;
  const nothing = [trends.hrvRmssdMs, trends.restingHrBpm, trends.sleepHours, trends.weightKg].every((series) => series.length === 0);
  if (nothing) {
    return (
      <p className="text-sm text-fg-muted">
        Nothing recorded in the last {SPAN_LABELS[days]}: check in above, or import the readings of your watch or app.
      </p>
    );
  }
  const raisedBy = trends.restingHrRaisedByBpm;
  const span = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
  const constant = (value: number) => Array.from({ length: span }, (_, k) => ({ date: addCalendarDays(from, k), value }));
  return (
    <div className="grid gap-x-6 gap-y-5 md:grid-cols-2">
      <TrendChart
        title="HRV"
        unit="ms"
        from={from}
        to={to}
        decimals={0}
        points={trends.hrvRmssdMs}
        band={{ label: 'Your normal range (60 days before yesterday)', days: trends.hrvNormal.map((day) => ({ date: day.date, low: day.lowMs, high: day.highMs })) }}
      />
      <TrendChart
        title="Resting HR"
        unit="bpm"
        from={from}
        to={to}
        decimals={0}
        points={trends.restingHrBpm}
        lines={[
          {
            label: 'Your usual (30 days before yesterday)',
            values: trends.restingHrUsual.map((day) => ({ date: day.date, value: day.bpm })),
            stroke: 'stroke-fg-muted',
            dashed: true,
          },
          {
            label: `Raised: ${formatNumber(raisedBy)} bpm above your usual`,
            values: trends.restingHrUsual.map((day) => ({ date: day.date, value: day.bpm + raisedBy })),
            stroke: 'stroke-danger',
            dashed: false,
          },
        ]}
      />
      <TrendChart
        title="Sleep"
        unit="h"
        from={from}
        to={to}
        decimals={1}
        points={trends.sleepHours}
        lines={[
          { label: `Good: ${formatNumber(trends.sleepHoursLines.goodFrom)} h or more`, values: constant(trends.sleepHoursLines.goodFrom), stroke: 'stroke-success', dashed: true },
          { label: `Short: under ${formatNumber(trends.sleepHoursLines.shortBelow)} h`, values: constant(trends.sleepHoursLines.shortBelow), stroke: 'stroke-danger', dashed: false },
        ]}
      />
      <TrendChart
        title="Body weight"
        unit={weightUnit(units)}
        from={from}
        to={to}
        decimals={1}
        points={trends.weightKg.map((point) => ({ date: point.date, value: weightInUnits(point.value, units) }))}
      />
    </div>
  );
}
