import { beforeAll, describe, expect, it } from 'vitest';
import { computeFitnessSeries, continueFitnessSeries, morningFitness } from '../../src/metrics/fitness.ts';
import { analysisView } from '../../src/shared/api/analysis.ts';
import { formatDistance, measureText } from '../../src/shared/format.ts';
import type { RunningStravaSim } from '../../tools/strava-sim/sim.ts';
import type { TestClient } from '../support/http-client.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import type { TestKairo } from '../support/kairo.ts';
import { useKairoWithSim } from '../support/kairo-with-sim.ts';
import { connectStrava, registerAthlete, waitForJobs } from '../support/strava.ts';
import { shiftDates } from '../support/strava-export.ts';
import { DAY_MS } from '../../src/shared/time.ts';
import { exportRunTcx } from '../support/recordings.ts';

const kinds = await testDatabaseKinds();

interface Day {
  date: string;
  load: number;
  ctl: number;
  atl: number;
  tsb: number;
}

const RUN_TCX = exportRunTcx().bytes.toString('utf8');
const RUN_RECORDED_ON = Date.parse(/<Id>(\d{4}-\d{2}-\d{2})T/.exec(RUN_TCX)![1]!);

/** The fixture run, recorded `daysAgo` days before today. */
function runDaysAgo(daysAgo: number): Buffer {
  const today = Date.parse(new Date().toISOString().slice(0, 10));
  return Buffer.from(shiftDates(RUN_TCX, Math.round((today - daysAgo * DAY_MS - RUN_RECORDED_ON) / DAY_MS)));
}

async function uploadRuns(server: TestKairo, athlete: TestClient, daysAgo: number[]): Promise<string[]> {
  const ids: string[] = [];
  for (const days of daysAgo) {
    const upload = await athlete.upload('/api/imports', `run-${days}.tcx`, runDaysAgo(days));
    expect(upload.status).toBe(201);
    ids.push(upload.body.activity.id);
    await waitForJobs(server);
  }
  return ids;
}

async function fitness(athlete: TestClient, days: number): Promise<Day[]> {
  const response = await athlete.get(`/api/fitness?days=${days}`);
  expect(response.status).toBe(200);
  expect(response.body).toHaveLength(days);
  return response.body as Day[];
}

