import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { calendarAnswer, type CalendarActivity } from '../../src/shared/api/calendar.ts';
import { formatDistance, formatDurationWords, formatElevation, formatNumber, measureText } from '../../src/shared/format.ts';
import { uniqueEmail } from '../support/kairo.ts';
import { heartRateGpx } from '../support/heart-rate-gpx.ts';
import { signUpInBrowser } from './support/accounts.ts';
import { seriousAxeFindings } from './support/axe.ts';
import { hasChromium, shootDesktopAndPhone } from './support/browser.ts';
import { useKairoInBrowser } from './support/kairo-in-browser.ts';

/** Two uploads either side of New Year, so the weeks across it hold activities (the demo history starts in June). */
const OLD_YEARS_EVE = { name: 'Old year ride', at: '2025-12-30T09:00:00Z' };
const NEW_YEAR = { name: 'New year run', at: '2026-01-02T09:00:00Z' };

/**
 * The calendar in a real browser (issue 30): a demo athlete opens it from the navigation on this
 * week; a week's totals are the sums of the activities it shows; more weeks load on scrolling; the
 * keyboard steps from December into January; the month and year views show the same totals; a
 * phone gets a list of days under each week's totals; axe finds nothing serious.
 * KAIRO_SCREENSHOTS_DIR keeps the screens at 1280 and 375 px.
 */
