import { describe, expect, it } from 'vitest';
import { activityDetailUpdate, analysisRefresh, coachingStyleUpdate } from '../../src/shared/api/analysis.ts';
import { COACHING_STYLES, coachingStyles, DEFAULT_COACHING_STYLE } from '../../src/shared/domain/coaching-style.ts';
import { RIDE_DETAILS, rideDetailLabel, rideDetailTypes } from '../../src/shared/domain/ride-detail.ts';

describe('coaching styles and ride-detail types (spec §3)', () => {
  it('are the four styles, performance by default', () => {
    expect(coachingStyles).toEqual(['chill', 'performance', 'marginal_gains', 'custom']);
    expect(Object.values(COACHING_STYLES).map((style) => style.name)).toEqual(['Chill', 'Performance', 'Marginal gains', 'Custom']);
    expect(DEFAULT_COACHING_STYLE).toBe('performance');
  });

  it('are the seven ride-detail types with their emojis, titles and descriptions', () => {
    expect(rideDetailTypes.map((id) => [id, RIDE_DETAILS[id].emoji, RIDE_DETAILS[id].title, RIDE_DETAILS[id].description])).toEqual([
      ['time-crunch', '⏱️', 'Time-Crunch', 'Short on time, but squeezing in purposeful training.'],
      ['kom-segment', '🏔️', 'KOM / Segment Effort', 'Easy roll-in, then full-gas effort for a segment or climb.'],
      ['recovery-spin', '🌿', 'Recovery Spin', 'Light, low-intensity ride to aid recovery and circulation.'],
      ['endurance-builder', '🚴', 'Endurance Builder', 'Steady Z2 work, laying the aerobic foundation for big goals.'],
      ['structured-workout', '🎯', 'Structured Workout', 'Interval-focused session targeting specific zones or skills.'],
      ['social-group', '👥', 'Social / Group Ride', 'Riding with others, effort shaped by the group dynamic.'],
      // Spec §3 says 'unique ride goals'; the note is offered on every sport (issue 14), so it says 'goals'.
      ['custom-note', '✍️', 'Custom Note', 'Add your own context for unique goals or conditions.'],
    ]);
    for (const id of rideDetailTypes) {
      expect(RIDE_DETAILS[id].id).toBe(id);
      // One pictograph each (a variation selector may follow), so it reads as an emoji wherever it lands.
      expect(RIDE_DETAILS[id].emoji).toMatch(/^\p{Extended_Pictographic}\u{FE0F}?$/u);
    }
    expect(rideDetailLabel('recovery-spin')).toBe('🌿 Recovery Spin');
  });
});

describe('analysis request contracts (spec §5)', () => {
  it('trims custom instructions, requires them for custom, and drops them for other styles', () => {
    expect(coachingStyleUpdate.parse({ coachingStyle: 'custom', systemPrompt: '  Be blunt.  ' })).toEqual({
      coachingStyle: 'custom',
      systemPrompt: 'Be blunt.',
    });
    expect(coachingStyleUpdate.parse({ coachingStyle: 'chill', systemPrompt: 'ignored' })).toEqual({ coachingStyle: 'chill', systemPrompt: null });
    expect(coachingStyleUpdate.safeParse({ coachingStyle: 'custom', systemPrompt: ' \n ' }).error?.issues[0]?.message).toBe(
      'The custom coaching style needs your instructions: systemPrompt must not be blank',
    );
    expect(coachingStyleUpdate.safeParse({ coachingStyle: 'custom', systemPrompt: 'x'.repeat(4001) }).error?.issues[0]?.message).toBe(
      'systemPrompt must be at most 4000 characters',
    );
  });

  it('trims the ride note, sends an empty one as absent, and clears the note with the type', () => {
    expect(activityDetailUpdate.parse({ activityDetailType: 'custom-note', activityDetailNote: '  Hot day  ' })).toEqual({
      detail: { type: 'custom-note', note: 'Hot day' },
    });
    expect(activityDetailUpdate.parse({ activityDetailType: 'time-crunch', activityDetailNote: '   ' })).toEqual({
      detail: { type: 'time-crunch', note: null },
    });
    expect(activityDetailUpdate.parse({ activityDetailType: null, activityDetailNote: 'stale' })).toEqual({ detail: null });
  });

  it('keeps the stored detail on a refresh without a type', () => {
    expect(analysisRefresh.parse({})).toEqual({});
    expect(analysisRefresh.parse({ activityDetailType: 'kom-segment' })).toEqual({ detail: { type: 'kom-segment', note: null } });
    expect(analysisRefresh.parse({ activityDetailType: null })).toEqual({ detail: null });
    expect(analysisRefresh.safeParse({ activityDetailNote: 'orphan' }).error?.issues[0]?.message).toBe(
      'activityDetailNote needs an activityDetailType',
    );
  });
});
