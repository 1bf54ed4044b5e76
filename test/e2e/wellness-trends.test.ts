import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { wellnessTrendsAnswer } from '../../src/shared/api/wellness-trends.ts';
import { localDay } from '../../src/web/features/wellness/local-day.ts';
import { uniqueEmail } from '../support/kairo.ts';
import { signUpInBrowser } from './support/accounts.ts';
import { seriousAxeFindings } from './support/axe.ts';
import { hasChromium, shootDesktopAndPhone } from './support/browser.ts';
import { useKairoInBrowser } from './support/kairo-in-browser.ts';

/** 400 days up to yesterday, with gaps: no row every 7th day, no HRV every 3rd, weight on every 10th. */
function history(): { csv: string; hrvDays: string[]; weightDays: string[] } {
  const lines = ['date,hrv_rmssd_ms,resting_hr_bpm,sleep_hours,weight_kg'];
  const hrvDays: string[] = [];
  const weightDays: string[] = [];
  for (let ago = 400; ago >= 1; ago--) {
    if (ago % 7 === 0) continue;
    const date = localDay(-ago);
    const hrv = ago % 3 === 0 ? '' : String(50 + ((ago * 7) % 19));
    if (hrv) hrvDays.push(date);
    const weight = ago % 10 === 1 ? String(71 + (ago % 4) / 10) : '';
    if (weight) weightDays.push(date);
    lines.push(`${date},${hrv},${46 + (ago % 6)},${(5.5 + (ago % 30) / 10).toFixed(1)},${weight}`);
  }
  return { csv: lines.join('\n'), hrvDays, weightDays };
}

/**
 * The trends on the check-in screen in a real browser: a year of readings imported, the 90-day and
 * the year view each drawing a dot for exactly the days that have a reading, with the normal range
 * the server reports, usable at desktop and phone width.
 */
describe.skipIf(!hasChromium)('wellness trends in the browser', () => {
  const session = useKairoInBrowser([{ status: 401, path: '/api/auth/user' }]);
  let page: Page;
  const { csv, hrvDays, weightDays } = history();
  beforeAll(() => {
    ({ page } = session);
  });
  const trends = () => session.main().getByRole('region', { name: 'Trends' });
  const dots = (title: string) => trends().getByTestId(`trend-${title}`).getByTestId('trend-dots');

  it('says nothing is recorded yet, then draws the imported readings over 90 days, gaps left empty', async () => {
    await signUpInBrowser(page, session.at, { firstName: 'Tara', lastName: 'Trend', email: uniqueEmail('e2e-trends') });
    await page.goto(session.at('/check-in'));
    await trends().getByText(/^Nothing recorded in the last 90 days/).waitFor();

    await session.main().locator('input[type="file"]').setInputFiles({ name: 'year.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await session.main().getByText(/days imported\./).waitFor();
    const from90 = localDay(-89);
    await expect.poll(() => dots('HRV').getAttribute('data-count')).toBe(String(hrvDays.filter((day) => day >= from90).length));
    expect(await dots('Body weight').getAttribute('data-count')).toBe(String(weightDays.filter((day) => day >= from90).length));
    // The band is the server's normal range of each day; the summary names the last day's.
    const answer = wellnessTrendsAnswer.parse(
      await page.evaluate(async (today) => (await fetch(`/api/wellness/trends?days=90&date=${today}`)).json(), localDay()),
    );
    const lastRange = answer.hrvNormal.at(-1)!;
    expect(lastRange.date).toBe(localDay());
    const hrvChart = trends().getByRole('img', { name: /^HRV,/ });
    expect(await hrvChart.getAttribute('aria-label')).toContain(`${Math.round(lastRange.lowMs)}–${Math.round(lastRange.highMs)} ms.`);
    expect(await trends().getByTestId('trend-HRV').locator('polygon').count()).toBeGreaterThan(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await trends().scrollIntoViewIfNeeded();
    await shootDesktopAndPhone(page, 'wellness-trends-90');
  });

  it('switches to a year by keyboard and draws every reading of it', async () => {
    const year = trends().getByRole('button', { name: '1 year' });
    await year.focus();
    await page.keyboard.press('Enter');
    expect(await year.getAttribute('aria-pressed')).toBe('true');
    const from365 = localDay(-364);
    await expect.poll(() => dots('HRV').getAttribute('data-count')).toBe(String(hrvDays.filter((day) => day >= from365).length));
    expect(await dots('Body weight').getAttribute('data-count')).toBe(String(weightDays.filter((day) => day >= from365).length));
    expect(await trends().getByRole('img', { name: /^Resting HR,/ }).getAttribute('aria-label')).toMatch(/ of 365 days recorded/);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await shootDesktopAndPhone(page, 'wellness-trends-365');
  });
});
