import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_PLAN_WEEKS,
  parseRequestedWeeks,
  planHorizonProblem,
  planLengthProblem,
  parseTargetDate,
  phaseProgress,
  planSchedule,
  planTotalWeeks,
  splitPhases,
} from '../../src/shared/domain/plan-phases.ts';

describe('splitPhases', () => {
  // Worked by hand from the spec §4 ratios (nearest week, minimums, the rest to the unnamed share).
  it.each([
    // total, base, build, peak, taper
    [4, 2, 1, 0, 1],
    [5, 2, 2, 0, 1],
    [6, 2, 2, 1, 1],
    [7, 3, 2, 1, 1],
    [8, 3, 3, 1, 1],
    [9, 4, 2, 2, 1],
    [10, 4, 3, 2, 1],
    [11, 5, 3, 2, 1],
    [12, 5, 4, 2, 1],
    [13, 6, 4, 2, 1],
    [14, 7, 4, 2, 1],
    [15, 7, 5, 2, 1],
    [16, 8, 5, 2, 1],
    [17, 9, 5, 2, 1],
    [20, 10, 6, 3, 1],
    [24, 12, 7, 3, 2],
    [52, 26, 16, 7, 3],
  ])('%i weeks -> base %i, build %i, peak %i, taper %i', (total, base, build, peak, taper) => {
    expect(splitPhases(total)).toEqual({ totalWeeks: total, baseWeeks: base, buildWeeks: build, peakWeeks: peak, taperWeeks: taper });
  });

  it('always adds up, keeps the minimums a length allows and tapers at least a week', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 200 }), (total) => {
        const split = splitPhases(total);
        expect(split.baseWeeks + split.buildWeeks + split.peakWeeks + split.taperWeeks).toBe(total);
        expect(split.taperWeeks).toBeGreaterThanOrEqual(1);
        expect(split.peakWeeks).toBeGreaterThanOrEqual(0);
        if (total >= 5) expect(Math.min(split.baseWeeks, split.buildWeeks)).toBeGreaterThanOrEqual(2);
        if (total >= 9) {
          expect(split.baseWeeks).toBeGreaterThanOrEqual(3);
          expect(split.peakWeeks).toBeGreaterThanOrEqual(2);
        }
        if (total > 12) {
          expect(split.baseWeeks).toBeGreaterThanOrEqual(4);
          expect(split.buildWeeks).toBeGreaterThanOrEqual(3);
        }
      }),
    );
  });

  it('refuses lengths no plan can have', () => {
    expect(() => splitPhases(2)).toThrow(RangeError);
    expect(() => splitPhases(7.5)).toThrow(RangeError);
  });
});

