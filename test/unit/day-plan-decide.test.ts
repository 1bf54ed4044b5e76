import { describe, expect, it } from 'vitest';
import type { DaySession } from '../../src/shared/api/day-plan.ts';
import type { ScheduledDay } from '../../src/shared/api/training-plans.ts';
import { decideDays, planFor, suggestionDate, type ActivePlanDays, type CoachSuggestion, type DayPlanInput, type PlanDayEntry } from '../../src/server/features/plans/day-plan/decide.ts';
import type { DatedSession } from '../../src/server/features/plans/dated-sessions.ts';

/**
 * The day plan's decision (ADR 0068), pure: the plan decides the days it covers, with accepted
 * changes laid over it; strained readiness holds today's hard session back; Kai's suggestion fills
 * one day where no plan covers it; a pending proposal is shown, never applied.
 */

const TODAY = '2026-03-11';
const phase = { key: 'build' as const, name: 'Build' };

function scheduled(activityType: string, durationMin: number): ScheduledDay {
  return { dayOfWeek: 'Wednesday', activityType, duration: `${durationMin} min`, durationMin, zones: 'Zone 4 (91-105% FTP)', description: `${activityType} session`, notes: '' };
}

function dated(date: string, activityType: string, durationMin: number, extra: Partial<DatedSession> = {}): DatedSession {
  return { date, scheduled: scheduled(activityType, durationMin), durationMin, phase, weekOfPhase: 2, weekKind: 'load', isRaceDay: false, ...extra };
}

function plan(id: string, name: string, sessions: Record<string, DatedSession | null>, extra: Partial<ActivePlanDays> = {}): ActivePlanDays {
  const dates = Object.keys(sessions).sort();
  const days: PlanDayEntry[] = dates.map((date) => ({ date, session: sessions[date] ?? null, context: { phase, isRaceDay: sessions[date]?.isRaceDay ?? false } }));
  return { id, name, startDate: dates[0]!, endDate: dates.at(-1)!, days, changed: [], ftpW: 250, ...extra };
}

const easy: DaySession = { title: 'Endurance ride', sport: 'ride', focus: 'endurance', durationMin: 60, zones: null, description: 'Endurance ride, 1 h.', steps: null };
const hard: DaySession = { ...easy, title: 'Threshold intervals', focus: 'threshold', durationMin: 75, description: 'Threshold intervals, 1 h 15 min.' };
const suggestion = (activityDay: string, session = hard, heldBack: DaySession | null = easy): CoachSuggestion => ({ activityName: 'Morning Ride', activityDay, session, heldBack });

const input = (extra: Partial<DayPlanInput>): DayPlanInput => ({ today: TODAY, dates: [TODAY], plans: [], proposals: [], readiness: null, suggestion: null, ...extra });

