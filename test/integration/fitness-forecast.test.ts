import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitnessSeries } from '../../src/shared/api/activities.ts';
import { createdApiToken } from '../../src/shared/api/api-tokens.ts';
import { dayPlanAnswer, type DayPlanDay } from '../../src/shared/api/day-plan.ts';
import { fitnessForecast, type FitnessForecast } from '../../src/shared/api/fitness-forecast.ts';
import { planAdjustment, planAdjustmentList } from '../../src/shared/api/plan-adjustments.ts';
import { planComplianceView } from '../../src/shared/api/plan-compliance.ts';
import type { PlanEdit } from '../../src/shared/api/plan-edits.ts';
import { addCalendarDays, DAY_MS } from '../../src/shared/time.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import { createClient, type TestClient } from '../support/http-client.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { eventPlan, registerPlanner } from '../support/plans.ts';
import { daysBeforeToday, powerRide } from '../support/recordings.ts';
import { waitFor, waitForJobs } from '../support/strava.ts';
import { uploadActivityFile } from '../support/uploads.ts';

/**
 * The fitness forecast (ADR 0081) through the real server on both databases: the stored series
 * carried on over the day plan's planned loads to the event day equals the fitness model run over
 * those loads (written out here), follows an accepted change, the athlete's own edits and their
 * undo, and a plan switched off, answers a read-scope token, and each athlete only their own.
 */

const kinds = await testDatabaseKinds();
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** CTL and ATL exponentially weighted over 42 and 7 days, TSB the morning's CTL − ATL: the model, written out. */
function model(start: { ctl: number; atl: number }, loads: number[]): { ctl: number; atl: number; tsb: number }[] {
  let { ctl, atl } = start;
  return loads.map((load) => {
    const tsb = ctl - atl;
    ctl += (load - ctl) / 42;
    atl += (load - atl) / 7;
    return { ctl, atl, tsb };
  });
}