describe('planTotalWeeks', () => {
  const generatedAt = new Date('2026-03-10T15:00:00Z');
  it.each([
    ['12 weeks', null, 12],
    ['3 months', null, 13], // 90 days = 12.9 weeks
    ['2 weeks', null, 4], // minimum 4 when requested
    ['10', '2026-12-01', 10], // a requested length wins over a date
    // Derived from a date (ADR 0029): the whole weeks that hold the day itself, the last being the race week.
    ['', '2026-05-05', 9], // 56 days ahead: the event is the first day of week 9
    [null, '2026-06-01', 12], // 83 days ahead: day 84 of the plan, the last of week 12
    [null, '2026-03-20', 3], // too close (the service refuses it): at least 3 weeks
    [null, '2025-01-01', 3], // already past (refused too): at least 3 weeks
    [null, 'in 6 months', 26], // 180 days ahead
    [null, 'in 20 weeks', 21], // 140 days ahead: the first day of week 21
    [null, '3 months', 13], // without 'in': 90 days ahead
    [null, '12 weeks', 13],
    [null, '1 month', 5], // 30 days ahead
    [null, 'Sub-20 5k in 10 weeks', 11],
    [null, 'September 2026', 26], // 2026-09-01 is 175 days ahead
    [null, 'someday soon', 16], // unparseable timeline: 16 weeks, no race day
    [null, null, 16],
  ])('requested %j, target %j -> %i weeks', (requestedLength, targetDate, weeks) => {
    expect(planTotalWeeks({ requestedLength, targetDate, generatedAt })).toBe(weeks);
  });

  it('reads requested lengths in days, weeks, months and years', () => {
    expect(parseRequestedWeeks('6 wks')).toBe(6);
    expect(parseRequestedWeeks('56 days')).toBe(8);
    expect(parseRequestedWeeks('1 year')).toBe(52);
    expect(parseRequestedWeeks('about 2 months')).toBe(9);
    expect(parseRequestedWeeks('a while')).toBeNull();
    expect(parseRequestedWeeks('0 weeks')).toBeNull();
  });

  it('parses timelines: ISO first, then relative, then Month YYYY, then any date', () => {
    const from = new Date('2026-03-10T15:00:00Z');
    expect(parseTargetDate('2026-10-04', from)?.toISOString()).toBe('2026-10-04T00:00:00.000Z');
    expect(parseTargetDate('in 2 months', from)?.toISOString()).toBe('2026-05-09T00:00:00.000Z');
    expect(parseTargetDate('in 3 weeks', from)?.toISOString()).toBe('2026-03-31T00:00:00.000Z');
    expect(parseTargetDate('2 months', from)?.toISOString()).toBe('2026-05-09T00:00:00.000Z');
    expect(parseTargetDate('3 weeks', from)?.toISOString()).toBe('2026-03-31T00:00:00.000Z');
    expect(parseTargetDate('12 Weeks from now', from)?.toISOString()).toBe('2026-06-02T00:00:00.000Z');
    expect(parseTargetDate('october 2026', from)?.toISOString()).toBe('2026-10-01T00:00:00.000Z');
    expect(parseTargetDate('Oct 4, 2026', from)?.toISOString().slice(0, 10)).toBe('2026-10-04');
    expect(parseTargetDate('whenever', from)).toBeNull();
    expect(parseTargetDate('2026-02-31', from)).toBeNull();
  });
});

describe('planSchedule and phaseProgress', () => {
  const generatedAt = new Date('2026-03-10T22:30:00Z');
  const schedule = planSchedule({ requestedLength: '16 weeks', generatedAt });

  it('dates each phase from the generation day, the next starting the day after (plans from before ADR 0069)', () => {
    expect(schedule).toEqual({
      totalWeeks: 16,
      taperWeeks: 1,
      weekStartsOn: null,
      phases: [
        { name: 'base', startDate: '2026-03-10', endDate: '2026-05-04', weeks: 8 },
        { name: 'build', startDate: '2026-05-05', endDate: '2026-06-08', weeks: 5 },
        { name: 'peak-and-taper', startDate: '2026-06-09', endDate: '2026-06-29', weeks: 3 },
      ],
    });
  });

  it.each([
    ['2026-03-01T08:00:00Z', 'base', 1, 1], // before the plan starts
    ['2026-03-10T00:00:00Z', 'base', 1, 1],
    ['2026-03-17T00:00:00Z', 'base', 2, 2],
    ['2026-05-04T23:59:59.999Z', 'base', 8, 8], // end of the base's last day
    ['2026-05-05T00:00:00Z', 'build', 1, 9],
    ['2026-06-15T12:00:00Z', 'peak-and-taper', 1, 14],
    ['2026-06-29T23:59:59.999Z', 'peak-and-taper', 3, 16],
  ])('at %s the plan is in %s, week %i of the phase, week %i of the plan', (now, phase, weekOfPhase, weekOfPlan) => {
    expect(phaseProgress(schedule.phases, new Date(now))).toEqual({ phase, weekOfPhase, weekOfPlan });
  });

  it("is 'completed' after the last phase and base when the dates cannot be read", () => {
    expect(phaseProgress(schedule.phases, new Date('2026-06-30T00:00:00Z'))).toEqual({ phase: 'completed', weekOfPhase: null, weekOfPlan: null });
    const broken = schedule.phases.map((phase) => ({ ...phase, endDate: 'not a date' }));
    expect(phaseProgress(broken, new Date('2026-06-30T00:00:00Z')).phase).toBe('base');
    expect(() => planSchedule({ generatedAt: new Date(Number.NaN) })).toThrow(RangeError);
  });
});

