import clsx from 'clsx';
import { Replace } from 'lucide-react';
import { Link } from 'wouter';
import type { ComplianceDayView } from '../../../shared/api/plan-compliance.ts';
import { formatShortCalendarDay } from '../../../shared/format.ts';
import { AddSessionButton } from './add-session-button.tsx';
import { BAND_CLASSES, BAND_LABELS, minutesText, sessionName, STATUS_LABELS } from './compliance-labels.ts';
import { SessionEditMenu } from './session-edit-menu.tsx';
import { editedSession } from './session-edit-text.ts';

function ActivityLinks({ ids, label }: { ids: string[]; label: string }) {
  return (
    <span className="flex flex-wrap gap-x-2">
      {ids.map((id, index) => (
        <Link key={id} href={`/activities/${id}`} className="font-semibold text-accent underline-offset-2 hover:underline">
          {ids.length > 1 ? `${label} ${index + 1}` : label}
        </Link>
      ))}
    </span>
  );
}

/** 'Cycling · threshold, 1 h 15 min', or 'a rest day' when the plan had nothing there. */
const beforeText = (before: NonNullable<ComplianceDayView['changed']>['before']) => (before ? `${sessionName(before.name)}, ${minutesText(before.durationMin)}` : 'a rest day');

/** An accepted adjustment changed the day (ADR 0050): a word and an icon, and what the plan had there. */
function ChangedNote({ changed }: { changed: NonNullable<ComplianceDayView['changed']> }) {
  return (
    <p className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-fg-muted">
      <span className="inline-flex items-center gap-1 rounded-full border border-accent/50 px-1.5 font-semibold text-accent">
        <Replace aria-hidden className="size-3" />
        Changed
      </span>
      <span>was {beforeText(changed.before)}</span>
    </p>
  );
}

/**
 * One day of the plan: its session and what was done, the status in words and an icon, the band as
 * the border's colour, and a mark when an accepted adjustment changed it. On a phone the days are a
 * list: a rest day is one compact line, so a session turned into rest does not vanish. On an active
 * plan, a day from today on is edited here (issue 30): its session through its menu, a free day
 * with Add.
 */
export function ComplianceDayCell({ day, isToday, editPlanId }: { day: ComplianceDayView; isToday: boolean; editPlanId: string | null }) {
  const { icon: Icon, label } = STATUS_LABELS[day.status];
  const band = day.band ? BAND_CLASSES[day.band] : null;
  const quiet = day.status === 'rest';
  const changed = day.changed ? `, changed from ${beforeText(day.changed.before)}` : '';
  return (
    <li
      className={clsx(
        'flex flex-col gap-1 rounded-xl border text-xs md:min-h-24 md:p-2.5',
        band ? band.border : day.changed ? 'border-accent/50' : 'border-line',
        quiet ? 'bg-canvas px-2.5 py-1.5' : 'bg-surface p-2.5',
        isToday && 'ring-2 ring-accent/60',
      )}
      aria-label={`${formatShortCalendarDay(day.date)}: ${label}${day.band ? `, ${BAND_LABELS[day.band]}` : ''}${changed}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-0.5">
        <span className="font-semibold text-fg-muted">
          <span className="md:hidden">{formatShortCalendarDay(day.date)}</span>
          <span className="hidden md:inline">{Number(day.date.slice(8))}</span>
          {isToday && <span className="ml-1 text-accent">today</span>}
        </span>
        <span className="inline-flex items-center gap-1">
          <span className={clsx('inline-flex items-center gap-1 font-semibold', band ? band.text : 'text-fg-subtle')}>
            <Icon aria-hidden className="size-3.5" />
            {label}
          </span>
          {editPlanId && day.planned && day.planned.durationMin > 0 && (
            <SessionEditMenu planId={editPlanId} date={day.date} session={editedSession(day.planned.name, day.planned.durationMin)} className="-my-1.5 -mr-1.5 size-6 shrink-0" />
          )}
          {editPlanId && !day.planned && <AddSessionButton planId={editPlanId} date={day.date} className="-my-1.5 -mr-1.5 size-6 shrink-0" />}
        </span>
      </div>
      {day.changed && <ChangedNote changed={day.changed} />}
      {day.planned && (
        <p className="text-fg">
          <span className="font-semibold">{sessionName(day.planned.name)}</span>
          <span className="block text-fg-muted">
            Plan {day.planned.durationMin > 0 ? minutesText(day.planned.durationMin) : 'race'}
            {day.planned.plannedLoad !== null && ` · load ${day.planned.plannedLoad}`}
          </span>
        </p>
      )}
      {day.doneMin !== null && (
        <p className="text-fg-muted">
          Done {minutesText(day.doneMin)}
          {day.doneLoad !== null && ` · load ${day.doneLoad}`}
          {day.durationPct !== null && <span className={clsx('font-semibold', band?.text)}> · {day.durationPct} %</span>}
          {day.doneOn && <span className="block text-fg-subtle">on {formatShortCalendarDay(day.doneOn)}</span>}
        </p>
      )}
      {day.matchedActivityIds.length > 0 && <ActivityLinks ids={day.matchedActivityIds} label="Activity" />}
      {day.unplannedActivityIds.length > 0 && (
        <div className="mt-auto text-fg-subtle">
          {day.planned && 'Also: '}
          <ActivityLinks ids={day.unplannedActivityIds} label="Unplanned" />
        </div>
      )}
    </li>
  );
}
