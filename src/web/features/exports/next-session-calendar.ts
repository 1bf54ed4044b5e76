import type { AnalysisView } from '../../../shared/api/analysis.ts';

export interface CalendarFile {
  fileName: string;
  content: string;
}

const REMINDER_BEFORE_MIN = 15;
const SESSION_START_HOUR = 6;

function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** RFC 5545 §3.1: lines longer than 75 octets continue on the next line after a space. */
function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > 75) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

const pad = (value: number) => String(value).padStart(2, '0');
const localStamp = (at: Date) =>
  `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}T${pad(at.getHours())}${pad(at.getMinutes())}00`;
const utcStamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');

/**
 * The calendar file (.ics) for Kai's next session (spec §7, §9): tomorrow at 06:00 on the
 * athlete's own clock (a floating local time), as long as the planned session, with a reminder
 * 15 minutes before. This is the page's one seam to the shared calendar builder
 * (src/shared/calendar/next-session-ics.ts): when that lands, this function delegates to it.
 */
export function nextSessionCalendarFile(analysis: AnalysisView, now: Date): CalendarFile {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, SESSION_START_HOUR, 0, 0);
  const durationMin = Math.max(1, Math.round(analysis.nextSession.totalDurationS / 60));
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Kairo//Next session//EN',
    'CALSCALE:GREGORIAN',
    'BEGIN:VEVENT',
    `UID:${analysis.activityId}-next-session@kairo`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART:${localStamp(start)}`,
    `DURATION:PT${durationMin}M`,
    `SUMMARY:${escapeText(analysis.nextSession.title)}`,
    `DESCRIPTION:${escapeText(analysis.nextActivity)}`,
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${escapeText(analysis.nextSession.title)}`,
    `TRIGGER:-PT${REMINDER_BEFORE_MIN}M`,
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  const day = `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}`;
  return { fileName: `kairo-next-session-${day}.ics`, content: `${lines.map(foldLine).join('\r\n')}\r\n` };
}
