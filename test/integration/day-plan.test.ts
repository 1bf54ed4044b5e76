import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisView } from '../../src/shared/api/analysis.ts';
import { dayPlanAnswer, type DayPlanDay, type DaySession } from '../../src/shared/api/day-plan.ts';
import { planAdjustmentList } from '../../src/shared/api/plan-adjustments.ts';
import { planComplianceView } from '../../src/shared/api/plan-compliance.ts';
import { planSessionFiles } from '../../src/shared/api/plan-files.ts';
import { readinessAnswer } from '../../src/shared/api/wellness.ts';
import { DAY_MS } from '../../src/shared/time.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import { createClient, type TestClient } from '../support/http-client.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { eventPlan, registerPlanner, springBasePlan } from '../support/plans.ts';
import { daysBeforeToday, powerRide } from '../support/recordings.ts';
import { waitFor, waitForJobs } from '../support/strava.ts';
import { uploadActivityFile } from '../support/uploads.ts';

/**
 * One answer to "what do I do on this day?" (ADR 0068) through the real server on both databases:
 * an athlete with a ride, two plans, low HRV check-ins, an accepted proposal and a units switch gets
 * the same session for each of the next 14 days from the day plan (Home), the plan view's calendar,
 * the .ics, the calendar feed and the session downloads, and the ride's analysis names the plan's
 * next session; without a plan, the day plan holds Kai's suggestion on one day and nothing made up.
 */

