import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '../../src/web/features/wellness/local-day.ts';
import { uniqueEmail } from '../support/kairo.ts';
import { hasChromium, shootDesktopAndPhone } from './support/browser.ts';
import { useKairoInBrowser } from './support/kairo-in-browser.ts';
import { openConfirmationLink } from './support/accounts.ts';
import { powerRide } from '../support/recordings.ts';

/**
 * How the athlete feels, in a real browser: import a month of HRV from another app, check in this
 * morning with a low HRV and a short night, and find Home saying why readiness is strained; then
 * rate an activity's effort on its page.
 */
describe.skipIf(!hasChromium)('wellness check-in and readiness in the browser', () => {
  const session = useKairoInBrowser([{ status: 401, path: '/api/auth/user' }]);
  let page: Page;
  beforeAll(() => {
    ({ page } = session);
  });
  const main = () => page.getByRole('main');
  /** A tap on a scale's segment (the radio inside it is visually hidden). */
  const tap = (scope: ReturnType<Page['locator']>, name: string) => scope.getByRole('radio', { name }).locator('xpath=..').click();

  it('imports an activity so Home opens, and shows readiness as unknown with nothing recorded', async () => {
    await page.goto(session.at('/register'));
    await page.getByLabel('First name').fill('Mia');
    await page.getByLabel('Last name').fill('Morning');
    const email = uniqueEmail('e2e-wellness');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create account' }).click();
    await openConfirmationLink(page, session.at, email);
    await page.getByRole('button', { name: 'or import your own files' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import activities' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'ride.fit',
      mimeType: 'application/octet-stream',
      buffer: powerRide().bytes,
    });
    await dialog.getByText(/^Imported: /).waitFor();
    await page.keyboard.press('Escape');

    const card = main().getByRole('region', { name: 'Readiness today' });
    await card.waitFor();
    // One ride and nothing recorded: no state today nor on any day of the 8 weeks, and not a word of HRV (issue 26).
    expect(await card.getByTestId('readiness-state').innerText()).toBe('No data');
    expect(await card.getByRole('img', { name: /^Readiness over the last/ }).count()).toBe(0);
    expect(await card.innerText()).not.toMatch(/HRV|Steady/);
  });

  it('imports HRV history on the check-in screen, reporting the bad row by line', async () => {
    await main().getByRole('link', { name: 'Check in' }).click();
    await page.getByRole('heading', { name: 'How do you feel?' }).waitFor();
    const lines = ['date,hrv_rmssd_ms,resting_hr_bpm,sleep score'];
    for (let ago = 30; ago >= 1; ago--) lines.push(`${localDay(-ago)},${ago <= 2 ? 40 : 66},48,81`);
    lines.push('not-a-day,60,50,80');
    await main().locator('input[type="file"]').setInputFiles({ name: 'hrv.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
    await main().getByText('30 days imported. Columns not read: sleep score.').waitFor();
    expect(await main().getByText('Line 32: "not-a-day" is not a date written YYYY-MM-DD').isVisible()).toBe(true);
  });

  it('checks in this morning by keyboard and taps, and Home says readiness is strained and why', async () => {
    const form = main().getByRole('form', { name: 'Daily check-in' });
    await form.getByLabel('Sleep (hours)').fill('5.5');
    await tap(form, 'Sleep quality 2 of 5');
    await tap(form, 'Fatigue 4 of 5');
    // Arrow keys move within a scale, as in any radio group.
    await tap(form, 'Mood 3 of 5');
    await page.keyboard.press('ArrowRight');
    expect(await form.getByRole('radio', { name: 'Mood 4 of 5' }).isChecked()).toBe(true);
    await form.getByLabel('HRV rMSSD (ms)').fill('38');
    await form.getByLabel('Resting HR (bpm)').fill('55');
    await form.getByRole('button', { name: 'Save check-in' }).click();
    await form.getByText('Check-in saved.').waitFor();

    const below = main().getByRole('region', { name: 'Readiness today' });
    await expect.poll(() => below.getByTestId('readiness-state').innerText()).toBe('Strained');
    await shootDesktopAndPhone(page, 'wellness-check-in');

    await main().getByRole('link', { name: 'Home' }).click();
    const card = main().getByRole('region', { name: 'Readiness today' });
    await card.waitFor();
    expect(await card.getByTestId('readiness-state').innerText()).toBe('Strained');
    expect(await card.getByText(/^Strained: low HRV, a raised resting HR, short or poor sleep and fatigue or soreness say to hold back today\.$/).isVisible()).toBe(true);
    // The reasons open from their summary, by keyboard too.
    await card.locator('summary').focus();
    await page.keyboard.press('Enter');
    expect(await card.getByText(/^HRV is low: 38 ms, below your normal range of \d+–\d+ ms\.$/).isVisible()).toBe(true);
    // The strip's days are judged as the proposal judges them: the two imported 40 ms mornings and today are strained.
    expect(await card.getByRole('img', { name: /^Readiness over the last 56 days: .*\b3 strained\b/ }).isVisible()).toBe(true);
    await shootDesktopAndPhone(page, 'wellness-home');
  });

  it('saves the effort of an activity on its page', async () => {
    await page.goto(session.at('/'));
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('list', { name: 'Activities' }).getByRole('button').first().click();
    const feel = main().getByRole('form', { name: 'How it felt' });
    await feel.waitFor();
    await tap(feel, 'Effort (RPE) 7 of 10');
    await feel.getByLabel('Note').fill('Headwind home');
    await feel.getByRole('button', { name: 'Save' }).click();
    await feel.getByText('Saved.').waitFor();
    await shootDesktopAndPhone(page, 'wellness-activity-feel');
    await page.reload();
    const reloaded = main().getByRole('form', { name: 'How it felt' });
    await reloaded.waitFor();
    expect(await reloaded.getByRole('radio', { name: 'Effort (RPE) 7 of 10' }).isChecked()).toBe(true);
    expect(await reloaded.getByLabel('Note').inputValue()).toBe('Headwind home');
  });

  it('takes body weight in lb for an imperial athlete and stores it in kg (issue 14 item 5)', async () => {
    expect((await page.request.put(session.at('/api/user/settings'), { data: { unitSystem: 'imperial' } })).status()).toBe(200);
    await page.goto(session.at('/check-in'));
    const form = main().getByRole('form', { name: 'Daily check-in' });
    await form.getByLabel('Body weight (lb)').fill('160');
    const put = page.waitForRequest((request) => request.method() === 'PUT' && new URL(request.url()).pathname.startsWith('/api/wellness/'));
    await form.getByRole('button', { name: 'Save check-in' }).click();
    expect((await put).postDataJSON().weightKg).toBeCloseTo(72.575, 3);
    await form.getByText('Check-in saved.').waitFor();
    await page.reload();
    expect(await main().getByRole('form', { name: 'Daily check-in' }).getByLabel('Body weight (lb)').inputValue()).toBe('160');
    await form.getByLabel('Body weight (lb)').fill('9999');
    await form.getByRole('button', { name: 'Save check-in' }).click();
    expect(await form.getByText('Body weight must be between 45–661 lb').isVisible()).toBe(true);
    await shootDesktopAndPhone(page, 'wellness-check-in-imperial');
    expect((await page.request.put(session.at('/api/user/settings'), { data: { unitSystem: 'metric' } })).status()).toBe(200);
  });
});
