import { describe, expect, it } from 'vitest';
import { reviewDays } from '../../src/server/features/plans/adjustments/review.ts';
import { planComplianceOf } from '../../src/server/features/plans/compliance-read.ts';
import type { TrainingLogEntry } from '../../src/server/features/scoring/index.ts';
import { lowDaysReason, reviewPlan, type ReviewDay, type ReviewInput } from '../../src/server/features/plans/adjustments/rules.ts';
import { lowDays as judgeLowDays } from '../../src/server/features/wellness/low-days.ts';
import { computeReadiness, dayNumber, hrvNormalRange, indexWellness, type WellnessReading } from '../../src/server/features/wellness/readiness.ts';
import type { DailyReadings, LowDays } from '../../src/server/features/wellness/index.ts';
import { changedDays, datedSessions, planDays, type AcceptedSessionChange } from '../../src/server/features/plans/dated-sessions.ts';
import { lengthInput } from '../../src/server/features/plans/plan-on-day.ts';
import { DAYS_OF_WEEK } from '../../src/shared/api/training-plans.ts';
import { planSchedule } from '../../src/shared/domain/plan-phases.ts';
import { ACTIVITY_DAY, EVENT_PLAN, planSource } from './support/analysis-context.ts';
import { DAY_MS } from '../../src/shared/time.ts';

/**
 * The plan's answering rules (ADR 0050), one trigger at a time and at each boundary. Today is
 * Wednesday 2026-05-13; the plan's week: Mon threshold 60, Tue endurance 60, Wed recovery 40,
 * Thu vo2max 60, Fri rest, Sat endurance 90, Sun long 150 (minutes; planned load = minutes).
 */

const TODAY = '2026-05-13';
const WEEK: Record<string, [string, number] | null> = {
  Monday: ['threshold', 60],
  Tuesday: ['endurance', 60],
  Wednesday: ['recovery', 40],
  Thursday: ['vo2max', 60],
  Friday: null,
  Saturday: ['endurance', 90],
  Sunday: ['long', 150],
};
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const dayName = (day: string) => DAYS_OF_WEEK[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7]!;

/** Days from 7 before today to 6 after; past sessions done as planned unless `edit` says otherwise. */
function days(edit: (day: ReviewDay) => void = () => {}): ReviewDay[] {
  const list: ReviewDay[] = [];
  for (let offset = -7; offset <= 6; offset++) {
    const date = addDays(TODAY, offset);
    const kind = WEEK[dayName(date)];
    const session = kind
      ? {
          date,
          scheduled: { dayOfWeek: dayName(date), activityType: `Cycling - ${kind[0]}`, duration: '', durationMin: kind[1], zones: '', description: '', notes: '' },
          durationMin: kind[1],
          phase: { key: 'build' as const, name: 'Build' },
          weekOfPhase: 2,
          weekKind: 'load' as const,
          isRaceDay: false,
        }
      : null;
    const past = date < TODAY;
    const day: ReviewDay = {
      date,
      session,
      status: session ? (past ? 'completed' : 'future') : 'rest',
      plannedLoad: session ? session.durationMin : null,
      doneLoad: session && past ? session.durationMin : null,
      done: session !== null && past,
      raceWeek: false,
    };
    edit(day);
    list.push(day);
  }
  return list;
}

