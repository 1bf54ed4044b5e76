import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/kairo.ts';
import { powerRide } from '../support/recordings.ts';
import { readZip } from '../support/zip-files.ts';
import { signUpInBrowser } from './support/accounts.ts';
import { hasChromium, shootDesktopAndPhone } from './support/browser.ts';
import { useKairoInBrowser } from './support/kairo-in-browser.ts';

/**
 * "Download my data" in a real browser (issue 31, ADR 0078): from the account panel, prepared in
 * the background with its progress, then downloaded once through the link: the zip holds the
 * uploaded file as it was, and the dialog then says the link was used.
 */
describe.skipIf(!hasChromium)('downloading my data in the browser', () => {
  const session = useKairoInBrowser([{ status: 401, path: '/api/auth/user' }]);
  let page: Page;
  beforeAll(() => {
    ({ page } = session);
  });
  const dialog = () => page.getByRole('dialog', { name: 'Download my data' });

  it('prepares the export, downloads the zip once and says the link is used', async () => {
    await signUpInBrowser(page, session.at, { firstName: 'Ines', lastName: 'Export', email: uniqueEmail('e2e-export') });
    await page.getByRole('button', { name: 'or import your own files' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import activities' });
    await importDialog.locator('input[type="file"]').setInputFiles({ name: 'ride.fit', mimeType: 'application/octet-stream', buffer: powerRide().bytes });
    await importDialog.getByText(/^Imported: /).waitFor();
    await page.keyboard.press('Escape');

    await session.sidebar().getByRole('button', { name: 'Download my data' }).click();
    await dialog().getByRole('button', { name: 'Prepare my data' }).waitFor();
    await shootDesktopAndPhone(page, 'data-export-dialog');
    await dialog().getByRole('button', { name: 'Prepare my data' }).click();
    const link = dialog().getByRole('link', { name: /Download the zip/ });
    await link.waitFor({ timeout: 30_000 });
    expect(await dialog().innerText()).toMatch(/The link works once, until/);
    await shootDesktopAndPhone(page, 'data-export-ready');

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const files = await readZip(Buffer.from(await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks))));
    const original = [...files.keys()].find((name) => name.endsWith('/original/ride.fit'));
    expect(original).toBeDefined();
    expect(Buffer.compare(files.get(original!)!, Buffer.from(powerRide().bytes))).toBe(0);
    expect(files.has('README.txt')).toBe(true);
    await dialog().getByText(/This export was downloaded/).waitFor();
    await dialog().getByRole('button', { name: 'Prepare a new export' }).waitFor();
  }, 120_000);
});
