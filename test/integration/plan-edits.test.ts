import { Decoder, Stream } from '@garmin/fitsdk';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarAnswer } from '../../src/shared/api/calendar.ts';
import { dayPlanAnswer } from '../../src/shared/api/day-plan.ts';
import { planAdjustment, planAdjustmentList } from '../../src/shared/api/plan-adjustments.ts';
import { planComplianceView } from '../../src/shared/api/plan-compliance.ts';
import { PLAN_EDIT_MESSAGES, type BuiltWorkout, type PlanEdit } from '../../src/shared/api/plan-edits.ts';
import { formatCalendarDay } from '../../src/shared/format.ts';
import { DAY_MS } from '../../src/shared/time.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import type { TestClient } from '../support/http-client.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { eventPlan, registerPlanner, springBasePlan } from '../support/plans.ts';

/**
 * The athlete's own edits of a plan (issue #30, ADR 0082) through the real server on both
 * databases: each kind of edit changes the plan's calendar (compliance), the day plan, the
 * calendar, the .ics and the session's workout file, and its undo gives back exactly what was
 * there; a bad edit answers 400 with its message and changes nothing; another athlete's plan is 404.
 */

const kinds = await testDatabaseKinds();
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = isoDay(Date.now());
const plus = (days: number) => isoDay(Date.parse(today) + days * DAY_MS);
/** The days looked at: the plan's first four weeks (it starts today). */
const LAST = plus(27);
const stripStamps = (text: string) => text.replace(/(DTSTAMP|LAST-MODIFIED|SEQUENCE):.*\r\n/g, '');

/** 10 min warm-up at 55 % FTP, 4 × (5 min at 300 W, 3 min in zone 1), 10 min cool-down at zone 2. */
const ride: BuiltWorkout = {
  type: 'workout',
  title: 'Over 300',
  sport: 'cycling',
  steps: [
    { type: 'warmup', durationS: 600, target: { kind: 'ftpPct', pct: 55 } },
    { type: 'intervals', repeats: 4, work: { durationS: 300, target: { kind: 'watts', watts: 300 } }, recovery: { durationS: 180, target: { kind: 'hrZone', zone: 1 } } },
    { type: 'cooldown', durationS: 600, target: { kind: 'hrZone', zone: 2 } },
  ],
};
/** 40 min at 5:00 /km with a threshold pace of 4:00 /km. */
const run: BuiltWorkout = { type: 'workout', title: 'Steady forty', sport: 'running', steps: [{ type: 'steady', durationS: 2400, target: { kind: 'pace', sPerKm: 300 } }] };

