import { describe, expect, it } from 'vitest';
import { parseEventCards, parseGoalCards, writeEventCards, writeGoalCards, type EventCardInput, type GoalCard } from '../../src/shared/domain/profile-cards.ts';

const goals: GoalCard[] = [
  {
    goal: 'Ride a 100 km gran fondo',
    why: 'Your long rides already reach 3 h.',
    timeframe: '12 weeks',
    kind: 'cycling',
    distance: '100 km',
    elevation: '1,200 m',
  },
  { goal: 'Run a sub-50 10 km', why: 'Your 5 km best is 23:40.', timeframe: '8-10 weeks', kind: null, distance: null, elevation: null },
];

const events: EventCardInput[] = [
  {
    name: 'Gran fondo (medium route)',
    link: null,
    date: '2027-04-18',
    location: 'a spring edition near you',
    distance: '110 km',
    elevation: '1,800 m',
    why: 'Fits your climbing.',
    kind: 'cycling',
  },
  { name: 'City marathon', link: 'https://example.org/register', date: 'October', location: null, distance: '42.2 km', elevation: null, why: 'Your long runs build to it.', kind: 'running' },
];

describe('profile cards text', () => {
  it('reads back the goal cards it writes', () => {
    expect(parseGoalCards(writeGoalCards(goals))).toEqual(goals);
  });

  it('reads back the event cards it writes, splitting date/location and distance/elevation', () => {
    const parsed = parseEventCards(writeEventCards(events));
    expect(parsed).toHaveLength(2);
    expect(parsed[0]).toMatchObject({ ...events[0], dateLocation: '2027-04-18 · a spring edition near you', distanceElevation: '110 km / 1,800 m' });
    expect(parsed[1]).toMatchObject({ ...events[1], dateLocation: 'October', distanceElevation: '42.2 km' });
  });

  it('accepts what a language model tends to write: bold labels, list markers, "Name" for the event', () => {
    const text = [
      '1. **Name:** Haute Route Alps',
      '   - **Link:** https://www.hauteroute.org',
      '   - **Date/Location:** August · French Alps',
      '   - **Distance/Elevation:** 800 km / 20,000 m',
      '   - **Why it fits:** Multi-day climbing.',
      '',
      '**Goal:** Climb 2,000 m in a day',
      '**Why this suits you:** You climb often.',
      '**Estimated timeframe:** 6 weeks',
    ].join('\n');
    expect(parseEventCards(text)).toEqual([
      expect.objectContaining({ name: 'Haute Route Alps', link: 'https://www.hauteroute.org/', date: 'August', location: 'French Alps', distance: '800 km', elevation: '20,000 m' }),
    ]);
    expect(parseGoalCards(text)).toEqual([expect.objectContaining({ goal: 'Climb 2,000 m in a day', timeframe: '6 weeks' })]);
  });

  it('drops blocks missing a required field and links that are not http(s)', () => {
    const text = 'Goal: Only a goal\n\nEvent: X\nLink: javascript:alert(1)\nDate/Location: May\nDistance/Elevation: 5 km\nWhy it fits: short';
    expect(parseGoalCards(text)).toEqual([]);
    expect(parseEventCards(text)).toEqual([expect.objectContaining({ name: 'X', link: null })]);
    expect(parseEventCards('')).toEqual([]);
  });
});
