import type { ActivitySourceName } from '../../../shared/api/activities.ts';
import { useAppInfo } from '../../lib/app-info.ts';
import { socialSiteName } from '../../lib/community-links.ts';
import { PoweredByStrava } from '../strava/index.ts';
import { isStravaApiSource } from '../../lib/activity-labels.ts';

const linkClasses = 'rounded font-medium text-fg-muted underline-offset-4 hover:text-fg hover:underline';

/**
 * The analysis page's footer (spec §2): the operator's social account and feedback address, each
 * only when configured (SOCIAL_URL, FEEDBACK_URL), and Strava's credit for Strava data.
 */
export function ActivityFooter({ source }: { source: ActivitySourceName }) {
  const info = useAppInfo().data;
  const socialUrl = info?.socialUrl ?? null;
  const feedbackUrl = info?.feedbackUrl ?? null;
  const poweredByStrava = isStravaApiSource(source);
  if (socialUrl === null && feedbackUrl === null && !poweredByStrava) return null;
  return (
    <footer className="flex flex-col items-center gap-4 border-t border-line pt-6 text-sm sm:flex-row sm:justify-between">
      {(socialUrl !== null || feedbackUrl !== null) && (
        <nav aria-label="Community links" className="flex items-center gap-5">
          {socialUrl !== null && (
            <a href={socialUrl} target="_blank" rel="noreferrer" className={linkClasses}>
              Follow us on {socialSiteName(socialUrl)}
            </a>
          )}
          {feedbackUrl !== null && (
            // A feedback form opens beside the analysis; a mailto: address hands over to the mail app (a new tab would stay blank).
            <a href={feedbackUrl} {...(feedbackUrl.startsWith('mailto:') ? {} : { target: '_blank', rel: 'noreferrer' })} className={linkClasses}>
              Send feedback
            </a>
          )}
        </nav>
      )}
      {poweredByStrava && (
        <div className="sm:ml-auto">
          <PoweredByStrava />
        </div>
      )}
    </footer>
  );
}
