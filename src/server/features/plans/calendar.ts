import type { TrainingPlanView } from '../../../shared/api/training-plans.ts';
import { escapeIcsText as escapeText, foldIcsLine as fold } from '../../../shared/calendar/next-session-ics.ts';
import { datedSessions } from './dated-sessions.ts';

/**
 * The plan as an iCalendar file (RFC 5545): one all-day event per scheduled session, each week's
 * sessions scaled to that week's planned volume. All-day dates need no time zone, and the athlete
 * picks the hour.
 */

const DAY_MS = 86_400_000;

const dateValue = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10).replace(/-/g, '');
const stampValue = (date: Date) => `${date.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
const clock = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;

export function planCalendar(plan: TrainingPlanView, title: string, now: Date): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Kairo//Training plan//EN', 'CALSCALE:GREGORIAN', `X-WR-CALNAME:${escapeText(title)}`];
  for (const { date, scheduled: session, durationMin: minutes, phase, weekOfPhase, weekKind, isRaceDay } of datedSessions(plan)) {
    const day = Date.parse(`${date}T00:00:00Z`);
    const kind = weekKind === 'race' ? ' (race week)' : weekKind && weekKind !== 'load' ? ` (${weekKind} week)` : '';
    lines.push(
      'BEGIN:VEVENT',
      `UID:${plan.id}-${dateValue(day)}@kairo`,
      `DTSTAMP:${stampValue(now)}`,
      `DTSTART;VALUE=DATE:${dateValue(day)}`,
      `DTEND;VALUE=DATE:${dateValue(day + DAY_MS)}`,
      `SUMMARY:${escapeText(isRaceDay ? `${session.activityType}: ${title}` : `${session.activityType} ${clock(minutes)}`)}`,
      `DESCRIPTION:${escapeText(`${phase.name} phase, week ${weekOfPhase}${kind}.\n${session.description}\nZones: ${session.zones}\n${session.notes}`)}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
