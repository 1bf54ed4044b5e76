import type { ActivityMetric } from './activity-metrics.ts';

/** The activity's key numbers as cards (spec §2 analysis page, §9 metrics by type). */
export function MetricsGrid({ metrics }: { metrics: readonly ActivityMetric[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {metrics.map((metric) => (
        <div key={metric.key} className="flex flex-col gap-1 rounded-xl border border-line bg-surface p-4">
          <dt className="text-xs font-medium tracking-wide text-fg-subtle uppercase">{metric.label}</dt>
          <dd className="flex items-baseline gap-1 text-fg">
            <span className="text-2xl font-semibold tracking-tight tabular-nums">{metric.value}</span>
            {metric.unit !== '' && <span className="text-sm text-fg-muted">{metric.unit}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
