import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seasonAnswer } from '../../src/shared/api/season.ts';
import { uniqueEmail } from '../support/kairo.ts';
import { signUpInBrowser } from './support/accounts.ts';
import { seriousAxeFindings } from './support/axe.ts';
import { hasChromium, shootDesktopAndPhone } from './support/browser.ts';
import { useKairoInBrowser } from './support/kairo-in-browser.ts';

const DAY_MS = 86_400_000;

/** A GPX at 1 Hz from `daysAgo` days before now: a ride holding each block's power, or a run at each block's speed, with heart rate. */
function gpx(name: string, daysAgo: number, type: 'cycling' | 'running', blocks: { seconds: number; powerW?: number; speedMps?: number; hr: number }[]): Buffer {
  const startMs = Date.now() - daysAgo * DAY_MS;
  const points: string[] = [];
  let metres = 0;
  let i = 0;
  for (const block of blocks) {
    for (let s = 0; s < block.seconds; s++, i++) {
      metres += block.speedMps ?? 8;
      const power = block.powerW === undefined ? '' : `<power>${block.powerW}</power>`;
      points.push(
        `<trkpt lat="${(46 + metres / 111_320).toFixed(7)}" lon="14.5"><ele>300</ele><time>${new Date(startMs + i * 1000).toISOString()}</time><extensions>${power}<hr>${block.hr}</hr></extensions></trkpt>`,
      );
    }
  }
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="kairo-e2e" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>${name}</name><type>${type}</type><trkseg>${points.join('')}</trkseg></trk></gpx>`);
}

/**
 * The season screen in a real browser (issue 30): an athlete with three rides and a run opens it
 * from the navigation, sees the power curve of one range against another, switches to W/kg, the
 * pace curve and the month-by-month FTP, critical power and max heart rate, each figure a link to
 * its activity; axe finds nothing serious. KAIRO_SCREENSHOTS_DIR keeps the screens at 1280 and 375 px.
 */
describe.skipIf(!hasChromium)('the season in the browser', () => {
  const session = useKairoInBrowser([{ status: 401, path: '/api/auth/user' }]);
  let page: Page;
  beforeAll(() => {
    ({ page } = session);
  });
  const { main } = session;

  async function upload(name: string, body: Buffer) {
    const origin = new URL(session.server.url).origin;
    const uploaded = await page.request.post(session.at('/api/imports'), {
      headers: { origin },
      multipart: { file: { name, mimeType: 'application/gpx+xml', buffer: body } },
    });
    expect(uploaded.status()).toBe(201);
  }

  it('signs up and uploads rides and a run', async () => {
    await signUpInBrowser(page, session.at, { firstName: 'Sea', lastName: 'Son', email: uniqueEmail('e2e-season') });
    await upload('recent.gpx', gpx('Recent ride', 3, 'cycling', [{ seconds: 60, powerW: 520, hr: 150 }, { seconds: 1260, powerW: 270, hr: 172 }]));
    await upload('hard.gpx', gpx('Hard ride', 40, 'cycling', [{ seconds: 180, powerW: 420, hr: 168 }, { seconds: 1080, powerW: 285, hr: 181 }]));
    await upload('old.gpx', gpx('Old sprint ride', 200, 'cycling', [{ seconds: 15, powerW: 1100, hr: 160 }, { seconds: 1300, powerW: 250, hr: 175 }]));
    await upload('run.gpx', gpx('Track run', 10, 'running', [{ seconds: 400, speedMps: 4, hr: 160 }, { seconds: 300, speedMps: 5, hr: 176 }]));
    // The metrics are computed in the background: wait until every curve is stored.
    const scored = () => page.evaluate(async () => ((await (await fetch('/api/season')).json()) as { power: { activityCount: number } }).power.activityCount);
    await expect.poll(scored, { timeout: 60_000, interval: 500 }).toBe(3);
  }, 120_000);

  it('opens the season from the navigation and draws two ranges with each best effort linked to its activity', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Season' }).click();
    await page.waitForURL(session.at('/season'));
    await main().getByRole('heading', { name: 'Season', level: 1 }).waitFor();
    await main().getByLabel('Range', { exact: true }).selectOption('last90');
    await main().getByLabel('Compare with').selectOption('all');

    const chart = main().getByRole('img', { name: /^Best power by duration, Last 90 days/ });
    await chart.waitFor();
    await expect.poll(async () => chart.locator('canvas').count()).toBe(1);
    // The figures the page shows are the server's for the same range.
    const tz = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const from = await page.evaluate(() => {
      const day = new Date();
      day.setDate(day.getDate() - 89);
      return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    });
    const to = await page.evaluate(() => {
      const day = new Date();
      return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    });
    const answer = seasonAnswer.parse(await (await page.request.get(session.at(`/api/season?from=${from}&to=${to}&tz=${encodeURIComponent(tz)}`))).json());
    const k20 = answer.power.durationsS.indexOf(1200);
    expect(answer.power.evidence[k20]!.name).toBe('Hard ride');
    const efforts = main().getByRole('region', { name: 'Best efforts, Last 90 days' });
    const twenty = efforts.getByRole('listitem').filter({ hasText: '20 min' });
    await expect.poll(async () => twenty.textContent()).toContain(`${Math.round(answer.power.watts[k20]!)} W`);
    await twenty.getByRole('link', { name: /Hard ride/ }).waitFor();
    // The old sprint is all time's only: its 1,100 W is not in the last 90 days' curve.
    expect(await chart.getAttribute('aria-label')).not.toContain('1100 W');

    // W/kg without a weight says what it needs.
    await main().getByText('W/kg', { exact: true }).click();
    await main().getByText('W/kg needs your weight').waitFor();
    await main().getByText('W', { exact: true }).click();
    await chart.waitFor();

    expect(await seriousAxeFindings(page), 'season').toEqual([]);
    await shootDesktopAndPhone(page, 'season');
  }, 60_000);

  it('lists each month’s FTP, critical power and max heart rate, each a link to the activity it came from', async () => {
    const table = main().getByRole('table');
    await table.waitFor();
    const hard = table.getByRole('link', { name: /^Max heart rate 181 bpm in .*: Hard ride/ });
    await hard.click();
    await page.waitForURL(/\/activities\/[0-9a-f-]+$/);
    await main().getByRole('heading', { name: 'Hard ride' }).first().waitFor();
    await page.goBack();
    await page.waitForURL(session.at('/season'));
  }, 60_000);

  it('refuses a custom range that ends before it starts, and draws the pace of the run', async () => {
    await main().getByLabel('Range', { exact: true }).selectOption('custom');
    await main().getByLabel('From', { exact: true }).first().fill('2026-03-10');
    await main().getByLabel('To', { exact: true }).first().fill('2026-03-01');
    await main().getByRole('alert').filter({ hasText: 'The first day must not be after the last.' }).waitFor();
    await main().getByLabel('Range', { exact: true }).selectOption('last90');
    const pace = main().getByRole('img', { name: /^Fastest pace by duration, Last 90 days: 400 m in 80 s/ });
    await pace.waitFor();
    await main().getByRole('region', { name: 'Fastest runs, Last 90 days' }).getByRole('link', { name: /Track run/ }).first().waitFor();
    expect(await seriousAxeFindings(page), 'season with pace').toEqual([]);
  }, 60_000);
});
