import clsx from 'clsx';
import { CalendarCheck } from 'lucide-react';
import { Link } from 'wouter';
import type { DayPlanDay, DaySession } from '../../../shared/api/day-plan.ts';
import { formatDurationWords, formatShortCalendarDay } from '../../../shared/format.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { localDay } from '../../lib/local-day.ts';
import { useDayPlan } from './api/day-plan.ts';

/**
 * "What do I do today and tomorrow?" (ADR 0068): the day plan's decision for each, where it came
 * from (the plan, an accepted change, readiness, Kai's suggestion) and why, the same answer the
 * plan view, the analyses and the files give. Home and the plan view show it.
 */

const sessionLine = (session: DaySession) => `${session.title} · ${formatDurationWords(session.durationMin * 60)}`;

function sourceLabel(day: DayPlanDay): string {
  if (day.source === 'plan') return `Plan: ${day.plan!.name}`;
  if (day.source === 'coach') return "Kai's suggestion";
  return 'Nothing planned';
}

function DayRow({ day, label }: { day: DayPlanDay; label: string }) {
  const { session, change, proposal } = day;
  return (
    <li className="flex flex-col gap-1.5 rounded-xl bg-canvas/60 px-4 py-3" data-testid={`day-plan-${label.toLowerCase()}`} data-date={day.date}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="text-xs font-semibold uppercase tracking-wide text-fg-muted">
          {label} <span className="font-normal normal-case tracking-normal">· {formatShortCalendarDay(day.date)}</span>
        </p>
        <p className="text-xs text-fg-muted">{sourceLabel(day)}</p>
      </div>
      <p className={clsx('text-base font-semibold', session ? 'text-fg' : 'text-fg-muted')} data-testid="day-plan-session">
        {session ? sessionLine(session) : day.source === 'plan' ? (day.raceDay ? 'Race day' : 'Rest day') : 'No session decided'}
      </p>
      {day.raceDay && session && <p className="text-sm font-medium text-accent">Race day</p>}
      {change && (
        <p className="text-sm text-fg-muted" data-testid="day-plan-change">
          {change.kind === 'readiness' ? 'Held back for readiness' : 'Changed by you'}: planned {change.planned ? sessionLine(change.planned) : 'a rest day'}
        </p>
      )}
      <p className="text-sm text-fg-muted">{day.why}</p>
      {proposal && (
        <p className="text-sm text-fg">
          Kai proposes {proposal.session ? sessionLine(proposal.session) : 'a rest day'} instead.{' '}
          <Link href={`/training-plan/view?id=${encodeURIComponent(proposal.planId)}#adjustments`} className="font-medium text-accent underline-offset-2 hover:underline">
            Review the proposal
          </Link>
        </p>
      )}
    </li>
  );
}

export function DayPlanCard({ today = localDay() }: { today?: string }) {
  const dayPlan = useDayPlan(today, 2);
  if (dayPlan.isPending) return <Skeleton className="h-40 rounded-2xl" />;
  if (dayPlan.isError) {
    return (
      <section className="rounded-2xl border border-line bg-surface p-5 text-sm text-fg-muted" role="alert">
        Today's plan could not be loaded.{' '}
        <button type="button" className="font-medium text-accent underline-offset-2 hover:underline" onClick={() => void dayPlan.refetch()}>
          Try again
        </button>
      </section>
    );
  }
  const [todayPlan, tomorrowPlan] = dayPlan.data.days;
  return (
    <section aria-labelledby="day-plan-title" className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5" data-testid="day-plan-card">
      <div className="flex items-center gap-3">
        <CalendarCheck aria-hidden className="size-5 text-accent" />
        <h2 id="day-plan-title" className="text-base font-semibold text-fg">
          Your days
        </h2>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2">
        {todayPlan && <DayRow day={todayPlan} label="Today" />}
        {tomorrowPlan && <DayRow day={tomorrowPlan} label="Tomorrow" />}
      </ul>
    </section>
  );
}
