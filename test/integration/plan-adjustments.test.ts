import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planAdjustmentList, pendingAdjustments, planAdjustment, ADJUSTMENT_CONFLICTS, type PlanAdjustment } from '../../src/shared/api/plan-adjustments.ts';
import { planComplianceView } from '../../src/shared/api/plan-compliance.ts';
import { readinessAnswer } from '../../src/shared/api/wellness.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import type { TestClient } from '../support/http-client.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { registerPlanner, springBasePlan } from '../support/plans.ts';
import { waitFor, waitForJobs } from '../support/strava.ts';
import { DAY_MS } from '../../src/shared/time.ts';

/**
 * The plan answers back (ADR 0050) through the real server on both databases: check-ins with a
 * low HRV on two days (against a baseline of normal days) make the review job propose a change;
 * accepting it changes the plan's compliance calendar, its .ics and its session files, and undo
 * restores them exactly; transitions that are not allowed answer 409, another athlete's ids 404.
 */

const kinds = await testDatabaseKinds();
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = isoDay(Date.now());
const daysAgo = (days: number) => isoDay(Date.parse(today) - days * DAY_MS);

const springBase = springBasePlan;

describe.each(kinds)('plan adjustments on %s', { timeout: 120_000 }, (kind) => {
  let server: TestKairo;

  beforeAll(async () => {
    server = await startTestKairo(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  /**
   * A plan that started yesterday, with yesterday's session (if any) ridden as planned: nothing is
   * missed and the load is on plan, so only how the athlete feels speaks.
   */
  async function athleteWithPlan(): Promise<{ client: TestClient; planId: string }> {
    const { client, accountId } = await registerPlanner(server, { emailPrefix: 'adjust' });
    const created = await client.post('/api/training-plans', { ...springBase, startDate: daysAgo(1) });
    expect(created.status).toBe(201);
    const planId = created.body.id as string;
    const yesterday = (await compliance(client, planId)).days.find((day) => day.date === daysAgo(1));
    if (yesterday?.planned) {
      const [row] = await server.database.handle.query<{ id: string }>(
        `insert into activities (user_id, source, source_key, name, type, sport_type, moving_time, elapsed_time, start_date)
         values ($1, 'file', $2, 'Ride', 'Ride', 'Ride', $3, $3, $4) returning id`,
        [accountId, randomUUID(), yesterday.planned.durationMin * 60, `${daysAgo(1)}T17:00:00Z`],
      );
      await server.database.handle.query(
        `insert into activity_metrics (activity_id, user_id, metrics, training_load, training_load_method, ftp_source) values ($1, $2, '{}', $3, 'power', 'settings')`,
        [row!.id, accountId, yesterday.planned.plannedLoad ?? 50],
      );
    }
    return { client, planId };
  }

  /** 58 days of a normal HRV of 60 ms up to three days ago, imported at once. */
  async function hrvBaseline(client: TestClient): Promise<void> {
    const lines = ['date,hrv', ...Array.from({ length: 58 }, (_, index) => `${daysAgo(60 - index)},60`)];
    const imported = await client.request('POST', '/api/wellness/import', undefined, { rawBody: Buffer.from(lines.join('\n')), headers: { 'content-type': 'text/csv' } });
    expect(imported.status).toBe(200);
    expect(imported.body.imported).toBe(58);
  }

  const adjustments = async (client: TestClient, planId: string) => {
    const response = await client.get(`/api/training-plans/${planId}/adjustments`);
    expect(response.status).toBe(200);
    return planAdjustmentList.parse(response.body);
  };
  const compliance = async (client: TestClient, planId: string) => planComplianceView.parse((await client.get(`/api/training-plans/${planId}/compliance`)).body);
  const ics = async (client: TestClient, planId: string) => (await client.get(`/api/training-plans/${planId}/calendar.ics`)).text as string;
  const decide = (client: TestClient, planId: string, id: string, action: string) => client.post(`/api/training-plans/${planId}/adjustments/${id}/${action}`);

  /** Two check-ins with a low HRV (yesterday and today) through the API; the review job runs after each. */
  async function lowHrvTwoDays(client: TestClient): Promise<PlanAdjustment> {
    for (const day of [daysAgo(1), today]) expect((await client.put(`/api/wellness/${day}`, { hrvRmssdMs: 12, fatigue: 4 })).status).toBe(200);
    await waitForJobs(server);
    return waitFor(
      async () => (await adjustments(client, (await client.get('/api/training-plans')).body[0].id)).pending,
      (pending) => pending.length > 0,
    ).then((pending) => pending[0]!);
  }

  it('proposes a change after low HRV two days running, and accepting it moves the calendar, the .ics and the files; undo restores them', async () => {
    const { client, planId } = await athleteWithPlan();
    await hrvBaseline(client);
    await waitForJobs(server);
    // Normal days propose nothing.
    expect(await adjustments(client, planId)).toEqual({ pending: [], history: [] });

    let proposal = await lowHrvTwoDays(client);
    expect(proposal).toMatchObject({ planId, trigger: 'readiness-low', status: 'pending', decidedAt: null });
    expect(proposal.reason).toMatch(/^HRV 12 ms yesterday and today \(usual 60 ms\) and fatigue 4 of 5 yesterday and today: .+\.$/);
    expect(proposal.evidence).toMatchObject({ lowDays: 2, since: daysAgo(1), hrvYesterday: 12, hrvToday: 12, hrvLowMs: 60, hrvHighMs: 60 });
    expect(proposal.changes.length).toBeGreaterThan(0);
    for (const change of proposal.changes) expect(change.date >= today).toBe(true);
    // Home lists it with the plan's title.
    expect(pendingAdjustments.parse((await client.get('/api/training-plans/adjustments/pending')).body).pending).toMatchObject([{ id: proposal.id, planTitle: 'Spring base' }]);

    // The same situation reviewed again makes no second proposal; the one pending cites the numbers as they are now.
    expect((await client.put(`/api/wellness/${today}`, { hrvRmssdMs: 6, fatigue: 4 })).status).toBe(200);
    await waitForJobs(server);
    const again = (await adjustments(client, planId)).pending;
    expect(again.map((entry) => entry.id)).toEqual([proposal.id]);
    expect(again[0]!.evidence.hrvToday).toBe(6);
    expect(again[0]!.reason).toMatch(/^HRV 12 ms yesterday and 6 ms today /);
    expect(again[0]!.changes).toEqual(proposal.changes);
    proposal = again[0]!;

    const before = await compliance(client, planId);
    const icsBefore = await ics(client, planId);
    const filesBefore = (await client.get(`/api/training-plans/${planId}/sessions`)).body;

    const accepted = await decide(client, planId, proposal.id, 'accept');
    expect(accepted.status).toBe(200);
    expect(planAdjustment.parse(accepted.body)).toMatchObject({ id: proposal.id, status: 'accepted' });

    const after = await compliance(client, planId);
    expect(before.days.every((day) => day.changed === null)).toBe(true);
    for (const change of proposal.changes) {
      const day = after.days.find((entry) => entry.date === change.date)!;
      if (change.after === null) expect(day.planned).toBeNull();
      else expect(day.planned).toMatchObject({ name: change.after.activityType, durationMin: change.after.durationMin });
      // The calendar marks the day as changed, with what the plan had there (a new rest day too).
      expect(day.changed).toEqual({ adjustmentId: proposal.id, before: change.before && { name: change.before.activityType, durationMin: change.before.durationMin } });
    }
    const untouched = (days: typeof before.days) => days.filter((day) => !proposal.changes.some((change) => change.date === day.date));
    expect(untouched(after.days)).toEqual(untouched(before.days));
    const icsAfter = await ics(client, planId);
    expect(icsAfter).not.toBe(icsBefore);
    const sequence = (text: string) => Number(/SEQUENCE:(\d+)/.exec(text)![1]);
    expect(sequence(icsAfter)).toBeGreaterThan(sequence(icsBefore));
    const filesAfter = (await client.get(`/api/training-plans/${planId}/sessions`)).body;
    const sessionOn = (files: { sessions: { date: string; activityType: string; durationMin: number }[] }, date: string) => files.sessions.find((entry) => entry.date === date) ?? null;
    for (const change of proposal.changes) {
      expect(sessionOn(filesAfter, change.date)).toEqual(change.after ? expect.objectContaining({ activityType: change.after.activityType, durationMin: change.after.durationMin }) : null);
    }

    // Not allowed: accepting or declining it again, undoing a pending one.
    for (const action of ['accept', 'decline']) {
      const again = await decide(client, planId, proposal.id, action);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(ADJUSTMENT_CONFLICTS.notPending('accepted'));
    }
    // Accepted, the same situation is not raised again by the next review.
    expect((await client.put(`/api/wellness/${today}`, { hrvRmssdMs: 11, fatigue: 4 })).status).toBe(200);
    await waitForJobs(server);
    expect((await adjustments(client, planId)).pending).toEqual([]);

    const undone = await decide(client, planId, proposal.id, 'undo');
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ status: 'undone' });
    expect(undone.body.undoneAt).not.toBeNull();
    const restored = await compliance(client, planId);
    expect(restored.days).toEqual(before.days);
    expect((await client.get(`/api/training-plans/${planId}/sessions`)).body).toEqual(filesBefore);
    const icsRestored = await ics(client, planId);
    expect(icsRestored.replace(/(DTSTAMP|LAST-MODIFIED|SEQUENCE):.*\r\n/g, '')).toBe(icsBefore.replace(/(DTSTAMP|LAST-MODIFIED|SEQUENCE):.*\r\n/g, ''));
    expect(sequence(icsRestored)).toBeGreaterThanOrEqual(sequence(icsAfter));
    const undoAgain = await decide(client, planId, proposal.id, 'undo');
    expect(undoAgain.status).toBe(409);
    expect(undoAgain.body.message).toBe(ADJUSTMENT_CONFLICTS.notAccepted('undone'));

    // The history keeps it, with its reason.
    const listed = await adjustments(client, planId);
    expect(listed.history).toMatchObject([{ id: proposal.id, status: 'undone', reason: proposal.reason }]);
  });

  it('proposes on the second low morning from the days’ own HRV, against a varied 60-day baseline; one low day proposes nothing', async () => {
    const { client, planId } = await athleteWithPlan();
    // A watch's 60 days before today: HRV 60 and 66 ms on alternate mornings, resting HR 49 and 51 bpm.
    const lines = ['date,hrv,resting_hr', ...Array.from({ length: 60 }, (_, index) => `${daysAgo(60 - index)},${index % 2 === 0 ? 60 : 66},${index % 2 === 0 ? 49 : 51}`)];
    const imported = await client.request('POST', '/api/wellness/import', undefined, { rawBody: Buffer.from(lines.join('\n')), headers: { 'content-type': 'text/csv' } });
    expect(imported.body.imported).toBe(60);
    await waitForJobs(server);
    expect((await adjustments(client, planId)).pending).toEqual([]);

    // One low morning (today) is not enough, whatever its number.
    expect((await client.put(`/api/wellness/${today}`, { hrvRmssdMs: 33 })).status).toBe(200);
    await waitForJobs(server);
    expect((await adjustments(client, planId)).pending).toEqual([]);

    // Yesterday's check-in was low too: the proposal comes now, not a day later, citing both readings and the usual range.
    expect((await client.put(`/api/wellness/${daysAgo(1)}`, { hrvRmssdMs: 35 })).status).toBe(200);
    await waitForJobs(server);
    const [proposal, ...others] = (await adjustments(client, planId)).pending;
    expect(others).toEqual([]);
    expect(proposal).toMatchObject({ trigger: 'readiness-low', evidence: { lowDays: 2, since: daysAgo(1), hrvYesterday: 35, hrvToday: 33, hrvLowMs: 60, hrvHighMs: 66 } });
    expect(proposal!.reason).toMatch(/^HRV 35 ms yesterday and 33 ms today, below your usual 60–66 ms: .+\.$/);
    // Home judges each morning as the proposal does (ADR 0037 amended, issue 26): both low mornings are strained in its
    // 8-week strip, and its card shows the usual range the reason cites.
    const home = readinessAnswer.parse((await client.get(`/api/readiness?date=${today}&days=2`)).body);
    expect(home.history.map((day) => day.state)).toEqual(['strained', 'strained']);
    expect(home.today.inputs.find((input) => input.key === 'hrv')?.baseline).toBe('60–66 ms');
  });

  it('supersedes a pending proposal when the situation goes away, and refuses what is not allowed', async () => {
    const { client, planId } = await athleteWithPlan();
    await hrvBaseline(client);
    const proposal = await lowHrvTwoDays(client);

    const undoPending = await decide(client, planId, proposal.id, 'undo');
    expect(undoPending.status).toBe(409);
    expect(undoPending.body.message).toBe(ADJUSTMENT_CONFLICTS.notAccepted('pending'));

    // Another athlete: their plan id and this proposal through their own plan are not found, and nothing changes.
    const other = await athleteWithPlan();
    expect((await other.client.get(`/api/training-plans/${planId}/adjustments`)).status).toBe(404);
    expect((await decide(other.client, planId, proposal.id, 'accept')).status).toBe(404);
    expect((await decide(other.client, other.planId, proposal.id, 'accept')).status).toBe(404);
    expect((await decide(client, planId, randomUUID(), 'accept')).status).toBe(404);
    expect((await decide(client, planId, 'not-a-uuid', 'accept')).status).toBe(404);
    expect((await other.client.get('/api/training-plans/adjustments/pending')).body).toEqual({ pending: [] });
    expect((await adjustments(client, planId)).pending.map((entry) => entry.status)).toEqual(['pending']);

    // HRV back to normal on both days: the proposal no longer answers anything.
    for (const day of [daysAgo(1), today]) expect((await client.put(`/api/wellness/${day}`, { hrvRmssdMs: 60 })).status).toBe(200);
    await waitForJobs(server);
    const listed = await adjustments(client, planId);
    expect(listed.pending).toEqual([]);
    expect(listed.history).toMatchObject([{ id: proposal.id, status: 'superseded' }]);
    expect((await decide(client, planId, proposal.id, 'accept')).status).toBe(409);

    const declineSuperseded = await decide(client, planId, proposal.id, 'decline');
    expect(declineSuperseded.status).toBe(409);
    expect(declineSuperseded.body.message).toBe(ADJUSTMENT_CONFLICTS.notPending('superseded'));
  });

  it('declines a proposal without changing the plan, and does not raise it again', async () => {
    const { client, planId } = await athleteWithPlan();
    await hrvBaseline(client);
    const before = await compliance(client, planId);
    const proposal = await lowHrvTwoDays(client);
    const declined = await decide(client, planId, proposal.id, 'decline');
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: 'declined' });
    expect((await compliance(client, planId)).days).toEqual(before.days);
    expect((await client.put(`/api/wellness/${today}`, { hrvRmssdMs: 11 })).status).toBe(200);
    await waitForJobs(server);
    expect((await adjustments(client, planId)).pending).toEqual([]);
  });

  it('supersedes the proposals of a regenerated plan, refuses one that no longer fits, and an undo a later change builds on', async () => {
    const { client, planId } = await athleteWithPlan();
    await hrvBaseline(client);
    const proposal = await lowHrvTwoDays(client);

    // The plan is regenerated for running: the proposal described rides that are gone.
    const plan = (await client.get(`/api/training-plans/${planId}`)).body;
    const regenerated = await client.put('/api/training-plans', { ...springBase, id: planId, startDate: plan.startDate, selectedActivities: JSON.stringify(['Running']) });
    expect(regenerated.status).toBe(200);
    expect((await adjustments(client, planId)).history).toMatchObject([{ id: proposal.id, status: 'superseded' }]);
    const before = await compliance(client, planId);
    const superseded = await decide(client, planId, proposal.id, 'accept');
    expect(superseded.status).toBe(409);
    expect(superseded.body.message).toBe(ADJUSTMENT_CONFLICTS.notPending('superseded'));
    // Were it still pending (a review racing the regeneration), the days no longer hold what it found.
    await server.database.handle.query(`update plan_adjustments set status = 'pending', decided_at = null where id = $1`, [proposal.id]);
    const stale = await decide(client, planId, proposal.id, 'accept');
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(ADJUSTMENT_CONFLICTS.stale);
    expect((await compliance(client, planId)).days).toEqual(before.days);

    // The next review proposes for the plan as it is now; accepted, a later change on the same day blocks its undo.
    expect((await client.put(`/api/wellness/${today}`, { hrvRmssdMs: 10 })).status).toBe(200);
    await waitForJobs(server);
    const fresh = (await adjustments(client, planId)).pending;
    expect(fresh).toHaveLength(1);
    expect(fresh[0]!.id).not.toBe(proposal.id);
    expect((await decide(client, planId, fresh[0]!.id, 'accept')).status).toBe(200);
    const [stored] = await server.database.handle.query<{ account_id: string; changes: unknown[] }>('select account_id, changes from plan_adjustments where id = $1', [fresh[0]!.id]);
    const [change] = stored!.changes as { date: string; kind: string; before: unknown; after: unknown }[];
    await server.database.handle.query(
      `insert into plan_adjustments (plan_id, account_id, trigger, situation, reason, evidence, changes, status, decided_at)
       values ($1, $2, 'form-deep', 'form-deep', 'A later change.', '{}', $3, 'accepted', now() + interval '1 minute')`,
      [planId, stored!.account_id, JSON.stringify([{ ...change, before: change!.after, after: change!.before }])],
    );
    const blocked = await decide(client, planId, fresh[0]!.id, 'undo');
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toMatch(/^A later accepted change also touches .+: undo that one first\.$/);
  });

  it('documents the routes in the OpenAPI document', async () => {
    const document = (await fetch(new URL('/api/openapi.json', server.url)).then((response) => response.json())) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/training-plans/{id}/adjustments',
        '/api/training-plans/{id}/adjustments/{adjustmentId}/accept',
        '/api/training-plans/{id}/adjustments/{adjustmentId}/decline',
        '/api/training-plans/{id}/adjustments/{adjustmentId}/undo',
        '/api/training-plans/adjustments/pending',
      ]),
    );
  });
});
