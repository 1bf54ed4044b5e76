import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/kairo.ts';
import { SIM_CLIENT } from '../support/strava.ts';
import { signInAfresh, signUpInBrowser } from './support/accounts.ts';
import { seriousAxeFindings } from './support/axe.ts';
import { hasChromium, shootDesktopAndPhone } from './support/browser.ts';
import { useKairoInBrowserWithSim } from './support/kairo-in-browser-with-sim.ts';

/**
 * What an athlete sees when Strava refuses Kairo's app (issue 27, ADR 0067), in a real browser
 * against Kairo pointed at the Strava simulator: the athlete cap refusing a newcomer's connection,
 * and the sync paused because the app is Inactive. Each at desktop and phone width, judged by axe.
 */

const PAUSED = "Strava has paused this Kairo's access to Strava. Your data is safe; syncing resumes when the operator fixes it.";
/** Each step signs up or in and waits on the sync: generous, for a busy 2-core machine. */
const STEP_TIMEOUT_MS = 180_000;
const CAPPED = "This Kairo has reached Strava's limit of athletes for its app, so Strava did not let you connect. Nothing was changed; the operator has been told.";

describe.skipIf(!hasChromium)('Strava refusing the app, as the athlete sees it', () => {
  const session = useKairoInBrowserWithSim([{ status: 401, path: '/api/auth/user' }]);
  const sim = () => session.sim;
  let page: Page;
  const firstEmail = uniqueEmail('e2e-refusals-first');
  beforeAll(() => {
    ({ page } = session);
  });

  /** Clicks Connect with Strava as `athleteId` approving at the simulator; resolves where Kairo lands. */
  async function connectAs(athleteId: number): Promise<URL> {
    sim().control.nextAuthorization({ athleteId });
    await page.getByRole('link', { name: 'Connect with Strava' }).click();
    await page.waitForURL((url) => url.origin === new URL(session.at('/')).origin && url.pathname !== '/api/auth/strava/callback');
    return new URL(page.url());
  }

  it('connects a first athlete, whose history arrives', async () => {
    const athlete = sim().control.createAthlete({ historyDays: 5 });
    await signUpInBrowser(page, session.at, { firstName: 'Ada', lastName: 'First', email: firstEmail });
    await page.getByRole('dialog', { name: 'Welcome, Ada!' }).waitFor();
    await connectAs(athlete.id);
    await page.waitForURL(session.at('/'));
    const rows = session.sidebar().getByRole('list', { name: 'Activities' }).getByRole('button');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(0);
  }, STEP_TIMEOUT_MS);

  it("tells a newcomer beyond Strava's athlete cap why connecting failed", async () => {
    sim().control.setClientStatus(SIM_CLIENT.clientId, { athleteLimit: 1 });
    const newcomer = sim().control.createAthlete({ historyDays: 5 });
    await page.goto('about:blank');
    await page.context().clearCookies();
    await signUpInBrowser(page, session.at, { firstName: 'Bo', lastName: 'Late', email: uniqueEmail('e2e-refusals-capped') });
    const welcome = page.getByRole('dialog', { name: 'Welcome, Bo!' });
    await welcome.waitFor();
    await connectAs(newcomer.id);
    await welcome.getByText(CAPPED).waitFor();
    // The reason is taken out of the address, so a reload does not repeat it.
    expect(new URL(page.url()).search).toBe('');
    expect(await seriousAxeFindings(page)).toEqual([]);
    await shootDesktopAndPhone(page, 'strava-athlete-cap');
    sim().control.setClientStatus(SIM_CLIENT.clientId, { athleteLimit: null });
  }, STEP_TIMEOUT_MS);

  it('shows the connected athlete that the sync is paused while Strava says the app is Inactive, and that nothing is lost', async () => {
    await signInAfresh(page, session.at, firstEmail);
    const rows = session.sidebar().getByRole('list', { name: 'Activities' }).getByRole('button');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const before = await rows.count();

    sim().control.setClientStatus(SIM_CLIENT.clientId, { inactive: true });
    // The next sync meets Strava's 403 "application inactive" and pauses.
    const forced = await page.evaluate(async () => (await fetch('/api/force-sync', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status);
    expect(forced).toBe(200);
    await expect
      .poll(async () => (await page.evaluate(async () => (await (await fetch('/api/strava/status')).json()) as { syncPaused: unknown })).syncPaused, { timeout: 30_000 })
      .not.toBeNull();
    await page.reload();
    const banner = session.main().getByRole('status').filter({ hasText: PAUSED });
    await banner.waitFor();
    expect(await rows.count()).toBe(before);
    // Nothing to do for the athlete: no reconnect offered.
    expect(await session.main().getByRole('link', { name: /reconnect/i }).count()).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await shootDesktopAndPhone(page, 'strava-sync-paused');
    sim().control.setClientStatus(SIM_CLIENT.clientId, { inactive: false });
  }, STEP_TIMEOUT_MS);
});
