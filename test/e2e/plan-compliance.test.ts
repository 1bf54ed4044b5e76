import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { planComplianceView } from '../../src/shared/api/plan-compliance.ts';
import { uniqueEmail } from '../support/kairo.ts';
import { hasChromium, shootDesktopAndPhone } from './support/browser.ts';
import { useKairoInBrowser } from './support/kairo-in-browser.ts';
import { openConfirmationLink } from './support/accounts.ts';
import { DAY_MS } from '../../src/shared/time.ts';

/** KAIRO_SCREENSHOTS_DIR=/some/dir keeps screenshots of the plan's calendar at 1280 and 375 px. */

const fourWeeksAgo = new Date(Date.now() - 28 * DAY_MS).toISOString().slice(0, 10);

/**
 * Spec "Done when": from a fresh start in demo mode, the demo athlete's plan shows a calendar with
 * real completed, partial and missed sessions. The plan starts four weeks back (ADR 0036), so its
 * first weeks are compared with the simulated athlete's history (ADR 0035).
 */
describe.skipIf(!hasChromium)('planned vs done in the browser', () => {
  const session = useKairoInBrowser([{ status: 401, path: '/api/auth/user' }]);
  let page: Page;
  beforeAll(() => {
    ({ page } = session);
  });
  const main = () => page.getByRole('main');

  it('connects the demo athlete and creates a plan that started four weeks ago', async () => {
    await page.goto(session.at('/register'));
    await page.getByLabel('First name').fill('Annemiek');
    await page.getByLabel('Last name').fill('Vleuten');
    const email = uniqueEmail('e2e-compliance');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create account' }).click();
    await openConfirmationLink(page, session.at, email);
    await page.getByRole('link', { name: 'Connect with Strava' }).click();
    await page.waitForURL(session.at('/'));

    await page.getByRole('link', { name: 'Training plan' }).click();
    await main().getByRole('button', { name: 'Create Your First Training Plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a training plan' });
    await dialog.getByRole('tab', { name: 'General fitness' }).click();
    await dialog.getByLabel('Plan name').fill('Autumn block');
    await dialog.getByLabel('Cycling').check();
    await dialog.getByLabel('Running').check();
    await dialog.getByLabel('Plan duration').fill('12 weeks');
    await dialog.getByLabel('Weekly training time (optional)').fill('7 hours');
    await dialog.getByLabel(/^Start date/).fill(fourWeeksAgo);
    await dialog.getByRole('button', { name: 'Create plan' }).click();
    await dialog.waitFor({ state: 'detached' });
    await main().getByRole('article', { name: 'Autumn block' }).waitFor();
  }, 180_000);

  it("shows the plan's calendar with completed and missed sessions from the athlete's history", async () => {
    const plans = (await (await page.request.get(session.at('/api/training-plans'))).json()) as { id: string; startDate: string | null }[];
    const [plan] = plans;
    expect(plan!.startDate).toBe(fourWeeksAgo);
    // The demo history arrives in the background: wait until its activities meet the plan's days.
    let statuses = new Set<string>();
    for (let attempt = 0; attempt < 120 && !(statuses.has('completed') && statuses.has('missed')); attempt++) {
      const compliance = planComplianceView.parse(await (await page.request.get(session.at(`/api/training-plans/${plan!.id}/compliance`))).json());
      statuses = new Set(compliance.days.map((day) => day.status));
      if (!statuses.has('completed')) await page.waitForTimeout(1_000);
    }
    expect([...statuses]).toEqual(expect.arrayContaining(['completed', 'missed', 'future']));

    await main().getByRole('link', { name: 'View Full Training Plan' }).click();
    await page.waitForURL(/\/training-plan\/view\?id=/);
    const calendar = main().getByRole('region', { name: 'Planned vs Done' });
    await calendar.getByRole('listitem', { name: /: Completed/ }).first().waitFor();
    expect(await calendar.getByRole('listitem', { name: /: Missed, missed/ }).count()).toBeGreaterThan(0);
    // The header sums the plan so far, in words as well as colour.
    await main().getByText(/^So far:/).waitFor();
    expect(await main().getByText(/completed, \d+ partial, \d+ missed of \d+ sessions/).isVisible()).toBe(true);
    // Each week: planned vs done hours and load.
    const firstWeek = calendar.getByRole('region', { name: /^Week of / }).first();
    expect(await firstWeek.getByText(/^Hours$/).isVisible()).toBe(true);
    expect(await firstWeek.getByText(/h of [\d.]+ h$/).first().isVisible()).toBe(true);
    await shootDesktopAndPhone(page, 'plan-compliance');

    // A completed session links to its activity, which opens on its own page.
    const link = calendar.getByRole('listitem', { name: /: Completed/ }).first().getByRole('link', { name: /^Activity/ }).first();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/activities\/[0-9a-f-]{36}$/);
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(session.at(href!));
  }, 180_000);
});
