import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wellnessImportAnswer } from '../../src/shared/api/wellness.ts';
import { DAY_MS } from '../../src/shared/time.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import type { TestClient } from '../support/http-client.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { registerAthlete } from '../support/strava.ts';

const kinds = await testDatabaseKinds();

const dayAfter = (start: string, days: number) => new Date(Date.parse(`${start}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const FIRST_DAY = '2024-01-01';
const DAYS = 120;

/** Import `n`'s file: the same 120 days as every other import (plus 20 of its own), its own values, rows in its own order. */
function importFile(n: number): { body: Buffer; days: Map<string, { hrvRmssdMs: number; restingHrBpm: number }> } {
  const days = new Map<string, { hrvRmssdMs: number; restingHrBpm: number }>();
  for (let i = 0; i < DAYS + 20; i++) {
    const date = dayAfter(FIRST_DAY, i + (i >= DAYS ? n * 20 : 0));
    days.set(date, { hrvRmssdMs: 30 + n * 10 + (i % 7), restingHrBpm: 40 + n });
  }
  const dates = [...days.keys()];
  // Newest first, oldest first, or every seventh day: the row locks of unsorted writes would cross.
  const ordered = n % 3 === 0 ? dates.reverse() : n % 3 === 1 ? dates : [...dates].sort((a, b) => (Number(a.slice(8)) % 7) - (Number(b.slice(8)) % 7) || a.localeCompare(b));
  const lines = ['date,hrv,resting_hr', ...ordered.map((date) => `${date},${days.get(date)!.hrvRmssdMs},${days.get(date)!.restingHrBpm}`)];
  return { body: Buffer.from(lines.join('\n')), days };
}

const post = (client: TestClient, body: Buffer) =>
  client.request('POST', '/api/wellness/import', undefined, { rawBody: body, headers: { 'content-type': 'text/csv' } });

describe.each(kinds)('Wellness CSV imports under load on %s', (kind) => {
  let server: TestKairo;

  beforeAll(async () => {
    server = await startTestKairo(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('takes 10 parallel imports of one account with overlapping days: no 500, no day twice, the days of one import whole', async () => {
    const athlete = await registerAthlete(server.url);
    const files = Array.from({ length: 10 }, (_, n) => importFile(n));
    const answers = await Promise.all(files.map((file) => post(athlete, file.body)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    for (const answer of answers) expect(wellnessImportAnswer.parse(answer.body)).toMatchObject({ imported: DAYS + 20, errorCount: 0 });

    const stored = (await athlete.get(`/api/wellness?from=${FIRST_DAY}&to=${dayAfter(FIRST_DAY, DAYS + 10 * 20 + 20)}`)).body.days as {
      date: string;
      hrvRmssdMs: number;
      restingHrBpm: number;
    }[];
    // Every import's own 20 days, and the 120 shared days once each.
    expect(stored).toHaveLength(DAYS + 10 * 20);
    expect(new Set(stored.map((day) => day.date)).size).toBe(stored.length);
    // The shared days are all those of one import (the last to write), not a mix.
    const shared = stored.filter((day) => day.date < dayAfter(FIRST_DAY, DAYS));
    const winner = shared[0]!.restingHrBpm - 40;
    expect(shared.map(({ date, hrvRmssdMs, restingHrBpm }) => [date, { hrvRmssdMs, restingHrBpm }])).toEqual(
      [...files[winner]!.days].filter(([date]) => date < dayAfter(FIRST_DAY, DAYS)),
    );
    // Each import's own days carry its values.
    for (const [n, file] of files.entries()) {
      const own = [...file.days].filter(([date]) => date >= dayAfter(FIRST_DAY, DAYS));
      for (const [date, values] of own) expect(stored.find((day) => day.date === date), `import ${n}, ${date}`).toMatchObject(values);
    }
  });

  it('answers /healthz, asked once a large valid import is sent, before the import; the import is right', async () => {
    const athlete = await registerAthlete(server.url);
    const count = 45_000;
    const lines = ['date,hrv,resting_hr,sleep_hours,fatigue'];
    for (let i = 0; i < count; i++) lines.push(`${dayAfter('1900-01-01', i)},${20 + (i % 200)},${40 + (i % 30)},7.5,${1 + (i % 5)}`);
    const body = Buffer.from(lines.join('\n'));
    expect(body.length).toBeGreaterThan(1024 * 1024);

    const order: string[] = [];
    const cookie = [...athlete.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const url = new URL('/api/wellness/import', server.url);
    let healthz: Promise<void> | undefined;
    const imported = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = httpRequest(
        url,
        { method: 'POST', headers: { cookie, origin: server.url, 'content-type': 'text/csv', 'content-length': String(body.length) } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            order.push('import');
            resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      // Once the whole file is handed to the socket, the server is reading or importing it.
      request.on('finish', () => {
        healthz = fetch(new URL('/healthz', server.url)).then(async (response) => {
          expect(response.status).toBe(200);
          await response.text();
          order.push('healthz');
        });
      });
      request.end(body);
    });
    const answer = await imported;
    await healthz;
    expect(order).toEqual(['healthz', 'import']);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ imported: count, unknownColumns: [], errors: [], errorCount: 0 });
    const last = dayAfter('1900-01-01', count - 1);
    expect((await athlete.get(`/api/wellness/${last}`)).body.day).toMatchObject({
      date: last,
      hrvRmssdMs: 20 + ((count - 1) % 200),
      restingHrBpm: 40 + ((count - 1) % 30),
      sleepHours: 7.5,
      fatigue: 1 + ((count - 1) % 5),
    });
    expect((await athlete.get('/api/wellness/1900-01-01')).body.day).toMatchObject({ hrvRmssdMs: 20, restingHrBpm: 40, fatigue: 1 });
  });
});
