import { ExternalLink, MessagesSquare } from 'lucide-react';
import { Link } from 'wouter';
import type { ActivityListItem } from '../../../shared/api/activities.ts';
import { AnalysisActions, AnalysisSubjectLine } from '../analysis/index.ts';
import { activityFamily } from '../../lib/activity-family.ts';
import { sourceLabel, sportLabel, stravaActivityUrl } from '../../lib/activity-labels.ts';
import { ActivityTypeIcon } from './activity-type-icon.tsx';
import { formatDateTime } from '../../../shared/format.ts';
import { buttonClasses } from '../../ui/button-classes.ts';

/**
 * Name, sport, start time and source of the activity on screen, Kai's subject line, and the page's
 * actions: its Strava page when it has one (Strava's 'View on Strava' link style), refresh, export
 * and add detail, and a conversation with Kai about it (issue 28: Ask Kai starts it on arrival, so
 * none of Ask Kai's code loads with Home).
 */
export function ActivityHeader({ activity }: { activity: ActivityListItem }) {
  const stravaUrl = stravaActivityUrl(activity);
  return (
    <header className="flex flex-col gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight break-words text-fg sm:text-3xl">{activity.name}</h1>
        <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm text-fg-muted">
          <span className="flex items-center gap-1.5 font-medium text-fg">
            <ActivityTypeIcon family={activityFamily(activity)} className="size-4 text-accent" />
            {sportLabel(activity.sportType)}
          </span>
          <time dateTime={activity.startDate}>{formatDateTime(activity.startDate)}</time>
          <span title="Where this activity came from" className="rounded-full border border-line-strong px-2 py-0.5 text-xs font-medium text-fg-muted">
            {sourceLabel(activity.source)}
          </span>
          {stravaUrl !== null && (
            <a
              href={stravaUrl}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 rounded font-bold text-strava underline-offset-4 hover:underline"
            >
              View on Strava
              <ExternalLink aria-hidden className="size-3.5" />
            </a>
          )}
        </p>
        <AnalysisSubjectLine activity={activity} />
      </div>
      <div role="toolbar" aria-label="Analysis actions" className="flex flex-wrap items-center gap-2">
        <AnalysisActions activity={activity} />
        <Link href={`/ask?activity=${encodeURIComponent(activity.id)}`} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
          <MessagesSquare aria-hidden className="size-4" />
          Ask about this activity
        </Link>
      </div>
    </header>
  );
}
