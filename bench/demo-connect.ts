import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type TestClient } from '../test/support/http-client.ts';
import { startKairoProcess } from '../test/support/kairo-process.ts';
import { registerAthlete, waitFor } from '../test/support/strava.ts';

export interface DemoConnectRun {
  /** From "Connect with Strava" until the newest activity's analysis is written, in demo mode. */
  toFirstAnalysisS: number;
  activities: number;
}

const TIMEOUT_MS = 180_000;

/**
 * What a visitor trying Kairo waits for: a fresh Kairo process in demo mode (no Strava
 * credentials: the bundled simulator answers at /dev/strava, on PGlite as `npm start` runs it), an
 * account, then the clock runs from the click on "Connect with Strava", through the simulator's
 * consent and the sync, until the newest activity has Kai's analysis.
 */
export async function benchDemoConnect(): Promise<DemoConnectRun> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kairo-bench-demo-'));
  const kairo = await startKairoProcess({ dataDir });
  try {
    const browser = await registerAthlete(kairo.url);
    const startedAt = performance.now();
    await connectInDemoMode(browser, kairo.url);
    const list = await waitFor(
      async () => (await browser.get('/api/activities')).body as { id: string }[],
      (activities) => Array.isArray(activities) && activities.length > 0,
      TIMEOUT_MS,
    );
    const newest = list[0]!.id;
    await waitFor(
      async () => {
        const response = await browser.get(`/api/activities/${newest}/analysis`);
        return response.status === 200 && typeof response.body?.executiveSummary === 'string';
      },
      (ready) => ready,
      TIMEOUT_MS,
    );
    const toFirstAnalysisS = (performance.now() - startedAt) / 1000;
    const activities = ((await browser.get('/api/activities?limit=200')).body as unknown[]).length;
    return { toFirstAnalysisS, activities };
  } finally {
    await kairo.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The browser's redirects of the Connect button, followed by hand: Kairo, the simulator's consent, Kairo's callback. */
async function connectInDemoMode(browser: TestClient, kairoUrl: string): Promise<void> {
  const start = await browser.get('/api/auth/strava', { headers: { accept: 'text/html' } });
  if (start.status !== 302) throw new Error(`GET /api/auth/strava answered ${start.status}`);
  const authorize = new URL(start.headers.get('location')!, kairoUrl);
  const consent = await createClient(authorize.origin).get(`${authorize.pathname}${authorize.search}`);
  if (consent.status !== 302) throw new Error(`the simulator's consent answered ${consent.status}: ${consent.text.slice(0, 200)}`);
  const callback = new URL(consent.headers.get('location')!, authorize.origin);
  const landing = await browser.get(`${callback.pathname}${callback.search}`);
  if (landing.status !== 302) throw new Error(`the Strava callback answered ${landing.status}: ${landing.text.slice(0, 200)}`);
}
