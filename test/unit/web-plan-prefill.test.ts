import { describe, expect, it } from 'vitest';
import { guessActivityKind } from '../../src/web/features/plans/kind-guess.ts';
import { prefillFromEvent, prefillFromGoal } from '../../src/web/features/plans/plan-prefill.ts';

describe('guessActivityKind', () => {
  it.each([
    ['Gran Fondo Stelvio', 'cycling'],
    ['Century Ride', 'cycling'],
    ['Tour de Bike', 'cycling'],
    ['Etape Sportive', 'cycling'],
    ['Berlin Marathon', 'running'],
    ['Parkrun', 'running'],
    ['City 10K', 'running'],
    ['Half of the valley', 'running'],
    ['Trail des Cimes', 'running'],
    ['Ultra X', 'running'],
    ['Gran Fondo race', 'cycling'], // cycling words are checked first
    ['Triathlon de Nice', 'cycling'], // nothing matches: cycling
  ])('%s -> %s', (name, kind) => {
    expect(guessActivityKind(name)).toBe(kind);
  });
});

describe('plan prefills', () => {
  it('fills the event tab from an event card with the guessed kind', () => {
    expect(prefillFromEvent({ name: 'Lisbon Half Marathon', date: '2027-03-21', distance: '21.1 km' })).toEqual({
      preparationType: 'event',
      eventName: 'Lisbon Half Marathon',
      eventDate: '2027-03-21',
      eventDistance: '21.1 km',
      eventElevation: null,
      eventType: 'running',
    });
  });

  it('fills general fitness from a goal card, distance and elevation as details', () => {
    expect(prefillFromGoal({ name: 'Climb stronger', kind: 'cycling', timeframe: '12 weeks', distance: '80 km', elevation: '1500 m' })).toEqual({
      preparationType: 'general-fitness',
      planName: 'Climb stronger',
      eventType: 'cycling',
      selectedActivities: '["Cycling"]',
      planDuration: '12 weeks',
      additionalDetails: 'Distance: 80 km\nElevation: 1500 m',
    });
  });
});
