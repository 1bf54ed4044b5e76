import type { Locator, Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { planAdjustmentList, type PlanAdjustment } from '../../src/shared/api/plan-adjustments.ts';
import { localDay } from '../../src/web/features/wellness/local-day.ts';
import { uniqueEmail } from '../support/kairo.ts';
import { powerRide } from '../support/recordings.ts';
import { waitForJobs } from '../support/strava.ts';
import { signUpInBrowser } from './support/accounts.ts';
import { hasChromium, shootDesktopAndPhone, type ExpectedResponseError } from './support/browser.ts';
import { useKairoInBrowser } from './support/kairo-in-browser.ts';

/**
 * The smaller items of issue 26 in a real browser, on one athlete: the sign-in form's keyboard
 * order, Refresh analysis showing its progress and its outcome, the laps table on a phone, the
 * check-in's focus after saving, Kai's proposal answered on Home (with Undo), and the activity
 * on a phone's first screen. KAIRO_SCREENSHOTS_DIR keeps the screens at 1280 and 375 px.
 */
describe.skipIf(!hasChromium)('the smaller items of issue 26 in the browser', () => {
  const expected: ExpectedResponseError[] = [{ status: 401, path: '/api/auth/user' }];
  const session = useKairoInBrowser(expected);
  let page: Page;
  let activityId: string;
  beforeAll(() => {
    ({ page } = session);
  });
  const main = () => page.getByRole('main');
  const origin = () => ({ origin: new URL(session.server.url).origin });
  const focused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement || element.contains(document.activeElement));
  const tabTo = async () => {
    await page.keyboard.press('Tab');
    return page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return element?.getAttribute('name') ?? element?.textContent?.trim() ?? '';
    });
  };

  it('goes e-mail, password, Sign in, then "Forgot your password?" by keyboard, and the same way on registration', async () => {
    await page.goto(session.at('/login'));
    await page.getByLabel('Email').focus();
    expect([await tabTo(), await tabTo(), await tabTo()]).toEqual(['password', 'Sign in', 'Forgot your password?']);
    await shootDesktopAndPhone(page, 'issue26-login');

    await page.goto(session.at('/register'));
    await page.getByLabel('First name').focus();
    expect([await tabTo(), await tabTo(), await tabTo(), await tabTo()]).toEqual(['lastName', 'email', 'password', 'Create account']);
  });

  it('shows Refresh analysis at work, then "Analysis updated", with the focus kept on the button', async () => {
    await signUpInBrowser(page, session.at, { firstName: 'Kasia', lastName: 'Niewiadoma', email: uniqueEmail('e2e-issue26') });
    await page.getByRole('button', { name: 'or import your own files' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import activities' });
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'ride.fit', mimeType: 'application/octet-stream', buffer: powerRide().bytes });
    await dialog.getByText(/^Imported: /).waitFor();
    await page.keyboard.press('Escape');
    activityId = await page.evaluate(async () => ((await (await fetch('/api/activities')).json()) as { id: string }[])[0]!.id);
    await page.goto(session.at(`/activities/${activityId}`));
    await main().getByRole('region', { name: 'Key Insights' }).waitFor({ timeout: 30_000 });

    // The refresh is held at the network until the busy state has been seen.
    const refreshPath = `/api/activities/${activityId}/analysis/refresh`;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const hold = async (route: Route) => {
      await held;
      await route.continue();
    };
    await page.route(session.at(refreshPath), hold);
    const toolbar = main().getByRole('toolbar', { name: 'Analysis actions' });
    const refresh = toolbar.getByRole('button', { name: 'Refresh analysis' });
    const status = main().getByRole('region', { name: 'Analysis' }).getByRole('status').first();
    await refresh.focus();
    await page.keyboard.press('Enter');

    const busy = toolbar.getByRole('button', { name: 'Rewriting…' });
    await busy.waitFor();
    expect(await busy.getAttribute('aria-busy')).toBe('true');
    expect(await status.innerText()).toBe('Kai is rewriting your analysis…');
    expect(await focused(busy)).toBe(true);
    await shootDesktopAndPhone(page, 'issue26-refresh-busy');
    release();

    await refresh.waitFor();
    await expect.poll(() => status.innerText()).toBe('Analysis updated');
    expect(await toolbar.getByText('Analysis updated').isVisible()).toBe(true);
    expect(await focused(refresh)).toBe(true);
    await page.unroute(session.at(refreshPath), hold);
    await shootDesktopAndPhone(page, 'issue26-refresh-done');
  });

  it('says why a refresh failed under the button, and Try again refreshes', async () => {
    const refreshPath = `/api/activities/${activityId}/analysis/refresh`;
    expected.push({ status: 503, path: refreshPath });
    let failures = 1;
    await page.route(session.at(refreshPath), async (route) => {
      if (failures-- <= 0) return route.fallback();
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Kai is busy right now. Please try again.' }) });
    });
    const toolbar = main().getByRole('toolbar', { name: 'Analysis actions' });
    await toolbar.getByRole('button', { name: 'Refresh analysis' }).click();
    await toolbar.getByText('Kai is busy right now. Please try again.').waitFor();
    expect(await toolbar.getByText('Analysis updated').count()).toBe(0);
    await shootDesktopAndPhone(page, 'issue26-refresh-failed');

    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === refreshPath);
    await toolbar.getByRole('button', { name: 'Try again' }).click();
    expect((await answered).status()).toBe(200);
    await toolbar.getByText('Analysis updated').waitFor();
    expect(await toolbar.getByText('Kai is busy right now. Please try again.').count()).toBe(0);
    await page.unrouteAll();
  });

  it('on a phone, the laps table says it scrolls, keeps the lap column in place and scrolls by keyboard to its last column', async () => {
    const laps = main().getByRole('region', { name: 'Laps table' });
    const hint = main().getByText('Scroll for more →');
    const fade = main().getByTestId('scroll-fade');
    await laps.waitFor({ timeout: 30_000 });
    // Wide enough for every column at desktop width: no hint.
    await laps.scrollIntoViewIfNeeded();
    expect(await laps.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(false);
    expect(await hint.count()).toBe(0);

    await page.setViewportSize({ width: 375, height: 800 });
    await laps.scrollIntoViewIfNeeded();
    await hint.first().waitFor();
    expect(await fade.first().isVisible()).toBe(true);
    expect(await laps.getAttribute('aria-describedby')).toBeTruthy();
    const lastColumn = laps.getByRole('columnheader').last();
    const inView = async () => {
      const [box, column] = [await laps.boundingBox(), await lastColumn.boundingBox()];
      return box !== null && column !== null && column.x + column.width <= box.x + box.width + 1;
    };
    expect(await inView()).toBe(false);
    await page.screenshot({ path: `${process.env.KAIRO_SCREENSHOTS_DIR ?? '/tmp'}/issue26-laps-375.png` });

    await laps.focus();
    for (let press = 0; press < 60 && !(await inView()); press++) await page.keyboard.press('ArrowRight');
    expect(await inView()).toBe(true);
    // The lap number stays in sight beside the last column.
    const lapHeader = laps.getByRole('columnheader', { name: 'Lap' });
    const [box, lap] = [await laps.boundingBox(), await lapHeader.boundingBox()];
    expect(lap!.x).toBeGreaterThanOrEqual(box!.x - 1);
    await main().getByText('← Scroll back').first().waitFor();
    expect(await laps.getByRole('columnheader', { name: /power/i }).first().isVisible()).toBe(true);
    await page.screenshot({ path: `${process.env.KAIRO_SCREENSHOTS_DIR ?? '/tmp'}/issue26-laps-scrolled-375.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  let proposal: PlanAdjustment;
  let planId: string;

  it('after saving a check-in the focus is on "Check-in saved.", not lost to the page', async () => {
    const created = await page.request.post(session.at('/api/training-plans'), {
      headers: origin(),
      data: { preparationType: 'general-fitness', planName: 'Winter base', selectedActivities: JSON.stringify(['Cycling']), planDuration: '12 weeks', weeklyTrainingTime: '6 hours', startDate: localDay(-1) },
    });
    expect(created.status()).toBe(201);
    planId = ((await created.json()) as { id: string }).id;
    const lines = ['date,hrv', ...Array.from({ length: 58 }, (_, index) => `${localDay(index - 60)},60`)];
    const imported = await page.request.post(session.at('/api/wellness/import'), { headers: { ...origin(), 'content-type': 'text/csv' }, data: Buffer.from(lines.join('\n')) });
    expect(imported.status()).toBe(200);
    expect((await page.request.put(session.at(`/api/wellness/${localDay(-1)}`), { headers: origin(), data: { hrvRmssdMs: 12 } })).status()).toBe(200);

    await page.goto(session.at('/check-in'));
    const form = main().getByRole('form', { name: 'Daily check-in' });
    await form.getByLabel('HRV rMSSD (ms)').fill('12');
    await form.getByRole('button', { name: 'Save check-in' }).focus();
    await page.keyboard.press('Enter');
    const saved = form.getByRole('status').filter({ hasText: 'Check-in saved.' });
    await saved.waitFor();
    // The confirmation's own box holds the focus: a screen reader reads it as the focus lands.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Check-in saved.');
    // Tab goes on from the form, to its button.
    await page.keyboard.press('Tab');
    expect(await focused(form.getByRole('button', { name: 'Save check-in' }))).toBe(true);
    await shootDesktopAndPhone(page, 'issue26-check-in-saved');

    await waitForJobs(session.server);
    const read = async () => planAdjustmentList.parse(await (await page.request.get(session.at(`/api/training-plans/${planId}/adjustments`))).json());
    await expect.poll(async () => (await read()).pending.length, { timeout: 30_000 }).toBe(1);
    proposal = (await read()).pending[0]!;
  }, 120_000);

  it("accepts Kai's proposal on Home's card, then undoes it there, by keyboard", async () => {
    await main().getByRole('link', { name: 'Home' }).click();
    const card = main().getByRole('region', { name: 'Kai suggests a change to your plan' });
    await card.waitFor();
    expect(await card.getByText(proposal.reason).isVisible()).toBe(true);
    expect(await card.getByRole('list', { name: 'Changes' }).getByRole('listitem').count()).toBe(proposal.changes.length);
    expect(await card.getByRole('link', { name: /^Review in plan/ }).getAttribute('href')).toBe(`/training-plan/view?id=${planId}#adjustments`);
    await shootDesktopAndPhone(page, 'issue26-home-proposal');

    // On a phone the card follows the activity; a line at the top takes the keyboard to it.
    await page.setViewportSize({ width: 375, height: 667 });
    const shortcut = main().getByRole('button', { name: 'Kai suggests a change' });
    await shortcut.focus();
    await page.keyboard.press('Enter');
    expect(await focused(card.getByRole('heading', { name: 'Kai suggests a change to your plan' }))).toBe(true);
    await page.screenshot({ path: `${process.env.KAIRO_SCREENSHOTS_DIR ?? '/tmp'}/issue26-home-proposal-shortcut-375.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await shortcut.isVisible()).toBe(false);

    await card.getByRole('button', { name: /^Accept/ }).focus();
    await page.keyboard.press('Enter');
    const answered = main().getByRole('region', { name: 'Your answer to Kai' });
    const accepted = answered.getByText(/^Accepted: Winter base changes from /);
    await accepted.waitFor();
    await expect.poll(() => focused(accepted)).toBe(true);
    const status = async () => (await (await page.request.get(session.at(`/api/training-plans/${planId}/adjustments`))).json()) as { history: { id: string; status: string }[] };
    expect((await status()).history.find((entry) => entry.id === proposal.id)?.status).toBe('accepted');
    await shootDesktopAndPhone(page, 'issue26-home-accepted');

    await page.keyboard.press('Tab');
    expect(await focused(answered.getByRole('button', { name: /^Undo/ }))).toBe(true);
    await page.keyboard.press('Enter');
    const undone = answered.getByText('Undone: Winter base is back as it was.');
    await undone.waitFor();
    await expect.poll(() => focused(undone)).toBe(true);
    expect((await status()).history.find((entry) => entry.id === proposal.id)?.status).toBe('undone');
    expect(await answered.getByRole('button', { name: /^Undo/ }).count()).toBe(0);
  });

  it("on a phone, the activity's title and figures are on the first screen, Home's cards below it", async () => {
    await page.goto(session.at(`/activities/${activityId}`));
    await page.getByRole('heading', { name: /^Readiness/ }).first().waitFor({ timeout: 30_000 });
    await page.setViewportSize({ width: 375, height: 667 });
    const title = main().getByRole('heading', { level: 1 });
    await title.waitFor();
    const firstMetric = main().getByRole('article').getByRole('term').first();
    await firstMetric.waitFor();
    for (const [name, element] of [['title', title], ['first figure', firstMetric]] as const) {
      const box = (await element.boundingBox())!;
      expect(box.y + box.height, name).toBeLessThanOrEqual(667);
    }
    await page.screenshot({ path: `${process.env.KAIRO_SCREENSHOTS_DIR ?? '/tmp'}/issue26-activity-first-screen-375.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await shootDesktopAndPhone(page, 'issue26-activity');
  });
});
