import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/kairo.ts';
import { hasChromium } from './support/browser.ts';
import { useKairoInBrowser } from './support/kairo-in-browser.ts';
import { openConfirmationLink } from './support/accounts.ts';
import { poolSwim } from '../../tools/recordings/index.ts';
import { powerRide, trainerIntervals } from '../support/recordings.ts';

const screenshotDir = join(import.meta.dirname, '../../test-results/screenshots');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical findings (WCAG 2.0–2.2 A and AA) on the page as it stands. */
async function seriousAxeFindings(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(', ')}`);
  });
}

/** The laps and intervals of a real trainer workout (Garmin Edge 800: warm-up, 2 × 10 min, 5 laps). */
describe.skipIf(!hasChromium)('laps and intervals on the activity page', () => {
  const session = useKairoInBrowser([{ status: 401, path: '/api/auth/user' }]);
  let page: Page;
  beforeAll(() => {
    ({ page } = session);
    mkdirSync(screenshotDir, { recursive: true });
  });

  it('shows the device laps and the two work intervals with % FTP, and no column the file did not record', async () => {
    await page.goto(session.at('/register'));
    await page.getByLabel('First name').fill('Lea');
    await page.getByLabel('Last name').fill('Laps');
    const email = uniqueEmail('e2e-laps');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create account' }).click();
    await openConfirmationLink(page, session.at, email);
    await page.getByRole('button', { name: 'or import your own files' }).waitFor();
    const ftp = await page.evaluate(async () => {
      const response = await fetch('/api/user/settings', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ athleteFtp: 260 }) });
      return response.status;
    });
    expect(ftp).toBe(200);
    await page.getByRole('button', { name: 'or import your own files' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import activities' });
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'trainer.fit', mimeType: 'application/octet-stream', buffer: trainerIntervals().bytes });
    await dialog.getByText(/^Imported: /).waitFor();
    const id = await page.evaluate(async () => ((await (await fetch('/api/activities')).json()) as { id: string }[])[0]!.id);

    await page.goto(session.at(`/activities/${id}`));
    const intervals = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Part' }) });
    await intervals.waitFor({ timeout: 30_000 });
    const laps = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Lap' }) });
    expect(await laps.getByRole('row').count()).toBe(6);
    expect(await laps.getByRole('rowheader').allInnerTexts()).toEqual(['1', '2', '3', '4', '5']);
    expect(await intervals.getByRole('rowheader').allInnerTexts()).toEqual(['Work', 'Rest', 'Work']);
    const headers = await intervals.getByRole('columnheader').allInnerTexts();
    expect(headers).toEqual(['Part', 'Start', 'Duration', 'Avg power (W)', 'NP (W)', '% FTP', 'Avg HR (bpm)', 'Max HR (bpm)', 'Cadence (rpm)']);
    // The work: 10 min at 258 W and 263 W, i.e. 99% and 101% of the 260 W FTP (the recording's own blocks).
    const firstWork = await intervals.getByRole('row').nth(1).getByRole('cell').allInnerTexts();
    expect(firstWork.slice(0, 5)).toEqual([expect.stringMatching(/^[56]:\d\d$/), expect.stringMatching(/^(9:5\d|10:0\d)$/), expect.stringMatching(/^(256|257|258|259|260)$/), expect.stringMatching(/^2\d\d$/), expect.stringMatching(/^(98|99|100)%$/)]);
    expect(await page.getByText(/^2 × (9:5\d|10:0\d) work, found in your laps$/).isVisible()).toBe(true);
    // A trainer file without distance (its laps state 0 m): no distance or speed column.
    expect(headers.join(' ')).not.toMatch(/Distance|Speed/);
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect((await laps.getByRole('columnheader').allInnerTexts()).join(' ')).not.toMatch(/Distance|Speed/);

    await page.getByRole('region', { name: 'Intervals table' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshotDir, 'activity-laps-1280.png'), fullPage: false });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('region', { name: 'Laps table' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshotDir, 'activity-laps-375.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('an outdoor ride: time in zones, and its route drawn without any tile server', async () => {
    const id = await page.evaluate(async (bytes) => {
      const body = new FormData();
      body.append('file', new Blob([new Uint8Array(bytes)]), 'outdoor.fit');
      const response = await fetch('/api/imports', { method: 'POST', body });
      return ((await response.json()) as { activity: { id: string } }).activity.id;
    }, [...powerRide().bytes]);
    await page.goto(session.at(`/activities/${id}`));
    const route = page.getByRole('region', { name: /^Map of the route of / });
    await route.waitFor({ timeout: 30_000 });
    // The track is Leaflet's SVG line, drawn with no tile loaded (MAP_TILE_URL=off in tests).
    await route.locator('path.leaflet-interactive').first().waitFor();
    expect(await route.locator('img.leaflet-tile').count()).toBe(0);
    const powerZones = page.getByRole('list', { name: 'Time in power zones' });
    expect(await powerZones.getByRole('listitem').count()).toBe(7);
    expect(await page.getByRole('list', { name: 'Time in heart rate zones' }).getByRole('listitem').count()).toBe(5);
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect(await powerZones.getByRole('listitem').first().innerText()).toMatch(/^Z1 Active recovery\n≤ \d+ W\n\d+:\d\d(:\d\d)? · \d+%$/);

    await route.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshotDir, 'activity-route-zones-1280.png') });
    await page.setViewportSize({ width: 375, height: 800 });
    await route.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshotDir, 'activity-route-zones-375.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("a pool swim: its heart rate over the lengths swum, and the page says so under the figures", async () => {
    const id = await page.evaluate(async (bytes) => {
      const body = new FormData();
      body.append('file', new Blob([new Uint8Array(bytes)]), 'swim.fit');
      const response = await fetch('/api/imports', { method: 'POST', body });
      return ((await response.json()) as { activity: { id: string } }).activity.id;
    }, [...poolSwim({ start: new Date('2026-05-03T06:30:00Z') }).bytes]);
    await page.goto(session.at(`/activities/${id}`));
    // Kairo's own pool swim (tools/recordings): 24 lengths swum, 4 rests.
    const note = page.getByText(/heart rate over the 24 lengths swum, rests left out/);
    await note.waitFor({ timeout: 30_000 });
    expect(await note.innerText()).toMatch(/^Data quality:/);
    expect(await seriousAxeFindings(page)).toEqual([]);

    await page.screenshot({ path: join(screenshotDir, 'activity-pool-swim-1280.png') });
    await page.setViewportSize({ width: 375, height: 800 });
    await note.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshotDir, 'activity-pool-swim-375.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
