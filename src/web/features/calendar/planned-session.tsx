import clsx from 'clsx';
import { Flag } from 'lucide-react';
import type { CalendarCompliance } from '../../../shared/api/calendar.ts';
import type { DayPlanDay } from '../../../shared/api/day-plan.ts';
import { formatDurationWords } from '../../../shared/format.ts';
import { AddSessionButton, BAND_CLASSES, BAND_LABELS, editedSession, sessionName, SessionEditMenu, STATUS_LABELS } from '../plans/index.ts';
import { SESSION_DRAG_TYPE, useSessionDrag } from './session-drag.ts';

/** Where the day's session came from, as its label says it when plan compliance has no mark for it. */
const SOURCE_LABELS = { plan: 'Planned', coach: "Kai's suggestion" } as const;

/**
 * The day plan's session for a day (ADR 0068), drawn apart from work done: a dashed outline, its
 * plan compliance's mark in the words, icons and colours the plan view uses (or where it came
 * from, when compliance has no mark for it), its title and length.
 * A plan's rest day is one quiet line; a day nothing decided shows nothing.
 * From today on, an active plan's session can be edited (issue 30): dragged to a free day, or
 * through its menu; a free day of the plan takes a new session. The event day is not edited.
 */
export function PlannedSession({ plan, compliance }: { plan: DayPlanDay; compliance: CalendarCompliance | null }) {
  const drag = useSessionDrag();
  if (plan.source === 'none') return null;
  // The event day's race stays on its day (the server refuses any edit of it).
  const editablePlanId = drag && plan.source === 'plan' && plan.plan && plan.date >= drag.today && !plan.raceDay ? plan.plan.id : null;
  if (plan.session === null) {
    if (plan.raceDay) return <RaceDay />;
    return (
      <div className="flex items-center justify-between gap-1">
        <p className="text-fg-subtle">Rest day</p>
        {editablePlanId && <AddSessionButton planId={editablePlanId} date={plan.date} />}
      </div>
    );
  }
  const status = compliance ? STATUS_LABELS[compliance.status] : null;
  const band = compliance?.band ? BAND_CLASSES[compliance.band] : null;
  const edited = editedSession(plan.session.title, plan.session.durationMin);
  const dragging = drag?.dragged?.date === plan.date;
  return (
    <div
      draggable={editablePlanId !== null}
      onDragStart={(event) => {
        if (!editablePlanId || !drag) return;
        event.dataTransfer.setData(SESSION_DRAG_TYPE, plan.date);
        event.dataTransfer.effectAllowed = 'move';
        drag.start({ planId: editablePlanId, date: plan.date, session: edited });
      }}
      onDragEnd={() => drag?.end()}
      data-planned-session={plan.date}
      className={clsx(
        'flex flex-col gap-0.5 rounded-lg border border-dashed bg-canvas/60 px-2 py-1.5',
        band ? band.border : 'border-line-strong',
        editablePlanId && 'cursor-grab active:cursor-grabbing',
        dragging && 'opacity-50',
      )}
    >
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
      <div className="flex items-center justify-between gap-1">
        <p className="text-fg-muted">{formatDurationWords(plan.session.durationMin * 60)}</p>
        {editablePlanId && <SessionEditMenu planId={editablePlanId} date={plan.date} session={edited} className="-my-1 -mr-1.5 size-6 shrink-0" />}
      </div>
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
