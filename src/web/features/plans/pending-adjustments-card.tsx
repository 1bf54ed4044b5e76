import { Sparkles } from 'lucide-react';
import { Link } from 'wouter';
import { shownReason } from '../../../shared/api/plan-adjustments.ts';
import { formatShortCalendarDay } from '../../../shared/format.ts';
import { buttonClasses } from '../../ui/button-classes.ts';
import { usePendingAdjustments } from './api/plan-adjustments.ts';

/**
 * Home: Kai's pending proposals for the athlete's plans, each a line with its reason and a link to
 * the plan, where it is accepted or declined (ADR 0050). Nothing when none is pending.
 */
export function PendingAdjustmentsCard() {
  const pending = usePendingAdjustments();
  const entries = pending.data?.pending ?? [];
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="pending-adjustments-title" className="flex flex-col gap-3 rounded-2xl border border-accent/40 bg-accent/5 p-5" data-testid="home-pending-adjustments">
      <div className="flex items-center gap-2">
        <Sparkles aria-hidden className="size-5 text-accent" />
        <h2 id="pending-adjustments-title" className="text-base font-semibold text-fg">
          Kai suggests {entries.length === 1 ? 'a change' : `${entries.length} changes`} to your plan
        </h2>
      </div>
      <ul className="flex flex-col gap-3">
        {entries.map((entry) => (
          <li key={entry.id} className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium text-fg">
                {entry.planTitle} · from {formatShortCalendarDay(entry.changes[0]?.date ?? entry.createdAt.slice(0, 10))}
              </p>
              <p className="text-sm text-fg-muted">{shownReason(entry)}</p>
            </div>
            <Link href={`/training-plan/view?id=${encodeURIComponent(entry.planId)}#adjustments`} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
              Review<span className="sr-only"> the suggestion for {entry.planTitle}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
