import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/kairo.ts';
import { zipOf } from '../support/strava-export.ts';
import { hasChromium } from './support/browser.ts';
import { useKairoInBrowser } from './support/kairo-in-browser.ts';
import { signUpInBrowser } from './support/accounts.ts';
import { hikeGpx, sameRun } from '../support/recordings.ts';

const screenshotDir = join(import.meta.dirname, '../../test-results/screenshots');

/** The import dialog when the athlete drops a second recording of a run they already imported. */
describe.skipIf(!hasChromium)('importing an activity twice in the browser', () => {
  // Signed out first (401); the second file is refused as a duplicate (409).
  const session = useKairoInBrowser([
    { status: 401, path: '/api/auth/user' },
    { status: 409, path: '/api/imports' },
  ]);
  let page: Page;
  beforeAll(() => {
    ({ page } = session);
    mkdirSync(screenshotDir, { recursive: true });
  });

  const upload = (name: string, buffer: Buffer) =>
    page.getByRole('dialog', { name: 'Import activities' }).locator('input[type="file"]').setInputFiles({
      name,
      mimeType: 'application/octet-stream',
      buffer,
    });

  it('shows the TCX of a run imported as FIT as a duplicate, and an archive of it as skipped', async () => {
    await signUpInBrowser(page, session.at, { firstName: 'Ada', lastName: 'Twice', email: uniqueEmail('e2e-duplicates') });
    await page.getByRole('button', { name: 'or import your own files' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import activities' });
    await dialog.waitFor();

    await upload('run_fr220.fit', sameRun('fit').bytes);
    await dialog.getByText(/^Imported: /).waitFor();
    await upload('run_fr220.tcx', sameRun('tcx').bytes);
    const duplicate = dialog.getByText(/^run_fr220\.tcx was not imported: it is the same activity as ".+" \(16 Apr 2021, 13:37 UTC\)/);
    await duplicate.waitFor();

    const csv = [
      'Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Filename',
      '301,"Apr 16, 2021, 1:37:53 PM",Shakeout,Run,,222,0.6,activities/301.gpx',
      '302,"Aug 5, 2010, 2:23:59 PM",Cerknica lake,Hike,,7190,13.7,activities/302.gpx',
      '',
    ].join('\n');
    const archive = await zipOf({
      'activities.csv': csv,
      'activities/301.gpx': sameRun('gpx').bytes,
      'activities/302.gpx': hikeGpx().bytes,
    });
    await upload('export_42.zip', archive);
    await dialog.getByText('Done: 1 imported · 1 skipped as duplicate', { exact: true }).waitFor({ timeout: 30_000 });

    await page.screenshot({ path: join(screenshotDir, 'import-duplicates-1280.png') });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: join(screenshotDir, 'import-duplicates-375.png') });
    expect(await duplicate.isVisible()).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