const kinds = await testDatabaseKinds();
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe.each(kinds)('the day plan on %s', { timeout: 240_000 }, (kind) => {
  let server: TestKairo;
  const today = () => isoDay(Date.now());
  const daysAgo = (days: number) => isoDay(Date.parse(today()) - days * DAY_MS);

  beforeAll(async () => {
    server = await startTestKairo(kind, { SESSION_CACHE_SECONDS: '0' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const dayPlan = async (client: TestClient, query = 'days=14') => {
    const response = await client.get(`/api/day-plan?${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return dayPlanAnswer.parse(response.body);
  };

  /** A Pro athlete with yesterday's power ride uploaded and analysed. */
  async function athleteWithRide(): Promise<{ client: TestClient; rideId: string }> {
    const { client } = await registerPlanner(server, { plan: 'Pro', emailPrefix: 'dayplan' });
    const rideId = await uploadActivityFile(client, 'ride.fit', powerRide(daysBeforeToday(1, 7)).bytes);
    await waitForJobs(server);
    return { client, rideId };
  }

  it("holds Kai's next session after yesterday's ride on today and nothing made up after it; refuses bad input; answers only the signed-in athlete", async () => {
    const { client, rideId } = await athleteWithRide();
    const analysis = analysisView.parse((await client.get(`/api/activities/${rideId}/analysis`)).body);
    const { today: answeredToday, days } = await dayPlan(client, 'days=3');
    expect(answeredToday).toBe(today());
    expect(days.map((day) => day.date)).toEqual([today(), isoDay(Date.parse(today()) + DAY_MS), isoDay(Date.parse(today()) + 2 * DAY_MS)]);
    expect(days[0]).toMatchObject({ source: 'coach', plan: null, change: null });
    expect(days[0]!.session).toMatchObject({ title: analysis.nextSession.title, durationMin: Math.round(analysis.nextSession.totalDurationS / 60) });
    expect(days[0]!.why).toContain('no plan covers this day');
    for (const day of days.slice(1)) expect(day).toMatchObject({ source: 'none', session: null });

    for (const query of ['days=0', 'days=63', 'days=x', 'today=2020-01-01', 'today=tomorrow', `from=${daysAgo(40)}`]) {
      const refused = await client.get(`/api/day-plan?${query}`);
      expect(refused.status, query).toBe(400);
      expect(typeof refused.body.message).toBe('string');
    }
    expect((await createClient(server.url).get('/api/day-plan')).status).toBe(401);
    // Another athlete sees their own days: nothing of this one's ride.
    const { client: other } = await registerPlanner(server, { emailPrefix: 'dayplan-other' });
    expect((await dayPlan(other, 'days=3')).days.map((day) => day.source)).toEqual(['none', 'none', 'none']);
  });

  it('gives the same session for each of the next 14 days on Home, the plan view, the .ics, the feed, the downloads and the analysis, through two plans, low check-ins, an accepted change and a units switch', async () => {
    const { client, rideId } = await athleteWithRide();

    // Two plans: the second overlaps the first, so it becomes the active one and the first is switched off (ADR 0070).
    const first = await client.post('/api/training-plans', { ...springBasePlan, startDate: daysAgo(2) });
    expect(first.status).toBe(201);
    const second = await client.post('/api/training-plans', eventPlan);
    expect(second.status).toBe(201);
    expect(second.body.switchedOff).toEqual([{ id: first.body.id, name: expect.any(String) }]);
    const planId = second.body.id as string;
    const plans = (await client.get('/api/training-plans')).body as { id: string; isActive: boolean }[];
    expect(plans.filter((plan) => plan.isActive).map((plan) => plan.id)).toEqual([planId]);

    // A usual HRV for 58 days, then low yesterday and today: Kai proposes a change, the athlete accepts it.
    const lines = ['date,hrv', ...Array.from({ length: 58 }, (_, index) => `${daysAgo(60 - index)},60`)];
    expect((await client.request('POST', '/api/wellness/import', undefined, { rawBody: Buffer.from(lines.join('\n')), headers: { 'content-type': 'text/csv' } })).status).toBe(200);
    for (const day of [daysAgo(1), today()]) expect((await client.put(`/api/wellness/${day}`, { hrvRmssdMs: 12, fatigue: 4 })).status).toBe(200);
    await waitForJobs(server);
    const proposal = await waitFor(
      async () => planAdjustmentList.parse((await client.get(`/api/training-plans/${planId}/adjustments`)).body).pending,
      (pending) => pending.length > 0,
    ).then((pending) => pending[0]!);
    // Before it is accepted the day plan shows it beside the day, without applying it.
    const proposed = (await dayPlan(client)).days.find((day) => day.date === proposal.changes[0]!.date)!;
    expect(proposed.proposal).toMatchObject({ adjustmentId: proposal.id, planId });
    expect((await client.post(`/api/training-plans/${planId}/adjustments/${proposal.id}/accept`)).status).toBe(200);
    expect((await client.put('/api/user/settings', { unitSystem: 'imperial' })).status).toBe(200);

    const { days } = await dayPlan(client);
    expect(days).toHaveLength(14);
    const readiness = readinessAnswer.parse((await client.get(`/api/readiness?date=${today()}`)).body);
    expect(days[0]!.readiness?.state).toBe(readiness.today.state);
    for (const day of days.slice(1)) expect(day.readiness).toBeNull();
    for (const day of days) expect(day).toMatchObject({ source: 'plan', plan: { id: planId } });
    for (const change of proposal.changes) {
      const day = days.find((candidate) => candidate.date === change.date);
      if (day) expect(day.change).toMatchObject({ kind: 'adjustment', adjustmentId: proposal.id });
    }

    /** The plan's own session of a day: what the plan view's calendar shows (a readiness hold changes the day, not the plan). */
    const planSession = (day: DayPlanDay): DaySession | null => (day.change?.kind === 'readiness' ? day.change.planned : day.session);
    const named = (session: DaySession | null) => session && { name: session.title, durationMin: session.durationMin };
    const expected = new Map(days.map((day) => [day.date, named(day.session)]));
    const from = days[0]!.date;
    const to = days.at(-1)!.date;

    // The plan view's calendar.
    const compliance = planComplianceView.parse((await client.get(`/api/training-plans/${planId}/compliance?from=${from}&to=${to}`)).body);
    expect(new Map(compliance.days.map((day) => [day.date, day.planned && { name: day.planned.name, durationMin: day.planned.durationMin }]))).toEqual(
      new Map(days.map((day) => [day.date, named(planSession(day))])),
    );

    // The downloads.
    const files = planSessionFiles.parse((await client.get(`/api/training-plans/${planId}/sessions?from=${from}&to=${to}`)).body);
    const sessionsByDate = new Map(files.sessions.map((session) => [session.date, { name: session.activityType, durationMin: session.durationMin }]));
    for (const [date, session] of expected) expect(sessionsByDate.get(date) ?? null, date).toEqual(session);

    // The .ics and the feed: one event on each day with a session, named as the day plan names it.
    const eventsOf = (ics: string) => {
      const events = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));
      return new Map(events.map((event) => [event.startDate.toString().slice(0, 10), event.summary]));
    };
    const ics = eventsOf((await client.get(`/api/training-plans/${planId}/calendar.ics`)).text as string);
    const feedPath = new URL((await client.post(`/api/training-plans/${planId}/calendar-feed`)).body.url as string).pathname;
    const feed = eventsOf((await createClient(server.url).get(feedPath)).text as string);
    for (const [date, session] of expected) {
      const summary = ics.get(date);
      if (session === null) expect(summary, date).toBeUndefined();
      else expect(summary, date).toMatch(new RegExp(`^${session.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[ :]`));
      expect(feed.get(date), date).toBe(summary);
    }

    // The ride's analysis (yesterday) names the plan's next session, the first day after the ride with one (the plan's own: readiness is of the morning it is read).
    const analysis = analysisView.parse((await client.get(`/api/activities/${rideId}/analysis`)).body);
    const next = days.map((day) => [day.date, named(planSession(day))] as const).find(([date, session]) => date > daysAgo(1) && session !== null)!;
    expect(analysis.nextSession.title).toBe(next[1]!.name);
    expect(Math.round(analysis.nextSession.totalDurationS / 60)).toBe(next[1]!.durationMin);
    expect(analysis.nextActivity).toContain('your plan');
  });

  it("holds today's hard session back on a strained morning: the day plan, the plan's .ics, feed and session files write the held session today and the plan's own after it", async () => {
    const { client } = await registerPlanner(server, { plan: 'Pro', emailPrefix: 'dayplan-held' });
    const created = await client.post('/api/training-plans', springBasePlan);
    expect(created.status).toBe(201);
    const planId = created.body.id as string;
    // Every training day of the plan a 90-minute threshold ride, so today's session is a hard one whatever the weekday.
    const plan = (await client.get(`/api/training-plans/${planId}`)).body as { generatedPlan: { trainingPlan: { phases: { dailySchedule?: { durationMin: number; activityType: string; duration: string; steps?: unknown }[] }[] } } };
    for (const phase of plan.generatedPlan.trainingPlan.phases) {
      for (const day of phase.dailySchedule ?? []) Object.assign(day, { activityType: 'Cycling - threshold', durationMin: 90, duration: '1:30', steps: undefined });
    }
    await server.database.handle.query('update training_plans set generated_plan = $1::jsonb where id = $2', [JSON.stringify(plan.generatedPlan), planId]);

    const lines = ['date,hrv', ...Array.from({ length: 58 }, (_, index) => `${daysAgo(60 - index)},60`)];
    expect((await client.request('POST', '/api/wellness/import', undefined, { rawBody: Buffer.from(lines.join('\n')), headers: { 'content-type': 'text/csv' } })).status).toBe(200);
    for (const day of [daysAgo(1), today()]) expect((await client.put(`/api/wellness/${day}`, { hrvRmssdMs: 12, fatigue: 5, soreness: 5, sleepHours: 4 })).status).toBe(200);
    await waitForJobs(server);
    expect(readinessAnswer.parse((await client.get(`/api/readiness?date=${today()}`)).body).today.state).toBe('strained');

    // The plan's own sessions (the plan view's calendar): a week's minutes follow its planned volume.
    const tomorrowDate = isoDay(Date.parse(today()) + DAY_MS);
    const own = planComplianceView.parse((await client.get(`/api/training-plans/${planId}/compliance?from=${today()}&to=${tomorrowDate}`)).body).days;
    expect(own.map((day) => day.planned?.name)).toEqual(['Cycling - threshold', 'Cycling - threshold']);
    const [ownToday, ownTomorrow] = own.map((day) => day.planned!.durationMin);

    const [held, tomorrow] = (await dayPlan(client, `today=${today()}&days=2`)).days;
    expect(held).toMatchObject({ source: 'plan', readiness: { state: 'strained' }, change: { kind: 'readiness', planned: { title: 'Cycling - threshold', durationMin: ownToday } } });
    const heldMin = Math.min(ownToday!, 60);
    expect(held!.session).toMatchObject({ title: 'Cycling - endurance', durationMin: heldMin, focus: 'endurance' });
    expect(held!.why).toMatch(/^Readiness is strained today \(.*HRV.*\): your plan's Cycling - threshold, .+ is held back to Cycling - endurance, .+\.$/);
    expect(tomorrow).toMatchObject({ change: null, readiness: null, session: { title: 'Cycling - threshold', durationMin: ownTomorrow } });

    const files = planSessionFiles.parse((await client.get(`/api/training-plans/${planId}/sessions?from=${today()}&to=${tomorrowDate}`)).body);
    expect(files.sessions.map((session) => [session.date, session.activityType, session.durationMin])).toEqual([
      [today(), 'Cycling - endurance', heldMin],
      [tomorrowDate, 'Cycling - threshold', ownTomorrow],
    ]);
    expect((await client.get(`/api/training-plans/${planId}/sessions/${today()}/workout.fit`)).status).toBe(200);
    const summaries = (ics: string) =>
      new Map(new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((event) => [new ICAL.Event(event).startDate.toString().slice(0, 10), new ICAL.Event(event).summary]));
    const ics = summaries((await client.get(`/api/training-plans/${planId}/calendar.ics`)).text as string);
    expect(ics.get(today())).toMatch(/^Cycling - endurance /);
    expect(ics.get(tomorrowDate)).toMatch(/^Cycling - threshold /);
    const feedPath = new URL((await client.post(`/api/training-plans/${planId}/calendar-feed`)).body.url as string).pathname;
    const feed = summaries((await createClient(server.url).get(feedPath)).text as string);
    expect(feed.get(today())).toBe(ics.get(today()));
    // The plan itself is not changed without the athlete: its calendar keeps its own session today.
    expect(planComplianceView.parse((await client.get(`/api/training-plans/${planId}/compliance?from=${today()}&to=${today()}`)).body).days[0]!.planned).toMatchObject({
      name: 'Cycling - threshold',
      durationMin: ownToday,
    });
  });
});
