import clsx from 'clsx';
import { Sparkles } from 'lucide-react';
import { FREE_PLAN_LIMITS, type TrialNoticeContent } from './trial-notice-text.ts';

interface PlanNoticeHeadlineProps {
  notice: TrialNoticeContent;
  /**
   * The whole notice in one sentence (the phone's line): what follows the trial and that Pro is
   * coming. The sidebar says the first part under it and shows the rest as its button.
   */
  whole: boolean;
  className?: string;
}

/** A plan notice's first line: the days left on the trial, or the Free plan's limits. */
export function PlanNoticeHeadline({ notice, whole, className }: PlanNoticeHeadlineProps) {
  return (
    <p className={clsx('flex items-start gap-2', className)}>
      <Sparkles aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
      {notice.kind === 'trial' ? (
        <span>
          <strong className="font-semibold text-accent">{notice.daysLeftLabel}</strong> left on your free trial
          {whole && `, then the Free plan: ${FREE_PLAN_LIMITS}. Pro upgrades are coming soon.`}
        </span>
      ) : (
        <span>
          You are on the Free plan: {FREE_PLAN_LIMITS}.{whole && ' Pro upgrades are coming soon.'}
        </span>
      )}
    </p>
  );
}
