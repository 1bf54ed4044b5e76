import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readinessAnswer, wellnessImportAnswer } from '../../src/shared/api/wellness.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import type { TestClient } from '../support/http-client.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { registerAthlete, waitForJobs } from '../support/strava.ts';
import { DAY_MS } from '../../src/shared/time.ts';
import { powerRide } from '../support/recordings.ts';

const kinds = await testDatabaseKinds();

const dayOffset = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
const TODAY = dayOffset(0);
const YESTERDAY = dayOffset(-1);

const CHECK_IN = {
  sleepHours: 7.5,
  sleepQuality: 4,
  fatigue: 2,
  soreness: 3,
  stress: 2,
  mood: 4,
  restingHrBpm: 48,
  hrvRmssdMs: 62,
  weightKg: 70.2,
  note: 'Legs a bit heavy',
};

describe.each(kinds)('Wellness and readiness on %s', (kind) => {
  let server: TestKairo;
  let athlete: TestClient;
  let other: TestClient;
  let rideId: string;

  beforeAll(async () => {
    server = await startTestKairo(kind);
    athlete = await registerAthlete(server.url);
    other = await registerAthlete(server.url);
    const upload = await athlete.upload('/api/imports', 'ride.fit', powerRide().bytes);
    expect(upload.status).toBe(201);
    rideId = upload.body.activity.id;
    await waitForJobs(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const wellnessRows = async () =>
    (await server.database.handle.query<{ n: number }>('select count(*)::int as n from wellness_days', []))[0]?.n;

  it('saves a check-in for a day and reads it back; another athlete sees nothing of it', async () => {
    const saved = await athlete.put(`/api/wellness/${YESTERDAY}`, CHECK_IN);
    expect(saved.status).toBe(200);
    expect(saved.body.day).toEqual({ date: YESTERDAY, ...CHECK_IN });
    expect((await athlete.get(`/api/wellness/${YESTERDAY}`)).body.day).toEqual({ date: YESTERDAY, ...CHECK_IN });
    expect((await other.get(`/api/wellness/${YESTERDAY}`)).body).toEqual({ day: null });
    expect((await other.get(`/api/wellness?from=${YESTERDAY}&to=${TODAY}`)).body).toEqual({ days: [] });
    expect((await athlete.get(`/api/wellness?from=${YESTERDAY}&to=${TODAY}`)).body.days).toHaveLength(1);
  });

  it('saves the day as a whole: a field left out is cleared, values not given stay null', async () => {
    const saved = await athlete.put(`/api/wellness/${TODAY}`, { hrvRmssdMs: 58 });
    expect(saved.status).toBe(200);
    expect(saved.body.day).toMatchObject({ date: TODAY, hrvRmssdMs: 58, sleepHours: null, fatigue: null, note: null });
    const cleared = await athlete.put(`/api/wellness/${TODAY}`, {});
    expect(cleared.body).toEqual({ day: null });
    expect((await athlete.get(`/api/wellness/${TODAY}`)).body).toEqual({ day: null });
  });

  it.each([
    ['HRV 0', `/api/wellness/${YESTERDAY}`, { ...CHECK_IN, hrvRmssdMs: 0 }, /HRV \(rMSSD\) must be between 3–300 ms/],
    ['HRV 900', `/api/wellness/${YESTERDAY}`, { ...CHECK_IN, hrvRmssdMs: 900 }, /HRV \(rMSSD\) must be between/],
    ['a scale of 6', `/api/wellness/${YESTERDAY}`, { ...CHECK_IN, mood: 6 }, /Mood must be between 1–5/],
    ['an unknown field', `/api/wellness/${YESTERDAY}`, { ...CHECK_IN, vo2: 60 }, /Unknown field/],
    ['a day in the future', `/api/wellness/${dayOffset(2)}`, CHECK_IN, /Date is in the future/],
    ['an unparsable day', '/api/wellness/2026-02-30', CHECK_IN, /YYYY-MM-DD/],
    ['a word for a day', '/api/wellness/yesterday', CHECK_IN, /YYYY-MM-DD/],
  ])('refuses %s with a 400 and changes nothing', async (_case, path, body, message) => {
    const before = await wellnessRows();
    const response = await athlete.put(path, body);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(message);
    expect(await wellnessRows()).toBe(before);
    expect((await athlete.get(`/api/wellness/${YESTERDAY}`)).body.day).toEqual({ date: YESTERDAY, ...CHECK_IN });
  });

  it('refuses a range that is backwards, too long or starts in the future', async () => {
    expect((await athlete.get(`/api/wellness?from=${TODAY}&to=${YESTERDAY}`)).status).toBe(400);
    expect((await athlete.get(`/api/wellness?from=2020-01-01&to=${TODAY}`)).status).toBe(400);
    expect((await athlete.get(`/api/wellness?from=${dayOffset(3)}&to=${dayOffset(4)}`)).status).toBe(400);
    expect((await athlete.get('/api/wellness?from=soon&to=later')).status).toBe(400);
  });

  it("saves an activity's RPE and note; RPE 11 and another athlete's activity change nothing", async () => {
    expect((await athlete.get(`/api/activities/${rideId}/feel`)).body).toEqual({ rpe: null, note: null });
    const saved = await athlete.put(`/api/activities/${rideId}/feel`, { rpe: 7, note: 'Windy on the way back' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ rpe: 7, note: 'Windy on the way back' });

    const tooHard = await athlete.put(`/api/activities/${rideId}/feel`, { rpe: 11, note: null });
    expect(tooHard.status).toBe(400);
    expect(tooHard.body.message).toBe('RPE must be between 1 and 10');
    const notMine = await other.put(`/api/activities/${rideId}/feel`, { rpe: 2, note: 'mine now' });
    expect(notMine.status).toBe(404);
    expect(notMine.body.message).toBe('Activity not found');
    expect((await other.get(`/api/activities/${rideId}/feel`)).status).toBe(404);
    expect((await athlete.put('/api/activities/not-a-uuid/feel', { rpe: 2, note: null })).status).toBe(404);
    expect((await athlete.get(`/api/activities/${rideId}/feel`)).body).toEqual({ rpe: 7, note: 'Windy on the way back' });
  });

  describe('CSV import', () => {
    const csv = (text: string) => Buffer.from(text, 'utf8');
    const post = (client: TestClient, body: Buffer, type = 'text/csv') =>
      client.request('POST', '/api/wellness/import', undefined, { rawBody: body, headers: { 'content-type': type } });

    /** 40 days of HRV and resting HR, then a bad HRV, a bad date, a day in the future, an unknown column. */
    const history = () => {
      const lines = ['Date,HRV,Resting HR,sleep_hours,Sleep Score'];
      for (let ago = 40; ago >= 1; ago--) lines.push(`${dayOffset(-ago)},${ago <= 3 ? 40 : 65},${ago <= 3 ? 55 : 48},7.5,80`);
      lines.push(`${dayOffset(-45)},900,50,8,70`);
      lines.push('01/02/2026,60,50,8,70');
      lines.push(`${dayOffset(5)},60,50,8,70`);
      return lines.join('\n');
    };

    it('imports the good rows, reports bad rows by line and unknown columns', async () => {
      const response = await post(athlete, csv(history()));
      expect(response.status).toBe(200);
      const answer = wellnessImportAnswer.parse(response.body);
      expect(answer.imported).toBe(40);
      expect(answer.unknownColumns).toEqual(['Sleep Score']);
      expect(answer.errors).toEqual([
        { line: 42, message: 'HRV (rMSSD) must be between 3–300 ms' },
        { line: 43, message: '"01/02/2026" is not a date written YYYY-MM-DD' },
        { line: 44, message: `${dayOffset(5)} is in the future` },
      ]);
      expect(answer.errorCount).toBe(3);
      const days = (await athlete.get(`/api/wellness?from=${dayOffset(-40)}&to=${YESTERDAY}`)).body.days;
      expect(days).toHaveLength(40);
      // The import sets the columns it has and keeps the rest of a day already checked in.
      expect(days.at(-1)).toEqual({ ...CHECK_IN, date: YESTERDAY, hrvRmssdMs: 40, restingHrBpm: 55, sleepHours: 7.5 });
      expect((await other.get(`/api/wellness?from=${dayOffset(-40)}&to=${YESTERDAY}`)).body.days).toEqual([]);
    });

    it('imports the same file again without changing anything (an upsert)', async () => {
      const before = (await athlete.get(`/api/wellness?from=${dayOffset(-60)}&to=${TODAY}`)).body;
      const rows = await wellnessRows();
      const again = await post(athlete, csv(history()));
      expect(again.status).toBe(200);
      expect(again.body.imported).toBe(40);
      expect(await wellnessRows()).toBe(rows);
      expect((await athlete.get(`/api/wellness?from=${dayOffset(-60)}&to=${TODAY}`)).body).toEqual(before);
    });

    it.each([
      ['a 50 MB file', () => post(athlete, Buffer.alloc(50 * 1024 * 1024, 'a')), 413],
      ['a binary body sent as CSV', () => post(athlete, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])), 400],
      ['a binary body', () => post(athlete, Buffer.from([1, 2, 3, 0, 255]), 'application/octet-stream'), 415],
      ['a JSON body', () => athlete.post('/api/wellness/import', { date: TODAY }), 415],
      ['a file without a date column', () => post(athlete, csv('hrv,date\n50,2026-01-01\n')), 400],
      ['a file with no known column', () => post(athlete, csv(`date,vo2\n${YESTERDAY},60\n`)), 400],
      ['an empty file', () => post(athlete, csv('')), 400],
    ])('refuses %s and changes nothing', async (_case, send, status) => {
      const before = (await athlete.get(`/api/wellness?from=${dayOffset(-60)}&to=${TODAY}`)).body;
      const response = await send();
      expect(response.status).toBe(status);
      expect(typeof response.body.message).toBe('string');
      expect((await athlete.get(`/api/wellness?from=${dayOffset(-60)}&to=${TODAY}`)).body).toEqual(before);
    });

    it('takes the days the check-in routes take (1900-01-01 to today in UTC+14): earlier rows are left out by line, never a 500', async () => {
      const fresh = await registerAthlete(server.url);
      const far = dayOffset(2);
      // The single-day route: the same bounds.
      for (const date of ['0000-01-01', '0001-01-01', '1899-12-31']) {
        const refused = await fresh.put(`/api/wellness/${date}`, CHECK_IN);
        expect(refused.status).toBe(400);
        expect(refused.body.message).toBe('Date must be 1900-01-01 or later');
      }
      expect((await fresh.put(`/api/wellness/${far}`, CHECK_IN)).body.message).toBe('Date is in the future');

      const response = await post(fresh, csv(`date,hrv\n0000-01-01,50\n0001-01-01,50\n1899-12-31,50\n1900-01-01,51\n${far},50\n${YESTERDAY},52\n`));
      expect(response.status).toBe(200);
      expect(wellnessImportAnswer.parse(response.body)).toEqual({
        imported: 2,
        unknownColumns: [],
        errors: [
          { line: 2, message: '0000-01-01 is before 1900-01-01, the earliest day Kairo keeps' },
          { line: 3, message: '0001-01-01 is before 1900-01-01, the earliest day Kairo keeps' },
          { line: 4, message: '1899-12-31 is before 1900-01-01, the earliest day Kairo keeps' },
          { line: 6, message: `${far} is in the future` },
        ],
        errorCount: 4,
      });
      // What the import stored, the routes show and delete.
      expect((await fresh.get('/api/wellness/1900-01-01')).body.day).toMatchObject({ date: '1900-01-01', hrvRmssdMs: 51 });
      expect((await fresh.get(`/api/wellness/${YESTERDAY}`)).body.day).toMatchObject({ hrvRmssdMs: 52 });
      const cleared = await fresh.put('/api/wellness/1900-01-01', Object.fromEntries(Object.keys(CHECK_IN).map((key) => [key, null])));
      expect(cleared.status).toBe(200);
      expect(cleared.body.day).toBeNull();
      expect((await fresh.get('/api/wellness/1900-01-01')).body.day).toBeNull();
      const early = await server.database.handle.query<{ n: number }>("select count(*)::int as n from wellness_days where date < '1900-01-02'", []);
      expect(early[0]?.n).toBe(0);
    });

    it('lists the first 100 rows left out and counts them all', async () => {
      const fresh = await registerAthlete(server.url);
      const lines = ['date,hrv', `${YESTERDAY},50`, ...Array.from({ length: 150 }, (_, i) => `someday ${i},50`)];
      const response = await post(fresh, csv(lines.join('\n')));
      expect(response.status).toBe(200);
      const answer = wellnessImportAnswer.parse(response.body);
      expect(answer.imported).toBe(1);
      expect(answer.errorCount).toBe(150);
      expect(answer.errors).toHaveLength(100);
      expect(answer.errors[0]).toEqual({ line: 3, message: '"someday 0" is not a date written YYYY-MM-DD' });
      expect(answer.errors.at(-1)).toEqual({ line: 102, message: '"someday 99" is not a date written YYYY-MM-DD' });
    });

    it.each([
      ['lines that are not dates', (i: number) => `${'junk '.repeat(8)}${i},${'y'.repeat(20)}`],
      ['lines the CSV reader cannot read', (i: number) => `a"b${i},"${'z'.repeat(40)}`],
    ])('refuses a 2 MB file of %s with a short 400, stopping after 1,000 bad rows, and changes nothing', async (_case, junk) => {
      const fresh = await registerAthlete(server.url);
      const lines = ['date,hrv', `${YESTERDAY},50`];
      let size = 0;
      for (let i = 0; size < 2 * 1024 * 1024 - 200; i++) {
        const line = junk(i);
        lines.push(line);
        size += line.length + 1;
      }
      const body = csv(lines.join('\n'));
      expect(body.length).toBeGreaterThan(1.9 * 1024 * 1024);
      expect(body.length).toBeLessThanOrEqual(2 * 1024 * 1024);
      const response = await post(fresh, body);
      expect(response.status).toBe(400);
      expect(response.text.length).toBeLessThan(1000);
      expect(response.body.message).toMatch(
        /^More than 1,000 rows of the file could not be read, so it was not imported and nothing was changed \(line 3: .+\)\. Is it a wellness CSV \(README "Wellness CSV"\)\?$/,
      );
      expect((await fresh.get(`/api/wellness/${YESTERDAY}`)).body.day).toBeNull();
    });

    it('lists at most 100 unknown columns, each cut to 40 characters', async () => {
      const fresh = await registerAthlete(server.url);
      const header = ['date', 'hrv', ...Array.from({ length: 5000 }, (_, i) => `column ${i} ${'w'.repeat(60)}`)];
      const response = await post(fresh, csv(`${header.join(',')}\n${YESTERDAY},50\n`));
      expect(response.status).toBe(200);
      const answer = wellnessImportAnswer.parse(response.body);
      expect(answer.imported).toBe(1);
      expect(answer.unknownColumns).toHaveLength(100);
      expect(answer.unknownColumns[0]).toBe(`column 0 ${'w'.repeat(31)}…`);
    });

    it('needs a session', async () => {
      const anonymous = await fetch(new URL('/api/wellness/import', server.url), {
        method: 'POST',
        headers: { 'content-type': 'text/csv', origin: server.url },
        body: `date,hrv\n${YESTERDAY},50\n`,
      });
      expect(anonymous.status).toBe(401);
    });
  });

  it('answers readiness from the imported HRV and resting HR, the check-in and the stored form', async () => {
    const response = await athlete.get(`/api/readiness?date=${YESTERDAY}&days=56`);
    expect(response.status).toBe(200);
    const { today, history } = readinessAnswer.parse(response.body);
    expect(today.date).toBe(YESTERDAY);
    // The last three days at 40 ms against weeks at 65 ms: HRV below the normal range, resting HR 7 bpm up.
    expect(today.state).toBe('strained');
    expect(today.inputs.map((input) => input.key)).toEqual(['hrv', 'restingHr', 'form', 'sleep', 'feel']);
    const hrv = today.inputs[0]!;
    expect(hrv.signal).toBe('poor');
    // The day's own 40 ms against the normal range of the 60 days before the day before (38 readings, one of them 40 ms).
    expect(hrv).toMatchObject({ value: '40 ms', figures: { hrvMs: 40, baselineReadings: 38 } });
    expect(today.inputs[1]).toMatchObject({ key: 'restingHr', signal: 'poor', value: '55 bpm', baseline: '48 bpm' });
    // The ride is years old: form is its decay, read from the stored series, not made up.
    expect(today.inputs[2]?.key).toBe('form');
    expect(today.missing).toEqual([]);
    expect(today.reasons[0]).toBe('Strained: low HRV and a raised resting HR say to hold back today.');
    expect(history).toHaveLength(56);
    expect(history.at(-1)).toMatchObject({ date: YESTERDAY, state: 'strained' });
    // The strip's line is the 7-day average, its band the same normal range the card and the proposal read.
    expect(history.at(-1)?.hrvMs).toBeCloseTo(Math.exp((3 * Math.log(40) + 4 * Math.log(65)) / 7), 6);
    expect(history.at(-1)?.hrvLowMs).toBeCloseTo(hrv.figures.lowMs!, 9);
    // Each of the three 40 ms mornings is strained on its own day, as the adjustments judge them.
    expect(history.slice(-3).map((day) => day.state)).toEqual(['strained', 'strained', 'strained']);
    // More than 60 days back nothing is recorded: no state, though the old ride's form is known (issue 26).
    expect(history[0]).toMatchObject({ state: 'unknown', hrvMs: null, hrvLowMs: null });

    const fresh = readinessAnswer.parse((await other.get('/api/readiness')).body);
    expect(fresh.today.state).toBe('unknown');
    expect(fresh.today.inputs).toEqual([]);
    // No HRV recorded at all: not a word of it.
    expect(fresh.today.missing.map((entry) => entry.key)).toEqual(['restingHr', 'form', 'sleep', 'feel']);
    expect(fresh.today.reasons.join(' ')).not.toMatch(/HRV/);
    expect((await athlete.get(`/api/readiness?date=${dayOffset(3)}`)).status).toBe(400);
  });

  it('takes a file above the JSON body limit up to its own 2 MB limit', async () => {
    const third = await registerAthlete(server.url);
    const note = 'x'.repeat(1500);
    const lines = ['date,hrv,note', ...Array.from({ length: 1000 }, (_, i) => `${dayOffset(-1 - i)},50,${note}`)];
    const body = Buffer.from(lines.join('\n'));
    expect(body.length).toBeGreaterThan(1024 * 1024);
    const response = await third.request('POST', '/api/wellness/import', undefined, { rawBody: body, headers: { 'content-type': 'text/csv' } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ imported: 1000, unknownColumns: [], errors: [], errorCount: 0 });
  });

  it("lets Kai read the ride's morning readiness: the recovery section and the next session use it", async () => {
    const detail = await athlete.get(`/api/activities/${rideId}`);
    const rideDay: string = detail.body.startDate.slice(0, 10);
    const before = await athlete.get(`/api/activities/${rideId}/analysis`);
    expect(before.status).toBe(200);
    expect(before.body.recovery).not.toContain('readiness');

    const day = (ago: number) => new Date(Date.parse(`${rideDay}T00:00:00Z`) - ago * DAY_MS).toISOString().slice(0, 10);
    const lines = ['date,hrv,resting_hr_bpm,fatigue'];
    for (let ago = 30; ago >= 0; ago--) lines.push(`${day(ago)},${ago < 3 ? 38 : 66},${ago === 0 ? 56 : 48},${ago === 0 ? 4 : ''}`);
    const imported = await athlete.request('POST', '/api/wellness/import', undefined, {
      rawBody: Buffer.from(lines.join('\n')),
      headers: { 'content-type': 'text/csv' },
    });
    expect(imported.body.imported).toBe(31);

    const refreshed = await athlete.post(`/api/activities/${rideId}/analysis/refresh`, {});
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.recovery).toMatch(/Your readiness that morning was strained: HRV \d+ ms against a normal \d+–\d+ ms; resting HR 56 bpm against a normal 48 bpm; you reported fatigue 4 of 5\./);
    expect(refreshed.body.nextSession.focus).toBe('recovery');
    expect(refreshed.body.nextActivity).toContain('Why: your readiness that morning was strained');
  });

  it('documents its routes in the OpenAPI document', async () => {
    const { paths } = (await athlete.get('/api/openapi.json')).body;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(['/api/wellness', '/api/wellness/{date}', '/api/wellness/import', '/api/readiness', '/api/activities/{id}/feel']),
    );
    expect(paths['/api/wellness/{date}'].put.requestBody.content['application/json'].schema.properties.hrvRmssdMs).toBeDefined();
  });
});
