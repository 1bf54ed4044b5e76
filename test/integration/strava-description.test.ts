import { beforeAll, describe, expect, it } from 'vitest';
import { DESCRIPTION_CREDIT_LINE, DESCRIPTION_UPDATED_MESSAGE } from '../../src/shared/api/exports.ts';
import { DESCRIPTION_ERRORS } from '../../src/server/features/strava/service.ts';
import type { RunningStravaSim } from '../../tools/strava-sim/sim.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import type { TestClient } from '../support/http-client.ts';
import type { TestKairo } from '../support/kairo.ts';
import { useKairoWithSim } from '../support/kairo-with-sim.ts';
import { connectStrava, registerAthlete, waitForJobs } from '../support/strava.ts';
import { trainerRide } from '../support/recordings.ts';

const kinds = await testDatabaseKinds();

interface ListedActivity {
  id: string;
  source: string;
  stravaActivityId: string | null;
}

const shared = (section: string) => `${section}\n\n${DESCRIPTION_CREDIT_LINE}`;

describe.each(kinds)('sharing a section to the Strava description on %s', (kind) => {
  const setup = useKairoWithSim(kind);
  let sim: RunningStravaSim;
  let server: TestKairo;
  let athlete: TestClient;
  let activity: ListedActivity;

  beforeAll(async () => {
    ({ sim, server } = setup);
    const stravaAthlete = sim.control.createAthlete({ historyDays: 3 });
    athlete = await registerAthlete(server.url);
    await connectStrava(athlete, sim, stravaAthlete.id);
    await waitForJobs(server);
    const list = (await athlete.get('/api/activities?limit=200')).body as ListedActivity[];
    activity = list.find((candidate) => candidate.source === 'strava') as ListedActivity;
    expect(activity.stravaActivityId).toMatch(/^\d+$/);
  });

  const stravaDescription = () => sim.control.activity(Number(activity.stravaActivityId)).description as string | null;
  const puts = () => sim.control.requests.list({ method: 'PUT' }).length;
  const share = (ref: string, description: string, browser = athlete) =>
    browser.put(`/api/activities/${ref}/update-description`, { description });

  it("appends the section under the athlete's own description at Strava, by Strava id or Kairo id", async () => {
    sim.control.updateActivity(Number(activity.stravaActivityId), { description: 'Windy loop with Anna.' });
    const first = shared('Key Insights: steady pacing, 6.5% drift.');
    const answer = await share(activity.stravaActivityId!, first);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: DESCRIPTION_UPDATED_MESSAGE });
    expect(stravaDescription()).toBe(`Windy loop with Anna.\n\n${first}`);

    // Kairo's own id names the same activity; the description read back from Strava is kept.
    const second = shared('Recovery: keep tomorrow easy.');
    expect((await share(activity.id, second)).status).toBe(200);
    expect(stravaDescription()).toBe(`Windy loop with Anna.\n\n${first}\n\n${second}`);
    expect((await athlete.get(`/api/activities/${activity.id}`)).body.description).toBe(stravaDescription());
  });

  it('starts the description when the activity has none', async () => {
    sim.control.updateActivity(Number(activity.stravaActivityId), { description: null });
    const text = shared('Next Session: Recovery spin, 45 min.');
    expect((await share(activity.stravaActivityId!, text)).status).toBe(200);
    expect(stravaDescription()).toBe(text);
  });

  it("answers 404 for another account's activity and for ids that name nothing, and changes nothing", async () => {
    const before = stravaDescription();
    const putsBefore = puts();
    const other = await registerAthlete(server.url);
    for (const ref of [activity.stravaActivityId!, activity.id]) {
      const answer = await share(ref, shared('Not mine'), other);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: 'Activity not found' });
    }
    expect((await share('999999999999', shared('x'))).status).toBe(404);
    expect((await share('not-an-id', shared('x'))).status).toBe(404);
    expect(stravaDescription()).toBe(before);
    expect(puts()).toBe(putsBefore);
  });

  it('refuses an uploaded activity and a blank text with clear messages', async () => {
    const upload = await athlete.upload('/api/imports', 'own-ride.fit', trainerRide().bytes);
    expect(upload.status).toBe(201);
    const answer = await share(upload.body.activity.id as string, shared('Key Insights'));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: DESCRIPTION_ERRORS.notFromStrava });

    const blank = await share(activity.stravaActivityId!, '   ');
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ message: 'Description is required' });
  });

  it('asks to reconnect and allow writing when the athlete did not grant activity:write', async () => {
    const readOnly = sim.control.createAthlete({ historyDays: 2 });
    const browser = await registerAthlete(server.url);
    sim.control.nextAuthorization({ athleteId: readOnly.id, scopes: ['read', 'activity:read_all'] });
    expect(await connectStrava(browser, sim, null)).toBe('/strava-success');
    await waitForJobs(server);
    const [own] = (await browser.get('/api/activities?limit=1')).body as ListedActivity[];
    const putsBefore = puts();
    const answer = await share(own!.stravaActivityId!, shared('Key Insights'), browser);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ message: DESCRIPTION_ERRORS.writeScope });
    expect(puts()).toBe(putsBefore);
  });

  it('asks to reconnect when the Strava connection is broken', async () => {
    const accountId = (await athlete.get('/api/auth/user')).body.id as string;
    await server.database.handle.query(`update strava_connections set status = 'broken' where account_id = $1`, [accountId]);
    const answer = await share(activity.stravaActivityId!, shared('Key Insights'));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: DESCRIPTION_ERRORS.reconnect });
  });
});