const USUAL_HRV = { meanMs: 51.6, lowMs: 45.2, highMs: 58.9, readings: 55 };
const USUAL_HR = { meanBpm: 49.6, readings: 28 };
/** Yesterday's and today's readings: each day's poor ones; a day is low as the wellness rule (ADR 0056) would say. */
function lowDays(yesterday: DailyReadings['poor'], today: DailyReadings['poor'], low: [boolean, boolean] = [yesterday.length > 0, today.length > 0]): LowDays {
  const usual = { hrv: { lowMs: USUAL_HRV.lowMs, highMs: USUAL_HRV.highMs }, restingHrBpm: USUAL_HR.meanBpm };
  const days = [
    { date: addDays(TODAY, -1), poor: yesterday, low: low[0], usual },
    { date: TODAY, poor: today, low: low[1], usual },
  ];
  return { days, hrv: USUAL_HRV, restingHr: USUAL_HR, lowRunning: days.every((day) => day.low) };
}
const hrvLow = (yesterdayMs: number, todayMs: number) => lowDays([{ key: 'hrv', value: yesterdayMs }], [{ key: 'hrv', value: todayMs }]);
const NOT_LOW = lowDays([], []);
const input = (over: Partial<ReviewInput> = {}): ReviewInput => ({
  today: TODAY,
  days: days(),
  lowDays: NOT_LOW,
  tsb: -12,
  ftpW: 250,
  ...over,
});
/** The past 7 days' done load set so it is `done` of the planned 460. */
const doneTotal = (done: number) => days((day) => {
  if (day.date === '2026-05-10') day.doneLoad = 150 - (460 - done);
});
const summary = (proposal: ReturnType<typeof reviewPlan>[number]) =>
  proposal.changes.map((change) => [change.date, change.kind, change.before?.scheduled.activityType ?? null, change.before?.durationMin ?? null, change.after?.scheduled.activityType ?? null, change.after?.durationMin ?? null]);

