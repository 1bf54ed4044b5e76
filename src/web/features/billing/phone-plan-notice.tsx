import { PlanNoticeHeadline } from './plan-notice-headline.tsx';
import { trialNoticeFor, type PlanNoticeProps } from './trial-notice-text.ts';

/**
 * The plan and its limits on screens too narrow for the sidebar (below Tailwind's `md`), where the
 * sidebar's notice is hidden: one line over the content, same words. Upgrading is not open yet.
 */
export function PhonePlanNotice({ plan, trialExpiryDate }: PlanNoticeProps) {
  const notice = trialNoticeFor(plan, trialExpiryDate);
  if (notice === null) return null;
  return (
    <section aria-label="Your plan" className="border-b border-accent/25 bg-accent/[0.06] px-4 py-2.5 text-sm text-fg md:hidden">
      <PlanNoticeHeadline notice={notice} whole />
    </section>
  );
}
