import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLIANCE_RANGE_MESSAGES, planComplianceView, type PlanComplianceView } from '../../src/shared/api/plan-compliance.ts';
import { trainingPlanView } from '../../src/shared/api/training-plans.ts';
import { PLAN_START_MESSAGES } from '../../src/shared/domain/plan-start.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import { createClient, type TestClient } from '../support/http-client.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { registerPlanner, springBasePlan } from '../support/plans.ts';
import { DAY_MS } from '../../src/shared/time.ts';

/** GET /api/training-plans/{id}/compliance (ADR 0035) against stored activities, on both databases. */

const kinds = await testDatabaseKinds();
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = isoDay(Date.now());
const daysAgo = (days: number) => isoDay(Date.parse(today) - days * DAY_MS);

describe.each(kinds)('plan compliance on %s', (kind) => {
  let server: TestKairo;
  const query = <Row>(text: string, params: unknown[] = []) => server.database.handle.query<Row>(text, params);

  beforeAll(async () => {
    server = await startTestKairo(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  const athlete = () => registerPlanner(server, { emailPrefix: 'compliance' });

  /** An activity as an uploaded file stores it, at 17:00 UTC of `day`; scored with `load` unless null. */
  async function storeActivity(accountId: string, day: string, sportType: string, minutes: number, load: number | null): Promise<string> {
    const [row] = await query<{ id: string }>(
      `insert into activities (user_id, source, source_key, name, type, sport_type, moving_time, elapsed_time, start_date)
       values ($1, 'file', $2, $3, $4, $4, $5, $5, $6) returning id`,
      [accountId, randomUUID(), `${sportType} ${day}`, sportType, minutes * 60, `${day}T17:00:00Z`],
    );
    if (load !== null) {
      await query(`insert into activity_metrics (activity_id, user_id, metrics, training_load, training_load_method, ftp_source) values ($1, $2, '{}', $3, 'power', 'settings')`, [
        row!.id,
        accountId,
        load,
      ]);
    }
    return row!.id;
  }

  const springBase = springBasePlan;

  /** A 12-week cycling plan started three weeks ago, as the plan form allows (ADR 0036). */
  async function planStartedWeeksAgo(client: TestClient): Promise<string> {
    const created = await client.post('/api/training-plans', { ...springBase, startDate: daysAgo(21) });
    expect(created.status).toBe(201);
    return created.body.id as string;
  }

  it('matches each past session to the activities of its day and sport, and sums weeks and the plan so far', async () => {
    const { client, accountId } = await athlete();
    const id = await planStartedWeeksAgo(client);
    const plan = trainingPlanView.parse((await client.get(`/api/training-plans/${id}`)).body);
    expect(plan.phases[0]!.startDate).toBe(daysAgo(21));

    const whole = planComplianceView.parse((await client.get(`/api/training-plans/${id}/compliance`)).body);
    const sessions = whole.days.filter((day) => day.planned !== null && day.date < today);
    expect(sessions.length).toBeGreaterThanOrEqual(6);
    const [done, short, missed] = sessions;
    const restDay = whole.days.find((day) => day.planned === null && day.date < today)!;

    const doneId = await storeActivity(accountId, done!.date, 'VirtualRide', done!.planned!.durationMin, 60);
    const shortId = await storeActivity(accountId, short!.date, 'Ride', Math.round(short!.planned!.durationMin / 3), null);
    const runId = await storeActivity(accountId, missed!.date, 'Run', 40, 35);
    const extraId = await storeActivity(accountId, restDay.date, 'Ride', 50, 40);
    // Another athlete's ride on the same day never counts.
    const other = await athlete();
    await storeActivity(other.accountId, missed!.date, 'Ride', 90, 70);

    const response = await client.get(`/api/training-plans/${id}/compliance`);
    expect(response.status).toBe(200);
    const result: PlanComplianceView = planComplianceView.parse(response.body);
    const day = (date: string) => result.days.find((entry) => entry.date === date)!;
    expect(result).toMatchObject({ planId: id, startDate: daysAgo(21), today, from: daysAgo(21), to: plan.phases.at(-1)!.endDate });
    expect(day(done!.date)).toMatchObject({ matchedActivityIds: [doneId], status: 'completed', durationPct: 100, band: 'green', doneLoad: 60 });
    expect(day(done!.date).planned!.plannedLoad).toBeGreaterThan(0);
    // A third of the planned time, and not scored yet: partial, and its load absent rather than 0.
    expect(day(short!.date)).toMatchObject({ matchedActivityIds: [shortId], status: 'partial', band: 'orange', doneLoad: null, loadPct: null });
    expect(day(missed!.date)).toMatchObject({ matchedActivityIds: [], status: 'missed', band: 'red', unplannedActivityIds: [runId] });
    // The rest day's ride is unplanned, unless it was a session moved by one day.
    const restEntry = day(restDay.date);
    expect(restEntry.status === 'unplanned' ? restEntry.unplannedActivityIds : result.days.find((entry) => entry.doneOn === restDay.date)?.matchedActivityIds).toEqual([extraId]);
    expect(result.days.filter((entry) => entry.date > today && entry.planned).every((entry) => entry.status === 'future')).toBe(true);
    expect(result.overall.sessions.due).toBe(sessions.length);
    expect(result.overall.loadPct).toBeNull();
    expect(result.overall.durationPct).toBeGreaterThan(0);
    const firstWeek = result.weeks.find((week) => week.startDate <= done!.date && done!.date <= week.endDate)!;
    expect(firstWeek.doneMin).toBeGreaterThanOrEqual(done!.planned!.durationMin);

    // A span: only its days, and the weeks they fall in.
    const span = planComplianceView.parse((await client.get(`/api/training-plans/${id}/compliance?from=${daysAgo(7)}&to=${daysAgo(1)}`)).body);
    expect(span.days.map((entry) => entry.date)).toEqual(Array.from({ length: 7 }, (_, index) => daysAgo(7 - index)));
    expect(span.overall).toEqual(result.overall);
  });

  it("counts nothing done before the plan's first day: yesterday's ride is not a new plan's first session (issue 26)", async () => {
    const { client, accountId } = await athlete();
    // A plan whose first day has a session: started today, or up to six days back (the week's first session day).
    let id: string | null = null;
    let first: PlanComplianceView['days'][number] | null = null;
    for (let back = 0; back < 7 && !first; back++) {
      const created = await client.post('/api/training-plans', { ...springBase, startDate: back === 0 ? '' : daysAgo(back) });
      expect(created.status).toBe(201);
      const days = planComplianceView.parse((await client.get(`/api/training-plans/${created.body.id as string}/compliance`)).body).days;
      if (days[0]!.planned) [id, first] = [created.body.id as string, days[0]!];
    }
    // The ride of the day before, at 180 % of the first session's time.
    const dayBefore = isoDay(Date.parse(first!.date) - DAY_MS);
    await storeActivity(accountId, dayBefore, 'Ride', Math.round(first!.planned!.durationMin * 1.8), 60);

    const result = planComplianceView.parse((await client.get(`/api/training-plans/${id!}/compliance`)).body);
    expect(result.days[0]).toMatchObject({ date: first!.date, matchedActivityIds: [], doneOn: null, durationPct: null, status: first!.date < today ? 'missed' : 'future' });
    expect(result.overall).toMatchObject({ doneMin: 0, unplannedMin: 0 });
    expect(result.days.some((day) => day.matchedActivityIds.length > 0 || day.unplannedActivityIds.length > 0)).toBe(false);
  });

  it('starts a plan up to 8 weeks back and no further, and keeps its start when it is edited', async () => {
    const { client, accountId } = await athlete();
    for (const [startDate, message] of [
      [daysAgo(57), PLAN_START_MESSAGES.tooEarly],
      [daysAgo(-1), PLAN_START_MESSAGES.future],
      ['2026-13-01', PLAN_START_MESSAGES.format],
    ] as const) {
      const refused = await client.post('/api/training-plans', { ...springBase, startDate });
      expect(refused.status, startDate).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    expect((await query<{ n: number }>('select count(*)::int as n from training_plans where account_id = $1', [accountId]))[0]!.n).toBe(0);

    const created = trainingPlanView.parse((await client.post('/api/training-plans', { ...springBase, startDate: daysAgo(56) })).body);
    expect(created).toMatchObject({ startDate: daysAgo(56), totalWeeks: 12 });
    expect(created.phases[0]!.startDate).toBe(daysAgo(56));
    expect(created.currentPhase).not.toBe('base');
    // Later the start is more than 8 weeks back; an edit that keeps it is still accepted.
    await query('update training_plans set start_date = $1 where id = $2', [daysAgo(70), created.id]);
    const edited = await client.put('/api/training-plans', { ...springBase, id: created.id, startDate: daysAgo(70), weeklyTrainingTime: '7 hours' });
    expect(edited.status).toBe(200);
    expect(edited.body.phases[0].startDate).toBe(daysAgo(70));
  });

  it('answers bad spans with 400 and a message, and another athlete\'s plan with 404', async () => {
    const { client } = await athlete();
    const id = await planStartedWeeksAgo(client);
    for (const [search, message] of [
      ['from=2026-02-30', COMPLIANCE_RANGE_MESSAGES.date],
      ['to=yesterday', COMPLIANCE_RANGE_MESSAGES.date],
      ['from=2026-05-02&to=2026-05-01', COMPLIANCE_RANGE_MESSAGES.order],
      ['from=2025-01-01&to=2026-01-02', COMPLIANCE_RANGE_MESSAGES.span],
    ] as const) {
      const response = await client.get(`/api/training-plans/${id}/compliance?${search}`);
      expect(response.status, search).toBe(400);
      expect(response.body.message).toBe(message);
    }
    expect((await client.get(`/api/training-plans/${id}/compliance?from=2025-01-01&to=2025-12-31`)).status).toBe(200);

    const stranger = await athlete();
    const foreign = await stranger.client.get(`/api/training-plans/${id}/compliance`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Training plan not found');
    expect((await client.get('/api/training-plans/not-a-uuid/compliance')).status).toBe(404);
    expect((await createClient(server.url).get(`/api/training-plans/${id}/compliance`)).status).toBe(401);
  });
});
