import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingAdjustments, planAdjustmentList, shownReason, type PlanAdjustment } from '../../src/shared/api/plan-adjustments.ts';
import { messageText, promptReason, startFakeLlm, type FakeLlm } from '../../tools/fake-llm/server.ts';
import { llmEnv } from '../support/fake-llm.ts';
import type { TestClient } from '../support/http-client.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { registerPlanner, springBasePlan } from '../support/plans.ts';
import { waitForJobs } from '../support/strava.ts';
import { DAY_MS } from '../../src/shared/time.ts';

/**
 * A proposal's reason worded by the configured model (ADR 0056), against the loopback fake: the
 * rules' sentence stays stored as the source, the model's wording is stored beside it and shown;
 * a wording with a number the sentence does not hold is refused (after the one retry) and the
 * rules' sentence is shown; a model that fails leaves the proposal as it is.
 */

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = isoDay(Date.now());
const daysAgo = (days: number) => isoDay(Date.parse(today) - days * DAY_MS);

describe('plan adjustment reasons worded by a language model (PGlite)', { timeout: 120_000 }, () => {
  let fake: FakeLlm;
  let server: TestKairo;

  beforeAll(async () => {
    fake = await startFakeLlm();
    // A machine under load answers slowly: the deadline is for a model that never answers, not for this test.
    server = await startTestKairo('pglite', llmEnv(fake, 15));
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  /** A plan starting today (nothing past to miss or weigh) and 60 days of HRV at 60 or 66 ms. */
  async function athleteWithPlan(): Promise<{ client: TestClient; planId: string }> {
    const { client } = await registerPlanner(server, { emailPrefix: 'worded' });
    const created = await client.post('/api/training-plans', { ...springBasePlan, startDate: today });
    expect(created.status).toBe(201);
    const lines = ['date,hrv', ...Array.from({ length: 60 }, (_, index) => `${daysAgo(60 - index)},${index % 2 === 0 ? 60 : 66}`)];
    const imported = await client.request('POST', '/api/wellness/import', undefined, { rawBody: Buffer.from(lines.join('\n')), headers: { 'content-type': 'text/csv' } });
    expect(imported.status).toBe(200);
    await waitForJobs(server);
    return { client, planId: created.body.id as string };
  }

  /** Low HRV checked in for yesterday and today; the review (and the wording after it) runs as a job. */
  async function lowTwoDays(client: TestClient, planId: string): Promise<PlanAdjustment> {
    for (const [day, hrv] of [[daysAgo(1), 35], [today, 33]] as const) expect((await client.put(`/api/wellness/${day}`, { hrvRmssdMs: hrv })).status).toBe(200);
    await waitForJobs(server);
    const { pending } = planAdjustmentList.parse((await client.get(`/api/training-plans/${planId}/adjustments`)).body);
    expect(pending).toHaveLength(1);
    return pending[0]!;
  }

  const wordingRequests = () => fake.requests.filter((request) => promptReason(request) !== null);

  it('stores the wording beside the rules’ sentence and shows it; a new sentence is worded again', async () => {
    const { client, planId } = await athleteWithPlan();
    const asked = wordingRequests().length;
    const proposal = await lowTwoDays(client, planId);
    expect(proposal.reason).toMatch(/^HRV 35 ms yesterday and 33 ms today, below your usual 60–66 ms: .+\.$/);
    expect(proposal.wordedReason).toBe(`Kai's take: ${proposal.reason}`);
    expect(shownReason(proposal)).toBe(proposal.wordedReason);
    // The model saw the sentence alone, nothing of the athlete's history.
    const requests = wordingRequests().slice(asked);
    expect(requests).toHaveLength(1);
    expect(promptReason(requests[0]!)).toBe(proposal.reason);
    const user = requests[0]!.messages.find((message) => message.role === 'user')!;
    expect(messageText(user.content)).toBe(`Trigger: readiness-low\n<reason>\n${proposal.reason}\n</reason>`);
    // Home's card reads the same.
    expect(pendingAdjustments.parse((await client.get('/api/training-plans/adjustments/pending')).body).pending[0]).toMatchObject({ id: proposal.id, wordedReason: proposal.wordedReason });

    // Reviewed again with the same numbers: kept as it is, not asked again.
    expect((await client.put(`/api/wellness/${today}`, { hrvRmssdMs: 33, note: 'same' })).status).toBe(200);
    await waitForJobs(server);
    expect(wordingRequests()).toHaveLength(asked + 1);

    // New numbers make a new sentence: the old wording goes and the new sentence is worded.
    expect((await client.put(`/api/wellness/${today}`, { hrvRmssdMs: 30 })).status).toBe(200);
    await waitForJobs(server);
    const [again] = planAdjustmentList.parse((await client.get(`/api/training-plans/${planId}/adjustments`)).body).pending;
    expect(again!.id).toBe(proposal.id);
    expect(again!.reason).toMatch(/^HRV 35 ms yesterday and 30 ms today, /);
    expect(again!.wordedReason).toBe(`Kai's take: ${again!.reason}`);
  });

  it('refuses a wording that invents a number, and shows the rules’ sentence', async () => {
    const { client, planId } = await athleteWithPlan();
    const inventing = { kind: 'json-from' as const, make: (request: Parameters<typeof promptReason>[0]) => ({ reason: `${promptReason(request)} Take 4242 easy minutes.` }) };
    fake.script(inventing, inventing);
    const asked = wordingRequests().length;
    const proposal = await lowTwoDays(client, planId);
    expect(wordingRequests()).toHaveLength(asked + 2);
    expect(proposal.reason).toMatch(/^HRV 35 ms yesterday and 33 ms today, below your usual 60–66 ms: /);
    expect(proposal.wordedReason).toBeNull();
    expect(shownReason(proposal)).toBe(proposal.reason);
    const [stored] = await server.database.handle.query<{ reason: string; reason_worded: string | null }>('select reason, reason_worded from plan_adjustments where id = $1', [proposal.id]);
    expect(stored).toEqual({ reason: proposal.reason, reason_worded: null });
  });

  it('stores a wording holding NUL and a lone surrogate made storable, like any outside text (issue 16 item 4)', async () => {
    const { client, planId } = await athleteWithPlan();
    // JSON carries both as escapes; parsed, they made the update fail ("invalid byte sequence") and the wording was lost.
    fake.script({ kind: 'json-from', make: (request) => ({ reason: `Kai\u0000: ${promptReason(request)} \ud800` }) });
    const proposal = await lowTwoDays(client, planId);
    expect(proposal.wordedReason).toBe(`Kai: ${proposal.reason} \uFFFD`);
    const [stored] = await server.database.handle.query<{ reason_worded: string | null }>('select reason_worded from plan_adjustments where id = $1', [proposal.id]);
    expect(stored!.reason_worded).toBe(proposal.wordedReason);
  });

  it('keeps the proposal with the rules’ sentence when the model fails', async () => {
    const { client, planId } = await athleteWithPlan();
    fake.script({ kind: 'status', status: 500 }, { kind: 'malformed' });
    const proposal = await lowTwoDays(client, planId);
    expect(proposal).toMatchObject({ trigger: 'readiness-low', status: 'pending', wordedReason: null });
    expect(proposal.reason).toMatch(/^HRV 35 ms yesterday and 33 ms today/);
  });
});
