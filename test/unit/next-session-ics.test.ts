import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EVENT_TITLE,
  escapeIcsText,
  foldIcsLine,
  nextSessionEvent,
  nextSessionIcsFileName,
  nextSessionStart,
  sessionDurationMin,
  sessionEventTitle,
} from '../../src/shared/calendar/next-session-ics.ts';

const THRESHOLD_RIDE =
  'Threshold intervals, 1 h 25 min. 15 min warm-up at 50–65% FTP (110–145 W), 2 × 20 min at 95–100% FTP (210–220 W) ' +
  'with 10 min easy between, 10 min cool-down at 45–55% FTP (100–120 W).';

/** Parses with ical.js, an implementation independent of the builder, and returns the one event. */
function parseEvent(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

describe('duration of the calendar event (spec §9)', () => {
  it.each([
    // Hours, with minutes that follow them.
    ['Endurance ride, 1 h 30 min. 10 min warm-up, 70 min steady.', 90],
    ['Ride 2 hours at an easy pace.', 120],
    ['A 1.5 hour spin.', 90],
    ['Long run of 1,5 h.', 90],
    ['A 2-hour endurance ride.', 120],
    ['1h15m of tempo', 75],
    ['2 hours and 15 minutes in zone 2', 135],
    // Hours come before an interval set or minutes anywhere in the text.
    ['VO2max intervals, 1 h 5 min. 15 min warm-up, 5 × 4 min hard with 4 min easy between.', 65],
    // 'NxM min': N*M + 20, at least 30.
    ['Do 4x8 min at threshold.', 52],
    ['3 × 10 min at sweet spot with 5 min easy between', 50],
    ['5 * 4-minute efforts', 40],
    ['2x4 min openers', 30],
    ['1x5 min hard', 30],
    ['Warm up 15 min, then 4x8 min at threshold, cool down 10 min', 52],
    // Minutes: the first one (the text opens with the session's length).
    ['Recovery spin, 45 min. 45 min easy.', 45],
    ['An easy 90-minute run', 90],
    ['Easy run for 40 minutes', 40],
    // Nothing usable: an hour.
    ['Rest day: stretch and sleep well.', 60],
    ['', 60],
    ['0 min of anything', 60],
    ['Hill repeats on 4 hills', 60],
  ])('%s -> %i min', (text, minutes) => {
    expect(sessionDurationMin(text)).toBe(minutes);
  });
});

describe('title of the calendar event (spec §9)', () => {
  it.each([
    // The built-in coach's text names no sport: the structured session's sport does (next test).
    [THRESHOLD_RIDE, 'Threshold Workout'],
    ['Threshold intervals on the bike, 1 h.', 'Threshold Ride'],
    ['VO2max intervals, 56 min. Run 6 × 3 min hard with 2 min easy between.', 'VO2max Run'],
    ['Sweet-spot intervals: ride 3 × 10 min at 88–93% FTP with 5 min easy between.', 'Sweet Spot Ride'],
    ['Recovery spin, 45 min.', 'Recovery Ride'],
    ['Easy aerobic run, 55 min.', 'Endurance Run'],
    ['Tempo intervals, 44 min.', 'Tempo Workout'],
    ['Go for a ride tomorrow.', 'Ride Workout'],
    ['Easy walk, 45 min.', 'Recovery Hike'],
    ['Strength circuits, 60 min: 3 × 12 min at perceived effort 6–7 with 3 min easy between.', 'Strength Session'],
    ['Mobility and core, 30 min.', 'Mobility Session'],
    ['Take it as it comes.', DEFAULT_EVENT_TITLE],
    // Words only match whole: 'brunch' is no run, 'prided' no ride.
    ['Brunch with friends, prided on consistency.', DEFAULT_EVENT_TITLE],
  ])('%s -> %s', (text, title) => {
    expect(sessionEventTitle(text)).toBe(title);
  });
});

describe('title with the structured sport', () => {
  it.each([
    [THRESHOLD_RIDE, 'ride', 'Threshold Ride'],
    ['Threshold intervals, 1 h 9 min. 15 min warm-up in heart-rate zones 1–2.', 'run', 'Threshold Run'],
    ['Endurance hike, 2 h.', 'hike', 'Endurance Hike'],
    ['Strength circuits, 51 min.', 'workout', 'Strength Session'],
    ['Easy movement, 30 min.', 'other', 'Recovery Workout'],
    ['Steady session.', 'ride', 'Ride Workout'],
  ] as const)('%s (%s) -> %s', (text, sport, title) => {
    expect(sessionEventTitle(text, sport)).toBe(title);
  });
});

describe('start of the calendar event', () => {
  it('is 06:00 on the next calendar day in the athlete time zone', () => {
    // 23:30 UTC on 11 March is already 12 March in Berlin and still 11 March in New York.
    const now = new Date('2026-03-11T23:30:00Z');
    expect(nextSessionStart(now, 'Europe/Berlin')).toEqual({ year: 2026, month: 3, day: 13, hour: 6, minute: 0 });
    expect(nextSessionStart(now, 'America/New_York')).toEqual({ year: 2026, month: 3, day: 12, hour: 6, minute: 0 });
    expect(nextSessionStart(now, 'Pacific/Kiritimati')).toEqual({ year: 2026, month: 3, day: 13, hour: 6, minute: 0 });
    // Month and year ends roll over.
    expect(nextSessionStart(new Date('2026-12-31T12:00:00Z'), 'UTC')).toEqual({ year: 2027, month: 1, day: 1, hour: 6, minute: 0 });
    expect(nextSessionStart(new Date('2028-02-28T12:00:00Z'), 'UTC')).toEqual({ year: 2028, month: 2, day: 29, hour: 6, minute: 0 });
  });
});

describe('the .ics file', () => {
  const now = new Date('2026-03-11T18:45:12.345Z');

  it('is a valid VCALENDAR: floating 06:00 start, end from the parsed duration, 15-minute reminder, title and text', () => {
    const { ics, title, durationMin } = nextSessionEvent({
      recommendationText: THRESHOLD_RIDE,
      sport: 'ride',
      activityId: '0b6f3c3e-5a43-4a8e-9d55-3c1c1f2b7a10',
      timeZone: 'Europe/Berlin',
      now,
    });
    expect(title).toBe('Threshold Ride');
    expect(durationMin).toBe(85);
    const { calendar, vevent, event } = parseEvent(ics);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Kairo//Next session//EN');

    expect(event.startDate.toString()).toBe('2026-03-12T06:00:00');
    // Floating: no zone at all, so calendar apps place it at 06:00 in the athlete's own zone.
    expect(event.startDate.zone?.tzid).toBe('floating');
    expect(vevent.getFirstProperty('dtstart')?.getParameter('tzid')).toBeUndefined();
    expect(ics).toContain('\r\nDTSTART:20260312T060000\r\n');
    expect(event.endDate.toString()).toBe('2026-03-12T07:25:00');
    expect(event.duration.toSeconds()).toBe(85 * 60);

    expect(event.summary).toBe('Threshold Ride');
    expect(event.description).toBe(THRESHOLD_RIDE);
    expect(event.uid).toBe('next-session-0b6f3c3e-5a43-4a8e-9d55-3c1c1f2b7a10@kairo');
    expect(vevent.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-03-11T18:45:12Z');

    const alarm = vevent.getFirstSubcomponent('valarm');
    expect(alarm?.getFirstPropertyValue('action')).toBe('DISPLAY');
    const trigger = alarm?.getFirstPropertyValue('trigger') as InstanceType<typeof ICAL.Duration>;
    expect(trigger.toSeconds()).toBe(-15 * 60);
  });

  it('ends every line with CRLF and folds lines longer than 75 octets without splitting a character', () => {
    const longText = `${'Ride easy, then climb — ça va très bien 🚴. '.repeat(8)}Done.`;
    const { ics } = nextSessionEvent({ recommendationText: longText, activityId: 'a1', timeZone: 'UTC', now });
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const physical = ics.split('\r\n').slice(0, -1);
    for (const line of physical) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const continuations = physical.filter((line) => line.startsWith(' '));
    expect(continuations.length).toBeGreaterThan(3);
    // No line starts or ends inside a multi-byte character: every physical line is valid UTF-8 on its own.
    for (const line of physical) expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
    expect(parseEvent(ics).event.description).toBe(longText);
  });

  it('escapes commas, semicolons, backslashes and line breaks in text values', () => {
    const text = 'Warm up; then 3 × 10 min, hard.\nCool down \\ stretch.\r\nSleep.';
    expect(escapeIcsText(text)).toBe('Warm up\\; then 3 × 10 min\\, hard.\\nCool down \\\\ stretch.\\nSleep.');
    const { ics } = nextSessionEvent({ recommendationText: text, activityId: 'a1', timeZone: 'UTC', now });
    expect(parseEvent(ics).event.description).toBe('Warm up; then 3 × 10 min, hard.\nCool down \\ stretch.\nSleep.');
  });

  it('leaves short lines alone and folds at exactly 75 octets', () => {
    expect(foldIcsLine('SUMMARY:Ride')).toBe('SUMMARY:Ride');
    const folded = foldIcsLine(`DESCRIPTION:${'x'.repeat(100)}`).split('\r\n');
    expect(folded.map((line) => line.length)).toEqual([75, 38]);
    expect(folded[1]?.startsWith(' ')).toBe(true);
  });

  it('names the file after the title and the day of the session', () => {
    expect(nextSessionIcsFileName('Threshold Ride', { year: 2026, month: 3, day: 12, hour: 6, minute: 0 })).toBe(
      'threshold-ride-2026-03-12.ics',
    );
    expect(nextSessionIcsFileName('🚴', { year: 2026, month: 1, day: 2, hour: 6, minute: 0 })).toBe('workout-2026-01-02.ics');
  });
});
