import type { NextSession } from '../api/analysis.ts';
import { fileNameSlug } from '../domain/file-name.ts';

/**
 * The calendar file (.ics) for the next session (spec §7 "client-side exports", §9 "Calendar event"),
 * built in the browser from the Next Session text. Pure, so it is tested against an independent
 * iCalendar parser.
 *
 * The event starts at 06:00 on the day after `now` in the athlete's time zone and is written as
 * RFC 5545 "floating" local time (no TZID, no Z): every calendar app (Google, Apple, Outlook)
 * places floating times at that wall-clock time in the calendar's own zone, which is what "06:00
 * local" means, and an athlete who travels keeps a 06:00 workout. A TZID would need a VTIMEZONE
 * with the zone's rules, which apps handle unevenly and a browser cannot produce reliably.
 */

/** Spec §9: the event starts at this local hour the next day. */
export const EVENT_START_HOUR = 6;
/** Spec §9: without a duration in the text the event lasts an hour. */
export const DEFAULT_EVENT_DURATION_MIN = 60;
/** Spec §9: the reminder fires this long before the start. */
export const REMINDER_BEFORE_MIN = 15;
/** Spec §9: 'NxM min' sessions last N*M plus this (warm-up and cool-down), and at least MIN_INTERVAL_SESSION_MIN. */
export const INTERVAL_SESSION_EXTRA_MIN = 20;
export const MIN_INTERVAL_SESSION_MIN = 30;
/** Spec §9: the title when the text names neither a sport nor an intensity. */
export const DEFAULT_EVENT_TITLE = 'Recommended Workout';

const MINUTES = String.raw`(?:minutes?|mins?)`;
const HOURS = String.raw`(?:hours?|hrs?|h)`;
/** A unit ends where letters end ('1h15m' has no word boundary after the h, '4 hills' is no hours). */
const END = '(?![a-z])';
/** '1 h 30 min', '1.5 hours', '2-hour', '1h15m'. */
const HOURS_PATTERN = new RegExp(String.raw`(\d+(?:[.,]\d+)?)\s*-?\s*${HOURS}${END}(?:\s*(?:and\s*)?(\d+)\s*(?:${MINUTES}|m)${END})?`, 'i');
/** '4x8 min', '3 × 10 min', '5 * 4-minute'. */
const INTERVALS_PATTERN = new RegExp(String.raw`(\d+)\s*[x×*]\s*(\d+(?:[.,]\d+)?)\s*-?\s*(?:${MINUTES}|m)${END}`, 'i');
/** '45 min', '90 minutes', '20-minute'. */
const MINUTES_PATTERN = new RegExp(String.raw`(\d+(?:[.,]\d+)?)\s*-?\s*${MINUTES}${END}`, 'i');

const toNumber = (text: string) => Number(text.replace(',', '.'));

/**
 * Spec §9, read as three rules tried in this order on the recommendation text:
 * 1. an hours expression (with any minutes right after it): that total;
 * 2. an 'NxM min' interval set: N*M + 20 minutes (warm-up and cool-down), but at least 30;
 * 3. a minutes expression: its value (the first one: the text opens with the session's length);
 * otherwise, or when the number found is not positive, 1 hour. The result is in whole minutes.
 */
export function sessionDurationMin(recommendationText: string): number {
  const hours = HOURS_PATTERN.exec(recommendationText);
  const intervals = INTERVALS_PATTERN.exec(recommendationText);
  const minutes = MINUTES_PATTERN.exec(recommendationText);
  let durationMin: number | null = null;
  if (hours?.[1]) durationMin = toNumber(hours[1]) * 60 + (hours[2] ? toNumber(hours[2]) : 0);
  else if (intervals?.[1] && intervals[2]) {
    durationMin = Math.max(MIN_INTERVAL_SESSION_MIN, toNumber(intervals[1]) * toNumber(intervals[2]) + INTERVAL_SESSION_EXTRA_MIN);
  } else if (minutes?.[1]) durationMin = toNumber(minutes[1]);
  const rounded = durationMin === null ? 0 : Math.round(durationMin);
  return rounded > 0 ? rounded : DEFAULT_EVENT_DURATION_MIN;
}

