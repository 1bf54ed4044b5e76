import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/kairo.ts';
import { hasChromium } from './support/browser.ts';
import { useKairoInBrowser } from './support/kairo-in-browser.ts';
import { signUpInBrowser } from './support/accounts.ts';
import { powerRide } from '../support/recordings.ts';

/**
 * An athlete's way to their activities in a real browser against the real server in demo mode:
 * sign up, connect Strava through the bundled simulator, watch the history arrive, read an
 * activity, switch units, import a file of their own, and find it all again on a phone.
 */
describe.skipIf(!hasChromium)('activities in the browser', () => {
  // Before signing up, the session check answers 401.
  const session = useKairoInBrowser([{ status: 401, path: '/api/auth/user' }]);
  let page: Page;
  beforeAll(() => {
    ({ page } = session);
  });

  const at = session.at;
  const rows = () => sidebar().getByRole('list', { name: 'Activities' }).getByRole('button');
  const selectedRow = () => sidebar().locator('button[aria-current="true"]');
  const { main, sidebar } = session;
  const metricValue = (label: string) => main().locator('dl > div').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');
  /** A metric as read aloud, e.g. '95.0 km' (value and unit are separate boxes on screen). */
  const metric = (label: string) => ({
    waitFor: () => metricValue(label).waitFor(),
    innerText: async () => (await metricValue(label).innerText()).replace(/\s+/g, ' ').trim(),
  });

  async function waitForRows(minimum: number) {
    await expect.poll(() => rows().count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(minimum);
  }

  it('registers and meets the connect step, which also offers importing files', async () => {
    await signUpInBrowser(page, at, { firstName: 'Grace', lastName: 'Hopper', email: uniqueEmail('e2e-activities') });

    const welcome = page.getByRole('dialog', { name: 'Welcome, Grace!' });
    await welcome.waitFor();
    for (const benefit of ['Activity Analysis', 'Performance Tracking', 'Training Recommendations']) {
      expect(await welcome.getByText(benefit, { exact: true }).isVisible(), benefit).toBe(true);
    }
    expect(await welcome.getByRole('button', { name: 'or import your own files' }).isVisible()).toBe(true);
    expect(await welcome.getByRole('button', { name: 'Log out' }).isVisible()).toBe(true);
  });

  it('connects Strava, passes the success screen and fills the sidebar as the history arrives', async () => {
    // The success screen hands over to Home 2 s after its page loaded: watch for it from before the
    // click, so a slow page load that ends after it has moved on to Home cannot make the test miss it.
    const successShown = page.getByRole('heading', { name: 'Connected Successfully!' }).waitFor();
    // While it shows, Home's activities are read ahead (issue 29).
    const readAhead: string[] = [];
    const whileSuccessShows = (request: Request) => {
      if (new URL(page.url()).pathname === '/strava-success' && new URL(request.url()).pathname === '/api/activities') readAhead.push(request.url());
    };
    page.on('request', whileSuccessShows);
    await page.getByRole('link', { name: 'Connect with Strava' }).click();
    await successShown;
    expect(new URL(page.url()).pathname).toMatch(/^\/(strava-success)?$/);
    await page.waitForURL(at('/'));
    page.off('request', whileSuccessShows);
    expect(readAhead.length).toBeGreaterThan(0);

    await waitForRows(10);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await sidebar().getByText('Connected to Strava', { exact: false }).isVisible()).toBe(true);
    expect(await sidebar().getByRole('button', { name: 'Disconnect Strava' }).isVisible()).toBe(true);

    // Spec §7: a sync can be started from the console; on success the list is fetched again.
    const sync = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/force-sync');
    const refetch = page.waitForRequest((request) => request.method() === 'GET' && new URL(request.url()).pathname === '/api/activities');
    await page.evaluate(() => window.forceSync?.());
    expect((await sync).status()).toBe(200);
    await refetch;
  });

  it('selects the newest activity and shows its header and metrics', async () => {
    const first = rows().first();
    expect(await first.getAttribute('aria-current')).toBe('true');
    const name = await first.locator('span.truncate').first().innerText();

    await main().getByRole('heading', { level: 1, name }).waitFor();
    expect(await main().getByText('Demo', { exact: true }).isVisible()).toBe(true);
    await metric('Duration').waitFor();
    expect(await metric('Duration').innerText()).toMatch(/^\d+:\d{2}(:\d{2})?$/);
    // Kai's analysis: the message card and the five sections below it.
    await main().getByText('Kai', { exact: true }).waitFor();
    for (const section of ['Key Insights', 'Performance Summary', 'Recovery', 'Progress on the training plan', 'Next Session']) {
      expect(await main().getByRole('region', { name: section }).isVisible(), section).toBe(true);
    }

    // Choosing another row moves the selection and the page.
    const second = rows().nth(1);
    const secondName = await second.locator('span.truncate').first().innerText();
    await second.click();
    await main().getByRole('heading', { level: 1, name: secondName }).waitFor();
    expect(await selectedRow().count()).toBe(1);
    expect(await second.getAttribute('aria-current')).toBe('true');
  });

  it('shows a ride with distance in miles after switching to imperial, and keeps the choice over a reload', async () => {
    const ride = rows().filter({ has: page.locator('svg.lucide-bike') }).first();
    await ride.click();
    await metric('Distance').waitFor();
    expect(await metric('Distance').innerText()).toMatch(/ km$/);
    const summary = main().getByRole('region', { name: 'Performance Summary' });
    const kilometres = await metric('Distance').innerText();
    await expect.poll(() => summary.innerText(), { timeout: 60_000 }).toContain(kilometres);

    const units = sidebar().getByRole('switch', { name: 'Units' });
    expect(await units.getAttribute('aria-checked')).toBe('false');
    await units.click();
    await expect.poll(() => metric('Distance').innerText()).toMatch(/^\d+\.\d mi$/);
    expect(await ride.innerText()).toMatch(/\d+\.\d mi/);
    expect(await metric('Elevation').innerText()).toMatch(/ ft$/);
    // Kai's analysis is written again in the athlete's units (issue 14): the summary states the distance as the card does, and no km.
    const miles = await metric('Distance').innerText();
    await expect.poll(() => summary.innerText(), { timeout: 60_000 }).toContain(miles);
    expect(await summary.innerText()).not.toMatch(/\d km\b|\/km\b/);

    // The first paint after a reload already uses miles: the settings' answer is held back until the list shows.
    const settingsRead = (url: URL) => url.pathname === '/api/user/settings';
    let releaseSettings!: () => void;
    const held = new Promise<void>((resolve) => (releaseSettings = resolve));
    await page.route(settingsRead, async (route) => {
      await held;
      await route.continue();
    });
    const settingsArrived = page.waitForResponse((response) => settingsRead(new URL(response.url())), { timeout: 60_000 });
    try {
      await page.reload();
      await waitForRows(10);
      expect(await sidebar().getByRole('switch', { name: 'Units' }).getAttribute('aria-checked')).toBe('true');
      expect(await rows().filter({ has: page.locator('svg.lucide-bike') }).first().innerText()).toMatch(/\d+\.\d mi/);
    } finally {
      releaseSettings();
    }
    // And the saved settings agree once they arrive.
    expect((await settingsArrived).ok()).toBe(true);
    await page.unroute(settingsRead);
    expect(await sidebar().getByRole('switch', { name: 'Units' }).getAttribute('aria-checked')).toBe('true');
  });

  it('imports a FIT file through the dialog and finds it in the list', async () => {
    await sidebar().getByRole('button', { name: 'Import activities' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import activities' });
    await dialog.waitFor();
    expect(await dialog.getByText("Strava's API terms limit how long Kairo may keep Strava data", { exact: false }).isVisible()).toBe(true);

    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'ride_outdoor_power_edge810.fit',
      mimeType: 'application/octet-stream',
      buffer: powerRide().bytes,
    });
    const result = dialog.getByText(/^Imported: /);
    await result.waitFor();
    const importedName = (await result.innerText()).replace(/^Imported: /, '');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The ride is from 2013, behind months of demo history: page back until it shows.
    const importedRow = rows().filter({ hasText: importedName });
    const loadMore = sidebar().getByRole('button', { name: 'Load more' });
    for (let pages = 0; pages < 20 && (await importedRow.count()) === 0; pages++) {
      const before = await rows().count();
      await loadMore.click();
      await expect.poll(() => rows().count()).toBeGreaterThan(before);
    }
    await importedRow.first().click();
    await main().getByRole('heading', { level: 1, name: importedName }).waitFor();
    expect(await main().getByText('Uploaded file', { exact: true }).isVisible()).toBe(true);
    expect(await main().getByRole('link', { name: 'View on Strava' }).count()).toBe(0);
    // Recorded with a power meter: the ride shows power.
    expect(await metric('Power').innerText()).toMatch(/^\d+ W$/);
  });

  it('opens the activity drawer on a phone-sized screen', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await sidebar().isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Recent activities' }).click();
    const drawer = page.getByRole('dialog', { name: 'Recent activities' });
    await drawer.waitFor();
    const drawerRows = drawer.getByRole('list', { name: 'Activities' }).getByRole('button');
    expect(await drawerRows.count()).toBeGreaterThanOrEqual(10);
    expect(await drawer.getByRole('switch', { name: 'Units' }).isVisible()).toBe(true);
    expect(await drawer.getByRole('button', { name: 'Sign Out' }).isVisible()).toBe(true);

    // Choosing an activity closes the drawer and shows it.
    const name = await drawerRows.nth(2).locator('span.truncate').first().innerText();
    await drawerRows.nth(2).click();
    await drawer.waitFor({ state: 'detached' });
    await main().getByRole('heading', { level: 1, name }).waitFor();
  });
});
