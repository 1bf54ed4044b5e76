import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COACH_NOTES } from '../../src/server/features/analysis/coach/llm.ts';
import { messageText, promptFacts, startFakeLlm, type ChatCompletionRequest, type FakeLlm } from '../../tools/fake-llm/server.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import { llmEnv } from '../support/fake-llm.ts';
import { useKairoWithSim } from '../support/kairo-with-sim.ts';
import { connectStrava, registerAthlete, waitForJobs } from '../support/strava.ts';
import { STRAVA_AI_EXPORT_MESSAGE } from '../../src/shared/api/exports.ts';
import { exportRunTcx, powerRide } from '../support/recordings.ts';

const kinds = await testDatabaseKinds();

/** Everything the model was shown, as it read it (the facts JSON is not escaped again). */
const shownText = (requests: ChatCompletionRequest[]) => requests.flatMap((request) => request.messages.map((message) => messageText(message.content))).join('\n');

/**
 * The provenance firewall end to end: a Strava history synced from the simulator and an uploaded
 * FIT file moved into the middle of that history, so its load and recent training are derived
 * from Strava data. Every analysis is written; the recorded model requests show what the model saw.
 */
function firewallCase(kind: (typeof kinds)[number], policy: 'strict' | 'relaxed') {
  const env: Record<string, string> = { STRAVA_DATA_POLICY: policy };
  let fake: FakeLlm;
  // Registered before useKairoWithSim's hook, so the fake's URL is in env when Kairo starts.
  beforeAll(async () => {
    fake = await startFakeLlm();
    Object.assign(env, llmEnv(fake));
  });
  afterAll(async () => {
    await fake?.close();
  });
  const setup = useKairoWithSim(kind, { env });

  return async () => {
    const { sim, server } = setup;
    const stravaAthlete = sim.control.createAthlete({ historyDays: 10 });
    const browser = await registerAthlete(server.url);
    await connectStrava(browser, sim, stravaAthlete.id);
    await waitForJobs(server);
    const upload = await browser.upload('/api/imports', 'own.fit', powerRide().bytes);
    expect(upload.status).toBe(201);
    const fileId: string = upload.body.activity.id;
    await waitForJobs(server);

    const activities = await server.database.handle.query<{ id: string; name: string; source: string; start_date: Date }>(
      // This athlete's only: each case registers another athlete on the same server.
      'select id, name, source, start_date from activities where user_id = (select user_id from activities where id = $1) order by start_date',
      [fileId],
    );
    const strava = activities.filter((activity) => activity.source === 'strava');
    expect(strava.length).toBeGreaterThan(2);
    const fileName = activities.find((activity) => activity.id === fileId)!.name;
    expect(strava.map((activity) => activity.name)).not.toContain(fileName);

    // Into the Strava history: an hour after the newest Strava activity.
    const newest = strava.at(-1)!.start_date;
    await server.database.handle.query(`update activities set start_date = $1 where id = $2`, [new Date(newest.getTime() + 3_600_000), fileId]);
    const before = fake.requests.length;
    const rewritten = await browser.put(`/api/activities/${fileId}/analysis/coaching-style`, { coachingStyle: 'marginal_gains' });
    expect(rewritten.status).toBe(200);
    expect(rewritten.body).toMatchObject({ coach: 'llm', coachNote: null });
    expect(fake.requests.length).toBe(before + 1);

    const stravaAnalyses = await Promise.all(strava.map(async (activity) => (await browser.get(`/api/activities/${activity.id}/analysis`)).body));
    const fileRequest = fake.requests[before]!;

    /**
     * The upload's metrics were computed when it was alone in its past. Rescored where it now sits,
     * its FTP could be estimated from the Strava rides before it: a changed style makes the
     * analysis stale, and opening it rescores the activity first. Returns the FTP those rides give.
     */
    const rescoreFile = async () => {
      const moved = new Date(newest.getTime() + 3_600_000);
      const [{ best }] = (await server.database.handle.query<{ best: number | null }>(
        `select max(m.best_20min_power_w) as best from activity_metrics m join activities a on a.id = m.activity_id
          where a.id = any($1::uuid[]) and a.duplicate_of is null and a.start_date >= $2 and a.start_date < $3`,
        [strava.map((activity) => activity.id), new Date(moved.getTime() - 90 * 86_400_000), moved],
      )) as [{ best: number | null }];
      expect(best).toBeGreaterThan(0);
      const since = fake.requests.length;
      expect((await browser.put('/api/user/settings', { coachingStyle: 'chill' })).status).toBe(200);
      const analysis = await browser.get(`/api/activities/${fileId}/analysis`);
      expect(analysis.body).toMatchObject({ coach: 'llm', coachNote: null });
      const requests = fake.requests.slice(since);
      expect(requests).toHaveLength(1);
      const { metrics } = (await browser.get(`/api/activities/${fileId}`)).body;
      const exported = await browser.get(`/api/activities/${fileId}/analysis/export`);
      return { stravaFtpW: Math.round(0.95 * best!), metrics, requests, facts: promptFacts(requests[0]!), exported };
    };

    /** The same for an uploaded run put after the Strava runs: the threshold pace its rTSS is scored against. */
    const rescoreRun = async () => {
      const upload = await browser.upload('/api/imports', 'own.tcx', exportRunTcx().bytes);
      expect(upload.status).toBe(201);
      const runId: string = upload.body.activity.id;
      await waitForJobs(server);
      const moved = new Date(newest.getTime() + 2 * 3_600_000);
      await server.database.handle.query(`update activities set start_date = $1 where id = $2`, [moved, runId]);
      const [{ runs }] = (await server.database.handle.query<{ runs: number }>(
        `select count(*)::int as runs from activity_metrics m join activities a on a.id = m.activity_id
          where a.id = any($1::uuid[]) and m.implied_threshold_speed_mps is not null and a.start_date >= $2`,
        [strava.map((activity) => activity.id), new Date(moved.getTime() - 90 * 86_400_000)],
      )) as [{ runs: number }];
      expect(runs).toBeGreaterThan(0);
      expect((await browser.put('/api/user/settings', { coachingStyle: 'marginal_gains' })).status).toBe(200);
      expect((await browser.get(`/api/activities/${runId}/analysis`)).status).toBe(200);
      return (await browser.get(`/api/activities/${runId}`)).body.metrics;
    };
    return { browser, fileId, strava, stravaAnalyses, requests: [...fake.requests], fileFacts: promptFacts(fileRequest), fileName, rescoreFile, rescoreRun };
  };
}

