import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCalendarFeedRepo } from '../../src/server/features/plans/calendar-feed-repo.ts';
import { calendarFeedCreated } from '../../src/shared/api/plan-files.ts';
import { trainingPlanView } from '../../src/shared/api/training-plans.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import { createClient } from '../support/http-client.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { eventPlan, registerPlanner } from '../support/plans.ts';

const kinds = await testDatabaseKinds();

/** Issue 27: a plan deleted while its feed is made, and a switched-off plan's feed (ADR 0040). */
describe.each(kinds)('calendar feed against deletes and switched-off plans on %s', (kind) => {
  let server: TestKairo;
  const query = <Row>(text: string, params: unknown[] = []) => server.database.handle.query<Row>(text, params);
  const feedRows = async (planIds: string[]) => (await query<{ n: number }>('select count(*)::int as n from plan_calendar_feeds where plan_id = any($1::uuid[])', [planIds]))[0]!.n;

  /** `count` more inactive copies of the plan, made in the database: an athlete may keep only one active plan per span of days. */
  async function copies(planId: string, count: number): Promise<string[]> {
    const rows = await query<{ id: string }>(
      `insert into training_plans (account_id, preparation_type, event_name, event_type, event_date, event_distance, event_elevation, ftp,
         completion_goal, weekly_training_time, generated_plan, plan_summary, is_active)
       select account_id, preparation_type, event_name, event_type, event_date, event_distance, event_elevation, ftp,
         completion_goal, weekly_training_time, generated_plan, plan_summary, false
       from training_plans, generate_series(1, $2::int) where id = $1 returning id`,
      [planId, count],
    );
    return rows.map((row) => row.id);
  }

  beforeAll(async () => {
    server = await startTestKairo(kind, { SESSION_CACHE_SECONDS: '0' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('writes no feed for a plan deleted after it was read: the repository answers "no such plan" instead of failing', async () => {
    const { client, accountId } = await registerPlanner(server, { plan: 'Pro', emailPrefix: 'feed-race' });
    const plan = trainingPlanView.parse((await client.post('/api/training-plans', eventPlan)).body);
    // The service has read the plan; then the plan is deleted, before the feed is written.
    expect((await client.delete(`/api/training-plans/${plan.id}`)).status).toBe(200);
    const feeds = createCalendarFeedRepo(server.database.handle.db);
    await expect(feeds.replace(accountId, plan.id, 'a'.repeat(64), new Date('2026-03-01T00:00:00Z'))).resolves.toBeUndefined();
    expect(await feedRows([plan.id])).toBe(0);
  });

  it('answers 404, not 500, when the plan is deleted between the read and the insert, and leaves nothing written', async () => {
    const { client } = await registerPlanner(server, { plan: 'Pro', emailPrefix: 'feed-race' });
    const plan = trainingPlanView.parse((await client.post('/api/training-plans', { ...eventPlan, eventName: 'Deleted mid-way' })).body);
    // The delete lands inside the feed's own insert, the last moment it can: the insert's foreign key then finds no plan.
    await query(`create function test_delete_plan_mid_insert() returns trigger language plpgsql as $$
      begin delete from training_plans where id = new.plan_id and event_name = 'Deleted mid-way'; return new; end $$`);
    await query('create trigger test_delete_plan_mid_insert before insert on plan_calendar_feeds for each row execute function test_delete_plan_mid_insert()');
    try {
      const response = await client.post(`/api/training-plans/${plan.id}/calendar-feed`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Training plan not found' });
    } finally {
      await query('drop trigger test_delete_plan_mid_insert on plan_calendar_feeds');
      await query('drop function test_delete_plan_mid_insert()');
    }
    expect(await feedRows([plan.id])).toBe(0);
  });

  it('answers every feed request made alongside its plan\'s delete with 201 or 404, never 500, and keeps no feed of a deleted plan', async () => {
    const { client } = await registerPlanner(server, { plan: 'Pro', emailPrefix: 'feed-race' });
    const first = trainingPlanView.parse((await client.post('/api/training-plans', eventPlan)).body);
    const planIds = [first.id, ...(await copies(first.id, 11))];
    const outcomes = await Promise.all(
      planIds.map((id) => Promise.all([client.post(`/api/training-plans/${id}/calendar-feed`).then((response) => response.status), client.delete(`/api/training-plans/${id}`).then((response) => response.status)])),
    );
    for (const [feed, deleted] of outcomes) {
      expect([201, 404]).toContain(feed);
      expect(deleted).toBe(200);
    }
    expect(await feedRows(planIds)).toBe(0);
  });

  it("serves a switched-off plan's feed as a valid calendar without events, and its sessions again once the plan is back on", async () => {
    const { client } = await registerPlanner(server, { plan: 'Pro', emailPrefix: 'feed-off' });
    const plan = trainingPlanView.parse((await client.post('/api/training-plans', eventPlan)).body);
    expect(plan.isActive).toBe(true);
    const path = new URL(calendarFeedCreated.parse((await client.post(`/api/training-plans/${plan.id}/calendar-feed`)).body).url).pathname;
    const anonymous = createClient(server.url, { origin: null });
    const read = async (headers: Record<string, string> = {}) => {
      const response = await anonymous.get(path, { headers });
      const calendar = response.status === 200 ? new ICAL.Component(ICAL.parse(response.text)) : null;
      return { response, calendar, events: calendar?.getAllSubcomponents('vevent') ?? [] };
    };

    const on = await read();
    expect(on.response.status).toBe(200);
    expect(on.events.length).toBeGreaterThan(0);

    expect((await client.patch(`/api/training-plans/${plan.id}/toggle`)).body).toEqual({ id: plan.id, isActive: false, switchedOff: [] });
    const off = await read({ 'if-none-match': on.response.headers.get('etag')! });
    expect(off.response.status).toBe(200);
    expect(off.response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(off.calendar!.name).toBe('vcalendar');
    expect(off.calendar!.getFirstPropertyValue('x-wr-calname')).toBe(on.calendar!.getFirstPropertyValue('x-wr-calname'));
    expect(off.events).toEqual([]);
    expect(off.response.headers.get('etag')).not.toBe(on.response.headers.get('etag'));

    expect((await client.patch(`/api/training-plans/${plan.id}/toggle`)).body).toEqual({ id: plan.id, isActive: true, switchedOff: [] });
    const back = await read({ 'if-none-match': off.response.headers.get('etag')! });
    expect(back.response.status).toBe(200);
    const uids = (events: ICAL.Component[]) => events.map((event) => event.getFirstPropertyValue('uid'));
    expect(uids(back.events)).toEqual(uids(on.events));
  });
});
