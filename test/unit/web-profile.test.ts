import { describe, expect, it } from 'vitest';
import { parseEventCards, parseGoalCards } from '../../src/shared/domain/profile-cards.ts';
import { draftFromEvent, draftFromGoal } from '../../src/web/features/profile/card-drafts.ts';
import { analysedNote, eventDay, profileGreeting, timeOfDayGreeting } from '../../src/web/features/profile/profile-words.ts';

/** A local time on an ordinary day: the greeting follows the athlete's clock. */
const at = (hour: number, minute: number) => new Date(2026, 10, 23, hour, minute);

describe('profile greeting (spec §2: before 12 morning, before 18 afternoon, otherwise evening)', () => {
  it.each([
    [0, 0, 'Good Morning'],
    [11, 59, 'Good Morning'],
    [12, 0, 'Good Afternoon'],
    [17, 59, 'Good Afternoon'],
    [18, 0, 'Good Evening'],
    [23, 59, 'Good Evening'],
  ])('%i:%i is %s', (hour, minute, greeting) => {
    expect(timeOfDayGreeting(at(hour, minute))).toBe(greeting);
  });

  it('greets by first name, or "there" without one', () => {
    expect(profileGreeting('Eddy', at(9, 0))).toBe('Good Morning, Eddy');
    expect(profileGreeting(null, at(13, 0))).toBe('Good Afternoon, there');
    expect(profileGreeting('  ', at(20, 0))).toBe('Good Evening, there');
  });
});

describe('the note on the analysed activities', () => {
  const now = new Date('2026-11-23T15:00:00Z');

  it('says the last 30 activities were analysed and when', () => {
    expect(analysedNote(30, '2026-11-23T12:00:00Z', now)).toBe('Kai analysed your last 30 activities. Updated 3 hours ago.');
    expect(analysedNote(30, '2026-11-22T10:00:00Z', now)).toBe('Kai analysed your last 30 activities. Updated yesterday.');
  });

  it('says how many a newer athlete has so far', () => {
    expect(analysedNote(12, '2026-11-23T15:00:00Z', now)).toBe(
      'Kai analyses your last 30 activities; this profile is built from the 12 activities you have so far. Updated just now.',
    );
    expect(analysedNote(1, '2026-11-23T14:30:00Z', now)).toContain('built from the 1 activity you have so far. Updated 30 minutes ago.');
  });
});

describe('event card dates', () => {
  it('writes a YYYY-MM-DD day out and leaves other wording alone', () => {
    // The one date shape (ADR 0072); a past year is always written.
    expect(eventDay('2020-04-18')).toBe('Sat, Apr 18, 2020');
    expect(eventDay('Spring 2027')).toBe('Spring 2027');
    expect(eventDay('2027-13-45')).toBe('2027-13-45');
  });
});

describe('plan drafts from profile cards (spec §4)', () => {
  const [event] = parseEventCards(
    ['Event: Gran fondo (medium route)', 'Date/Location: 2027-04-18 · a spring edition near you', 'Distance/Elevation: 110 km / 1,800 m', 'Why it fits: Your long rides.'].join('\n'),
  );
  const [goal] = parseGoalCards(['Goal: Run a half marathon', 'Why this suits you: Steady runs.', 'Estimated timeframe: 12 weeks', 'Distance: 21.1 km'].join('\n'));

  it('opens the event tab with name, date, distance, elevation and the kind guessed from the name', () => {
    expect(draftFromEvent(event!)).toEqual({
      preparationType: 'event',
      eventName: 'Gran fondo (medium route)',
      eventDate: '2027-04-18',
      eventDistance: '110 km',
      eventElevation: '1,800 m',
      eventType: 'cycling',
    });
  });

  it("takes the card's own kind over the guess", () => {
    expect(draftFromEvent({ ...event!, name: 'Spring Classic', kind: 'running' }).eventType).toBe('running');
    expect(draftFromEvent({ ...event!, name: 'Trail half', kind: null }).eventType).toBe('running');
  });

  it('opens general fitness from a goal, guessing the kind from the goal when the card does not say', () => {
    expect(draftFromGoal(goal!)).toEqual({
      preparationType: 'general-fitness',
      planName: 'Run a half marathon',
      eventType: 'running',
      selectedActivities: JSON.stringify(['Running']),
      planDuration: '12 weeks',
      additionalDetails: 'Distance: 21.1 km',
    });
    expect(draftFromGoal({ ...goal!, goal: 'Build endurance', kind: 'cycling' }).eventType).toBe('cycling');
    expect(draftFromGoal({ ...goal!, goal: 'Build endurance', kind: null }).eventType).toBe('cycling');
  });
});
