import { describe, expect, it } from 'vitest';
import { activityIntervals } from '../../src/shared/api/activity-intervals.ts';
import { useKairoWithSim } from '../support/kairo-with-sim.ts';
import { connectStrava, registerAthlete, waitForJobs } from '../support/strava.ts';

/** Strava's laps (start_index into the streams) of the simulator's threshold sessions: 4 × 8 min in 10 laps. */
describe('laps and intervals of a Strava activity', () => {
  const setup = useKairoWithSim('pglite');

  it('reads the 4 × 8 min of a threshold ride from its 10 Strava laps, and Kai says the set', async () => {
    const { sim, server } = setup;
    const athlete = sim.control.createAthlete({ historyDays: 90 });
    const browser = await registerAthlete(server.url);
    expect(await connectStrava(browser, sim, athlete.id)).toBe('/strava-success');
    await waitForJobs(server);

    const list = (await browser.get('/api/activities?limit=200')).body as { id: string; name: string }[];
    const threshold = list.find((activity) => /4×8/.test(activity.name));
    expect(threshold, `a threshold ride among ${list.map((activity) => activity.name).join(', ')}`).toBeDefined();
    const body = activityIntervals.parse((await browser.get(`/api/activities/${threshold!.id}/intervals`)).body);
    expect(body.laps).toHaveLength(10);
    expect(body.intervals?.from).toBe('laps');
    const work = body.intervals!.items.filter((interval) => interval.kind === 'work');
    expect(work.map((interval) => Math.round(interval.durationS / 60))).toEqual([8, 8, 8, 8]);
    for (const interval of work) expect(interval.ftpPct).toBeGreaterThan(85);

    expect((await browser.get(`/api/activities/${threshold!.id}/analysis`)).status).toBeLessThan(300);
    await waitForJobs(server);
    const stored = await browser.get(`/api/activities/${threshold!.id}/analysis`);
    const text = JSON.stringify(stored.body);
    expect(text).toMatch(/4 × 8 min at \d+–\d+% FTP/);
    expect(text).not.toContain('cannot see your workout plan');
    // A 90-day history synced and analysed: 11 s on a quiet machine, over 30 s beside another suite.
  }, 120_000);
});
