import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeFitnessSeries, continueFitnessJson, continueFitnessSeries, fitnessDayJson } from '../../src/metrics/fitness.ts';

const dayAfter = (from: string, days: number) => new Date(Date.parse(from) + days * 86_400_000).toISOString().slice(0, 10);
const everyDay = (from: string, days: number, load: number) =>
  Array.from({ length: days }, (_, k) => ({ date: dayAfter(from, k), load }));

describe('computeFitnessSeries (CTL 42 d, ATL 7 d, TSB = yesterday)', () => {
  it('follows the exponential averages day by day', () => {
    const series = computeFitnessSeries(everyDay('2025-01-01', 3, 100), '2025-01-01', '2025-01-03');
    const ctl = (n: number) => 100 * (1 - (41 / 42) ** n);
    const atl = (n: number) => 100 * (1 - (6 / 7) ** n);
    expect(series.map((d) => d.date)).toEqual(['2025-01-01', '2025-01-02', '2025-01-03']);
    series.forEach((day, k) => {
      expect(day.ctl).toBeCloseTo(ctl(k + 1), 12);
      expect(day.atl).toBeCloseTo(atl(k + 1), 12);
      expect(day.tsb).toBeCloseTo(ctl(k) - atl(k), 12);
    });
    expect(series[0]!.tsb).toBe(0);
  });

  it('converges to a constant daily load, with form going to zero (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), (load) => {
        const last = computeFitnessSeries(everyDay('2024-01-01', 500, load), '2024-01-01', '2025-05-14').at(-1)!;
        expect(Math.abs(last.ctl - load)).toBeLessThanOrEqual(1e-4 * load + 1e-9);
        expect(Math.abs(last.atl - load)).toBeLessThanOrEqual(1e-9 * load + 1e-9);
        expect(Math.abs(last.tsb)).toBeLessThanOrEqual(1e-4 * load + 1e-9);
      }),
      { numRuns: 20 },
    );
  });

  it('counts missing days as rest, adds loads of the same day, and counts loads before the range', () => {
    const loads = [
      { date: '2025-03-01', load: 60 },
      { date: '2025-03-01', load: 40 },
      { date: '2025-03-03', load: 70 },
    ];
    const series = computeFitnessSeries(loads, '2025-03-02', '2025-03-04');
    expect(series.map((d) => d.load)).toEqual([0, 70, 0]);
    const day1Ctl = 100 / 42;
    expect(series[0]!.ctl).toBeCloseTo(day1Ctl * (41 / 42), 12);
    expect(series[0]!.tsb).toBeCloseTo(100 / 42 - 100 / 7, 12);
  });

  it('starts from given values and rejects malformed dates', () => {
    const [day] = computeFitnessSeries([], '2025-06-01', '2025-06-01', { ctl: 80, atl: 60 });
    expect(day).toEqual({
      date: '2025-06-01',
      load: 0,
      ctl: expect.closeTo(80 * (41 / 42), 12),
      atl: expect.closeTo(60 * (6 / 7), 12),
      tsb: 20,
    });
    expect(() => computeFitnessSeries([], '2025-02-30', '2025-03-01')).toThrow(RangeError);
    expect(() => computeFitnessSeries([{ date: '1/2/2025', load: 1 }], '2025-01-01', '2025-01-02')).toThrow(RangeError);
  });

  it("names every day as the calendar does, leap years and centuries included, and refuses dates that don't exist", () => {
    const series = computeFitnessSeries([], '1899-12-25', '2101-01-05');
    const first = Date.UTC(1899, 11, 25);
    expect(series.map((day) => day.date)).toEqual(series.map((_, index) => new Date(first + index * 86_400_000).toISOString().slice(0, 10)));
    expect(series).toHaveLength((Date.UTC(2101, 0, 5) - first) / 86_400_000 + 1);
    expect(computeFitnessSeries([], '2000-02-28', '2000-03-01').map((day) => day.date)).toEqual(['2000-02-28', '2000-02-29', '2000-03-01']);
    for (const notADay of ['2100-02-29', '2025-02-29', '2025-04-31', '2025-13-01', '2025-00-10', '2025-01-00', '2025-1-01', '2025-01-011', '2025/01/01', '20a5-01-01', ''])
      expect(() => computeFitnessSeries([], notADay, '2101-01-01'), notADay).toThrow(RangeError);
  });
});