describe('plan adjustment rules', () => {
  it('proposes nothing when the plan is followed, the athlete is ready and form is ordinary', () => {
    expect(reviewPlan(input())).toEqual([]);
  });

  it('moves a missed key session onto the first endurance day with no intensity beside it, citing the day and form', () => {
    const [proposal, ...rest] = reviewPlan(
      input({
        days: days((day) => {
          if (day.date === '2026-05-11') Object.assign(day, { status: 'missed', done: false, doneLoad: null });
        }),
      }),
    );
    expect(rest).toEqual([]);
    expect(proposal!.trigger).toBe('key-session-missed');
    expect(proposal!.situation).toBe('key-session-missed:2026-05-11');
    // Wed's recovery sits beside Thursday's VO2max; Saturday's endurance has rest and the long ride beside it.
    expect(summary(proposal!)).toEqual([['2026-05-16', 'move', 'Cycling - endurance', 90, 'Cycling - threshold', 60]]);
    expect(proposal!.changes[0]!.after!.scheduled.dayOfWeek).toBe('Saturday');
    expect(proposal!.reason).toBe('The 1 h threshold session of Mon, May 11 was missed and form (TSB) is -12: the threshold work moves to Sat, May 16 in place of endurance.');
    expect(proposal!.evidence).toEqual({ missedDate: '2026-05-11', missedMin: 60, tsb: -12 });
  });

  it('swaps the next intensity session for endurance and shortens the long one when TSB is below -30', () => {
    const [proposal, ...rest] = reviewPlan(input({ tsb: -32.4 }));
    expect(rest).toEqual([]);
    expect(proposal!.trigger).toBe('form-deep');
    expect(summary(proposal!)).toEqual([
      ['2026-05-14', 'swap', 'Cycling - vo2max', 60, 'Cycling - endurance', 60],
      ['2026-05-17', 'shorten', 'Cycling - long', 150, 'Cycling - long', 115],
    ]);
    expect(proposal!.reason).toBe("Form (TSB) is -32, below -30: Thu, May 14 becomes 1 h endurance instead of vo2max and Sun, May 17's long is shortened from 2 h 30 min to 1 h 55 min.");
    expect(proposal!.evidence).toEqual({ tsb: -32 });
    // The swapped ride is the plan's own endurance ride, with steps that fill its minutes.
    const after = proposal!.changes[0]!.after!.scheduled;
    expect(after.zones).toContain('Z2');
    expect(after.steps!.reduce((sum, step) => sum + (step.type === 'intervals' ? step.repeats * (step.work.durationS + step.recovery.durationS) : step.durationS), 0)).toBe(3600);
  });

  it('leaves TSB of exactly -30 alone', () => {
    expect(reviewPlan(input({ tsb: -30 }))).toEqual([]);
  });

  it('adds no intensity for a missed session while form is deep', () => {
    const proposals = reviewPlan(input({ tsb: -35, days: days((day) => { if (day.date === '2026-05-11') Object.assign(day, { status: 'missed', done: false, doneLoad: null }); }) }));
    expect(proposals.map((proposal) => proposal.trigger)).toEqual(['form-deep']);
  });

  it('rests today and eases the next intensity session when HRV is low two days running, citing both readings', () => {
    const [proposal, ...rest] = reviewPlan(input({ lowDays: hrvLow(35.2, 33) }));
    expect(rest).toEqual([]);
    expect(proposal!.trigger).toBe('readiness-low');
    expect(summary(proposal!)).toEqual([
      ['2026-05-13', 'rest', 'Cycling - recovery', 40, null, null],
      ['2026-05-14', 'swap', 'Cycling - vo2max', 60, 'Cycling - endurance', 60],
    ]);
    expect(proposal!.reason).toBe(
      'HRV 35 ms yesterday and 33 ms today, below your usual 45–59 ms: Wed, May 13 becomes a rest day instead of 40 min recovery and Thu, May 14 becomes 1 h endurance instead of vo2max.',
    );
    expect(proposal!.evidence).toEqual({ lowDays: 2, since: '2026-05-12', hrvYesterday: 35, hrvToday: 33, hrvLowMs: 45, hrvHighMs: 59 });
  });

  it('cites every poor reading of the two days with its day, and the usual values it was read against', () => {
    const [same] = reviewPlan(input({ lowDays: hrvLow(35, 35) }));
    expect(same!.reason).toMatch(/^HRV 35 ms yesterday and today, below your usual 45–59 ms: /);
    const mixed = lowDays(
      [{ key: 'hrv', value: 36 }],
      [
        { key: 'restingHr', value: 57 },
        { key: 'sleepHours', value: 5.5 },
        { key: 'fatigue', value: 4 },
      ],
    );
    const [proposal] = reviewPlan(input({ lowDays: mixed }));
    expect(proposal!.trigger).toBe('readiness-low');
    expect(proposal!.reason).toMatch(
      /^HRV 36 ms yesterday \(usual 45–59 ms\), resting HR 57 bpm today \(usual 50 bpm\), sleep of 5 h 30 min today and fatigue 4 of 5 today: Wed, May 13 becomes a rest day/,
    );
    expect(proposal!.evidence).toEqual({
      lowDays: 2,
      since: '2026-05-12',
      hrvYesterday: 36,
      hrvLowMs: 45,
      hrvHighMs: 59,
      restingHrToday: 57,
      restingHrUsualBpm: 50,
      sleepHoursToday: 5.5,
      fatigueToday: 4,
    });
    const [feel] = reviewPlan(input({ lowDays: lowDays([{ key: 'sleepQuality', value: 2 }, { key: 'soreness', value: 5 }], [{ key: 'sleepQuality', value: 2 }, { key: 'soreness', value: 4 }]) }));
    expect(feel!.reason).toMatch(/^Sleep rated 2 of 5 yesterday and today and soreness 5 of 5 yesterday and 4 of 5 today: /);
  });

  it('cites for each day the HRV range that day was judged against, when the range moved between yesterday and today (ADR 0056)', () => {
    // HRV 60 and 66 ms on alternate mornings; two days ago a 44 ms one: it is in today's 60-day
    // window (which ends the day before yesterday) but not in yesterday's, so the range moves.
    const readings: WellnessReading[] = [];
    for (let ago = 90; ago >= 0; ago--) {
      const hrvRmssdMs = ago === 0 ? 33 : ago === 1 ? 35 : ago === 2 ? 44 : ago % 2 === 0 ? 60 : 66;
      readings.push({ date: addDays(TODAY, -ago), hrvRmssdMs, restingHrBpm: null, sleepHours: null, sleepQuality: null, fatigue: null, soreness: null });
    }
    const index = indexWellness(readings);
    const low = judgeLowDays(index, TODAY);
    expect(low.lowRunning).toBe(true);
    // Each day's range is the one readiness computes for that day (the card's band on that morning).
    const yesterday = computeReadiness(addDays(TODAY, -1), index, null).hrv!;
    const today = computeReadiness(TODAY, index, null).hrv!;
    expect([yesterday.lowMs, yesterday.highMs]).toEqual([hrvNormalRange(index, dayNumber(addDays(TODAY, -1)))!.lowMs, hrvNormalRange(index, dayNumber(addDays(TODAY, -1)))!.highMs]);
    expect([Math.round(yesterday.lowMs!), Math.round(yesterday.highMs!)]).toEqual([60, 66]);
    expect([Math.round(today.lowMs!), Math.round(today.highMs!)]).toEqual([59, 67]);

    const { why, evidence } = lowDaysReason(low, TODAY);
    expect(why).toBe('HRV 35 ms yesterday (usual 60–66 ms) and 33 ms today (usual 59–67 ms)');
    expect(evidence).toEqual({
      lowDays: 2,
      since: addDays(TODAY, -1),
      hrvYesterday: 35,
      hrvToday: 33,
      hrvLowMsYesterday: 60,
      hrvHighMsYesterday: 66,
      hrvLowMsToday: 59,
      hrvHighMsToday: 67,
    });
    const [proposal] = reviewPlan(input({ lowDays: low }));
    expect(proposal!.reason).toMatch(/^HRV 35 ms yesterday \(usual 60–66 ms\) and 33 ms today \(usual 59–67 ms\): Wed, May 13 becomes a rest day/);
  });

  it('needs both days low: one low day is not enough', () => {
    expect(reviewPlan(input({ lowDays: lowDays([], [{ key: 'hrv', value: 30 }]) }))).toEqual([]);
    expect(reviewPlan(input({ lowDays: lowDays([{ key: 'hrv', value: 30 }], []) }))).toEqual([]);
    // A poor reading that does not make its day low (one besides HRV) is not enough either.
    expect(reviewPlan(input({ lowDays: lowDays([{ key: 'fatigue', value: 4 }], [{ key: 'hrv', value: 30 }], [false, true]) }))).toEqual([]);
  });

  it('does both when readiness is low two days running and form is deep, never changing one day twice', () => {
    const proposals = reviewPlan(input({ tsb: -40, lowDays: hrvLow(35, 33) }));
    expect(proposals.map((proposal) => proposal.trigger)).toEqual(['readiness-low', 'form-deep']);
    const dates = proposals.flatMap((proposal) => proposal.changes.map((change) => change.date));
    expect(new Set(dates).size).toBe(dates.length);
    // Thursday went to the readiness proposal; form takes the next intensity session and the long ride.
    expect(summary(proposals[1]!)).toEqual([
      ['2026-05-18', 'swap', 'Cycling - threshold', 60, 'Cycling - endurance', 60],
      ['2026-05-17', 'shorten', 'Cycling - long', 150, 'Cycling - long', 115],
    ]);
  });

  it('treats 80 % and 120 % of the planned load as on plan', () => {
    expect(reviewPlan(input({ days: doneTotal(368) }))).toEqual([]);
    expect(reviewPlan(input({ days: doneTotal(552) }))).toEqual([]);
  });

  it('eases the next intensity session when the last 7 days brought over 120 % of the planned load', () => {
    const [proposal] = reviewPlan(input({ days: doneTotal(557) }));
    expect(proposal!.trigger).toBe('load-high');
    expect(proposal!.evidence).toEqual({ loadPct: 121, dueLoad: 460, doneLoad: 557 });
    expect(summary(proposal!)).toEqual([['2026-05-14', 'swap', 'Cycling - vo2max', 60, 'Cycling - endurance', 60]]);
    expect(proposal!.reason).toBe('The last 7 days brought 121 % of the planned load (557 of 460): Thu, May 14 becomes 1 h endurance instead of vo2max, to absorb the extra load.');
  });

  it('shortens the next long session when the last 7 days brought under 80 % of the planned load', () => {
    const [proposal] = reviewPlan(input({ days: doneTotal(363) }));
    expect(proposal!.trigger).toBe('load-low');
    expect(proposal!.evidence).toEqual({ loadPct: 79, dueLoad: 460, doneLoad: 363 });
    expect(summary(proposal!)).toEqual([['2026-05-17', 'shorten', 'Cycling - long', 150, 'Cycling - long', 120]]);
  });

  it('does not judge the load before the plan has run a full week: its first missed session is no pattern', () => {
    // The plan began yesterday (a Tuesday with 60 min planned, not done): nothing to cite as "the last 7 days".
    const begunYesterday = days((day) => { if (day.date === '2026-05-12') Object.assign(day, { status: 'missed', done: false, doneLoad: null }); }).filter((day) => day.date >= '2026-05-12');
    expect(reviewPlan(input({ days: begunYesterday }))).toEqual([]);
    // Six days in, far under plan: still not judged; the seventh day makes it a week, and it is.
    const underPlan = (from: string) => days((day) => { if (day.done) day.doneLoad = 10; }).filter((day) => day.date >= from);
    expect(reviewPlan(input({ days: underPlan('2026-05-07') }))).toEqual([]);
    expect(reviewPlan(input({ days: underPlan('2026-05-06') })).map((proposal) => proposal.trigger)).toEqual(['load-low']);
  });

  it('does not judge the load while a done session has no load yet', () => {
    expect(reviewPlan(input({ days: days((day) => { if (day.date === '2026-05-10') day.doneLoad = null; }) }))).toEqual([]);
  });

  it('never changes a day before today, a session already done, or the race week', () => {
    const scenarios: ReviewInput[] = [
      input({ tsb: -45 }),
      input({ lowDays: hrvLow(35, 33) }),
      input({ days: doneTotal(600) }),
      input({ days: doneTotal(200) }),
      input({ days: days((day) => { if (day.date === '2026-05-11') Object.assign(day, { status: 'missed', done: false, doneLoad: null }); }) }),
    ];
    for (const scenario of scenarios) {
      for (const proposal of reviewPlan(scenario)) {
        for (const change of proposal.changes) expect(change.date >= TODAY).toBe(true);
      }
    }
    // Today's session already done is not rested: tomorrow's is; with the race week ahead nothing is left to change.
    const doneToday = days((day) => { if (day.date === TODAY) Object.assign(day, { status: 'completed', done: true, doneLoad: 40 }); });
    const [rested] = reviewPlan(input({ days: doneToday, lowDays: hrvLow(35, 33) }));
    expect(rested!.changes.map((change) => [change.date, change.kind])).toEqual([['2026-05-14', 'rest'], ['2026-05-18', 'swap']]);
    const race = days((day) => { if (day.date >= TODAY) day.raceWeek = true; });
    expect(reviewPlan(input({ tsb: -45, days: race }))).toEqual([]);
    const raceDay = days((day) => { if (day.date === '2026-05-14' && day.session) day.session.isRaceDay = true; });
    const [form] = reviewPlan(input({ tsb: -45, days: raceDay }));
    expect(form!.changes.map((change) => change.date)).not.toContain('2026-05-14');
  });

  it('is deterministic', () => {
    const scenario = input({ tsb: -33, lowDays: hrvLow(35, 33) });
    expect(reviewPlan(scenario)).toEqual(reviewPlan(scenario));
  });
});

