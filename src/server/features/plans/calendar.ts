import type { TrainingPlanView } from '../../../shared/api/training-plans.ts';
import { escapeIcsText as escapeText, foldIcsLine as fold } from '../../../shared/calendar/next-session-ics.ts';
import { datedSessions } from './dated-sessions.ts';
import { minutesInWords } from './goal-inputs.ts';
import { sessionSport, stepsOf, stepsText } from './device-files.ts';
import { DAY_MS } from '../../../shared/time.ts';

/**
 * The plan as an iCalendar file (RFC 5545): one all-day event per dated session (dated-sessions.ts).
 * All-day dates need no time zone, and the athlete picks the hour. The same text is the .ics
 * download and the subscription feed (ADR 0040), so each event has a UID that stays with its day
 * (a calendar app updates the event rather than adding a second), and DTSTAMP, LAST-MODIFIED and
 * SEQUENCE from the plan's last change, so an app sees the plan changed and the same plan reads
 * the same bytes.
 */

/** SEQUENCE counts seconds from here to the plan's last change: it only grows, and fits 32 bits until 2093. */
const SEQUENCE_EPOCH_MS = Date.UTC(2025, 0, 1);

const dateValue = (isoDay: string) => isoDay.replace(/-/g, '');
const nextDay = (isoDay: string) => new Date(Date.parse(`${isoDay}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
const stampValue = (date: Date) => `${date.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/**
 * `sessions: false` writes the calendar without its events: a switched-off plan's feed (ADR 0040)
 * stays a valid calendar, so the subscription lives on and shows nothing until the plan is back on.
 */
export function planCalendar(plan: TrainingPlanView, title: string, { sessions = true }: { sessions?: boolean } = {}): string {
  const changed = new Date(plan.updatedAt);
  const sequence = Math.max(0, Math.floor((changed.getTime() - SEQUENCE_EPOCH_MS) / 1000));
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Kairo//Training plan//EN', 'CALSCALE:GREGORIAN', `X-WR-CALNAME:${escapeText(title)}`];
  for (const dated of sessions ? datedSessions(plan) : []) {
    const { scheduled: session, durationMin: minutes } = dated;
    const kind = dated.weekKind === 'race' ? ' (race week)' : dated.weekKind && dated.weekKind !== 'load' ? ` (${dated.weekKind} week)` : '';
    const sport = sessionSport(session);
    const steps = stepsOf(dated);
    const workout = sport && steps ? `\nWorkout:\n${stepsText(steps, sport, plan.generatedPlan.units ?? 'metric')}` : '';
    lines.push(
      'BEGIN:VEVENT',
      `UID:${plan.id}-${dateValue(dated.date)}@kairo`,
      `DTSTAMP:${stampValue(changed)}`,
      `LAST-MODIFIED:${stampValue(changed)}`,
      `SEQUENCE:${sequence}`,
      `DTSTART;VALUE=DATE:${dateValue(dated.date)}`,
      `DTEND;VALUE=DATE:${dateValue(nextDay(dated.date))}`,
      `SUMMARY:${escapeText(dated.isRaceDay ? `${session.activityType}: ${title}` : `${session.activityType} ${minutesInWords(minutes)}`)}`,
      `DESCRIPTION:${escapeText(`${dated.phase.name} phase, week ${dated.weekOfPhase}${kind}.\n${session.description}\nZones: ${session.zones}\n${session.notes}${workout}`)}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
