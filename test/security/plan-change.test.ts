import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAccountPlan } from '../../src/server/admin/accounts.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import { createClient } from '../support/http-client.ts';
import { startTestKairo, uniqueEmail, type TestKairo, signUp } from '../support/kairo.ts';

const [kind = 'pglite'] = await testDatabaseKinds();

describe('issue 16 item 15: a plan changed by the admin CLI reaches the Pro gates at once', () => {
  let server: TestKairo;
  beforeAll(async () => {
    // The default session cache (10 s) is on: the gate must not rely on the session's copy of the plan.
    server = await startTestKairo(kind, { SESSION_CACHE_SECONDS: '60' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses the Pro exports on the very next request after a downgrade, and allows them after an upgrade', async () => {
    const email = uniqueEmail('downgrade');
    const browser = createClient(server.url);
    await signUp(browser, { email, password: 'correct horse battery', firstName: 'Ada', lastName: 'Lovelace' });
    // Checked before anything is read: a Pro (trial) account hears about the unknown activity.
    const unknownActivity = randomUUID();
    expect((await browser.get(`/api/activities/${unknownActivity}/analysis/export`)).status).toBe(404);

    await setAccountPlan(server.database.handle.db, email, 'Free');
    const exportAfter = await browser.get(`/api/activities/${unknownActivity}/analysis/export`);
    expect(exportAfter.status).toBe(403);
    const workoutAfter = await browser.post(`/api/activities/${unknownActivity}/generate-zwift-workout`);
    expect(workoutAfter.status).toBe(403);

    await setAccountPlan(server.database.handle.db, email, 'Pro');
    expect((await browser.get(`/api/activities/${unknownActivity}/analysis/export`)).status).toBe(404);
  });
});