describe('accepted changes on the dated sessions', () => {
  const generatedAt = new Date(ACTIVITY_DAY.getTime() - 15 * DAY_MS);
  const row = planSource(EVENT_PLAN, generatedAt);
  const plan = { phases: planSchedule(lengthInput(row, generatedAt)).phases, generatedPlan: row.generatedPlan };
  const base = datedSessions(plan);
  const [first, second] = base.filter((session) => session.date > '2026-05-12');
  const rest: AcceptedSessionChange = { adjustmentId: 'a', date: first!.date, before: { scheduled: first!.scheduled, durationMin: first!.durationMin }, after: null };

  it('lays an accepted change over the plan and leaves every other day as it was', () => {
    const shorter: AcceptedSessionChange = {
      adjustmentId: 'b',
      date: second!.date,
      before: { scheduled: second!.scheduled, durationMin: second!.durationMin },
      after: { scheduled: second!.scheduled, durationMin: 20 },
    };
    const adjusted = datedSessions({ ...plan, sessionChanges: [rest, shorter] });
    expect(adjusted.find((session) => session.date === first!.date)).toBeUndefined();
    expect(adjusted.find((session) => session.date === second!.date)).toMatchObject({ durationMin: 20, adjustmentId: 'b', phase: second!.phase });
    expect(adjusted.filter((session) => session.date !== second!.date)).toEqual(base.filter((session) => session.date !== first!.date && session.date !== second!.date));
  });

  it('restores exactly once the change is left out (undone), and skips a change whose day no longer holds what it found', () => {
    expect(datedSessions({ ...plan, sessionChanges: [] })).toEqual(base);
    const stale: AcceptedSessionChange = { ...rest, before: { scheduled: first!.scheduled, durationMin: first!.durationMin + 5 } };
    expect(datedSessions({ ...plan, sessionChanges: [stale] })).toEqual(base);
  });

  it('places a moved session on a free day with that day’s phase and week', () => {
    const free = planDays(plan).find((day) => day.session === null && day.date > '2026-05-12' && !day.context.isRaceDay)!;
    const moved: AcceptedSessionChange = { adjustmentId: 'c', date: free.date, before: null, after: { scheduled: first!.scheduled, durationMin: first!.durationMin } };
    const placed = datedSessions({ ...plan, sessionChanges: [moved] }).find((session) => session.date === free.date);
    expect(placed).toMatchObject({ scheduled: first!.scheduled, phase: free.context.phase, weekOfPhase: free.context.weekOfPhase, adjustmentId: 'c' });
  });

  it('lists the changed days, a new rest day too, with what the plan itself had there', () => {
    expect(changedDays(plan)).toEqual([]);
    const original = { scheduled: second!.scheduled, durationMin: second!.durationMin };
    const shorter: AcceptedSessionChange = { adjustmentId: 'b', date: second!.date, before: original, after: { scheduled: second!.scheduled, durationMin: 30 } };
    // A later change of the same day: the day is marked with the latest, and still with the plan's own session.
    const shorterStill: AcceptedSessionChange = { adjustmentId: 'c', date: second!.date, before: shorter.after, after: { scheduled: second!.scheduled, durationMin: 20 } };
    const stale: AcceptedSessionChange = { adjustmentId: 'd', date: second!.date, before: original, after: null };
    expect(changedDays({ ...plan, sessionChanges: [rest, shorter, shorterStill, stale] })).toEqual([
      { date: first!.date, adjustmentId: 'a', original: { scheduled: first!.scheduled, durationMin: first!.durationMin }, session: null },
      { date: second!.date, adjustmentId: 'c', original, session: expect.objectContaining({ durationMin: 20, adjustmentId: 'c' }) },
    ]);
  });
});

