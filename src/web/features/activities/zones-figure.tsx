import clsx from 'clsx';
import { formatNumber } from '../../../shared/format.ts';
import type { ActivityMetricsView } from '../../../shared/api/activities.ts';
import { heartRateZoneRows, powerZoneRows, type ZoneRow } from './zone-rows.ts';

/**
 * Time in zones as horizontal bars, power (measured only) and heart rate side by side: each zone's
 * time and share, the longest bar full width so the shape reads at a glance.
 */
export function ZonesFigure({ metrics, measuredPower }: { metrics: ActivityMetricsView; measuredPower: boolean }) {
  const power = measuredPower && metrics.powerZoneSeconds ? powerZoneRows(metrics.powerZoneSeconds, metrics.ftpW) : null;
  const heartRate = metrics.hrZoneSeconds ? heartRateZoneRows(metrics.hrZoneSeconds, metrics.hrZoneUpperBoundsBpm) : null;
  if (!power && !heartRate) return null;
  return (
    <figure className="flex min-w-0 flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-5">
      <figcaption className="flex flex-col gap-0.5">
        <span className="text-sm font-semibold text-fg">Time in zones</span>
        <span className="text-xs text-fg-subtle">
          {power && metrics.ftpW !== null ? `Power zones from an FTP of ${formatNumber(metrics.ftpW)} W` : 'Time in each zone'}
          {heartRate ? `${power ? '; heart-rate' : ', heart-rate'} zones as scored` : ''}
        </span>
      </figcaption>
      <div className={clsx('grid gap-6', power && heartRate && 'lg:grid-cols-2')}>
        {power && <ZoneBars title="Power" rows={power} barClass="bg-accent" />}
        {heartRate && <ZoneBars title="Heart rate" rows={heartRate} barClass="bg-danger" />}
      </div>
    </figure>
  );
}

function ZoneBars({ title, rows, barClass }: { title: string; rows: ZoneRow[]; barClass: string }) {
  const longest = Math.max(...rows.map((row) => row.sharePct));
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <h3 className="text-xs font-medium text-fg-muted">{title}</h3>
      <ul className="flex flex-col gap-1.5" aria-label={`Time in ${title.toLowerCase()} zones`}>
        {rows.map((row) => (
          <li key={row.zone} className="grid grid-cols-[7.5rem_1fr_auto] items-center gap-3 text-xs sm:grid-cols-[10rem_1fr_auto]">
            <span className="min-w-0">
              <span className="font-medium text-fg">{row.zone}</span> <span className="text-fg-muted">{row.name}</span>
              {row.range && <span className="block truncate text-fg-subtle tabular-nums">{row.range}</span>}
            </span>
            <span className="h-3 rounded-sm bg-line/40" aria-hidden>
              <span className={clsx('block h-full rounded-sm', barClass)} style={{ width: `${longest > 0 ? (row.sharePct / longest) * 100 : 0}%` }} />
            </span>
            <span className="text-right tabular-nums text-fg">
              {row.time} <span className="text-fg-subtle">· {formatNumber(row.sharePct)}%</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