describe('plans on the athlete\'s calendar weeks (ADR 0069)', () => {
  const generatedAt = new Date('2026-03-10T22:30:00Z'); // a Tuesday

  it('counts week 1 as the calendar week holding the first day, every later week starting on the week start', () => {
    expect(planSchedule({ requestedLength: '16 weeks', generatedAt, weekStartsOn: 'Monday' })).toEqual({
      totalWeeks: 16,
      taperWeeks: 1,
      weekStartsOn: 'Monday',
      phases: [
        { name: 'base', startDate: '2026-03-10', endDate: '2026-05-03', weeks: 8 },
        { name: 'build', startDate: '2026-05-04', endDate: '2026-06-07', weeks: 5 },
        { name: 'peak-and-taper', startDate: '2026-06-08', endDate: '2026-06-28', weeks: 3 },
      ],
    });
    // Weeks starting on Sunday: week 1 is Sunday 8 to Saturday 14 March.
    expect(planSchedule({ requestedLength: '4 weeks', generatedAt, weekStartsOn: 'Sunday' }).phases.map((phase) => [phase.startDate, phase.endDate])).toEqual([
      ['2026-03-10', '2026-03-21'],
      ['2026-03-22', '2026-03-28'],
      ['2026-03-29', '2026-04-04'],
    ]);
  });

  it.each([
    // target, weeks: the calendar weeks from the one holding Tuesday 10 March to the one holding the day
    ['2026-03-31', 4], // a Tuesday: three weeks after the first day, in the fourth calendar week
    ['2026-06-21', 15], // a Sunday: the last day of the 15th calendar week
    ['2026-06-22', 16], // the Monday after: a 16th week, of one day
    ['2026-06-24', 16],
  ])('a plan to %s is %i weeks and ends on that day', (targetDate, weeks) => {
    const schedule = planSchedule({ targetDate, generatedAt, weekStartsOn: 'Monday' });
    expect(schedule.totalWeeks).toBe(weeks);
    expect(schedule.phases.at(-1)!.endDate).toBe(targetDate);
    expect(schedule.phases[0]!.startDate).toBe('2026-03-10');
  });

  it('keeps a date at the horizon in the plan: 104 weeks ahead may be in a 105th calendar week', () => {
    const atHorizon = planSchedule({ targetDate: '2028-03-07', generatedAt, weekStartsOn: 'Monday' }); // 104 weeks ahead
    expect(atHorizon.totalWeeks).toBe(MAX_PLAN_WEEKS + 1);
    expect(atHorizon.phases.at(-1)!.endDate).toBe('2028-03-07');
    // Stored and read back, it keeps its weeks.
    expect(planSchedule({ targetDate: '2028-03-07', generatedAt, weekStartsOn: 'Monday', generatedWeeks: atHorizon.totalWeeks })).toEqual(atHorizon);
    const fromMonday = planSchedule({ targetDate: '2028-03-05', generatedAt: new Date('2026-03-09T08:00:00Z'), weekStartsOn: 'Monday' });
    expect(fromMonday.totalWeeks).toBe(MAX_PLAN_WEEKS);
    expect(fromMonday.phases.at(-1)!.endDate).toBe('2028-03-05');
  });

  it('ends on the target only when the target is in its last week', () => {
    expect(planSchedule({ targetDate: '2026-06-24', requestedLength: '16 weeks', generatedAt, weekStartsOn: 'Monday' }).phases.at(-1)!.endDate).toBe('2026-06-24');
    expect(planSchedule({ targetDate: '2026-06-24', requestedLength: '12 weeks', generatedAt, weekStartsOn: 'Monday' }).phases.at(-1)!.endDate).toBe('2026-05-31');
    expect(planSchedule({ targetDate: '2026-06-24', requestedLength: '20 weeks', generatedAt, weekStartsOn: 'Monday' }).phases.at(-1)!.endDate).toBe('2026-07-26');
  });

  it.each([
    ['2026-03-10T00:00:00Z', 'base', 1, 1],
    ['2026-03-15T23:59:59.999Z', 'base', 1, 1], // Sunday: the end of the first calendar week
    ['2026-03-16T00:00:00Z', 'base', 2, 2],
    ['2026-05-04T00:00:00Z', 'build', 1, 9],
    ['2026-06-24T12:00:00Z', 'peak-and-taper', 3, 16],
    ['2026-06-25T00:00:00Z', 'completed', null, null], // the day after the event
  ])('at %s the plan to 24 June is in %s, week %s of the phase, week %s of the plan', (now, phase, weekOfPhase, weekOfPlan) => {
    const { phases } = planSchedule({ targetDate: '2026-06-24', generatedAt, weekStartsOn: 'Monday' });
    expect(phaseProgress(phases, new Date(now))).toEqual({ phase, weekOfPhase, weekOfPlan });
  });
});