/** Sports by keyword; the one the text names first wins. */
const SPORT_KEYWORDS: { pattern: RegExp; noun: string; session?: boolean }[] = [
  { pattern: /\b(?:rides?|riding|cycling|bike|spin|zwift)\b/i, noun: 'Ride' },
  { pattern: /\b(?:runs?|running|jog|jogging)\b/i, noun: 'Run' },
  { pattern: /\b(?:hikes?|hiking|walks?|walking)\b/i, noun: 'Hike' },
  { pattern: /\b(?:swims?|swimming)\b/i, noun: 'Swim' },
  { pattern: /\b(?:strength|gym|weights|lifting)\b/i, noun: 'Strength Session', session: true },
  { pattern: /\b(?:mobility|yoga|stretching)\b/i, noun: 'Mobility Session', session: true },
];

/**
 * Intensities by keyword, hardest first: an interval session also mentions its easy recoveries,
 * and the hard part is what the session is.
 */
const INTENSITY_KEYWORDS: { pattern: RegExp; label: string }[] = [
  { pattern: /\bvo2\s*-?\s*max\b/i, label: 'VO2max' },
  { pattern: /\bthreshold\b/i, label: 'Threshold' },
  { pattern: /\bsweet[\s-]?spot\b/i, label: 'Sweet Spot' },
  { pattern: /\btempo\b/i, label: 'Tempo' },
  { pattern: /\bintervals?\b/i, label: 'Interval' },
  { pattern: /\b(?:endurance|aerobic|zone 2|z2)\b/i, label: 'Endurance' },
  { pattern: /\b(?:recovery|easy)\b/i, label: 'Recovery' },
];

/** The analysis's structured sport, when the caller has it, names the sport of the aerobic sessions. */
const SPORT_NOUNS: Partial<Record<NextSession['sport'], string>> = { ride: 'Ride', run: 'Run', hike: 'Hike' };

/**
 * Spec §9: 'Threshold Ride', 'Recovery Run', 'Tempo Workout' (no sport named), 'Ride Workout' (no
 * intensity named), 'Strength Session' (strength and mobility sessions carry no intensity), or
 * 'Recommended Workout' when the text names neither. `sport` (the analysis's nextSession.sport)
 * names the sport where the text does not, as the built-in coach's texts ('Threshold intervals,
 * 1 h 25 min. …') do not.
 */
