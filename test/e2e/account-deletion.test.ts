import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail, type TestKairo } from '../support/kairo.ts';
import { powerRide } from '../support/recordings.ts';
import { E2E_PASSWORD, signUpInBrowser } from './support/accounts.ts';
import { hasChromium, shootDesktopAndPhone } from './support/browser.ts';
import { useKairoInBrowser } from './support/kairo-in-browser.ts';

/**
 * 'Delete my account' in a real browser (issue 31, ADR 0075): the dialog says what goes, a wrong
 * password is refused where the athlete typed it and deletes nothing, the right one (typed and
 * sent from the keyboard) deletes the account and lands the signed-out browser on the landing
 * page with a notice.
 */
describe.skipIf(!hasChromium)('deleting an account in the browser', () => {
  const session = useKairoInBrowser([
    { status: 401, path: '/api/auth/user' },
    { status: 403, path: '/api/account/deletion' },
  ]);
  let server: TestKairo;
  let page: Page;
  beforeAll(() => {
    ({ server, page } = session);
  });
  const email = uniqueEmail('e2e-delete');
  const dialog = () => page.getByRole('dialog', { name: 'Delete your account?' });
  const accountRows = async () => (await server.database.handle.query('select id from accounts where email = $1', [email])).length;

  it('opens the dialog from the account panel with the keyboard, saying what goes', async () => {
    await signUpInBrowser(page, session.at, { firstName: 'Ida', lastName: 'Leaving', email });
    await page.getByRole('button', { name: 'or import your own files' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import activities' });
    await importDialog.locator('input[type="file"]').setInputFiles({ name: 'ride.fit', mimeType: 'application/octet-stream', buffer: powerRide().bytes });
    await importDialog.getByText(/^Imported: /).waitFor();
    await page.keyboard.press('Escape');

    await shootDesktopAndPhone(page, 'account-deletion-entry');
    await session.sidebar().getByRole('button', { name: 'Delete my account' }).focus();
    await page.keyboard.press('Enter');
    await dialog().waitFor();
    const text = await dialog().innerText();
    expect(text).toContain('Your activities, uploaded files, their analyses');
    expect(text).toContain('Your sign-in on every device');
    await dialog().getByLabel('Your password').waitFor();
    await shootDesktopAndPhone(page, 'account-deletion-dialog');
  });

  it('refuses a wrong password under the field and deletes nothing', async () => {
    await dialog().getByLabel('Your password').fill('not my password');
    await dialog().getByRole('button', { name: 'Delete my account' }).click();
    const error = dialog().getByText('That password is not right. Nothing was deleted.');
    await error.waitFor();
    expect(await dialog().getByLabel('Your password').getAttribute('aria-invalid')).toBe('true');
    // The focus is back in the field, so the refusal is read out with it.
    expect(await dialog().getByLabel('Your password').evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await accountRows()).toBe(1);
    await shootDesktopAndPhone(page, 'account-deletion-wrong-password');
  });

  it('deletes the account with the right password and lands on the landing page with a notice', async () => {
    const field = dialog().getByLabel('Your password');
    await field.fill(E2E_PASSWORD);
    await field.press('Enter');
    await page.getByRole('heading', { name: 'No more guesswork in your training.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByText('Your account has been deleted', { exact: true }).first().waitFor();
    // While the notice shows (a toast of 5 s).
    await shootDesktopAndPhone(page, 'account-deletion-done');
    expect(await page.getByText(`A confirmation is on its way to ${email}.`).first().isVisible()).toBe(true);
    expect(await accountRows()).toBe(0);
    expect((await page.context().cookies()).filter((cookie) => cookie.name.includes('kairo_session'))).toEqual([]);
    await server.mail.waitFor((message) => message.to === email && message.subject === 'Your Kairo account has been deleted');

    // A reload stays signed out.
    await page.reload();
    await page.getByRole('heading', { name: 'No more guesswork in your training.' }).waitFor();
  });

  it('deletes an account that signs in with Google by its typed address, right after a Google sign-in', async () => {
    const googleEmail = uniqueEmail('e2e-google-delete');
    await page.goto(session.at('/api/auth/google'));
    await page.getByRole('textbox', { name: 'E-mail' }).fill(googleEmail);
    await page.getByLabel('First name').fill('Gil');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'or import your own files' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import activities' });
    await importDialog.locator('input[type="file"]').setInputFiles({ name: 'ride.fit', mimeType: 'application/octet-stream', buffer: powerRide().bytes });
    await importDialog.getByText(/^Imported: /).waitFor();
    await page.keyboard.press('Escape');

    await session.sidebar().getByRole('button', { name: 'Delete my account' }).click();
    const field = dialog().getByLabel('Type your e-mail address to confirm');
    await field.fill(googleEmail.toUpperCase());
    await field.press('Enter');
    await page.getByText(`A confirmation is on its way to ${googleEmail}.`).first().waitFor();
    expect((await server.database.handle.query('select id from accounts where email = $1', [googleEmail])).length).toBe(0);
  });
});
