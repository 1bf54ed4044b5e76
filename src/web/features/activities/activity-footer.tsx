import type { ActivitySourceName } from '../../../shared/api/activities.ts';
import { FEEDBACK_URL, SOCIAL_URL } from '../../app/community-links.ts';
import { PoweredByStrava } from '../strava/powered-by-strava.tsx';
import { isStravaApiSource } from './activity-labels.ts';

const linkClasses = 'rounded font-medium text-fg-muted underline-offset-4 hover:text-fg hover:underline';

/** The analysis page's footer (spec §2): Kairo's social account, a feedback link, and Strava's credit for Strava data. */
export function ActivityFooter({ source }: { source: ActivitySourceName }) {
  return (
    <footer className="flex flex-col items-center gap-4 border-t border-line pt-6 text-sm sm:flex-row sm:justify-between">
      <nav aria-label="Kairo links" className="flex items-center gap-5">
        <a href={SOCIAL_URL} target="_blank" rel="noreferrer" className={linkClasses}>
          Follow Kairo on Instagram
        </a>
        <a href={FEEDBACK_URL} className={linkClasses}>
          Send feedback
        </a>
      </nav>
      {isStravaApiSource(source) && <PoweredByStrava />}
    </footer>
  );
}
