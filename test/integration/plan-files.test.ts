import { Decoder, Stream } from '@garmin/fitsdk';
import FitParser from 'fit-file-parser';
import { XMLParser } from 'fast-xml-parser';
import ICAL from 'ical.js';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRO_ONLY_MESSAGES } from '../../src/shared/api/exports.ts';
import { calendarFeedCreated, planSessionFiles, SESSION_NOT_FOUND, WORKOUT_FORMAT_UNAVAILABLE } from '../../src/shared/api/plan-files.ts';
import { trainingPlanView } from '../../src/shared/api/training-plans.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import { createClient } from '../support/http-client.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { eventPlan, registerPlanner } from '../support/plans.ts';
import { readZip } from '../support/zip-files.ts';

const kinds = await testDatabaseKinds();

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const weekday = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;

type XmlNode = Record<string, unknown>;
/** A .zwo read with an XML parser (the writer only builds): its sport, description and steps with their attributes. */
function readZwift(xml: string) {
  const document = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', parseAttributeValue: true }).parse(xml, true) as XmlNode[];
  const root = document.find((node) => 'workout_file' in node)!.workout_file as XmlNode[];
  const text = (tag: string) => ((root.find((node) => tag in node)?.[tag] as XmlNode[] | undefined)?.[0]?.['#text'] as string | undefined) ?? null;
  const workout = root.find((node) => 'workout' in node)!.workout as XmlNode[];
  return {
    name: text('name'),
    sportType: text('sportType'),
    description: text('description'),
    steps: workout.map((node) => ({ tag: Object.keys(node).find((key) => key !== ':@')!, attributes: node[':@'] as Record<string, number | undefined> })),
  };
}

/** Today and the next 60 days: past the first weeks, which start low for an athlete with no history. */
const twoMonths = () => `from=${new Date().toISOString().slice(0, 10)}&to=${new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10)}`;
/** The longest session of a kind in a listing, with its interval set whole. */
const longest = <T extends { activityType: string; durationMin: number }>(sessions: T[], activityType: string): T =>
  sessions.filter((session) => session.activityType === activityType).sort((a, b) => b.durationMin - a.durationMin)[0]!;

/** A test-side reader of ERG-mode course files: the (minutes, value) points. */
const coursePoints = (text: string) =>
  text
    .split('\r\n')
    .slice(text.split('\r\n').indexOf('[COURSE DATA]') + 1, text.split('\r\n').indexOf('[END COURSE DATA]'))
    .map((line) => line.split('\t').map(Number) as [number, number]);

