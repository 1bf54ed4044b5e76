import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALENDAR_MESSAGES,
  calendarAnswer,
  calendarTotalsAnswer,
  type CalendarAnswer,
  type CalendarBucketTotals,
  type CalendarTotals,
} from '../../src/shared/api/calendar.ts';
import { activityList, type ActivityListItem } from '../../src/shared/api/activities.ts';
import { dayPlanAnswer } from '../../src/shared/api/day-plan.ts';
import { planComplianceView } from '../../src/shared/api/plan-compliance.ts';
import { userSettings } from '../../src/shared/api/settings.ts';
import { sportFamilyOf } from '../../src/shared/domain/sport-family.ts';
import { DAY_MS } from '../../src/shared/time.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import type { TestClient } from '../support/http-client.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { registerPlanner, springBasePlan } from '../support/plans.ts';
import { hikeGpx, powerRide, sameRun, trainerRide } from '../support/recordings.ts';
import { registerAthlete, waitForJobs } from '../support/strava.ts';
import { uploadActivityFile } from '../support/uploads.ts';

/**
 * The training calendar (ADR 0080) through the real server on both databases: generated
 * recordings across New Year and the night Europe's clocks went forward, weeks starting on Sunday,
 * and every week, month and year total compared with sums the test makes itself over the activity
 * list (the load from the stored metrics); each day's session is the day plan's, each mark plan
 * compliance's; bad input is refused, and another athlete sees none of it.
 */

const kinds = await testDatabaseKinds();
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDays = (day: string, days: number) => isoDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);

/** Recordings whose UTC start days sit on the edges the calendar must get right. */
const RECORDINGS = [
  // New Year's Eve, 23:20 UTC (a Wednesday): an indoor ride without distance or altitude.
  ['new-years-eve-trainer.fit', () => trainerRide(new Date('2025-12-31T23:20:00Z'))],
  // New Year's Day, 00:05 UTC: the next day and the next year.
  ['new-year-ride.fit', () => powerRide(new Date('2026-01-01T00:05:00Z'))],
  // Saturday 23:30 UTC and Sunday 00:30 UTC: the last day of one Sunday week and the first of the next.
  ['saturday-run.fit', () => sameRun('fit', new Date('2026-01-03T23:30:00Z'))],
  ['sunday-hike.gpx', () => hikeGpx(new Date('2026-01-04T00:30:00Z'))],
  // The night European clocks went forward (01:00 UTC, 29 March 2026): before, across and after.
  ['dst-eve-ride.fit', () => powerRide(new Date('2026-03-28T22:30:00Z'))],
  ['dst-night-run.fit', () => sameRun('fit', new Date('2026-03-29T01:30:00Z'))],
  ['dst-morning-trainer.fit', () => trainerRide(new Date('2026-03-29T09:00:00Z'))],
] as const;

interface Figures {
  id: string;
  day: string;
  sport: string;
  movingTimeS: number;
  distanceM: number | null;
  elevationGainM: number | null;
  trainingLoad: number | null;
}

/** The test's own sums, known values only, with the count of activities lacking each. */
function expectedTotals(activities: readonly Figures[]): CalendarTotals {
  const known = (pick: (activity: Figures) => number | null) => activities.map(pick).filter((value): value is number => value !== null);
  const sum = (values: number[]) => (values.length === 0 ? null : values.reduce((total, value) => total + value, 0));
  const distances = known((activity) => activity.distanceM);
  const elevations = known((activity) => activity.elevationGainM);
  const loads = known((activity) => activity.trainingLoad);
  return {
    activities: activities.length,
    movingTimeS: activities.reduce((total, activity) => total + activity.movingTimeS, 0),
    distanceM: sum(distances),
    elevationGainM: sum(elevations),
    trainingLoad: sum(loads),
    missing: { distance: activities.length - distances.length, elevationGain: activities.length - elevations.length, trainingLoad: activities.length - loads.length },
  };
}