export function sessionEventTitle(recommendationText: string, sport?: NextSession['sport']): string {
  const named = SPORT_KEYWORDS.map((keyword) => ({ keyword, at: recommendationText.search(keyword.pattern) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at)[0]?.keyword;
  if (named?.session) return named.noun;
  const sportNoun = (sport && SPORT_NOUNS[sport]) ?? named?.noun;
  const intensity = INTENSITY_KEYWORDS.find((keyword) => keyword.pattern.test(recommendationText))?.label;
  if (sportNoun && intensity) return `${intensity} ${sportNoun}`;
  if (intensity) return `${intensity} Workout`;
  if (sportNoun) return `${sportNoun} Workout`;
  return DEFAULT_EVENT_TITLE;
}

/** A wall-clock date and time, with no zone. */
export interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The calendar date of `at` in `timeZone` (an IANA name such as 'Europe/Berlin'). */
function localDate(at: Date, timeZone: string): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** Wall-clock arithmetic on the proleptic Gregorian calendar (UTC used only as a calendar, never as a zone). */
function addMinutes(start: LocalDateTime, minutes: number): LocalDateTime {
  const shifted = new Date(Date.UTC(start.year, start.month - 1, start.day, start.hour, start.minute + minutes));
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

/** Spec §9: 06:00 on the day after `now`, as the athlete's calendar shows it. */
export function nextSessionStart(now: Date, timeZone: string): LocalDateTime {
  const today = localDate(now, timeZone);
  return addMinutes({ ...today, hour: EVENT_START_HOUR, minute: 0 }, 24 * 60);
}

/** 06:00 on a given day (YYYY-MM-DD). */
export function sessionStartOn(day: string): LocalDateTime {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return { year, month, day: date, hour: EVENT_START_HOUR, minute: 0 };
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');
const formatLocal = (value: LocalDateTime) =>
  `${pad(value.year, 4)}${pad(value.month)}${pad(value.day)}T${pad(value.hour)}${pad(value.minute)}00`;
const formatUtc = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');

/** RFC 5545 §3.3.11: TEXT escapes backslash, semicolon, comma and line breaks. */
export function escapeIcsText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

const MAX_LINE_OCTETS = 75;

/** The UTF-8 length of one code point, by its value (a TextEncoder call per character is ~100x slower). */
function utf8Octets(character: string): number {
  const codePoint = character.codePointAt(0)!;
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/**
 * RFC 5545 §3.1: lines longer than 75 octets are folded with CRLF and one space. Folding happens
 * between code points, so a multi-byte UTF-8 character is never split.
 */
export function foldIcsLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = utf8Octets(character);
    if (octets + size > MAX_LINE_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += character;
    octets += size;
  }
  lines.push(current);
  return lines.join('\r\n');
}

export interface NextSessionEventInput {
  /** The Next Session section (the analysis's `nextActivity`). */
  recommendationText: string;
  /** The analysis's nextSession.sport, when known (see sessionEventTitle). */
  sport?: NextSession['sport'];
  /**
   * The session's own name (the analysis's nextSession.title), the name its .zwo carries too; when
   * absent, the title is read from the text (sessionEventTitle).
   */
  title?: string;
  /** The analysed activity: the event's UID comes from it, so adding the same session again updates the event. */
  activityId: string;
  /** The athlete's IANA time zone, e.g. Intl.DateTimeFormat().resolvedOptions().timeZone. */
  timeZone: string;
  now?: Date;
  /**
   * The athlete's day the session is decided for (YYYY-MM-DD, the day plan, ADR 0068): the event is
   * at 06:00 that day. Absent: the day after `now`, as spec §9 has it.
   */
  day?: string;
}

export interface NextSessionEvent {
  ics: string;
  title: string;
  start: LocalDateTime;
  durationMin: number;
}

/** The complete VCALENDAR with one VEVENT and its reminder, CRLF line ends, folded. */
export function nextSessionEvent(input: NextSessionEventInput): NextSessionEvent {
  const now = input.now ?? new Date();
  const title = input.title?.trim() || sessionEventTitle(input.recommendationText, input.sport);
  const durationMin = sessionDurationMin(input.recommendationText);
  const start = input.day ? sessionStartOn(input.day) : nextSessionStart(now, input.timeZone);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Kairo//Next session//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:next-session-${input.activityId}@kairo`,
    `DTSTAMP:${formatUtc(now)}`,
    `DTSTART:${formatLocal(start)}`,
    `DTEND:${formatLocal(addMinutes(start, durationMin))}`,
    `SUMMARY:${escapeIcsText(title)}`,
    `DESCRIPTION:${escapeIcsText(input.recommendationText.trim())}`,
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${escapeIcsText(title)}`,
    `TRIGGER:-PT${REMINDER_BEFORE_MIN}M`,
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return { ics: `${lines.map(foldIcsLine).join('\r\n')}\r\n`, title, start, durationMin };
}

/** 'threshold-ride-2026-03-12.ics': the title and the day of the session. */
export function nextSessionIcsFileName(title: string, start: LocalDateTime): string {
  const slug = fileNameSlug(title, 'workout');
  return `${slug}-${pad(start.year, 4)}-${pad(start.month)}-${pad(start.day)}.ics`;
}