describe('plan length bounds (ADR 0030)', () => {
  const now = new Date('2026-03-10T15:00:00Z');
  it.each([
    [{ requestedLength: '104 weeks' }, null],
    [{ requestedLength: '105 weeks' }, 'A plan can be at most 104 weeks (2 years) long.'],
    [{ requestedLength: '3 years' }, 'A plan can be at most 104 weeks (2 years) long.'],
    [{ requestedLength: `${'9'.repeat(400)} weeks` }, 'A plan can be at most 104 weeks (2 years) long.'],
    [{ targetDate: '2028-03-07' }, null], // exactly 104 weeks ahead
    [{ targetDate: '2028-03-08' }, 'The target date must be within 104 weeks (2 years) of today, on or before 2028-03-07.'],
    [{ targetDate: '275760-09-13' }, 'The target date must be within 104 weeks (2 years) of today, on or before 2028-03-07.'],
    [{ targetDate: 'in 99999999999999999999 weeks' }, 'The target date must be within 104 weeks (2 years) of today.'],
    [{ targetDate: '100000 months', targetLabel: 'The timeline' }, 'The timeline must be within 104 weeks (2 years) of today, on or before 2028-03-07.'],
    [{ targetDate: 'someday', requestedLength: null }, null],
  ])('%j -> %j', (input, message) => {
    expect(planHorizonProblem(input, now)).toBe(message);
    expect(planLengthProblem(input, now)).toBe(message);
  });

  it('refuses dates past or too close for a base, a build and a race week only when they set the length', () => {
    expect(planLengthProblem({ targetDate: '2026-03-09', targetLabel: 'The event date' }, now)).toBe('The event date has passed: choose a day from today onwards.');
    expect(planLengthProblem({ targetDate: '2026-03-29' }, now)).toBe('The target date must be at least 3 weeks away (on or after 2026-03-30) for a base, a build and a race week.');
    expect(planLengthProblem({ targetDate: '2026-03-30' }, now)).toBeNull();
    // A requested length wins over the date (spec §4): the date is only held to the horizon.
    expect(planLengthProblem({ targetDate: '2026-03-09', requestedLength: '11 weeks' }, now)).toBeNull();
    // The contract's check never depends on how near the date is.
    expect(planHorizonProblem({ targetDate: '2026-03-09' }, now)).toBeNull();
  });

  it('never derives more than MAX_PLAN_WEEKS, and keeps a stored plan at the length it was generated with', () => {
    expect(planTotalWeeks({ targetDate: '2099-01-01', generatedAt: now })).toBe(MAX_PLAN_WEEKS);
    expect(planTotalWeeks({ requestedLength: '1000000 weeks', generatedAt: now })).toBe(MAX_PLAN_WEEKS);
    expect(planTotalWeeks({ targetDate: '2026-06-01', generatedAt: now, generatedWeeks: 11 })).toBe(11);
  });

  it('never throws and never derives a plan outside 3-104 weeks, whatever is typed', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.tuple(fc.stringMatching(/^[+-]?\d{1,25}$/), fc.constantFrom('', ' weeks', ' months', ' days', ' years', '-09-13', '-12-31')).map(([number, unit]) => `${number}${unit}`),
      fc.tuple(fc.constantFrom('in ', ''), fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.constantFrom(' weeks', ' months')).map(([prefix, amount, unit]) => `${prefix}${amount}${unit}`),
    );
    fc.assert(
      fc.property(fc.option(text, { nil: null }), fc.option(text, { nil: null }), (requestedLength, targetDate) => {
        const problem = planLengthProblem({ requestedLength, targetDate }, now);
        expect(problem === null || typeof problem === 'string').toBe(true);
        const weeks = planTotalWeeks({ requestedLength, targetDate, generatedAt: now });
        expect(weeks).toBeGreaterThanOrEqual(3);
        expect(weeks).toBeLessThanOrEqual(MAX_PLAN_WEEKS);
        expect(planSchedule({ requestedLength, targetDate, generatedAt: now }).totalWeeks).toBe(weeks);
      }),
      { numRuns: 2000 },
    );
  });
});
