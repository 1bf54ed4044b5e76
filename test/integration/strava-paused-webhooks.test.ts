import { describe, expect, it } from 'vitest';
import type { ActivityListItem } from '../../src/shared/api/activities.ts';
import { testDatabaseKinds, type TestDatabaseKind } from '../support/databases.ts';
import type { TestClient } from '../support/http-client.ts';
import { useKairoChildWithSim } from '../support/kairo-child-with-sim.ts';
import type { KairoProcess } from '../support/kairo-process.ts';
import { SIM_CLIENT, connectStrava, registerAthlete, subscribeToSimWebhooks, waitFor } from '../support/strava.ts';

/**
 * Webhook events that arrive while Strava refuses the app (issue 27, ADR 0067): the activities
 * they name are held in the database and read again from Strava on resume, so a rename, a new
 * sport type or a deletion at Strava during the pause is not lost, not even to a kill -9 of the
 * instance, and nothing is stored twice. Kairo runs as a child process, so the kill is a real one.
 */

const kinds = await testDatabaseKinds();
const METRICS_TOKEN = 'scrape-paused-webhooks-0123456789abcdef';
const TIMEOUT_MS = 90_000;

describe.each(kinds)('Webhook events while Strava sync is paused on %s', (kind: TestDatabaseKind) => {
  // Info-level logs: a failure below shows what each instance did with the jobs (ADR 0067's pause and resume).
  const rig = useKairoChildWithSim(kind, { env: { METRICS_TOKEN, LOG_LEVEL: 'info' } });
  const { start: startKairo, inDatabase } = rig;
  let kairo: KairoProcess | undefined;

  /** Jobs of a queue waiting or running, as the operator's metrics count them. */
  async function queued(url: string, queue: string): Promise<number> {
    const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    return text
      .split('\n')
      .filter((line) => line.startsWith('kairo_job_queue_jobs{') && line.includes(`queue="${queue}"`) && /state="(ready|active)"/.test(line))
      .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
  }

  it(
    'holds what the events name through a kill, and on resume stores the rename and new type, removes the deleted one, nothing twice',
    async () => {
      const athlete = rig.sim.control.createAthlete({ historyDays: 6 });
      const atStrava = rig.sim.control.activities(athlete.id) as { id: number; sport_type: string }[];
      expect(atStrava.length).toBeGreaterThanOrEqual(3);
      const [renamed, deleted] = atStrava as [{ id: number; sport_type: string }, { id: number; sport_type: string }];
      const newType = renamed.sport_type === 'Run' ? 'Ride' : 'Run';

      kairo = await startKairo();
      expect((await subscribeToSimWebhooks(rig.sim, kairo.url)).ok).toBe(true);
      const browser = await registerAthlete(kairo.url);
      expect(await connectStrava(browser, rig.sim, athlete.id)).toBe('/strava-success');
      // The whole history in, each activity with its detail: nothing left for a resumed sync to fetch anyway.
      const synced = await waitFor(() => stravaActivities(browser), (list) => list.length === atStrava.length, TIMEOUT_MS);
      for (const activity of synced) await waitFor(() => hasStreams(browser, activity.id), Boolean, TIMEOUT_MS);
      const before = synced.find((activity) => activity.stravaActivityId === String(renamed.id))!;

      // Strava refuses the app: the sync pauses.
      rig.sim.control.setClientStatus(SIM_CLIENT.clientId, { inactive: true });
      expect((await browser.post('/api/force-sync')).status).toBe(200);
      await waitFor(async () => (await browser.get('/api/strava/status')).body.syncPaused, (paused) => paused !== null, TIMEOUT_MS);

      // The athlete renames and retypes one activity (two update events) and deletes another at Strava.
      rig.sim.control.updateActivity(renamed.id, { name: 'Hill repeats in the rain', sportType: newType });
      rig.sim.control.updateActivity(renamed.id, { name: 'Hill repeats, soaked' });
      rig.sim.control.deleteActivity(deleted.id);
      await rig.sim.control.webhooks.settled();
      await waitFor(() => queued(kairo!.url, 'strava.webhook'), (n) => n === 0, TIMEOUT_MS);
      // Nothing could be checked with Strava, so nothing changed yet.
      const during = await stravaActivities(browser);
      expect(during).toHaveLength(atStrava.length);
      expect(during.find((activity) => activity.id === before.id)).toMatchObject({ name: before.name, sportType: before.sportType });

      // The instance dies during the pause; what the events named is in the database, once per activity.
      await kairo.kill();
      const held = await inDatabase((database) =>
        database.query<{ id: string }>('select strava_activity_id as id from strava_paused_activities order by 1'),
      );
      expect(held.map((row) => row.id)).toEqual([String(renamed.id), String(deleted.id)].sort());

      // The operator fixes the app and starts Kairo again: the pause ends and the held events are replayed.
      rig.sim.control.setClientStatus(SIM_CLIENT.clientId, { inactive: false });
      const killed = kairo;
      kairo = await startKairo(kairo.port);
      const restarted = kairo;
      const after = await waitFor(
        () => stravaActivities(browser),
        (list) =>
          list.length === atStrava.length - 1 &&
          list.some((activity) => activity.id === before.id && activity.name === 'Hill repeats, soaked' && activity.sportType === newType),
        TIMEOUT_MS,
      ).catch(async (error: Error) => {
        const jobs = await fetch(`${restarted.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
          .then((response) => response.text())
          .then((text) => text.split('\n').filter((line) => line.startsWith('kairo_job_queue_jobs{') && line.includes('strava')).join('\n'))
          .catch(() => 'metrics unreadable');
        throw new Error(`${error.message}\n--- killed instance:\n${killed.output()}\n--- restarted instance:\n${restarted.output()}\n--- Strava queues:\n${jobs}`);
      });
      expect(after.map((activity) => activity.stravaActivityId)).not.toContain(String(deleted.id));
      expect((await browser.get('/api/strava/status')).body.syncPaused).toBeNull();
      await waitFor(() => queued(kairo!.url, 'strava.incremental-sync'), (n) => n === 0, TIMEOUT_MS);
      await kairo.stop();

      const stored = await inDatabase(async (database) => ({
        held: await database.query('select * from strava_paused_activities'),
        keys: (await database.query<{ key: string }>("select source_key as key from activities where source = 'strava' order by 1")).map((row) => row.key),
      }));
      expect(stored.held).toEqual([]);
      const left = rig.sim.control.activities(athlete.id).map((activity) => String(activity.id));
      expect(stored.keys).toEqual([...left].sort());
    },
    4 * TIMEOUT_MS,
  );
});

async function stravaActivities(browser: TestClient): Promise<ActivityListItem[]> {
  const list = await browser.get<ActivityListItem[]>('/api/activities?limit=200');
  expect(list.status).toBe(200);
  return list.body.filter((activity) => activity.source === 'strava');
}

async function hasStreams(browser: TestClient, id: string): Promise<boolean> {
  const detail = await browser.get(`/api/activities/${id}`);
  expect(detail.status).toBe(200);
  return detail.body.hasStreams;
}
