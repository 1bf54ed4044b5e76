import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningStravaSim } from '../../tools/strava-sim/sim.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import type { TestKairo } from '../support/kairo.ts';
import { useKairoWithSim } from '../support/kairo-with-sim.ts';
import { connectStrava, registerAthlete, waitForJobs } from '../support/strava.ts';
import { trainerRide } from '../support/recordings.ts';

const kinds = await testDatabaseKinds();

describe.each(kinds)('Strava data policy "strict" on %s', (kind) => {
  const setup = useKairoWithSim(kind, { env: { STRAVA_DATA_POLICY: 'strict', STRAVA_CACHE_DAYS: '7' } });
  let sim: RunningStravaSim;
  let server: TestKairo;
  beforeAll(() => {
    ({ sim, server } = setup);
  });

  it("purges Strava streams and raw payloads past the cache window, keeping the athlete's own uploads", async () => {
    const athlete = sim.control.createAthlete({ historyDays: 10 });
    const browser = await registerAthlete(server.url);
    await connectStrava(browser, sim, athlete.id);
    await waitForJobs(server);
    expect((await browser.upload('/api/imports', 'own.fit', trainerRide().bytes)).status).toBe(201);

    const stravaCount = sim.control.activities(athlete.id).length;
    const streamsBySource = async () =>
      server.database.handle.query<{ source: string; n: number }>(
        `select a.source, count(s.activity_id)::int as n from activities a
           left join activity_streams s on s.activity_id = a.id group by a.source order by a.source::text`,
      );
    expect(await streamsBySource()).toEqual([
      { source: 'file', n: 1 },
      { source: 'strava', n: stravaCount },
    ]);

    // Half of the Strava rows were cached more than 7 days ago.
    await server.database.handle.query(
      `update activities set created_at = now() - interval '8 days'
        where id in (select id from activities where source = 'strava' order by start_date limit $1)`,
      [Math.floor(stravaCount / 2)],
    );
    await server.database.handle.query(`update activities set created_at = now() - interval '30 days' where source = 'file'`);
    await server.kairo.queue.send(server.kairo.jobs.get('strava.purge')!, {});
    await waitForJobs(server);

    expect(await streamsBySource()).toEqual([
      { source: 'file', n: 1 },
      { source: 'strava', n: stravaCount - Math.floor(stravaCount / 2) },
    ]);
    const [payloads] = await server.database.handle.query<{ raw: number }>(
      `select count(*)::int as raw from activities where source = 'strava' and detailed_data is not null`,
    );
    expect(payloads?.raw).toBe(stravaCount - Math.floor(stravaCount / 2));
    // The summary rows stay, so the athlete's list is unchanged.
    expect((await browser.get('/api/activities?limit=200')).body).toHaveLength(stravaCount + 1);
  });
});
