import { formatCalendarDay } from '../../src/shared/format.ts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLAN_VALIDATION } from '../../src/shared/api/training-plans.ts';
import { uniqueEmail } from '../support/kairo.ts';
import { hasChromium, shootDesktopAndPhone, toastOn, type ExpectedResponseError } from './support/browser.ts';
import { useKairoInBrowser } from './support/kairo-in-browser.ts';
import { signUpInBrowser } from './support/accounts.ts';

/** KAIRO_SCREENSHOTS_DIR=/some/dir keeps screenshots of the plan screens at 1280 and 375 px. */

/** The event 16 weeks and 3 days ahead: a plan to a date must leave room for base, build and taper (ADR 0029/0030). */
const eventDate = new Date(Date.now() + 115 * 86_400_000).toISOString().slice(0, 10);
const eventDateShown = formatCalendarDay(eventDate);

/**
 * A training plan's life in a real browser against the demo server: sign up and connect the
 * simulator's athlete, create a plan through the dialog, find it in the list, deactivate and
 * activate it, read it in full, and delete it.
 */
describe.skipIf(!hasChromium)('training plans in the browser', () => {
  // Answers the browser may log as errors; the refused undo's and the missing plan's paths are added as they come.
  const expectedErrors: ExpectedResponseError[] = [{ status: 401, path: '/api/auth/user' }];
  const session = useKairoInBrowser(expectedErrors);
  let page: Page;
  beforeAll(() => {
    ({ page } = session);
  });
  const { at, main } = session;
  const toast = (title: string) => toastOn(page, title, { exact: true });

  it('signs up, connects Strava and meets the empty plan list', async () => {
    await signUpInBrowser(page, at, { firstName: 'Eddy', lastName: 'Merckx', email: uniqueEmail('e2e-plans') });
    await page.getByRole('link', { name: 'Connect with Strava' }).click();
    await page.waitForURL(at('/'));

    await page.getByRole('link', { name: 'Training plan' }).click();
    await main().getByRole('heading', { name: 'Your plans' }).waitFor();
    await main().getByRole('heading', { name: 'Create Your First Training Plan' }).waitFor();
    // A new account is on a running trial: Pro-level limits.
    expect(await main().getByText('Pro accounts can create unlimited training plans').isVisible()).toBe(true);
    await shootDesktopAndPhone(page, 'plans-empty');
  });

  it('creates a plan through the dialog, with the exact validation text first', async () => {
    await main().getByRole('button', { name: 'Create Your First Training Plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a training plan' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Create plan' }).click();
    expect(await dialog.getByRole('alert').innerText()).toBe(PLAN_VALIDATION.event);

    // Spec §5: a cycling plan's FTP is prefilled from the athlete profile (here Strava's athlete).
    const profileFtp = await page.evaluate(async () => ((await (await fetch('/api/athlete/profile')).json()) as { ftp: number | null }).ftp);
    expect(profileFtp).toBeGreaterThan(0);
    const ftpField = dialog.getByLabel('FTP (watts, optional)');
    await ftpField.and(page.locator(`[value="${profileFtp}"]`)).waitFor();
    expect(await ftpField.inputValue()).toBe(String(profileFtp));

    await dialog.getByLabel('Event name').fill('Gran Fondo Dolomiti');
    await dialog.getByLabel('Event date').fill(eventDate);
    await dialog.getByLabel('Distance').fill('130 km');
    await dialog.getByLabel('Elevation (optional)').fill('3000 m');
    await dialog.getByLabel('Weekly training time (optional)').fill('8 hours');
    await shootDesktopAndPhone(page, 'plan-dialog');
    await dialog.getByRole('button', { name: 'Create plan' }).click();

    await toast('Success!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const card = main().getByRole('article', { name: 'Gran Fondo Dolomiti' });
    await card.waitFor();
    expect(await card.getByText('Event', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText(`Event date: ${eventDateShown}`).isVisible()).toBe(true);
    expect(await card.getByText(/-week plan for Gran Fondo Dolomiti/).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /Active\s*1 plan/ }).first().isVisible()).toBe(true);
    await shootDesktopAndPhone(page, 'plans-list');
  });

  it('deactivates and activates the plan with the switch', async () => {
    const card = main().getByRole('article', { name: 'Gran Fondo Dolomiti' });
    await card.getByRole('switch').click();
    await toast('Plan deactivated').waitFor();
    await main().getByText('No active plans.').waitFor();
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: /Inactive\s*1 plan/ }).click();
    await main().getByRole('article', { name: 'Gran Fondo Dolomiti' }).getByRole('switch').click();
    await toast('Plan activated').waitFor();
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: /Active\s*1 plan/ }).click();
    await main().getByRole('article', { name: 'Gran Fondo Dolomiti' }).waitFor();
  });

  /** The in-page notice of a switch (ADR 0070), by the start of its text. */
  const switchNotice = (text: string) => main().getByRole('status').filter({ hasText: text });
  const planIds = async () =>
    Object.fromEntries(((await (await page.request.get(at('/api/training-plans'))).json()) as { id: string; eventName: string | null; planName: string | null; isActive: boolean }[]).map((plan) => [plan.eventName ?? plan.planName, plan]));

  it('a second plan on the same days switches the first off, says so in the page at 375 px, and Undo by keyboard restores it (ADR 0070)', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await main().getByRole('button', { name: 'Create a new plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a training plan' });
    await dialog.waitFor();
    await dialog.getByRole('tab', { name: 'General fitness' }).click();
    await dialog.getByLabel('Plan name').fill('Winter block');
    await dialog.getByRole('checkbox', { name: 'Running' }).check();
    await dialog.getByLabel('Plan duration').fill('6 weeks');
    expect(await dialog.getByRole('checkbox', { name: 'Make it my active plan' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Create plan' }).click();
    await dialog.waitFor({ state: 'detached' });

    const notice = switchNotice('"Winter block" is your new active plan. "Gran Fondo Dolomiti" was switched off: it ran on the same days.');
    await notice.waitFor();
    // In the page at phone width, not behind a backdrop: the notice and its Undo are what the browser hits there.
    const undo = main().getByRole('button', { name: 'Undo' });
    const box = (await undo.boundingBox())!;
    expect(box.x >= 0 && box.x + box.width <= 375).toBe(true);
    expect(await undo.evaluate((button) => {
      const rect = button.getBoundingClientRect();
      return button.contains(document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2));
    })).toBe(true);
    await main().getByRole('article', { name: 'Winter block' }).waitFor();
    expect(await main().getByRole('article', { name: 'Gran Fondo Dolomiti' }).count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await shootDesktopAndPhone(page, 'plans-switched-notice');

    await undo.focus();
    await page.keyboard.press('Enter');
    await toast('Undone').waitFor();
    await notice.waitFor({ state: 'detached' });
    await main().getByRole('article', { name: 'Gran Fondo Dolomiti' }).waitFor();
    const plans = await planIds();
    expect([plans['Gran Fondo Dolomiti']!.isActive, plans['Winter block']!.isActive]).toEqual([true, false]);
  });

  it('keeps a new plan switched off when asked, and shows a refused Undo in the notice', async () => {
    await main().getByRole('button', { name: 'Create a new plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a training plan' });
    await dialog.waitFor();
    await dialog.getByRole('tab', { name: 'General fitness' }).click();
    await dialog.getByLabel('Plan name').fill('Spring block');
    await dialog.getByRole('checkbox', { name: 'Cycling' }).check();
    await dialog.getByLabel('Plan duration').fill('6 weeks');
    await dialog.getByRole('checkbox', { name: 'Make it my active plan' }).uncheck();
    await dialog.getByText('The plan is saved switched off; your active plans stay as they are.').waitFor();
    await dialog.getByRole('button', { name: 'Create plan' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: /Inactive\s*2 plans/ }).waitFor();
    expect(await main().getByText(/was switched off/).count()).toBe(0);
    expect((await planIds())['Gran Fondo Dolomiti']!.isActive).toBe(true);

    // Switched on from the list: the Gran Fondo makes way, and the notice says so.
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: /Inactive\s*2 plans/ }).click();
    await main().getByRole('article', { name: 'Spring block' }).getByRole('switch').click();
    await switchNotice('"Spring block" is switched on. "Gran Fondo Dolomiti" was switched off: it ran on the same days.').waitFor();
    // Meanwhile (another tab, say) the Winter block is switched on: undoing now would put the Gran Fondo beside it.
    const { 'Winter block': winter, 'Gran Fondo Dolomiti': fondo, 'Spring block': spring } = await planIds();
    expect((await page.request.patch(at(`/api/training-plans/${winter!.id}/toggle`))).status()).toBe(200);
    expectedErrors.push({ status: 409, path: `/api/training-plans/${spring!.id}/switch-back` });
    await main().getByRole('button', { name: 'Undo' }).click();
    const refusal = main().getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.innerText()).toMatch(/^"Gran Fondo Dolomiti" cannot be switched back on: it would run on the same days as your active plan "Winter block" \(until \d{4}-\d{2}-\d{2}\)\. Switch that one off first\.$/);
    // The list now shows the plans as they are: the Winter block on (it switched the Spring block off), out of the inactive ones.
    await main().getByRole('article', { name: 'Spring block' }).waitFor();
    await main().getByRole('article', { name: 'Winter block' }).waitFor({ state: 'detached' });
    await shootDesktopAndPhone(page, 'plans-undo-refused');
    await main().getByRole('button', { name: 'Dismiss' }).click();
    expect(await main().getByText(/was switched off/).count()).toBe(0);

    // Back to the one plan the next steps read.
    for (const plan of [winter!, spring!]) expect((await page.request.delete(at(`/api/training-plans/${plan.id}`))).status()).toBe(200);
    expect((await page.request.patch(at(`/api/training-plans/${fondo!.id}/toggle`))).status()).toBe(200);
    await page.reload();
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: /Active\s*1 plan/ }).click();
    await main().getByRole('article', { name: 'Gran Fondo Dolomiti' }).waitFor();
  });

  it('shows the full plan with its table of contents and the current phase', async () => {
    await main().getByRole('link', { name: 'View Full Training Plan' }).click();
    await page.waitForURL(/\/training-plan\/view\?id=/);
    await main().getByRole('heading', { name: 'Gran Fondo Dolomiti', level: 1 }).waitFor();
    const toc = page.getByRole('navigation', { name: 'Table of contents' });
    expect(await toc.getByRole('link').allInnerTexts()).toEqual([
      "Kai's Suggestions",
      'Planned vs Done',
      'Event Demands',
      'Current State Analysis',
      'Gap Analysis',
      'Training Plan Overview',
      'Training Phases',
      'On Your Devices',
      'Progress Checks',
    ]);
    const base = main().getByRole('article', { name: 'Base phase' });
    expect(await base.getByText('Current', { exact: true }).isVisible()).toBe(true);
    expect(await main().getByRole('article', { name: 'Build phase' }).getByText('Current', { exact: true }).count()).toBe(0);
    expect(await base.getByRole('listitem').evaluateAll((items) => items.map((item) => item.querySelector('span')?.textContent))).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    // The plan runs through the event day: its race week ends with the event itself.
    const raceWeek = main().getByRole('article', { name: 'Race week' });
    expect(await raceWeek.getByText(eventDateShown, { exact: true }).first().isVisible()).toBe(true);
    expect(await raceWeek.getByText('Cycling - race day', { exact: true }).isVisible()).toBe(true);
    await shootDesktopAndPhone(page, 'plan-view');

    // Pro level (the running trial): the cycling sessions as Zwift workouts, then how to load them.
    const [download] = await Promise.all([page.waitForEvent('download'), main().getByRole('button', { name: 'Download all workouts (.zip)' }).click()]);
    expect(download.suggestedFilename()).toBe('gran-fondo-dolomiti-workouts.zip');
    const help = page.getByRole('dialog', { name: 'How to load your workouts' });
    await help.waitFor();
    await toast('Workout files downloaded successfully! Import them into the platform to start training.').waitFor();
    expect(await help.getByText("Unzip it and put the files of its zwo folder in Zwift's Workouts folder", { exact: false }).isVisible()).toBe(true);
    await shootDesktopAndPhone(page, 'plan-workouts-help');
    await help.getByRole('button', { name: 'Got it' }).click();
    await help.waitFor({ state: 'detached' });
    await base.scrollIntoViewIfNeeded();
    await shootDesktopAndPhone(page, 'plan-phases');

    // On your devices (ADR 0039, 0040): a session's FIT workout, then a private calendar link, replaced and revoked.
    const devices = main().getByRole('region', { name: 'On Your Devices' });
    await devices.scrollIntoViewIfNeeded();
    await devices.getByRole('button', { name: /^Files for Cycling - / }).first().click();
    const [fit] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: /FIT workout/ }).click()]);
    expect(fit.suggestedFilename()).toMatch(/^\d{4}-\d{2}-\d{2}-(mon|tue|wed|thu|fri|sat|sun)-[a-z0-9-]+\.fit$/);
    await devices.getByRole('button', { name: 'Make a calendar link' }).click();
    const link = devices.getByRole('textbox', { name: 'Your calendar link (shown only now)' });
    const first = await link.inputValue();
    expect(first).toMatch(/^webcal:\/\/[^/]+\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // The feed needs no cookie: read over http as a calendar app would.
    const feed = await fetch(first.replace(/^webcal:/, 'http:'));
    expect([feed.status, (await feed.text()).startsWith('BEGIN:VCALENDAR')]).toEqual([200, true]);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      if (process.env.KAIRO_SCREENSHOTS_DIR) await devices.screenshot({ path: `${process.env.KAIRO_SCREENSHOTS_DIR}/plan-devices-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await devices.getByRole('button', { name: 'Replace link' }).click();
    await page.waitForFunction((old) => (document.querySelector('#calendar-feed-url') as HTMLInputElement | null)?.value !== old, first);
    expect((await fetch(first.replace(/^webcal:/, 'http:'))).status).toBe(404);
    await devices.getByRole('button', { name: 'Revoke link' }).click();
    await toast('Calendar link revoked: calendars using it stop updating').waitFor();
    await devices.getByRole('button', { name: 'Make a calendar link' }).waitFor();

    await page.goto(at('/training-plan/view'));
    await main().getByRole('heading', { name: 'No Training Plan Selected' }).waitFor();

    // A plan id that is not (or no longer) the athlete's: said so, with the way back to the list.
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectedErrors.push({ status: 404, path: `/api/training-plans/${unknown}` });
    await page.goto(at(`/training-plan/view?id=${unknown}`));
    await main().getByRole('heading', { name: 'This plan does not exist (or was deleted)' }).waitFor();
    expect(await main().getByText("You don't have a training plan yet", { exact: false }).count()).toBe(0);
    await shootDesktopAndPhone(page, 'plan-view-missing');
    await main().getByRole('link', { name: 'Go to your plans' }).click();
    await main().getByRole('heading', { name: 'Your plans' }).waitFor();
  });

  it('deletes the plan after confirmation', async () => {
    await page.goto(at('/training-plan'));
    await main().getByRole('button', { name: 'Delete plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Training Plan' });
    // Dialogs load on their first opening (ADR 0033): wait for it rather than look at once.
    await dialog.waitFor();
    expect(await dialog.getByText('This action cannot be undone.', { exact: false }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toast('Training plan deleted').waitFor();
    await main().getByRole('heading', { name: 'Create Your First Training Plan' }).waitFor();
  });
});
