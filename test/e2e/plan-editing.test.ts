import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { calendarAnswer, type CalendarDayEntry } from '../../src/shared/api/calendar.ts';
import { planAdjustmentList } from '../../src/shared/api/plan-adjustments.ts';
import { PLAN_EDIT_MESSAGES, type WorkoutStep } from '../../src/shared/api/plan-edits.ts';
import { userSettings } from '../../src/shared/api/settings.ts';
import { workoutThresholdsOf, workoutTotals } from '../../src/shared/domain/workout-build.ts';
import { formatDurationWords, formatNumber, formatShortCalendarDay } from '../../src/shared/format.ts';
import { sessionName } from '../../src/web/features/plans/compliance-labels.ts';
import { localDay } from '../../src/web/lib/local-day.ts';
import { uniqueEmail } from '../support/kairo.ts';
import { daysBeforeToday, powerRide } from '../support/recordings.ts';
import { waitForJobs } from '../support/strava.ts';
import { importFirstFile, signUpInBrowser } from './support/accounts.ts';
import { seriousAxeFindings } from './support/axe.ts';
import { hasChromium } from './support/browser.ts';
import { useKairoInBrowser } from './support/kairo-in-browser.ts';

/** How long an answer may take to reach the screen: an edit reads the calendar's loaded weeks and the plan again before the banner changes. */
const WAIT = { timeout: 15_000 };

/** The workout the builder is asked for: 10 min warm-up, 5 × (4 min at 300 W, 3 min at 150 W), 10 min cool-down. */
const INTERVALS: WorkoutStep[] = [
  { type: 'warmup', durationS: 600, target: { kind: 'watts', watts: 150 } },
  { type: 'intervals', repeats: 5, work: { durationS: 240, target: { kind: 'watts', watts: 300 } }, recovery: { durationS: 180, target: { kind: 'watts', watts: 150 } } },
  { type: 'cooldown', durationS: 600, target: { kind: 'watts', watts: 120 } },
];

/**
 * Editing the active plan in a real browser (issue 30): on the calendar a session is dragged to a
 * free day, moved with the keyboard through its menu (on a phone too), shortened, deleted and
 * brought back with Undo; the workout builder shows the total time and the load of the shared
 * formula as the workout is built and puts it on a free day; a step of 0 s is refused with the
 * contract's message; the plan's history lists the edits. KAIRO_SCREENSHOTS_DIR keeps the screens.
 */