describe.each(kinds)('the LLM coach under STRAVA_DATA_POLICY=strict on %s', (kind) => {
  const run = firewallCase(kind, 'strict');

  it('never shows the model a Strava-sourced value: Strava activities get the built-in coach, history is withheld', async () => {
    const { strava, stravaAnalyses, requests, fileFacts, fileName } = await run();
    for (const analysis of stravaAnalyses) expect(analysis).toMatchObject({ coach: 'builtin', coachNote: COACH_NOTES.strava });
    // Only the uploaded ride was ever sent: once by the job, once after its style changed.
    expect(requests).toHaveLength(2);
    const shown = shownText(requests);
    for (const activity of strava) {
      expect(shown).not.toContain(activity.name);
      expect(JSON.stringify(requests)).not.toContain(activity.id);
    }
    expect(fileFacts.activity).toMatchObject({ name: fileName });
    expect(fileFacts.load).toBeUndefined();
    expect(fileFacts.recentTraining).toBeUndefined();
    expect(fileFacts.withheld).toEqual(['load (fitness, fatigue and form)', 'recent training (the last days of sessions)']);
  });

  it("refuses the 'Export to other AIs' file of a Strava activity, and says so in the status the page reads", async () => {
    const { browser, fileId, strava } = await run();
    expect((await browser.get('/api/strava/status')).body).toMatchObject({ stravaDataToAi: false });
    const refused = await browser.get(`/api/activities/${strava[0]!.id}/analysis/export`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: STRAVA_AI_EXPORT_MESSAGE });
    const own = await browser.get(`/api/activities/${fileId}/analysis/export`);
    expect(own.status).toBe(200);
    expect(own.body.activity).toMatchObject({ id: fileId });
  });

  it("scores the upload against the athlete's own files only: no FTP, IF or TSS derived from the Strava rides reaches the model", async () => {
    const { rescoreFile } = await run();
    const { stravaFtpW, metrics, requests, facts, exported } = await rescoreFile();
    // The upload is the athlete's only file with power, and it is never scored against itself.
    expect(metrics).toMatchObject({ ftpW: null, ftpSource: 'none', intensityFactor: null, tss: null, powerZoneSeconds: null });
    expect(metrics.thresholdSources).toEqual(['file']);
    expect(metrics.trainingLoadMethod).not.toBe('power');
    const stravaIntensityFactor = (metrics.normalizedPowerW / stravaFtpW).toFixed(2);
    const activity = facts.activity as { power: Record<string, unknown> };
    expect(activity.power).toMatchObject({ normalized: `${Math.round(metrics.normalizedPowerW)} W` });
    expect(activity.power).not.toHaveProperty('ftp');
    expect(activity.power).not.toHaveProperty('intensityFactor');
    expect(activity.power).not.toHaveProperty('tss');
    // Nowhere but in the file's own power figures (checked above to hold no FTP, IF or TSS), which may
    // happen to equal it: on 29 February 2028 the Strava rides gave 220 W, the file's normalised power.
    const mentions = (text: string) => text.split(`${stravaFtpW} W`).length - 1;
    expect(mentions(shownText(requests))).toBe(mentions(JSON.stringify(activity.power)));
    expect(JSON.stringify(facts.activity)).not.toContain(stravaIntensityFactor);
    expect(exported.status).toBe(200);
    expect(exported.body.athleteProfile.ftpW).toBeNull();
    expect(exported.body.activity.metrics).toMatchObject({ ftpW: null, intensityFactor: null, tss: null });
  });

  it("reads an uploaded run's threshold pace from the athlete's own runs only", async () => {
    const metrics = await (await run()).rescoreRun();
    expect(metrics).toMatchObject({ thresholdPaceSPerKm: null, thresholdPaceSource: 'none', rTss: null, thresholdSources: ['file'] });
  });
});

