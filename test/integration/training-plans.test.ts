import { XMLParser } from 'fast-xml-parser';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRO_ONLY_MESSAGES } from '../../src/shared/api/exports.ts';
import { DAY_PLAN_MAX_DAYS, dayPlanAnswer } from '../../src/shared/api/day-plan.ts';
import { planSessionFiles, WORKOUT_FORMAT_UNAVAILABLE } from '../../src/shared/api/plan-files.ts';
import {
  DAYS_OF_WEEK,
  FREE_PLAN_LIMIT_MESSAGE,
  PLAN_VALIDATION,
  PLAN_WORKOUTS_UNAVAILABLE,
  trainingPlanList,
  trainingPlanSaved,
  trainingPlanView,
} from '../../src/shared/api/training-plans.ts';
import { CONNECT_REQUIRED_MESSAGE } from '../../src/server/features/plans/service.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import { createClient, type TestClient } from '../support/http-client.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { eventPlan, registerPlanner } from '../support/plans.ts';
import { waitForJobs } from '../support/strava.ts';
import { readZip } from '../support/zip-files.ts';
import { powerRide } from '../support/recordings.ts';
import { DAY_MS } from '../../src/shared/time.ts';

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const kinds = await testDatabaseKinds();

type XmlNode = Record<string, unknown>;
/** A .zwo read back as a reader of such files does: the metadata and the workout's steps in order. */
function parseWorkoutFile(xml: string) {
  const parser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', parseAttributeValue: true });
  const document = parser.parse(xml, true) as XmlNode[];
  const root = document.find((node) => 'workout_file' in node)!.workout_file as XmlNode[];
  const text = (tag: string) => ((root.find((node) => tag in node)?.[tag] as XmlNode[] | undefined)?.[0]?.['#text'] as string | undefined) ?? null;
  const workout = root.find((node) => 'workout' in node)!.workout as XmlNode[];
  const steps = workout.map((node) => ({ tag: Object.keys(node).find((key) => key !== ':@')!, attributes: node[':@'] as Record<string, number> }));
  return { name: text('name'), sportType: text('sportType'), description: text('description'), steps };
}