describe.each(kinds)('plan edits on %s', { timeout: 180_000 }, (kind) => {
  let server: TestKairo;

  beforeAll(async () => {
    server = await startTestKairo(kind, { SESSION_CACHE_SECONDS: '0' });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A Pro athlete (workout files are Pro) with an FTP of 250 W and a threshold pace of 4:00 /km, on a 12-week cycling plan from today. */
  async function athleteWithPlan(): Promise<{ client: TestClient; planId: string }> {
    const { client } = await registerPlanner(server, { plan: 'Pro', emailPrefix: 'edits' });
    expect((await client.put('/api/user/settings', { athleteFtp: 250, athleteThresholdPaceSPerKm: 240 })).status).toBe(200);
    const created = await client.post('/api/training-plans', { ...springBasePlan, startDate: today });
    expect(created.status).toBe(201);
    return { client, planId: created.body.id as string };
  }

  /** Everything an edit reaches, read through the API. */
  async function everything(client: TestClient, planId: string) {
    const plan = await client.get(`/api/training-plans/${planId}`);
    const compliance = planComplianceView.parse((await client.get(`/api/training-plans/${planId}/compliance`)).body);
    const dayPlan = dayPlanAnswer.parse((await client.get(`/api/day-plan?from=${plus(1)}&days=27`)).body);
    const calendar = calendarAnswer.parse((await client.get(`/api/calendar?from=${plus(1)}&to=${LAST}`)).body);
    const ics = (await client.get(`/api/training-plans/${planId}/calendar.ics`)).text as string;
    const files = (await client.get(`/api/training-plans/${planId}/sessions?from=${plus(1)}&to=${LAST}`)).body as { sessions: { date: string; activityType: string; durationMin: number }[] };
    const adjustments = planAdjustmentList.parse((await client.get(`/api/training-plans/${planId}/adjustments`)).body);
    return { updatedAt: plan.body.updatedAt as string, compliance: compliance.days, dayPlan: dayPlan.days, calendar: calendar.days.map((day) => day.plan), ics, files: files.sessions, adjustments };
  }
  type Everything = Awaited<ReturnType<typeof everything>>;

  /** What a day holds in each reader: compliance's planned session, the day plan's, the calendar's, the .ics event and the files' listing. */
  function day(state: Everything, date: string) {
    // Unfolded: the .ics folds its long lines.
    const event = stripStamps(state.ics)
      .replace(/\r\n /g, '')
      .split('BEGIN:VEVENT')
      .find((part) => part.includes(`DTSTART;VALUE=DATE:${date.replace(/-/g, '')}`));
    return {
      compliance: state.compliance.find((entry) => entry.date === date)?.planned ?? null,
      dayPlan: state.dayPlan.find((entry) => entry.date === date)!,
      calendar: state.calendar.find((entry) => entry.date === date)!,
      ics: event ?? null,
      file: state.files.find((entry) => entry.date === date) ?? null,
    };
  }

  /** The readers that do not carry the plan's update time: what an undo must give back exactly. */
  const sameDays = (state: Everything) => ({ compliance: state.compliance, dayPlan: state.dayPlan, calendar: state.calendar, ics: stripStamps(state.ics), files: state.files });

  /** From tomorrow to the fourth week: the first two days with a ride, and the first rest day. */
  function pickDays(state: Everything): { session: string; rest: string; other: string } {
    const dates = Array.from({ length: 27 }, (_, index) => plus(index + 1));
    const withSession = dates.filter((date) => day(state, date).compliance !== null);
    const rest = dates.find((date) => day(state, date).compliance === null)!;
    expect(withSession.length).toBeGreaterThan(2);
    return { session: withSession[0]!, other: withSession[1]!, rest };
  }

  const edit = (client: TestClient, planId: string, body: PlanEdit | Record<string, unknown>) => client.post(`/api/training-plans/${planId}/edits`, body);
  const undo = (client: TestClient, planId: string, id: string) => client.post(`/api/training-plans/${planId}/adjustments/${id}/undo`);
  const file = (client: TestClient, planId: string, date: string, format: string) => client.get(`/api/training-plans/${planId}/sessions/${date}/workout.${format}`);
  const fitSteps = (bytes: Buffer | Uint8Array) => new Decoder(Stream.fromByteArray(bytes)).read().messages.workoutStepMesgs ?? [];

  /** Applies an edit, checks the answer, and returns it with the state before and after; `check` looks at what changed. */
  async function applied(client: TestClient, planId: string, body: PlanEdit, before: Everything) {
    const answer = await edit(client, planId, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const adjustment = planAdjustment.parse(answer.body);
    expect(adjustment).toMatchObject({ planId, trigger: 'athlete-edit', status: 'accepted', wordedReason: null, undoneAt: null });
    expect(adjustment.decidedAt).not.toBeNull();
    const after = await everything(client, planId);
    expect(after.updatedAt > before.updatedAt).toBe(true);
    expect(after.adjustments.history[0]).toMatchObject({ id: adjustment.id, status: 'accepted', reason: adjustment.reason });
    return { adjustment, after };
  }

  /** Undoes it: every reader gives back what it had before the edit. */
  async function undone(client: TestClient, planId: string, id: string, before: Everything) {
    const answer = await undo(client, planId, id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id, status: 'undone' });
    expect(sameDays(await everything(client, planId))).toEqual(sameDays(before));
  }

  it('moves, changes, replaces, deletes and adds sessions; every reader follows, and each undo restores them', async () => {
    const { client, planId } = await athleteWithPlan();
    const before = await everything(client, planId);
    const { session, rest } = pickDays(before);
    const held = day(before, session);
    const name = held.compliance!.name;
    expect(name).toMatch(/^Cycling - /);
    const label = name.replace('Cycling - ', '');
    const fitBefore = await file(client, planId, session, 'fit');
    expect(fitBefore.status).toBe(200);

    // Move: the session leaves its day for the rest day.
    {
      const { adjustment, after } = await applied(client, planId, { kind: 'move', from: session, to: rest }, before);
      expect(adjustment.reason).toBe(`You moved ${formatCalendarDay(session)}'s ${label} ride to ${formatCalendarDay(rest)}.`);
      expect(adjustment.changes).toEqual([
        { date: session, kind: 'move', before: { activityType: name, durationMin: held.compliance!.durationMin }, after: null },
        { date: rest, kind: 'move', before: null, after: { activityType: name, durationMin: held.compliance!.durationMin } },
      ]);
      const from = day(after, session);
      const to = day(after, rest);
      expect([from.compliance, from.dayPlan.session, from.calendar.session, from.ics, from.file]).toEqual([null, null, null, null, null]);
      expect(to.compliance).toMatchObject({ name, durationMin: held.compliance!.durationMin });
      expect(to.dayPlan.session).toMatchObject({ title: name, durationMin: held.compliance!.durationMin });
      expect(to.dayPlan.change).toMatchObject({ kind: 'adjustment', adjustmentId: adjustment.id, planned: null });
      expect(to.dayPlan.why).toMatch(/^You edited your plan "Spring base": a rest day became /);
      expect(to.calendar.session).toMatchObject({ title: name });
      expect(to.ics).toContain(`SUMMARY:${name}`);
      expect(to.file).toMatchObject({ activityType: name });
      expect((await file(client, planId, session, 'fit')).status).toBe(404);
      const moved = await file(client, planId, rest, 'fit');
      expect(moved.status).toBe(200);
      expect(fitSteps(moved.bytes)).toEqual(fitSteps(fitBefore.bytes));
      await undone(client, planId, adjustment.id, before);
    }

    // Change: the same day at 45 min of VO2max.
    {
      const { adjustment, after } = await applied(client, planId, { kind: 'change', date: session, durationMin: 45, focus: 'vo2max' }, before);
      expect(adjustment.changes).toEqual([
        { date: session, kind: 'change', before: { activityType: name, durationMin: held.compliance!.durationMin }, after: { activityType: 'Cycling - vo2max', durationMin: 45 } },
      ]);
      expect(adjustment.reason).toMatch(new RegExp(`^You changed ${formatCalendarDay(session)}'s .+ ${label} ride to 45 min vo2max ride\\.$`));
      const changed = day(after, session);
      expect(changed.compliance).toMatchObject({ name: 'Cycling - vo2max', durationMin: 45 });
      expect(changed.dayPlan.session).toMatchObject({ title: 'Cycling - vo2max', durationMin: 45, focus: 'vo2max' });
      expect(changed.calendar.session).toMatchObject({ title: 'Cycling - vo2max', durationMin: 45 });
      expect(changed.ics).toContain('SUMMARY:Cycling - vo2max 45 min');
      const fit = await file(client, planId, session, 'fit');
      expect(fit.status).toBe(200);
      expect(fitSteps(fit.bytes).reduce((sum, step) => sum + (step.durationType === 'time' ? Number(step.durationValue) : 0), 0)).toBeGreaterThan(0);
      expect(fitSteps(fit.bytes)).not.toEqual(fitSteps(fitBefore.bytes));
      await undone(client, planId, adjustment.id, before);
    }

    // Change the minutes only: the session stays, its file fits the new minutes.
    {
      const { adjustment, after } = await applied(client, planId, { kind: 'change', date: session, durationMin: 30 }, before);
      expect(day(after, session).compliance).toMatchObject({ name, durationMin: 30 });
      const zwo = await file(client, planId, session, 'zwo');
      expect(zwo.status).toBe(200);
      // A plain step's Duration, not an interval block's OnDuration or OffDuration (counted below, times its repeats).
      const seconds = [...zwo.text.matchAll(/\sDuration="(\d+)"/g)].reduce((sum, match) => sum + Number(match[1]), 0);
      const intervals = [...zwo.text.matchAll(/Repeat="(\d+)" OnDuration="(\d+)" OffDuration="(\d+)"/g)].reduce((sum, m) => sum + Number(m[1]) * (Number(m[2]) + Number(m[3])), 0);
      expect(seconds + intervals).toBe(30 * 60);
      await undone(client, planId, adjustment.id, before);
    }

    // Replace with a built ride: its steps are the file, its minutes and load are the builder's.
    {
      const { adjustment, after } = await applied(client, planId, { kind: 'replace', date: session, session: ride }, before);
      // 10 + 4 × 8 + 10 = 52 min; load 10/60·0.55² + 4·(5/60·1.2² + 3/60·0.5²) + 10/60·0.655² ≈ 0.0504 + 0.53 + 0.0715 → 65.
      expect(adjustment.changes[0]).toEqual({ date: session, kind: 'replace', before: { activityType: name, durationMin: held.compliance!.durationMin }, after: { activityType: 'Cycling - Over 300', durationMin: 52 } });
      expect(adjustment.evidence).toEqual({ durationMin: 52, load: 65 });
      expect(adjustment.reason).toBe(`You replaced ${formatCalendarDay(session)}'s ${adjustment.reason.split("'s ")[1]!.split(' with ')[0]} with 52 min workout “Over 300”.`);
      const replaced = day(after, session);
      expect(replaced.compliance).toMatchObject({ name: 'Cycling - Over 300', durationMin: 52, plannedLoad: 65 });
      expect(replaced.dayPlan.session).toMatchObject({ title: 'Cycling - Over 300', durationMin: 52 });
      expect(replaced.calendar.session).toMatchObject({ title: 'Cycling - Over 300' });
      expect(replaced.ics).toContain('4 x (5 min at 300 W (120 % FTP)');
      const steps = fitSteps((await file(client, planId, session, 'fit')).bytes);
      // Warm-up 55 % of 250 W; the work at 300 W; zone 1's recovery as 45-55 % FTP; zone 2's cool-down as 56-75 %.
      expect(steps.map((step) => [step.intensity, step.durationType, step.customTargetValueLow, step.customTargetValueHigh])).toEqual([
        ['warmup', 'time', 1138, 1138],
        ['active', 'time', 1300, 1300],
        ['rest', 'time', 1113, 1138],
        [undefined, 'repeatUntilStepsCmplt', undefined, undefined],
        ['cooldown', 'time', 1140, 1188],
      ]);
      const zwo = await file(client, planId, session, 'zwo');
      expect(zwo.text).toContain('<IntervalsT Repeat="4" OnDuration="300" OffDuration="180" OnPower="1.2" OffPower="0.5"');
      await undone(client, planId, adjustment.id, before);
    }

    // Delete: a rest day.
    {
      const { adjustment, after } = await applied(client, planId, { kind: 'delete', date: session }, before);
      expect(adjustment.reason).toMatch(new RegExp(`^You made ${formatCalendarDay(session)} a rest day instead of its .+ ${label} ride\\.$`));
      const deleted = day(after, session);
      expect([deleted.compliance, deleted.dayPlan.session, deleted.calendar.session, deleted.ics, deleted.file]).toEqual([null, null, null, null, null]);
      expect(deleted.dayPlan.change).toMatchObject({ kind: 'adjustment', planned: { title: name } });
      expect((await file(client, planId, session, 'fit')).status).toBe(404);
      await undone(client, planId, adjustment.id, before);
    }

    // Add a built run with a pace on the rest day: its FIT targets the speed of 5:00 /km.
    {
      const { adjustment, after } = await applied(client, planId, { kind: 'add', date: rest, session: run }, before);
      // 40 min at IF 240/300 = 0.8: 40/60 × 0.64 × 100 ≈ 42.7 → 43.
      expect(adjustment.evidence).toEqual({ durationMin: 40, load: 43 });
      expect(adjustment.reason).toBe(`You added 40 min workout “Steady forty” on ${formatCalendarDay(rest)}.`);
      const added = day(after, rest);
      expect(added.compliance).toMatchObject({ name: 'Running - Steady forty', durationMin: 40, plannedLoad: 43 });
      expect(added.dayPlan.session).toMatchObject({ title: 'Running - Steady forty', sport: 'run', steps: [{ type: 'steady', durationS: 2400, intensity: { kind: 'pace', sPerKm: { low: 300, high: 300 } } }] });
      expect(added.calendar.session).toMatchObject({ title: 'Running - Steady forty' });
      expect(added.ics).toContain('Steady: 40 min at 5:00 /km');
      const steps = fitSteps((await file(client, planId, rest, 'fit')).bytes);
      expect(steps.map((step) => [step.targetType, step.customTargetValueLow, step.customTargetValueHigh, step.durationValue])).toEqual([['speed', 3333, 3333, 2_400_000]]);
      // Zwift holds it as the share of threshold pace: 240 / 300.
      expect((await file(client, planId, rest, 'zwo')).text).toContain('<SteadyState Duration="2400" Power="0.8"');
      await undone(client, planId, adjustment.id, before);
    }

    // Add a session of the plan's kinds on a rest day, then a second edit on the same day blocks the first one's undo.
    {
      const { adjustment: first } = await applied(client, planId, { kind: 'add', date: rest, session: { type: 'focus', sport: 'running', focus: 'tempo', durationMin: 50 } }, before);
      const middle = await everything(client, planId);
      expect(day(middle, rest).compliance).toMatchObject({ name: 'Running - tempo', durationMin: 50 });
      const { adjustment: second } = await applied(client, planId, { kind: 'change', date: rest, durationMin: 60 }, middle);
      const blocked = await undo(client, planId, first.id);
      expect(blocked.status).toBe(409);
      expect(blocked.body.message).toBe(`A later accepted change also touches ${formatCalendarDay(rest)}: undo that one first.`);
      await undone(client, planId, second.id, middle);
      await undone(client, planId, first.id, before);
    }
  });

  it('refuses bad edits with their message and changes nothing; another athlete’s plan is not found', async () => {
    const { client, planId } = await athleteWithPlan();
    const before = await everything(client, planId);
    const { session, rest, other } = pickDays(before);
    const lastPlanDay = before.compliance.at(-1)!.date;
    const afterPlan = isoDay(Date.parse(lastPlanDay) + 7 * DAY_MS);
    const steady = (target: Record<string, unknown>, durationS = 600) => ({ ...ride, steps: [{ type: 'steady', durationS, target }] });
    const bad: [Record<string, unknown>, string][] = [
      [{ kind: 'add', date: afterPlan, session: { type: 'focus', sport: 'cycling', focus: 'tempo', durationMin: 60 } }, PLAN_EDIT_MESSAGES.notInPlan(formatCalendarDay(afterPlan))],
      [{ kind: 'move', from: session, to: afterPlan }, PLAN_EDIT_MESSAGES.notInPlan(formatCalendarDay(afterPlan))],
      [{ kind: 'delete', date: plus(-1) }, PLAN_EDIT_MESSAGES.notInPlan(formatCalendarDay(plus(-1)))],
      [{ kind: 'replace', date: session, session: steady({ kind: 'ftpPct', pct: 80 }, 0) }, PLAN_EDIT_MESSAGES.stepDuration],
      [{ kind: 'replace', date: session, session: steady({ kind: 'watts', watts: 2001 }) }, PLAN_EDIT_MESSAGES.watts],
      [{ kind: 'replace', date: session, session: steady({ kind: 'pace', sPerKm: 300 }) }, PLAN_EDIT_MESSAGES.paceOnRide],
      [{ kind: 'add', date: session, session: run }, PLAN_EDIT_MESSAGES.taken(formatCalendarDay(session))],
      [{ kind: 'move', from: session, to: other }, PLAN_EDIT_MESSAGES.taken(formatCalendarDay(other))],
      [{ kind: 'move', from: session, to: session }, PLAN_EDIT_MESSAGES.sameDay],
      [{ kind: 'delete', date: rest }, PLAN_EDIT_MESSAGES.noSession(formatCalendarDay(rest))],
      [{ kind: 'change', date: session }, PLAN_EDIT_MESSAGES.changeNothing],
      [{ kind: 'change', date: session, durationMin: 5 }, PLAN_EDIT_MESSAGES.sessionMinutes],
      [{ kind: 'stretch', date: session }, PLAN_EDIT_MESSAGES.kind],
      [{ kind: 'delete', date: '3 March' }, 'Give the day as YYYY-MM-DD.'],
    ];
    for (const [body, message] of bad) {
      const answer = await edit(client, planId, body);
      expect([body, answer.status]).toEqual([body, 400]);
      expect(answer.body.message).toContain(message);
    }
    expect(await everything(client, planId)).toEqual(before);

    // A day already over: the plan started yesterday here.
    const { client: earlier } = await registerPlanner(server, { plan: 'Pro', emailPrefix: 'edits-past' });
    const started = await earlier.post('/api/training-plans', { ...springBasePlan, startDate: plus(-1) });
    expect(started.status).toBe(201);
    const past = await edit(earlier, started.body.id as string, { kind: 'add', date: plus(-1), session: { type: 'focus', sport: 'cycling', focus: 'recovery', durationMin: 30 } });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe(PLAN_EDIT_MESSAGES.past(formatCalendarDay(plus(-1))));

    // Watts without an FTP, a pace without a threshold pace, bpm without heart-rate zones.
    const needs: [BuiltWorkout, string][] = [
      [steady({ kind: 'watts', watts: 200 }) as BuiltWorkout, PLAN_EDIT_MESSAGES.needsFtp],
      [{ ...run, steps: [{ type: 'steady', durationS: 600, target: { kind: 'pace', sPerKm: 300 } }] }, PLAN_EDIT_MESSAGES.needsThresholdPace],
      [steady({ kind: 'heartRate', bpm: 150 }) as BuiltWorkout, PLAN_EDIT_MESSAGES.needsHeartRateZones],
    ];
    const earlierBefore = await everything(earlier, started.body.id as string);
    const free = pickDays(earlierBefore).rest;
    for (const [workout, message] of needs) {
      const answer = await edit(earlier, started.body.id as string, { kind: 'add', date: free, session: workout });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    expect(await everything(earlier, started.body.id as string)).toEqual(earlierBefore);

    // Another athlete: this plan is not found, and nothing changes; nor is a plan that does not exist.
    const foreign = await edit(earlier, planId, { kind: 'delete', date: session });
    expect(foreign.status).toBe(404);
    expect((await edit(client, randomUUID(), { kind: 'delete', date: session })).status).toBe(404);
    expect((await edit(client, 'not-a-plan', { kind: 'delete', date: session })).status).toBe(404);
    expect(await everything(client, planId)).toEqual(before);
    expect((await undo(earlier, planId, randomUUID())).status).toBe(404);
  });

  it('keeps the event on its day: its race is not moved, changed, replaced or deleted, and nothing is moved or added onto it', async () => {
    const { client } = await registerPlanner(server, { plan: 'Pro', emailPrefix: 'edits-race' });
    const created = await client.post('/api/training-plans', { ...eventPlan, startDate: today });
    expect(created.status).toBe(201);
    const planId = created.body.id as string;
    const raceDay = (created.body.generatedPlan.trainingPlan.raceWeek as { date: string }).date;
    expect(raceDay).toBe(eventPlan.eventDate);
    const compliance = async () => planComplianceView.parse((await client.get(`/api/training-plans/${planId}/compliance`)).body).days;
    const before = await compliance();
    expect(before.find((day) => day.date === raceDay)?.planned).not.toBeNull();
    const ahead = before.filter((day) => day.date > today && day.date < raceDay);
    const session = ahead.find((day) => day.planned !== null)!.date;
    const rest = ahead.find((day) => day.planned === null)!.date;
    const refused = PLAN_EDIT_MESSAGES.raceDay(formatCalendarDay(raceDay));
    const edits: Record<string, unknown>[] = [
      { kind: 'move', from: raceDay, to: rest },
      { kind: 'change', date: raceDay, durationMin: 60 },
      { kind: 'replace', date: raceDay, session: { type: 'focus', sport: 'cycling', focus: 'endurance', durationMin: 90 } },
      { kind: 'delete', date: raceDay },
      { kind: 'move', from: session, to: raceDay },
    ];
    for (const body of edits) {
      const answer = await edit(client, planId, body);
      expect([body, answer.status, answer.body.message]).toEqual([body, 400, refused]);
    }
    expect(await compliance()).toEqual(before);
    expect((await client.get(`/api/training-plans/${planId}/adjustments`)).body).toEqual({ pending: [], history: [] });
    // The days around it are edited as usual.
    expect((await edit(client, planId, { kind: 'move', from: session, to: rest })).status).toBe(201);
  });

  it("gives the calendar a larger SEQUENCE at every change, also several within one second", async () => {
    const { client, planId } = await athleteWithPlan();
    const { session, rest } = pickDays(await everything(client, planId));
    const sequence = async () => Number(/SEQUENCE:(\d+)/.exec((await client.get(`/api/training-plans/${planId}/calendar.ics`)).text as string)![1]);
    const sequences = [await sequence()];
    const moved = await edit(client, planId, { kind: 'move', from: session, to: rest });
    expect(moved.status).toBe(201);
    sequences.push(await sequence());
    expect((await undo(client, planId, moved.body.id as string)).status).toBe(200);
    sequences.push(await sequence());
    expect((await edit(client, planId, { kind: 'delete', date: session })).status).toBe(201);
    sequences.push(await sequence());
    for (let index = 1; index < sequences.length; index += 1) expect(sequences[index]!, `change ${index}`).toBeGreaterThan(sequences[index - 1]!);
  });

  it('documents the route in the OpenAPI document', async () => {
    const document = (await fetch(new URL('/api/openapi.json', server.url)).then((response) => response.json())) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(document.paths['/api/training-plans/{id}/edits'] ?? {})).toEqual(['post']);
  });
});
