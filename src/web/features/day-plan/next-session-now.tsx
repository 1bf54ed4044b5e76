import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { NextSession } from '../../../shared/api/analysis.ts';
import type { DayPlanDay } from '../../../shared/api/day-plan.ts';
import { formatDurationWords } from '../../../shared/format.ts';
import { localDay } from '../../lib/local-day.ts';
import { useDayPlan } from './api/day-plan.ts';

/**
 * Under an analysis's Next Session (ADR 0068): the analysis says what Kai suggested when it was
 * written; when tomorrow's decision in the day plan is something else (a plan, an accepted change,
 * readiness, or a newer analysis), this says so beside it, and the analysis's own files (calendar
 * event, workout file), which are for tomorrow, give way to a pointer to where tomorrow's are.
 */

/** Whether the day's decision is the analysis's suggestion: the same session title at the same minutes. */
export function decidedAsSuggested(day: DayPlanDay, suggested: Pick<NextSession, 'title' | 'totalDurationS'>): boolean {
  return day.session !== null && day.session.title === suggested.title && day.session.durationMin === Math.max(1, Math.round(suggested.totalDurationS / 60));
}

function decisionText(day: DayPlanDay): string {
  if (!day.session) return day.raceDay ? 'race day' : 'a rest day';
  return `${day.session.title}, ${formatDurationWords(day.session.durationMin * 60)}`;
}

/**
 * The day the analysis's files are for: tomorrow when tomorrow's decision is its suggestion (or
 * nothing decides tomorrow, spec §9's day after), today when today holds it and tomorrow has nothing
 * decided; null when tomorrow is decided as something else.
 */
export function filesDay(days: readonly DayPlanDay[], suggested: Pick<NextSession, 'title' | 'totalDurationS'>): { day: string | undefined } | null {
  const [today, tomorrow] = days;
  if (!today || !tomorrow) return { day: undefined };
  if (tomorrow.source === 'none') return today.source !== 'none' && decidedAsSuggested(today, suggested) ? { day: today.date } : { day: undefined };
  return decidedAsSuggested(tomorrow, suggested) ? { day: tomorrow.date } : null;
}

export function NextSessionNow({
  suggested,
  children,
}: {
  suggested: Pick<NextSession, 'title' | 'totalDurationS'>;
  /** The files, for `day` (the athlete's YYYY-MM-DD; undefined: the day after today). */
  children: (day: string | undefined) => ReactNode;
}) {
  const dayPlan = useDayPlan(localDay(), 2);
  // Until the day plan answers, nothing is offered that could write the wrong session; if it cannot be read, the files stay as they were.
  if (dayPlan.isPending) return null;
  const days = dayPlan.data?.days ?? [];
  const files = filesDay(days, suggested);
  if (files) return <>{children(files.day)}</>;
  const tomorrow = days[1]!;
  return (
    <div className="flex flex-col gap-1.5 rounded-xl bg-canvas/60 px-4 py-3 text-sm" role="note" data-testid="next-session-now">
      <p className="font-medium text-fg">Tomorrow is now {decisionText(tomorrow)}.</p>
      <p className="text-fg-muted">{tomorrow.why} This analysis shows what Kai suggested when it was written.</p>
      <p>
        {tomorrow.plan ? (
          <Link href={`/training-plan/view?id=${encodeURIComponent(tomorrow.plan.id)}`} className="font-medium text-accent underline-offset-2 hover:underline">
            Tomorrow's session and its files in your plan
          </Link>
        ) : (
          <Link href="/" className="font-medium text-accent underline-offset-2 hover:underline">
            Tomorrow's session on Home
          </Link>
        )}
      </p>
    </div>
  );
}