describe.each(kinds)('training plans on %s', (kind) => {
  let server: TestKairo;
  const query = <Row>(text: string, params: unknown[] = []) => server.database.handle.query<Row>(text, params);

  const athlete = (options: { plan?: string; connected?: boolean } = {}) => registerPlanner(server, options);

  const plansIn = async (accountId: string) =>
    (await query<{ n: number }>('select count(*)::int as n from training_plans where account_id = $1', [accountId]))[0]!.n;
  const generatedCount = async (accountId: string) =>
    (await query<{ n: number }>('select training_plans_generated as n from accounts where id = $1', [accountId]))[0]!.n;

  beforeAll(async () => {
    // The tests change an account's plan under its signed-in session: no cached sessions.
    server = await startTestKairo(kind, { SESSION_CACHE_SECONDS: '0' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('blocks training plans until Strava is connected or activities are imported (ADR 0017)', async () => {
    const { client, accountId } = await athlete({ connected: false });
    for (const response of [await client.get('/api/training-plans'), await client.post('/api/training-plans', eventPlan)]) {
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(CONNECT_REQUIRED_MESSAGE);
    }
    expect(await plansIn(accountId)).toBe(0);
    expect((await createClient(server.url).get('/api/training-plans')).status).toBe(401);

    // An athlete who never connects Strava but imports their rides has their data connected.
    expect((await client.upload('/api/imports', 'ride.fit', powerRide().bytes)).status).toBe(201);
    await waitForJobs(server);
    expect((await client.get('/api/training-plans')).status).toBe(200);
    expect((await client.post('/api/training-plans', eventPlan)).status).toBe(201);
  });

  it('refuses incomplete plans with the exact messages and saves nothing', async () => {
    const { client, accountId } = await athlete();
    const cases: [object, string][] = [
      [{ ...eventPlan, eventDistance: ' ' }, PLAN_VALIDATION.event],
      [{ preparationType: 'event', eventName: 'X', eventDate: '2026-10-01' }, PLAN_VALIDATION.event],
      [{ preparationType: 'pr', prGoal: 'Sub-20 5k', prDistance: '5 km' }, PLAN_VALIDATION.pr],
      [{ preparationType: 'general-fitness', planName: 'Fit', selectedActivities: '[]', planDuration: '12 weeks' }, PLAN_VALIDATION.generalFitness],
      [{ preparationType: 'general-fitness', planName: 'Fit', selectedActivities: '["Cycling"]' }, PLAN_VALIDATION.generalFitness],
      [{ preparationType: 'general-fitness', planName: 'Fit', selectedActivities: '["Other"]', planDuration: '8 weeks' }, PLAN_VALIDATION.otherActivity],
    ];
    for (const [body, message] of cases) {
      const response = await client.post('/api/training-plans', body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message });
    }
    expect(await plansIn(accountId)).toBe(0);
    expect(await generatedCount(accountId)).toBe(0);
  });

  it('creates, lists, reads, regenerates, toggles and deletes a plan, scoped to its account', async () => {
    const { client, accountId } = await athlete();
    const upload = await client.upload('/api/imports', 'ride.fit', powerRide().bytes);
    expect(upload.status).toBe(201);
    await waitForJobs(server);

    const created = await client.post('/api/training-plans', eventPlan);
    expect(created.status).toBe(201);
    const plan = trainingPlanView.parse(created.body);
    expect(plan).toMatchObject({ eventName: 'Gran Fondo Stelvio', isActive: true, currentPhase: 'base', weekOfPhase: 1 });
    expect(plan.phases.map((phase) => phase.name)).toEqual(['base', 'build', 'peak-and-taper']);
    expect(plan.phases.reduce((sum, phase) => sum + phase.weeks, 0)).toBe(plan.totalWeeks);
    expect(plan.phases[0]!.startDate).toBe(plan.generatedAt.slice(0, 10));
    expect(plan.generatedPlan.trainingPlan.overview.totalWeeks).toBe(plan.totalWeeks);
    for (const phase of plan.generatedPlan.trainingPlan.phases) {
      expect(phase.dailySchedule!.map((day) => day.dayOfWeek)).toEqual([...DAYS_OF_WEEK]);
    }
    expect(plan.generatedPlan.assumptions.join(' ')).toContain('FTP you entered: 250 W');
    expect(plan.planSummary).toContain(`${plan.totalWeeks}-week plan for Gran Fondo Stelvio`);
    expect(await generatedCount(accountId)).toBe(1);

    const list = trainingPlanList.parse((await client.get('/api/training-plans')).body);
    expect(list.map((item) => item.id)).toEqual([plan.id]);
    expect((await client.get(`/api/training-plans/${plan.id}`)).body.generatedPlan).toEqual(plan.generatedPlan);

    const updated = await client.put('/api/training-plans', { ...eventPlan, id: plan.id, eventName: 'Marmotte', eventDistance: '' });
    expect(updated.status).toBe(400);
    expect(updated.body.message).toBe(PLAN_VALIDATION.event);
    const regenerated = await client.put('/api/training-plans', { ...eventPlan, id: plan.id, eventName: 'Marmotte', weeklyTrainingTime: '' });
    expect(regenerated.status).toBe(200);
    expect(regenerated.body).toMatchObject({ id: plan.id, eventName: 'Marmotte', weeklyTrainingTime: null });
    expect(await generatedCount(accountId)).toBe(2);

    expect((await client.patch(`/api/training-plans/${plan.id}/toggle`)).body).toEqual({ id: plan.id, isActive: false, switchedOff: [] });
    expect((await client.get(`/api/training-plans/${plan.id}`)).body.isActive).toBe(false);
    expect((await client.patch(`/api/training-plans/${plan.id}/toggle`)).body).toEqual({ id: plan.id, isActive: true, switchedOff: [] });

    const other = await athlete();
    for (const response of [
      await other.client.get(`/api/training-plans/${plan.id}`),
      await other.client.put('/api/training-plans', { ...eventPlan, id: plan.id }),
      await other.client.patch(`/api/training-plans/${plan.id}/toggle`),
      await other.client.post(`/api/training-plans/${plan.id}/switch-back`, { switchOn: [crypto.randomUUID()] }),
      await other.client.delete(`/api/training-plans/${plan.id}`),
      await other.client.get(`/api/training-plans/${plan.id}/calendar.ics`),
      await client.get('/api/training-plans/not-a-uuid'),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('Training plan not found');
    }
    expect((await other.client.get('/api/training-plans')).body).toEqual([]);
    expect((await client.get(`/api/training-plans/${plan.id}`)).body.eventName).toBe('Marmotte');

    const deleted = await client.delete(`/api/training-plans/${plan.id}`);
    expect(deleted.status).toBe(200);
    expect((await client.get(`/api/training-plans/${plan.id}`)).status).toBe(404);
    expect(await plansIn(accountId)).toBe(0);
  });

  it('keeps Free accounts to one plan, even under ten parallel creates', async () => {
    const { client, accountId } = await athlete({ plan: 'Free' });
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => client.post('/api/training-plans', { ...eventPlan, eventName: `Race ${index}` })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([201, ...Array<number>(9).fill(403)]);
    for (const refused of responses.filter((response) => response.status === 403)) expect(refused.body.message).toBe(FREE_PLAN_LIMIT_MESSAGE);
    expect(await plansIn(accountId)).toBe(1);
    expect(await generatedCount(accountId)).toBe(1);

    // An expired trial has Free limits; Pro has none.
    await query(`update accounts set plan = 'Trial14', trial_expiry_date = now() - interval '1 day' where id = $1`, [accountId]);
    expect((await client.post('/api/training-plans', eventPlan)).status).toBe(403);
    await query(`update accounts set plan = 'Pro' where id = $1`, [accountId]);
    // Pro keeps any number of plans; one is active on any day (ADR 0070): each new one switches the one before off.
    let previous = (await query<{ id: string }>('select id from training_plans where account_id = $1', [accountId]))[0]!.id;
    for (let created = 0; created < 3; created++) {
      const pro = await client.post('/api/training-plans', eventPlan);
      expect(pro.status).toBe(201);
      expect(trainingPlanSaved.parse(pro.body).switchedOff.map((plan) => plan.id)).toEqual([previous]);
      previous = pro.body.id as string;
    }
    expect(await plansIn(accountId)).toBe(4);
  });

  it('exports the plan as an RFC 5545 calendar, one event per scheduled session', async () => {
    const { client } = await athlete();
    const plan = trainingPlanView.parse(
      (
        await client.post('/api/training-plans', {
          preparationType: 'general-fitness',
          planName: 'Winter base, strong legs',
          selectedActivities: JSON.stringify(['Cycling', 'Lifting']),
          planDuration: '6 weeks',
          weeklyTrainingTime: '6 hours',
        })
      ).body,
    );
    const response = await client.get(`/api/training-plans/${plan.id}/calendar.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="winter-base-strong-legs.ics"');
    expect(response.text.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    expect(response.text.replace(/\r\n/g, '')).not.toContain('\n');

    const calendar = new ICAL.Component(ICAL.parse(response.text));
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    // One event per day of each phase whose weekday has a session in the phase's week (the first week may begin mid-week, ADR 0069).
    const sessionDays = (phase: (typeof plan.phases)[number]) => {
      const template = plan.generatedPlan.trainingPlan.phases.find((generated) => generated.key === phase.name)!.dailySchedule!;
      const days = (Date.parse(phase.endDate) - Date.parse(phase.startDate)) / DAY_MS + 1;
      return Array.from({ length: days }, (_, index) => DAYS_OF_WEEK[(new Date(Date.parse(phase.startDate) + index * DAY_MS).getUTCDay() + 6) % 7]).filter(
        (weekday) => template.find((day) => day.dayOfWeek === weekday)!.durationMin > 0,
      ).length;
    };
    expect(events).toHaveLength(plan.phases.reduce((sum, phase) => sum + sessionDays(phase), 0));
    expect(new Set(events.map((event) => event.uid)).size).toBe(events.length);
    const first = events[0]!;
    expect(first.startDate.toString() >= plan.phases[0]!.startDate).toBe(true);
    // Durations in words, as everywhere people read them (shared/format.ts): 'Cycling - endurance 1 h 5 min'.
    expect(first.summary).toMatch(/^(Cycling|Lifting) - .+ (\d+ h \d+ min|\d+ h|\d+ min)$/);
    expect(response.text).not.toMatch(/SUMMARY:[^\r]*\d+:\d{2}\r/);
    // A general-fitness plan has no race phases: its first block is the foundation (ADR 0029).
    // (Its first calendar week may hold only today, a rest day: ADR 0069.)
    expect(first.description).toMatch(/^Foundation phase, week [12]\b/);
    // An X- property is untyped to a parser, so its escaping shows as written.
    expect(response.text).toContain('\r\nX-WR-CALNAME:Winter base\\, strong legs\r\n');
    expect(events.at(-1)!.startDate.toString() <= plan.phases[2]!.endDate).toBe(true);
  });

  it('downloads the cycling sessions as Zwift workouts for Pro-level accounts only, scoped to the account', async () => {
    const { client } = await athlete({ plan: 'Pro' });
    const plan = trainingPlanView.parse((await client.post('/api/training-plans', eventPlan)).body);
    const cycling = plan.generatedPlan.trainingPlan.phases.flatMap((phase) => phase.dailySchedule!).filter((day) => day.activityType.startsWith('Cycling'));
    for (const day of cycling) {
      const total = day.steps!.reduce((sum, step) => sum + (step.type === 'intervals' ? step.repeats * (step.work.durationS + step.recovery.durationS) : step.durationS), 0);
      expect(total).toBe(day.durationMin * 60);
    }

    const response = await client.get(`/api/training-plans/${plan.id}/workouts.zip`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="gran-fondo-stelvio-workouts.zip"');
    const files = await readZip(response.bytes);
    // A folder per format (ADR 0039) holding every dated ride of the plan (ADR 0057), named by date and session so they sort by date;
    // no .erg without an FTP in the athlete's settings (the plan's typed FTP is the plan's alone).
    const zwo = [...files.keys()].filter((name) => name.startsWith('zwo/'));
    const calendarRides = new ICAL.Component(ICAL.parse((await client.get(`/api/training-plans/${plan.id}/calendar.ics`)).text))
      .getAllSubcomponents('vevent')
      .map((vevent) => new ICAL.Event(vevent))
      // The race week's sessions are written without steps (race-week.ts), so they have no workout file.
      .filter((event) => event.summary.startsWith('Cycling') && event.startDate.toString() < plan.generatedPlan.trainingPlan.raceWeek!.startDate);
    expect(zwo.map((name) => name.slice(4, 14))).toEqual(calendarRides.map((event) => event.startDate.toString()));
    for (const name of files.keys()) expect(name).toMatch(/^(fit|zwo|mrc)\/\d{4}-\d{2}-\d{2}-(mon|tue|wed|thu|fri|sat|sun)-[a-z0-9-]+\.\1$/);
    for (const folder of ['fit', 'mrc']) expect([...files.keys()].filter((name) => name.startsWith(`${folder}/`)).map((name) => name.slice(folder.length + 1, -4))).toEqual(zwo.map((name) => name.slice(4, -4)));

    const workouts = zwo.map((name) => parseWorkoutFile(files.get(name)!.toString('utf8')));
    for (const workout of workouts) {
      expect(workout.sportType).toBe('bike');
      expect(workout.description).toContain('Gran Fondo Stelvio');
      // Every target is a fraction of FTP, not watts or a percentage.
      const powers = workout.steps.flatMap(({ attributes }) => Object.entries(attributes).filter(([key]) => key.includes('Power')).map(([, value]) => value));
      expect(powers.length).toBeGreaterThan(0);
      expect(powers.every((value) => value >= 0.4 && value <= 1.2)).toBe(true);
    }
    // The build phase's threshold session: up to 3 x 10 min at 91-105 % FTP (0.98), 5 min at 45-55 % between, as many as its time holds.
    const thresholdDay = plan.generatedPlan.trainingPlan.phases.find((phase) => phase.key === 'build')!.dailySchedule!.find((day) => day.activityType === 'Cycling - threshold')!;
    const repeats = thresholdDay.steps!.find((step) => step.type === 'intervals')!;
    expect(repeats).toMatchObject({ type: 'intervals', work: { intensity: { ftpPct: { low: 91, high: 105 }, watts: { low: 228, high: 263 } } } });
    const threshold = workouts.find((workout) => workout.name === `Build - threshold (${thresholdDay.duration})`)!;
    const tags = threshold.steps.map((step) => step.tag);
    expect([tags[0], tags.at(-1), tags.filter((tag) => tag === 'IntervalsT').length]).toEqual(['Warmup', 'Cooldown', 1]);
    expect(threshold.steps.find((step) => step.tag === 'IntervalsT')!.attributes).toEqual({
      Repeat: repeats.type === 'intervals' ? repeats.repeats : 0,
      OnDuration: 600,
      OffDuration: 300,
      OnPower: 0.98,
      OffPower: 0.5,
    });
    // The same plan zips the same bytes every time.
    expect((await client.get(`/api/training-plans/${plan.id}/workouts.zip`)).bytes.equals(response.bytes)).toBe(true);

    const other = await athlete({ plan: 'Pro' });
    const stranger = await other.client.get(`/api/training-plans/${plan.id}/workouts.zip`);
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual({ error: 'Training plan not found', message: 'Training plan not found' });

    // One active plan at a time (ADR 0029): the cycling plan is switched off before the running one.
    expect((await client.patch(`/api/training-plans/${plan.id}/toggle`)).body).toMatchObject({ isActive: false });
    const running = trainingPlanView.parse((await client.post('/api/training-plans', { ...eventPlan, eventType: 'running', eventName: 'Lisbon Marathon', eventDistance: '42.2 km' })).body);
    expect(running.generatedPlan.trainingPlan.phases.flatMap((phase) => phase.dailySchedule!).some((day) => day.steps)).toBe(false);
    const noCycling = await client.get(`/api/training-plans/${running.id}/workouts.zip`);
    // Its runs download as FIT workouts once the athlete has a threshold pace or heart-rate zones (and as Zwift runs with a threshold pace); this one has neither.
    expect(noCycling.status).toBe(400);
    expect(noCycling.body.error).toBe(WORKOUT_FORMAT_UNAVAILABLE.runNeedsThresholds);

    // A plan stored before the sessions had steps (and before its checks were sessions, ADR 0069).
    await query(
      `update training_plans set generated_plan = jsonb_set(jsonb_set(generated_plan, '{trainingPlan,phases}',
         (select jsonb_agg(jsonb_set(phase, '{dailySchedule}', (select jsonb_agg(day - 'steps') from jsonb_array_elements(phase->'dailySchedule') day)))
          from jsonb_array_elements(generated_plan->'trainingPlan'->'phases') phase)),
         '{progressChecks}', (select jsonb_agg(entry - 'session' - 'date') from jsonb_array_elements(generated_plan->'progressChecks') entry))
       where id = $1`,
      [plan.id],
    );
    const outdated = await client.get(`/api/training-plans/${plan.id}/workouts.zip`);
    expect(outdated.status).toBe(400);
    expect(outdated.body.message).toBe(PLAN_WORKOUTS_UNAVAILABLE.generatedBefore);

    // Free, and an expired trial, are refused before any plan is read.
    const free = await athlete({ plan: 'Free' });
    const expired = await athlete();
    await query(`update accounts set plan = 'Trial14', trial_expiry_date = now() - interval '1 day' where id = $1`, [expired.accountId]);
    for (const refused of [await free.client.get(`/api/training-plans/${plan.id}/workouts.zip`), await expired.client.get(`/api/training-plans/${plan.id}/workouts.zip`)]) {
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: PRO_ONLY_MESSAGES.workoutFile, message: PRO_ONLY_MESSAGES.workoutFile });
    }
  });

  it('runs an event plan and its calendar through the event day, ending with a race week', async () => {
    const { client } = await athlete();
    const created = await client.post('/api/training-plans', { ...eventPlan, additionalDetails: 'Long rides on Saturdays.' });
    expect(created.status).toBe(201);
    const plan = trainingPlanView.parse(created.body);
    const raceWeek = plan.generatedPlan.trainingPlan.raceWeek!;
    expect(raceWeek.date).toBe(eventPlan.eventDate);
    expect(plan.phases.at(-1)!.endDate >= eventPlan.eventDate).toBe(true);
    for (const phase of plan.generatedPlan.trainingPlan.phases) {
      expect(phase.dailySchedule!.find((day) => day.dayOfWeek === 'Saturday')!.activityType).toMatch(/ - (long|simulation)$/);
    }
    const calendar = new ICAL.Component(ICAL.parse((await client.get(`/api/training-plans/${plan.id}/calendar.ics`)).text));
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    const last = events.at(-1)!;
    expect(last.startDate.toString()).toBe(eventPlan.eventDate);
    expect(last.summary).toBe('Cycling - race day: Gran Fondo Stelvio');
  });

  it("writes an imperial athlete's plan and its calendar in miles and feet, with no km or m figure", async () => {
    const { client } = await athlete();
    expect((await client.put('/api/user/settings', { unitSystem: 'imperial' })).status).toBe(200);
    const created = await client.post('/api/training-plans', eventPlan);
    expect(created.status).toBe(201);
    const plan = trainingPlanView.parse(created.body);
    const written = `${JSON.stringify(plan.generatedPlan)}\n${plan.planSummary}`;
    // 120 km is 74.6 mi, 2500 m is 8,202 ft.
    expect(written).toContain('74.6 mi of cycling.');
    expect(written).toContain('8,202 ft of climbing.');
    expect(written).toContain('Gran Fondo Stelvio: 74.6 mi.');
    const metricFigure = /\d\s?(km|m|km\/h)\b/;
    expect(written).not.toMatch(metricFigure);
    const ics = (await client.get(`/api/training-plans/${plan.id}/calendar.ics`)).text.replace(/\r\n /g, '');
    expect(ics).toContain('74.6 mi');
    expect(ics).not.toMatch(metricFigure);
  });

  it('reads a plan made in metric in miles and feet once the athlete switches to imperial: the plan, its .ics and its session files (ADR 0073)', async () => {
    const { client } = await athlete({ plan: 'Pro' });
    // A 4:00 /km threshold pace, so the runs are written with paces.
    expect((await client.put('/api/user/settings', { athleteThresholdPaceSPerKm: 240 })).status).toBe(200);
    const marathon = { ...eventPlan, eventType: 'running', eventName: 'Lisbon Marathon', eventDistance: '42.2 km', eventElevation: '300 m' };
    const created = trainingPlanView.parse((await client.post('/api/training-plans', marathon)).body);
    const metricText = JSON.stringify(created.generatedPlan);
    expect(metricText).toContain('42.2 km of running.');
    expect(metricText).toMatch(/\d:\d\d-\d:\d\d \/km/);
    // Stored unit-free: no figure with a unit of either system.
    const [stored] = await query<{ plan: string; summary: string }>('select generated_plan::text as plan, plan_summary as summary from training_plans where id = $1', [created.id]);
    expect(`${stored!.plan}\n${stored!.summary}`).not.toMatch(/\d\s?(km|mi|m|ft|km\/h|mph)\b|\/(km|mi)\b/);

    expect((await client.put('/api/user/settings', { unitSystem: 'imperial' })).status).toBe(200);
    const metricFigure = /\d\s?(km|m|km\/h)\b|\/km\b/;
    const plan = trainingPlanView.parse((await client.get(`/api/training-plans/${created.id}`)).body);
    const written = `${JSON.stringify(plan.generatedPlan)}\n${plan.planSummary}`;
    // 42.2 km is 26.2 mi, 300 m is 984 ft.
    expect(written).toContain('26.2 mi of running.');
    expect(written).toContain('984 ft of climbing.');
    expect(written).toContain('Lisbon Marathon: 26.2 mi.');
    expect(written).toMatch(/\d:\d\d-\d:\d\d \/mi/);
    expect(written).not.toMatch(metricFigure);
    expect(plan.generatedPlan.units).toBe('imperial');
    // What the athlete typed is theirs and stays as typed.
    expect(plan.eventDistance).toBe('42.2 km');
    const listed = trainingPlanList.parse((await client.get('/api/training-plans')).body).find((candidate) => candidate.id === created.id)!;
    expect(listed.generatedPlan).toEqual(plan.generatedPlan);

    const ics = (await client.get(`/api/training-plans/${plan.id}/calendar.ics`)).text.replace(/\r\n /g, '');
    expect(ics).toContain('26.2 mi');
    expect(ics).toMatch(/\d:\d\d-\d:\d\d \/mi/);
    expect(ics).not.toMatch(metricFigure);
    // The day plan (Home's days, the analysis's next session) reads the plan's sessions the same way.
    const days = JSON.stringify(dayPlanAnswer.parse((await client.get(`/api/day-plan?days=${DAY_PLAN_MAX_DAYS}`)).body).days.map((day) => day.session));
    expect(days).toMatch(/\d:\d\d-\d:\d\d \/mi/);
    expect(days).not.toMatch(metricFigure);

    const to = new Date(Date.now() + 60 * DAY_MS).toISOString().slice(0, 10);
    const sessions = planSessionFiles.parse((await client.get(`/api/training-plans/${plan.id}/sessions?from=${isoDay(Date.now())}&to=${to}`)).body).sessions;
    const tempo = sessions.find((session) => session.activityType === 'Running - tempo' && session.files.some((file) => file.format === 'zwo' && file.available))!;
    const zwo = await client.get(`/api/training-plans/${plan.id}/sessions/${tempo.date}/workout.zwo`);
    expect(zwo.status).toBe(200);
    const description = parseWorkoutFile(zwo.text).description!;
    expect(description).toMatch(/\d:\d\d-\d:\d\d \/mi/);
    expect(description).not.toMatch(metricFigure);

    // Back in metric, the same plan reads in kilometres again.
    expect((await client.put('/api/user/settings', { unitSystem: 'metric' })).status).toBe(200);
    expect(JSON.stringify(trainingPlanView.parse((await client.get(`/api/training-plans/${plan.id}`)).body).generatedPlan)).toBe(metricText);
  });

  describe('active plans never share a day (ADR 0070)', () => {
    const general = { preparationType: 'general-fitness', planName: 'Winter', selectedActivities: '["Running"]', planDuration: '8 weeks' };
    const activeIn = async (accountId: string) =>
      (await query<{ id: string }>('select id from training_plans where account_id = $1 and is_active order by id', [accountId])).map((row) => row.id).sort();
    const switchBack = (client: TestClient, id: string, switchOn: unknown) => client.post(`/api/training-plans/${id}/switch-back`, { switchOn });

    it('a new plan switches off the active plan its days meet and says so; one switch-back undoes it', async () => {
      const { client, accountId } = await athlete({ plan: 'Pro' });
      const first = trainingPlanSaved.parse((await client.post('/api/training-plans', eventPlan)).body);
      expect(first.switchedOff).toEqual([]);

      const created = await client.post('/api/training-plans', general);
      expect(created.status).toBe(201);
      const second = trainingPlanSaved.parse(created.body);
      expect(second).toMatchObject({ isActive: true, switchedOff: [{ id: first.id, name: 'Gran Fondo Stelvio' }] });
      expect(await activeIn(accountId)).toEqual([second.id]);
      expect(await plansIn(accountId)).toBe(2);

      const undone = await switchBack(client, second.id, [first.id]);
      expect(undone.status).toBe(200);
      expect(undone.body).toEqual({ id: second.id, isActive: false, switchedOn: [{ id: first.id, name: 'Gran Fondo Stelvio' }] });
      expect(await activeIn(accountId)).toEqual([first.id]);

      // Switching a plan on does the same, both ways.
      expect((await client.patch(`/api/training-plans/${second.id}/toggle`)).body).toEqual({ id: second.id, isActive: true, switchedOff: [{ id: first.id, name: 'Gran Fondo Stelvio' }] });
      expect((await client.patch(`/api/training-plans/${first.id}/toggle`)).body).toEqual({ id: first.id, isActive: true, switchedOff: [{ id: second.id, name: 'Winter' }] });
      expect(await activeIn(accountId)).toEqual([first.id]);
    });

    it('an undo that would now share a day with another active plan is refused with 409, changing nothing', async () => {
      const { client, accountId } = await athlete({ plan: 'Pro' });
      const first = trainingPlanSaved.parse((await client.post('/api/training-plans', eventPlan)).body);
      const second = trainingPlanSaved.parse((await client.post('/api/training-plans', { ...general, active: false })).body);
      expect(second).toMatchObject({ isActive: false, switchedOff: [] });
      expect(await activeIn(accountId)).toEqual([first.id]);

      const third = trainingPlanSaved.parse((await client.post('/api/training-plans', { ...general, planName: 'Block 3' })).body);
      expect(third.switchedOff).toEqual([{ id: first.id, name: 'Gran Fondo Stelvio' }]);
      // Then the athlete switches the second on: the third makes way. Undoing the third's creation would put the first beside the second.
      expect((await client.patch(`/api/training-plans/${second.id}/toggle`)).body.switchedOff).toEqual([{ id: third.id, name: 'Block 3' }]);
      const refused = await switchBack(client, third.id, [first.id]);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        `"Gran Fondo Stelvio" cannot be switched back on: it would run on the same days as your active plan "Winter" (until ${second.phases.at(-1)!.endDate}). Switch that one off first.`,
      );
      expect(await activeIn(accountId)).toEqual([second.id]);
    });

    it('plans on different days stay active together; an edit that moves one onto the other switches it off', async () => {
      const { client, accountId } = await athlete({ plan: 'Pro' });
      const current = trainingPlanSaved.parse((await client.post('/api/training-plans', general)).body);
      // Four weeks that ended before today: no day in common with the current plan.
      const past = { ...general, planName: 'Autumn', planDuration: '4 weeks', startDate: isoDay(Date.now() - 56 * DAY_MS) };
      const earlier = trainingPlanSaved.parse((await client.post('/api/training-plans', past)).body);
      expect(earlier.switchedOff).toEqual([]);
      expect(await activeIn(accountId)).toEqual([current.id, earlier.id].sort());

      const moved = await client.put('/api/training-plans', { ...past, id: earlier.id, startDate: '' });
      expect(moved.status).toBe(200);
      expect(trainingPlanSaved.parse(moved.body).switchedOff).toEqual([{ id: current.id, name: 'Winter' }]);
      expect(await activeIn(accountId)).toEqual([earlier.id]);
    });

    it('refuses a bad switch-back with 400 and another account\'s plans with 404, changing nothing', async () => {
      const { client, accountId } = await athlete({ plan: 'Pro' });
      const first = trainingPlanSaved.parse((await client.post('/api/training-plans', eventPlan)).body);
      const second = trainingPlanSaved.parse((await client.post('/api/training-plans', general)).body);
      for (const [body, message] of [
        [undefined, 'List the plans to switch back on in switchOn.'],
        [[], 'List at least one plan to switch back on.'],
        [['not-a-uuid'], 'Name each plan to switch back on by its id.'],
        [[first.id, first.id], 'List each plan to switch back on once.'],
        [[second.id], 'A plan cannot be switched off and back on at once.'],
      ] as const) {
        const response = await switchBack(client, second.id, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body.message).toBe(message);
      }
      const bad = await client.post('/api/training-plans', { ...general, active: 'no' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Say whether the plan starts active with true or false.');

      const stranger = await athlete({ plan: 'Pro' });
      const theirs = trainingPlanSaved.parse((await stranger.client.post('/api/training-plans', { ...general, active: false })).body);
      for (const response of [
        await switchBack(stranger.client, second.id, [theirs.id]),
        await switchBack(client, second.id, [theirs.id]),
        await switchBack(client, theirs.id, [first.id]),
        await switchBack(client, crypto.randomUUID(), [first.id]),
        await client.post('/api/training-plans/not-a-uuid/switch-back', { switchOn: [first.id] }),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body.message).toBe('Training plan not found');
      }
      expect(await activeIn(accountId)).toEqual([second.id]);
      expect(await activeIn(stranger.accountId)).toEqual([]);
    });

    it('of parallel creates every one is stored and, under the account lock, one stays active', async () => {
      const { client, accountId } = await athlete({ plan: 'Pro' });
      const racing = await Promise.all([1, 2, 3].map((n) => client.post('/api/training-plans', { ...general, planName: `Block ${n}` })));
      expect(racing.map((response) => response.status)).toEqual([201, 201, 201]);
      expect(await plansIn(accountId)).toBe(3);
      const active = await activeIn(accountId);
      expect(active).toHaveLength(1);
      // Each answer names exactly the plans it found active: together, every plan but the one still on.
      const switchedOff = racing.flatMap((response) => trainingPlanSaved.parse(response.body).switchedOff.map((plan) => plan.id));
      expect(switchedOff.sort()).toEqual(racing.map((response) => response.body.id as string).filter((id) => id !== active[0]).sort());
    });
  });
});
