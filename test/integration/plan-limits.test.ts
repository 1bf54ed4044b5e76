import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PLAN_WEEKS } from '../../src/shared/domain/plan-phases.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import { createClient, type TestClient } from '../support/http-client.ts';
import { startTestKairo, uniqueEmail, type TestKairo, signUp } from '../support/kairo.ts';
import { DAY_MS } from '../../src/shared/time.ts';

/**
 * Issue 16 item 2 (ADR 0030): plan requests with extreme values are refused with 400 and the
 * limit in the message, before anything is generated or stored; eight at once too.
 */

const kinds = await testDatabaseKinds();
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const event = { preparationType: 'event', eventName: 'Race', eventType: 'cycling', eventDistance: '100 km' };
const pr = { preparationType: 'pr', prGoal: 'Sub-20 5k', eventType: 'running', prDistance: '5 km' };
const general = { preparationType: 'general-fitness', planName: 'Fit', selectedActivities: '["Cycling"]' };

describe.each(kinds)('plan request limits on %s', (kind) => {
  let server: TestKairo;
  const query = <Row>(text: string, params: unknown[] = []) => server.database.handle.query<Row>(text, params);

  async function athlete(): Promise<{ client: TestClient; accountId: string }> {
    const client = createClient(server.url);
    const email = uniqueEmail('limits');
    expect((await signUp(client, { email, password: 'correct horse', firstName: 'Lim', lastName: 'It' })).status).toBe(201);
    const [account] = await query<{ id: string }>('select id from accounts where email = $1', [email]);
    await query('update accounts set plan = $1 where id = $2', ['Pro', account!.id]);
    await query(
      `insert into strava_connections (account_id, strava_id, access_token, refresh_token, expires_at, scope)
       values ($1, $2, 'x', 'x', now() + interval '6 hours', 'read,activity:read_all')`,
      [account!.id, `strava-${account!.id}`],
    );
    return { client, accountId: account!.id };
  }
  const storedPlans = async (accountId: string) =>
    (await query<{ n: number }>('select count(*)::int as n from training_plans where account_id = $1', [accountId]))[0]!.n;

  beforeAll(async () => {
    server = await startTestKairo(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 400 with the limit for every extreme length, date and distance, and stores nothing', async () => {
    const { client, accountId } = await athlete();
    const today = Date.parse(isoDay(Date.now()));
    const cases: [object, RegExp][] = [
      [{ ...event, eventDate: '275760-09-13' }, /within 104 weeks/],
      [{ ...event, eventDate: '9999-12-31' }, /The event date must be within 104 weeks \(2 years\) of today, on or before \d{4}-\d{2}-\d{2}\./],
      [{ ...event, eventDate: isoDay(today + (MAX_PLAN_WEEKS * 7 + 1) * DAY_MS) }, /within 104 weeks/],
      [{ ...event, eventDate: isoDay(today - DAY_MS) }, /^The event date has passed/],
      [{ ...event, eventDate: isoDay(today + 10 * DAY_MS) }, /^The event date must be at least 3 weeks away/],
      [{ ...general, planDuration: '1000000 weeks' }, /^A plan can be at most 104 weeks \(2 years\) long\.$/],
      [{ ...general, planDuration: '99999999999999999999 weeks' }, /at most 104 weeks/],
      [{ ...general, planDuration: '9'.repeat(190) + ' weeks' }, /at most 104 weeks/],
      [{ ...general, planDuration: '105 weeks' }, /at most 104 weeks/],
      [{ ...pr, prTimeline: '100000 months' }, /^The timeline must be within 104 weeks/],
      [{ ...pr, prTimeline: 'in 99999999999999999999 weeks' }, /^The timeline must be within 104 weeks/],
      [{ ...event, eventDate: isoDay(today + 60 * DAY_MS), eventDistance: '99999999 km' }, /^The distance must be at most 5,000 km\.$/],
      [{ ...event, eventDate: isoDay(today + 60 * DAY_MS), eventElevation: '9999999 m' }, /^The elevation must be at most 100,000 m\.$/],
      [{ ...event, eventDate: isoDay(today + 60 * DAY_MS), weeklyTrainingTime: '500 hours' }, /^The weekly training time must be at most 40 hours\.$/],
    ];
    for (const [body, message] of cases) {
      const response = await client.post('/api/training-plans', body);
      expect(response.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(response.body.message).toMatch(message);
    }
    expect(await storedPlans(accountId)).toBe(0);

    // The edges themselves are plans: 104 weeks requested, an event 104 weeks out.
    const longest = await client.post('/api/training-plans', { ...general, planDuration: '104 weeks' });
    expect(longest.status).toBe(201);
    const eventDay = today + MAX_PLAN_WEEKS * 7 * DAY_MS;
    const farthest = await client.post('/api/training-plans', { ...event, eventDate: isoDay(eventDay) });
    expect(farthest.status).toBe(201);
    // Calendar weeks, Monday to Sunday (ADR 0069): the rows from today's week to the event's (an event 104 weeks out is in the 105th).
    const mondayOf = (dayMs: number) => dayMs - ((new Date(dayMs).getUTCDay() + 6) % 7) * DAY_MS;
    expect(farthest.body.totalWeeks).toBe((mondayOf(eventDay) - mondayOf(today)) / (7 * DAY_MS) + 1);
    // One plan is active on any day (ADR 0070): the second switched the first off.
    expect(farthest.body.switchedOff).toEqual([{ id: longest.body.id, name: 'Fit' }]);
  });

  it("states the distance and climbing limits in an imperial athlete's units (issue 14 item 5)", async () => {
    const { client, accountId } = await athlete();
    expect((await client.put('/api/user/settings', { unitSystem: 'imperial' })).status).toBe(200);
    const today = Date.parse(isoDay(Date.now()));
    const far = await client.post('/api/training-plans', { ...event, eventDate: isoDay(today + 60 * DAY_MS), eventDistance: '9999 mi' });
    expect(far.status).toBe(400);
    expect(far.body.message).toBe('The distance must be at most 3,106 mi.');
    const high = await client.post('/api/training-plans', { ...event, eventDate: isoDay(today + 60 * DAY_MS), eventElevation: '400,000 ft' });
    expect(high.status).toBe(400);
    expect(high.body.message).toBe('The elevation must be at most 328,084 ft.');
    expect(await storedPlans(accountId)).toBe(0);
  });

  it('refuses an edit to an extreme length and leaves the stored plan as it was', async () => {
    const { client } = await athlete();
    const created = await client.post('/api/training-plans', { ...general, planDuration: '12 weeks' });
    expect(created.status).toBe(201);
    const edited = await client.put('/api/training-plans', { ...general, id: created.body.id, planDuration: '100000 weeks' });
    expect(edited.status).toBe(400);
    expect(edited.body.message).toMatch(/at most 104 weeks/);
    const stored = await client.get(`/api/training-plans/${created.body.id as string}`);
    expect(stored.body.totalWeeks).toBe(12);
    expect(stored.body.updatedAt).toBe(created.body.updatedAt);
  });

  it('answers eight concurrent extreme requests with 400s within 1 s each, growing by at most 100 MB, and stores nothing', async () => {
    const { client, accountId } = await athlete();
    const bodies = [
      { ...event, eventDate: '275760-09-13' },
      { ...event, eventDate: '9999-12-31' },
      { ...general, planDuration: '1000000 weeks' },
      { ...general, planDuration: '99999999999999999999 weeks' },
      { ...pr, prTimeline: '100000 months' },
      { ...general, planDuration: '100000 weeks' },
      { ...pr, prTimeline: 'in 99999999999999999999 weeks' },
      { ...event, eventDate: '9999-12-31', eventDistance: '99999999 km' },
    ];
    // Issue 16's done-when: each answered within 1 s, and the process grows by at most 100 MB (it
    // was 500s after seconds, 3.36 GB at the peak). The server runs in this process.
    const rssBefore = process.memoryUsage.rss();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage.rss())), 5);
    const timed = async (body: object) => {
      const started = performance.now();
      const response = await client.post('/api/training-plans', body);
      return { response, ms: performance.now() - started };
    };
    const answers = await Promise.all(bodies.map(timed)).finally(() => clearInterval(sampler));
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
    const responses = answers.map((answer) => answer.response);
    expect(responses.map((response) => response.status)).toEqual(bodies.map(() => 400));
    for (const { ms } of answers) expect(ms).toBeLessThanOrEqual(1_000);
    expect((rssPeak - rssBefore) / 1024 / 1024).toBeLessThanOrEqual(100);
    for (const response of responses) expect(response.body.message).toMatch(/104 weeks|5000 km/);
    expect(await storedPlans(accountId)).toBe(0);
    expect((await client.get('/healthz')).status).toBe(200);
  });
});
