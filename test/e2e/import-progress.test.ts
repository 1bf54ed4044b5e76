import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportStatus } from '../../src/shared/api/imports.ts';
import { holdAccountLock, type HeldAccountLock } from '../support/account-lock.ts';
import { uniqueEmail } from '../support/kairo.ts';
import { stravaExportWith } from '../support/strava-export.ts';
import { waitFor, waitForJobs } from '../support/strava.ts';
import { signUpInBrowser } from './support/accounts.ts';
import { seriousAxeFindings } from './support/axe.ts';
import { hasChromium, shootDesktopAndPhone, toastOn } from './support/browser.ts';
import { useKairoInBrowser } from './support/kairo-in-browser.ts';

/** Enough activities that the import is still running while the page is reloaded and Cancel is pressed. */
const ACTIVITIES = 1_000;

/**
 * A real archive import in the browser (issue 29): the dialog's progress bar moves with the
 * activities handled and says the time left; a reload finds the import on Home with the same bar;
 * Cancel (by keyboard) stops it, says so, and the activities imported so far stay.
 *
 * Once the bar has moved, the test holds the account's activity-write lock, so the import waits
 * at its next activity while the page is reloaded, looked at and cancelled. Without it, a quiet
 * machine imported the rest during the screenshots and Cancel found an import that had ended.
 */
describe.skipIf(!hasChromium)('archive import progress in the browser', () => {
  const session = useKairoInBrowser([{ status: 401, path: '/api/auth/user' }]);
  let page: Page;
  let held: HeldAccountLock | undefined;
  beforeAll(() => {
    ({ page } = session);
  });
  // A test that failed while holding the lock lets it go before the server and its database close.
  afterAll(() => held?.release());
  const main = () => page.getByRole('main');

  it('shows the bar in the dialog, again on Home after a reload, and cancels from the keyboard', async () => {
    const archive = await stravaExportWith(ACTIVITIES);
    await signUpInBrowser(page, session.at, { firstName: 'Lotte', lastName: 'Kopecky', email: uniqueEmail('e2e-progress') });
    await page.getByRole('button', { name: 'or import your own files' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import activities' });
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'export_lotte.zip', mimeType: 'application/zip', buffer: archive });

    const dialogBar = dialog.getByRole('progressbar', { name: 'Importing export_lotte.zip' });
    await expect.poll(async () => Number((await dialogBar.getAttribute('aria-valuenow')) ?? 0), { timeout: 30_000 }).toBeGreaterThan(0);
    await dialog.getByText(/^Importing \d[\d,]* of 1000: \d+ imported.*\. (About .* left|Less than a minute left)$/).waitFor();
    await shootDesktopAndPhone(page, 'import-progress-dialog');

    // The import now waits at its next activity until the lock is let go (on PGlite, which has one
    // connection for all, it runs on: the import is long enough for a quick look).
    if (session.server.database.url !== undefined) {
      const { id: accountId } = (await (await page.request.get(session.at('/api/auth/user'))).json()) as { id: string };
      held = await holdAccountLock(session.server.database, 'activityWrites', accountId);
      await waitFor(() => held!.waiting(), (waiting) => waiting >= 1);
    }

    // A reload loses the dialog, not the import: Home shows it from the server.
    await page.reload();
    const card = main().getByRole('region', { name: 'Importing your archive' });
    await card.waitFor();
    const homeBar = card.getByRole('progressbar', { name: 'Importing export_lotte.zip' });
    const before = Number(await homeBar.getAttribute('aria-valuenow'));
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(100);
    await shootDesktopAndPhone(page, 'import-progress-home');
    expect(await seriousAxeFindings(page), 'import progress on Home').toEqual([]);

    await card.getByRole('button', { name: 'Cancel importing export_lotte.zip' }).focus();
    const cancelled = toastOn(page, 'Import cancelled').waitFor();
    await page.keyboard.press('Enter');
    try {
      await cancelled;
    } finally {
      await held?.release();
    }
    await card.waitFor({ state: 'detached' });

    await waitForJobs(session.server);
    const [status] = (await (await page.request.get(session.at('/api/imports'))).json()) as ImportStatus[];
    expect(status).toMatchObject({ fileName: 'export_lotte.zip', status: 'cancelled' });
    expect(status!.imported).toBeGreaterThan(0);
    expect(status!.imported).toBeLessThan(ACTIVITIES);
    // What came in stays: the list Home shows holds them (its first page).
    const listed = (await (await page.request.get(session.at('/api/activities?limit=200'))).json()) as unknown[];
    expect(listed.length).toBe(Math.min(200, status!.imported));
  }, 180_000);
});
