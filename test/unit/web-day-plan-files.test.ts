import { describe, expect, it } from 'vitest';
import type { DayPlanDay, DaySession } from '../../src/shared/api/day-plan.ts';
import { nextSessionEvent } from '../../src/shared/calendar/next-session-ics.ts';
import { filesDay } from '../../src/web/features/day-plan/next-session-now.tsx';

/**
 * Which day an analysis's calendar event and workout file are for (ADR 0068): the day the day plan
 * decided its suggestion for, never a day decided as something else.
 */

const session = (title: string, durationMin: number): DaySession => ({ title, sport: 'ride', focus: 'endurance', durationMin, zones: null, description: '', steps: null });
const day = (date: string, source: DayPlanDay['source'], held: DaySession | null): DayPlanDay => ({
  date,
  session: held,
  source,
  plan: source === 'plan' ? { id: 'p', name: 'Plan' } : null,
  change: null,
  proposal: null,
  readiness: null,
  raceDay: false,
  why: '',
});
const suggested = { title: 'Endurance ride', totalDurationS: 90 * 60 };
const TODAY = '2026-03-11';
const TOMORROW = '2026-03-12';

describe("an analysis's files", () => {
  it('are for tomorrow when tomorrow is decided as the suggestion', () => {
    expect(filesDay([day(TODAY, 'plan', null), day(TOMORROW, 'coach', session('Endurance ride', 90))], suggested)).toEqual({ day: TOMORROW });
  });
  it('are for today when today holds the suggestion and nothing decides tomorrow', () => {
    expect(filesDay([day(TODAY, 'coach', session('Endurance ride', 90)), day(TOMORROW, 'none', null)], suggested)).toEqual({ day: TODAY });
  });
  it('keep the day after today when nothing decides either day', () => {
    expect(filesDay([day(TODAY, 'none', null), day(TOMORROW, 'none', null)], suggested)).toEqual({ day: undefined });
  });
  it('are not offered when tomorrow is decided as something else: another session, other minutes or a rest day', () => {
    expect(filesDay([day(TODAY, 'none', null), day(TOMORROW, 'plan', null)], suggested)).toBeNull();
    expect(filesDay([day(TODAY, 'none', null), day(TOMORROW, 'plan', session('Cycling - threshold', 90))], suggested)).toBeNull();
    expect(filesDay([day(TODAY, 'none', null), day(TOMORROW, 'coach', session('Endurance ride', 60))], suggested)).toBeNull();
  });
});

describe('the calendar event of a decided day', () => {
  it('starts at 06:00 on that day, whatever day it is made on', () => {
    const event = nextSessionEvent({ recommendationText: 'Endurance ride, 1 h 30 min.', activityId: 'a', timeZone: 'Europe/Berlin', now: new Date('2026-03-11T21:30:00Z'), day: TODAY });
    expect(event.start).toEqual({ year: 2026, month: 3, day: 11, hour: 6, minute: 0 });
    expect(event.ics).toContain('DTSTART:20260311T060000');
    const usual = nextSessionEvent({ recommendationText: 'Endurance ride, 1 h 30 min.', activityId: 'a', timeZone: 'Europe/Berlin', now: new Date('2026-03-11T10:00:00Z') });
    expect(usual.start).toEqual({ year: 2026, month: 3, day: 12, hour: 6, minute: 0 });
  });
});