/**
 * A whole-history series stored from random loads, and a window of `days` ending `endOffset` days
 * after 2024-01-01 read as the repository reads it: the last stored day before the window, then
 * the window's stored days.
 */
function storedWindow(entries: { offset: number; load: number }[], endOffset: number, days: number) {
  const loads = entries.map(({ offset, load }) => ({ date: dayAfter('2024-01-01', offset), load }));
  const dates = loads.map((entry) => entry.date).sort();
  const stored = loads.length === 0 ? [] : computeFitnessSeries(loads, dates[0]!, dates.at(-1)!);
  const toDate = dayAfter('2024-01-01', endOffset);
  const fromDate = dayAfter(toDate, 1 - days);
  const read = [...stored.filter((day) => day.date < fromDate).slice(-1), ...stored.filter((day) => day.date >= fromDate && day.date <= toDate)];
  return { loads, read, fromDate, toDate };
}
const windowArbitraries = [fc.integer({ min: -30, max: 500 }), fc.integer({ min: 1, max: 200 })] as const;

describe('continueFitnessSeries (reading a window of the stored whole-history series)', () => {
  const loadsArbitrary = fc.array(fc.record({ offset: fc.integer({ min: 0, max: 400 }), load: fc.integer({ min: 0, max: 250 }) }), { maxLength: 60 });

  it("gives every day exactly the whole history's value, whatever window is read (property)", () => {
    fc.assert(
      fc.property(loadsArbitrary, ...windowArbitraries, (entries, endOffset, days) => {
        const { loads, read, fromDate, toDate } = storedWindow(entries, endOffset, days);
        const expected = computeFitnessSeries(loads, '2023-01-01', toDate).slice(-days);
        expect(continueFitnessSeries(read, fromDate, toDate)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('is all zero before the history starts and decays after it ends', () => {
    const stored = computeFitnessSeries([{ date: '2025-01-02', load: 84 }], '2025-01-02', '2025-01-02');
    const series = continueFitnessSeries(stored, '2025-01-01', '2025-01-03');
    expect(series.map((day) => day.date)).toEqual(['2025-01-01', '2025-01-02', '2025-01-03']);
    expect(series[0]).toEqual({ date: '2025-01-01', load: 0, ctl: 0, atl: 0, tsb: 0 });
    expect(series[1]).toEqual(stored[0]);
    expect(series[2]).toEqual({ date: '2025-01-03', load: 0, ctl: expect.closeTo(2 * (41 / 42), 12), atl: expect.closeTo(12 * (6 / 7), 12), tsb: -10 });
  });
});

describe('continueFitnessJson (the chart read as the stored days kept JSON)', () => {
  const loadsArbitrary = fc.array(fc.record({ offset: fc.integer({ min: 0, max: 400 }), load: fc.double({ min: 0, max: 400, noNaN: true }) }), {
    maxLength: 60,
  });

  it('writes the bytes JSON.stringify writes for the series read as rows, whatever window is read (property)', () => {
    fc.assert(
      fc.property(loadsArbitrary, ...windowArbitraries, (entries, endOffset, days) => {
        const { read, fromDate, toDate } = storedWindow(entries, endOffset, days);
        // As the repository reads the kept texts: those of the window's days, the first of their dates, the last day read.
        const inWindow = read.filter((day) => day.date >= fromDate);
        const window = {
          stored: inWindow.map(fitnessDayJson).join(','),
          first: inWindow[0]?.date ?? null,
          last: read.length > 0 ? (JSON.parse(fitnessDayJson(read.at(-1)!)) as (typeof read)[number]) : null,
        };
        expect(continueFitnessJson(window, fromDate, toDate)).toBe(JSON.stringify(continueFitnessSeries(read, fromDate, toDate)));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps a day as JSON.stringify writes the day', () => {
    const day = { date: '2025-01-02', load: 0.1 + 0.2, ctl: 1e-7, atl: -0, tsb: 123.456 };
    expect(fitnessDayJson(day)).toBe(JSON.stringify(day));
    expect(fitnessDayJson({ ...day, extra: 1 } as typeof day)).toBe(JSON.stringify(day));
  });
});
