import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { AnalysisView } from '../../src/shared/api/analysis.ts';
import { refreshBody } from '../../src/web/features/analysis/api/refresh-analysis.ts';
import { inlineSegments } from '../../src/web/features/analysis/inline-links.ts';
import {
  attemptsInWindow,
  readRefreshAttempts,
  recordRefreshAttempt,
  REFRESH_WINDOW_MS,
  refreshesRemaining,
  refreshLimitMessage,
} from '../../src/web/features/analysis/refresh-limit.ts';
import { sharedDescription } from '../../src/web/features/exports/api/update-strava-description.ts';
import { fileNameFromContentDisposition } from '../../src/web/features/exports/content-disposition.ts';
import { nextSessionCalendarFile } from '../../src/web/features/exports/next-session-calendar.ts';
import { buildZwiftWorkout } from '../../src/server/workouts/zwo.ts';

function memoryStorage(initial?: string) {
  const items = new Map<string, string>();
  if (initial !== undefined) items.set('kairo.analysisRefreshAttempts', initial);
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

describe('refresh limit (spec §5: 5 per sliding 10 minutes, on the device)', () => {
  const now = 1_800_000_000_000;

  it('counts only attempts inside the window ending now', () => {
    const attempts = [now - REFRESH_WINDOW_MS, now - REFRESH_WINDOW_MS + 1, now - 60_000, now];
    expect(attemptsInWindow(attempts, now)).toEqual([now - REFRESH_WINDOW_MS + 1, now - 60_000, now]);
    expect(refreshesRemaining(attempts, now)).toBe(2);
  });

  it('is exhausted after five attempts and comes back as the oldest leaves the window', () => {
    const storage = memoryStorage();
    for (let minute = 0; minute < 5; minute++) recordRefreshAttempt(storage, now + minute * 60_000);
    const fifth = now + 4 * 60_000;
    expect(refreshesRemaining(readRefreshAttempts(storage), fifth)).toBe(0);
    expect(refreshesRemaining(readRefreshAttempts(storage), now + REFRESH_WINDOW_MS - 1)).toBe(0);
    expect(refreshesRemaining(readRefreshAttempts(storage), now + REFRESH_WINDOW_MS)).toBe(1);
  });

  it('forgets expired attempts when it records a new one', () => {
    const storage = memoryStorage(JSON.stringify([now - REFRESH_WINDOW_MS - 5, now - 1000]));
    expect(recordRefreshAttempt(storage, now)).toEqual([now - 1000, now]);
    expect(JSON.parse(storage.items.get('kairo.analysisRefreshAttempts')!)).toEqual([now - 1000, now]);
  });

  it.each(['not json', '{"a":1}', '[1,"x",null]'])('reads a damaged value %j as no attempts (or only its numbers)', (stored) => {
    expect(readRefreshAttempts(memoryStorage(stored)).every((value) => typeof value === 'number')).toBe(true);
    expect(refreshesRemaining(readRefreshAttempts(memoryStorage(stored)), now)).toBe(5);
  });

  it('says the spec text', () => {
    expect(refreshLimitMessage(0)).toBe('Rate limit reached. 0 attempts remaining in the next 10 minutes.');
  });
});

describe('refresh body (spec §4: posts the current detail context)', () => {
  it('sends nothing without a detail, the type alone without a note, both with one', () => {
    expect(refreshBody({ activityDetailType: null, activityDetailNote: null })).toEqual({});
    expect(refreshBody({ activityDetailType: 'recovery-spin', activityDetailNote: null })).toEqual({ activityDetailType: 'recovery-spin' });
    expect(refreshBody({ activityDetailType: 'custom-note', activityDetailNote: 'Windy' })).toEqual({
      activityDetailType: 'custom-note',
      activityDetailNote: 'Windy',
    });
  });
});

describe('inline links in section text (only http(s) becomes a link)', () => {
  it('links bare addresses and leaves trailing punctuation to the sentence', () => {
    expect(inlineSegments('See https://example.com/a?b=1. Then rest.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: '. Then rest.' },
    ]);
  });

  it('links Markdown links with http(s) targets only', () => {
    expect(inlineSegments('[plan](http://kairo.test/p)')).toEqual([{ kind: 'link', text: 'plan', href: 'http://kairo.test/p' }]);
    expect(inlineSegments('[click](javascript:alert(1)) and [x](data:text/html,hi)')).toEqual([
      { kind: 'text', text: '[click](javascript:alert(1)) and [x](data:text/html,hi)' },
    ]);
  });

  it('keeps markup as plain text', () => {
    expect(inlineSegments('<img src=x onerror=alert(1)>')).toEqual([{ kind: 'text', text: '<img src=x onerror=alert(1)>' }]);
  });
});

describe('Content-Disposition file names (spec §7: default workout.zwo)', () => {
  it.each([
    [null, 'workout.zwo'],
    ['attachment', 'workout.zwo'],
    ['attachment; filename="Tempo ride.zwo"', 'Tempo ride.zwo'],
    ['attachment; filename=plain.zwo', 'plain.zwo'],
    ["attachment; filename=\"fallback.zwo\"; filename*=UTF-8''S%C3%A9ance%20tempo.zwo", 'Séance tempo.zwo'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="a\\\\b\\"c.zwo"', 'b"c.zwo'],
  ])('%j -> %s', (header, name) => {
    expect(fileNameFromContentDisposition(header, 'workout.zwo')).toBe(name);
  });
});

describe('shared description (spec §7: section text plus a credit line)', () => {
  it('appends the credit after a blank line', () => {
    expect(sharedDescription('  Easy spin.  ')).toBe('Easy spin.\n\n— Analysis by Kai, Kairo coach');
  });
});

describe('next-session calendar file (spec §9: next day 06:00, 15-minute reminder)', () => {
  const view = {
    activityId: 'a1',
    nextActivity: 'Ride 90 minutes in zone 2, keep it smooth; no surges.',
    nextSession: { sport: 'ride', focus: 'endurance', title: 'Endurance ride, 1:30', totalDurationS: 5400, steps: [] },
  } as unknown as AnalysisView;

  it('parses as one event tomorrow at 06:00 local time for the session length', () => {
    const now = new Date(Date.UTC(2026, 10, 23, 20, 15));
    const file = nextSessionCalendarFile(view, now, 'Europe/Berlin');
    expect(file.fileName).toBe('endurance-ride-130-2026-11-24.ics');
    expect(file.content.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(file.content)).getFirstSubcomponent('vevent')!);
    // The session's own name, the one its .zwo carries (issue 14: not 'Recovery spin' in one and 'Recovery Ride' in the other).
    expect(event.summary).toBe('Endurance ride, 1:30');
    expect(buildZwiftWorkout(view.nextSession, view.nextActivity)).toContain('<name>Endurance ride, 1:30</name>');
    expect(event.description).toBe(view.nextActivity);
    expect(event.startDate.toString()).toBe('2026-11-24T06:00:00');
    expect(event.startDate.zone?.tzid).toBe('floating');
    expect(event.duration.toSeconds()).toBe(5400);
    const alarm = event.component.getFirstSubcomponent('valarm')!;
    expect(alarm.getFirstPropertyValue('trigger')!.toString()).toBe('-PT15M');
  });

  it('crosses month ends and folds long lines at 75 octets', () => {
    const long = { ...view, nextActivity: 'é'.repeat(200) } as AnalysisView;
    const file = nextSessionCalendarFile(long, new Date(Date.UTC(2026, 11, 31, 8, 0)), 'UTC');
    expect(file.fileName).toMatch(/-2027-01-01\.ics$/);
    for (const line of file.content.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });
});
