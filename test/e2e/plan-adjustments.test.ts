import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { planAdjustmentList, type PlanAdjustment } from '../../src/shared/api/plan-adjustments.ts';
import { formatDay, formatShortCalendarDay } from '../../src/shared/format.ts';
import { sessionName } from '../../src/web/features/plans/compliance-labels.ts';
import { localDay } from '../../src/web/features/wellness/local-day.ts';
import { uniqueEmail } from '../support/kairo.ts';
import { waitForJobs } from '../support/strava.ts';
import { signUpInBrowser } from './support/accounts.ts';
import { hasChromium, shootDesktopAndPhone } from './support/browser.ts';
import { useKairoInBrowser } from './support/kairo-in-browser.ts';
import { powerRide } from '../support/recordings.ts';

/**
 * The plan answers back (ADR 0050) in a real browser: two mornings with a low HRV against two
 * months of normal ones; Home and the plan view show Kai's proposal with its reason; accepting it
 * changes the plan's calendar, and undo restores it. KAIRO_SCREENSHOTS_DIR keeps the screens.
 */
describe.skipIf(!hasChromium)('plan adjustments in the browser', () => {
  const session = useKairoInBrowser([{ status: 401, path: '/api/auth/user' }]);
  let page: Page;
  let planId: string;
  let proposal: PlanAdjustment;
  beforeAll(() => {
    ({ page } = session);
  });
  const main = () => page.getByRole('main');
  const dayCell = (date: string) => main().getByRole('region', { name: 'Planned vs Done' }).getByRole('listitem', { name: new RegExp(`^${formatShortCalendarDay(date)}: `) });

  it('imports an activity, makes a plan that started yesterday and a baseline of normal HRV', async () => {
    await signUpInBrowser(page, session.at, { firstName: 'Kasia', lastName: 'Niewiadoma', email: uniqueEmail('e2e-adjust') });
    await page.getByRole('button', { name: 'or import your own files' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import activities' });
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'ride.fit', mimeType: 'application/octet-stream', buffer: powerRide().bytes });
    await dialog.getByText(/^Imported: /).waitFor();
    await page.keyboard.press('Escape');

    const origin = { origin: new URL(session.server.url).origin };
    const created = await page.request.post(session.at('/api/training-plans'), {
      headers: origin,
      data: { preparationType: 'general-fitness', planName: 'Winter base', selectedActivities: JSON.stringify(['Cycling']), planDuration: '12 weeks', weeklyTrainingTime: '6 hours', startDate: localDay(-1) },
    });
    expect(created.status()).toBe(201);
    planId = ((await created.json()) as { id: string }).id;
    const lines = ['date,hrv', ...Array.from({ length: 58 }, (_, index) => `${localDay(index - 60)},60`)];
    const imported = await page.request.post(session.at('/api/wellness/import'), { headers: { ...origin, 'content-type': 'text/csv' }, data: Buffer.from(lines.join('\n')) });
    expect(imported.status()).toBe(200);
  }, 120_000);

  it('checks in a low HRV yesterday and this morning, and Kai suggests a change on Home and in the plan', async () => {
    const origin = { origin: new URL(session.server.url).origin };
    expect((await page.request.put(session.at(`/api/wellness/${localDay(-1)}`), { headers: origin, data: { hrvRmssdMs: 12 } })).status()).toBe(200);

    await page.goto(session.at('/check-in'));
    const form = main().getByRole('form', { name: 'Daily check-in' });
    await form.getByLabel('HRV rMSSD (ms)').fill('12');
    await form.getByRole('button', { name: 'Save check-in' }).click();
    await form.getByText('Check-in saved.').waitFor();

    // The review runs as a job after each check-in.
    await waitForJobs(session.server);
    await expect
      .poll(async () => planAdjustmentList.parse(await (await page.request.get(session.at(`/api/training-plans/${planId}/adjustments`))).json()).pending.length, { timeout: 30_000 })
      .toBe(1);
    proposal = planAdjustmentList.parse(await (await page.request.get(session.at(`/api/training-plans/${planId}/adjustments`))).json()).pending[0]!;
    expect(proposal.trigger).toBe('readiness-low');

    await main().getByRole('link', { name: 'Home' }).click();
    const card = main().getByRole('region', { name: /^Kai suggests a change to your plan$/ });
    await card.waitFor();
    expect(await card.getByText(proposal.reason).isVisible()).toBe(true);
    await shootDesktopAndPhone(page, 'plan-adjustments-home');

    // By keyboard: the card's link opens the plan at its suggestions.
    await card.getByRole('link', { name: /^Review/ }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/training-plan\/view\?id=/);
    const suggestion = main().getByRole('article', { name: 'Kai suggests' });
    await suggestion.waitFor();
    expect(await suggestion.getByText(proposal.reason).isVisible()).toBe(true);
    for (const change of proposal.changes) expect(await suggestion.getByText(formatDay(change.date), { exact: true }).isVisible()).toBe(true);
    await shootDesktopAndPhone(page, 'plan-adjustments-proposal');
  }, 120_000);

  it('accepts by keyboard: the calendar shows the changed sessions; undo restores them', async () => {
    const change = proposal.changes.find((entry) => entry.after !== null) ?? proposal.changes[0]!;
    const before = await dayCell(change.date).innerText();
    expect(before).toContain(sessionName(change.before!.activityType));

    const suggestion = main().getByRole('article', { name: 'Kai suggests' });
    await suggestion.getByRole('button', { name: 'Accept' }).focus();
    await page.keyboard.press('Enter');
    await suggestion.waitFor({ state: 'detached' });
    const history = main().getByRole('region', { name: 'Changes and their reasons' });
    await history.getByText('Accepted').waitFor();
    expect(await history.getByText(proposal.reason).isVisible()).toBe(true);
    if (change.after) await expect.poll(() => dayCell(change.date).innerText()).toContain(`${sessionName(change.after.activityType)}\n`);
    else await expect.poll(() => dayCell(change.date).getAttribute('aria-label')).toMatch(/: Rest, changed from /);
    // Every changed day is marked with what the plan had there, at desktop and phone width; a new rest day stays on the phone's list.
    const was = (entry: (typeof proposal.changes)[number]) => (entry.before ? `was ${sessionName(entry.before.activityType)}, ` : 'was a rest day');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      for (const entry of proposal.changes) {
        const cell = dayCell(entry.date);
        await cell.scrollIntoViewIfNeeded();
        expect(await cell.isVisible(), `${entry.date} at ${width} px`).toBe(true);
        expect(await cell.getByText('Changed', { exact: true }).isVisible()).toBe(true);
        expect(await cell.getByText(was(entry), { exact: false }).isVisible()).toBe(true);
        if (entry.after === null) expect(await cell.getAttribute('aria-label')).toMatch(/: Rest, changed from /);
      }
      // Rest days the plan has anyway are on the phone's list too, one line each.
      const rest = main().getByRole('region', { name: 'Planned vs Done' }).getByRole('listitem', { name: /: Rest$/ }).first();
      expect(await rest.isVisible()).toBe(true);
      if (width === 375) expect((await rest.boundingBox())!.height).toBeLessThan(40);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    const changedCell = dayCell(proposal.changes[0]!.date);
    await changedCell.scrollIntoViewIfNeeded();
    await shootDesktopAndPhone(page, 'plan-adjustments-accepted');

    await history.getByRole('button', { name: 'Undo' }).click();
    await history.getByText('Undone').waitFor();
    await expect.poll(() => dayCell(change.date).innerText()).toBe(before);
    expect(await history.getByRole('button', { name: 'Undo' }).count()).toBe(0);
  }, 120_000);
});