describe.each(kinds)('one fitness series from the whole history on %s', (kind) => {
  const setup = useKairoWithSim(kind);
  let sim: RunningStravaSim;
  let server: TestKairo;
  beforeAll(() => {
    ({ sim, server } = setup);
  });

  it("gives a day the same fitness whatever window is asked for, computed from all of the history", async () => {
    const athlete = await registerAthlete(server.url);
    // Runs long before the shortest windows start: a series seeded at a window's start misses them.
    await uploadRuns(server, athlete, [400, 300, 200, 140, 60, 20, 3]);

    const windows = await Promise.all([7, 42, 90, 365, 730].map((days) => fitness(athlete, days)));
    const byDate = windows.map((series) => new Map(series.map((day) => [day.date, day])));
    for (const day of windows[0]!) {
      for (const series of byDate) expect(series.get(day.date)).toEqual(day);
    }
    // The loads the longest window reports are the whole history: recomputed from them, the same figures.
    const all = windows.at(-1)!;
    const recomputed = computeFitnessSeries(all, all[0]!.date, all.at(-1)!.date);
    expect(all.at(-1)).toEqual(recomputed.at(-1));
    expect(all.filter((day) => day.load > 0)).toHaveLength(7);
    expect(windows[0]!.at(-1)!.ctl).toBeGreaterThan(0);

    const stranger = await registerAthlete(server.url);
    expect((await fitness(stranger, 7)).every((day) => day.ctl === 0 && day.atl === 0 && day.load === 0)).toBe(true);
  });

  it('answers the chart from the stored days kept JSON with the bytes the rows give, and from the rows where a day has none', async () => {
    const athlete = await registerAthlete(server.url);
    const accountId = (await athlete.get<{ id: string }>('/api/auth/user')).body.id;
    await uploadRuns(server, athlete, [40, 12, 5]);
    const rows = async () =>
      server.database.handle.query<Day>(`select date::text as date, load, ctl, atl, tsb from fitness_days where user_id = $1 order by date`, [accountId]);
    const stored = await rows();
    expect(stored.length).toBeGreaterThan(30);
    const kept = await server.database.handle.query<{ n: number }>(`select count(item)::int as n from fitness_days where user_id = $1`, [accountId]);
    expect(kept[0]!.n).toBe(stored.length);
    const today = new Date().toISOString().slice(0, 10);
    // Windows before, across, inside and after the history (its last day is five days ago): each is a new
    // window for the account, so each is read from the database.
    const expected = (days: number) => {
      const fromDate = new Date(Date.parse(today) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
      const read = [...stored.filter((day) => day.date < fromDate).slice(-1), ...stored.filter((day) => day.date >= fromDate)];
      return JSON.stringify(continueFitnessSeries(read, fromDate, today));
    };
    for (const days of [3, 7, 30, 41, 60, 365]) {
      const chart = await athlete.get(`/api/fitness?days=${days}`);
      expect(chart.status).toBe(200);
      expect(chart.text, `${days} days`).toBe(expected(days));
    }
    // Days stored before their JSON was kept are read as rows: the same bytes.
    await server.database.handle.query(`update fitness_days set item = null where user_id = $1 and date = (select max(date) from fitness_days where user_id = $1)`, [accountId]);
    for (const days of [8, 90]) expect((await athlete.get(`/api/fitness?days=${days}`)).text, `${days} days from rows`).toBe(expected(days));
  });

  it("the analysis cites the series' figures for the day it names", async () => {
    const athlete = await registerAthlete(server.url);
    const [, , latest] = await uploadRuns(server, athlete, [30, 10, 2]);
    const detail = (await athlete.get(`/api/activities/${latest}`)).body as { startDate: string };
    const runDay = detail.startDate.slice(0, 10);
    const series = await fitness(athlete, 14);
    const index = series.findIndex((day) => day.date === runDay);
    const [onTheDay, nextDay] = [series[index]!, series[index + 1]!];

    const analysis = analysisView.parse((await athlete.get(`/api/activities/${latest}/analysis`)).body);
    const signed = (value: number) => (value > 0 ? `+${value}` : String(value));
    // The form before the run and after it are the figures Home shows on those two mornings (ADR 0071, 0088).
    const [morning, nextMorning] = [morningFitness(onTheDay), morningFitness(nextDay)];
    expect(analysis.recovery).toContain(
      `After this run, fitness (CTL) ${Math.round(onTheDay.ctl)} and fatigue (ATL) ${Math.round(onTheDay.atl)}: ` +
        `your form (TSB) goes from ${signed(morning.form)} before it to ${signed(nextMorning.form)} the morning after.`,
    );
  });

  it('stores the load of an activity scored on the request for its first analysis before the analysis reads it', async () => {
    const athlete = await registerAthlete(server.url);
    const [runId] = await uploadRuns(server, athlete, [2]);
    // As if the background jobs had not reached the run yet: no metrics, no analysis, no series.
    await server.database.handle.query('delete from analyses where activity_id = $1', [runId]);
    await server.database.handle.query('delete from activity_metrics where activity_id = $1', [runId]);
    await server.database.handle.query('delete from fitness_days where user_id = (select user_id from activities where id = $1)', [runId]);

    const analysis = analysisView.parse((await athlete.get(`/api/activities/${runId}/analysis`)).body);
    const runDay = ((await athlete.get(`/api/activities/${runId}`)).body as { startDate: string }).startDate.slice(0, 10);
    const onTheDay = (await fitness(athlete, 7)).find((day) => day.date === runDay)!;
    expect(onTheDay.load).toBeGreaterThan(0);
    expect(analysis.recovery).toContain(`fitness (CTL) ${Math.round(onTheDay.ctl)} and fatigue (ATL) ${Math.round(onTheDay.atl)}:`);
  });

  it("writes the analysis again in the athlete's units, as the screens format them", async () => {
    const athlete = await registerAthlete(server.url);
    const [runId] = await uploadRuns(server, athlete, [1]);
    const run = (await athlete.get(`/api/activities/${runId}`)).body as { distance: number };
    const metric = analysisView.parse((await athlete.get(`/api/activities/${runId}/analysis`)).body);
    expect(metric.summary).toContain(measureText(formatDistance(run.distance, 'metric')));

    expect((await athlete.put('/api/user/settings', { unitSystem: 'imperial' })).status).toBe(200);
    const imperial = analysisView.parse((await athlete.get(`/api/activities/${runId}/analysis`)).body);
    // Best efforts keep their names ('1 km', 'half marathon'): they name a distance, they do not measure one.
    const allText = [imperial.executiveSummary, imperial.summary, imperial.feedback, imperial.recovery]
      .join('\n')
      .split('\n')
      .filter((line) => !line.startsWith('- Best efforts'))
      .join('\n');
    expect(imperial.summary).toContain(measureText(formatDistance(run.distance, 'imperial')));
    expect(allText).toMatch(/\/mi\b/);
    expect(allText).not.toMatch(/\d km\b|\/km\b/);
  });

  it('takes a deleted history out of the series', async () => {
    const athlete = await registerAthlete(server.url);
    await uploadRuns(server, athlete, [5]);
    const uploadsOnly = await fitness(athlete, 60);
    const stravaAthlete = sim.control.createAthlete({ historyDays: 40 });
    await connectStrava(athlete, sim, stravaAthlete.id);
    await waitForJobs(server, 90_000);
    const withStrava = await fitness(athlete, 60);
    expect(withStrava.at(-1)!.ctl).toBeGreaterThan(uploadsOnly.at(-1)!.ctl);

    expect((await athlete.post('/api/auth/logout/strava', {})).status).toBe(200);
    await waitForJobs(server);
    // The stored series was rewritten: only the upload's day carries load, and every day follows from it.
    const after = await fitness(athlete, 60);
    const loadedDays = (series: Day[]) => series.filter((day) => day.load > 0).map((day) => day.date);
    expect(loadedDays(after)).toEqual(loadedDays(uploadsOnly));
    expect(after).toEqual(computeFitnessSeries(after, after[0]!.date, after.at(-1)!.date));
  }, 120_000);
});
