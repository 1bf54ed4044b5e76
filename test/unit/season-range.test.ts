import { describe, expect, it } from 'vitest';
import { isTimeZone, lastDayWithin, seasonQuery } from '../../src/shared/api/season.ts';
import { weightOn } from '../../src/server/features/season/service.ts';
import { daysOf } from '../../src/web/features/season/season-range.ts';

describe('the season’s ranges', () => {
  it('turns each preset into the athlete’s days from their today', () => {
    const today = '2026-03-01';
    expect(daysOf({ kind: 'last90', from: '', to: '' }, today)).toEqual({ from: '2025-12-02', to: today });
    expect(daysOf({ kind: 'season', from: '', to: '' }, today)).toEqual({ from: '2026-01-01', to: today });
    expect(daysOf({ kind: 'year', from: '', to: '' }, today)).toEqual({ from: '2025-03-02', to: today });
    expect(daysOf({ kind: 'all', from: '', to: '' }, today)).toEqual({ from: null, to: null });
    expect(daysOf({ kind: 'custom', from: '2024-01-01', to: '2024-02-01' }, today)).toEqual({ from: '2024-01-01', to: '2024-02-01' });
    expect(daysOf({ kind: 'custom', from: '2024-02-01', to: '2024-01-01' }, today)).toEqual({ error: 'The first day must not be after the last.' });
    expect(daysOf({ kind: 'custom', from: '', to: '2024-01-01' }, today)).toEqual({ error: 'Choose the first and the last day.' });
    expect(daysOf({ kind: 'custom', from: '2000-01-01', to: '2020-01-01' }, today)).toEqual({ error: 'A range covers at most 20 years.' });
  });

  it('allows twenty years to the day less one, a leap day included', () => {
    expect(lastDayWithin('2000-01-01')).toBe('2019-12-31');
    expect(lastDayWithin('2004-02-29')).toBe('2024-02-28');
    expect(lastDayWithin('2003-03-01')).toBe('2023-02-28');
    expect(seasonQuery.safeParse({ from: '2004-02-29', to: '2024-02-28' }).success).toBe(true);
    expect(seasonQuery.safeParse({ from: '2004-02-29', to: '2024-02-29' }).success).toBe(false);
  });

  it('refuses days that are not days with their message, never by throwing (the fuzz found ":" answering 500)', () => {
    for (const [from, to] of [[':', ':'], ['2024-02-30', '2024-03-01'], ['x', '2024-01-01']]) {
      const parsed = seasonQuery.safeParse({ from, to });
      expect(parsed.success, `${from}..${to}`).toBe(false);
    }
  });

  it('takes only time zones the runtime knows', () => {
    expect(isTimeZone('Europe/Ljubljana')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone("UTC'; drop table accounts")).toBe(false);
  });

  it('reads the weight of a day: the newest check-in on or before it, else the profile’s', () => {
    const weights = { days: [{ date: '2024-02-01', weightKg: 80 }, { date: '2024-06-01', weightKg: 70 }], profileKg: 75 };
    expect(weightOn(weights, '2024-01-31')).toBe(75);
    expect(weightOn(weights, '2024-02-01')).toBe(80);
    expect(weightOn(weights, '2024-05-31')).toBe(80);
    expect(weightOn(weights, '2025-01-01')).toBe(70);
    expect(weightOn({ days: [], profileKg: null }, '2024-01-01')).toBeNull();
  });
});
