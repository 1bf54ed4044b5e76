import type { ActivityListItem } from '../../../shared/api/activities.ts';
import type { AnalysisView } from '../../../shared/api/analysis.ts';
import { RIDE_DETAILS, rideDetailLabel, type RideDetailType } from '../../../shared/domain/ride-detail.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { shareableStravaActivityId } from '../../lib/activity-labels.ts';
import { useActivityAnalysis } from './api/activity-analysis.ts';
import { RIDE_DETAIL_ICONS } from './ride-detail-icons.ts';
import { SectionShareMenu } from './section-share-menu.tsx';

/**
 * The subject line as it leaves Kairo: the ride detail goes along as emoji and title, since the
 * app or site it is pasted into draws emoji with its own font (ADR 16).
 */
function subjectLineText(view: AnalysisView): string {
  return view.activityDetailType === null ? view.subjectLine : `${view.subjectLine}\n${rideDetailLabel(view.activityDetailType)}`;
}

/**
 * Kai's subject line under the activity name, with the ride detail the athlete gave and its share
 * menu (spec §2: the subject line is a section too); a placeholder while it loads.
 */
export function AnalysisSubjectLine({ activity }: { activity: ActivityListItem }) {
  const analysis = useActivityAnalysis(activity.id);
  if (analysis.isError) return null;
  if (analysis.data === undefined) return <Skeleton className="mt-3 h-5 w-3/4 max-w-lg" />;
  const detail = analysis.data.activityDetailType;
  return (
    <div className="mt-3 flex items-start gap-3">
      <div className="flex min-w-0 flex-1 flex-col items-start gap-2">
        <p className="text-base font-medium text-fg sm:text-lg">{analysis.data.subjectLine}</p>
        {detail !== null && (
          <span className="inline-flex items-center gap-1.5 rounded-full border border-accent/40 bg-accent/10 px-2.5 py-0.5 text-xs font-medium text-fg">
            <DetailIcon detail={detail} />
            {RIDE_DETAILS[detail].title}
          </span>
        )}
      </div>
      <SectionShareMenu section="Subject Line" text={subjectLineText(analysis.data)} stravaActivityId={shareableStravaActivityId(activity)} />
    </div>
  );
}

function DetailIcon({ detail }: { detail: RideDetailType }) {
  const Icon = RIDE_DETAIL_ICONS[detail];
  return <Icon aria-hidden className="size-3.5 text-accent" />;
}