describe.each(kinds)('plan workout files and calendar feed on %s', (kind) => {
  let server: TestKairo;
  const query = <Row>(text: string, params: unknown[] = []) => server.database.handle.query<Row>(text, params);

  /** A Pro athlete unless told otherwise, connected to Strava, with `settings` saved. */
  async function athlete(options: { plan?: string; settings?: Record<string, unknown> } = {}) {
    const planner = await registerPlanner(server, { plan: options.plan ?? 'Pro', emailPrefix: 'devices' });
    if (options.settings) expect((await planner.client.put('/api/user/settings', options.settings)).status).toBe(200);
    return planner;
  }

  beforeAll(async () => {
    server = await startTestKairo(kind, { SESSION_CACHE_SECONDS: '0' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('downloads a dated ride as FIT, .zwo, .mrc and .erg with watts from the FTP in settings, scoped to the account', async () => {
    const { client } = await athlete({ settings: { athleteFtp: 280 } });
    const plan = trainingPlanView.parse((await client.post('/api/training-plans', eventPlan)).body);
    const today = planSessionFiles.parse((await client.get(`/api/training-plans/${plan.id}/sessions`)).body);
    expect(today.from).toBe(new Date().toISOString().slice(0, 10));
    expect(Date.parse(today.to) - Date.parse(today.from)).toBe(13 * 86_400_000);
    const listed = planSessionFiles.parse((await client.get(`/api/training-plans/${plan.id}/sessions?${twoMonths()}`)).body);
    const ride = longest(listed.sessions, 'Cycling - long');
    expect(ride.files.map((file) => [file.format, file.available])).toEqual([
      ['fit', true],
      ['zwo', true],
      ['mrc', true],
      ['erg', true],
    ]);
    const fitOf = async (date: string) => {
      const response = await client.get(`/api/training-plans/${plan.id}/sessions/${date}/workout.fit`);
      expect(response.status).toBe(200);
      expect(new Decoder(Stream.fromByteArray(response.bytes)).checkIntegrity()).toBe(true);
      const parsed = (await new FitParser({ force: false, mode: 'list' }).parseAsync(Buffer.from(response.bytes))) as unknown as { messages: Record<string, Record<string, number | string>[]> };
      return { response, steps: parsed.messages.workout_step!, workout: parsed.messages.workout![0]! };
    };
    /** The workout's time from the decoded steps: a repeat adds its block's time once per further round. */
    const totalMs = (steps: Record<string, number | string>[]) =>
      steps.reduce((sum, step, index) => {
        if (step.duration_type === 'time') return sum + Number(step.duration_value);
        const block = steps.slice(Number(step.duration_value), index).reduce((inner, child) => inner + Number(child.duration_value), 0);
        return sum + (Number(step.target_value) - 1) * block;
      }, 0);

    const fit = await fitOf(ride.date);
    expect(fit.response.headers.get('content-type')).toBe('application/vnd.ant.fit');
    // Named by date, weekday and session, the same as in the plan's zip: a long ride has no interval set, so its minutes.
    expect(fit.response.headers.get('content-disposition')).toBe(`attachment; filename="${ride.date}-${weekday(ride.date)}-long-${ride.durationMin}min.fit"`);
    const { messages, errors } = new Decoder(Stream.fromByteArray(fit.response.bytes)).read();
    expect(errors).toEqual([]);
    expect(messages.workoutMesgs![0]).toMatchObject({ sport: 'cycling', numValidSteps: messages.workoutStepMesgs!.length });
    expect(fit.workout.sport).toBe('cycling');
    expect(totalMs(fit.steps)).toBe(ride.durationMin * 60_000);
    // Warm-up 45-70 % and zone 2 at 56-75 % of 280 W, as 1000 + watts.
    expect([fit.steps[0]!.intensity, fit.steps[0]!.custom_target_value_low, fit.steps[0]!.custom_target_value_high]).toEqual(['warmup', 1000 + 126, 1000 + 196]);
    expect(fit.steps.some((step) => step.custom_target_value_low === 1000 + 157 && step.custom_target_value_high === 1000 + 210)).toBe(true);

    // Some ride of the first two months has an interval set: a repeat step over its work and recovery.
    let repeated = false;
    for (const session of listed.sessions.filter((candidate) => candidate.activityType.startsWith('Cycling') && candidate.date !== ride.date)) {
      const { steps } = await fitOf(session.date);
      expect(totalMs(steps)).toBe(session.durationMin * 60_000);
      const repeat = steps.find((step) => step.duration_type === 'repeat_until_steps_cmplt');
      if (!repeat) continue;
      expect(steps[Number(repeat.duration_value)]!.intensity).toBe('active');
      expect(Number(repeat.target_value)).toBeGreaterThanOrEqual(1);
      repeated = true;
      break;
    }
    expect(repeated).toBe(true);

    const erg = await client.get(`/api/training-plans/${plan.id}/sessions/${ride.date}/workout.erg`);
    expect(erg.text).toContain('FTP = 280');
    const ergPoints = coursePoints(erg.text);
    expect(ergPoints[0]).toEqual([0, 126]);
    expect(ergPoints.at(-1)![0]).toBe(ride.durationMin);
    // Zone 2 held at its middle, 65.5 % of 280 W.
    expect(ergPoints.some(([, watts]) => watts === 183)).toBe(true);
    const mrc = coursePoints((await client.get(`/api/training-plans/${plan.id}/sessions/${ride.date}/workout.mrc`)).text);
    expect(mrc.map(([minute]) => minute)).toEqual(ergPoints.map(([minute]) => minute));
    expect(mrc.some(([, pct]) => pct === 65.5)).toBe(true);
    expect((await client.get(`/api/training-plans/${plan.id}/sessions/${ride.date}/workout.zwo`)).text).toContain('<SteadyState');

    // Not a session day, not a format, not a date: 404; not the athlete's plan: 404; not Pro: 403.
    const rest = listed.sessions.length > 0 ? '2001-01-01' : '';
    for (const path of [`sessions/${rest}/workout.fit`, `sessions/${ride.date}/workout.gpx`, `sessions/tomorrow/workout.fit`]) {
      const response = await client.get(`/api/training-plans/${plan.id}/${path}`);
      expect(response.status).toBe(404);
      expect(response.body.message).toBe(SESSION_NOT_FOUND);
    }
    const other = await athlete();
    for (const response of [
      await other.client.get(`/api/training-plans/${plan.id}/sessions`),
      await other.client.get(`/api/training-plans/${plan.id}/sessions/${ride.date}/workout.fit`),
      await other.client.get(`/api/training-plans/${plan.id}/workouts.zip`),
    ]) {
      expect(response.status).toBe(404);
    }
    const free = await athlete({ plan: 'Free' });
    const refused = await free.client.get(`/api/training-plans/${plan.id}/sessions/${ride.date}/workout.fit`);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(PRO_ONLY_MESSAGES.workoutFile);
    expect((await client.get(`/api/training-plans/${plan.id}/sessions?from=2026-02-30`)).status).toBe(400);
    expect((await client.get(`/api/training-plans/${plan.id}/sessions?from=2026-03-10&to=2026-03-01`)).body.message).toBe('The range ends before it starts.');
  });

  it('offers no .erg without an FTP and says why; runs download as FIT with speed targets from threshold pace, and as Zwift run workouts', async () => {
    const { client } = await athlete();
    const plan = trainingPlanView.parse((await client.post('/api/training-plans', eventPlan)).body);
    const listed = planSessionFiles.parse((await client.get(`/api/training-plans/${plan.id}/sessions`)).body);
    const ride = listed.sessions.find((session) => session.activityType.startsWith('Cycling') && session.files.some((file) => file.available))!;
    expect(ride.files.find((file) => file.format === 'erg')).toEqual({ format: 'erg', available: false, reason: WORKOUT_FORMAT_UNAVAILABLE.ergNeedsFtp });
    const erg = await client.get(`/api/training-plans/${plan.id}/sessions/${ride.date}/workout.erg`);
    expect(erg.status).toBe(400);
    expect(erg.body).toEqual({ error: WORKOUT_FORMAT_UNAVAILABLE.ergNeedsFtp, message: WORKOUT_FORMAT_UNAVAILABLE.ergNeedsFtp });
    // % FTP in the FIT file when no FTP is known.
    const fit = await client.get(`/api/training-plans/${plan.id}/sessions/${ride.date}/workout.fit`);
    const powers = new Decoder(Stream.fromByteArray(fit.bytes)).read().messages.workoutStepMesgs!.filter((step) => step.targetType === 'power');
    expect(powers.every((step) => Number(step.customTargetValueHigh) <= 150)).toBe(true);

    // A runner with a 4:00 /km threshold pace.
    const runner = await athlete({ settings: { athleteThresholdPaceSPerKm: 240 } });
    const marathon = trainingPlanView.parse((await runner.client.post('/api/training-plans', { ...eventPlan, eventType: 'running', eventName: 'Lisbon Marathon', eventDistance: '42.2 km' })).body);
    const runs = planSessionFiles.parse((await runner.client.get(`/api/training-plans/${marathon.id}/sessions?${twoMonths()}`)).body);
    const tempo = longest(runs.sessions, 'Running - tempo');
    expect(tempo.files.filter((file) => file.available).map((file) => file.format)).toEqual(['fit', 'zwo']);
    expect(tempo.files.find((file) => file.format === 'erg')!.reason).toBe(WORKOUT_FORMAT_UNAVAILABLE.notCycling);
    const runFit = await runner.client.get(`/api/training-plans/${marathon.id}/sessions/${tempo.date}/workout.fit`);
    const parsed = (await new FitParser({ force: false, mode: 'list' }).parseAsync(Buffer.from(runFit.bytes))) as unknown as { messages: Record<string, Record<string, number | string>[]> };
    expect(parsed.messages.workout![0]!.sport).toBe('running');
    const work = parsed.messages.workout_step!.find((step) => step.duration_value === 900_000)!;
    // Zone 3: 106-113 % of the threshold pace, i.e. 4:14 to 4:31 /km.
    expect([work.target_type, work.custom_target_value_low, work.custom_target_value_high]).toEqual(['speed', 3687, 3931]);
    // Zwift runs too: the same work step as fractions of threshold pace (1.0 = 4:00 /km), read by an XML parser, not the writer.
    const zwo = await runner.client.get(`/api/training-plans/${marathon.id}/sessions/${tempo.date}/workout.zwo`);
    expect(zwo.status).toBe(200);
    const runWorkout = readZwift(zwo.text);
    expect(runWorkout.sportType).toBe('run');
    expect(runWorkout.description).toContain('set the same threshold pace in Zwift');
    const zwiftWork = runWorkout.steps.find((step) => step.attributes.OnDuration === 900 || step.attributes.Duration === 900)!;
    const workFraction = zwiftWork.attributes.OnPower ?? zwiftWork.attributes.Power!;
    // The middle of zone 3 in Friel's pace zones, 106-113 % of threshold pace: 100/113 to 100/106 of threshold speed.
    expect(workFraction).toBe(0.914);
    // The pace it sets at the athlete's threshold lies within the FIT file's speed target for the same step (mm/s).
    const thresholdSpeedMmS = 1_000_000 / 240;
    expect(workFraction * thresholdSpeedMmS).toBeGreaterThan(3687);
    expect(workFraction * thresholdSpeedMmS).toBeLessThan(3931);
    // The plan's zip holds the runs as FIT and Zwift workouts, named by date.
    const zip = await runner.client.get(`/api/training-plans/${marathon.id}/workouts.zip`);
    expect(zip.status).toBe(200);
    const entries = [...(await readZip(zip.bytes)).keys()];
    expect(entries.length).toBeGreaterThan(0);
    for (const name of entries) expect(name).toMatch(/^(fit|zwo)\/\d{4}-\d{2}-\d{2}-[a-z]{3}-run-[a-z0-9-]+\.\1$/);
    expect(entries.filter((name) => name.startsWith('zwo/')).map((name) => name.slice(4, -4))).toEqual(entries.filter((name) => name.startsWith('fit/')).map((name) => name.slice(4, -4)));

    // A runner with heart-rate zones but no threshold pace: FIT (heart rate) only, and the .zwo says why.
    const hrRunner = await athlete({ settings: { athleteLthrBpm: 170, athleteMaxHrBpm: 190 } });
    const hrPlan = trainingPlanView.parse((await hrRunner.client.post('/api/training-plans', { ...eventPlan, eventType: 'running', eventName: 'Lisbon Marathon', eventDistance: '42.2 km' })).body);
    const hrRuns = planSessionFiles.parse((await hrRunner.client.get(`/api/training-plans/${hrPlan.id}/sessions?${twoMonths()}`)).body);
    const hrTempo = longest(hrRuns.sessions, 'Running - tempo');
    expect(hrTempo.files.filter((file) => file.available).map((file) => file.format)).toEqual(['fit']);
    expect(hrTempo.files.find((file) => file.format === 'zwo')!.reason).toBe(WORKOUT_FORMAT_UNAVAILABLE.runZwoNeedsPace);
  });

  it("zips every dated session, following an accepted change and its undo, read back with an independent unzip and FIT decoders", async () => {
    const { client, accountId } = await athlete({ settings: { athleteFtp: 250 } });
    const plan = trainingPlanView.parse((await client.post('/api/training-plans', eventPlan)).body);
    const zipOf = async () => {
      const response = await client.get(`/api/training-plans/${plan.id}/workouts.zip`);
      expect(response.status).toBe(200);
      return readZip(response.bytes);
    };
    /** A zipped FIT file's steps, after both decoders accept it (the SDK's CRC check, fit-file-parser's messages). */
    const fitSteps = async (bytes: Buffer) => {
      expect(new Decoder(Stream.fromByteArray(bytes)).checkIntegrity()).toBe(true);
      const parsed = (await new FitParser({ force: false, mode: 'list' }).parseAsync(Buffer.from(bytes))) as unknown as { messages: Record<string, Record<string, number | string>[]> };
      return { name: parsed.messages.workout![0]!.wkt_name, steps: parsed.messages.workout_step!.map(({ message_index: _index, ...step }) => step) };
    };
    const named = (files: Map<string, Buffer>, folder: string, date: string) => [...files.keys()].filter((name) => name.startsWith(`${folder}/${date}-`));
    const textFiles = (files: Map<string, Buffer>) => new Map([...files].filter(([name]) => !name.startsWith('fit/')));

    const before = await zipOf();
    const listed = planSessionFiles.parse((await client.get(`/api/training-plans/${plan.id}/sessions?${twoMonths()}`)).body);
    const rides = listed.sessions.filter((session) => session.files.some((file) => file.format === 'fit' && file.available));
    expect(rides.length).toBeGreaterThan(10);
    // Every format, one file per dated ride, each the same bytes as that session's own download (the first ten rides here).
    for (const ride of rides.slice(0, 10)) {
      for (const format of ['fit', 'zwo', 'mrc', 'erg']) {
        const [name] = named(before, format, ride.date);
        expect(name, `${format} of ${ride.date}`).toBeDefined();
        const own = await client.get(`/api/training-plans/${plan.id}/sessions/${ride.date}/workout.${format}`);
        expect(own.headers.get('content-disposition')).toBe(`attachment; filename="${name!.slice(format.length + 1)}"`);
        expect(Buffer.from(own.bytes).equals(before.get(name!)!)).toBe(true);
      }
    }
    // An interval ride becomes a 1 h endurance ride; another ride becomes a rest day.
    let changed: (typeof rides)[number] | undefined;
    for (const ride of rides) {
      const { steps } = await fitSteps(before.get(named(before, 'fit', ride.date)[0]!)!);
      if (steps.some((step) => step.duration_type === 'repeat_until_steps_cmplt')) {
        changed = ride;
        break;
      }
    }
    expect(changed).toBeDefined();
    expect(named(before, 'fit', changed!.date)[0]).toMatch(new RegExp(`^fit/${changed!.date}-${weekday(changed!.date)}-[a-z0-9-]+-\\d+x\\d+s?\\.fit$`));
    const rested = rides.find((ride) => ride.date !== changed!.date)!;
    const scheduledOn = (date: string) => {
      const phase = plan.phases.find((candidate) => candidate.startDate <= date && date <= candidate.endDate)!;
      const dayName = new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' });
      const schedule = plan.generatedPlan.trainingPlan.phases.find((candidate) => candidate.key === phase.name)!.dailySchedule!;
      return { day: schedule.find((day) => day.dayOfWeek === dayName)!, endurance: schedule.find((day) => day.activityType === 'Cycling - endurance')! };
    };
    const changes = [
      { date: changed!.date, kind: 'swap', before: { scheduled: scheduledOn(changed!.date).day, durationMin: changed!.durationMin }, after: { scheduled: scheduledOn(changed!.date).endurance, durationMin: 60 } },
      { date: rested.date, kind: 'rest', before: { scheduled: scheduledOn(rested.date).day, durationMin: rested.durationMin }, after: null },
    ];
    const [proposal] = await query<{ id: string }>(
      `insert into plan_adjustments (plan_id, account_id, trigger, situation, reason, evidence, changes) values ($1, $2, 'form-deep', 'form-deep', 'Form is low.', '{}', $3) returning id`,
      [plan.id, accountId, JSON.stringify(changes)],
    );
    expect((await client.post(`/api/training-plans/${plan.id}/adjustments/${proposal!.id}/accept`)).status).toBe(200);

    const after = await zipOf();
    // The rest day has no file in any folder; the changed day has the endurance ride, named and written anew.
    for (const format of ['fit', 'zwo', 'mrc', 'erg']) expect(named(after, format, rested.date)).toEqual([]);
    const [changedFit] = named(after, 'fit', changed!.date);
    expect(changedFit).toBe(`fit/${changed!.date}-${weekday(changed!.date)}-endurance-60min.fit`);
    const swapped = await fitSteps(after.get(changedFit!)!);
    expect(swapped.name).toMatch(/ - endurance \(1 h\)$/);
    expect(swapped.steps.some((step) => step.duration_type === 'repeat_until_steps_cmplt')).toBe(false);
    expect(swapped.steps.reduce((sum, step) => sum + Number(step.duration_value), 0)).toBe(60 * 60_000);
    expect(after.get(`erg/${changed!.date}-${weekday(changed!.date)}-endurance-60min.erg`)!.toString('utf8')).toContain('FTP = 250');
    expect(Buffer.from((await client.get(`/api/training-plans/${plan.id}/sessions/${changed!.date}/workout.fit`)).bytes).equals(after.get(changedFit!)!)).toBe(true);
    // Every other session is as it was (a FIT file's creation time is the plan's last change, so its steps are compared).
    const untouched = (files: Map<string, Buffer>) => [...files.keys()].filter((name) => !name.includes(changed!.date) && !name.includes(rested.date));
    expect(untouched(after)).toEqual(untouched(before));
    expect(after.size).toBe(before.size - 4);
    for (const name of untouched(after)) {
      if (name.startsWith('fit/')) expect((await fitSteps(after.get(name)!)).steps).toEqual((await fitSteps(before.get(name)!)).steps);
      else expect(after.get(name)!.equals(before.get(name)!)).toBe(true);
    }

    // Undone, the zip holds what it held before.
    expect((await client.post(`/api/training-plans/${plan.id}/adjustments/${proposal!.id}/undo`)).status).toBe(200);
    const undone = await zipOf();
    expect([...undone.keys()]).toEqual([...before.keys()]);
    expect(textFiles(undone)).toEqual(textFiles(before));
    for (const name of [...undone.keys()].filter((entry) => entry.startsWith('fit/') && (entry.includes(changed!.date) || entry.includes(rested.date)))) {
      expect((await fitSteps(undone.get(name)!)).steps).toEqual((await fitSteps(before.get(name)!)).steps);
    }
  });

  it('serves a private calendar feed without a cookie, stored hashed, that follows the plan and can be replaced and revoked', async () => {
    const { client, accountId } = await athlete();
    const plan = trainingPlanView.parse((await client.post('/api/training-plans', eventPlan)).body);
    expect((await client.get(`/api/training-plans/${plan.id}/calendar-feed`)).body).toEqual({ active: false, createdAt: null });

    const created = calendarFeedCreated.parse((await client.post(`/api/training-plans/${plan.id}/calendar-feed`)).body);
    const path = new URL(created.url).pathname;
    const token = /^\/calendar\/([A-Za-z0-9_-]+)\.ics$/.exec(path)![1]!;
    // 32 random bytes: 256 bits.
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(created.webcalUrl).toBe(`webcal://${new URL(created.url).host}${path}`);
    const stored = await query<{ token_hash: string; account_id: string }>('select token_hash, account_id from plan_calendar_feeds where plan_id = $1', [plan.id]);
    expect(stored).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex'), account_id: accountId }]);
    expect((await client.get(`/api/training-plans/${plan.id}/calendar-feed`)).body).toMatchObject({ active: true, createdAt: created.createdAt });

    const anonymous = createClient(server.url, { origin: null });
    const feed = await anonymous.get(path);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.headers.get('cache-control')).toBe('private, max-age=300');
    const events = new ICAL.Component(ICAL.parse(feed.text)).getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    const download = new ICAL.Component(ICAL.parse((await client.get(`/api/training-plans/${plan.id}/calendar.ics`)).text)).getAllSubcomponents('vevent');
    expect(events).toHaveLength(download.length);
    const first = events[0]!;
    expect(first.uid).toBe(`${plan.id}-${first.startDate.toString().replace(/-/g, '')}@kairo`);
    expect(first.sequence).toBeGreaterThan(0);
    const tempo = events.filter((event) => event.summary.startsWith('Cycling - tempo')).sort((a, b) => b.summary.localeCompare(a.summary))[0]!;
    expect(tempo.description).toContain('Workout:\nWarm-up: ');
    // The tempo work as steps: a steady block, or repeats when the week's minutes are short (an athlete without history, ADR 0069).
    expect(tempo.description).toMatch(/^(Steady: \d+ min|\d+ x \(\d+ min) at 76-90 % FTP/m);
    // A second poll with the ETag costs a 304.
    const again = await anonymous.get(path, { headers: { 'if-none-match': feed.headers.get('etag')! } });
    expect(again.status).toBe(304);

    // The plan changes (regenerated for a renamed event): the same days keep their UIDs, with a higher SEQUENCE and the new text.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await client.put('/api/training-plans', { ...eventPlan, id: plan.id, eventName: 'Marmotte' })).status).toBe(200);
    const changed = await anonymous.get(path, { headers: { 'if-none-match': feed.headers.get('etag')! } });
    expect(changed.status).toBe(200);
    const after = new ICAL.Component(ICAL.parse(changed.text)).getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    const sameDay = after.find((event) => event.uid === tempo.uid)!;
    expect(sameDay.sequence).toBeGreaterThan(tempo.sequence);
    const raceDay = after.at(-1)!;
    expect(raceDay.uid).toBe(events.at(-1)!.uid);
    expect([events.at(-1)!.summary, raceDay.summary]).toEqual(['Cycling - race day: Gran Fondo Stelvio', 'Cycling - race day: Marmotte']);

    // Replaced: the old URL reads nothing, the new one the plan.
    const replaced = calendarFeedCreated.parse((await client.post(`/api/training-plans/${plan.id}/calendar-feed`)).body);
    expect(replaced.url).not.toBe(created.url);
    expect((await anonymous.get(path)).status).toBe(404);
    const newPath = new URL(replaced.url).pathname;
    expect((await anonymous.get(newPath)).status).toBe(200);

    // Another account can neither see, make nor revoke this plan's feed.
    const other = await athlete();
    for (const response of [
      await other.client.get(`/api/training-plans/${plan.id}/calendar-feed`),
      await other.client.post(`/api/training-plans/${plan.id}/calendar-feed`),
      await other.client.delete(`/api/training-plans/${plan.id}/calendar-feed`),
    ]) {
      expect(response.status).toBe(404);
    }
    expect((await anonymous.get(newPath)).status).toBe(200);

    // Revoked: 404, like an unknown or malformed token.
    expect((await client.delete(`/api/training-plans/${plan.id}/calendar-feed`)).status).toBe(200);
    expect((await client.delete(`/api/training-plans/${plan.id}/calendar-feed`)).status).toBe(404);
    for (const unknown of [newPath, `/calendar/${'A'.repeat(43)}.ics`, '/calendar/short.ics', '/calendar/x']) expect((await anonymous.get(unknown)).status).toBe(404);
    expect((await client.get(`/api/training-plans/${plan.id}/calendar-feed`)).body).toEqual({ active: false, createdAt: null });

    // Deleting the plan deletes its feed.
    const again2 = calendarFeedCreated.parse((await client.post(`/api/training-plans/${plan.id}/calendar-feed`)).body);
    expect((await client.delete(`/api/training-plans/${plan.id}`)).status).toBe(200);
    expect((await anonymous.get(new URL(again2.url).pathname)).status).toBe(404);
  });
});
