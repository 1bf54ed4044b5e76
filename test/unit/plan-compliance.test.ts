import { describe, expect, it } from 'vitest';
import {
  complianceBand,
  planCompliance,
  type ComplianceActivity,
  type ComplianceInput,
  type CompliancePlannedSession,
} from '../../src/server/features/plans/compliance.ts';
import { loadPerHourOfSteps, plannedSessionLoad, sessionSport } from '../../src/server/features/plans/planned-load.ts';
import { PLAN_START_MESSAGES, planAnchor, planStartProblem } from '../../src/shared/domain/plan-start.ts';

/** Planned vs done (ADR 0035): matching, statuses, bands, totals; the planned load estimate. */

// 2026-03-02 is a Monday; the plan runs two calendar weeks.
const START = '2026-03-02';
const END = '2026-03-15';

const session = (date: string, family: CompliancePlannedSession['sport'] = 'ride', durationMin = 60, plannedLoad: number | null = 50): CompliancePlannedSession => ({
  date,
  name: family === 'run' ? 'Running - endurance' : 'Cycling - endurance',
  sport: family,
  durationMin,
  plannedLoad,
});

let nextId = 0;
const activity = (date: string, minutes: number, family: ComplianceActivity['family'] = 'ride', trainingLoad: number | null = minutes): ComplianceActivity => ({
  id: `a${++nextId}`,
  family,
  startDate: new Date(`${date}T17:00:00Z`),
  movingTimeS: minutes * 60,
  trainingLoad,
});

function run(sessions: CompliancePlannedSession[], activities: ComplianceActivity[], today = '2026-03-20', from = START, to = END) {
  const input: ComplianceInput = { startDate: START, endDate: END, sessions, activities, today, from, to };
  const result = planCompliance(input);
  const day = (date: string) => result.days.find((entry) => entry.date === date)!;
  return { ...result, day };
}

describe('bands', () => {
  it.each([
    [80, 'green'],
    [100, 'green'],
    [120, 'green'],
    [79, 'amber'],
    [50, 'amber'],
    [121, 'amber'],
    [150, 'amber'],
    [49, 'orange'],
    [151, 'orange'],
    [0, 'orange'],
  ] as const)('%i %% is %s', (ratio, band) => {
    expect(complianceBand(ratio)).toBe(band);
  });
});

