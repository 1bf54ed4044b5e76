import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { startKairo, type Kairo } from '../../src/server/kairo.ts';
import { startStravaSim, type RunningStravaSim } from '../../tools/strava-sim/sim.ts';
import { DEMO_RATE_LIMITS, STANDALONE_CLIENT } from '../../tools/strava-sim/standalone.ts';
import { testDatabaseKinds, type TestDatabaseKind } from '../support/databases.ts';
import { createClient, type TestClient } from '../support/http-client.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { connectStrava, registerAthlete, waitFor } from '../support/strava.ts';

const kinds = await testDatabaseKinds();

/** The same browser (its session cookie) talking to another instance. */
function sameBrowserOn(browser: TestClient, url: string): TestClient {
  const other = createClient(url);
  for (const [name, value] of browser.jar) other.jar.set(name, value);
  return other;
}

/**
 * Demo mode on two instances of one database with DEMO_STRAVA_URL: both use one standalone
 * simulator (as `npm run strava-sim` runs it, with its default application), so an athlete who
 * connected through one instance is served by the other, and each account gets its own simulated
 * athlete whichever instance it connects through.
 */
describe.each(kinds)('Demo mode shared by two instances on %s', (kind: TestDatabaseKind) => {
  let sim: RunningStravaSim;
  let first: TestKairo;
  let second: Kairo;
  let secondDataDir: string;

  beforeAll(async () => {
    sim = await startStravaSim({ clients: [{ ...STANDALONE_CLIENT, name: 'Kairo' }], rateLimits: DEMO_RATE_LIMITS });
    const shared = {
      DEMO_STRAVA_URL: sim.baseUrl,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      STRAVA_WEBHOOK_VERIFY_TOKEN: 'shared-verify-token',
    };
    first = await startTestKairo(kind, shared);
    secondDataDir = mkdtempSync(join(tmpdir(), 'kairo-demo-second-'));
    second = await startKairo(loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: secondDataDir, LOG_LEVEL: 'silent', ...shared }), {
      database: first.database.handle,
    });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await sim?.close();
    if (secondDataDir) rmSync(secondDataDir, { recursive: true, force: true });
  });

  it('serves every demo athlete from either instance', { timeout: 180_000 }, async () => {
    const viaFirst = await registerAthlete(first.url);
    expect(await connectStrava(viaFirst, sim, null)).not.toMatch(/error/);
    const viaSecond = await registerAthlete(second.url);
    expect(await connectStrava(viaSecond, sim, null)).not.toMatch(/error/);

    // One simulator, one simulated athlete per account, whichever instance it connected through.
    expect(sim.control.athletes()).toHaveLength(2);
    for (const [browser, url] of [
      [viaFirst, second.url],
      [viaSecond, first.url],
    ] as const) {
      const elsewhere = sameBrowserOn(browser, url);
      const status = await elsewhere.get('/api/strava/status');
      expect(status.status).toBe(200);
      expect(status.body).toMatchObject({ connected: true, demo: true });
      // The other instance calls the simulator with the tokens the first one stored.
      const synced = await elsewhere.post('/api/force-sync');
      expect(synced.status, synced.text).toBeLessThan(300);
      const activities = await waitFor(
        async () => (await elsewhere.get('/api/activities')).body as unknown[],
        (list) => list.length > 0,
        150_000,
      );
      expect(activities.length).toBeGreaterThan(0);
    }
    expect((await sameBrowserOn(viaFirst, second.url).get('/api/strava/status')).body.connected).toBe(true);
  });
});