describe.each(kinds)('the LLM coach under STRAVA_DATA_POLICY=relaxed on %s', (kind) => {
  const run = firewallCase(kind, 'relaxed');

  it('gives the model the Strava activities and the history derived from them', async () => {
    const { strava, stravaAnalyses, requests, fileFacts } = await run();
    for (const analysis of stravaAnalyses) expect(analysis).toMatchObject({ coach: 'llm', coachNote: null });
    const shown = shownText(requests);
    for (const activity of strava) expect(shown).toContain(activity.name);
    expect(fileFacts.load).toMatchObject({ formAfter: expect.any(String) });
    expect(fileFacts.recentTraining).toMatchObject({ sessions: expect.stringMatching(/^\d+ sessions$/) });
    expect(fileFacts.withheld).toBeUndefined();
  });

  it("exports a Strava activity's context file", async () => {
    const { browser, strava } = await run();
    expect((await browser.get('/api/strava/status')).body).toMatchObject({ stravaDataToAi: true });
    const exported = await browser.get(`/api/activities/${strava[0]!.id}/analysis/export`);
    expect(exported.status).toBe(200);
    expect(exported.body.activity).toMatchObject({ id: strava[0]!.id });
  });

  it('scores the upload against the FTP estimated from the Strava rides before it, and shows the model those scores', async () => {
    const { rescoreFile } = await run();
    const { stravaFtpW, metrics, facts, exported } = await rescoreFile();
    expect(metrics).toMatchObject({ ftpW: stravaFtpW, ftpSource: 'estimate', trainingLoadMethod: 'power' });
    expect(metrics.thresholdSources).toEqual(['file', 'strava']);
    expect(metrics.intensityFactor).toBeCloseTo(metrics.normalizedPowerW / stravaFtpW, 9);
    expect((facts.activity as { power: unknown }).power).toMatchObject({
      ftp: `${stravaFtpW} W`,
      intensityFactor: metrics.intensityFactor.toFixed(2),
      tss: String(Math.round(metrics.tss)),
    });
    expect(exported.status).toBe(200);
    expect(exported.body.athleteProfile.ftpW).toBe(stravaFtpW);
  });

  it("reads an uploaded run's threshold pace from the Strava runs before it", async () => {
    const metrics = await (await run()).rescoreRun();
    expect(metrics).toMatchObject({ thresholdPaceSource: 'estimate', thresholdSources: ['file', 'strava'] });
    expect(metrics.thresholdPaceSPerKm).toBeGreaterThan(0);
    expect(metrics.rTss).toBeGreaterThan(0);
  });
});