describe.skipIf(!hasChromium)('the calendar in the browser', () => {
  const session = useKairoInBrowser([{ status: 401, path: '/api/auth/user' }]);
  let page: Page;
  beforeAll(() => {
    ({ page } = session);
  });
  const { main } = session;
  const week = (startDate: string) => main().locator(`section[data-week="${startDate}"]`);
  const weekStartInAddress = () => new URL(page.url()).searchParams.get('week');

  async function expectNoSeriousAxeFindings(screen: string) {
    expect(await seriousAxeFindings(page), screen).toEqual([]);
  }

  /** The week's totals as shown: the figure under each label. */
  async function shownTotals(section: Locator): Promise<Record<string, string>> {
    const totals: Record<string, string> = {};
    for (const key of ['time', 'distance', 'elevation', 'load']) {
      totals[key] = ((await section.locator(`[data-total="${key}"] dd`).textContent()) ?? '').trim();
    }
    return totals;
  }

  it('signs up, brings in the demo history and uploads two rides either side of New Year', async () => {
    await signUpInBrowser(page, session.at, { firstName: 'Cal', lastName: 'Endar', email: uniqueEmail('e2e-calendar') });
    await page.getByRole('link', { name: 'Connect with Strava' }).click();
    await page.waitForURL(session.at('/'));
    const origin = new URL(session.server.url).origin;
    for (const [upload, type] of [
      [OLD_YEARS_EVE, 'cycling'],
      [NEW_YEAR, 'running'],
    ] as const) {
      const uploaded = await page.request.post(session.at('/api/imports'), {
        headers: { origin },
        multipart: {
          file: { name: `${type}.gpx`, mimeType: 'application/gpx+xml', buffer: heartRateGpx({ name: upload.name, type, daysAgo: 0, nowMs: Date.parse(upload.at), peakBpm: 165 }) },
        },
      });
      expect(uploaded.status()).toBe(201);
    }
    // The demo history arrives in the background: wait until this week and the last few are in.
    const recent = () => page.evaluate(async () => ((await (await fetch('/api/activities?limit=50')).json()) as unknown[]).length);
    await expect.poll(recent, { timeout: 120_000, interval: 1_000 }).toBeGreaterThanOrEqual(30);
  }, 180_000);

  it('creates a training plan that started four weeks ago', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Training plan' }).click();
    await main().getByRole('button', { name: 'Create Your First Training Plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a training plan' });
    await dialog.getByRole('tab', { name: 'General fitness' }).click();
    await dialog.getByLabel('Plan name').fill('Winter block');
    await dialog.getByLabel('Cycling').check();
    await dialog.getByLabel('Running').check();
    await dialog.getByLabel('Plan duration').fill('12 weeks');
    await dialog.getByLabel('Weekly training time (optional)').fill('7 hours');
    await dialog.getByLabel(/^Start date/).fill(new Date(Date.now() - 28 * 86_400_000).toISOString().slice(0, 10));
    await dialog.getByRole('button', { name: 'Create plan' }).click();
    await dialog.waitFor({ state: 'detached' });
    await main().getByRole('article', { name: 'Winter block' }).waitFor();
    // Plan compliance marks a session done once the demo history has the activity for it.
    const completed = async () => {
      const to = new Date().toISOString().slice(0, 10);
      const from = new Date(Date.now() - 27 * 86_400_000).toISOString().slice(0, 10);
      const answer = calendarAnswer.parse(await (await page.request.get(session.at(`/api/calendar?from=${from}&to=${to}`))).json());
      return answer.days.filter((day) => day.compliance?.status === 'completed').length;
    };
    await expect.poll(completed, { timeout: 120_000, interval: 1_000 }).toBeGreaterThan(0);
  }, 180_000);

  it("opens on this week from the navigation, and a week's totals are the sums of the activities it shows", async () => {
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
    await page.waitForURL(session.at('/calendar'));
    await main().getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    const today = main().locator('li', { has: page.getByText('Today', { exact: true }) }).last();
    await today.waitFor();
    expect(await today.isVisible()).toBe(true);

    // The fullest week on screen: its activities, as the page shows them and as the API lists its days.
    const sections = main().locator('section[data-week]');
    await expect.poll(() => sections.count()).toBeGreaterThanOrEqual(12);
    let fullest: Locator | null = null;
    let most = 0;
    for (const section of await sections.all()) {
      const count = await section.locator('a[href^="/activities/"]').count();
      if (count > most) [fullest, most] = [section, count];
    }
    expect(most, 'a week with several activities').toBeGreaterThanOrEqual(3);
    const section = fullest!;
    const startDate = (await section.getAttribute('data-week'))!;
    const shownIds = (await section.locator('a[href^="/activities/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')!.split('/').at(-1)!))).sort();
    const endDate = new Date(Date.parse(`${startDate}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
    const listed = calendarAnswer.parse(await (await page.request.get(session.at(`/api/calendar?from=${startDate}&to=${endDate}`))).json());
    const activities: CalendarActivity[] = listed.days.flatMap((day) => day.activities);
    expect(shownIds).toEqual(activities.map((activity) => activity.id).sort());

    const sum = (figure: (activity: CalendarActivity) => number | null) => {
      const known = activities.map(figure).filter((value): value is number => value !== null);
      return known.length === 0 ? null : known.reduce((total, value) => total + value, 0);
    };
    const distance = sum((activity) => activity.distanceM);
    const elevation = sum((activity) => activity.elevationGainM);
    const load = sum((activity) => activity.trainingLoad);
    expect(await shownTotals(section)).toEqual({
      time: formatDurationWords(sum((activity) => activity.movingTimeS)!),
      distance: distance === null ? '—not recorded' : measureText(formatDistance(distance, 'metric')),
      elevation: elevation === null ? '—not recorded' : measureText(formatElevation(elevation, 'metric')),
      load: load === null ? '—not recorded' : formatNumber(Math.round(load)),
    });
    expect(await section.getByText(`${activities.length} activities`, { exact: true }).count()).toBe(1);
    // Each activity shows its own time and leads to its page.
    const first = activities[0]!;
    const link = section.locator(`a[href="/activities/${first.id}"]`);
    expect(await link.textContent()).toContain(formatDurationWords(first.movingTimeS));
    // The plan's sessions show apart from the work done, with plan compliance's words; the activities done for them carry the mark.
    expect(await main().getByText('Planned', { exact: true }).count()).toBeGreaterThan(0);
    expect(await main().getByText(/^Completed/).count()).toBeGreaterThan(0);
    expect(await main().locator('a[href^="/activities/"]').filter({ hasText: /% of plan/ }).count()).toBeGreaterThan(0);
    // The full-length screens hold every loaded week; this one is the screen as the athlete first sees it.
    const dir = process.env.KAIRO_SCREENSHOTS_DIR;
    if (dir) await page.screenshot({ path: join(dir, 'calendar-week-screen-1280.png') });
    await shootDesktopAndPhone(page, 'calendar-week');
    await expectNoSeriousAxeFindings('the week view');
  }, 60_000);

  it('loads earlier weeks when scrolled to the top, a page of weeks at a time, keeping at most eight pages', async () => {
    await page.goto(session.at('/calendar'));
    const sections = main().locator('section[data-week]');
    await sections.first().waitFor();
    const firstBefore = (await sections.first().getAttribute('data-week'))!;
    // Scrolled up to the top, as an athlete keeps scrolling: the earlier page loads once the top of the list is reached.
    await expect
      .poll(
        async () => {
          await page.evaluate(() => document.querySelector('main')!.scrollTo({ top: 0 }));
          return (await sections.first().getAttribute('data-week'))! < firstBefore;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    // The week read at the top stays there as the earlier page comes in above it.
    await expect.poll(() => page.evaluate(() => document.querySelector('main')!.scrollTop)).toBeGreaterThan(0);
    expect(await sections.count()).toBeLessThanOrEqual(8 * 12);
  });

  it('steps from December into January with the keyboard, the address naming each week', async () => {
    await page.goto(session.at('/calendar?week=2025-12-22'));
    await week('2025-12-22').waitFor();
    const next = main().getByRole('button', { name: 'Next week' });
    await next.focus();
    await page.keyboard.press('Enter');
    await expect.poll(weekStartInAddress).toBe('2025-12-29');
    const newYearWeek = week('2025-12-29');
    expect(await newYearWeek.getByRole('heading', { level: 2 }).textContent()).toMatch(/Dec 29, 2025 – .*Jan 4/);
    expect(await newYearWeek.getByRole('link', { name: new RegExp(OLD_YEARS_EVE.name) }).count()).toBe(1);
    expect(await newYearWeek.getByRole('link', { name: new RegExp(NEW_YEAR.name) }).count()).toBe(1);
    expect(await newYearWeek.getByText('2 activities', { exact: true }).count()).toBe(1);
    await shootDesktopAndPhone(page, 'calendar-new-year');
    await page.keyboard.press('Enter');
    await expect.poll(weekStartInAddress).toBe('2026-01-05');
    // Focus stays on Next week, so the keyboard keeps stepping; Previous week goes back over New Year.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Next week');
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Previous week');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect.poll(weekStartInAddress).toBe('2025-12-22');
    // A week's activity opens its page from the keyboard.
    await page.goto(session.at('/calendar?week=2025-12-29'));
    const oldYearRide = week('2025-12-29').getByRole('link', { name: new RegExp(OLD_YEARS_EVE.name) });
    await oldYearRide.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/activities\/[^/]+$/);
    await main().getByRole('heading', { name: OLD_YEARS_EVE.name }).waitFor();
    await page.goBack();
    await week('2025-12-29').waitFor();
  }, 60_000);

  it('switches to the month and year views with the arrow keys, each with the same totals', async () => {
    const view = main().getByRole('group', { name: 'View' });
    await view.getByRole('radio', { name: 'Weeks' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBe('month');
    const months = main().getByRole('list', { name: 'Months' });
    await months.waitFor();
    // The list is named before its items are in: wait for them, as an athlete's eye would.
    await expect.poll(() => months.locator(':scope > li').count()).toBe(12);
    // December 2025 holds the one upload of that month.
    expect(await main().getByText('2025', { exact: true }).count()).toBeGreaterThan(0);
    const december = months.locator(':scope > li').filter({ has: page.getByRole('heading', { name: /^December/ }) });
    expect(await december.getByText('1 activity', { exact: true }).count()).toBe(1);
    const totals = await (await page.request.get(session.at('/api/calendar/totals?period=month&from=2025-12-01&to=2025-12-31'))).json();
    expect(await shownTotals(december)).toMatchObject({ time: formatDurationWords(totals.periods[0].totals.overall.movingTimeS) });
    await shootDesktopAndPhone(page, 'calendar-months');
    await expectNoSeriousAxeFindings('the month view');

    await page.keyboard.press('ArrowRight');
    await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBe('year');
    const years = main().getByRole('list', { name: 'Years' });
    await years.waitFor();
    await expect.poll(() => years.locator(':scope > li').count()).toBe(10);
    const year2025 = years.locator(':scope > li').filter({ has: page.getByRole('heading', { name: /^2025/ }) });
    expect(await year2025.getByText('1 activity', { exact: true }).count()).toBe(1);
    await shootDesktopAndPhone(page, 'calendar-years');
    await expectNoSeriousAxeFindings('the year view');

    // A year opens its months, a month its weeks.
    await year2025.getByRole('link').click();
    await months.waitFor();
    await months.locator(':scope > li').filter({ has: page.getByRole('heading', { name: /^December/ }) }).getByRole('link').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBeNull();
    await week('2025-12-01').waitFor();
  }, 60_000);

  it('is a list of days under each week on a phone', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(session.at('/calendar?week=2025-12-29'));
    const newYearWeek = week('2025-12-29');
    await newYearWeek.waitFor();
    const heading = await newYearWeek.getByRole('heading', { level: 2 }).boundingBox();
    const days = newYearWeek.getByRole('list', { name: 'Days' }).locator(':scope > li');
    expect(await days.count()).toBe(7);
    const [monday, tuesday] = [await days.nth(0).boundingBox(), await days.nth(1).boundingBox()];
    // The totals head the week; the days follow one under another, each as wide as the screen allows.
    expect(heading!.y).toBeLessThan(monday!.y);
    expect(tuesday!.y).toBeGreaterThan(monday!.y);
    expect(tuesday!.x).toBe(monday!.x);
    expect(await days.nth(0).textContent()).toContain('Mon, Dec 29');
    await expectNoSeriousAxeFindings('the week view at 375 px');
    const dir = process.env.KAIRO_SCREENSHOTS_DIR;
    if (dir) await page.screenshot({ path: join(dir, 'calendar-new-year-screen-375.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
