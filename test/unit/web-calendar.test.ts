import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CalendarActivity, CalendarTotals } from '../../src/shared/api/calendar.ts';
import { stepWeek, weekOf, WEEKS_PER_PAGE, weekPageRange, yearRange, yearsRange } from '../../src/web/features/calendar/calendar-range.ts';
import { calendarPath, readCalendarSearch } from '../../src/web/features/calendar/paths.ts';
import { addSum, emptySum, sumOfActivity, totalsOf } from '../../src/server/features/calendar/totals.ts';
import { activityFigures, missingText, sportLine, totalFigures } from '../../src/web/features/calendar/totals-text.ts';

const totals = (overrides: Partial<CalendarTotals> = {}): CalendarTotals => ({
  activities: 3,
  movingTimeS: 3 * 3600 + 25 * 60,
  distanceM: 84_250,
  elevationGainM: 1_234,
  trainingLoad: 187.6,
  missing: { distance: 0, elevationGain: 0, trainingLoad: 0 },
  ...overrides,
});

const activity = (overrides: Partial<CalendarActivity> = {}): CalendarActivity => ({
  id: 'a1',
  name: 'Morning Ride',
  sportType: 'Ride',
  sport: 'ride',
  startDate: '2026-11-23T07:00:00.000Z',
  movingTimeS: 3_900,
  distanceM: 32_400,
  elevationGainM: 310,
  trainingLoad: 61.4,
  compliance: null,
  ...overrides,
});

describe("the calendar's address (issue 30)", () => {
  it('reads the view and the week, leaving out what it cannot read', () => {
    expect(readCalendarSearch('?week=2026-11-23')).toEqual({ view: 'week', day: '2026-11-23' });
    expect(readCalendarSearch('view=month&week=2025-12-29')).toEqual({ view: 'month', day: '2025-12-29' });
    expect(readCalendarSearch('?view=decade&week=2026-02-30')).toEqual({ view: 'week', day: null });
    expect(readCalendarSearch('')).toEqual({ view: 'week', day: null });
  });

  it('writes the shortest address for each', () => {
    expect(calendarPath({ view: 'week', day: null })).toBe('/calendar');
    expect(calendarPath({ view: 'week', day: '2026-11-23' })).toBe('/calendar?week=2026-11-23');
    expect(calendarPath({ view: 'year', day: '2026-01-01' })).toBe('/calendar?view=year&week=2026-01-01');
    const round = calendarPath({ view: 'month', day: '2025-12-01' });
    expect(readCalendarSearch(round.split('?')[1]!)).toEqual({ view: 'month', day: '2025-12-01' });
  });
});

describe("the week view's pages", () => {
  it('are twelve whole weeks each, page 0 opening four weeks before the anchor, the pages meeting without a gap', () => {
    const anchor = '2026-11-23';
    const page0 = weekPageRange(anchor, 0);
    expect(page0).toEqual({ from: '2026-10-26', to: '2027-01-17' });
    const before = weekPageRange(anchor, -1);
    const after = weekPageRange(anchor, 1);
    expect(before.to).toBe('2026-10-25');
    expect(after.from).toBe('2027-01-18');
    for (const range of [before, page0, after]) {
      const days = (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 + 1;
      expect(days).toBe(WEEKS_PER_PAGE * 7);
    }
  });

  it("count weeks from the athlete's week start, across a year's end", () => {
    expect(weekOf('2027-01-01', 'monday')).toBe('2026-12-28');
    expect(weekOf('2027-01-01', 'sunday')).toBe('2026-12-27');
    expect(weekOf('2026-12-28', 'monday')).toBe('2026-12-28');
    expect(stepWeek('2026-12-28', 1)).toBe('2027-01-04');
    expect(stepWeek('2027-01-04', -1)).toBe('2026-12-28');
  });

  it('give the month view a year and the year view ten', () => {
    expect(yearRange(2026)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(yearsRange(2026)).toEqual({ from: '2017-01-01', to: '2026-12-31' });
  });
});

describe('totals as the calendar shows them', () => {
  it('writes time, distance, elevation and load in the athlete’s units', () => {
    expect(totalFigures(totals(), 'metric').map((figure) => figure.text)).toEqual(['3 h 25 min', '84.3 km', '1,234 m', '188']);
    expect(totalFigures(totals(), 'imperial').map((figure) => figure.text)).toEqual(['3 h 25 min', '52.4 mi', '4,049 ft', '188']);
  });

  it('shows a figure no activity recorded as absent, never as 0', () => {
    const indoor = totals({ distanceM: null, elevationGainM: null, trainingLoad: null, missing: { distance: 3, elevationGain: 3, trainingLoad: 3 } });
    expect(totalFigures(indoor, 'metric').map((figure) => figure.text)).toEqual(['3 h 25 min', null, null, null]);
    expect(missingText(indoor)).toBeNull();
    const empty = totals({ activities: 0, movingTimeS: 0, distanceM: null, elevationGainM: null, trainingLoad: null });
    expect(totalFigures(empty, 'metric').every((figure) => figure.text === null)).toBe(true);
    // A recorded zero is a figure like any other.
    expect(totalFigures(totals({ elevationGainM: 0 }), 'metric')[2]!.text).toBe('0 m');
  });

  it("rounds a week's sums once, where they are shown: loads of 633.46 in all show 633 (rounding to 633.5 first showed 634)", () => {
    const sum = emptySum();
    for (const [trainingLoad, distanceM] of [[300.23, 100_000], [333.23, 105_649]] as const) {
      addSum(sum, sumOfActivity({ movingTimeS: 3600, distanceM, elevationGainM: null, trainingLoad }));
    }
    const shown = Object.fromEntries(totalFigures(totalsOf(sum), 'metric').map((figure) => [figure.key, figure.text]));
    expect(shown).toMatchObject({ load: '633', distance: expect.stringMatching(/^205\.6\s?km$/), elevation: null });
  });

  it('says what a sum leaves out', () => {
    expect(missingText(totals())).toBeNull();
    expect(missingText(totals({ missing: { distance: 1, elevationGain: 0, trainingLoad: 2 } }))).toBe(
      'Distance not recorded on 1 activity; no load for 2 activities',
    );
  });

  it("writes a sport's line and an activity's figures, leaving out what it lacks", () => {
    expect(sportLine(totals(), 'metric')).toBe('3 h 25 min · 84.3 km');
    expect(sportLine(totals({ distanceM: null }), 'metric')).toBe('3 h 25 min');
    expect(activityFigures(activity(), 'metric')).toEqual(['1 h 5 min', '32.4 km', 'load 61']);
    expect(activityFigures(activity({ distanceM: null, trainingLoad: null }), 'imperial')).toEqual(['1 h 5 min']);
    expect(activityFigures(activity(), 'imperial')[1]).toBe('20.1 mi');
  });
});

describe('the calendar loads when opened (issue 30)', () => {
  const web = resolve(import.meta.dirname, '../../src/web');
  it('is reached by the router through a dynamic import only, and named in the main navigation', () => {
    const router = readFileSync(resolve(web, 'app/router.tsx'), 'utf8');
    expect(router).toMatch(/import\(['"]\.\.\/features\/calendar\/index\.ts['"]\)/);
    expect(router).not.toMatch(/^import .*features\/calendar/m);
    const nav = readFileSync(resolve(web, 'features/shell/top-nav.tsx'), 'utf8');
    expect(nav).toMatch(/label: 'Calendar', href: '\/calendar'/);
    expect(nav).not.toMatch(/features\/calendar|\.\.\/calendar/);
  });
});
