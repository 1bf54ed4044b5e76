import { describe, expect, it } from 'vitest';
import { advanceMesocycle, mesocycleWeekAt, type MesocycleState, type MesocycleWeek } from '../../src/shared/domain/mesocycle.ts';

const at = (iso: string) => new Date(iso);
const state = (currentWeek: MesocycleWeek, weekStartDate: string | null, enabled = true): MesocycleState => ({
  enabled,
  currentWeek,
  weekStartDate: weekStartDate === null ? null : at(weekStartDate),
});

describe('advanceMesocycle', () => {
  const expectAdvance = (week: MesocycleWeek, start: string, now: string, expectedWeek: MesocycleWeek, expectedStart: string) => {
    const result = advanceMesocycle(state(week, start), at(now));
    expect(result.state).toEqual(state(expectedWeek, expectedStart));
    expect(result.advanced).toBe(expectedWeek !== week || expectedStart !== start);
  };

  describe('from a week that started on Monday 2 March 2026, 07:30 UTC', () => {
    const start = '2026-03-02T07:30:00Z';
    it.each([
      // [week, now, expected week, expected start]
      ['just started', 1, start, 1, start],
      ['6 days 23:59:59.999 later', 1, '2026-03-09T07:29:59.999Z', 1, start],
      ['exactly 7 days later', 1, '2026-03-09T07:30:00Z', 2, '2026-03-09T07:30:00Z'],
      ['13 days later', 2, '2026-03-15T12:00:00Z', 3, '2026-03-09T07:30:00Z'],
      ['27 days later, from week 1', 1, '2026-03-29T07:30:00Z', 4, '2026-03-23T07:30:00Z'],
      ['27 days later, from week 3: cycles past 4', 3, '2026-03-29T07:30:00Z', 2, '2026-03-23T07:30:00Z'],
      ['exactly 28 days later: a full cycle', 2, '2026-03-30T07:30:00Z', 2, '2026-03-30T07:30:00Z'],
      ['from week 4 to week 1', 4, '2026-03-10T00:00:00Z', 1, '2026-03-09T07:30:00Z'],
    ] as const)('%s', (_case, week, now, expectedWeek, expectedStart) => expectAdvance(week, start, now, expectedWeek, expectedStart));
  });

  it.each([
    // [week, start, now, expected week, expected start]
    ['across the year boundary', 3, '2025-12-29T06:00:00Z', '2026-01-05T06:00:00Z', 4, '2026-01-05T06:00:00Z'],
    ['a year later', 1, '2025-03-03T00:00:00Z', '2026-03-03T00:00:00Z', 1, '2026-03-02T00:00:00Z'],
    // Europe's clocks go forward on 29 March 2026: a week is 7 × 24 h, so the local start moves from 08:00 to 09:00.
    ['across a daylight-saving change', 1, '2026-03-23T07:00:00Z', '2026-03-30T06:59:59Z', 1, '2026-03-23T07:00:00Z'],
    ['across a daylight-saving change, a week on', 1, '2026-03-23T07:00:00Z', '2026-03-30T07:00:00Z', 2, '2026-03-30T07:00:00Z'],
  ] as const)('%s', (_case, week, start, now, expectedWeek, expectedStart) => expectAdvance(week, start, now, expectedWeek, expectedStart));

  it('leaves a disabled cycle, one without a start, and a start in the future alone', () => {
    const disabled = state(2, '2026-01-05T00:00:00Z', false);
    expect(advanceMesocycle(disabled, at('2026-03-01T00:00:00Z'))).toEqual({ state: disabled, advanced: false });
    const unstarted = state(1, null);
    expect(advanceMesocycle(unstarted, at('2026-03-01T00:00:00Z'))).toEqual({ state: unstarted, advanced: false });
    const future = state(3, '2026-03-10T00:00:00Z');
    expect(advanceMesocycle(future, at('2026-03-01T00:00:00Z'))).toEqual({ state: future, advanced: false });
  });
});

describe('mesocycleWeekAt', () => {
  const current = state(3, '2026-03-16T06:00:00Z');
  it.each([
    ['during the current week', '2026-03-18T10:00:00Z', 3],
    ['the week before', '2026-03-10T10:00:00Z', 2],
    ['the cycle’s first week', '2026-03-02T06:00:00Z', 1],
    ['before the cycle’s first week', '2026-03-02T05:59:59Z', null],
    ['the week after (not yet advanced)', '2026-03-24T10:00:00Z', 4],
    ['two weeks after', '2026-03-31T10:00:00Z', 1],
  ] as const)('%s', (_case, moment, expected) => {
    expect(mesocycleWeekAt(current, at(moment))).toBe(expected);
  });

  it('is null without a running cycle', () => {
    expect(mesocycleWeekAt(state(3, '2026-03-16T06:00:00Z', false), at('2026-03-18T10:00:00Z'))).toBeNull();
    expect(mesocycleWeekAt(state(1, null), at('2026-03-18T10:00:00Z'))).toBeNull();
  });
});