describe.each(kinds)('the fitness forecast on %s', { timeout: 240_000 }, (kind) => {
  let server: TestKairo;
  const today = () => isoDay(Date.now());

  beforeAll(async () => {
    server = await startTestKairo(kind, { SESSION_CACHE_SECONDS: '0' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const forecastOf = async (client: TestClient, headers?: Record<string, string>): Promise<FitnessForecast> => {
    const response = await client.get('/api/fitness/forecast', headers ? { headers } : undefined);
    expect(response.status, response.text).toBe(200);
    return fitnessForecast.parse(response.body);
  };

  /** The day plan's decisions for `count` days from `from`, in pages of at most 62. */
  const dayPlanDays = async (client: TestClient, from: string, count: number): Promise<DayPlanDay[]> => {
    const days: DayPlanDay[] = [];
    for (let offset = 0; offset < count; offset += 62) {
      const response = await client.get(`/api/day-plan?from=${addCalendarDays(from, offset)}&days=${Math.min(62, count - offset)}`);
      expect(response.status, response.text).toBe(200);
      days.push(...dayPlanAnswer.parse(response.body).days);
    }
    return days;
  };

  /** The forecast checked against the day plan, the plan's own planned loads and the model run from yesterday's stored figures. */
  async function expectModelOverPlannedLoads(client: TestClient, planId: string): Promise<FitnessForecast> {
    const forecast = await forecastOf(client);
    const tomorrow = addCalendarDays(today(), 1);
    expect(forecast.planId).toBe(planId);
    expect(forecast.days[0]!.date).toBe(tomorrow);
    expect(forecast.days.at(-1)!.date).toBe(eventPlan.eventDate);
    expect(forecast.days.map((day) => day.date)).toEqual(forecast.days.map((_, index) => addCalendarDays(tomorrow, index)));

    // Each day's load is that of the day plan's session: the plan's estimate (its compliance view), 0 on a rest day.
    const decided = await dayPlanDays(client, tomorrow, forecast.days.length);
    const compliance = planComplianceView.parse((await client.get(`/api/training-plans/${planId}/compliance?from=${today()}&to=${eventPlan.eventDate}`)).body);
    const plannedLoad = new Map(compliance.days.map((day) => [day.date, day.planned?.plannedLoad ?? 0]));
    forecast.days.forEach((day, index) => {
      expect(decided[index]).toMatchObject({ date: day.date, source: 'plan', plan: { id: planId } });
      expect(day.basis, day.date).toBe('plan');
      expect(day.plannedLoad, day.date).toBe(plannedLoad.get(day.date));
      expect(day.plannedLoad > 0, day.date).toBe(decided[index]!.session !== null);
    });
    expect(forecast.days.some((day) => day.plannedLoad > 0)).toBe(true);

    // The model from the end of yesterday (the stored series) over today's load and the planned ones.
    const [yesterday, storedToday] = fitnessSeries.parse((await client.get('/api/fitness?days=2')).body);
    expect(forecast.today.date).toBe(today());
    if (storedToday!.load > 0) expect(forecast.today).toMatchObject({ counted: 'recorded', load: storedToday!.load });
    else expect(forecast.today.counted).toBe('planned');
    const expected = model(yesterday!, [forecast.today.load, ...forecast.days.map((day) => day.plannedLoad)]);
    expect(forecast.today.ctl).toBeCloseTo(expected[0]!.ctl, 9);
    expect(forecast.today.atl).toBeCloseTo(expected[0]!.atl, 9);
    forecast.days.forEach((day, index) => {
      expect(day.ctl, day.date).toBeCloseTo(expected[index + 1]!.ctl, 9);
      expect(day.atl, day.date).toBeCloseTo(expected[index + 1]!.atl, 9);
      expect(day.tsb, day.date).toBeCloseTo(expected[index + 1]!.tsb, 9);
    });
    // The event morning: fitness and fatigue at the end of the day before, form their difference.
    const eve = expected.at(-2)!;
    expect(forecast.eventDay).toMatchObject({ date: eventPlan.eventDate, name: expect.stringContaining('Gran Fondo Stelvio') });
    expect(forecast.eventDay!.ctl).toBeCloseTo(eve.ctl, 9);
    expect(forecast.eventDay!.atl).toBeCloseTo(eve.atl, 9);
    expect(forecast.eventDay!.tsb).toBeCloseTo(eve.ctl - eve.atl, 9);
    return forecast;
  }

  it('equals the fitness model run over the day plan’s planned loads to the event day, follows an accepted change and a plan switched off, and answers a read token and only its own athlete', async () => {
    const { client } = await registerPlanner(server, { plan: 'Pro', emailPrefix: 'forecast' });
    await uploadActivityFile(client, 'ride.fit', powerRide(daysBeforeToday(1, 7)).bytes);
    await waitForJobs(server);
    expect(fitnessSeries.parse((await client.get('/api/fitness?days=2')).body)[0]!.ctl).toBeGreaterThan(0);

    // Without a plan: nothing projected, and the answer says so.
    const none = await forecastOf(client);
    expect(none).toMatchObject({ days: [], eventDay: null, planId: null });
    expect(none.assumption).toMatch(/No active plan/);

    const created = await client.post('/api/training-plans', eventPlan);
    expect(created.status).toBe(201);
    const planId = created.body.id as string;
    const before = await expectModelOverPlannedLoads(client, planId);
    expect(before.assumption).toMatch(/count as rest days/);

    // A read-scope token reads the same forecast; no session, no answer.
    const token = createdApiToken.parse((await client.post('/api/api-tokens', { name: 'Forecast', scopes: ['read'] })).body).token;
    expect(await forecastOf(createClient(server.url), { authorization: `Bearer ${token}` })).toEqual(before);
    expect((await createClient(server.url).get('/api/fitness/forecast')).status).toBe(401);

    // Another athlete sees nothing of this one's plan or ride.
    const { client: other } = await registerPlanner(server, { emailPrefix: 'forecast-other' });
    const theirs = await forecastOf(other);
    expect(theirs).toMatchObject({ days: [], eventDay: null, planId: null, today: { load: 0, ctl: 0, atl: 0 } });

    // Low HRV yesterday and today: Kai proposes a change; accepted, it moves the forecast from its first day on.
    const lines = ['date,hrv', ...Array.from({ length: 58 }, (_, index) => `${isoDay(Date.now() - (60 - index) * DAY_MS)},60`)];
    expect((await client.request('POST', '/api/wellness/import', undefined, { rawBody: Buffer.from(lines.join('\n')), headers: { 'content-type': 'text/csv' } })).status).toBe(200);
    for (const day of [isoDay(Date.now() - DAY_MS), today()]) expect((await client.put(`/api/wellness/${day}`, { hrvRmssdMs: 12, fatigue: 4 })).status).toBe(200);
    await waitForJobs(server);
    const proposal = await waitFor(
      async () => planAdjustmentList.parse((await client.get(`/api/training-plans/${planId}/adjustments`)).body).pending,
      (pending) => pending.length > 0,
    ).then((pending) => pending[0]!);
    // A proposal still waiting changes no planned day; strained readiness holds today's hard session back, and the forecast starts lower.
    const waiting = await forecastOf(client);
    expect(waiting.days.map((day) => day.plannedLoad)).toEqual(before.days.map((day) => day.plannedLoad));
    const [todayDecided] = await dayPlanDays(client, today(), 1);
    if (todayDecided!.change?.kind === 'readiness') {
      expect(waiting.today.load).toBeLessThan(before.today.load);
      expect(waiting.eventDay!.ctl).toBeLessThan(before.eventDay!.ctl);
    } else expect(waiting).toEqual(before);
    expect((await client.post(`/api/training-plans/${planId}/adjustments/${proposal.id}/accept`)).status).toBe(200);
    const after = await expectModelOverPlannedLoads(client, planId);
    const changedAhead = proposal.changes.map((change) => change.date).filter((date) => date > today());
    const loadOn = (forecast: FitnessForecast, date: string) => forecast.days.find((day) => day.date === date)?.plannedLoad;
    if (changedAhead.length > 0) {
      expect(changedAhead.some((date) => loadOn(after, date) !== loadOn(before, date))).toBe(true);
      expect(after.eventDay!.ctl).not.toBeCloseTo(before.eventDay!.ctl, 9);
    } else {
      // The change was today's alone: the forecast starts from today's planned load.
      expect(after.today.load).not.toBe(before.today.load);
    }

    // Switched off, the plan projects nothing.
    expect((await client.patch(`/api/training-plans/${planId}/toggle`)).status).toBe(200);
    expect(await forecastOf(client)).toMatchObject({ days: [], planId: null });
  });

  it('moves with the athlete’s edits exactly as the model over the edited planned loads says, judges the event morning’s form against its window, and an undo restores it', async () => {
    const { client } = await registerPlanner(server, { plan: 'Pro', emailPrefix: 'forecast-edits' });
    await uploadActivityFile(client, 'ride.fit', powerRide(daysBeforeToday(1, 7)).bytes);
    await waitForJobs(server);
    const created = await client.post('/api/training-plans', eventPlan);
    expect(created.status).toBe(201);
    const planId = created.body.id as string;
    const before = await expectModelOverPlannedLoads(client, planId);

    // The event morning's form against the race window (above +5, up to +25), as screens show it.
    const target = (eventDay: NonNullable<FitnessForecast['eventDay']>) => {
      const form = Math.round(eventDay.ctl) - Math.round(eventDay.atl);
      return { formLow: 5, formHigh: 25, met: form > 5 && form <= 25, form };
    };
    const judged = target(before.eventDay!);
    expect(before.eventDay!.target).toMatchObject({ formLow: 5, formHigh: 25, met: judged.met });
    if (judged.met) expect(before.eventDay!.target.advice).toBeNull();
    else {
      const shown = judged.form > 0 ? `+${judged.form}` : judged.form < 0 ? `−${-judged.form}` : '0';
      expect(before.eventDay!.target.advice).toMatch(/ \(above \+5, up to \+25\)\.$/);
      expect(before.eventDay!.target.advice!.startsWith(`Projected form on race morning is ${shown}: `)).toBe(true);
    }

    // Delete the plan's hardest session ahead and put a 4-hour ride at 70 % FTP on a rest day three weeks out.
    const eventDate = eventPlan.eventDate;
    const ahead = before.days.filter((day) => day.date < addCalendarDays(eventDate, -7));
    const key = ahead.reduce((hardest, day) => (day.plannedLoad > hardest.plannedLoad ? day : hardest));
    const rest = ahead.find((day) => day.plannedLoad === 0 && day.date >= addCalendarDays(today(), 21))!;
    expect(key.plannedLoad).toBeGreaterThan(0);
    expect(rest).toBeDefined();
    const edit = async (body: PlanEdit) => {
      const response = await client.post(`/api/training-plans/${planId}/edits`, body);
      expect(response.status, response.text).toBe(201);
      return planAdjustment.parse(response.body);
    };
    const deleted = await edit({ kind: 'delete', date: key.date });
    const longRide = { type: 'workout' as const, title: 'Long steady', sport: 'cycling' as const, steps: [{ type: 'steady' as const, durationS: 4 * 3600, target: { kind: 'ftpPct' as const, pct: 70 } }] };
    const added = await edit({ kind: 'add', date: rest.date, session: longRide });

    // The model over the edited loads, written out: the deleted day rests, the added one counts 4 h × 0.7² × 100 = 196.
    const edited = await expectModelOverPlannedLoads(client, planId);
    const loads = before.days.map((day) => (day.date === key.date ? 0 : day.date === rest.date ? 196 : day.plannedLoad));
    expect(edited.days.map((day) => day.plannedLoad)).toEqual(loads);
    expect(edited.today).toEqual(before.today);
    const [yesterday] = fitnessSeries.parse((await client.get('/api/fitness?days=2')).body);
    const expected = model(yesterday!, [before.today.load, ...loads]);
    edited.days.forEach((day, index) => {
      expect(day.ctl, day.date).toBeCloseTo(expected[index + 1]!.ctl, 9);
      expect(day.atl, day.date).toBeCloseTo(expected[index + 1]!.atl, 9);
      expect(day.tsb, day.date).toBeCloseTo(expected[index + 1]!.tsb, 9);
    });
    const eve = expected.at(-2)!;
    expect(edited.eventDay!.ctl).toBeCloseTo(eve.ctl, 9);
    expect(edited.eventDay!.atl).toBeCloseTo(eve.atl, 9);
    expect(edited.eventDay!.ctl).not.toBeCloseTo(before.eventDay!.ctl, 6);
    expect(edited.eventDay!.target.met).toBe(target(edited.eventDay!).met);

    // Undone, each edit gives back the forecast as it was.
    for (const adjustment of [added, deleted]) {
      const undone = await client.post(`/api/training-plans/${planId}/adjustments/${adjustment.id}/undo`);
      expect(undone.status, undone.text).toBe(200);
    }
    expect(await forecastOf(client)).toEqual(before);
  });
});