describe.skipIf(!hasChromium)('editing the plan in the browser', () => {
  const session = useKairoInBrowser([{ status: 401, path: '/api/auth/user' }]);
  let page: Page;
  let planId: string;
  /** Days from tomorrow on: the plan's sessions, and its free days, in date order. */
  let sessions: CalendarDayEntry[];
  let free: string[];
  beforeAll(() => {
    ({ page } = session);
    // A step that cannot happen fails with its own place in the test instead of the test's timeout.
    page.setDefaultTimeout(20_000);
  });
  const main = () => page.getByRole('main');
  const dayCell = (date: string) => main().locator(`li[data-day="${date}"]`);
  const banner = () => page.getByRole('status').filter({ hasText: /Undo|Undone/ });
  const nameOf = (day: CalendarDayEntry) => sessionName(day.plan.session!.title);

  async function calendarDays(from: string, days: number): Promise<CalendarDayEntry[]> {
    const to = localDay(Math.round((Date.parse(from) - Date.parse(localDay())) / 86_400_000) + days - 1);
    const answer = calendarAnswer.parse(await page.evaluate(async (query) => (await fetch(`/api/calendar?${query}`)).json(), new URLSearchParams({ from, to, today: localDay() }).toString()));
    return answer.days;
  }
  const calendarDay = async (date: string) => (await calendarDays(date, 1))[0]!;

  async function openCalendarAt(date: string): Promise<void> {
    await page.goto(session.at(`/calendar?week=${date}`));
    await dayCell(date).waitFor();
    await dayCell(date).scrollIntoViewIfNeeded();
  }

  /**
   * With KAIRO_SCREENSHOTS_DIR, the screen as the athlete sees it at 1280 and at 375 px (800 px
   * high; the calendar runs to thousands of pixels, so a full-length picture says less), with
   * `subject` scrolled into view at each width; the page is left at 1280 px.
   */
  async function shoot(name: string, subject?: Locator): Promise<void> {
    const dir = process.env.KAIRO_SCREENSHOTS_DIR;
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      if (subject) await subject.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(dir, `${name}-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  async function expectNoSeriousAxeFindings(screen: string): Promise<void> {
    expect(await seriousAxeFindings(page), screen).toEqual([]);
  }

  it('signs up, imports a ride, states an FTP and makes a plan that started yesterday', async () => {
    await signUpInBrowser(page, session.at, { firstName: 'Edda', lastName: 'Plan', email: uniqueEmail('e2e-plan-editing') });
    await importFirstFile(page, { name: 'ride.fit', buffer: powerRide(daysBeforeToday(1, 7)).bytes });
    await waitForJobs(session.server);
    const saved = await page.evaluate(async () => (await fetch('/api/user/settings', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ athleteFtp: 250 }) })).status);
    expect(saved).toBe(200);
    const created = await page.request.post(session.at('/api/training-plans'), {
      headers: { origin: new URL(session.server.url).origin },
      data: { preparationType: 'general-fitness', planName: 'Spring build', selectedActivities: JSON.stringify(['Cycling']), planDuration: '8 weeks', weeklyTrainingTime: '6 hours', startDate: localDay(-1) },
    });
    expect(created.status()).toBe(201);
    planId = ((await created.json()) as { id: string }).id;

    const ahead = await calendarDays(localDay(1), 21);
    sessions = ahead.filter((day) => day.plan.source === 'plan' && day.plan.session !== null && !day.plan.raceDay);
    free = ahead.filter((day) => day.plan.source === 'plan' && day.plan.session === null && !day.plan.raceDay).map((day) => day.date);
    expect(sessions.length, 'sessions in the next three weeks').toBeGreaterThanOrEqual(4);
    expect(free.length, 'free days in the next three weeks').toBeGreaterThanOrEqual(4);
  }, 120_000);

  it('drags a session to a free day on the calendar, and the banner says so', async () => {
    const [from] = sessions;
    const to = free[0]!;
    await openCalendarAt(from!.date);
    const card = dayCell(from!.date).locator(`[data-planned-session="${from!.date}"]`);
    await card.dragTo(dayCell(to));
    await expect.poll(() => banner().textContent(), WAIT).toContain(`Moved ${nameOf(from!)} to ${formatShortCalendarDay(to)}`);
    // The calendar reads the plan again: the session is on its new day, the old day is free.
    await dayCell(to).locator(`[data-planned-session="${to}"]`).getByText(nameOf(from!)).waitFor();
    await dayCell(from!.date).getByText('Rest day').waitFor();
    expect((await calendarDay(to)).plan.session?.title).toBe(from!.plan.session!.title);
    await shoot('plan-editing-calendar-moved', dayCell(to));
    await expectNoSeriousAxeFindings('the calendar after a move');
  }, 120_000);

  it('moves a session with the keyboard through its menu, on a phone', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    const day = sessions[1]!;
    const to = free[1]!;
    await openCalendarAt(day.date);
    const menuButton = dayCell(day.date).getByRole('button', { name: `Edit ${nameOf(day)} on ${formatShortCalendarDay(day.date)}` });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    // Arrow Down reaches the first entry, Move, and Enter chooses it.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')), WAIT).toBe('menuitem');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Move to another day');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Move session' });
    await dialog.waitFor();
    // The day field has focus at once, and offers only the plan's days from today on; a phone is 375 px wide and nothing runs off it.
    const field = dialog.getByLabel('Move to');
    await expect.poll(() => field.evaluate((input) => input === document.activeElement), WAIT).toBe(true);
    // The bounds come with the plan, which the dialog reads when it opens.
    await expect.poll(() => field.getAttribute('max'), WAIT).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const lastDay = await field.getAttribute('max');
    expect(lastDay! >= to).toBe(true);
    expect(await field.getAttribute('min')).toBe(localDay());
    await expect.poll(() => dialog.textContent(), WAIT).toContain(`A day of the plan from today to ${formatShortCalendarDay(lastDay!)}.`);
    await field.fill(to);
    await shoot('plan-editing-move-dialog');
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoSeriousAxeFindings('the move dialog');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => banner().textContent(), WAIT).toContain(`Moved ${nameOf(day)} to ${formatShortCalendarDay(to)}`);
    expect((await calendarDay(to)).plan.session?.title).toBe(day.plan.session!.title);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 120_000);

  it('changes a session to 45 minutes', async () => {
    const day = sessions[2]!;
    const minutes = day.plan.session!.durationMin === 45 ? 50 : 45;
    await openCalendarAt(day.date);
    await dayCell(day.date).getByRole('button', { name: `Edit ${nameOf(day)} on ${formatShortCalendarDay(day.date)}` }).click();
    await page.getByRole('menuitem', { name: /Change duration or intensity/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Change session' });
    await dialog.getByLabel('Minutes').fill(String(minutes));
    await dialog.getByRole('button', { name: 'Save change' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => banner().textContent(), WAIT).toContain(`Changed ${nameOf(day)} on ${formatShortCalendarDay(day.date)} to ${formatDurationWords(minutes * 60)}`);
    await dayCell(day.date).getByText(formatDurationWords(minutes * 60), { exact: true }).waitFor();
    expect((await calendarDay(day.date)).plan.session?.durationMin).toBe(minutes);
  }, 120_000);

  it('deletes a session and brings it back with Undo', async () => {
    const day = sessions[3]!;
    await openCalendarAt(day.date);
    await dayCell(day.date).getByRole('button', { name: `Edit ${nameOf(day)} on ${formatShortCalendarDay(day.date)}` }).click();
    await page.getByRole('menuitem', { name: /Delete/ }).click();
    await expect.poll(() => banner().textContent(), WAIT).toContain(`Deleted ${nameOf(day)} on ${formatShortCalendarDay(day.date)}`);
    await dayCell(day.date).getByText('Rest day').waitFor();
    expect((await calendarDay(day.date)).plan.session).toBeNull();
    await shoot('plan-editing-deleted-banner', dayCell(day.date));

    await banner().getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => banner().textContent(), WAIT).toContain('Undone: Deleted');
    await dayCell(day.date).locator(`[data-planned-session="${day.date}"]`).getByText(nameOf(day)).waitFor();
    expect((await calendarDay(day.date)).plan.session?.title).toBe(day.plan.session!.title);
  }, 120_000);

  /** Fills a step's time and target; an intervals step's work or rest part by its labels' first word. */
  async function fillPart(step: Locator, part: '' | 'Work' | 'Rest', time: string, target: string): Promise<void> {
    await step.getByLabel(part ? `${part} time` : 'Time', { exact: true }).fill(time);
    await step.getByLabel(new RegExp(`^${part ? `${part} target` : 'Target'} \\(`)).fill(target);
  }

  it('builds 10 min warm-up, 5 × (4 min at 300 W / 3 min at 150 W) and a 10 min cool-down, showing 55:00 and the shared load, and puts it on a free day', async () => {
    const date = free[2]!;
    await openCalendarAt(date);
    await dayCell(date).getByRole('button', { name: `Add a session on ${formatShortCalendarDay(date)}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a session' });
    await dialog.waitFor();
    await dialog.getByLabel('Title').fill('5 × 4 min at 300 W');
    const steps = dialog.getByRole('list', { name: 'Steps' });
    const add = dialog.getByRole('group', { name: 'Add a step' });
    await add.getByRole('button', { name: 'Warm-up' }).click();
    await fillPart(steps.getByRole('listitem', { name: '1. Warm-up' }), '', '10', '150');
    // The cool-down goes in before the repeats, and is moved below them with the keyboard.
    await add.getByRole('button', { name: 'Cool-down' }).click();
    await fillPart(steps.getByRole('listitem', { name: '2. Cool-down' }), '', '10', '120');
    await add.getByRole('button', { name: 'Repeats' }).click();
    const misplaced = steps.getByRole('listitem', { name: '3. Repeats' });
    await misplaced.getByLabel('Repeats').fill('5');
    await fillPart(misplaced, 'Work', '4:00', '300');
    await fillPart(misplaced, 'Rest', '3', '150');
    await steps.getByRole('listitem', { name: '2. Cool-down' }).getByRole('button', { name: 'Move step 2 down' }).focus();
    await page.keyboard.press('Enter');
    await steps.getByRole('listitem', { name: '3. Cool-down' }).waitFor();
    const repeats = steps.getByRole('listitem', { name: '2. Repeats' });
    expect(await repeats.getByLabel('Work time', { exact: true }).inputValue()).toBe('4:00');
    // The focus moved with the step, onto its button that can go no further down.
    expect(await page.evaluate(() => [document.activeElement?.getAttribute('aria-label'), document.activeElement?.getAttribute('aria-disabled')])).toEqual(['Move step 3 down', 'true']);

    const settings = userSettings.parse(await page.evaluate(async () => (await fetch('/api/user/settings')).json()));
    const expected = workoutTotals(INTERVALS, workoutThresholdsOf(settings.effective, 'cycling'));
    expect(expected.durationS).toBe(55 * 60);
    expect(expected.load).not.toBeNull();
    const figures = dialog.getByTestId('workout-figures');
    await expect.poll(() => figures.locator('[data-figure="total"]').textContent(), WAIT).toBe('55:00');
    expect(await figures.locator('[data-figure="load"]').textContent()).toBe(formatNumber(expected.load!));
    await shoot('plan-editing-workout-builder');
    await expectNoSeriousAxeFindings('the workout builder');

    await dialog.getByRole('button', { name: 'Add to plan' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => banner().textContent(), WAIT).toContain(`Added 5 × 4 min at 300 W on ${formatShortCalendarDay(date)}`);
    const cell = dayCell(date).locator(`[data-planned-session="${date}"]`);
    await cell.getByText('5 × 4 min at 300 W').waitFor();
    expect(await cell.getByText(formatDurationWords(55 * 60), { exact: true }).count()).toBe(1);
    const added = (await calendarDay(date)).plan.session!;
    expect(added.title).toContain('5 × 4 min at 300 W');
    expect(added.durationMin).toBe(55);
    await shoot('plan-editing-workout-added', dayCell(date));
  }, 120_000);

  it('refuses a step of 0 s with the contract’s message, and changes nothing', async () => {
    const date = free[3]!;
    await openCalendarAt(date);
    await dayCell(date).getByRole('button', { name: `Add a session on ${formatShortCalendarDay(date)}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a session' });
    await dialog.getByLabel('Title').fill('Too short');
    await dialog.getByRole('group', { name: 'Add a step' }).getByRole('button', { name: 'Steady' }).click();
    await fillPart(dialog.getByRole('listitem', { name: '1. Steady' }), '', '0', '200');
    await dialog.getByRole('button', { name: 'Add to plan' }).click();
    await dialog.getByText(PLAN_EDIT_MESSAGES.stepDuration).waitFor();
    expect(await dialog.getByLabel('Time').getAttribute('aria-invalid')).toBe('true');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect((await calendarDay(date)).plan.session).toBeNull();
  }, 120_000);

  it("lists the athlete's edits in the plan's history, each with Undo", async () => {
    await page.goto(session.at(`/training-plan/view?id=${planId}`));
    const history = main().getByRole('region', { name: "Kai's Suggestions" });
    await history.getByRole('heading', { name: 'Changes and their reasons' }).waitFor();
    const list = planAdjustmentList.parse(await page.evaluate(async (id) => (await fetch(`/api/training-plans/${id}/adjustments`)).json(), planId));
    const edits = list.history.filter((adjustment) => adjustment.trigger === 'athlete-edit');
    expect(edits.map((adjustment) => adjustment.status).sort()).toEqual(['accepted', 'accepted', 'accepted', 'accepted', 'undone']);
    const entries = history.getByTestId('adjustment-history-entry');
    await expect.poll(() => entries.count(), WAIT).toBe(edits.length);
    expect(await entries.getByRole('button', { name: 'Undo' }).count()).toBe(4);
    // The plan view's own calendar edits too: its days ahead carry the same menu and Add.
    expect(await main().getByRole('button', { name: /^Edit .+ on / }).count()).toBeGreaterThan(0);
    await shoot('plan-editing-plan-view', history.getByRole('heading', { name: 'Changes and their reasons' }));
    await expectNoSeriousAxeFindings('the plan view with its edits');
  }, 120_000);
});
