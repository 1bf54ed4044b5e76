import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/kairo.ts';
import { signUpInBrowser } from './support/accounts.ts';
import { seriousAxeFindings } from './support/axe.ts';
import { hasChromium, shootDesktopAndPhone } from './support/browser.ts';
import { useKairoInBrowserWithSim } from './support/kairo-in-browser-with-sim.ts';

/** Each activity's detail answers this late, so the history's details take many seconds to arrive. */
const DETAIL_LATENCY_MS = 400;
/** Once the bar is shown, later still: the sync outlasts several of Home's polls (every 3 s) whatever the test does meanwhile. */
const SLOWED_DETAIL_LATENCY_MS = 1_500;
const TIMEOUT_MS = 180_000;

/**
 * The first Strava sync as the athlete sees it (issue 29): after connecting, the activity list says
 * "Syncing your Strava history: 12 of 58 activities" over a bar that moves as the activities'
 * details arrive, and both go once the whole history is in, every activity listed.
 */
describe.skipIf(!hasChromium)('the Strava history arriving, in the browser', () => {
  const session = useKairoInBrowserWithSim([{ status: 401, path: '/api/auth/user' }]);
  const sim = () => session.sim;
  let page: Page;
  beforeAll(() => {
    ({ page } = session);
  });

  it('shows "n of N activities" with a bar that moves, then the whole history', async () => {
    const athlete = sim().control.createAthlete({ historyDays: 60 });
    const total = sim().control.activities(athlete.id).length;
    expect(total).toBeGreaterThan(20);
    sim().control.faults.delay({ delayMs: DETAIL_LATENCY_MS, path: /^\/api\/v3\/activities\/\d+$/ });

    await signUpInBrowser(page, session.at, { firstName: 'Demi', lastName: 'Vollering', email: uniqueEmail('e2e-backfill') });
    await page.getByRole('dialog', { name: 'Welcome, Demi!' }).waitFor();
    sim().control.nextAuthorization({ athleteId: athlete.id });
    await page.getByRole('link', { name: 'Connect with Strava' }).click();
    await page.waitForURL(session.at('/'));

    const list = session.sidebar();
    const counted = list.getByText(new RegExp(`^Syncing your Strava history: (\\d+) of ${total} activities$`));
    await counted.waitFor({ timeout: 60_000 });
    const bar = list.getByRole('progressbar', { name: 'Strava history synced' });
    /** The count the words give and the bar's value, read in one go so that both are of one poll. */
    const shownNow = () =>
      list.evaluate((element) => ({
        count: Number(/Syncing your Strava history: (\d+) of/.exec(element.textContent ?? '')?.[1]),
        percent: Number(element.querySelector('[role="progressbar"][aria-label="Strava history synced"]')?.getAttribute('aria-valuenow')),
      }));
    // The bar's code loads when the sync is first shown: the words can be there a moment before it.
    await bar.waitFor();
    // From here each detail answers later still, so that the screenshots and the phone's view below,
    // slow on a busy machine, cannot outlast the sync; and every count shown from now on is noted
    // as the page changes, so a count the test was not looking at still counts as movement.
    sim().control.faults.clear();
    sim().control.faults.delay({ delayMs: SLOWED_DETAIL_LATENCY_MS, path: /^\/api\/v3\/activities\/\d+$/ });
    await page.evaluate(() => {
      const seen = { most: -1 };
      Object.assign(window, { syncCountSeen: seen });
      const note = () => {
        for (const match of (document.body.textContent ?? '').matchAll(/Syncing your Strava history: (\d+) of/g)) seen.most = Math.max(seen.most, Number(match[1]));
      };
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const first = await shownNow();
    expect(first.count).toBeLessThan(total);
    // The bar says what the words say.
    expect(first.percent).toBe(Math.round((100 * first.count) / total));
    await shootDesktopAndPhone(page, 'strava-backfill-progress');
    expect(await seriousAxeFindings(page), 'Home during the first sync').toEqual([]);
    // On a phone the list is behind a button: Home itself says how far the sync has come, with its bar.
    await page.setViewportSize({ width: 375, height: 800 });
    try {
      const onPhone = session.main().getByText(new RegExp(`^Syncing your Strava history: \\d+ of ${total} activities$`));
      await onPhone.waitFor();
      expect(await onPhone.isVisible()).toBe(true);
      expect(await session.main().getByRole('progressbar', { name: 'Strava history synced' }).isVisible()).toBe(true);
      expect(await list.isVisible()).toBe(false);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    expect(await session.main().getByRole('status').filter({ hasText: /^Syncing your Strava history/ }).isVisible()).toBe(false);
    // It moves as Home polls the status.
    const mostSeen = () => page.evaluate(() => (window as unknown as { syncCountSeen: { most: number } }).syncCountSeen.most);
    await expect.poll(mostSeen, { timeout: 60_000 }).toBeGreaterThan(first.count);

    sim().control.faults.clear();
    await bar.waitFor({ state: 'detached', timeout: TIMEOUT_MS });
    expect(await list.getByText(/^Syncing your Strava history/).count()).toBe(0);
    const listed = (await (await page.request.get(session.at('/api/activities?limit=200'))).json()) as unknown[];
    expect(listed).toHaveLength(total);
    expect(await list.getByRole('list', { name: 'Activities' }).getByRole('button').count()).toBeGreaterThan(0);
    // The fitness chart beside the analysis was first read before any load was in; it has been read again since.
    const fitness = session.main().getByRole('figure', { name: /Fitness, fatigue and form/ });
    await expect.poll(() => fitness.getByText(/^No training load in the last \d+ days yet\.$/).count(), { timeout: 60_000 }).toBe(0);
    expect(await fitness.getByRole('img').count()).toBeGreaterThan(0);
  }, TIMEOUT_MS);
});
