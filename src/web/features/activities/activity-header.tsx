import { ExternalLink } from 'lucide-react';
import type { ActivityListItem } from '../../../shared/api/activities.ts';
import { buttonClasses } from '../../ui/button-classes.ts';
import { activityFamily } from './activity-family.ts';
import { sourceLabel, sportLabel, stravaActivityUrl } from './activity-labels.ts';
import { ActivityTypeIcon } from './activity-type-icon.tsx';
import { formatStartDateTime } from './format/date-time.ts';

/** Name, sport, start time and source of the activity on screen, with its Strava page when it has one. */
export function ActivityHeader({ activity }: { activity: ActivityListItem }) {
  const stravaUrl = stravaActivityUrl(activity);
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight break-words text-fg sm:text-3xl">{activity.name}</h1>
        <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm text-fg-muted">
          <span className="flex items-center gap-1.5 font-medium text-fg">
            <ActivityTypeIcon family={activityFamily(activity)} className="size-4 text-accent" />
            {sportLabel(activity.sportType)}
          </span>
          <time dateTime={activity.startDate}>{formatStartDateTime(activity.startDate)}</time>
          <span title="Where this activity came from" className="rounded-full border border-line-strong px-2 py-0.5 text-xs font-medium text-fg-muted">
            {sourceLabel(activity.source)}
          </span>
        </p>
      </div>
      {stravaUrl !== null && (
        <a href={stravaUrl} target="_blank" rel="noreferrer" className={buttonClasses({ variant: 'secondary', size: 'sm' }, 'self-start')}>
          View on Strava
          <ExternalLink aria-hidden className="size-3.5" />
        </a>
      )}
    </header>
  );
}
