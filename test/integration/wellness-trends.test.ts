import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readinessAnswer, type WellnessDay } from '../../src/shared/api/wellness.ts';
import { wellnessTrendsAnswer } from '../../src/shared/api/wellness-trends.ts';
import { addCalendarDays } from '../../src/shared/time.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import { createClient, type TestClient } from '../support/http-client.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { registerAthlete } from '../support/strava.ts';

const kinds = await testDatabaseKinds();

/** A fixed span, so nothing depends on today's date: the trends end with the `date` asked. */
const LAST_DAY = '2025-06-30';
const HISTORY_DAYS = 480;
const FIRST_DAY = addCalendarDays(LAST_DAY, -(HISTORY_DAYS - 1));

/**
 * A year and a half of days with gaps: every 9th day has no row at all, every 4th no HRV, every
 * 5th no resting HR, every 6th no sleep; weight on Mondays only.
 */
function historyCsv(seed: number): string {
  const lines = ['date,hrv,resting_hr,sleep_hours,weight_kg'];
  for (let i = 0; i < HISTORY_DAYS; i++) {
    if (i % 9 === 0) continue;
    const date = addCalendarDays(FIRST_DAY, i);
    const hrv = i % 4 === 0 ? '' : String(40 + seed + ((i * 7) % 23));
    const restingHr = i % 5 === 0 ? '' : String(44 + seed + ((i * 3) % 9));
    const sleep = i % 6 === 0 ? '' : String(5 + ((i * 13) % 40) / 10);
    const weight = new Date(`${date}T00:00:00Z`).getUTCDay() === 1 ? String(70 + seed + (i % 5) / 10) : '';
    lines.push(`${date},${hrv},${restingHr},${sleep},${weight}`);
  }
  return lines.join('\n');
}

const importCsv = (client: TestClient, csv: string) =>
  client.request('POST', '/api/wellness/import', undefined, { rawBody: Buffer.from(csv), headers: { 'content-type': 'text/csv' } });

describe.each(kinds)('Wellness trends on %s', (kind) => {
  let server: TestKairo;
  let athlete: TestClient;
  let other: TestClient;

  beforeAll(async () => {
    server = await startTestKairo(kind);
    athlete = await registerAthlete(server.url);
    other = await registerAthlete(server.url);
    expect((await importCsv(athlete, historyCsv(0))).status).toBe(200);
    // Another account's readings, far from the athlete's: none of them may show.
    expect((await importCsv(other, historyCsv(100))).status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each([90, 365])('answers %i days: each reading as stored, only on the days that have it', async (days) => {
    const answer = await athlete.get(`/api/wellness/trends?days=${days}&date=${LAST_DAY}`);
    expect(answer.status).toBe(200);
    const trends = wellnessTrendsAnswer.parse(answer.body);
    const from = addCalendarDays(LAST_DAY, -(days - 1));
    expect(trends).toMatchObject({ from, to: LAST_DAY });
    const stored = (await athlete.get(`/api/wellness?from=${from}&to=${LAST_DAY}`)).body.days as WellnessDay[];
    expect(stored.length).toBeGreaterThan(days * 0.8);
    const expected = (pick: (day: WellnessDay) => number | null) =>
      stored.flatMap((day) => (pick(day) === null ? [] : [{ date: day.date, value: pick(day) }]));
    expect(trends.hrvRmssdMs).toEqual(expected((day) => day.hrvRmssdMs));
    expect(trends.restingHrBpm).toEqual(expected((day) => day.restingHrBpm));
    expect(trends.sleepHours).toEqual(expected((day) => day.sleepHours));
    expect(trends.weightKg).toEqual(expected((day) => day.weightKg));
    // Gaps stay gaps: fewer points than days, and no 0 stands in for a missing reading.
    expect(trends.hrvRmssdMs.length).toBeLessThan(days);
    for (const series of [trends.hrvRmssdMs, trends.restingHrBpm, trends.sleepHours, trends.weightKg]) {
      expect(series.every((point) => point.value > 0)).toBe(true);
    }
    // Another account's values (100 higher) never appear.
    expect(trends.hrvRmssdMs.every((point) => point.value < 100)).toBe(true);
    expect(trends.weightKg.every((point) => point.value < 100)).toBe(true);
  });

  it.each([90, 365])("gives each of %i days the normal HRV range /api/readiness reports for it", async (days) => {
    const trends = wellnessTrendsAnswer.parse((await athlete.get(`/api/wellness/trends?days=${days}&date=${LAST_DAY}`)).body);
    const readiness = readinessAnswer.parse((await athlete.get(`/api/readiness?days=${days}&date=${LAST_DAY}`)).body);
    const fromReadiness = readiness.history.flatMap((day) =>
      day.hrvLowMs === null || day.hrvHighMs === null ? [] : [{ date: day.date, lowMs: day.hrvLowMs, highMs: day.hrvHighMs }],
    );
    expect(fromReadiness.length).toBe(days);
    expect(trends.hrvNormal).toEqual(fromReadiness);
  });

  it("gives a day the usual resting HR readiness judges that day's reading against", async () => {
    const trends = wellnessTrendsAnswer.parse((await athlete.get(`/api/wellness/trends?days=90&date=${LAST_DAY}`)).body);
    expect(trends.restingHrUsual).toHaveLength(90);
    const withReading = trends.restingHrBpm.filter((_, k) => k % 10 === 0).map((point) => point.date);
    expect(withReading.length).toBeGreaterThan(4);
    for (const date of withReading) {
      const readiness = readinessAnswer.parse((await athlete.get(`/api/readiness?days=1&date=${date}`)).body);
      const input = readiness.today.inputs.find((entry) => entry.key === 'restingHr');
      expect(input, date).toBeDefined();
      expect(trends.restingHrUsual.find((day) => day.date === date)?.bpm, date).toBe(input!.figures.baselineBpm);
    }
    expect(trends.restingHrRaisedByBpm).toBe(5);
    expect(trends.sleepHoursLines).toEqual({ shortBelow: 6, goodFrom: 7 });
  });

  it('answers an account without readings with empty series, and refuses a bad span with a message', async () => {
    const fresh = await registerAthlete(server.url);
    const empty = wellnessTrendsAnswer.parse((await fresh.get(`/api/wellness/trends?days=365&date=${LAST_DAY}`)).body);
    expect(empty).toMatchObject({ hrvRmssdMs: [], restingHrBpm: [], sleepHours: [], weightKg: [], hrvNormal: [], restingHrUsual: [] });
    for (const days of ['30', '0', 'year', '90.5']) {
      const refused = await athlete.get(`/api/wellness/trends?days=${days}&date=${LAST_DAY}`);
      expect(refused.status, days).toBe(400);
      expect(refused.body.message).toBe('days must be 90 or 365');
    }
    const badDate = await athlete.get('/api/wellness/trends?days=90&date=2025-02-30');
    expect(badDate.status).toBe(400);
    expect(badDate.body.message).toBe('Date must be a day written YYYY-MM-DD');
    expect((await createClient(server.url).get('/api/wellness/trends?days=90')).status).toBe(401);
  });
});
