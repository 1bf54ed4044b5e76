import { Sparkles } from 'lucide-react';
import { FREE_PLAN_LIMITS, trialNoticeFor, type PlanNoticeProps } from './trial-notice-text.ts';

/**
 * The plan and its limits on screens too narrow for the sidebar (below Tailwind's `md`), where the
 * sidebar's notice is hidden: one line over the content, same words. Upgrading is not open yet.
 */
export function PhonePlanNotice({ plan, trialExpiryDate }: PlanNoticeProps) {
  const notice = trialNoticeFor(plan, trialExpiryDate);
  if (notice === null) return null;
  return (
    <section aria-label="Your plan" className="border-b border-accent/25 bg-accent/[0.06] px-4 py-2.5 text-sm text-fg md:hidden">
      <p className="flex items-start gap-2">
        <Sparkles aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
        {notice.kind === 'trial' ? (
          <span>
            <strong className="font-semibold text-accent">{notice.daysLeftLabel}</strong> left on your free trial, then the Free plan:{' '}
            {FREE_PLAN_LIMITS}. Pro upgrades are coming soon.
          </span>
        ) : (
          <span>You are on the Free plan: {FREE_PLAN_LIMITS}. Pro upgrades are coming soon.</span>
        )}
      </p>
    </section>
  );
}
