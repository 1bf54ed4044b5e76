import type { EditSession, PlanEdit } from '../../../shared/api/plan-edits.ts';
import { formatShortCalendarDay } from '../../../shared/format.ts';
import { minutesText, sessionName } from './compliance-labels.ts';

/** A planned session as the athlete sees it where they edit it. */
export interface EditedSession {
  /** As the plan names it, shown with its dot: 'Cycling · threshold'. */
  name: string;
  durationMin: number;
}

/** A session's name as the plan writes it ('Cycling - threshold'), shown as the calendar shows it. */
export const editedSession = (activityType: string, durationMin: number): EditedSession => ({ name: sessionName(activityType), durationMin });

const SPORT_NAMES = { cycling: 'Cycling', running: 'Running' } as const;

/** The name a new session goes by: a built workout's title, or 'Cycling · tempo, 45 min'. */
export function newSessionName(session: EditSession): string {
  return session.type === 'workout' ? session.title : `${SPORT_NAMES[session.sport]} · ${session.focus}, ${minutesText(session.durationMin)}`;
}

/** What the banner says once an edit is saved: 'Moved Cycling · threshold to Thu, Dec 3'. */
export function editText(edit: PlanEdit, session: EditedSession | null): string {
  const name = session?.name ?? 'the session';
  switch (edit.kind) {
    case 'move':
      return `Moved ${name} to ${formatShortCalendarDay(edit.to)}`;
    case 'change': {
      const changes = [edit.durationMin !== undefined ? minutesText(edit.durationMin) : null, edit.focus ?? null].filter((part) => part !== null);
      return `Changed ${name} on ${formatShortCalendarDay(edit.date)} to ${changes.join(', ')}`;
    }
    case 'replace':
      return `Replaced ${name} on ${formatShortCalendarDay(edit.date)} with ${newSessionName(edit.session)}`;
    case 'delete':
      return `Deleted ${name} on ${formatShortCalendarDay(edit.date)}`;
    case 'add':
      return `Added ${newSessionName(edit.session)} on ${formatShortCalendarDay(edit.date)}`;
  }
}
