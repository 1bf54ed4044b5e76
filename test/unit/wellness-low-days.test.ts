import { describe, expect, it } from 'vitest';
import { judgeDay, lowDays } from '../../src/server/features/wellness/low-days.ts';
import { computeReadiness, dayNumber, hrvNormalRange, indexWellness, type WellnessReading } from '../../src/server/features/wellness/readiness.ts';
import { DAY_MS } from '../../src/shared/time.ts';

/**
 * "Readiness low two days running" from the days' own readings (ADR 0056): yesterday and today
 * each judged on their own HRV, resting HR, sleep and fatigue/soreness against their own baselines,
 * which end the day before yesterday (the one per-day judgement of readiness.ts); one rule per case
 * and at each boundary.
 */

const TODAY = '2026-05-13';
const daysAgo = (days: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
const EMPTY = { sleepHours: null, sleepQuality: null, fatigue: null, soreness: null, restingHrBpm: null, hrvRmssdMs: null };

/** Wellness rows: `rows(ago)` for each day 0 (today) .. 90 days ago; null leaves the day out. */
function history(rows: (ago: number) => Partial<WellnessReading> | null): WellnessReading[] {
  const readings: WellnessReading[] = [];
  for (let ago = 90; ago >= 0; ago--) {
    const values = rows(ago);
    if (values) readings.push({ date: daysAgo(ago), ...EMPTY, ...values });
  }
  return readings;
}
const judge = (rows: (ago: number) => Partial<WellnessReading> | null) => lowDays(indexWellness(history(rows)), TODAY);

/** A calm athlete's usual days: HRV 60 or 66 ms on alternate days, resting HR 49 or 51 bpm (mean 50), 7.5 h of good sleep. */
const usual = (ago: number): Partial<WellnessReading> => ({ hrvRmssdMs: ago % 2 === 0 ? 60 : 66, restingHrBpm: ago % 2 === 0 ? 49 : 51, sleepHours: 7.5, sleepQuality: 4, fatigue: 2, soreness: 2 });
/** Usual days with yesterday (1) and today (0) replaced. */
const withDays = (yesterday: Partial<WellnessReading> | null, today: Partial<WellnessReading> | null) => (ago: number) =>
  ago === 1 ? yesterday : ago === 0 ? today : usual(ago);

describe('readiness low two days running, from the days’ own readings', () => {
  it('reads a low HRV on yesterday and today against the range of the 60 days before them', () => {
    const low = judge(withDays({ hrvRmssdMs: 35 }, { hrvRmssdMs: 33 }));
    expect(low.lowRunning).toBe(true);
    // Nothing moved the baselines between the two days: each was judged against today's usual values.
    const usualValues = { hrv: { lowMs: low.hrv!.lowMs, highMs: low.hrv!.highMs }, restingHrBpm: 50 };
    expect(low.days).toEqual([
      { date: daysAgo(1), poor: [{ key: 'hrv', value: 35 }], low: true, usual: usualValues },
      { date: TODAY, poor: [{ key: 'hrv', value: 33 }], low: true, usual: usualValues },
    ]);
    // 60 readings (days 2–61 before today), ln 60 and ln 66 alternating: mean ± 1 SD in ms.
    expect(low.hrv!.readings).toBe(60);
    const lnMean = (Math.log(60) + Math.log(66)) / 2;
    const lnSd = Math.sqrt((60 * ((Math.log(66) - Math.log(60)) / 2) ** 2) / 59);
    expect(low.hrv!.lowMs).toBeCloseTo(Math.exp(lnMean - lnSd), 9);
    expect(low.hrv!.highMs).toBeCloseTo(Math.exp(lnMean + lnSd), 9);
    expect(low.restingHr).toEqual({ meanBpm: 50, readings: 30 });
  });

  it("judges today against a range without yesterday in it: a low yesterday does not lower today's bar", () => {
    const both = judge(withDays({ hrvRmssdMs: 20 }, { hrvRmssdMs: 57 }));
    const todayAlone = judge(withDays(usual(1), { hrvRmssdMs: 57 }));
    expect(both.hrv).toEqual(todayAlone.hrv);
    expect(both.days[1]!.low).toBe(true);
  });

  it('is not low at exactly the lower end of the range, and is just below it', () => {
    // A constant baseline: the range is the one value, so exactly it is not below.
    const steady = () => ({ hrvRmssdMs: 60, restingHrBpm: 50 });
    expect(judge((ago) => (ago <= 1 ? { hrvRmssdMs: 60 } : steady())).days.map((day) => day.low)).toEqual([false, false]);
    expect(judge((ago) => (ago <= 1 ? { hrvRmssdMs: 59.99 } : steady())).lowRunning).toBe(true);
    // The usual athlete: a hundredth of a millisecond either side of the lower end.
    const { lowMs } = judge(usual).hrv!;
    expect(judge(withDays({ hrvRmssdMs: lowMs + 0.01 }, { hrvRmssdMs: lowMs + 0.01 })).days.map((day) => day.low)).toEqual([false, false]);
    expect(judge(withDays({ hrvRmssdMs: lowMs - 0.01 }, { hrvRmssdMs: lowMs - 0.01 })).lowRunning).toBe(true);
  });

  it('needs both days: one low day only is not running', () => {
    expect(judge(withDays(usual(1), { hrvRmssdMs: 30 }))).toMatchObject({ lowRunning: false, days: [{ low: false }, { low: true }] });
    expect(judge(withDays({ hrvRmssdMs: 30 }, usual(0)))).toMatchObject({ lowRunning: false, days: [{ low: true }, { low: false }] });
  });

  it('is not running with a day missing between: nothing recorded yesterday is not a low day', () => {
    const gap = (ago: number) => (ago === 1 ? null : ago === 0 || ago === 2 ? { hrvRmssdMs: 30 } : usual(ago));
    expect(judge(gap)).toMatchObject({ lowRunning: false, days: [{ date: daysAgo(1), poor: [], low: false }, { low: true }] });
    // A day with only a note or a good reading left out is no low day either.
    expect(judge(withDays({ sleepHours: 8 }, { hrvRmssdMs: 30 })).lowRunning).toBe(false);
  });

  it('leaves HRV out without a baseline yet: 13 readings are not enough, 14 are', () => {
    const withBaseline = (readings: number) => (ago: number) => (ago <= 1 ? { hrvRmssdMs: 30 } : ago - 1 <= readings ? { hrvRmssdMs: 60 + (ago % 2) * 6 } : null);
    const thirteen = judge(withBaseline(13));
    expect(thirteen.hrv).toBeNull();
    expect(thirteen).toMatchObject({ lowRunning: false, days: [{ poor: [], low: false }, { poor: [], low: false }] });
    // Each day needs its own range: with 14 readings before yesterday, yesterday's range (a day earlier) has 13.
    const fourteen = judge(withBaseline(14));
    expect(fourteen.hrv!.readings).toBe(14);
    expect(fourteen).toMatchObject({ lowRunning: false, days: [{ poor: [], low: false }, { low: true }] });
    expect(judge(withBaseline(15)).lowRunning).toBe(true);
    // Readings older than the 60 days before yesterday are not part of it.
    expect(judge((ago) => (ago <= 1 ? { hrvRmssdMs: 30 } : ago > 61 ? { hrvRmssdMs: 60 } : null)).hrv).toBeNull();
  });

  it('reads resting HR 5 bpm or more above the usual mean as poor (4 is not), and needs a second poor reading besides it', () => {
    const day = (restingHrBpm: number, extra: Partial<WellnessReading> = {}) => ({ restingHrBpm, ...extra });
    const five = judge(withDays(day(55), day(55)));
    expect(five.days.map((entry) => entry.poor)).toEqual([[{ key: 'restingHr', value: 55 }], [{ key: 'restingHr', value: 55 }]]);
    expect(five.lowRunning).toBe(false);
    expect(judge(withDays(day(54, { fatigue: 4 }), day(54, { fatigue: 4 }))).days.map((entry) => entry.poor)).toEqual([[{ key: 'fatigue', value: 4 }], [{ key: 'fatigue', value: 4 }]]);
    expect(judge(withDays(day(55, { fatigue: 4 }), day(56, { sleepHours: 5.9 }))).lowRunning).toBe(true);
    // Fewer than 7 readings in the 30 days before: resting HR is left out.
    const sparse = (ago: number) => (ago <= 1 ? { restingHrBpm: 60, soreness: 5 } : ago % 5 === 0 && ago < 32 ? { restingHrBpm: 50 } : null);
    expect(judge(sparse)).toMatchObject({ restingHr: null, lowRunning: false });
  });

  it('counts a night once (short and poorly rated) and the body once (fatigue and soreness)', () => {
    const night = { sleepHours: 5, sleepQuality: 2 };
    const body = { fatigue: 4, soreness: 5 };
    expect(judge(withDays(night, night)).lowRunning).toBe(false);
    expect(judge(withDays(body, body)).lowRunning).toBe(false);
    expect(judge(withDays({ ...night, ...body }, { sleepHours: 5.5, soreness: 4 })).lowRunning).toBe(true);
    // 6 h and a rating of 3 are not poor; 3 of 5 fatigue is not.
    expect(judge(withDays({ sleepHours: 6, sleepQuality: 3, fatigue: 3 }, { sleepHours: 6, sleepQuality: 3, fatigue: 3 })).days.map((entry) => entry.poor)).toEqual([[], []]);
  });

  it('reads an athlete who records no HRV from the rest: missing inputs are left out, never counted', () => {
    const noHrv = (ago: number) => (ago <= 1 ? { sleepHours: 5, fatigue: 4 } : { sleepHours: 7.5 });
    const low = judge(noHrv);
    expect(low).toMatchObject({ hrv: null, restingHr: null, lowRunning: true });
    expect(judge(() => null)).toEqual({
      days: [
        { date: daysAgo(1), poor: [], low: false, usual: { hrv: null, restingHrBpm: null } },
        { date: TODAY, poor: [], low: false, usual: { hrv: null, restingHrBpm: null } },
      ],
      hrv: null,
      restingHr: null,
      lowRunning: false,
    });
  });

  it("is the strip's judgement too: every day judged low is strained on Home, against the range Home shows (issue 26)", () => {
    // 90 days of readings that wander (a fixed pattern, no randomness): low nights, poor sleep and sore days among them.
    const wandering = (ago: number): Partial<WellnessReading> | null =>
      ago % 11 === 5
        ? null
        : {
            hrvRmssdMs: 62 + ((ago * 7) % 13) - (ago % 9 === 0 ? 25 : 0),
            restingHrBpm: 49 + ((ago * 5) % 4) + (ago % 8 === 0 ? 6 : 0),
            sleepHours: ago % 6 === 0 ? 5.5 : 7.5,
            fatigue: ago % 7 === 0 ? 4 : 2,
          };
    const index = indexWellness(history(wandering));
    let lowCount = 0;
    for (let ago = 55; ago >= 0; ago--) {
      const day = dayNumber(daysAgo(ago));
      const judged = judgeDay(index, day);
      const readiness = computeReadiness(daysAgo(ago), index, null);
      if (judged.low) {
        lowCount += 1;
        expect(readiness.state, daysAgo(ago)).toBe('strained');
      }
      // The card's HRV band for the day is the range the day's reading was judged against.
      const range = hrvNormalRange(index, day);
      const hrv = readiness.inputs.find((input) => input.key === 'hrv');
      if (hrv) expect(hrv.figures).toMatchObject({ lowMs: range!.lowMs, highMs: range!.highMs });
      expect(readiness.hrv?.lowMs ?? null).toBe(range?.lowMs ?? null);
    }
    expect(lowCount).toBeGreaterThan(3);
    // Today's proposal cites the range Home shows today.
    expect(lowDays(index, TODAY).hrv).toMatchObject({ lowMs: hrvNormalRange(index, dayNumber(TODAY))!.lowMs });
  });
});