describe('matching and statuses', () => {
  it('a session done to plan is completed and green, with its activity, duration and load', () => {
    const ride = activity('2026-03-03', 60, 'ride', 48);
    const result = run([session('2026-03-03')], [ride]);
    expect(result.day('2026-03-03')).toMatchObject({
      matchedActivityIds: [ride.id],
      doneOn: null,
      doneMin: 60,
      doneLoad: 48,
      durationPct: 100,
      loadPct: 96,
      status: 'completed',
      band: 'green',
    });
  });

  it('two activities of the family on the day both count for the session', () => {
    const morning = activity('2026-03-03', 30);
    const evening = activity('2026-03-03', 25);
    const result = run([session('2026-03-03')], [morning, evening]);
    expect(result.day('2026-03-03')).toMatchObject({ matchedActivityIds: [morning.id, evening.id], doneMin: 55, durationPct: 92, status: 'completed' });
  });

  it('under 80 % of the planned duration is partial, in the amber or orange band', () => {
    expect(run([session('2026-03-03')], [activity('2026-03-03', 45)]).day('2026-03-03')).toMatchObject({ status: 'partial', durationPct: 75, band: 'amber' });
    expect(run([session('2026-03-03')], [activity('2026-03-03', 20)]).day('2026-03-03')).toMatchObject({ status: 'partial', durationPct: 33, band: 'orange' });
  });

  it('far more than planned is completed, but out of the green band', () => {
    expect(run([session('2026-03-03')], [activity('2026-03-03', 100)]).day('2026-03-03')).toMatchObject({ status: 'completed', durationPct: 167, band: 'orange' });
  });

  it('a past session without an activity is missed and red; a future one is future', () => {
    const result = run([session('2026-03-03'), session('2026-03-12')], [], '2026-03-10');
    expect(result.day('2026-03-03')).toMatchObject({ status: 'missed', band: 'red', doneMin: null, doneLoad: null });
    expect(result.day('2026-03-12')).toMatchObject({ status: 'future', band: null });
  });

  it("today's session is still to do until an activity matches it", () => {
    expect(run([session('2026-03-05')], [], '2026-03-05').day('2026-03-05').status).toBe('future');
    expect(run([session('2026-03-05')], [activity('2026-03-05', 60)], '2026-03-05').day('2026-03-05').status).toBe('completed');
  });

  it('a session moved by one day onto a day without one still matches', () => {
    const later = activity('2026-03-04', 60);
    const result = run([session('2026-03-03')], [later]);
    expect(result.day('2026-03-03')).toMatchObject({ status: 'completed', matchedActivityIds: [later.id], doneOn: '2026-03-04' });
    expect(result.day('2026-03-04')).toMatchObject({ status: 'rest', unplannedActivityIds: [] });
    const earlier = activity('2026-03-02', 60);
    expect(run([session('2026-03-03')], [earlier]).day('2026-03-03')).toMatchObject({ status: 'completed', doneOn: '2026-03-02' });
  });

  it("a moved session does not take the next day's own session's activity", () => {
    const wednesday = activity('2026-03-04', 60);
    const result = run([session('2026-03-03'), session('2026-03-04')], [wednesday]);
    expect(result.day('2026-03-03').status).toBe('missed');
    expect(result.day('2026-03-04')).toMatchObject({ status: 'completed', matchedActivityIds: [wednesday.id], doneOn: null });
  });

  it("counts nothing done before the plan's first day: the day before is never a moved session", () => {
    // The ride of the day before the plan: its first session is still to do, not done at 180 %.
    const before = activity('2026-03-01', 108);
    const today = run([session(START)], [before], START);
    expect(today.day(START)).toMatchObject({ status: 'future', matchedActivityIds: [], doneOn: null, durationPct: null, band: null });
    expect(today.overall).toMatchObject({ doneMin: 0, durationPct: null, unplannedMin: 0, sessions: { due: 0, completed: 0 } });
    // Once the first day is over without a ride of its own, the session is missed: the earlier ride still does not count.
    expect(run([session(START)], [before], '2026-03-03').day(START)).toMatchObject({ status: 'missed', band: 'red', matchedActivityIds: [] });
    // Done on the first day itself, it counts.
    const onTheDay = activity(START, 60);
    expect(run([session(START)], [before, onTheDay], START).day(START)).toMatchObject({ status: 'completed', matchedActivityIds: [onTheDay.id] });
  });

  it('a plan started in the past (ADR 0036) counts from its chosen first day, not the day before it', () => {
    const chosenStart = '2026-03-04';
    const input = (activities: ComplianceActivity[]): ComplianceInput => ({
      startDate: chosenStart,
      endDate: END,
      sessions: [session(chosenStart), session('2026-03-05')],
      activities,
      today: '2026-03-10',
      from: chosenStart,
      to: END,
    });
    const dayBefore = activity('2026-03-03', 60);
    const second = activity('2026-03-05', 60);
    const result = planCompliance(input([dayBefore, second]));
    expect(result.days[0]).toMatchObject({ date: chosenStart, status: 'missed', matchedActivityIds: [] });
    expect(result.days[1]).toMatchObject({ date: '2026-03-05', status: 'completed', matchedActivityIds: [second.id] });
    expect(result.overall.sessions).toMatchObject({ due: 2, completed: 1, missed: 1 });
  });

  it('a session does not move by two days', () => {
    const result = run([session('2026-03-03')], [activity('2026-03-05', 60)]);
    expect(result.day('2026-03-03').status).toBe('missed');
    expect(result.day('2026-03-05').status).toBe('unplanned');
  });

  it('an activity of another sport does not count: the session is missed and the activity unplanned', () => {
    const swim = activity('2026-03-03', 60, 'run');
    const result = run([session('2026-03-03', 'ride')], [swim]);
    expect(result.day('2026-03-03')).toMatchObject({ status: 'missed', band: 'red', matchedActivityIds: [], unplannedActivityIds: [swim.id] });
  });

  it('an activity on a rest day is unplanned', () => {
    const ride = activity('2026-03-08', 90);
    const result = run([session('2026-03-03')], [activity('2026-03-03', 60), ride]);
    expect(result.day('2026-03-08')).toMatchObject({ planned: null, status: 'unplanned', band: null, unplannedActivityIds: [ride.id] });
    expect(result.day('2026-03-07').status).toBe('rest');
    expect(result.weeks[0]!.unplannedMin).toBe(90);
  });

  it('an activity without a load yet leaves the load compliance absent, not 0', () => {
    const result = run([session('2026-03-03'), session('2026-03-05')], [activity('2026-03-03', 60, 'ride', null), activity('2026-03-05', 60, 'ride', 50)]);
    expect(result.day('2026-03-03')).toMatchObject({ status: 'completed', doneMin: 60, doneLoad: null, loadPct: null, durationPct: 100 });
    expect(result.weeks[0]).toMatchObject({ doneLoad: null, loadPct: null, durationPct: 100 });
    expect(result.overall.loadPct).toBeNull();
  });

  it('a session of unknown length is completed by any activity, without a ratio or band', () => {
    const race = { ...session('2026-03-15', 'run', 0, null), name: 'Running - race day' };
    expect(run([race], [activity('2026-03-15', 50, 'run')]).day('2026-03-15')).toMatchObject({ status: 'completed', durationPct: null, loadPct: null, band: null });
  });
});

