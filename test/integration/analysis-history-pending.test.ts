import { beforeAll, describe, expect, it } from 'vitest';
import { analysisView } from '../../src/shared/api/analysis.ts';
import type { RunningStravaSim } from '../../tools/strava-sim/sim.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import type { TestKairo } from '../support/kairo.ts';
import { useKairoWithSim } from '../support/kairo-with-sim.ts';
import { connectStrava, registerAthlete, waitFor, waitForJobs } from '../support/strava.ts';

const kinds = await testDatabaseKinds();
/** Each activity's detail answers this late while the history is held back, so the first analysis is written before it is in. */
const DETAIL_LATENCY_MS = 300;

describe.each(kinds)('an analysis written before the history is in, on %s', (kind) => {
  const setup = useKairoWithSim(kind);
  let sim: RunningStravaSim;
  let server: TestKairo;
  beforeAll(() => {
    ({ sim, server } = setup);
  });

  it('is marked as such, then written again from the whole history once it is in', async () => {
    const athlete = sim.control.createAthlete({ historyDays: 60 });
    const browser = await registerAthlete(server.url);
    sim.control.faults.delay({ delayMs: DETAIL_LATENCY_MS, path: /^\/api\/v3\/activities\/\d+$/ });
    try {
      await connectStrava(browser, sim, athlete.id);
      // The list arrives first; details (and with them the history's scoring) are still coming.
      const listed = await waitFor(
        async () => (await browser.get('/api/activities?limit=2')).body as { id: string }[],
        (items) => items.length === 2,
      );
      // The newest, and one the rescored history's announcement (its newest activity) does not name.
      for (const { id } of listed) {
        const first = analysisView.parse((await browser.get(`/api/activities/${id}/analysis`)).body);
        expect(first.historyPending).toBe(true);
      }
    } finally {
      sim.control.faults.clear();
    }
    await waitForJobs(server, 90_000);

    const opened = (await browser.get('/api/activities?limit=2')).body as { id: string; startDate: string }[];
    const fitness = (await browser.get('/api/fitness?days=30')).body as { date: string; ctl: number }[];
    for (const activity of opened) {
      const rewritten = analysisView.parse((await browser.get(`/api/activities/${activity.id}/analysis`)).body);
      expect(rewritten.historyPending).toBe(false);
      // Written again from all of it: the fitness it cites is the stored series' for the activity's day.
      const onTheDay = fitness.find((day) => day.date === activity.startDate.slice(0, 10))!;
      expect(onTheDay.ctl).toBeGreaterThan(10);
      expect(rewritten.recovery).toContain(`fitness (CTL) ${Math.round(onTheDay.ctl)} and`);
    }

    const stranger = await registerAthlete(server.url);
    expect((await stranger.get(`/api/activities/${opened[0]!.id}/analysis`)).status).toBe(404);
  }, 150_000);
});