describe('the reviewed days', () => {
  it('carry the same compliance as the whole plan has on those days, though only their neighbourhood is matched', () => {
    const generatedAt = new Date('2026-03-02T08:00:00Z');
    const row = planSource(
      { preparationType: 'general-fitness', planName: 'Check', selectedActivities: '["Cycling","Running"]', planDuration: '16 weeks', weeklyTrainingTime: '8 hours' },
      generatedAt,
    );
    const plan = { phases: planSchedule(lengthInput(row, generatedAt)).phases, generatedPlan: row.generatedPlan };
    const families = ['ride', 'run', 'ride', 'hike', 'ride'] as const;
    const log: TrainingLogEntry[] = [];
    // Activities on most days, some a day off their session, some unscored: the matching's corner cases.
    for (let day = -10; day < 120; day++) {
      if (day % 4 === 1) continue;
      log.push({
        activityId: `a${day}`,
        family: families[(day + 10) % families.length]!,
        source: 'file',
        startDate: new Date(generatedAt.getTime() + day * DAY_MS + 3_600_000),
        movingTimeS: 1_800 + ((day * 53) % 3_000),
        trainingLoad: day % 7 === 0 ? null : 30 + (day % 40),
        thresholdSources: [],
      });
    }
    for (const offset of [3, 20, 41, 60, 77]) {
      const now = new Date(generatedAt.getTime() + offset * DAY_MS);
      const today = now.toISOString().slice(0, 10);
      const whole = planComplianceOf(plan, log, { today, from: plan.phases[0]!.startDate, to: plan.phases.at(-1)!.endDate });
      const byDate = new Map(whole.days.map((day) => [day.date, day]));
      const reviewed = reviewDays(plan, log, now);
      expect(reviewed.length).toBeGreaterThan(0);
      for (const day of reviewed) {
        const full = byDate.get(day.date)!;
        expect([day.date, day.status, day.doneLoad, day.done, day.plannedLoad]).toEqual([full.date, full.status, full.doneLoad, full.matchedActivityIds.length > 0, full.planned?.plannedLoad ?? null]);
      }
    }
  });
});