describe('weeks and the plan so far', () => {
  const sessions = [session('2026-03-03'), session('2026-03-05', 'run', 40, 30), session('2026-03-07', 'ride', 120, 90), session('2026-03-10'), session('2026-03-12')];
  const activities = [activity('2026-03-03', 60, 'ride', 50), activity('2026-03-05', 20, 'run', 15), activity('2026-03-10', 66, 'ride', 60)];

  it('sums each calendar week: planned, due so far and done, with ratios over what is due', () => {
    const result = run(sessions, activities, '2026-03-11');
    expect(result.weeks.map((week) => [week.startDate, week.endDate])).toEqual([
      ['2026-03-02', '2026-03-08'],
      ['2026-03-09', '2026-03-15'],
    ]);
    expect(result.weeks[0]).toMatchObject({
      plannedMin: 220,
      plannedLoad: 170,
      dueMin: 220,
      dueLoad: 170,
      doneMin: 80,
      doneLoad: 65,
      durationPct: 36,
      loadPct: 38,
      band: 'orange',
      sessions: { planned: 3, due: 3, completed: 1, partial: 1, missed: 1 },
    });
    // The second week: Tuesday done, Thursday still to come; the ratio is over Tuesday alone.
    expect(result.weeks[1]).toMatchObject({ plannedMin: 120, dueMin: 60, doneMin: 66, durationPct: 110, band: 'green', sessions: { planned: 2, due: 1, completed: 1 } });
    expect(result.overall).toMatchObject({ plannedMin: 280, dueMin: 280, doneMin: 146, durationPct: 52, sessions: { due: 4, missed: 1 } });
  });

  it('lists only the days asked for, clamped to the plan, and the weeks they fall in', () => {
    const result = run(sessions, activities, '2026-03-11', '2026-03-09', '2026-04-30');
    expect(result.days[0]!.date).toBe('2026-03-09');
    expect(result.days.at(-1)!.date).toBe(END);
    expect(result.weeks).toHaveLength(1);
    // The plan so far still counts every day of it.
    expect(result.overall.sessions.due).toBe(4);
  });
});

describe('planned load', () => {
  it('is hours × IF² × 100 of the steps, the IF the middle of each target', () => {
    const steps = [{ type: 'steady' as const, durationS: 3600, intensity: { kind: 'power' as const, ftpPct: { low: 90, high: 110 }, watts: null } }];
    expect(loadPerHourOfSteps(steps)).toBeCloseTo(100);
    expect(plannedSessionLoad({ activityType: 'Cycling - threshold', steps }, 'build', 90)).toBe(150);
  });

  it('counts every repeat of an interval block', () => {
    const power = (pct: number) => ({ kind: 'power' as const, ftpPct: { low: pct, high: pct }, watts: null });
    const steps = [{ type: 'intervals' as const, repeats: 3, work: { durationS: 600, intensity: power(100) }, recovery: { durationS: 600, intensity: power(50) } }];
    // An hour: 30 min at IF 1.0 (50) and 30 min at IF 0.5 (12.5).
    expect(loadPerHourOfSteps(steps)).toBeCloseTo(62.5);
  });

  it('rebuilds a running session from its kind, and falls back to the sport default without structure', () => {
    const run = plannedSessionLoad({ activityType: 'Running - threshold' }, 'build', 60)!;
    const easy = plannedSessionLoad({ activityType: 'Running - recovery' }, 'build', 60)!;
    expect(run).toBeGreaterThan(easy);
    expect(easy).toBe(25);
    // Strength at the default intensity factor of a workout, 0.6: 36 per hour.
    expect(plannedSessionLoad({ activityType: 'Lifting - strength' }, 'base', 45)).toBe(27);
    expect(plannedSessionLoad({ activityType: 'Running - race day' }, 'peak-and-taper', 0)).toBeNull();
  });

  it('reads the sport family from the session name', () => {
    expect(sessionSport('Cycling - race pace')).toEqual({ family: 'ride', label: 'race pace' });
    expect(sessionSport('Running - long')).toEqual({ family: 'run', label: 'long' });
    expect(sessionSport('Lifting - strength').family).toBe('workout');
    expect(sessionSport('Other - Swimming').family).toBe('other');
    expect(sessionSport('Rest').family).toBeNull();
  });
});

describe('a plan started in the past weeks (ADR 0036)', () => {
  const now = new Date('2026-11-26T10:00:00Z');
  it.each([
    ['', null],
    ['2026-11-26', null],
    ['2026-10-01', null],
    ['2026-10-29', null],
    ['2026-09-30', PLAN_START_MESSAGES.tooEarly],
    ['2026-11-27', PLAN_START_MESSAGES.future],
    ['2026-02-30', PLAN_START_MESSAGES.format],
    ['26-11-01', PLAN_START_MESSAGES.format],
  ])('%s → %s', (text, problem) => {
    expect(planStartProblem(text, now)).toBe(problem);
  });

  it('lays the phases out from the chosen day, else from the generation day', () => {
    expect(planAnchor('2026-10-01', now).toISOString()).toBe('2026-10-01T00:00:00.000Z');
    expect(planAnchor(null, now)).toBe(now);
  });
});
