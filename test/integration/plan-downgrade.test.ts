import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type TestClient } from '../support/http-client.ts';
import { startTestKairo, uniqueEmail, type TestKairo, signUp } from '../support/kairo.ts';

const inTwelveWeeks = new Date(Date.now() + 84 * 86_400_000).toISOString().slice(0, 10);
const eventPlan = (eventName: string) => ({
  preparationType: 'event',
  eventName,
  eventType: 'cycling',
  eventDate: inTwelveWeeks,
  eventDistance: '120 km',
  eventElevation: '2500 m',
  ftp: '250',
  completionGoal: 'complete',
  weeklyTrainingTime: '8 hours',
});

/**
 * ADR 0031 (issue 12 item 13): an account that falls to Free keeps its training plans, but only
 * one stays active; activating another makes it the one. Pro and running trials are not limited.
 */
describe('training plans after a downgrade to Free', () => {
  let server: TestKairo;
  const query = <Row>(text: string, params: unknown[] = []) => server.database.handle.query<Row>(text, params);

  beforeAll(async () => {
    server = await startTestKairo('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A trial athlete (Pro-level) with a stored Strava connection and three active plans, oldest first. */
  async function athleteWithThreePlans(): Promise<{ client: TestClient; accountId: string; ids: string[] }> {
    const client = createClient(server.url);
    const email = uniqueEmail('downgrade');
    expect((await signUp(client, { email, password: 'correct horse', firstName: 'Dee', lastName: 'Grade' })).status).toBe(201);
    const [account] = await query<{ id: string }>('select id from accounts where email = $1', [email]);
    const accountId = account!.id;
    await query(
      `insert into strava_connections (account_id, strava_id, access_token, refresh_token, expires_at, scope)
       values ($1, $2, 'x', 'x', now() + interval '6 hours', 'read,activity:read_all')`,
      [accountId, `strava-${accountId}`],
    );
    const ids: string[] = [];
    // Three plans that are all active at once: what an account could hold before one active plan on
    // any day became the rule (ADR 0029, 0070), so they are switched on in SQL.
    for (const name of ['First Fondo', 'Second Fondo', 'Third Fondo']) {
      const created = await client.post('/api/training-plans', eventPlan(name));
      expect(created.status).toBe(201);
      ids.push(created.body.id);
      expect((await client.patch(`/api/training-plans/${created.body.id}/toggle`)).body.isActive).toBe(false);
    }
    await query('update training_plans set is_active = true where account_id = $1', [accountId]);
    // Distinct creation times, so 'newest' is well defined whatever the clock's resolution.
    for (const [index, id] of ids.entries()) {
      await query(`update training_plans set generated_at = now() - make_interval(hours => $1) where id = $2`, [3 - index, id]);
    }
    return { client, accountId, ids };
  }

  const activeIds = async (client: TestClient) =>
    ((await client.get('/api/training-plans')).body as { id: string; isActive: boolean }[])
      .filter((plan) => plan.isActive)
      .map((plan) => plan.id)
      .sort();

  it('keeps all three plans on a trial, active', async () => {
    const { client, ids } = await athleteWithThreePlans();
    expect(await activeIds(client)).toEqual([...ids].sort());
  });

  it('on Free keeps every plan but leaves only the newest active, and stores it so', async () => {
    const { client, accountId, ids } = await athleteWithThreePlans();
    await query(`update accounts set plan = 'Free', trial_expiry_date = null where id = $1`, [accountId]);

    const plans = (await client.get('/api/training-plans')).body as { id: string }[];
    expect(plans.map((plan) => plan.id).sort()).toEqual([...ids].sort());
    expect(await activeIds(client)).toEqual([ids[2]]);
    const stored = await query<{ id: string }>('select id from training_plans where account_id = $1 and is_active', [accountId]);
    expect(stored.map((row) => row.id)).toEqual([ids[2]]);
  });

  it('when a trial runs out, the newest plan stays active, and another becomes the active one once that is off', async () => {
    const { client, accountId, ids } = await athleteWithThreePlans();
    await query(`update accounts set trial_expiry_date = now() - interval '1 day' where id = $1`, [accountId]);
    expect(await activeIds(client)).toEqual([ids[2]]);

    // Switching another plan on makes it the active one, and the answer names the plan that went off (ADR 0070).
    const toggled = await client.patch(`/api/training-plans/${ids[0]}/toggle`);
    expect(toggled.body).toMatchObject({ id: ids[0], isActive: true, switchedOff: [{ id: ids[2] }] });
    expect(await activeIds(client)).toEqual([ids[0]]);

    // Deactivating leaves none active; nothing else is switched on behind the athlete's back.
    expect((await client.patch(`/api/training-plans/${ids[0]}/toggle`)).body).toEqual({ id: ids[0], isActive: false, switchedOff: [] });
    expect(await activeIds(client)).toEqual([]);
  });

  it('still refuses a new plan on Free while one exists', async () => {
    const { client, accountId } = await athleteWithThreePlans();
    await query(`update accounts set plan = 'Free', trial_expiry_date = null where id = $1`, [accountId]);
    expect((await client.post('/api/training-plans', eventPlan('Fourth Fondo'))).status).toBe(403);
  });
});
