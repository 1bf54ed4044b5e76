import { TRIAL_LENGTH_DAYS } from '../../../shared/domain/account-plan.ts';
import { Button } from '../../ui/button.tsx';
import { Tooltip } from '../../ui/tooltip.tsx';
import { PlanNoticeHeadline } from './plan-notice-headline.tsx';
import { FREE_PLAN_LIMITS, trialNoticeFor, type PlanNoticeProps } from './trial-notice-text.ts';
import { TrialDaysBar } from './trial-days-bar.tsx';

/** The sidebar's upgrade notice for Free and trial accounts. Upgrading is not open yet ('Coming soon'). */
export function TrialNotice({ plan, trialExpiryDate }: PlanNoticeProps) {
  const notice = trialNoticeFor(plan, trialExpiryDate);
  if (notice === null) return null;
  const trialLength = TRIAL_LENGTH_DAYS[plan];
  return (
    <section aria-label="Your plan" className="rounded-xl border border-accent/25 bg-accent/[0.06] p-4">
      <PlanNoticeHeadline notice={notice} whole={false} className="text-sm text-fg" />
      {notice.kind === 'trial' && <p className="mt-1 pl-6 text-xs text-fg-muted">Then the Free plan: {FREE_PLAN_LIMITS}.</p>}
      {notice.kind === 'trial' && trialLength !== null && <TrialDaysBar daysLeft={notice.daysLeft} trialLength={trialLength} />}
      <Tooltip content="Coming soon">
        {/* A disabled button gets no pointer or focus events, so the tooltip hangs on a focusable wrapper. */}
        <span tabIndex={0} className="mt-3 block rounded-lg">
          <Button variant="secondary" size="sm" fullWidth disabled>
            Upgrade to Pro
          </Button>
        </span>
      </Tooltip>
    </section>
  );
}
