import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { setAccountPlan } from '../../src/server/admin/accounts.ts';
import { uniqueEmail } from '../support/kairo.ts';
import { hasChromium } from './support/browser.ts';
import { useKairoInBrowser } from './support/kairo-in-browser.ts';

/** The operator's links this server is configured with (README: FEEDBACK_URL, SOCIAL_URL). */
const FEEDBACK_URL = 'mailto:coach@club.example?subject=Kairo%20feedback';
const SOCIAL_URL = 'https://social.club.example/@kairo';

/**
 * The activity analysis page in a real browser against the demo server: change Kai's coaching
 * style, add ride detail, copy a section, put the next session in a calendar, and meet the Pro
 * gates as a trial athlete and then as a Free one.
 */
describe.skipIf(!hasChromium)('the analysis page in the browser', () => {
  // Before signing up, the session check answers 401.
  const session = useKairoInBrowser([{ status: 401, path: '/api/auth/user' }], { FEEDBACK_URL, SOCIAL_URL });
  const email = uniqueEmail('e2e-analysis');
  let page: Page;
  beforeAll(() => {
    ({ page } = session);
  });

  const main = () => page.getByRole('main');
  const section = (name: string) => main().getByRole('region', { name, exact: true });
  const toast = (text: string) => page.getByRole('status').filter({ hasText: text });
  const styleButton = () => main().getByRole('button', { name: /^Coaching style: / });

  it('opens the newest activity with its subject line, actions and Kai\'s sections', async () => {
    await page.goto(session.at('/register'));
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('link', { name: 'Connect with Strava' }).click();
    await page.waitForURL(session.at('/'));

    await styleButton().waitFor({ timeout: 30_000 });
    expect(await styleButton().getAttribute('aria-label')).toBe('Coaching style: Performance');
    const toolbar = main().getByRole('toolbar', { name: 'Analysis actions' });
    for (const name of ['Refresh analysis', 'Export context', 'Add detail']) {
      expect(await toolbar.getByRole('button', { name, exact: true }).isEnabled(), name).toBe(true);
    }
    expect(await main().locator('header').getByRole('button', { name: 'Share Subject Line' }).isVisible()).toBe(true);
    for (const name of ['Key Insights', 'Performance Summary', 'Recovery', 'Progress on the training plan', 'Next Session']) {
      expect(await section(name).getByRole('button', { name: `Share ${name}` }).isVisible(), name).toBe(true);
    }
    expect(await main().getByRole('img', { name: 'Powered by Strava' }).isVisible()).toBe(true);
    const links = main().getByRole('navigation', { name: 'Community links' });
    expect(await links.getByRole('link', { name: 'Send feedback' }).getAttribute('href')).toBe(FEEDBACK_URL);
    expect(await links.getByRole('link', { name: 'Follow us on social.club.example' }).getAttribute('href')).toBe(SOCIAL_URL);
  });

  it('rewrites the analysis in another coaching style', async () => {
    const before = await section('Key Insights').innerText();
    await styleButton().click();
    const dialog = page.getByRole('dialog', { name: 'Coaching Style' });
    await dialog.waitFor();
    for (const option of ['Chill', 'Performance', 'Marginal gains', 'Custom']) {
      expect(await dialog.getByRole('radio', { name: new RegExp(`^${option}`) }).count(), option).toBe(1);
    }
    // Custom shows its instructions box and needs text before it can be saved.
    await dialog.getByText('Custom', { exact: true }).click();
    expect(await dialog.getByLabel('Custom instructions').isVisible()).toBe(true);
    expect(await dialog.getByText('Be specific about the tone, focus areas and style you want from Kai.').isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

    await dialog.getByText('Chill', { exact: true }).click();
    expect(await dialog.getByLabel('Custom instructions').count()).toBe(0);
    const request = page.waitForRequest((req) => req.url().endsWith('/analysis/coaching-style') && req.method() === 'PUT');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await request).postDataJSON()).toEqual({ coachingStyle: 'chill' });
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => styleButton().getAttribute('aria-label')).toBe('Coaching style: Chill');
    expect(await section('Key Insights').innerText()).not.toBe(before);

    // Saving the unchanged style only closes the modal.
    let sent = false;
    const onRequest = (req: { url(): string }) => {
      if (req.url().endsWith('/analysis/coaching-style')) sent = true;
    };
    page.on('request', onRequest);
    await styleButton().click();
    await page.getByRole('dialog', { name: 'Coaching Style' }).getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog', { name: 'Coaching Style' }).waitFor({ state: 'detached' });
    page.off('request', onRequest);
    expect(sent).toBe(false);
  });

  it('adds ride detail through the modal, with the custom note only for Custom Note', async () => {
    await main().getByRole('button', { name: 'Add detail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Let Kai know about your ride' });
    await dialog.waitFor();
    expect(await dialog.getByText('This will help Kai analyze your activity more appropriately.').isVisible()).toBe(true);
    const options = dialog.getByRole('group', { name: 'Ride type' }).getByRole('button');
    expect(await options.count()).toBe(7);

    const customNote = dialog.getByRole('button', { name: /^Custom Note/ });
    await customNote.click();
    const note = dialog.getByLabel('Custom Note');
    expect(await note.getAttribute('placeholder')).toBe('What else would you like Kai to know?');
    // A second click deselects; Enter toggles from the keyboard.
    await customNote.click();
    expect(await note.count()).toBe(0);
    expect(await customNote.getAttribute('aria-pressed')).toBe('false');
    await customNote.focus();
    await page.keyboard.press('Enter');
    expect(await customNote.getAttribute('aria-pressed')).toBe('true');

    const recovery = dialog.getByRole('button', { name: /^Recovery Spin/ });
    await recovery.click();
    expect(await customNote.getAttribute('aria-pressed')).toBe('false');
    const request = page.waitForRequest((req) => req.url().endsWith('/analysis/activity-detail'));
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await request).postDataJSON()).toEqual({ activityDetailType: 'recovery-spin' });
    await toast('Analysis updated with Recovery Spin context.').waitFor();
    expect(await main().locator('header').getByText('Recovery Spin').isVisible()).toBe(true);
  });

  it('copies a section to the clipboard and records the interaction', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(session.server.url).origin });
    await section('Recovery').getByRole('button', { name: 'Share Recovery' }).click();
    const menu = page.getByRole('menu');
    expect(await menu.getByText('Share this section with a friend').isVisible()).toBe(true);
    expect(await menu.getByText("Add this section to your activity's description on Strava").isVisible()).toBe(true);

    const tracked = page.waitForRequest((req) => new URL(req.url()).pathname === '/api/track/button-interaction');
    await menu.getByRole('menuitem', { name: /^Copy/ }).click();
    expect((await tracked).postDataJSON()).toEqual({ buttonType: 'copy', analysisSection: 'Recovery' });
    await toast('Recovery copied to clipboard.').waitFor();
    expect(await menu.count()).toBe(0);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const firstLine = (await section('Recovery').locator('p, li').first().innerText()).trim();
    expect(copied).toContain(firstLine);
  });

  it('downloads the next session as a calendar file', async () => {
    const download = page.waitForEvent('download');
    await section('Next Session').getByRole('button', { name: 'Add to calendar' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.ics$/);
    const content = await readFile(await file.path(), 'utf8');
    expect(content.startsWith('BEGIN:VCALENDAR')).toBe(true);
    expect(content).toContain('TRIGGER:-PT15M');
    await toast('Calendar event created! Workout added to your calendar.').waitFor();
  });

  it('offers the Pro exports on a trial and explains them as disabled on the Free plan', async () => {
    const nextSession = section('Next Session');
    expect(await nextSession.getByRole('button', { name: 'Download workout file' }).isEnabled()).toBe(true);
    expect(await main().getByRole('button', { name: 'Export context' }).isEnabled()).toBe(true);

    await main().getByRole('button', { name: 'What is this export file?' }).click();
    const explainer = page.getByRole('dialog', { name: 'What is this export file?' });
    await explainer.getByRole('button', { name: 'Got it' }).click();
    await explainer.waitFor({ state: 'detached' });

    // A new session reads the new plan at once (a live one may keep its cached account a few seconds).
    await setAccountPlan(session.server.database.handle.db, email, 'Free');
    await page.context().clearCookies();
    await page.goto(session.at('/login'));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await styleButton().waitFor({ timeout: 30_000 });
    const workout = section('Next Session').getByRole('button', { name: 'Download workout file' });
    expect(await workout.isDisabled()).toBe(true);
    await section('Next Session').getByLabel('Workout file available for Pro subscription').hover();
    await page.getByRole('tooltip', { name: 'Workout file available for Pro subscription' }).waitFor();

    expect(await main().getByRole('button', { name: 'Export context' }).isDisabled()).toBe(true);
    // Leave the first tooltip's trigger, so the next one opens on its own hover.
    await page.mouse.move(0, 0);
    await page.keyboard.press('Escape');
    const exportHint = main().getByLabel('Export to other AIs available on Pro subscription');
    await exportHint.scrollIntoViewIfNeeded();
    await exportHint.hover();
    await page.getByRole('tooltip', { name: 'Export to other AIs available on Pro subscription' }).waitFor();
  });

  it("points to the operator's social account on the maintenance page", async () => {
    await page.goto(session.at('/maintenance'));
    await page.getByRole('heading', { name: 'Kairo is undergoing maintenance' }).waitFor();
    const social = page.getByRole('link', { name: 'social.club.example' });
    await social.waitFor();
    expect(await social.getAttribute('href')).toBe(SOCIAL_URL);
    expect(await page.getByText('For updates, follow us on social.club.example.').isVisible()).toBe(true);
    await page.goto(session.at('/'));
    await styleButton().waitFor({ timeout: 30_000 });
  });

  it('tells a phone user that workout files are made on a desktop', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await section('Next Session').getByText('Creating a workout file is available from a desktop web browser only.').waitFor();
    expect(await section('Next Session').getByRole('button', { name: 'Download workout file' }).count()).toBe(0);
  });
});
