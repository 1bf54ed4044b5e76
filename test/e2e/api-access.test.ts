import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail, type TestKairo } from '../support/kairo.ts';
import { powerRide } from '../support/recordings.ts';
import { signUpInBrowser } from './support/accounts.ts';
import { hasChromium, shootDesktopAndPhone } from './support/browser.ts';
import { useKairoInBrowser } from './support/kairo-in-browser.ts';

/**
 * Settings → API access in a real browser (issue 31, ADR 0074): reached from the account panel with
 * the keyboard, a token made in the dialog is shown once and copied, works from a script (this
 * test's own fetch), and stops working once revoked from the list.
 */
describe.skipIf(!hasChromium)('personal access tokens in the browser', () => {
  const session = useKairoInBrowser([{ status: 401, path: '/api/auth/user' }]);
  let server: TestKairo;
  let page: Page;
  let token = '';
  beforeAll(() => {
    ({ server, page } = session);
  });
  const createDialog = () => page.getByRole('dialog', { name: 'New API token' });
  const shownDialog = () => page.getByRole('dialog', { name: 'Your new token' });
  const call = (method: string, path: string, body?: unknown) =>
    fetch(new URL(path, server.url), {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('opens API access from the account panel with the keyboard', async () => {
    await signUpInBrowser(page, session.at, { firstName: 'Ada', lastName: 'Script', email: uniqueEmail('e2e-tokens') });
    await page.getByRole('button', { name: 'or import your own files' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import activities' });
    await importDialog.locator('input[type="file"]').setInputFiles({ name: 'ride.fit', mimeType: 'application/octet-stream', buffer: powerRide().bytes });
    await importDialog.getByText(/^Imported: /).waitFor();
    await page.keyboard.press('Escape');

    await session.sidebar().getByRole('link', { name: 'API access' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'API access', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings/api');
    await page.getByText('No tokens yet.').waitFor();
    await shootDesktopAndPhone(page, 'api-access-empty');
  });

  it('makes a token: a missing name is said under the field, then the token is shown once and copied', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.getByRole('button', { name: 'New token' }).click();
    await createDialog().waitFor();
    await createDialog().getByRole('button', { name: 'Create token' }).click();
    await createDialog().getByText('Give the token a name').waitFor();
    expect(await createDialog().getByLabel('Name').getAttribute('aria-invalid')).toBe('true');

    await createDialog().getByLabel('Name').fill('Wellness sync');
    await createDialog().getByRole('checkbox', { name: /write:wellness/ }).check();
    await createDialog().getByLabel('Expires').selectOption({ label: '30 days' });
    await shootDesktopAndPhone(page, 'api-access-create');
    await createDialog().getByLabel('Name').press('Enter');

    await shownDialog().waitFor();
    token = await shownDialog().getByTestId('new-api-token').inputValue();
    expect(token).toMatch(/^kairo_pat_[A-Za-z0-9_-]{43}$/);
    await shownDialog().getByRole('button', { name: 'Copy' }).click();
    await shownDialog().getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await shootDesktopAndPhone(page, 'api-access-token-shown');
    await shownDialog().getByRole('button', { name: 'Done' }).click();
    await shownDialog().waitFor({ state: 'hidden' });

    const row = page.getByRole('listitem').filter({ hasText: 'Wellness sync' });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('read');
    expect(text).toContain('write:wellness');
    expect(text).not.toContain(token);
    expect(text).toContain(token.slice(0, 14));
    // Shown once: the page, reloaded, never has it again.
    await page.reload();
    await page.getByRole('listitem').filter({ hasText: 'Wellness sync' }).waitFor();
    expect(await page.content()).not.toContain(token);
  });

  it('the token reads and writes from a script within its scopes, and the list shows its last use', async () => {
    const activities = await call('GET', '/api/activities');
    expect(activities.status).toBe(200);
    expect((await activities.json()) as unknown[]).toHaveLength(1);
    expect((await call('PUT', '/api/wellness/2026-01-10', { sleepHours: 8 })).status).toBe(200);
    const refused = await call('POST', '/api/training-plans', {});
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toContain('"write:plans"');

    await page.reload();
    const row = page.getByRole('listitem').filter({ hasText: 'Wellness sync' });
    await row.waitFor();
    expect(await row.innerText()).not.toMatch(/Last used\s*Never/);
    await shootDesktopAndPhone(page, 'api-access-list');
  });

  it('revokes the token after asking, and it stops working', async () => {
    await page.getByRole('button', { name: 'Revoke Wellness sync' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke “Wellness sync”?' });
    await confirm.waitFor();
    await shootDesktopAndPhone(page, 'api-access-revoke');
    await confirm.getByRole('button', { name: 'Revoke token' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByText('No tokens yet.').waitFor();
    expect((await call('GET', '/api/activities')).status).toBe(401);
  });
});
