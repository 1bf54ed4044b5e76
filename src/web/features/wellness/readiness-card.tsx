import clsx from 'clsx';
import { HeartPulse } from 'lucide-react';
import { Link } from 'wouter';
import { formatCalendarDay } from '../../../shared/format.ts';
import { buttonClasses } from '../../ui/button-classes.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useReadiness } from './api/wellness.ts';
import { localDay } from './local-day.ts';
import { SIGNAL_LOOK, STATE_LOOK } from './readiness-look.ts';
import { historyHasHrv, ReadinessSparkline } from './readiness-sparkline.tsx';

/**
 * Readiness on Home (and under the check-in): the state, the inputs it was read from with their
 * baselines, why, what was left out, and eight weeks of it. Nothing is shown as a score.
 */
export function ReadinessCard({ date = localDay(), showCheckInLink = true }: { date?: string; showCheckInLink?: boolean }) {
  const readiness = useReadiness(date);
  const isToday = date === localDay();

  if (readiness.isPending) return <Skeleton className="h-40 rounded-2xl" />;
  if (readiness.isError) {
    return (
      <section className="rounded-2xl border border-line bg-surface p-5 text-sm text-fg-muted" role="alert">
        Readiness could not be loaded.
      </section>
    );
  }
  const { today, history } = readiness.data;
  const look = STATE_LOOK[today.state];
  const [headline, ...rest] = today.reasons;
  const missingReasons = new Set(today.missing.map((entry) => entry.reason));

  return (
    <section aria-labelledby="readiness-title" className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <HeartPulse aria-hidden className={clsx('size-5', look.text)} />
          <h2 id="readiness-title" className="text-base font-semibold text-fg">
            Readiness {isToday ? 'today' : `on ${formatCalendarDay(date)}`}
          </h2>
          <span className={clsx('rounded-full border px-2.5 py-0.5 text-xs font-semibold', look.badge)} data-testid="readiness-state">
            {look.label}
          </span>
        </div>
        {showCheckInLink && (
          <Link href="/check-in" className={buttonClasses({ variant: isToday ? 'secondary' : 'primary', size: 'sm' })}>
            Check in
          </Link>
        )}
      </div>
      {headline && <p className="text-sm text-fg">{headline}</p>}
      {today.inputs.length > 0 && (
        <ul className="grid gap-2 sm:grid-cols-2" aria-label="What readiness was read from">
          {today.inputs.map((input) => (
            <li key={input.key} className="flex items-start gap-2.5 rounded-lg bg-canvas/60 px-3 py-2 text-sm">
              <span aria-hidden className={clsx('mt-1.5 size-2 shrink-0 rounded-full', SIGNAL_LOOK[input.signal].dot)} />
              <span className="min-w-0">
                <span className="font-medium text-fg">{input.label}</span>{' '}
                <span className="text-fg-muted">
                  {input.value}
                  {input.baseline && ` (normal ${input.baseline})`}
                </span>
                <span className="sr-only"> — {SIGNAL_LOOK[input.signal].label}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <details open={!showCheckInLink} className="group text-sm">
        <summary className="cursor-pointer rounded text-fg-muted select-none hover:text-fg">
          Why{today.missing.length > 0 && `, and what is left out (${today.missing.length})`}
        </summary>
        <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-fg-muted">
          {rest.map((reason) => (
            <li key={reason} className={clsx(missingReasons.has(reason) && 'text-fg-subtle')}>
              {reason}
            </li>
          ))}
        </ul>
      </details>
      {history.some((day) => day.state !== 'unknown') && (
        <figure className="flex flex-col gap-1">
          <figcaption className="text-xs text-fg-subtle">
            {historyHasHrv(history)
              ? "Last 8 weeks: HRV 7-day average (line) and your normal range (band), and each day's state (grey: no data)"
              : "Last 8 weeks: each day's state (grey: no data)"}
          </figcaption>
          <ReadinessSparkline history={history} />
          <div aria-hidden className="flex justify-between text-xs text-fg-subtle">
            <span>8 weeks ago</span>
            <span>{isToday ? 'today' : formatCalendarDay(date)}</span>
          </div>
        </figure>
      )}
    </section>
  );
}
