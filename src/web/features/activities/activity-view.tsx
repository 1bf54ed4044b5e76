import { lazy, Suspense } from 'react';
import type { ActivityListItem } from '../../../shared/api/activities.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { Alert } from '../../ui/alert.tsx';
import { AnalysisPanel } from '../analysis/index.ts';
import { ActivityCharts } from './activity-charts.tsx';
import { ActivityFeelControl } from '../wellness/index.ts';
import { useActivityDetail } from './api/activity-detail.ts';
import { activityFamily } from '../../lib/activity-family.ts';
import { ActivityFooter } from './activity-footer.tsx';
import { ActivityHeader } from './activity-header.tsx';
import { activityMetrics } from './activity-metrics.ts';
import { dataQualityNotes } from './data-quality.ts';
import { MetricsGrid } from './metrics-grid.tsx';
import { MetricsGridSkeleton } from './metrics-grid-skeleton.tsx';

/** Below the charts, its data on its way after them: it need not weigh on the first screen's JavaScript. */
const ActivityLaps = lazy(() => import('./activity-laps.tsx').then((module) => ({ default: module.ActivityLaps })));

interface ActivityViewProps {
  /** The list's copy, shown at once while the full record loads. */
  activity: ActivityListItem;
  units: UnitSystem;
}

/** The selected activity: header, metrics grid and Kai's analysis. */
export function ActivityView({ activity, units }: ActivityViewProps) {
  const detail = useActivityDetail(activity.id);
  return (
    <article aria-label={activity.name} className="flex flex-col gap-8">
      <ActivityHeader activity={detail.data ?? activity} />
      {detail.isError ? (
        <Alert tone="error" action={{ label: 'Retry', onClick: () => void detail.refetch() }}>
          <p>This activity could not be loaded.</p>
        </Alert>
      ) : detail.data === undefined ? (
        <MetricsGridSkeleton />
      ) : (
        <div className="flex flex-col gap-2">
          <MetricsGrid metrics={activityMetrics(detail.data, units)} />
          <DataQualityLine notes={dataQualityNotes(detail.data)} />
        </div>
      )}
      <ActivityCharts activity={activity} units={units} />
      {detail.data && (
        <Suspense fallback={null}>
          <ActivityLaps activityId={activity.id} units={units} run={activityFamily(detail.data) === 'run'} />
        </Suspense>
      )}
      <AnalysisPanel activity={detail.data ?? activity} />
      <ActivityFeelControl activityId={activity.id} />
      <ActivityFooter source={activity.source} />
    </article>
  );
}

function DataQualityLine({ notes }: { notes: string[] }) {
  if (notes.length === 0) return null;
  return (
    <p className="text-sm text-fg-muted">
      <span className="font-medium">Data quality:</span> {notes.join(' · ')}
    </p>
  );
}