function expectTotals(actual: CalendarTotals, expected: CalendarTotals, label: string): void {
  expect(actual.activities, label).toBe(expected.activities);
  expect(actual.movingTimeS, label).toBe(expected.movingTimeS);
  expect(actual.missing, label).toEqual(expected.missing);
  for (const field of ['distanceM', 'elevationGainM', 'trainingLoad'] as const) {
    if (expected[field] === null) expect(actual[field], `${label} ${field}`).toBeNull();
    else expect(actual[field], `${label} ${field}`).toBeCloseTo(expected[field], 0);
  }
}

function expectBucket(actual: CalendarBucketTotals, activities: readonly Figures[], label: string): void {
  expectTotals(actual.overall, expectedTotals(activities), label);
  const sports = [...new Set(activities.map((activity) => activity.sport))];
  expect(actual.bySport.map((entry) => entry.sport).sort(), label).toEqual(sports.sort());
  for (const entry of actual.bySport) {
    expectTotals(entry, expectedTotals(activities.filter((activity) => activity.sport === entry.sport)), `${label} ${entry.sport}`);
  }
}

describe.each(kinds)('the training calendar on %s', { timeout: 240_000 }, (kind) => {
  let server: TestKairo;
  let athlete: TestClient;
  let accountId: string;
  let figures: Figures[];

  /** Every activity of the athlete, as the list pages them, with the stored load of each. */
  async function listedFigures(client: TestClient, ofAccount = accountId): Promise<Figures[]> {
    const listed: ActivityListItem[] = [];
    for (let before: string | undefined; ; ) {
      const response = await client.get(`/api/activities?limit=200${before ? `&before=${encodeURIComponent(before)}` : ''}`);
      expect(response.status).toBe(200);
      const page = activityList.parse(response.body);
      listed.push(...page);
      if (page.length < 200) break;
      before = page.at(-1)!.startDate;
    }
    const loads = await server.database.handle.query<{ activity_id: string; training_load: number | null }>(
      'select activity_id, training_load from activity_metrics where user_id = $1',
      [ofAccount],
    );
    const loadOf = new Map(loads.map((row) => [row.activity_id, row.training_load === null ? null : Number(row.training_load)]));
    return listed.map((item) => ({
      id: item.id,
      // The UTC day it started on, as the test reads the rule.
      day: new Date(item.startDate).toISOString().slice(0, 10),
      sport: sportFamilyOf(item.sportType),
      movingTimeS: item.movingTime,
      distanceM: item.distance > 0 ? item.distance : null,
      elevationGainM: item.totalElevationGain,
      trainingLoad: loadOf.get(item.id) ?? null,
    }));
  }

  const calendar = async (client: TestClient, query: string): Promise<CalendarAnswer> => {
    const response = await client.get(`/api/calendar?${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return calendarAnswer.parse(response.body);
  };

  beforeAll(async () => {
    server = await startTestKairo(kind);
    ({ client: athlete, accountId } = await registerPlanner(server, { emailPrefix: 'calendar' }));
    for (const [fileName, recording] of RECORDINGS) await uploadActivityFile(athlete, fileName, recording().bytes);
    await waitForJobs(server);
    figures = await listedFigures(athlete);
    expect(figures).toHaveLength(RECORDINGS.length);
    // The sums below mean something: most activities are scored, the outdoor ones have distance and elevation, the indoor ones none.
    expect(figures.filter((activity) => activity.trainingLoad !== null).length).toBeGreaterThanOrEqual(5);
    expect(figures.filter((activity) => activity.elevationGainM !== null && activity.elevationGainM > 0).length).toBeGreaterThanOrEqual(2);
    expect(figures.filter((activity) => activity.distanceM === null)).toHaveLength(2);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps the week start in the settings: Monday until changed, any weekday, a bad value a 400 that changes nothing', async () => {
    const client = (await registerPlanner(server, { emailPrefix: 'weekstart' })).client;
    expect(userSettings.parse((await client.get('/api/user/settings')).body).weekStartsOn).toBe('monday');
    const saved = await client.put('/api/user/settings', { weekStartsOn: 'thursday' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(userSettings.parse(saved.body).weekStartsOn).toBe('thursday');
    const refusals: [body: Record<string, unknown>, message: string][] = [
      [{ weekStartsOn: 'funday' }, 'weekStartsOn must be a weekday'],
      [{ weekStartsOn: 3 }, 'weekStartsOn must be a weekday'],
      // Any invalid field saves nothing, the week start with it.
      [{ weekStartsOn: 'monday', athleteFtp: 0 }, 'FTP'],
    ];
    for (const [body, message] of refusals) {
      const refused = await client.put('/api/user/settings', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message).toContain(message);
    }
    expect(userSettings.parse((await client.get('/api/user/settings')).body).weekStartsOn).toBe('thursday');
    const weeks = (await calendar(client, 'from=2026-11-01&to=2026-11-30')).weeks;
    expect(weeks.map((week) => week.startDate)).toEqual(['2026-10-29', '2026-11-05', '2026-11-12', '2026-11-19', '2026-11-26']);
  });

  it("puts each activity on its UTC start day and sums the athlete's Sunday weeks as the activity list does, per sport", async () => {
    expect((await athlete.put('/api/user/settings', { weekStartsOn: 'sunday' })).status).toBe(200);
    const from = '2025-12-20';
    const to = '2026-04-10';
    const answer = await calendar(athlete, `from=${from}&to=${to}`);
    expect(answer.weekStartsOn).toBe('sunday');
    expect(answer.days.map((day) => day.date)).toEqual(Array.from({ length: 112 }, (_, index) => addDays(from, index)));

    // Each activity on its own day, with the list's figures; absent figures null, never 0.
    for (const day of answer.days) {
      const expected = figures.filter((activity) => activity.day === day.date);
      expect(day.activities.map((activity) => activity.id).sort(), day.date).toEqual(expected.map((activity) => activity.id).sort());
      for (const activity of day.activities) {
        const { id, sport, movingTimeS, distanceM, elevationGainM, trainingLoad } = activity;
        expect({ id, sport, movingTimeS, distanceM, elevationGainM, trainingLoad }).toEqual({ ...expected.find((entry) => entry.id === id)!, day: undefined });
      }
    }
    expect(answer.days.find((day) => day.date === '2025-12-31')!.activities).toHaveLength(1);
    const trainer = answer.days.find((day) => day.date === '2025-12-31')!.activities[0]!;
    expect(trainer.distanceM).toBeNull();
    expect(trainer.sport).toBe('ride');
    expect(answer.days.find((day) => day.date === '2026-01-01')!.activities).toHaveLength(1);
    expect(answer.days.find((day) => day.date === '2026-03-29')!.activities).toHaveLength(2);

    // Sunday weeks, whole, consecutive, covering the range.
    expect(answer.weeks[0]!.startDate).toBe('2025-12-14');
    expect(answer.weeks.at(-1)!.endDate).toBe('2026-04-11');
    for (const [index, week] of answer.weeks.entries()) {
      expect(new Date(`${week.startDate}T00:00:00Z`).getUTCDay()).toBe(0);
      expect(week.endDate).toBe(addDays(week.startDate, 6));
      if (index > 0) expect(week.startDate).toBe(addDays(answer.weeks[index - 1]!.endDate, 1));
      expectBucket(week.totals, figures.filter((activity) => activity.day >= week.startDate && activity.day <= week.endDate), `week of ${week.startDate}`);
    }
    // Saturday's run and Sunday's hike fall in two weeks; the three DST activities in two.
    const weekOf = (day: string) => answer.weeks.find((week) => week.startDate <= day && day <= week.endDate)!;
    expect(weekOf('2026-01-03').startDate).toBe('2025-12-28');
    expect(weekOf('2026-01-03').totals.overall.activities).toBe(3);
    expect(weekOf('2026-01-04').totals.overall.activities).toBe(1);
    expect(weekOf('2026-03-28').totals.overall.activities).toBe(1);
    expect(weekOf('2026-03-29').totals.overall.activities).toBe(2);
    // The indoor rides recorded no distance: their week counts them as lacking it.
    expect(weekOf('2025-12-31').totals.bySport.find((entry) => entry.sport === 'ride')!.missing.distance).toBe(1);
  });

  it('sums months and years as the activity list does, per sport; refuses a bad period or span', async () => {
    const months = await athlete.get('/api/calendar/totals?period=month&from=2025-11-15&to=2026-04-02');
    expect(months.status, JSON.stringify(months.body)).toBe(200);
    const monthAnswer = calendarTotalsAnswer.parse(months.body);
    expect(monthAnswer.periods.map((period) => period.key)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04']);
    for (const period of monthAnswer.periods) {
      expectBucket(period.totals, figures.filter((activity) => activity.day.slice(0, 7) === period.key), period.key);
    }
    expect(monthAnswer.periods.find((period) => period.key === '2026-02')!.totals.overall).toMatchObject({ activities: 0, movingTimeS: 0, distanceM: null });

    const years = calendarTotalsAnswer.parse((await athlete.get('/api/calendar/totals?period=year&from=2025-06-01&to=2026-06-01')).body);
    expect(years.periods.map((period) => [period.key, period.startDate, period.endDate])).toEqual([
      ['2025', '2025-01-01', '2025-12-31'],
      ['2026', '2026-01-01', '2026-12-31'],
    ]);
    for (const period of years.periods) expectBucket(period.totals, figures.filter((activity) => activity.day.slice(0, 4) === period.key), period.key);
    expect(years.periods[0]!.totals.overall.activities).toBe(1);

    const refused = async (path: string, message: string) => {
      const response = await athlete.get(path);
      expect(response.status, path).toBe(400);
      expect(response.body.message, path).toContain(message);
    };
    await refused('/api/calendar/totals?period=week&from=2026-01-01&to=2026-02-01', CALENDAR_MESSAGES.period);
    await refused('/api/calendar/totals?period=year&from=2006-01-01&to=2026-02-01', CALENDAR_MESSAGES.totalsSpan);
    await refused('/api/calendar/totals?period=month&from=2026-03-01&to=2026-02-01', CALENDAR_MESSAGES.order);
    expect((await athlete.get('/api/calendar/totals?period=year&from=2007-01-01&to=2026-12-31')).status).toBe(200);
  });

  it('answers a personal access token with the read scope as the session, and is in the OpenAPI document', async () => {
    const made = await athlete.post('/api/api-tokens', { name: 'calendar script', scopes: ['read'] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const byToken = await fetch(`${server.url}/api/calendar?from=2025-12-28&to=2026-01-10`, { headers: { authorization: `Bearer ${made.body.token as string}` } });
    expect(byToken.status).toBe(200);
    expect(calendarAnswer.parse(await byToken.json())).toEqual(await calendar(athlete, 'from=2025-12-28&to=2026-01-10'));

    const { paths } = (await athlete.get('/api/openapi.json')).body;
    expect(paths['/api/calendar'].get.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(expect.arrayContaining(['from', 'to', 'today']));
    expect(paths['/api/calendar/totals'].get.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(expect.arrayContaining(['period', 'from', 'to']));
    expect(paths['/api/calendar'].get.responses['200'].content['application/json'].schema.properties.weeks).toBeDefined();
  });

  it('refuses missing, impossible, reversed and too long ranges', async () => {
    const refused = async (query: string, message: string) => {
      const response = await athlete.get(`/api/calendar?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.message, query).toContain(message);
    };
    await refused('to=2026-01-01', 'from');
    await refused('from=2026-01-01', 'to');
    await refused('from=2026-02-30&to=2026-03-10', 'from must be a day');
    await refused('from=2026-02-01&to=March', 'to must be a day');
    await refused('from=2026-03-10&to=2026-03-01', CALENDAR_MESSAGES.order);
    await refused('from=2025-01-01&to=2026-02-05', CALENDAR_MESSAGES.span);
    expect((await athlete.get('/api/calendar?from=2025-01-01&to=2026-02-04')).status).toBe(200);
    expect((await athlete.get('/api/calendar?from=2025-01-01&to=2026-02-04&today=2020-01-01')).status).toBe(400);
  });

  it("shows each day's session as the day plan decides it, and plan compliance's marks", async () => {
    const { client } = await registerPlanner(server, { emailPrefix: 'calendar-plan' });
    const today = isoDay(Date.now());
    const created = await client.post('/api/training-plans', { ...springBasePlan, startDate: addDays(today, -14) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const planId = created.body.id as string;
    const compliance = planComplianceView.parse((await client.get(`/api/training-plans/${planId}/compliance`)).body);
    const [sessionDay] = compliance.days.filter((day) => day.planned !== null && day.planned.sport === 'ride' && day.date < today);
    expect(sessionDay).toBeDefined();
    const rideId = await uploadActivityFile(client, 'session-ride.fit', trainerRide(new Date(`${sessionDay!.date}T17:00:00Z`)).bytes);
    await waitForJobs(server);

    const from = addDays(today, -14);
    const answer = await calendar(client, `from=${from}&to=${addDays(today, 30)}`);
    const plan = dayPlanAnswer.parse((await client.get(`/api/day-plan?from=${from}&days=45`)).body);
    expect(answer.today).toBe(plan.today);
    expect(answer.days.map((day) => day.plan)).toEqual(plan.days);
    expect(answer.days.filter((day) => day.plan.session !== null).length).toBeGreaterThan(10);

    const after = planComplianceView.parse((await client.get(`/api/training-plans/${planId}/compliance`)).body);
    for (const day of answer.days) {
      const own = after.days.find((entry) => entry.date === day.date);
      if (!own?.planned) {
        expect(day.compliance, day.date).toBeNull();
        continue;
      }
      expect(day.compliance, day.date).toEqual({
        planId,
        status: own.status,
        band: own.band,
        durationPct: own.durationPct,
        loadPct: own.loadPct,
        doneOn: own.doneOn,
        matchedActivityIds: own.matchedActivityIds,
      });
    }
    const done = answer.days.find((day) => day.date === sessionDay!.date)!;
    expect(done.compliance!.matchedActivityIds).toEqual([rideId]);
    expect(['completed', 'partial']).toContain(done.compliance!.status);
    expect(done.activities.map((activity) => [activity.id, activity.compliance])).toEqual([[rideId, done.compliance]]);
  });

  it('keeps the totals only until an activity or its load changes', async () => {
    const { client, accountId: own } = await registerPlanner(server, { emailPrefix: 'calendar-kept' });
    const year = async () => {
      const response = await client.get('/api/calendar/totals?period=year&from=2026-01-01&to=2026-12-31');
      expect(response.status).toBe(200);
      return { answer: calendarTotalsAnswer.parse(response.body).periods[0]!, etag: response.headers.get('etag') };
    };
    const first = await uploadActivityFile(client, 'kept-run.fit', sameRun('fit', new Date('2026-01-10T08:00:00Z')).bytes);
    await waitForJobs(server);
    const one = await year();
    expectBucket(one.answer.totals, await listedFigures(client, own), '2026 with one run');
    expect(one.answer.totals.overall.activities).toBe(1);
    expect(one.etag).toMatch(/^"/);
    expect((await year()).etag).toBe(one.etag);

    // A new activity is counted at once, and its load once its metrics are written.
    const second = await uploadActivityFile(client, 'kept-ride.fit', powerRide(new Date('2026-02-14T09:00:00Z')).bytes);
    expect((await year()).answer.totals.overall.activities).toBe(2);
    await waitForJobs(server);
    const both = await listedFigures(client, own);
    expect(both.map((activity) => activity.id).sort()).toEqual([first, second].sort());
    expect(both.every((activity) => activity.trainingLoad !== null)).toBe(true);
    const two = await year();
    expectBucket(two.answer.totals, both, '2026 with a run and a ride');
    expect(two.etag).not.toBe(one.etag);
  });

  it('keeps a range of days only until the athlete writes anything: a plan, an edit of it, a setting', async () => {
    const { client } = await registerPlanner(server, { emailPrefix: 'calendar-days-kept' });
    const today = isoDay(Date.now());
    const from = addDays(today, -7);
    const range = `from=${from}&to=${addDays(today, 27)}`;
    const read = async () => {
      const response = await client.get(`/api/calendar?${range}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return { answer: calendarAnswer.parse(response.body), etag: response.headers.get('etag') };
    };
    /** What the day plan, which keeps nothing, decides for the same days now. */
    const dayPlanNow = async () => dayPlanAnswer.parse((await client.get(`/api/day-plan?from=${from}&days=35`)).body).days;

    const bare = await read();
    expect(bare.etag).toMatch(/^"/);
    expect((await read()).etag).toBe(bare.etag);
    const revalidated = await client.get(`/api/calendar?${range}`, { headers: { 'if-none-match': bare.etag! } });
    expect(revalidated.status).toBe(304);
    expect(bare.answer.days.every((day) => day.plan.source !== 'plan')).toBe(true);

    // A plan: the next read has its sessions, as the day plan decides them.
    const created = await client.post('/api/training-plans', { ...springBasePlan, startDate: addDays(today, -14) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const planId = created.body.id as string;
    const planned = await read();
    expect(planned.etag).not.toBe(bare.etag);
    expect(planned.answer.days.map((day) => day.plan)).toEqual(await dayPlanNow());
    const ahead = planned.answer.days.filter((day) => day.date > today);
    const session = ahead.find((day) => day.plan.session !== null)!;
    expect(session).toBeDefined();

    // An edit of it: the deleted session is gone on the next read.
    const deleted = await client.post(`/api/training-plans/${planId}/edits`, { kind: 'delete', date: session.date });
    expect(deleted.status, deleted.text).toBe(201);
    const edited = await read();
    expect(edited.answer.days.find((day) => day.date === session.date)!.plan.session).toBeNull();
    expect(edited.answer.days.map((day) => day.plan)).toEqual(await dayPlanNow());

    // A setting: the weeks start on the new weekday at once.
    expect((await client.put('/api/user/settings', { weekStartsOn: 'sunday' })).status).toBe(200);
    const sundays = await read();
    expect(sundays.answer.weekStartsOn).toBe('sunday');
    for (const week of sundays.answer.weeks) expect(new Date(`${week.startDate}T00:00:00Z`).getUTCDay()).toBe(0);
  });

  it("never shows another athlete's activities or totals", async () => {
    const other = await registerAthlete(server.url);
    const answer = await calendar(other, 'from=2025-12-20&to=2026-04-10');
    expect(answer.weekStartsOn).toBe('monday');
    expect(answer.days.flatMap((day) => day.activities)).toEqual([]);
    for (const week of answer.weeks) expect(week.totals).toEqual({ overall: expectedTotals([]), bySport: [] });
    const years = calendarTotalsAnswer.parse((await other.get('/api/calendar/totals?period=year&from=2025-01-01&to=2026-12-31')).body);
    for (const period of years.periods) expect(period.totals.overall.activities).toBe(0);
    expect((await createAnonymous()).status).toBe(401);
  });

  const createAnonymous = async () => {
    const response = await fetch(`${server.url}/api/calendar?from=2026-01-01&to=2026-01-02`);
    return { status: response.status };
  };
});
