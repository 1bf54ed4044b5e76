import type { ActivityListItem } from '../../../shared/api/activities.ts';
import { activityFamily } from '../../lib/activity-family.ts';
import { ExportContextButton } from '../exports/index.ts';
import { AddDetailButton } from './add-detail-button.tsx';
import { useActivityAnalysis } from './api/activity-analysis.ts';
import { RefreshAnalysisButton } from './refresh-analysis-button.tsx';
import { useAnalysisRewriting } from './use-analysis-rewriting.ts';

/** The header's analysis buttons (spec §2): refresh, export context and add detail. */
export function AnalysisActions({ activity }: { activity: ActivityListItem }) {
  const view = useActivityAnalysis(activity.id).data;
  const rewriting = useAnalysisRewriting(activity.id);
  return (
    <>
      <RefreshAnalysisButton activityId={activity.id} view={view} busy={rewriting} />
      <ExportContextButton activityId={activity.id} activityName={activity.name} source={activity.source} />
      <AddDetailButton activityId={activity.id} isRide={activityFamily(activity) === 'ride'} view={view} disabled={rewriting} />
    </>
  );
}
