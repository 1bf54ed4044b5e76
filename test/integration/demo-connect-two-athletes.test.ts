import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../support/databases.ts';
import type { TestClient } from '../support/http-client.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { connectDemoStrava, registerAthlete, waitFor, waitForJobs } from '../support/strava.ts';

const kinds = await testDatabaseKinds();

/**
 * Issue 29: an athlete who connects while another athlete's history is being read sees their own
 * activities at once. A backfill page stores a whole page of activities and runs for seconds; the
 * queue took such jobs in batches, so the second athlete's page waited until the first's had
 * ended (5–8 s before their list showed anything, against under 1 s alone).
 */
describe.each(kinds)('two athletes connecting in demo mode on %s', { timeout: 300_000 }, (kind) => {
  let server: TestKairo;

  beforeAll(async () => {
    server = await startTestKairo(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  const listed = async (browser: TestClient) => ((await browser.get('/api/activities')).body as unknown[]).length;

  it("reads the second athlete's first page while the first athlete's page is still being stored", async () => {
    const [first, second] = [await registerAthlete(server.url), await registerAthlete(server.url)];
    await connectDemoStrava(first);
    // The first athlete's page is being stored: its first activities are listed.
    await waitFor(() => listed(first), (count) => count > 0, 60_000);
    await connectDemoStrava(second);
    await waitFor(() => listed(second), (count) => count > 0, 60_000);
    await waitForJobs(server, 240_000);

    const pages = await server.database.handle.query<{ account: string; created: Date; started: Date; completed: Date }>(
      "select data->>'accountId' as account, created_on as created, started_on as started, completed_on as completed from pgboss.job where name = 'strava.backfill' order by created_on",
    );
    const [firstAccount, secondAccount] = [...new Set(pages.map((page) => page.account))];
    const secondPage = pages.find((page) => page.account === secondAccount)!;
    // The first athlete's page under way when the second athlete's was queued (what could hold it back).
    const running = pages.find(
      (page) => page.account === firstAccount && page.started.getTime() <= secondPage.created.getTime() && page.completed.getTime() > secondPage.created.getTime(),
    );
    expect(running, "the first athlete's page was still being stored when the second athlete connected").toBeDefined();
    expect(secondPage.started.getTime()).toBeLessThan(running!.completed.getTime());
  });
});
