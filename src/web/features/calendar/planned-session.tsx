import clsx from 'clsx';
import { Flag } from 'lucide-react';
import type { CalendarCompliance } from '../../../shared/api/calendar.ts';
import type { DayPlanDay } from '../../../shared/api/day-plan.ts';
import { formatDurationWords } from '../../../shared/format.ts';
import { BAND_CLASSES, BAND_LABELS, sessionName, STATUS_LABELS } from '../plans/index.ts';

/** Where the day's session came from, as its label says it when plan compliance has no mark for it. */
const SOURCE_LABELS = { plan: 'Planned', coach: "Kai's suggestion" } as const;

/**
 * The day plan's session for a day (ADR 0068), drawn apart from work done: a dashed outline, its
 * plan compliance's mark in the words, icons and colours the plan view uses (or where it came
 * from, when compliance has no mark for it), its title and length.
 * A plan's rest day is one quiet line; a day nothing decided shows nothing.
 */
export function PlannedSession({ plan, compliance }: { plan: DayPlanDay; compliance: CalendarCompliance | null }) {
  if (plan.source === 'none') return null;
  if (plan.session === null) {
    return plan.raceDay ? <RaceDay /> : <p className="text-fg-subtle">Rest day</p>;
  }
  const status = compliance ? STATUS_LABELS[compliance.status] : null;
  const band = compliance?.band ? BAND_CLASSES[compliance.band] : null;
  return (
    <div className={clsx('flex flex-col gap-0.5 rounded-lg border border-dashed bg-canvas/60 px-2 py-1.5', band ? band.border : 'border-line-strong')}>
      <p className={clsx('inline-flex items-center gap-1 font-semibold', band ? band.text : 'text-fg-muted')}>
        {status ? (
          <>
            <status.icon aria-hidden className="size-3.5 shrink-0" />
            {status.label}
            {compliance?.band && <span className="sr-only">, {BAND_LABELS[compliance.band]}</span>}
          </>
        ) : (
          SOURCE_LABELS[plan.source]
        )}
      </p>
      <p className="font-medium text-fg">{sessionName(plan.session.title)}</p>
      <p className="text-fg-muted">{formatDurationWords(plan.session.durationMin * 60)}</p>
      {plan.raceDay && <RaceDay />}
    </div>
  );
}

function RaceDay() {
  return (
    <p className="inline-flex items-center gap-1 font-semibold text-accent">
      <Flag aria-hidden className="size-3.5" />
      Race day
    </p>
  );
}