describe('the day plan', () => {
  it("takes the covering plan's session, and a rest day as a rest day of the plan", () => {
    const gran = plan('p1', 'Gran Fondo', { '2026-03-11': dated('2026-03-11', 'Cycling - threshold', 90), '2026-03-12': null });
    const [today, tomorrow] = decideDays(input({ dates: ['2026-03-11', '2026-03-12'], plans: [gran], suggestion: suggestion('2026-03-10') }));
    expect(today).toMatchObject({ source: 'plan', plan: { id: 'p1', name: 'Gran Fondo' }, session: { title: 'Cycling - threshold', focus: 'threshold', durationMin: 90, sport: 'ride' }, change: null });
    expect(tomorrow).toMatchObject({ source: 'plan', session: null });
    expect(tomorrow!.why).toBe('A rest day in your plan "Gran Fondo" (Build).');
  });

  it('holds a hard session back on a strained morning, only today, and says what the plan had', () => {
    const gran = plan('p1', 'Gran Fondo', { '2026-03-11': dated('2026-03-11', 'Cycling - vo2max', 90), '2026-03-12': dated('2026-03-12', 'Cycling - threshold', 90) });
    const [today, tomorrow] = decideDays(input({ dates: ['2026-03-11', '2026-03-12'], plans: [gran], readiness: { state: 'strained', reason: 'HRV 35 ms' } }));
    expect(today!.session).toMatchObject({ title: 'Cycling - endurance', focus: 'endurance', durationMin: 60 });
    expect(today!.change).toMatchObject({ kind: 'readiness', planned: { title: 'Cycling - vo2max', durationMin: 90 } });
    expect(today!.why).toContain('Readiness is strained today (HRV 35 ms)');
    expect(tomorrow!.session).toMatchObject({ title: 'Cycling - threshold', durationMin: 90 });
    expect(tomorrow!.readiness).toBeNull();
  });

  it('shortens a long session to 75 % on a strained morning and leaves easy sessions and the race day alone', () => {
    const long = plan('p1', 'Gran Fondo', { [TODAY]: dated(TODAY, 'Cycling - long', 180) });
    expect(decideDays(input({ plans: [long], readiness: { state: 'strained', reason: null } }))[0]!.session).toMatchObject({ durationMin: 135 });
    const race = plan('p1', 'Gran Fondo', { [TODAY]: dated(TODAY, 'Cycling - threshold', 60, { isRaceDay: true }) });
    expect(decideDays(input({ plans: [race], readiness: { state: 'strained', reason: null } }))[0]).toMatchObject({ change: null, raceDay: true });
    const steady = plan('p1', 'Gran Fondo', { [TODAY]: dated(TODAY, 'Cycling - endurance', 60) });
    expect(decideDays(input({ plans: [steady], readiness: { state: 'strained', reason: null } }))[0]!.change).toBeNull();
    expect(decideDays(input({ plans: [steady], readiness: { state: 'steady', reason: null } }))[0]!.change).toBeNull();
  });

  it("keeps a change the athlete accepted over readiness, and shows what the plan had before it", () => {
    const base = plan('p1', 'Gran Fondo', { [TODAY]: dated(TODAY, 'Cycling - threshold', 60, { adjustmentId: 'a1' }) });
    const original = { scheduled: scheduled('Cycling - vo2max', 90), durationMin: 90 };
    const changed = { ...base, changed: [{ date: TODAY, adjustmentId: 'a1', original, session: base.days[0]!.session }] };
    const [day] = decideDays(input({ plans: [changed], readiness: { state: 'strained', reason: null } }));
    expect(day!.change).toMatchObject({ kind: 'adjustment', adjustmentId: 'a1', planned: { title: 'Cycling - vo2max', durationMin: 90 } });
    expect(day!.session).toMatchObject({ title: 'Cycling - threshold', durationMin: 60 });
  });

  it('shows a pending proposal beside the day without applying it', () => {
    const gran = plan('p1', 'Gran Fondo', { [TODAY]: dated(TODAY, 'Cycling - vo2max', 90) });
    const proposals = [{ adjustmentId: 'x', planId: 'p1', reason: 'HRV low', changes: [{ date: TODAY, after: null }] }];
    const [day] = decideDays(input({ plans: [gran], proposals }));
    expect(day!.session).toMatchObject({ title: 'Cycling - vo2max' });
    expect(day!.proposal).toEqual({ adjustmentId: 'x', planId: 'p1', reason: 'HRV low', session: null });
  });

  it('lets the plan that ends first decide a date two active plans cover', () => {
    const later = plan('b', 'Later', { '2026-03-10': null, '2026-03-11': null, '2026-03-20': null });
    const sooner = plan('a', 'Sooner', { '2026-03-11': null, '2026-03-15': null });
    expect(planFor([later, sooner], '2026-03-11')!.name).toBe('Sooner');
    expect(planFor([later, sooner], '2026-03-10')!.name).toBe('Later');
    expect(planFor([later, sooner], '2026-03-21')).toBeUndefined();
  });

  it("puts Kai's suggestion on the day after the activity, or today when that day has passed, for three days", () => {
    expect(suggestionDate({ activityDay: '2026-03-11' }, TODAY)).toBe('2026-03-12');
    expect(suggestionDate({ activityDay: '2026-03-10' }, TODAY)).toBe('2026-03-11');
    expect(suggestionDate({ activityDay: '2026-03-08' }, TODAY)).toBe('2026-03-11');
    expect(suggestionDate({ activityDay: '2026-03-07' }, TODAY)).toBeNull();
    const days = decideDays(input({ dates: ['2026-03-11', '2026-03-12', '2026-03-13'], suggestion: suggestion('2026-03-11') }));
    expect(days.map((day) => day.source)).toEqual(['none', 'coach', 'none']);
    expect(days[1]!.session).toEqual(hard);
    expect(days[0]!.session).toBeNull();
  });

  it("holds Kai's hard suggestion back on a strained morning, and a plan covering the day wins over it", () => {
    const [held] = decideDays(input({ suggestion: suggestion('2026-03-10'), readiness: { state: 'strained', reason: 'Resting HR 61 bpm' } }));
    expect(held).toMatchObject({ source: 'coach', session: easy, change: { kind: 'readiness', planned: hard } });
    const gran = plan('p1', 'Gran Fondo', { [TODAY]: null });
    expect(decideDays(input({ plans: [gran], suggestion: suggestion('2026-03-10') }))[0]).toMatchObject({ source: 'plan', session: null });
  });

  it('gives run sessions heart-rate zones, not % FTP, and no session a zero duration', () => {
    const run = plan('p1', '10 km', { [TODAY]: dated(TODAY, 'Running - threshold', 50) });
    const [day] = decideDays(input({ plans: [run] }));
    expect(day!.session!.sport).toBe('run');
    const kinds = (day!.session!.steps ?? []).flatMap((step) => (step.type === 'intervals' ? [step.work.intensity.kind, step.recovery.intensity.kind] : [step.intensity.kind]));
    expect(kinds.length).toBeGreaterThan(0);
    expect(new Set(kinds)).toEqual(new Set(['heartRate']));
  });
});
